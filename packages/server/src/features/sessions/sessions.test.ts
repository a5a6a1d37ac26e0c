import { eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../infra/crypto';
import { sessions, userPhoneNumbers, users } from '../../infra/db/schema';
import { createTestApp, sdkRequest } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createProject } from '../projects';
import { SESSION_CLAIM } from './session-jwt';
import { issueSession } from './session-service';
import { createTestClock, emailFactor, fakeSignInRequest, signIn } from './test-fixtures';

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('sessions on %s', (kind) => {
  const clock = createTestClock();
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    clock.set('2030-01-01T00:00:00.000Z');
    await t.reset();
  });

  function authenticate(sessionToken: string | null, body: unknown = {}) {
    return sdkRequest(t.app, {
      method: 'POST',
      url: '/sdk/v1/sessions/authenticate',
      publicToken: t.publicToken,
      sessionToken,
      body,
    });
  }

  async function jwks(projectId = t.project.id): Promise<JSONWebKeySet> {
    const response = await t.app.inject({ method: 'GET', url: `/v1/sessions/jwks/${projectId}` });
    expect(response.statusCode).toBe(200);
    return response.json() as JSONWebKeySet;
  }

  it('authenticates a session: session, user, __user, user_id, the same token and a JWT', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'Ada@Example.com');
    clock.advance(2 * MINUTE);
    const response = await authenticate(signedIn.session_token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.status_code).toBe(200);
    expect(data.request_id).toMatch(/^request-id-test-/);
    expect(data.user_id).toBe(signedIn.user_id);
    expect(data.session_token).toBe(signedIn.session_token);
    expect(typeof data.session_jwt).toBe('string');
    expect(data.user).toEqual(data.__user);
    expect(data.user.emails).toEqual([
      { email_id: signedIn.emailId, email: 'ada@example.com', verified: true },
    ]);
    expect(data.user).toMatchObject({
      user_id: signedIn.user_id,
      status: 'active',
      created_at: '2030-01-01T00:00:00Z',
      name: { first_name: '', middle_name: '', last_name: '' },
      phone_numbers: [],
      providers: [],
      webauthn_registrations: [],
      crypto_wallets: [],
      totps: [],
      biometric_registrations: [],
      password: null,
      trusted_metadata: {},
      untrusted_metadata: {},
    });
    expect(data.session).toEqual({
      session_id: signedIn.session.session_id,
      user_id: signedIn.user_id,
      started_at: '2030-01-01T00:00:00Z',
      last_accessed_at: '2030-01-01T00:02:00Z',
      expires_at: '2030-01-01T00:30:00Z',
      attributes: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (vitest)' },
      authentication_factors: [
        {
          type: 'magic_link',
          delivery_method: 'email',
          last_authenticated_at: '2030-01-01T00:00:00Z',
          email_factor: { email_id: signedIn.emailId, email_address: 'ada@example.com' },
        },
      ],
      custom_claims: null,
    });
  });

  it('extends expires_at to now + session_duration_minutes', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    clock.advance(10 * MINUTE);
    const response = await authenticate(signedIn.session_token, { session_duration_minutes: 120 });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.session.expires_at).toBe('2030-01-01T02:10:00Z');
    // Still alive after the original 30 minutes.
    clock.advance(60 * MINUTE);
    expect((await authenticate(signedIn.session_token)).statusCode).toBe(200);
  });

  // The range has its own error type, as on every sign-in route (issue 8: one shape for request bodies).
  it.each([
    ['too short', { session_duration_minutes: 4 }],
    ['too long', { session_duration_minutes: 525_601 }],
    ['negative', { session_duration_minutes: -1 }],
  ])('refuses %s with 400 invalid_session_duration and changes nothing', async (_label, body) => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    const response = await authenticate(signedIn.session_token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error_type).toBe('invalid_session_duration');
    const [row] = await t.ctx.db.select().from(sessions);
    expect(row!.expiresAt.toISOString()).toBe('2030-01-01T00:30:00.000Z');
  });

  it.each([
    ['a string', { session_duration_minutes: '30' }],
    ['a fraction', { session_duration_minutes: 1.5 }],
    ['null', { session_duration_minutes: null }],
    ['an unknown field', { session_duration_minutes: 30, user_id: 'user-test-x' }],
    ['an array body', []],
  ])('refuses %s as a schema error and changes nothing', async (_label, body) => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    const response = await authenticate(signedIn.session_token, body);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json.error_message).toBe('Request does not match expected schema');
    expect(Array.isArray(json.body)).toBe(true);
    const [row] = await t.ctx.db.select().from(sessions);
    expect(row!.expiresAt.toISOString()).toBe('2030-01-01T00:30:00.000Z');
  });

  it('revokes the session: authenticate and revoke afterwards answer session_not_found', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    const revoke = () =>
      sdkRequest(t.app, {
        method: 'POST',
        url: '/sdk/v1/sessions/revoke',
        publicToken: t.publicToken,
        sessionToken: signedIn.session_token,
      });
    const revoked = await revoke();
    expect(revoked.statusCode).toBe(200);
    expect(Object.keys(revoked.json().data).sort()).toEqual(['request_id', 'status_code']);
    const after = await authenticate(signedIn.session_token);
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ status_code: 404, error_type: 'session_not_found' });
    expect((await revoke()).json().error_type).toBe('session_not_found');
  });

  it('refuses an expired session (fake clock) with session_not_found', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    clock.advance(30 * MINUTE - 1000);
    expect((await authenticate(signedIn.session_token)).statusCode).toBe(200);
    clock.advance(1000);
    const response = await authenticate(signedIn.session_token);
    expect(response.statusCode).toBe(404);
    expect(response.json().error_type).toBe('session_not_found');
    // An expired session cannot be revived by asking for a longer duration.
    expect((await authenticate(signedIn.session_token, { session_duration_minutes: 60 })).statusCode).toBe(
      404,
    );
  });

  it('refuses a session token of another project with session_not_found', async () => {
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: ['http://localhost:3000'],
      allowedRedirectUrls: [],
      enabledProducts: ['emailMagicLinks'],
    });
    const signedIn = await signIn(t.ctx, other.project, 'a@example.com');
    const response = await authenticate(signedIn.session_token);
    expect(response.statusCode).toBe(404);
    expect(response.json().error_type).toBe('session_not_found');
  });

  it('answers unauthorized_credentials without a session token, session_not_found for an unknown one', async () => {
    const none = await authenticate(null);
    expect(none.statusCode).toBe(401);
    expect(none.json().error_type).toBe('unauthorized_credentials');
    const unknown = await authenticate('not-a-session-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error_type).toBe('session_not_found');
  });

  it('ends the sessions of a deleted user', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    await t.ctx.db.delete(users).where(eq(users.id, signedIn.user_id));
    const response = await authenticate(signedIn.session_token);
    expect(response.json().error_type).toBe('session_not_found');
  });

  it('signs a JWT that verifies against the JWKS endpoint with the documented claims', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    const keySet = createLocalJWKSet(await jwks());
    const { payload, protectedHeader } = await jwtVerify(signedIn.session_jwt, keySet, {
      issuer: t.ctx.config.publicUrl,
      audience: t.project.id,
      currentDate: clock.now(),
      algorithms: ['ES256'],
    });
    expect(protectedHeader.kid).toBeTruthy();
    const iat = Math.floor(clock.now().getTime() / 1000);
    expect(payload).toMatchObject({
      sub: signedIn.user_id,
      aud: [t.project.id],
      iat,
      nbf: iat,
      exp: iat + 300,
    });
    expect(payload[SESSION_CLAIM]).toEqual({
      id: signedIn.session.session_id,
      started_at: signedIn.session.started_at,
      last_accessed_at: signedIn.session.last_accessed_at,
      expires_at: signedIn.session.expires_at,
      attributes: signedIn.session.attributes,
      authentication_factors: signedIn.session.authentication_factors,
    });
    const unknownProject = await t.app.inject({
      method: 'GET',
      url: '/v1/sessions/jwks/project-does-not-exist',
    });
    expect(unknownProject.statusCode).toBe(404);
  });

  it('never lets the JWT outlive the session', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com', { sessionDurationMinutes: 5 });
    clock.advance(3 * MINUTE);
    const response = await authenticate(signedIn.session_token);
    const { payload } = await jwtVerify(response.json().data.session_jwt, createLocalJWKSet(await jwks()), {
      currentDate: clock.now(),
    });
    expect(payload.exp).toBe(Math.floor(new Date('2030-01-01T00:05:00Z').getTime() / 1000));
  });

  it('reuses a fresh JWT on refresh and signs a new one when the session changed', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    const first = (await authenticate(signedIn.session_token)).json().data.session_jwt;
    clock.advance(MINUTE);
    expect((await authenticate(signedIn.session_token)).json().data.session_jwt).toBe(first);
    const extended = (await authenticate(signedIn.session_token, { session_duration_minutes: 60 })).json()
      .data;
    expect(extended.session_jwt).not.toBe(first);
    // Less than 60 s left on the cached JWT: a new one.
    clock.advance(4 * MINUTE + 1000);
    expect((await authenticate(signedIn.session_token)).json().data.session_jwt).not.toBe(
      extended.session_jwt,
    );
  });

  it('writes last_accessed_at at most once a minute', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    clock.advance(30_000);
    expect((await authenticate(signedIn.session_token)).json().data.session.last_accessed_at).toBe(
      '2030-01-01T00:00:00Z',
    );
    clock.advance(31_000);
    expect((await authenticate(signedIn.session_token)).json().data.session.last_accessed_at).toBe(
      '2030-01-01T00:01:01Z',
    );
    const [row] = await t.ctx.db.select().from(sessions);
    expect(row!.lastAccessedAt.toISOString()).toBe('2030-01-01T00:01:01.000Z');
  });

  it('keeps the old kid in the JWKS after key rotation, so earlier JWTs still verify', async () => {
    // Another app on the same database whose keys rotate hourly.
    const hourly = (await t.sibling({ keyRotationMs: 60 * MINUTE })).gatehouse;
    const before = await signIn(hourly, t.project, 'a@example.com');
    clock.advance(61 * MINUTE);
    const after = await signIn(hourly, t.project, 'b@example.com');
    const oldKid = decodeProtectedHeader(before.session_jwt).kid;
    const newKid = decodeProtectedHeader(after.session_jwt).kid;
    expect(newKid).not.toBe(oldKid);
    const keys = await jwks();
    expect(keys.keys.map((key) => key.kid)).toEqual([newKid, oldKid]);
    await expect(
      jwtVerify(before.session_jwt, createLocalJWKSet(keys), {
        currentDate: new Date('2030-01-01T00:04:00Z'),
      }),
    ).resolves.toBeTruthy();
  });

  it('stores the session token only as its SHA-256', async () => {
    const signedIn = await signIn(t.ctx, t.project, 'a@example.com');
    const rows = await t.ctx.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.tokenHash).equals(Buffer.from(sha256(signedIn.session_token)))).toBe(true);
    // Every column of every table, as text: the raw token must appear nowhere.
    let text = '';
    for (const table of ['sessions', 'users', 'user_emails', 'signing_keys', 'outbox_messages']) {
      const result = await t.ctx.db.execute(sql.raw(`SELECT x::text AS row FROM ${table} x`));
      text += JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    }
    expect(text).toContain(signedIn.user_id);
    expect(text).not.toContain(signedIn.session_token);
  });

  it('adds a factor to the live session of the same user (secondary) and rotates its token', async () => {
    const first = await signIn(t.ctx, t.project, 'a@example.com');
    // The number the passcode factor names (a session is written only for a credential the user holds).
    await t.ctx.db.insert(userPhoneNumbers).values({
      id: 'p1',
      userId: first.user_id,
      projectId: t.project.id,
      phoneNumber: '+1555',
      verified: true,
    });
    clock.advance(5 * MINUTE);
    const second = await issueSession(
      t.ctx,
      await fakeSignInRequest(t.ctx, { project: t.project, sessionToken: first.session_token }),
      {
        userId: first.user_id,
        factor: {
          type: 'otp',
          delivery_method: 'sms',
          phone_number_factor: { phone_id: 'p1', phone_number: '+1555' },
        },
        sessionDurationMinutes: 60,
      },
    );
    expect(second.session.session_id).toBe(first.session.session_id);
    expect(second.session_token).not.toBe(first.session_token);
    expect(second.session.authentication_factors.map((f) => f.type)).toEqual(['magic_link', 'otp']);
    expect(second.session.expires_at).toBe('2030-01-01T01:05:00Z');
    expect((await authenticate(first.session_token)).json().error_type).toBe('session_not_found');
    expect((await authenticate(second.session_token)).statusCode).toBe(200);

    // The same factor again is refreshed in place (moved last), not duplicated.
    clock.advance(MINUTE);
    const third = await issueSession(
      t.ctx,
      await fakeSignInRequest(t.ctx, { project: t.project, sessionToken: second.session_token }),
      { userId: first.user_id, factor: emailFactor(first.emailId, first.email), sessionDurationMinutes: 30 },
    );
    expect(third.session.authentication_factors.map((f) => [f.type, f.last_authenticated_at])).toEqual([
      ['otp', '2030-01-01T00:05:00Z'],
      ['magic_link', '2030-01-01T00:06:00Z'],
    ]);

    // jsonb stores nested keys in its own order: a factor written with another key order is still the same one.
    clock.advance(MINUTE);
    const fourth = await issueSession(
      t.ctx,
      await fakeSignInRequest(t.ctx, { project: t.project, sessionToken: third.session_token }),
      {
        userId: first.user_id,
        factor: {
          type: 'otp',
          delivery_method: 'sms',
          phone_number_factor: { phone_number: '+1555', phone_id: 'p1' },
        },
        sessionDurationMinutes: 30,
      },
    );
    expect(fourth.session.authentication_factors.map((f) => [f.type, f.last_authenticated_at])).toEqual([
      ['magic_link', '2030-01-01T00:06:00Z'],
      ['otp', '2030-01-01T00:07:00Z'],
    ]);
  });

  it('starts a new session when the presented session belongs to another user or is unknown', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const bob = await signIn(t.ctx, t.project, 'bob@example.com', { sessionToken: ada.session_token });
    expect(bob.session.session_id).not.toBe(ada.session.session_id);
    expect(bob.session.authentication_factors).toHaveLength(1);
    expect((await authenticate(ada.session_token)).statusCode).toBe(200);
    const planted = await signIn(t.ctx, t.project, 'carol@example.com', { sessionToken: 'planted-token' });
    expect(planted.session_token).not.toBe('planted-token');
  });
});
