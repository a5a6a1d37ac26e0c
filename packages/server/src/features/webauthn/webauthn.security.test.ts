// security-tests.md Part 4 and WA-01…WA-08: one test per relying-party check, each with a response that is validly
// signed by the software authenticator but wrong in exactly that one way (a control in each group shows the same
// construction passes when nothing is wrong). Every database kind of testDatabaseKinds().
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatehouseApp } from '../../app';
import { sessions, webauthnChallenges, webauthnRegistrations } from '../../infra/db/schema';
import { basicAuth, createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createTestClock } from '../sessions/test-fixtures';
import { WEBAUTHN_ROUTES } from './routes';
import {
  DUPLICATE_REGISTRATION_MESSAGE,
  REGISTRATION_NOT_FOUND_MESSAGE,
  UNABLE_TO_AUTH_MESSAGE,
} from './service';
import { type AssertOverrides, type CreateOverrides, SoftwareAuthenticator } from './test-authenticator';
import {
  authenticate,
  call,
  DOMAIN,
  dataOf,
  expectError,
  finishAuthentication,
  finishRegistration,
  ORIGIN,
  register,
  registered,
  type SignedIn,
  signedInUser,
  startAuthentication,
  startRegistration,
} from './test-helpers';

describe.each(testDatabaseKinds())('passkey relying-party checks on %s', (kind) => {
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
    return { registrations: r?.n, sessions: s?.n };
  }

  describe('registration (WebAuthn L3 §7.1)', () => {
    let ada: SignedIn;
    beforeEach(async () => {
      ada = await signedInUser(t, 'ada@example.com');
    });

    async function refusedRegistration(overrides: CreateOverrides, options: { origin?: string } = {}) {
      const before = await counts();
      const { response } = await register(t, new SoftwareAuthenticator(), ada.sessionToken, {
        overrides,
        ...options,
      });
      expectError(response, 400, 'invalid_public_key_credential');
      expect(await counts()).toEqual(before);
      return response;
    }

    it('control: the unaltered response registers', async () => {
      const { response } = await register(t, new SoftwareAuthenticator(), ada.sessionToken);
      expect(response.statusCode).toBe(200);
    });

    it('needs a signed-in user: register/start and register without a session are 401', async () => {
      expectError(
        await call(t, 'POST', WEBAUTHN_ROUTES.registerStart, { domain: DOMAIN, user_agent: 'UA' }),
        401,
        'unauthorized_credentials',
      );
      const options = await startRegistration(t, ada.sessionToken);
      const created = new SoftwareAuthenticator().create(options, ORIGIN);
      expectError(
        await call(t, 'POST', WEBAUTHN_ROUTES.register, {
          public_key_credential: JSON.stringify(created.response),
        }),
        401,
        'unauthorized_credentials',
      );
      expect((await counts()).registrations).toBe(0);
    });

    it('WA-01: a challenge the server never issued is refused', async () => {
      await refusedRegistration({ clientData: { challenge: randomBytes(32).toString('base64url') } });
    });

    it('WA-01: an expired challenge (after 5 minutes) is refused', async () => {
      const options = await startRegistration(t, ada.sessionToken);
      const created = new SoftwareAuthenticator().create(options, ORIGIN);
      clock.advance(300_000);
      expectError(
        await finishRegistration(t, ada.sessionToken, created.response),
        400,
        'invalid_public_key_credential',
      );
      expect((await counts()).registrations).toBe(0);
    });

    it('WA-01: a challenge made for another user is refused', async () => {
      const bob = await signedInUser(t, 'bob@example.com');
      const options = await startRegistration(t, bob.sessionToken);
      const created = new SoftwareAuthenticator().create(options, ORIGIN);
      expectError(
        await finishRegistration(t, ada.sessionToken, created.response),
        400,
        'invalid_public_key_credential',
      );
      // The challenge was not spent by the refused attempt: its own user can still finish.
      expect((await finishRegistration(t, bob.sessionToken, created.response)).statusCode).toBe(200);
    });

    it('WA-01: a sign-in challenge cannot answer a registration', async () => {
      const request = await startAuthentication(t, 'primary');
      await refusedRegistration({ clientData: { challenge: request.challenge } });
    });

    it('C.type must be webauthn.create', async () => {
      await refusedRegistration({ clientData: { type: 'webauthn.get' } });
    });

    it('WA-02: an origin that is not allowed is refused', async () => {
      for (const origin of ['https://evil.test', 'http://localhost:3001', 'https://localhost:3000']) {
        await refusedRegistration({}, { origin });
      }
    });

    it('WA-02: crossOrigin true or a topOrigin is refused', async () => {
      await refusedRegistration({ clientData: { crossOrigin: true } });
      await refusedRegistration({ clientData: { topOrigin: 'https://evil.test' } });
    });

    it('WA-03: an rpIdHash of another domain is refused', async () => {
      await refusedRegistration({ rpIdForHash: 'evil.test' });
    });

    it('WA-04: UP = 0 is refused', async () => {
      await refusedRegistration({ flags: { up: false } });
    });

    it('WA-04: UV = 0 is refused for a passkey, accepted for a security key (preferred)', async () => {
      await refusedRegistration({ flags: { uv: false } });
      const { response } = await register(t, new SoftwareAuthenticator(), ada.sessionToken, {
        start: { return_passkey_credential_options: false },
        overrides: { flags: { uv: false } },
      });
      expect(response.statusCode).toBe(200);
    });

    it('WA-07: BE = 0 with BS = 1 is refused', async () => {
      await refusedRegistration({ flags: { be: false, bs: true } });
    });

    it('WA-07: a key alg that was not offered is refused', async () => {
      await refusedRegistration({ alg: -36 });
    });

    it('WA-07: a credential id longer than 1023 bytes is refused', async () => {
      await refusedRegistration({ credentialId: new Uint8Array(randomBytes(1024)) });
    });

    it('WA-07: a credential id already registered (to this or another user) is 409 with SPEC §8’s text', async () => {
      const authenticator = new SoftwareAuthenticator();
      const first = await registered(t, authenticator, ada);
      // The same authenticator again, ignoring excludeCredentials as a malicious client would.
      const again = await register(t, authenticator, first.sessionToken, {
        overrides: { credentialId: first.credential.id, ignoreExclude: true },
      });
      expectError(again.response, 409, 'duplicate_webauthn_registration');
      expect(again.response.json().error_message).toBe(DUPLICATE_REGISTRATION_MESSAGE);
      const bob = await signedInUser(t, 'bob@example.com');
      const stolen = await register(t, new SoftwareAuthenticator(), bob.sessionToken, {
        overrides: { credentialId: first.credential.id },
      });
      expectError(stolen.response, 409, 'duplicate_webauthn_registration');
      expect((await counts()).registrations).toBe(1);
    });
  });

  describe('authentication (WebAuthn L3 §7.2)', () => {
    let ada: SignedIn;
    let authenticator: SoftwareAuthenticator;
    beforeEach(async () => {
      ada = await signedInUser(t, 'ada@example.com');
      authenticator = new SoftwareAuthenticator();
      ada = { ...ada, sessionToken: (await registered(t, authenticator, ada)).sessionToken };
    });

    async function refused(overrides: AssertOverrides, options: { origin?: string } = {}) {
      const before = await counts();
      const response = await authenticate(t, authenticator, { overrides, ...options });
      expectError(response, 401, 'unable_to_auth_webauthn');
      expect(response.json().error_message).toBe(UNABLE_TO_AUTH_MESSAGE);
      expect(await counts()).toEqual(before);
      return response;
    }

    it('control: the unaltered assertion signs in', async () => {
      expect((await authenticate(t, authenticator)).statusCode).toBe(200);
    });

    it('WA-01: a challenge the server never issued is refused', async () => {
      await refused({ clientData: { challenge: randomBytes(32).toString('base64url') } });
    });

    it('WA-01: a replayed assertion is refused', async () => {
      const options = await startAuthentication(t, 'primary');
      const { response } = authenticator.get(options, ORIGIN);
      expect((await finishAuthentication(t, response)).statusCode).toBe(200);
      expectError(await finishAuthentication(t, response), 401, 'unable_to_auth_webauthn');
    });

    it('WA-01: of two concurrent submissions of one assertion exactly one wins', async () => {
      const options = await startAuthentication(t, 'primary');
      const { response } = authenticator.get(options, ORIGIN);
      const answers = await Promise.all([
        finishAuthentication(t, response),
        finishAuthentication(t, response),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    });

    it('WA-01: an expired challenge is refused', async () => {
      const options = await startAuthentication(t, 'primary');
      const { response } = authenticator.get(options, ORIGIN);
      clock.advance(300_001);
      expectError(await finishAuthentication(t, response), 401, 'unable_to_auth_webauthn');
    });

    it('WA-01: a registration challenge cannot answer a sign-in', async () => {
      const creation = await startRegistration(t, ada.sessionToken);
      await refused({ clientData: { challenge: creation.challenge } });
    });

    it('C.type must be webauthn.get', async () => {
      await refused({ clientData: { type: 'webauthn.create' } });
    });

    it('WA-02: an origin that is not allowed, crossOrigin or a topOrigin is refused', async () => {
      await refused({}, { origin: 'https://evil.test' });
      await refused({}, { origin: 'http://localhost:3001' });
      await refused({ clientData: { crossOrigin: true } });
      await refused({ clientData: { topOrigin: ORIGIN } });
    });

    it('WA-03: an rpIdHash of another domain is refused', async () => {
      await refused({ rpIdForHash: 'evil.test' });
    });

    it('WA-04: UP = 0 is refused', async () => {
      await refused({ flags: { up: false } });
    });

    it('WA-04: UV = 0 is refused for a passkey', async () => {
      await refused({ flags: { uv: false } });
    });

    it('WA-05: a bogus signature is refused', async () => {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      await refused({ signingKey: privateKey });
    });

    it('WA-06: a counter that does not increase (a clone) is refused; the stored counter never decreases', async () => {
      expect((await authenticate(t, authenticator, { overrides: { counter: 5 } })).statusCode).toBe(200);
      await refused({ counter: 0 });
      await refused({ counter: 5 });
      await refused({ counter: 3 });
      const [row] = await t.ctx.db.select().from(webauthnRegistrations);
      expect(row?.signCount).toBe(5);
      expect((await authenticate(t, authenticator, { overrides: { counter: 6 } })).statusCode).toBe(200);
    });

    it('WA-06: an authenticator that always reports 0 stays usable', async () => {
      expect((await authenticate(t, authenticator, { overrides: { counter: 0 } })).statusCode).toBe(200);
      expect((await authenticate(t, authenticator, { overrides: { counter: 0 } })).statusCode).toBe(200);
    });

    it('WA-07: secondary sign-in with another user’s credential is refused', async () => {
      const bob = await signedInUser(t, 'bob@example.com');
      const bobs = new SoftwareAuthenticator();
      const bobSession = (await registered(t, bobs, bob)).sessionToken;
      // Bob's challenge (bound to Bob), answered by Ada's credential.
      const options = await startAuthentication(t, 'secondary', { sessionToken: bobSession });
      const { response } = authenticator.get(options, ORIGIN, { credential: authenticator.credentials[0] });
      expectError(await finishAuthentication(t, response, bobSession), 401, 'unable_to_auth_webauthn');
    });

    it('WA-07: a userHandle of another user, or none on a discoverable sign-in, is refused', async () => {
      await refused({ userHandle: Buffer.from('user-test-someone-else').toString('base64url') });
      await refused({ userHandle: null });
    });

    it('an unknown credential answers 404 webauthn_registration_not_found with SPEC §8’s text', async () => {
      const stranger = new SoftwareAuthenticator();
      stranger.create(await startRegistration(t, ada.sessionToken), ORIGIN);
      const response = await authenticate(t, stranger);
      expectError(response, 404, 'webauthn_registration_not_found');
      expect(response.json().error_message).toBe(REGISTRATION_NOT_FOUND_MESSAGE);
    });

    it('WA-08: another user cannot delete the registration', async () => {
      const [row] = await t.ctx.db.select().from(webauthnRegistrations);
      const bob = await signedInUser(t, 'bob@example.com');
      const response = await call(
        t,
        'DELETE',
        `/users/webauthn_registrations/${row!.id}`,
        undefined,
        bob.sessionToken,
      );
      expectError(response, 404, 'webauthn_registration_not_found');
      expect((await counts()).registrations).toBe(1);
      expect(dataOf(await authenticate(t, authenticator))).toMatchObject({ user_id: ada.userId });
    });
  });

  describe('challenge limits (issue 8: passkey challenges are limited per user and per IP)', () => {
    const start = (app: GatehouseApp, url: string, options: { sessionToken?: string; ip: string }) =>
      app.inject({
        method: 'POST',
        url: `/sdk/v1${url}`,
        remoteAddress: options.ip,
        headers: {
          authorization: basicAuth(t.publicToken, options.sessionToken ?? null),
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ domain: DOMAIN, return_passkey_credential_options: true }),
      });

    async function challengeCount(): Promise<number> {
      const [row] = await t.ctx.db.select({ n: count() }).from(webauthnChallenges);
      return row?.n ?? 0;
    }

    it('limits ceremony starts per IP: 429 with Retry-After and no challenge stored', async () => {
      const app = await t.sibling({
        rateLimits: { passkeyChallengesPerIp: { points: 3, durationSeconds: 60 } },
      });
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await start(app, WEBAUTHN_ROUTES.authenticateStartPrimary, { ip: '203.0.113.9' })).statusCode,
        ).toBe(200);
      }
      const before = await challengeCount();
      const refused = await start(app, WEBAUTHN_ROUTES.authenticateStartPrimary, { ip: '203.0.113.9' });
      expectError(refused, 429, 'too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await challengeCount()).toBe(before);
      // Another address is not affected.
      expect(
        (await start(app, WEBAUTHN_ROUTES.authenticateStartPrimary, { ip: '203.0.113.10' })).statusCode,
      ).toBe(200);
    });

    it('limits ceremony starts per user across addresses (registration and secondary sign-in)', async () => {
      const app = await t.sibling({
        rateLimits: { passkeyChallengesPerUser: { points: 2, durationSeconds: 60 } },
      });
      // Registering rotates the session token (a factor was added): keep the new one.
      const { sessionToken } = await registered(
        t,
        new SoftwareAuthenticator(),
        await signedInUser(t, 'ada@example.com'),
      );
      const asAda = (url: string, ip: string) => start(app, url, { sessionToken, ip });
      expect((await asAda(WEBAUTHN_ROUTES.registerStart, '203.0.113.1')).statusCode).toBe(200);
      expect((await asAda(WEBAUTHN_ROUTES.authenticateStartSecondary, '203.0.113.2')).statusCode).toBe(200);
      expectError(await asAda(WEBAUTHN_ROUTES.registerStart, '203.0.113.3'), 429, 'too_many_requests');
      expectError(
        await asAda(WEBAUTHN_ROUTES.authenticateStartSecondary, '203.0.113.4'),
        429,
        'too_many_requests',
      );
      // Another user is not affected.
      const bob = await signedInUser(t, 'bob@example.com');
      expect(
        (
          await start(app, WEBAUTHN_ROUTES.registerStart, {
            sessionToken: bob.sessionToken,
            ip: '203.0.113.5',
          })
        ).statusCode,
      ).toBe(200);
    });
  });
});
