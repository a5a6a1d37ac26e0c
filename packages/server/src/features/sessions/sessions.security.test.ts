// security-tests.md, the parts that concern sessions, session JWTs and the user routes: SS-01 (token quality,
// fixation), SS-02 (absolute end), SS-03 (revoke), TK-05 (hash only — also in sessions.test.ts), TK-08 (JWT
// validation against our JWKS), IV-01/IV-06 (bad input never a 5xx), cross-project isolation.
import { base64url, createLocalJWKSet, decodeJwt, type JSONWebKeySet, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, sdkRequest } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createProject } from '../projects';
import { MAX_SESSION_DURATION_MINUTES } from './session-service';
import { createTestClock, signIn } from './test-fixtures';

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('session security on %s', (kind) => {
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

  function authenticate(sessionToken: string | null, body: unknown = {}, publicToken = t.publicToken) {
    return sdkRequest(t.app, {
      method: 'POST',
      url: '/sessions/authenticate',
      publicToken,
      sessionToken,
      body,
    });
  }

  async function keySet() {
    const response = await t.app.inject({ method: 'GET', url: `/v1/sessions/jwks/${t.project.id}` });
    return createLocalJWKSet(response.json() as JSONWebKeySet);
  }

  function verify(jwt: string, keys: Awaited<ReturnType<typeof keySet>>, audience = t.project.id) {
    return jwtVerify(jwt, keys, {
      issuer: t.ctx.config.publicUrl,
      audience,
      algorithms: ['ES256'],
      currentDate: clock.now(),
    });
  }

  it('SS-01: opaque tokens are unique, carry ≥ 256 bits and no user data', async () => {
    const tokens = new Set<string>();
    const first = await signIn(t.ctx, t.project, 'ada@example.com');
    for (let i = 0; i < 100; i += 1)
      tokens.add((await signIn(t.ctx, t.project, 'ada@example.com')).session_token);
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      expect(base64url.decode(token).length).toBeGreaterThanOrEqual(32);
      expect(token).not.toContain(first.user_id);
    }
  });

  it('SS-01: a planted token is never adopted and a step-up kills the old token', async () => {
    const planted = await signIn(t.ctx, t.project, 'ada@example.com', {
      sessionToken: 'attacker-chosen-token',
    });
    expect(planted.session_token).not.toBe('attacker-chosen-token');
    expect((await authenticate('attacker-chosen-token')).statusCode).toBe(404);
    const stepUp = await signIn(t.ctx, t.project, 'ada@example.com', { sessionToken: planted.session_token });
    expect(stepUp.session.session_id).toBe(planted.session.session_id);
    expect((await authenticate(planted.session_token)).json().error_type).toBe('session_not_found');
    expect((await authenticate(stepUp.session_token)).statusCode).toBe(200);
  });

  it('SS-02: extensions never slide past the absolute end of the session', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com', {
      sessionDurationMinutes: MAX_SESSION_DURATION_MINUTES,
    });
    const absoluteEnd = new Date(
      new Date('2030-01-01T00:00:00Z').getTime() + MAX_SESSION_DURATION_MINUTES * MINUTE,
    );
    clock.set(new Date(absoluteEnd.getTime() - 10 * MINUTE));
    const extended = await authenticate(ada.session_token, { session_duration_minutes: 60 });
    expect(extended.json().data.session.expires_at).toBe(`${absoluteEnd.toISOString().slice(0, 19)}Z`);
    clock.set(absoluteEnd);
    expect((await authenticate(ada.session_token, { session_duration_minutes: 60 })).statusCode).toBe(404);
  });

  it('SS-03: after revoke the opaque token is dead at once; the JWT lives at most 5 minutes', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const claims = decodeJwt(ada.session_jwt);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(300);
    const revoked = await sdkRequest(t.app, {
      method: 'POST',
      url: '/sessions/revoke',
      publicToken: t.publicToken,
      sessionToken: ada.session_token,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await authenticate(ada.session_token)).statusCode).toBe(404);
    expect(
      (
        await sdkRequest(t.app, {
          method: 'GET',
          url: '/users/me',
          publicToken: t.publicToken,
          sessionToken: ada.session_token,
        })
      ).statusCode,
    ).toBe(404);
    clock.advance(5 * MINUTE);
    await expect(verify(ada.session_jwt, await keySet())).rejects.toThrow(/exp/);
  });

  it('TK-08: tampered, unsigned, foreign-audience, expired and not-yet-valid JWTs fail against our JWKS', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const keys = await keySet();
    await expect(verify(ada.session_jwt, keys)).resolves.toBeTruthy();

    const [header, payload, signature] = ada.session_jwt.split('.') as [string, string, string];
    const edited = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
    edited.sub = 'user-test-someone-else';
    const editedJwt = `${header}.${base64url.encode(JSON.stringify(edited))}.${signature}`;
    await expect(verify(editedJwt, keys)).rejects.toThrow();

    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    await expect(verify(none, keys)).rejects.toThrow();

    // HS256 "signed" with our public key as the HMAC secret (algorithm confusion).
    const response = await t.app.inject({ method: 'GET', url: `/v1/sessions/jwks/${t.project.id}` });
    const publicJwk = (response.json() as JSONWebKeySet).keys[0]!;
    const confused = await new SignJWT(edited)
      .setProtectedHeader({ alg: 'HS256', kid: publicJwk.kid! })
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    await expect(verify(confused, keys)).rejects.toThrow();

    // A session of another project is signed by that project's key, which our JWKS does not hold (issue 8:
    // keys per project), and carries that project's audience, which a verifier using its JWKS refuses.
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: ['emailMagicLinks'],
    });
    const foreign = await signIn(t.ctx, other.project, 'eve@example.com');
    await expect(verify(foreign.session_jwt, keys)).rejects.toThrow(/no applicable key/);
    const otherJwks = await t.app.inject({ method: 'GET', url: `/v1/sessions/jwks/${other.project.id}` });
    const otherKeys = createLocalJWKSet(otherJwks.json() as JSONWebKeySet);
    await expect(verify(foreign.session_jwt, otherKeys, other.project.id)).resolves.toBeTruthy();
    await expect(verify(foreign.session_jwt, otherKeys)).rejects.toThrow(/aud/);

    clock.advance(-MINUTE * 2);
    await expect(verify(ada.session_jwt, keys)).rejects.toThrow(/nbf/);
    clock.advance(MINUTE * 8);
    await expect(verify(ada.session_jwt, keys)).rejects.toThrow(/exp/);
  });

  it('a session token is only valid with its own project’s public token', async () => {
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: ['emailMagicLinks'],
    });
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const response = await authenticate(ada.session_token, {}, other.project.publicTokenTest);
    expect(response.json().error_type).toBe('session_not_found');
    const me = await sdkRequest(t.app, {
      method: 'GET',
      url: '/users/me',
      publicToken: other.project.publicTokenTest,
      sessionToken: ada.session_token,
    });
    expect(me.statusCode).toBe(404);
  });

  it.each([
    ['malformed JSON', '{"session_duration_minutes": 30'],
    ['prototype pollution', '{"__proto__": {"admin": true}}'],
    ['constructor pollution', '{"constructor": {"prototype": {"admin": true}}}'],
    ['a huge number', '{"session_duration_minutes": 1e309}'],
    ['an object for the duration', '{"session_duration_minutes": {"$ne": null}}'],
    ['a NUL in a key', '{"a\\u0000": 1}'],
  ])(
    'IV-01/IV-06: %s on /sessions/authenticate is a 4xx, never a 5xx, and changes nothing',
    async (_label, body) => {
      const ada = await signIn(t.ctx, t.project, 'ada@example.com');
      const response = await authenticate(ada.session_token, body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
      const after = await authenticate(ada.session_token);
      expect(after.json().data.session.expires_at).toBe(ada.session.expires_at);
    },
  );
});
