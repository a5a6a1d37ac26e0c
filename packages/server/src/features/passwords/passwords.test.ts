// Issue 10 "Tests that show it" (server): each password endpoint's success and error answers, POST /users/search,
// the reset link with PKCE, and a reset ending the user's other sessions. Runs on every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetTokens, passwords, sessions, userEmails } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, linkIn, pkcePair, recordingDelivery } from '../magic-links/test-helpers';
import { RESET_PASSWORD_MESSAGE, UNABLE_TO_RESET_MESSAGE, WRONG_PASSWORD_MESSAGE } from './service';
import { nextLinkMessage, nthMessage, STRONG, STRONG_2 } from './test-helpers';

const P = ROUTES.passwords;
const MINUTE = 60_000;

describe.each(testDatabaseKinds())('passwords on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const post = (url: string, body: unknown, sessionToken?: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      body,
      ...(sessionToken ? { sessionToken } : {}),
    });

  async function signUp(email = 'ada@example.com', password = STRONG) {
    const response = await post(P.create, { email, password, session_duration_minutes: 30 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { user_id: string; session_token: string; email_id: string };
  }

  async function startReset(email: string, extra: Record<string, unknown> = {}) {
    const before = delivery.messages.length;
    const response = await post(P.emailResetStart, { email, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return linkIn(await nextLinkMessage(delivery.messages, before));
  }

  describe('POST /passwords', () => {
    it('creates a user with an unverified address and a password, signed in with a knowledge factor', async () => {
      const response = await post(P.create, {
        email: 'Ada@Example.com',
        password: STRONG,
        session_duration_minutes: 60,
      });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.user_id).toMatch(/^user-test-/);
      expect(data.email_id).toMatch(/^email-test-/);
      expect(typeof data.session_token).toBe('string');
      expect(typeof data.session_jwt).toBe('string');
      expect(data.user).toEqual(data.__user);
      expect(data.user.emails).toEqual([
        { email_id: data.email_id, email: 'ada@example.com', verified: false },
      ]);
      expect(data.user.password).toMatchObject({ requires_reset: false });
      expect(data.session.authentication_factors).toEqual([
        expect.objectContaining({ type: 'password', delivery_method: 'knowledge' }),
      ]);
      const [row] = await t.ctx.db.select().from(passwords);
      expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('refuses an address that has an account (duplicate_email), with or without a password', async () => {
      await signUp();
      const again = await post(P.create, { email: 'ADA@example.com', password: STRONG_2 });
      expect(again.statusCode).toBe(409);
      expect(again.json().error_type).toBe('duplicate_email');
      const linkUser = await post(ROUTES.magicLinksEmailLoginOrCreate, { email: 'grace@example.com' });
      expect(linkUser.statusCode).toBe(200);
      const taken = await post(P.create, { email: 'grace@example.com', password: STRONG });
      expect(taken.json().error_type).toBe('duplicate_email');
      expect(await t.ctx.db.select({ n: count() }).from(passwords)).toEqual([{ n: 1 }]);
    });

    it('refuses a weak password (weak_password), a breached one (reset_password) and bad lengths (400)', async () => {
      const weak = await post(P.create, { email: 'a@example.com', password: 'zzzzzzzzzzq1' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error_type).toBe('weak_password');
      const breached = await post(P.create, { email: 'a@example.com', password: 'password1234' });
      expect(breached.statusCode).toBe(400);
      expect(breached.json().error_type).toBe('reset_password');
      const short = await post(P.create, { email: 'a@example.com', password: 'Ab1!xyz' });
      expect(short.statusCode).toBe(400);
      const badEmail = await post(P.create, { email: 'not-an-email', password: STRONG });
      expect(badEmail.json().error_type).toBe('invalid_email');
      expect(await t.ctx.db.select({ n: count() }).from(userEmails)).toEqual([{ n: 0 }]);
    });
  });

  describe('POST /passwords/authenticate', () => {
    it('signs in with the right password and refuses a wrong one or an unknown address alike', async () => {
      const created = await signUp();
      const ok = await post(P.authenticate, {
        email: 'ada@example.com',
        password: STRONG,
        session_duration_minutes: 30,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.user_id).toBe(created.user_id);
      expect(ok.json().data.session.authentication_factors[0]).toMatchObject({ type: 'password' });

      const wrong = await post(P.authenticate, { email: 'ada@example.com', password: STRONG_2 });
      const unknown = await post(P.authenticate, { email: 'nobody@example.com', password: STRONG_2 });
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({
          error_type: 'unauthorized_credentials',
          error_message: WRONG_PASSWORD_MESSAGE,
        });
      }
    });

    it('a passwordless user has no password to sign in with', async () => {
      await post(ROUTES.magicLinksEmailLoginOrCreate, { email: 'grace@example.com' });
      const response = await post(P.authenticate, { email: 'grace@example.com', password: STRONG });
      expect(response.json().error_type).toBe('unauthorized_credentials');
    });

    it('a breached stored password answers reset_password and is marked requires_reset', async () => {
      const created = await signUp();
      await t.ctx.db
        .update(passwords)
        .set({ hash: await t.ctx.passwords.hash('password1234') })
        .where(eq(passwords.userId, created.user_id));
      const response = await post(P.authenticate, { email: 'ada@example.com', password: 'password1234' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error_type: 'reset_password',
        error_message: RESET_PASSWORD_MESSAGE,
      });
      const [row] = await t.ctx.db.select().from(passwords);
      expect(row?.requiresReset).toBe(true);
    });
  });

  describe('reset by e-mail', () => {
    it('sends a link to the owner, and the link sets a new password, proves the address and ends other sessions', async () => {
      const created = await signUp();
      const other = await post(P.authenticate, { email: 'ada@example.com', password: STRONG });
      expect(other.statusCode).toBe(200);
      const { url, token } = await startReset('ada@example.com', { reset_password_expiration_minutes: 15 });
      expect(url.searchParams.get('stytch_token_type')).toBe('reset_password');
      expect(url.origin + url.pathname).toBe(t.project.allowedRedirectUrls[0]);

      const reset = await post(P.emailReset, { token, password: STRONG_2, session_duration_minutes: 30 });
      expect(reset.statusCode, reset.body).toBe(200);
      const data = reset.json().data;
      expect(data.user_id).toBe(created.user_id);
      expect(data.user.emails[0].verified).toBe(true);
      // Only the new session is left: the two earlier ones were ended.
      const left = await t.ctx.db.select({ id: sessions.id }).from(sessions);
      expect(left).toEqual([{ id: data.session.session_id }]);
      const oldSession = await post(ROUTES.sessionsAuthenticate, {}, created.session_token);
      expect(oldSession.json().error_type).toBe('session_not_found');

      const again = await post(P.emailReset, { token, password: STRONG, session_duration_minutes: 30 });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({
        error_type: 'unable_to_reset_password',
        error_message: UNABLE_TO_RESET_MESSAGE,
      });
      const login = await post(P.authenticate, { email: 'ada@example.com', password: STRONG_2 });
      expect(login.statusCode).toBe(200);
    });

    it('answers an unknown address exactly as a known one, and sends nothing', async () => {
      await signUp();
      const known = await post(P.emailResetStart, { email: 'ada@example.com' });
      const unknown = await post(P.emailResetStart, { email: 'nobody@example.com' });
      expect(unknown.statusCode).toBe(known.statusCode);
      const strip = (body: string) => body.replace(/request-id-[^"]+/, 'ID');
      expect(strip(unknown.body)).toBe(strip(known.body));
      await nthMessage(delivery.messages, 1);
      expect(delivery.messages.map((m) => m.to)).toEqual(['ada@example.com']);
    });

    it('a passwordless user gets a link that sets their first password', async () => {
      await post(ROUTES.magicLinksEmailLoginOrCreate, { email: 'grace@example.com' });
      delivery.messages.length = 0;
      const { token } = await startReset('grace@example.com');
      const reset = await post(P.emailReset, { token, password: STRONG, session_duration_minutes: 30 });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().data.user.password).not.toBeNull();
    });

    it('refuses an expired link, a weak password (link stays usable) and a redirect URL off the allowlist', async () => {
      await signUp();
      const { token } = await startReset('ada@example.com');
      const weak = await post(P.emailReset, { token, password: 'aaaaaaaaaa' });
      expect(weak.json().error_type).toBe('weak_password');
      clock.advance(31 * MINUTE);
      const expired = await post(P.emailReset, { token, password: STRONG_2 });
      expect(expired.json().error_type).toBe('unable_to_reset_password');
      const offList = await post(P.emailResetStart, {
        email: 'ada@example.com',
        reset_password_redirect_url: 'https://evil.example/reset',
      });
      expect(offList.statusCode).toBe(400);
      expect(offList.json().error_type).toBe('invalid_redirect_url');
    });

    it('PKCE: a challenge needs its verifier; a mismatch leaves the link usable; required by the project setting', async () => {
      await signUp();
      const pair = pkcePair(3);
      const { token } = await startReset('ada@example.com', { code_challenge: pair.challenge });
      const missing = await post(P.emailReset, { token, password: STRONG_2 });
      expect(missing.json().error_type).toBe('missing_pkce');
      const mismatch = await post(P.emailReset, {
        token,
        password: STRONG_2,
        code_verifier: pkcePair(4).verifier,
      });
      expect(mismatch.json().error_type).toBe('pkce_mismatch');
      const ok = await post(P.emailReset, { token, password: STRONG_2, code_verifier: pair.verifier });
      expect(ok.statusCode).toBe(200);

      await t.ctx.db.execute(
        `UPDATE projects SET settings = settings || '{"pkce_required_for_password_resets": true}'::jsonb` as never,
      );
      t.ctx.projects.clear();
      const refused = await post(P.emailResetStart, { email: 'ada@example.com' });
      expect(refused.json().error_type).toBe('missing_pkce');
    });
  });

  describe('other resets', () => {
    it('existing_password/reset changes the password with the current one and ends every other session', async () => {
      const created = await signUp();
      const wrong = await post(P.existingPasswordReset, {
        email: 'ada@example.com',
        existing_password: STRONG_2,
        new_password: STRONG_2,
        session_duration_minutes: 30,
      });
      expect(wrong.json().error_type).toBe('unauthorized_credentials');
      const ok = await post(P.existingPasswordReset, {
        email: 'ada@example.com',
        existing_password: STRONG,
        new_password: STRONG_2,
        session_duration_minutes: 30,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const old = await post(ROUTES.sessionsAuthenticate, {}, created.session_token);
      expect(old.json().error_type).toBe('session_not_found');
      expect((await post(P.authenticate, { email: 'ada@example.com', password: STRONG_2 })).statusCode).toBe(
        200,
      );
    });

    it('session/reset needs a session, keeps (rotates) it and ends the others', async () => {
      const first = await signUp();
      const second = (await post(P.authenticate, { email: 'ada@example.com', password: STRONG })).json().data;
      const anonymous = await post(P.sessionReset, { password: STRONG_2 });
      expect(anonymous.json().error_type).toBe('unauthorized_credentials');
      const ok = await post(
        P.sessionReset,
        { password: STRONG_2, session_duration_minutes: 30 },
        second.session_token,
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.session.session_id).toBe(second.session.session_id);
      const gone = await post(ROUTES.sessionsAuthenticate, {}, first.session_token);
      expect(gone.json().error_type).toBe('session_not_found');
      const kept = await post(ROUTES.sessionsAuthenticate, {}, ok.json().data.session_token);
      expect(kept.statusCode).toBe(200);
    });
  });

  describe('POST /passwords/strength_check', () => {
    it('answers the wire shape for a strong, a short and a breached password', async () => {
      const strong = await post(P.strengthCheck, { password: STRONG, email: 'ada@example.com' });
      expect(strong.statusCode).toBe(200);
      expect(strong.json().data).toMatchObject({
        valid_password: true,
        breached_password: false,
        strength_policy: 'zxcvbn',
        feedback: { luds_requirements: expect.any(Object) },
      });
      const short = await post(P.strengthCheck, { password: 'abc' });
      expect(short.statusCode).toBe(200);
      expect(short.json().data.valid_password).toBe(false);
      const breached = await post(P.strengthCheck, { password: 'password1234' });
      expect(breached.json().data).toMatchObject({ valid_password: false, breached_password: true });
      const badEmail = await post(P.strengthCheck, { password: STRONG, email: 'nope' });
      expect(badEmail.json().error_type).toBe('invalid_email');
    });
  });

  describe('POST /users/search', () => {
    it('answers new, password or passwordless (camelCase userType)', async () => {
      await signUp();
      await post(ROUTES.magicLinksEmailLoginOrCreate, { email: 'grace@example.com' });
      const type = async (email: string) => (await post(ROUTES.usersSearch, { email })).json().data.userType;
      expect(await type('nobody@example.com')).toBe('new');
      expect(await type('ADA@example.com')).toBe('password');
      expect(await type('grace@example.com')).toBe('passwordless');
      expect((await post(ROUTES.usersSearch, { email: 'x' })).json().error_type).toBe('invalid_email');
    });
  });

  it('stores reset tokens hashed with their expiry and challenge', async () => {
    await signUp();
    const { token } = await startReset('ada@example.com');
    const [row] = await t.ctx.db.select().from(passwordResetTokens);
    expect(Buffer.from(row!.tokenHash).toString('hex')).not.toContain(Buffer.from(token).toString('hex'));
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * MINUTE);
    expect(row?.usedAt).toBeNull();
  });
});
