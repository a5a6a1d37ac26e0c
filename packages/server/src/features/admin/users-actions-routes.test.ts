// Issue 25 items 3 and 4 through the admin API: a block refuses the user at every sign-in this file can drive
// cheaply (password, e-mail OTP, login link) and at the session check, and an unblock lets them back; sessions
// revoked one or all; a login link and a password reset e-mailed; a factor removed — each with its event by the admin.
import { ROUTES } from '@gatehouse/protocol';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, TEST_REDIRECT_URL, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { bcryptHash } from '../import/fixtures/bcrypt';
import { importExportFile } from '../import/run-import';
import { portableUser, toJsonLines } from '../import/test-helpers';
import { fakeClock, linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn } from '../otps/test-helpers';
import { CHEAP_ARGON2, nextLinkMessage, STRONG } from '../passwords/test-helpers';
import { rowsOf } from '../users/user-sql';

describe.each(testDatabaseKinds())('admin API user actions on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await bcryptHash(STRONG, {
      cost: 4,
      salt: new Uint8Array(Buffer.from('imported-salt-16')),
    });
    t = await createTestApp({
      kind,
      clock,
      delivery,
      argon2: CHEAP_ARGON2,
      config: { adminApiKey: TEST_ADMIN_KEY },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const rows = async (query: SQL) => rowsOf<Record<string, unknown>>(await t.ctx.db.execute(query));
  const events = (type: string) =>
    rows(sql`SELECT actor_type, actor_id, subject_user_id, request_id, payload FROM events
      WHERE type = ${type} ORDER BY seq`);
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    adminCall(t.app, {
      method,
      path: `/projects/${t.project.id}/users${path}`,
      ...(body === undefined ? {} : { body }),
    });
  const post = (url: string, body: unknown, sessionToken?: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      body,
      ...(sessionToken ? { sessionToken } : {}),
    });
  const passwordSignIn = (email: string) =>
    post(ROUTES.passwords.authenticate, { email, password: STRONG, session_duration_minutes: 60 });
  const otpSignIn = async (email: string) => {
    // A second code of the address in the same (fake) millisecond would tie with the first.
    clock.advance(1_000);
    const sent = await post(ROUTES.otps.loginOrCreate('email'), { email });
    expect(sent.statusCode, sent.body).toBe(200);
    return post(ROUTES.otps.authenticate, {
      token: codeIn(delivery.last()),
      method_id: sent.json().data.method_id,
      session_duration_minutes: 60,
    });
  };
  /** A login link sent by the admin API, redeemed through the SDK. */
  const adminLinkSignIn = async (userId: string) => {
    const before = delivery.messages.length;
    const sent = await call('POST', `/${userId}/login-link`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const { token } = linkIn(await nextLinkMessage(delivery.messages, before));
    return post(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 60 });
  };
  const sessionCheck = (token: string) => post(ROUTES.sessionsAuthenticate, {}, token);
  /**
   * A user with a password and a verified e-mail address (imported: a password set before the address is proved is
   * removed by its first proof, issue 20 item 1), signed in twice.
   */
  const member = async (email: string) => {
    const summary = await importExportFile(t.ctx, {
      projectId: t.project.id,
      source: 'gatehouse',
      text: toJsonLines([portableUser({ emails: [{ email, verified: true }], password_hash: passwordHash })]),
    });
    expect(summary.imported).toBe(1);
    const tokens: string[] = [];
    const sessionIds: string[] = [];
    let userId = '';
    for (const signIn of [passwordSignIn, otpSignIn]) {
      const done = await signIn(email);
      expect(done.statusCode, done.body).toBe(200);
      tokens.push(done.json().data.session_token as string);
      sessionIds.push(done.json().data.session.session_id as string);
      userId = done.json().data.user_id as string;
    }
    return { userId, tokens, sessionIds };
  };

  it('a block ends every session and refuses password, e-mail OTP and login-link sign-ins; an unblock lets them in', async () => {
    const { userId, tokens } = await member('blocked@example.com');
    const blocked = await call('POST', `/${userId}/block`, { reason: 'Chargeback fraud' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const detail = (await call('GET', `/${userId}`)).json();
    expect(detail).toMatchObject({
      blocked_at: '2030-01-01T00:00:01Z',
      blocked_reason: 'Chargeback fraud',
      sessions: [],
    });

    for (const token of tokens) {
      const check = await sessionCheck(token);
      expect(check.statusCode).toBe(404);
      expect(check.json().error_type).toBe('session_not_found');
    }
    for (const refused of [
      await passwordSignIn('blocked@example.com'),
      await otpSignIn('blocked@example.com'),
      await adminLinkSignIn(userId),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error_type).toBe('user_blocked');
    }
    expect(await rows(sql`SELECT count(*)::int AS n FROM sessions`)).toEqual([{ n: 0 }]);

    expect(await events('user.blocked')).toEqual([
      {
        actor_type: 'admin_api_key',
        actor_id: 'bootstrap',
        subject_user_id: userId,
        request_id: blocked.headers['x-request-id'],
        payload: { reason: 'Chargeback fraud' },
      },
    ]);
    const revoked = await events('session.revoked');
    expect(revoked).toHaveLength(2);
    for (const event of revoked) {
      expect(event).toMatchObject({
        actor_type: 'admin_api_key',
        actor_id: 'bootstrap',
        subject_user_id: userId,
        request_id: blocked.headers['x-request-id'],
        payload: { reason: 'all_sessions' },
      });
    }

    const unblocked = await call('POST', `/${userId}/unblock`, {});
    expect(unblocked.statusCode).toBe(200);
    expect((await call('GET', `/${userId}`)).json()).toMatchObject({
      blocked_at: null,
      blocked_reason: null,
    });
    const back = await passwordSignIn('blocked@example.com');
    expect(back.statusCode, back.body).toBe(200);
    expect((await sessionCheck(back.json().data.session_token)).statusCode).toBe(200);
    expect((await otpSignIn('blocked@example.com')).statusCode).toBe(200);
    expect((await adminLinkSignIn(userId)).statusCode).toBe(200);
    expect(await events('user.unblocked')).toEqual([
      expect.objectContaining({ actor_type: 'admin_api_key', subject_user_id: userId, payload: {} }),
    ]);
    // Unblocking someone not blocked is no event; a block needs a reason.
    expect((await call('POST', `/${userId}/unblock`, {})).statusCode).toBe(200);
    expect(await events('user.unblocked')).toHaveLength(1);
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }]) {
      expect((await call('POST', `/${userId}/block`, body)).statusCode).toBe(400);
    }
    expect(await events('user.blocked')).toHaveLength(1);
  });

  it('revokes one session or all of them, each a session.revoked by the admin', async () => {
    const { userId, tokens, sessionIds } = await member('sessions@example.com');
    const [first, second] = tokens as [string, string];
    const sessions = (await call('GET', `/${userId}`)).json().sessions as Array<{ session_id: string }>;
    expect(sessions.map((session) => session.session_id).sort()).toEqual([...sessionIds].sort());
    const firstId = sessionIds[0]!;

    const one = await call('DELETE', `/${userId}/sessions/${firstId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect((await sessionCheck(first)).statusCode).toBe(404);
    expect((await sessionCheck(second)).statusCode).toBe(200);
    expect((await call('DELETE', `/${userId}/sessions/${firstId}`)).json()).toMatchObject({
      status_code: 404,
      error_type: 'session_not_found',
    });
    // Another user's session is not this user's.
    const other = await member('other@example.com');
    const otherSession = other.sessionIds[0]!;
    expect((await call('DELETE', `/${userId}/sessions/${otherSession}`)).statusCode).toBe(404);
    expect((await sessionCheck(other.tokens[0]!)).statusCode).toBe(200);

    const all = await call('DELETE', `/${userId}/sessions`);
    expect(all.statusCode).toBe(200);
    expect(all.json().revoked_session_ids).toHaveLength(1);
    expect((await sessionCheck(second)).statusCode).toBe(404);
    expect(
      (await events('session.revoked')).map((event) => [
        event.actor_type,
        (event.payload as { reason: string }).reason,
      ]),
    ).toEqual([
      ['admin_api_key', 'revoked'],
      ['admin_api_key', 'all_sessions'],
    ]);
  });

  it('sends a login link to an allowed URL only, and refuses a user without an e-mail address', async () => {
    const { userId } = await member('link@example.com');
    const before = delivery.messages.length;
    const sent = await call('POST', `/${userId}/login-link`, { login_magic_link_url: TEST_REDIRECT_URL });
    expect(sent.json()).toMatchObject({ user_id: userId, email: 'link@example.com' });
    const message = await nextLinkMessage(delivery.messages, before);
    expect(message.to).toBe('link@example.com');
    expect(linkIn(message).url.href.startsWith(TEST_REDIRECT_URL)).toBe(true);

    const elsewhere = await call('POST', `/${userId}/login-link`, {
      login_magic_link_url: 'https://evil.example/x',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error_type).toBe('invalid_redirect_url');

    const phoneOnly = (await call('POST', '', { phone_number: '+14155550123' })).json().user
      .user_id as string;
    const none = await call('POST', `/${phoneOnly}/login-link`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error_type: 'invalid_admin_request' });
    expect((await call('POST', `/${phoneOnly}/require-password-reset`, {})).statusCode).toBe(400);
  });

  it('requiring a password reset stops the password and e-mails a reset link; password.reset_requested by the admin', async () => {
    const { userId } = await member('reset@example.com');
    const before = delivery.messages.length;
    const response = await call('POST', `/${userId}/require-password-reset`, {});
    expect(response.statusCode, response.body).toBe(200);
    const message = await nextLinkMessage(delivery.messages, before);
    expect(message.to).toBe('reset@example.com');
    expect(message.text).toContain('stytch_token_type=reset_password');
    const refused = await passwordSignIn('reset@example.com');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_type).toBe('reset_password');
    expect(await events('password.reset_requested')).toEqual([
      {
        actor_type: 'admin_api_key',
        actor_id: 'bootstrap',
        subject_user_id: userId,
        request_id: response.headers['x-request-id'],
        payload: { reason: 'requested' },
      },
    ]);
  });

  it('removes a factor with its event by the admin, never the last way to sign in, and 404s a factor not the user’s', async () => {
    const email = await otpSignIn('factors@example.com');
    const userId = email.json().data.user_id as string;
    const emailId = email.json().data.user.emails[0].email_id as string;
    const phoneId = `phone-number-test-${userId.slice(-8)}`;
    await t.ctx.db.execute(sql`INSERT INTO user_phone_numbers (id, user_id, project_id, phone_number, verified)
      VALUES (${phoneId}, ${userId}, ${t.project.id}, '+14155550199', true)`);

    const removed = await call('DELETE', `/${userId}/factors/${emailId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ user_id: userId, factor_id: emailId, kind: 'emails' });
    expect((await call('GET', `/${userId}`)).json().user.emails).toEqual([]);
    expect(await events('email.removed')).toEqual([
      {
        actor_type: 'admin_api_key',
        actor_id: 'bootstrap',
        subject_user_id: userId,
        request_id: removed.headers['x-request-id'],
        payload: { email_id: emailId },
      },
    ]);

    const walletId = `crypto-wallet-test-${userId.slice(-8)}`;
    await t.ctx.db.execute(sql`INSERT INTO crypto_wallets (id, user_id, project_id, wallet_type, address, verified)
      VALUES (${walletId}, ${userId}, ${t.project.id}, 'ethereum', '0x00000000000000000000000000000000000000aa', true)`);
    const wallet = await call('DELETE', `/${userId}/factors/${walletId}`);
    expect(wallet.json()).toEqual({ user_id: userId, factor_id: walletId, kind: 'crypto_wallets' });
    expect(await events('wallet.unlinked')).toEqual([
      expect.objectContaining({ actor_type: 'admin_api_key', payload: { crypto_wallet_id: walletId } }),
    ]);

    const last = await call('DELETE', `/${userId}/factors/${phoneId}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error_type).toBe('last_authentication_factor');
    const other = await otpSignIn('someone@example.com');
    const otherEmailId = other.json().data.user.emails[0].email_id as string;
    for (const factorId of [otherEmailId, 'email-test-nope']) {
      const missing = await call('DELETE', `/${userId}/factors/${factorId}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error_type).toBe('factor_not_found');
    }
    expect((await call('GET', `/${other.json().data.user_id}`)).json().user.emails).toHaveLength(1);
  });
});
