// Issue 26 item 2: operators call /admin/v1 with their session — "they sign in through the widget and must hold a
// passkey or TOTP (set up at first sign-in); dangerous actions … ask for a recent sign-in". The console's first
// sign-in end to end (a real login link, then a passkey registered with the real webauthn routes), the second-factor
// rule (a passkey a mailbox-only session adds does not count), the recent sign-in on a fake clock, and every way a
// session stops working: each answer read afresh, 401 at once.
import { ROUTES } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { ADMIN_SCOPES } from '../admin/admin-scopes';
import { fakeClock, linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { signIn } from '../sessions/test-fixtures';
import { codeAt } from '../totps/totp-code';
import { rowsOf } from '../users/user-sql';
import { SoftwareAuthenticator } from '../webauthn/test-authenticator';
import { registered } from '../webauthn/test-helpers';
import { putOperator } from './operator-store';
import { OPERATORS_PROJECT_ID } from './operators-project';
import {
  errorTypeOf,
  operatorCall,
  operatorsApp,
  reauthenticateWithPasskey,
  SYSTEM_CHANGE,
  signInOperator,
} from './test-helpers';

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('operator sessions on the admin API on %s', (kind) => {
  // The real time, moved by hand: passkeys and authenticator apps are dated by it too.
  const clock = fakeClock(new Date());
  const delivery = recordingDelivery();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date());
  });

  const calls = async () =>
    rowsOf<{ actor_type: string; actor_id: string; project_id: string | null; payload: { route: string } }>(
      await t.ctx.db.execute(sql`SELECT actor_type, actor_id, project_id, payload FROM events
        WHERE type = 'admin_api.called' ORDER BY seq`),
    );

  it('the first sign-in: a login link, /me asks for a second factor and nothing else answers; a passkey registered with that session opens the role’s routes', async () => {
    const ops = await operatorsApp(t);
    await putOperator(t.ctx, {
      email: 'owner@example.com',
      role: 'owner',
      by: SYSTEM_CHANGE,
      ifExists: 'refuse',
    });
    const post = (url: string, body: unknown, sessionToken?: string) =>
      sdkRequest(t.app, {
        method: 'POST',
        url,
        publicToken: ops.publicToken,
        body,
        sessionToken: sessionToken ?? null,
      });
    const sent = await post(ROUTES.magicLinksEmailLoginOrCreate, {
      email: 'owner@example.com',
      login_magic_link_url: 'http://localhost:3000/console/authenticate',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { url, token } = linkIn(delivery.last());
    expect(url.pathname).toBe('/console/authenticate');
    const authenticated = await post(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 60 });
    expect(authenticated.statusCode, authenticated.body).toBe(200);
    const session = authenticated.json().data as { session_token: string; user_id: string };
    const operator = { token: session.session_token };

    const me = await operatorCall(t, operator, { method: 'GET', path: '/me' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      actor: { type: 'operator', id: session.user_id },
      role: 'owner',
      masked: false,
      email: 'owner@example.com',
      second_factor: { enrolled: false, in_session: false, kinds: [] },
      recent_sign_in_until: new Date(clock.now().getTime() + 5 * MINUTE).toISOString(),
    });
    expect(me.json().scopes).toEqual(ADMIN_SCOPES);
    // The console's project picker: the test project, never the operators project.
    expect(me.json().projects).toContainEqual({ id: t.project.id, name: t.project.name });
    expect(me.json().projects.map((project: { id: string }) => project.id)).not.toContain(
      'project-operators',
    );
    const refused = await operatorCall(t, operator, { method: 'GET', path: '/projects' });
    expect(errorTypeOf(refused)).toEqual({ status: 403, error_type: 'operator_second_factor_required' });

    const { sessionToken } = await registered(ops, new SoftwareAuthenticator(), {
      userId: session.user_id,
      sessionToken: session.session_token,
    });
    operator.token = sessionToken;
    const after = await operatorCall(t, operator, { method: 'GET', path: '/me' });
    expect(after.json().second_factor).toEqual({ enrolled: true, in_session: true, kinds: ['webauthn'] });
    const projects = await operatorCall(t, operator, { method: 'GET', path: '/projects' });
    expect(projects.statusCode).toBe(200);
    expect((projects.json().items as Array<{ id: string }>).map((project) => project.id)).toEqual([
      t.project.id,
    ]);

    // Every answered call is an admin_api.called event by the operator (the refused one acted on nothing).
    expect((await calls()).map((event) => [event.actor_type, event.actor_id, event.payload.route])).toEqual([
      ['operator', session.user_id, '/admin/v1/me'],
      ['operator', session.user_id, '/admin/v1/me'],
      ['operator', session.user_id, '/admin/v1/projects'],
    ]);
  });

  it('each role holds its scopes: admin all but operators, support its user actions only, auditor the event log only', async () => {
    const user = await signIn(t.ctx, t.project, 'user@example.com');
    const base = `/projects/${t.project.id}`;
    const userPath = `${base}/users/${user.user_id}`;
    const status = async (
      operator: { token: string },
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      path: string,
      body?: unknown,
    ) => {
      const response = await operatorCall(t, operator, { method, path, ...(body ? { body } : {}) });
      return response.statusCode === 403 ? String(response.json().error_type) : response.statusCode;
    };

    const owner = await signInOperator(t, { email: 'owner@example.com', role: 'owner' });
    expect(await status(owner, 'GET', '/operators')).toBe(200);

    const admin = await signInOperator(t, { email: 'admin@example.com', role: 'admin' });
    expect(await status(admin, 'GET', base)).toBe(200);
    expect(await status(admin, 'PATCH', base, { name: 'Renamed' })).toBe(200);
    expect(await status(admin, 'GET', '/operators')).toBe('insufficient_scope');
    expect(await status(admin, 'POST', '/operators', { email: 'x@example.com', role: 'owner' })).toBe(
      'insufficient_scope',
    );

    const support = await signInOperator(t, { email: 'support@example.com', role: 'support' });
    expect(await status(support, 'GET', `${base}/users`)).toBe(200);
    expect(await status(support, 'GET', userPath)).toBe(200);
    expect(await status(support, 'GET', `${base}/events`)).toBe(200);
    expect(await status(support, 'GET', `${base}/messages`)).toBe(200);
    expect(await status(support, 'POST', `${userPath}/login-link`, {})).toBe(200);
    expect(await status(support, 'POST', `${userPath}/unblock`)).toBe(200);
    expect(await status(support, 'DELETE', `${userPath}/sessions`)).toBe(200);
    expect(await status(support, 'GET', base)).toBe('insufficient_scope');
    expect(await status(support, 'PATCH', base, { name: 'No' })).toBe('insufficient_scope');
    expect(await status(support, 'DELETE', userPath)).toBe('insufficient_scope');
    expect(await status(support, 'POST', `${userPath}/block`, { reason: 'no' })).toBe('insufficient_scope');
    expect(await status(support, 'PATCH', userPath, { name: { first_name: 'No' } })).toBe(
      'insufficient_scope',
    );
    expect(await status(support, 'GET', `${base}/webhooks`)).toBe('insufficient_scope');

    const auditor = await signInOperator(t, { email: 'auditor@example.com', role: 'auditor' });
    expect(await status(auditor, 'GET', `${base}/events`)).toBe(200);
    expect(await status(auditor, 'GET', `${base}/events/export?format=ndjson`)).toBe(200);
    // Operator changes are events of the operators project, whose event log (only) the admin API reaches.
    expect(await status(auditor, 'GET', `/projects/${OPERATORS_PROJECT_ID}/events`)).toBe(200);
    expect(await status(auditor, 'GET', `/projects/${OPERATORS_PROJECT_ID}/users`)).toBe(
      'insufficient_scope',
    );
    for (const path of [`${base}/users`, `${base}/stats`, `${base}/messages`, base, '/projects']) {
      expect(await status(auditor, 'GET', path), path).toBe('insufficient_scope');
    }
  });

  it('an authenticator app enrolled at first sign-in and confirmed with a code is a second factor too', async () => {
    const ops = await operatorsApp(t);
    await putOperator(t.ctx, {
      email: 'totp@example.com',
      role: 'auditor',
      by: SYSTEM_CHANGE,
      ifExists: 'refuse',
    });
    const issued = await signIn(t.ctx, ops.project, 'totp@example.com');
    const sdk = (url: string, body: unknown, sessionToken: string) =>
      sdkRequest(t.app, { method: 'POST', url, publicToken: ops.publicToken, body, sessionToken });
    const created = await sdk(ROUTES.totps.create, { expiration_minutes: 5 }, issued.session_token);
    expect(created.statusCode, created.body).toBe(200);
    const confirmed = await sdk(
      ROUTES.totps.authenticate,
      { totp_code: codeAt(created.json().data.secret, clock.now().getTime()), session_duration_minutes: 60 },
      issued.session_token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const operator = { token: confirmed.json().data.session_token as string };
    const me = await operatorCall(t, operator, { method: 'GET', path: '/me' });
    expect(me.json().second_factor).toEqual({ enrolled: true, in_session: true, kinds: ['totp'] });
    const log = await operatorCall(t, operator, { method: 'GET', path: `/projects/${t.project.id}/events` });
    expect(log.statusCode).toBe(200);
  });

  it('a passkey added by a session that never showed the operator’s existing one does not count (a mailbox alone is not enough)', async () => {
    const owner = await signInOperator(t, { email: 'owner@example.com', role: 'owner' });
    const ops = await operatorsApp(t);
    clock.advance(MINUTE);
    // Someone who reads the owner's mailbox signs in with a login link …
    const byLink = await signIn(t.ctx, ops.project, 'owner@example.com');
    const intruder = { token: byLink.session_token };
    expect((await operatorCall(t, intruder, { method: 'GET', path: '/me' })).json().second_factor).toEqual({
      enrolled: true,
      in_session: false,
      kinds: ['webauthn'],
    });
    // … and registers a passkey of their own: the session shows it, but it did not exist when the session started.
    const { sessionToken } = await registered(ops, new SoftwareAuthenticator(), {
      userId: owner.userId,
      sessionToken: byLink.session_token,
    });
    intruder.token = sessionToken;
    const refused = await operatorCall(t, intruder, { method: 'GET', path: '/projects' });
    expect(errorTypeOf(refused)).toEqual({ status: 403, error_type: 'operator_second_factor_required' });
    // The owner's own passkey on that session (a secondary sign-in) is what counts.
    const signedIn = { ...owner, token: sessionToken };
    await reauthenticateWithPasskey(t, signedIn);
    expect((await operatorCall(t, signedIn, { method: 'GET', path: '/projects' })).statusCode).toBe(200);
  });

  it('dangerous actions ask an operator (not a key) for a sign-in within 5 minutes; a passkey sign-in makes it recent again', async () => {
    const owner = await signInOperator(t, { email: 'owner@example.com', role: 'owner' });
    const doomed = [
      await signIn(t.ctx, t.project, 'one@example.com'),
      await signIn(t.ctx, t.project, 'two@example.com'),
    ];
    const userPath = (index: number) => `/projects/${t.project.id}/users/${doomed[index]!.user_id}`;
    clock.advance(5 * MINUTE);
    const stale = await operatorCall(t, owner, { method: 'DELETE', path: userPath(0) });
    expect(errorTypeOf(stale)).toEqual({ status: 403, error_type: 'reauthentication_required' });
    expect(stale.json().error_message).toContain('within the last 5 minutes');
    for (const [method, path, body] of [
      ['GET', `/projects/${t.project.id}/users/export`, undefined],
      ['POST', '/operators', { email: 'new@example.com', role: 'viewer' }],
      ['POST', '/api-keys', { name: 'k', scopes: ['users:read'] }],
    ] as const) {
      const response = await operatorCall(t, owner, { method, path, ...(body ? { body } : {}) });
      expect(errorTypeOf(response), path).toEqual({ status: 403, error_type: 'reauthentication_required' });
    }
    // Reading is no dangerous action.
    expect((await operatorCall(t, owner, { method: 'GET', path: userPath(0) })).statusCode).toBe(200);
    // A key is not asked.
    expect((await adminCall(t.app, { method: 'DELETE', path: userPath(1) })).statusCode).toBe(200);

    await reauthenticateWithPasskey(t, owner);
    const me = await operatorCall(t, owner, { method: 'GET', path: '/me' });
    expect(me.json().recent_sign_in_until).toBe(new Date(clock.now().getTime() + 5 * MINUTE).toISOString());
    expect((await operatorCall(t, owner, { method: 'DELETE', path: userPath(0) })).statusCode).toBe(200);
  });

  it('an operator holding an authenticator app: a later login link asks for a code; a code with that session shows the factor and makes the sign-in recent for dangerous actions', async () => {
    const ops = await operatorsApp(t);
    await putOperator(t.ctx, {
      email: 'app@example.com',
      role: 'admin',
      by: SYSTEM_CHANGE,
      ifExists: 'refuse',
    });
    const sdk = (url: string, body: unknown, sessionToken: string) =>
      sdkRequest(t.app, { method: 'POST', url, publicToken: ops.publicToken, body, sessionToken });
    const first = await signIn(t.ctx, ops.project, 'app@example.com');
    const created = await sdk(ROUTES.totps.create, { expiration_minutes: 5 }, first.session_token);
    const secret = created.json().data.secret as string;
    const confirmed = await sdk(
      ROUTES.totps.authenticate,
      { totp_code: codeAt(secret, clock.now().getTime()), session_duration_minutes: 60 },
      first.session_token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // A later sign-in by link: /me names the app, nothing else answers until a code.
    clock.advance(MINUTE);
    const byLink = await signIn(t.ctx, ops.project, 'app@example.com');
    const operator = { token: byLink.session_token };
    expect((await operatorCall(t, operator, { method: 'GET', path: '/me' })).json().second_factor).toEqual({
      enrolled: true,
      in_session: false,
      kinds: ['totp'],
    });
    const code = (atMs: number) => ({ totp_code: codeAt(secret, atMs), session_duration_minutes: 60 });
    const withCode = await sdk(ROUTES.totps.authenticate, code(clock.now().getTime()), operator.token);
    expect(withCode.statusCode, withCode.body).toBe(200);
    operator.token = withCode.json().data.session_token;
    expect((await operatorCall(t, operator, { method: 'GET', path: '/me' })).json().second_factor).toEqual({
      enrolled: true,
      in_session: true,
      kinds: ['totp'],
    });

    // Five minutes on, a dangerous action is refused; a fresh code with the same session makes it recent again.
    const doomed = await signIn(t.ctx, t.project, 'doomed@example.com');
    const userPath = `/projects/${t.project.id}/users/${doomed.user_id}`;
    clock.advance(5 * MINUTE);
    expect(errorTypeOf(await operatorCall(t, operator, { method: 'DELETE', path: userPath }))).toEqual({
      status: 403,
      error_type: 'reauthentication_required',
    });
    const again = await sdk(ROUTES.totps.authenticate, code(clock.now().getTime()), operator.token);
    expect(again.statusCode, again.body).toBe(200);
    operator.token = again.json().data.session_token;
    const me = await operatorCall(t, operator, { method: 'GET', path: '/me' });
    expect(me.json().recent_sign_in_until).toBe(new Date(clock.now().getTime() + 5 * MINUTE).toISOString());
    expect((await operatorCall(t, operator, { method: 'DELETE', path: userPath })).statusCode).toBe(200);
  });

  it('the routes that ask for a recent sign-in are exactly the dangerous ones', () => {
    const flagged = t.app.gatehouseRoutes
      .filter((route) => route.config.adminRecentSignIn === true)
      .map((route) => `${route.method} ${route.url.slice('/admin/v1'.length)}`)
      .sort();
    expect(flagged).toEqual([
      'DELETE /operators/:operator_id',
      'DELETE /projects/:project_id/users/:user_id',
      'GET /projects/:project_id/users/export',
      'PATCH /operators/:operator_id',
      'POST /api-keys',
      'POST /operators',
      'POST /projects/:project_id/webhooks/:endpoint_id/secret',
    ]);
  });

  it('401 admin_unauthorized at once: a revoked or expired session, a removed operator, a user who is no operator, another project’s session, a blocked operator', async () => {
    const ops = await operatorsApp(t);
    const unauthorized = async (operator: { token: string }, why: string) => {
      const response = await operatorCall(t, operator, { method: 'GET', path: '/me' });
      expect(errorTypeOf(response), why).toEqual({ status: 401, error_type: 'admin_unauthorized' });
    };
    const owner = await signInOperator(t, { email: 'owner@example.com', role: 'owner' });
    expect((await operatorCall(t, owner, { method: 'GET', path: '/me' })).statusCode).toBe(200);
    const revoked = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsRevoke,
      publicToken: ops.publicToken,
      sessionToken: owner.token,
      body: {},
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await unauthorized(owner, 'revoked');

    const again = { token: (await signIn(t.ctx, ops.project, 'owner@example.com')).session_token };
    clock.advance(61 * MINUTE);
    await unauthorized(again, 'expired');

    const admin = await signInOperator(t, { email: 'admin@example.com', role: 'admin' });
    const removed = await adminCall(t.app, { method: 'DELETE', path: `/operators/${admin.operatorId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    await unauthorized(admin, 'removed');

    // A user of the operators project who holds no role.
    const stranger = await signIn(t.ctx, ops.project, 'stranger@example.com');
    await unauthorized({ token: stranger.session_token }, 'not an operator');
    // The same address signed in to another project.
    const elsewhere = await signIn(t.ctx, t.project, 'owner@example.com');
    await unauthorized({ token: elsewhere.session_token }, 'another project');
    await unauthorized({ token: 'x'.repeat(43) }, 'no session');

    const support = await signInOperator(t, { email: 'support@example.com', role: 'support' });
    await t.ctx.db.execute(sql`UPDATE users SET blocked_at = now() WHERE id = ${support.userId}`);
    await unauthorized(support, 'blocked');
  });

  it('GET /me for a key: no role, every scope, nothing masked', async () => {
    const me = await adminCall(t.app, { method: 'GET', path: '/me' });
    expect(me.json()).toEqual({
      actor: { type: 'admin_api_key', id: 'bootstrap' },
      role: null,
      operator_id: null,
      scopes: [...ADMIN_SCOPES],
      masked: false,
      email: null,
      second_factor: null,
      recent_sign_in_until: null,
      projects: expect.arrayContaining([{ id: t.project.id, name: t.project.name }]),
    });
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'writer', scopes: ['users:write'] },
    });
    const key = (made.json() as { key: string }).key;
    // users:write keeps the support actions it always had (users:support), and `self`.
    expect((await adminCall(t.app, { method: 'GET', path: '/me', key })).json().scopes).toEqual([
      'users:write',
      'users:support',
      'self',
    ]);
  });
});
