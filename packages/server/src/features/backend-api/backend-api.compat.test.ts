// Issue 13 item 2 "Tests that show it": the backend API through the published `stytch` Node library 14.2.0 (a dev
// dependency), pointed at the server on a loopback port (stytch-clients.md: an http base URL goes in `env`):
// a wrong secret refused, another project's session refused, authenticateJwt verifying offline, a revoked session
// refused by sessions.authenticate at once, the absolute session limit, users get/update/delete, and users.search
// pagination that neither skips nor repeats users while users are being added. PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as stytch from 'stytch';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../../infra/crypto';
import { projects } from '../../infra/db/schema';
import { createTestApp, TEST_ORIGIN, TEST_REDIRECT_URL, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { freePort } from '../../test-support/free-port';
import { createProject } from '../projects';
import { ABSOLUTE_SESSION_LIFETIME_MINUTES } from '../sessions';
import { createTestClock, signIn } from '../sessions/test-fixtures';

const SECRET = `secret-${'s'.repeat(40)}`;

describe.each(testDatabaseKinds())('the backend API through the stytch Node library on %s', (kind) => {
  // Real time: the library checks the JWT's exp against its own clock.
  const clock = createTestClock(new Date().toISOString());
  let t: TestApp;
  let baseUrl: string;
  let client: stytch.Client;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({ kind, clock, config: { publicUrl: baseUrl } });
    await t.app.listen({ port, host: '127.0.0.1' });
    // The library warns once about a custom `env`.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock.set(new Date().toISOString());
    await t.ctx.db.update(projects).set({ secretHash: Buffer.from(sha256(SECRET)) });
    client = new stytch.Client({ project_id: t.project.id, secret: SECRET, env: `${baseUrl}/` });
  });

  it('refuses a wrong secret and an unknown project', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const wrong = new stytch.Client({ project_id: t.project.id, secret: `${SECRET}x`, env: `${baseUrl}/` });
    await expect(wrong.sessions.authenticate({ session_token: ada.session_token })).rejects.toMatchObject({
      status_code: 401,
      error_type: 'unauthorized_credentials',
    });
    const unknown = new stytch.Client({ project_id: 'project-nope', secret: SECRET, env: `${baseUrl}/` });
    await expect(unknown.users.get({ user_id: ada.user_id })).rejects.toMatchObject({
      error_type: 'unauthorized_credentials',
    });
  });

  it('authenticates a session token: the session, a fresh JWT and the user, flat with status_code', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const answer = await client.sessions.authenticate({ session_token: ada.session_token });
    expect(answer.status_code).toBe(200);
    expect(answer.request_id).toMatch(/^request-id-/);
    expect(answer.session.session_id).toBe(ada.session.session_id);
    expect(answer.session.user_id).toBe(ada.user_id);
    expect(answer.user.user_id).toBe(ada.user_id);
    expect(answer.user.emails[0]?.email).toBe('ada@example.com');
    expect(answer.session_jwt.split('.')).toHaveLength(3);
    // And the JWT it answered authenticates too (remotely: the library is told so by max_token_age_seconds 0).
    const again = await client.sessions.authenticateJwt({
      session_jwt: answer.session_jwt,
      max_token_age_seconds: 0,
    });
    expect(again.session.session_id).toBe(ada.session.session_id);
  });

  it('refuses another project’s session', async () => {
    const other = (
      await createProject(t.ctx, {
        name: 'Other',
        allowedOrigins: [TEST_ORIGIN],
        allowedRedirectUrls: [TEST_REDIRECT_URL],
        enabledProducts: ['emailMagicLinks'],
      })
    ).project;
    const bob = await signIn(t.ctx, other, 'bob@example.com');
    await expect(client.sessions.authenticate({ session_token: bob.session_token })).rejects.toMatchObject({
      status_code: 404,
      error_type: 'session_not_found',
    });
    await expect(client.sessions.authenticate({ session_jwt: bob.session_jwt })).rejects.toMatchObject({
      error_type: 'session_not_found',
    });
    await expect(client.users.get({ user_id: bob.user_id })).rejects.toMatchObject({
      error_type: 'user_not_found',
    });
  });

  it('verifies a session JWT offline with authenticateJwt (the JWKS, issuer, audience and claim it checks)', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const local = await client.sessions.authenticateJwtLocal({ session_jwt: ada.session_jwt });
    expect(local.session_id).toBe(ada.session.session_id);
    expect(local.user_id).toBe(ada.user_id);
    expect(local.authentication_factors[0]).toMatchObject({ type: 'magic_link', delivery_method: 'email' });
    // Offline: with the session gone from the database, the JWT still verifies locally until it expires…
    await t.ctx.db.execute(sql`DELETE FROM sessions`);
    const offline = await client.sessions.authenticateJwt({ session_jwt: ada.session_jwt });
    expect(offline.session.session_id).toBe(ada.session.session_id);
    // …while the server, asked, knows better.
    await expect(
      client.sessions.authenticateJwt({ session_jwt: ada.session_jwt, max_token_age_seconds: 0 }),
    ).rejects.toMatchObject({ error_type: 'session_not_found' });
  });

  it('verifies a session JWT with plain jose as the README’s Fastify route does', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const jwks = createRemoteJWKSet(new URL(`${baseUrl}/v1/sessions/jwks/${t.project.id}`));
    const { payload } = await jwtVerify(ada.session_jwt, jwks, {
      issuer: baseUrl,
      audience: t.project.id,
      algorithms: ['ES256'],
    });
    expect(payload.sub).toBe(ada.user_id);
    expect(payload['https://stytch.com/session']).toMatchObject({ id: ada.session.session_id });
    await expect(
      jwtVerify(ada.session_jwt, jwks, { issuer: baseUrl, audience: 'another-project' }),
    ).rejects.toThrow();
  });

  it('refuses a revoked session at once, by token and by JWT', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const answer = await client.sessions.revoke({ session_token: ada.session_token });
    expect(answer.status_code).toBe(200);
    await expect(client.sessions.authenticate({ session_token: ada.session_token })).rejects.toMatchObject({
      status_code: 404,
      error_type: 'session_not_found',
    });
    await expect(client.sessions.authenticate({ session_jwt: ada.session_jwt })).rejects.toMatchObject({
      error_type: 'session_not_found',
    });
    const bob = await signIn(t.ctx, t.project, 'bob@example.com');
    await client.sessions.revoke({ session_id: bob.session.session_id });
    expect((await client.sessions.get({ user_id: bob.user_id })).sessions).toEqual([]);
  });

  it('never extends a session past its absolute lifetime', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com', {
      sessionDurationMinutes: ABSOLUTE_SESSION_LIFETIME_MINUTES,
    });
    const startedMs = Date.parse(ada.session.started_at);
    const endMs = startedMs + ABSOLUTE_SESSION_LIFETIME_MINUTES * 60_000;
    clock.set(new Date(endMs - 10 * 60_000).toISOString());
    const extended = await client.sessions.authenticate({
      session_token: ada.session_token,
      session_duration_minutes: 60,
    });
    expect(Date.parse(extended.session.expires_at ?? '')).toBe(endMs);
    clock.set(new Date(endMs + 1000).toISOString());
    await expect(client.sessions.authenticate({ session_token: ada.session_token })).rejects.toMatchObject({
      error_type: 'session_not_found',
    });
  });

  it('answers both a token and a JWT, or neither, with a 400', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    await expect(
      client.sessions.authenticate({ session_token: ada.session_token, session_jwt: ada.session_jwt }),
    ).rejects.toMatchObject({ status_code: 400, error_type: 'too_many_session_arguments' });
    await expect(client.sessions.revoke({})).rejects.toMatchObject({
      error_type: 'missing_session_arguments',
    });
  });

  it('gets, updates (name, trusted and untrusted metadata) and deletes a user', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const got = await client.users.get({ user_id: ada.user_id });
    expect(got).toMatchObject({
      status_code: 200,
      user_id: ada.user_id,
      emails: [{ email: 'ada@example.com' }],
    });
    const updated = await client.users.update({
      user_id: ada.user_id,
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro', seats: 3 },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(updated.user).toMatchObject({
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro', seats: 3 },
      untrusted_metadata: { theme: 'dark' },
    });
    const merged = await client.users.update({
      user_id: ada.user_id,
      trusted_metadata: { seats: null } as never,
    });
    expect(merged.user.trusted_metadata).toEqual({ plan: 'pro' });
    const deleted = await client.users.delete({ user_id: ada.user_id });
    expect(deleted.user_id).toBe(ada.user_id);
    await expect(client.users.get({ user_id: ada.user_id })).rejects.toMatchObject({
      error_type: 'user_not_found',
    });
    await expect(client.sessions.authenticate({ session_token: ada.session_token })).rejects.toMatchObject({
      error_type: 'session_not_found',
    });
  });

  it('pages users.search without skipping or repeating anyone while users are added', async () => {
    const first: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      clock.advance(1000);
      first.push((await signIn(t.ctx, t.project, `user${i}@example.com`)).user_id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    for (let page = 0; page < 20; page += 1) {
      const answer = await client.users.search({ limit: 10, cursor: cursor ?? undefined });
      seen.push(...answer.results.map((user) => user.user_id));
      cursor = answer.results_metadata.next_cursor || null;
      if (cursor === null) break;
      // New sign-ups between pages.
      for (let i = 0; i < 3; i += 1) {
        clock.advance(1000);
        await signIn(t.ctx, t.project, `late${added++}@example.com`);
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of first) expect(seen).toContain(id);
    const filtered = await client.users.search({
      limit: 5,
      query: {
        operator: 'OR',
        operands: [{ filter_name: 'email_address', filter_value: ['user3@example.com'] }],
      },
    });
    expect(filtered.results.map((user) => user.user_id)).toEqual([first[3]]);
    expect(filtered.results_metadata.total).toBe(1);
    await expect(
      client.users.search({
        query: { operator: 'AND', operands: [{ filter_name: 'bogus', filter_value: 1 }] },
      } as never),
    ).rejects.toMatchObject({ status_code: 400, error_type: 'invalid_search_query' });
  });
});
