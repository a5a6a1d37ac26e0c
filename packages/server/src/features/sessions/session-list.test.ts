// Issue 13 item 3: Gatehouse's own GET /sessions/list and POST /sessions/revoke_others (the account page's
// "active sessions" and "Sign out everywhere else"), on PGlite and PostgreSQL.
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projects } from '../../infra/db/schema';
import { createTestApp, sdkRequest } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createProject } from '../projects';
import { TOTP_ROUTES } from '../totps/routes';
import { codeAt } from '../totps/totp-code';
import { dataOf } from '../webauthn/test-helpers';
import { createTestClock, signIn } from './test-fixtures';

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('sessions list and revoke_others on %s', (kind) => {
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

  function call(method: 'GET' | 'POST', url: string, sessionToken: string | null) {
    return sdkRequest(t.app, { method, url, publicToken: t.publicToken, sessionToken });
  }
  const list = (token: string | null) => call('GET', ROUTES.sessionsList, token);
  const revokeOthers = (token: string | null) => call('POST', ROUTES.sessionsRevokeOthers, token);
  const authenticate = (token: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsAuthenticate,
      publicToken: t.publicToken,
      sessionToken: token,
      body: {},
    });

  it("lists the user's live sessions oldest first, marks the caller's, and leaves out expired and others'", async () => {
    const expired = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 5 });
    clock.advance(10 * MINUTE);
    const laptop = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    clock.advance(MINUTE);
    const phone = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    await signIn(t.ctx, t.project, 'grace@example.com', { sessionDurationMinutes: 60 });

    const response = await list(phone.session_token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.status_code).toBe(200);
    expect(data.current_session_id).toBe(phone.session.session_id);
    expect(data.sessions.map((s: { session_id: string }) => s.session_id)).toEqual([
      laptop.session.session_id,
      phone.session.session_id,
    ]);
    expect(data.sessions.map((s: { session_id: string }) => s.session_id)).not.toContain(
      expired.session.session_id,
    );
    // The wire Session, field for field (wire-format.md §4.1), as sessions/authenticate answers it, plus
    // Gatehouse's device_name (issue 22; nothing in "Mozilla/5.0 (vitest)" names a browser or a system).
    expect(data.sessions[0]).toEqual({
      session_id: laptop.session.session_id,
      user_id: laptop.user_id,
      started_at: '2030-01-01T00:10:00Z',
      last_accessed_at: '2030-01-01T00:10:00Z',
      expires_at: '2030-01-01T01:10:00Z',
      attributes: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (vitest)' },
      authentication_factors: laptop.session.authentication_factors,
      custom_claims: null,
      device_name: null,
    });
  });

  it('names each device from its User-Agent (issue 22): the name people know, or null for nothing recognised', async () => {
    // Real User-Agents: Debian's Chromium headless as Playwright drives it, desktop Chrome, Safari on an iPhone,
    // Firefox on Windows; then an empty one and curl.
    const devices: [userAgent: string, name: string | null][] = [
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
        'Safari on iPhone',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
        'Firefox on Windows',
      ],
      ['', null],
      ['curl/8.5.0', null],
    ];
    let last = null as Awaited<ReturnType<typeof signIn>> | null;
    for (const [userAgent] of devices) {
      last = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60, userAgent });
      clock.advance(MINUTE);
    }
    const data = (await list(last!.session_token)).json().data;
    expect(
      data.sessions.map((s: { attributes: { user_agent: string }; device_name: string | null }) => [
        s.attributes.user_agent,
        s.device_name,
      ]),
    ).toEqual(devices);
  });

  it('needs a live session: 401 unauthorized_credentials without one, 404 session_not_found for an unknown one', async () => {
    for (const send of [list, revokeOthers]) {
      const none = await send(null);
      expect(none.statusCode).toBe(401);
      expect(none.json().error_type).toBe('unauthorized_credentials');
      const unknown = await send('not-a-session-token');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error_type).toBe('session_not_found');
    }
  });

  it("ends every other session of the user at once and keeps the caller's; other users are untouched", async () => {
    const expired = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 5 });
    clock.advance(10 * MINUTE);
    const laptop = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const tablet = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const phone = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const grace = await signIn(t.ctx, t.project, 'grace@example.com', { sessionDurationMinutes: 60 });

    const response = await revokeOthers(phone.session_token);
    expect(response.statusCode).toBe(200);
    // Two live sessions ended; the already expired one was swept but is not counted.
    expect(response.json().data).toMatchObject({ status_code: 200, revoked_count: 2 });

    for (const ended of [laptop, tablet, expired]) {
      const refused = await authenticate(ended.session_token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error_type).toBe('session_not_found');
    }
    expect((await authenticate(phone.session_token)).statusCode).toBe(200);
    expect((await authenticate(grace.session_token)).statusCode).toBe(200);
    const listed = (await list(phone.session_token)).json().data;
    expect(listed.sessions.map((s: { session_id: string }) => s.session_id)).toEqual([
      phone.session.session_id,
    ]);

    // Nothing else left to end: a second call answers 0.
    expect((await revokeOthers(phone.session_token)).json().data.revoked_count).toBe(0);
  });

  it("never reaches the same e-mail's user in another project", async () => {
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: ['http://localhost:3000'],
      allowedRedirectUrls: [],
      enabledProducts: ['emailMagicLinks'],
    });
    const elsewhere = await signIn(t.ctx, other.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const here = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    expect((await revokeOthers(here.session_token)).json().data.revoked_count).toBe(0);
    const listed = (await list(here.session_token)).json().data;
    expect(listed.sessions).toHaveLength(1);
    // The other project's session still works there.
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsAuthenticate,
      publicToken: other.project.publicTokenTest,
      sessionToken: elsewhere.session_token,
      body: {},
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a session still waiting for its required second factor (second_factor_required), like removals', async () => {
    // Ada's first session enrols an authenticator app and confirms it: that session has the totp factor.
    const stepped = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    const totp = (method: 'POST', url: string, body: unknown, token: string) =>
      sdkRequest(t.app, { method, url, publicToken: t.publicToken, sessionToken: token, body });
    const created = dataOf<{ secret: string }>(
      await totp('POST', TOTP_ROUTES.create, { expiration_minutes: 60 }, stepped.session_token),
    );
    const confirmed = dataOf<{ session_token: string }>(
      await totp(
        'POST',
        TOTP_ROUTES.authenticate,
        { totp_code: codeAt(created.secret, clock.now().getTime()), session_duration_minutes: 60 },
        stepped.session_token,
      ),
    );
    // A second sign-in by e-mail alone (first factor only).
    const firstFactorOnly = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 60 });
    await t.ctx.db
      .update(projects)
      .set({ settings: { ...t.project.settings, require_second_factor: true } })
      .where(eq(projects.id, t.project.id));
    t.ctx.projects.clear();
    try {
      for (const send of [list, revokeOthers]) {
        const refused = await send(firstFactorOnly.session_token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error_type).toBe('second_factor_required');
      }
      // Nothing was ended by the refused call; the stepped-up session may list and sign the other out.
      expect((await list(confirmed.session_token)).json().data.sessions).toHaveLength(2);
      expect((await revokeOthers(confirmed.session_token)).json().data.revoked_count).toBe(1);
    } finally {
      await t.ctx.db
        .update(projects)
        .set({ settings: t.project.settings })
        .where(eq(projects.id, t.project.id));
      t.ctx.projects.clear();
    }
  });
});
