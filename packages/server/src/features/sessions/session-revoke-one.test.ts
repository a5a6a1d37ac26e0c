// Issue 22: Gatehouse's own POST /sessions/revoke_one (the account page's "Sign out" on one other session), on PGlite
// and PostgreSQL. Only a live session of the caller's user in the caller's project ends; anything else is the same
// 404 and changes nothing; the caller's own session is a 400.
import { ROUTES } from '@gatehouse/protocol';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projects } from '../../infra/db/schema';
import { createTestApp, sdkRequest } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createProject } from '../projects';
import { TOTP_ROUTES } from '../totps/routes';
import { codeAt } from '../totps/totp-code';
import { rowsOf } from '../users/user-sql';
import { dataOf } from '../webauthn/test-helpers';
import { createTestClock, signIn } from './test-fixtures';

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('sessions revoke_one on %s', (kind) => {
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

  const revokeOne = (token: string | null, body: unknown) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsRevokeOne,
      publicToken: t.publicToken,
      sessionToken: token,
      body,
    });
  const authenticate = (token: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsAuthenticate,
      publicToken: t.publicToken,
      sessionToken: token,
      body: {},
    });
  const listedIds = async (token: string) =>
    (
      await sdkRequest(t.app, {
        method: 'GET',
        url: ROUTES.sessionsList,
        publicToken: t.publicToken,
        sessionToken: token,
      })
    )
      .json()
      .data.sessions.map((s: { session_id: string }) => s.session_id);
  const expectNotFound = (response: Awaited<ReturnType<typeof revokeOne>>) => {
    expect(response.statusCode).toBe(404);
    expect(response.json().error_type).toBe('session_not_found');
  };

  it("ends one other session of the user at once; the caller's and the rest keep working", async () => {
    const laptop = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const tablet = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const phone = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    // The tablet's JWT is cached by an authenticate before the revoke: the cache must forget it.
    expect((await authenticate(tablet.session_token)).statusCode).toBe(200);
    expect(t.ctx.sessions.jwts.has(tablet.session.session_id)).toBe(true);

    const response = await revokeOne(phone.session_token, { session_id: tablet.session.session_id });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status_code: 200 });

    expect(t.ctx.sessions.jwts.has(tablet.session.session_id)).toBe(false);
    const refused = await authenticate(tablet.session_token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error_type).toBe('session_not_found');
    expect((await authenticate(laptop.session_token)).statusCode).toBe(200);
    expect((await authenticate(phone.session_token)).statusCode).toBe(200);
    expect((await listedIds(phone.session_token)).sort()).toEqual(
      [laptop.session.session_id, phone.session.session_id].sort(),
    );
    // Ended already: a second call is the 404.
    expectNotFound(await revokeOne(phone.session_token, { session_id: tablet.session.session_id }));
  });

  it("security: another user's session id is 404 session_not_found, and that session still works", async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const grace = await signIn(t.ctx, t.project, 'grace@example.com', { sessionDurationMinutes: 60 });
    expectNotFound(await revokeOne(ada.session_token, { session_id: grace.session.session_id }));
    expect((await authenticate(grace.session_token)).statusCode).toBe(200);
    expect(await listedIds(grace.session_token)).toEqual([grace.session.session_id]);
  });

  it("security: the same e-mail's user in another project is out of reach (404, still signed in there)", async () => {
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: ['http://localhost:3000'],
      allowedRedirectUrls: [],
      enabledProducts: ['emailMagicLinks'],
    });
    const elsewhere = await signIn(t.ctx, other.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const here = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    expectNotFound(await revokeOne(here.session_token, { session_id: elsewhere.session.session_id }));
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsAuthenticate,
      publicToken: other.project.publicTokenTest,
      sessionToken: elsewhere.session_token,
      body: {},
    });
    expect(response.statusCode).toBe(200);
  });

  it('an unknown id and an expired session are the same 404; the expired row is left as it was', async () => {
    const expired = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 5 });
    clock.advance(10 * MINUTE);
    const phone = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    expectNotFound(await revokeOne(phone.session_token, { session_id: 'session-test-unknown' }));
    expectNotFound(await revokeOne(phone.session_token, { session_id: expired.session.session_id }));
    const rows = rowsOf(
      await t.ctx.db.execute(sql`SELECT id FROM sessions WHERE id = ${expired.session.session_id}`),
    );
    expect(rows).toHaveLength(1);
  });

  it("refuses the caller's own session with a 404 that says to sign out (/sessions/revoke); nothing ends", async () => {
    const phone = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const response = await revokeOne(phone.session_token, { session_id: phone.session.session_id });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_type).toBe('session_not_found');
    expect(response.json().error_message).toMatch(/sign out/i);
    expect((await authenticate(phone.session_token)).statusCode).toBe(200);
  });

  it('needs a session and a session_id: 401 without a session, 404 for an unknown token, 400 for a bad body', async () => {
    const none = await revokeOne(null, { session_id: 'x' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error_type).toBe('unauthorized_credentials');
    expectNotFound(await revokeOne('not-a-session-token', { session_id: 'x' }));
    const phone = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    for (const body of [{}, { session_id: '' }, { session_id: 42 }, { session_id: 'x', extra: 1 }]) {
      expect([body, (await revokeOne(phone.session_token, body)).statusCode]).toEqual([body, 400]);
    }
  });

  it('refuses a session still waiting for its required second factor, like revoke_others', async () => {
    const stepped = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const totp = (url: string, body: unknown, token: string) =>
      sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, sessionToken: token, body });
    const created = dataOf<{ secret: string }>(
      await totp(TOTP_ROUTES.create, { expiration_minutes: 60 }, stepped.session_token),
    );
    const confirmed = dataOf<{ session_token: string }>(
      await totp(
        TOTP_ROUTES.authenticate,
        { totp_code: codeAt(created.secret, clock.now().getTime()), session_duration_minutes: 60 },
        stepped.session_token,
      ),
    );
    const firstFactorOnly = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    await t.ctx.db
      .update(projects)
      .set({ settings: { ...t.project.settings, require_second_factor: true } })
      .where(eq(projects.id, t.project.id));
    t.ctx.projects.clear();
    try {
      const refused = await revokeOne(firstFactorOnly.session_token, {
        session_id: stepped.session.session_id,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_type).toBe('second_factor_required');
      expect((await authenticate(confirmed.session_token)).statusCode).toBe(200);
      const ended = await revokeOne(confirmed.session_token, {
        session_id: firstFactorOnly.session.session_id,
      });
      expect(ended.statusCode).toBe(200);
    } finally {
      await t.ctx.db
        .update(projects)
        .set({ settings: t.project.settings })
        .where(eq(projects.id, t.project.id));
      t.ctx.projects.clear();
    }
  });
});
