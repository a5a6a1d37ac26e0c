// Issue 4 "Tests that show it" (server): registration and sign-in with a software authenticator making real ES256
// signatures, the wire shapes of wire-format.md §4.9, default names, rename, delete, and bad input. Every database
// kind of testDatabaseKinds().
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, userEmails, webauthnChallenges, webauthnRegistrations } from '../../infra/db/schema';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createTestClock } from '../sessions/test-fixtures';
import { WEBAUTHN_ROUTES } from './routes';
import { REGISTRATION_NOT_FOUND_MESSAGE } from './service';
import { SoftwareAuthenticator } from './test-authenticator';
import {
  authenticate,
  call,
  DOMAIN,
  dataOf,
  expectError,
  finishAuthentication,
  ORIGIN,
  register,
  registered,
  signedInUser,
  startAuthentication,
  startRegistration,
} from './test-helpers';

const GOOGLE_PASSWORD_MANAGER = 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4';

interface AuthData {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: { session_id: string; authentication_factors: Record<string, unknown>[] };
  user: { webauthn_registrations: { webauthn_registration_id: string; name: string; domain: string }[] };
  __user: { webauthn_registrations: { webauthn_registration_id: string; name: string }[] };
  webauthn_registration_id: string;
}

describe.each(testDatabaseKinds())('passkeys on %s', (kind) => {
  const clock = createTestClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock.set('2030-01-01T00:00:00.000Z');
  });

  async function counts() {
    const [r] = await t.ctx.db.select({ n: count() }).from(webauthnRegistrations);
    const [s] = await t.ctx.db.select({ n: count() }).from(sessions);
    const [c] = await t.ctx.db.select({ n: count() }).from(webauthnChallenges);
    return { registrations: r?.n, sessions: s?.n, challenges: c?.n };
  }

  describe('POST /webauthn/register/start', () => {
    it('answers creation options as a JSON string with base64url binary fields (wire-format.md §4.9)', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const response = await call(
        t,
        'POST',
        WEBAUTHN_ROUTES.registerStart,
        { domain: DOMAIN, return_passkey_credential_options: true, user_agent: 'UA' },
        ada.sessionToken,
      );
      const data = dataOf<{ user_id: string; public_key_credential_creation_options: unknown }>(response);
      expect(data.user_id).toBe(ada.userId);
      expect(typeof data.public_key_credential_creation_options).toBe('string');
      const options = JSON.parse(data.public_key_credential_creation_options as string);
      expect(options).toMatchObject({
        rp: { id: DOMAIN, name: 'Test project' },
        user: { id: Buffer.from(ada.userId).toString('base64url'), name: 'ada@example.com' },
        timeout: 300_000,
        attestation: 'none',
        excludeCredentials: [],
        // Passkeys: discoverable and user-verifying.
        authenticatorSelection: {
          residentKey: 'required',
          requireResidentKey: true,
          userVerification: 'required',
        },
      });
      expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-7, -8, -257]);
      // WebAuthn L3 §13.4.3: at least 16 random bytes (we send 32), base64url without padding.
      expect(options.challenge).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(options.challenge, 'base64url').length).toBe(32);
      // Stored hashed, never in clear.
      const [row] = await t.ctx.db.select().from(webauthnChallenges);
      expect(Buffer.from(row!.challengeHash).toString('base64url')).not.toBe(options.challenge);
      expect(row).toMatchObject({
        ceremony: 'registration',
        userId: ada.userId,
        rpId: DOMAIN,
        isPasskey: true,
      });
    });

    it('without is_passkey asks for a non-discoverable credential with preferred verification', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const options = await startRegistration(t, ada.sessionToken, {
        return_passkey_credential_options: undefined,
        authenticator_type: 'cross-platform',
      });
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: 'discouraged',
        userVerification: 'preferred',
        authenticatorAttachment: 'cross-platform',
      });
    });

    it('lists the user’s existing credentials in excludeCredentials', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const authenticator = new SoftwareAuthenticator();
      const first = await registered(t, authenticator, ada);
      const options = await startRegistration(t, first.sessionToken);
      expect(options.excludeCredentials).toEqual([
        {
          id: Buffer.from(first.credential.id).toString('base64url'),
          type: 'public-key',
          transports: ['internal', 'hybrid'],
        },
      ]);
      // The authenticator refuses (InvalidStateError), as a browser does, before anything reaches the server.
      expect(() => authenticator.create(options, ORIGIN)).toThrow(
        expect.objectContaining({ name: 'InvalidStateError' }),
      );
    });

    it('refuses a domain that is not an allowed origin’s host: 400 invalid_webauthn_domain, nothing stored', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      for (const domain of ['evil.test', 'localhost.evil.test', 'host', '127.0.0.1', '.localhost']) {
        const response = await call(
          t,
          'POST',
          WEBAUTHN_ROUTES.registerStart,
          { domain, return_passkey_credential_options: true, user_agent: 'UA' },
          ada.sessionToken,
        );
        expectError(response, 400, 'invalid_webauthn_domain');
      }
      expect((await counts()).challenges).toBe(0);
    });

    it('answers bad bodies with a 400 schema error', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      for (const body of [
        {},
        { domain: 42 },
        { domain: DOMAIN, authenticator_type: 'phone' },
        { domain: DOMAIN, return_passkey_credential_options: 'yes' },
        { domain: 'x'.repeat(300) },
      ]) {
        const response = await call(t, 'POST', WEBAUTHN_ROUTES.registerStart, body, ada.sessionToken);
        expect(response.statusCode).toBe(400);
      }
      expect((await counts()).challenges).toBe(0);
    });
  });

  describe('POST /webauthn/register', () => {
    it('stores the credential and adds a webauthn_registration factor to the session', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const authenticator = new SoftwareAuthenticator({ aaguid: GOOGLE_PASSWORD_MANAGER });
      const { response, credential } = await register(t, authenticator, ada.sessionToken);
      const data = dataOf<AuthData>(response);
      expect(data.user_id).toBe(ada.userId);
      expect(data.session_token).not.toBe(ada.sessionToken);
      expect(typeof data.session_jwt).toBe('string');
      const registrationId = data.webauthn_registration_id;
      expect(registrationId).toMatch(/^webauthn-registration-test-/);
      // wire-format.md §4.1: the user (and __user, which the SDK reads for this call) lists the registration.
      expect(data.__user.webauthn_registrations).toEqual([
        expect.objectContaining({
          webauthn_registration_id: registrationId,
          name: 'Google Password Manager',
        }),
      ]);
      expect(data.user).toEqual(data.__user);
      const factors = data.session.authentication_factors;
      expect(factors).toHaveLength(2);
      expect(factors[1]).toMatchObject({
        type: 'webauthn',
        delivery_method: 'webauthn_registration',
        webauthn_factor: {
          webauthn_registration_id: registrationId,
          domain: DOMAIN,
          user_agent: expect.stringContaining('Chrome'),
        },
      });
      const [row] = await t.ctx.db.select().from(webauthnRegistrations);
      expect(row).toMatchObject({
        id: registrationId,
        userId: ada.userId,
        credentialId: Buffer.from(credential.id).toString('base64url'),
        signCount: 0,
        transports: ['internal', 'hybrid'],
        domain: DOMAIN,
        aaguid: GOOGLE_PASSWORD_MANAGER,
        isPasskey: true,
        backedUp: true,
        authenticatorType: 'platform',
      });
    });

    it('names a registration from the user agent when the AAGUID is unknown', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const { registrationId } = await registered(t, new SoftwareAuthenticator(), ada);
      const [row] = await t.ctx.db
        .select()
        .from(webauthnRegistrations)
        .where(eq(webauthnRegistrations.id, registrationId));
      expect(row?.name).toBe('Chrome on macOS');
    });

    it('consumes the challenge: the same answer twice registers once', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const options = await startRegistration(t, ada.sessionToken);
      const created = new SoftwareAuthenticator().create(options, ORIGIN);
      const body = { public_key_credential: JSON.stringify(created.response) };
      const first = dataOf<AuthData>(await call(t, 'POST', WEBAUTHN_ROUTES.register, body, ada.sessionToken));
      // The session token rotated (SS-01); the new one is used for the replay.
      const again = await call(t, 'POST', WEBAUTHN_ROUTES.register, body, first.session_token);
      expectError(again, 400, 'invalid_public_key_credential');
      expect((await counts()).registrations).toBe(1);
    });

    it('answers a malformed credential with 400 invalid_public_key_credential and changes nothing', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      await startRegistration(t, ada.sessionToken);
      const before = await counts();
      for (const credential of [
        'not json',
        '[]',
        '{}',
        JSON.stringify({ id: 'a', rawId: 'b', type: 'public-key', response: {} }),
        JSON.stringify({
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          response: { clientDataJSON: 'e30', attestationObject: 'AA' },
        }),
        JSON.stringify({
          id: 'AA',
          rawId: 'AA',
          type: 'public-key',
          response: { clientDataJSON: '!!', attestationObject: 'AA' },
        }),
      ]) {
        const response = await call(
          t,
          'POST',
          WEBAUTHN_ROUTES.register,
          { public_key_credential: credential },
          ada.sessionToken,
        );
        expectError(response, 400, 'invalid_public_key_credential');
      }
      for (const body of [
        {},
        { public_key_credential: 7 },
        { public_key_credential: '{}', session_duration_minutes: '5' },
      ]) {
        expect((await call(t, 'POST', WEBAUTHN_ROUTES.register, body, ada.sessionToken)).statusCode).toBe(
          400,
        );
      }
      expect(await counts()).toEqual(before);
    });
  });

  describe('POST /webauthn/authenticate/start/{primary,secondary} and /webauthn/authenticate', () => {
    it('primary asks for a discoverable credential: empty allowCredentials, user verification required', async () => {
      const options = await startAuthentication(t, 'primary');
      expect(options).toMatchObject({
        rpId: DOMAIN,
        allowCredentials: [],
        userVerification: 'required',
        timeout: 300_000,
      });
      expect(Buffer.from(options.challenge, 'base64url').length).toBe(32);
      const [row] = await t.ctx.db.select().from(webauthnChallenges);
      expect(row).toMatchObject({ ceremony: 'authentication_primary', userId: null, isPasskey: true });
    });

    it('signs in with a passkey: a new session with the webauthn factor, counter stored', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const authenticator = new SoftwareAuthenticator();
      const { registrationId } = await registered(t, authenticator, ada);
      const response = await authenticate(t, authenticator);
      const data = dataOf<AuthData>(response);
      expect(data.user_id).toBe(ada.userId);
      expect(data.webauthn_registration_id).toBe(registrationId);
      expect(data.session.authentication_factors).toEqual([
        expect.objectContaining({
          type: 'webauthn',
          delivery_method: 'webauthn_registration',
          webauthn_factor: expect.objectContaining({
            webauthn_registration_id: registrationId,
            domain: DOMAIN,
          }),
        }),
      ]);
      expect(data.__user.webauthn_registrations).toHaveLength(1);
      const [row] = await t.ctx.db.select().from(webauthnRegistrations);
      expect(row?.signCount).toBe(1);
      expect(row?.lastUsedAt).toEqual(clock.now());
      // And again: the counter moves on.
      expect((await authenticate(t, authenticator)).statusCode).toBe(200);
      const [after] = await t.ctx.db.select().from(webauthnRegistrations);
      expect(after?.signCount).toBe(2);
    });

    it('secondary lists the user’s credentials and adds the factor to the existing session', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const authenticator = new SoftwareAuthenticator();
      const { sessionToken, credential } = await registered(t, authenticator, ada);
      const options = await startAuthentication(t, 'secondary', { sessionToken });
      expect(options.allowCredentials).toEqual([
        {
          id: Buffer.from(credential.id).toString('base64url'),
          type: 'public-key',
          transports: ['internal', 'hybrid'],
        },
      ]);
      const { response } = authenticator.get(options, ORIGIN);
      const data = dataOf<AuthData>(await finishAuthentication(t, response, sessionToken));
      const [first] = await t.ctx.db.select().from(sessions);
      expect(data.session.session_id).toBe(first?.id);
      expect((await counts()).sessions).toBe(1);
      expect(data.session.authentication_factors.map((factor) => factor.type)).toEqual([
        'magic_link',
        'webauthn',
      ]);
    });

    it('secondary needs a session (401) and a registered credential (404)', async () => {
      const anonymous = await call(t, 'POST', WEBAUTHN_ROUTES.authenticateStartSecondary, { domain: DOMAIN });
      expectError(anonymous, 401, 'unauthorized_credentials');
      const ada = await signedInUser(t, 'ada@example.com');
      const none = await call(
        t,
        'POST',
        WEBAUTHN_ROUTES.authenticateStartSecondary,
        { domain: DOMAIN },
        ada.sessionToken,
      );
      expectError(none, 404, 'webauthn_registration_not_found');
    });

    it('refuses a domain that is not allowed and bad bodies', async () => {
      expectError(
        await call(t, 'POST', WEBAUTHN_ROUTES.authenticateStartPrimary, { domain: 'evil.test' }),
        400,
        'invalid_webauthn_domain',
      );
      for (const body of [{}, { domain: null }, { domain: DOMAIN, return_passkey_credential_options: 1 }]) {
        expect((await call(t, 'POST', WEBAUTHN_ROUTES.authenticateStartPrimary, body)).statusCode).toBe(400);
      }
      for (const body of [
        {},
        { public_key_credential: 'x'.repeat(70_000) },
        { public_key_credential: '{}', session_duration_minutes: 'soon' },
      ]) {
        expect((await call(t, 'POST', WEBAUTHN_ROUTES.authenticate, body)).statusCode).toBe(400);
      }
      expectError(
        await call(t, 'POST', WEBAUTHN_ROUTES.authenticate, {
          public_key_credential: '{"',
          session_duration_minutes: 30,
        }),
        400,
        'invalid_public_key_credential',
      );
      expect((await counts()).challenges).toBe(0);
    });

    it('an invalid session duration is refused before the challenge is spent', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const authenticator = new SoftwareAuthenticator();
      await registered(t, authenticator, ada);
      const options = await startAuthentication(t, 'primary');
      const { response } = authenticator.get(options, ORIGIN);
      const bad = await call(t, 'POST', WEBAUTHN_ROUTES.authenticate, {
        public_key_credential: JSON.stringify(response),
        session_duration_minutes: 1,
      });
      expectError(bad, 400, 'invalid_session_duration');
      expect((await finishAuthentication(t, response)).statusCode).toBe(200);
    });
  });

  describe('PUT /webauthn/update/{id} and DELETE /users/webauthn_registrations/{id}', () => {
    it('renames the user’s own registration', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const { sessionToken, registrationId } = await registered(t, new SoftwareAuthenticator(), ada);
      const response = await call(
        t,
        'PUT',
        WEBAUTHN_ROUTES.update(registrationId),
        { name: '  Work laptop ' },
        sessionToken,
      );
      expect(dataOf(response)).toMatchObject({
        webauthn_registration: {
          webauthn_registration_id: registrationId,
          name: 'Work laptop',
          domain: DOMAIN,
          authenticator_type: 'platform',
          verified: true,
          user_agent: expect.stringContaining('Chrome'),
        },
      });
      const me = dataOf<{ webauthn_registrations: { name: string }[] }>(await sdkGet(sessionToken));
      expect(me.webauthn_registrations.map((r) => r.name)).toEqual(['Work laptop']);
    });

    it('validates the name: 1 to 64 characters with one visible character', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const { sessionToken, registrationId } = await registered(t, new SoftwareAuthenticator(), ada);
      for (const name of ['', '   ', 'x'.repeat(65), 42, null, 'nul\u0000byte']) {
        const response = await call(t, 'PUT', WEBAUTHN_ROUTES.update(registrationId), { name }, sessionToken);
        expect(response.statusCode).toBe(400);
      }
      expect(
        (await call(t, 'PUT', WEBAUTHN_ROUTES.update(registrationId), { name: 'x'.repeat(64) }, sessionToken))
          .statusCode,
      ).toBe(200);
    });

    it('cannot rename another user’s registration, an unknown one, or without a session', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const { registrationId } = await registered(t, new SoftwareAuthenticator(), ada);
      const bob = await signedInUser(t, 'bob@example.com');
      expectError(
        await call(t, 'PUT', WEBAUTHN_ROUTES.update(registrationId), { name: 'mine now' }, bob.sessionToken),
        404,
        'webauthn_registration_not_found',
      );
      expectError(
        await call(
          t,
          'PUT',
          WEBAUTHN_ROUTES.update('webauthn-registration-test-nope'),
          { name: 'x' },
          bob.sessionToken,
        ),
        404,
        'webauthn_registration_not_found',
      );
      expectError(
        await call(t, 'PUT', WEBAUTHN_ROUTES.update(registrationId), { name: 'x' }),
        401,
        'unauthorized_credentials',
      );
      const [row] = await t.ctx.db.select().from(webauthnRegistrations);
      expect(row?.name).toBe('Chrome on macOS');
    });

    it('refuses to delete the last way to sign in (a passkey, the e-mail unproven) with last_authentication_factor', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      // The fixture's user proved their address; this one has not.
      await t.ctx.db.update(userEmails).set({ verified: false });
      const { sessionToken, registrationId } = await registered(t, new SoftwareAuthenticator(), ada);
      const refused = await call(
        t,
        'DELETE',
        `/users/webauthn_registrations/${registrationId}`,
        undefined,
        sessionToken,
      );
      expectError(refused, 409, 'last_authentication_factor');
      expect((await counts()).registrations).toBe(1);
    });

    it('a deleted registration is gone; signing in with it answers webauthn_registration_not_found (SPEC §8)', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const authenticator = new SoftwareAuthenticator();
      const { sessionToken, registrationId } = await registered(t, authenticator, ada);
      // Ada proved her address too, so the passkey is not her last way to sign in (issue 13 item 3).
      await t.ctx.db.update(userEmails).set({ verified: true });
      const deleted = await call(
        t,
        'DELETE',
        `/users/webauthn_registrations/${registrationId}`,
        undefined,
        sessionToken,
      );
      expect(
        dataOf<{ __user: { webauthn_registrations: unknown[] } }>(deleted).__user.webauthn_registrations,
      ).toEqual([]);
      expect((await counts()).registrations).toBe(0);
      const response = await authenticate(t, authenticator);
      expectError(response, 404, 'webauthn_registration_not_found');
      expect(response.json().error_message).toBe(REGISTRATION_NOT_FOUND_MESSAGE);
    });
  });

  function sdkGet(sessionToken: string) {
    return t.app.inject({
      method: 'GET',
      url: '/sdk/v1/users/me',
      headers: {
        authorization: `Basic ${Buffer.from(`${t.publicToken}:${sessionToken}`).toString('base64')}`,
      },
    });
  }
});
