// Issue 10 item 5 (SPEC: a site built on the Stytch SDK works unchanged): the published @stytch/vanilla-js 4.13.1
// headless client, against the real server on a loopback port, signs up with a password, checks a password's
// strength, logs out and in, and resets its password by e-mail with the token from the delivered message — with
// and without the project requiring PKCE for resets (wire-format.md §6: the SDK's `passwords` PKCE namespace) —
// and logs in without a password: magicLinks.authenticate with the reset token, as the pre-built UI's reset form
// does (its handleLogin).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock, linkIn, recordingDelivery } from './features/magic-links/test-helpers';
import { nextLinkMessage, STRONG, STRONG_2 } from './features/passwords/test-helpers';
import { TEST_REDIRECT_URL } from './test-support/app';
import { testDatabaseKinds } from './test-support/database';
import { type StytchHeadless, startStytchHeadless } from './test-support/stytch-headless';

const EMAIL = 'ada@example.com';

describe.each(testDatabaseKinds())(
  'the Stytch headless client’s passwords (vanilla-js 4.13.1) on %s',
  (kind) => {
    const clock = fakeClock(new Date());
    const delivery = recordingDelivery();
    let page: StytchHeadless;

    beforeAll(async () => {
      page = await startStytchHeadless({ kind, clock, delivery });
    });
    afterAll(async () => {
      await page?.close();
    });

    async function resetThroughEmail(password: string): Promise<void> {
      const before = delivery.messages.length;
      await page.client.passwords.resetByEmailStart({
        email: EMAIL,
        reset_password_redirect_url: TEST_REDIRECT_URL,
        login_redirect_url: TEST_REDIRECT_URL,
        reset_password_expiration_minutes: 30,
      });
      const { url, token } = linkIn(await nextLinkMessage(delivery.messages, before));
      expect(url.searchParams.get('stytch_token_type')).toBe('reset_password');
      const reset = await page.client.passwords.resetByEmail({
        token,
        password,
        session_duration_minutes: 30,
      });
      expect(reset.session_token).toEqual(expect.any(String));
      expect(page.client.session.getSync()?.session_id).toBe(reset.session.session_id);
    }

    it('checks strength, signs up, logs out and logs in again', async () => {
      const strength = await page.client.passwords.strengthCheck({ email: EMAIL, password: STRONG });
      expect(strength).toMatchObject({
        valid_password: true,
        breached_password: false,
        strength_policy: 'zxcvbn',
      });
      const weak = await page.client.passwords.strengthCheck({ password: 'password1234' });
      expect(weak).toMatchObject({ valid_password: false, breached_password: true });

      const created = await page.client.passwords.create({
        email: EMAIL,
        password: STRONG,
        session_duration_minutes: 30,
      });
      expect(created.user_id).toMatch(/^user-test-/);
      expect(page.client.session.getSync()?.user_id).toBe(created.user_id);
      expect(page.client.user.getSync()?.emails[0]?.email).toBe(EMAIL);

      await page.client.session.revoke();
      expect(page.client.session.getSync()).toBeNull();
      const again = await page.client.passwords.authenticate({
        email: EMAIL,
        password: STRONG,
        session_duration_minutes: 30,
      });
      expect(again.user_id).toBe(created.user_id);
      expect(page.client.session.getSync()?.authentication_factors[0]).toMatchObject({
        type: 'password',
        delivery_method: 'knowledge',
      });

      const wrong = await page.client.passwords
        .authenticate({ email: EMAIL, password: STRONG_2, session_duration_minutes: 30 })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(wrong).toBeInstanceOf(page.sdk.StytchAPIError);
      expect((wrong as { error_type: string }).error_type).toBe('unauthorized_credentials');
    });

    it('resets the password by e-mail with the delivered token, then logs in with the new one', async () => {
      await page.client.session.revoke();
      await resetThroughEmail(STRONG_2);
      await page.client.session.revoke();
      const login = await page.client.passwords.authenticate({
        email: EMAIL,
        password: STRONG_2,
        session_duration_minutes: 30,
      });
      expect(login.user_id).toEqual(expect.any(String));
    });

    /** 'Login without a password' (the pre-built UI's handleLogin): the reset token through magicLinks.authenticate. */
    async function loginWithResetToken(): Promise<{ user_id: string; method_id: string }> {
      const before = delivery.messages.length;
      await page.client.passwords.resetByEmailStart({
        email: EMAIL,
        reset_password_redirect_url: TEST_REDIRECT_URL,
        login_redirect_url: TEST_REDIRECT_URL,
      });
      const { token } = linkIn(await nextLinkMessage(delivery.messages, before));
      const login = await page.client.magicLinks.authenticate(token, { session_duration_minutes: 30 });
      expect(page.client.session.getSync()?.session_id).toBe(login.session.session_id);
      expect(page.client.session.getSync()?.authentication_factors[0]).toMatchObject({
        type: 'magic_link',
        delivery_method: 'email',
        email_factor: { email_address: EMAIL },
      });
      // Single use: the same token then refuses a password reset.
      const reuse = await page.client.passwords
        .resetByEmail({ token, password: STRONG_2, session_duration_minutes: 30 })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect((reuse as { error_type?: string } | null)?.error_type).toBe('unable_to_reset_password');
      return login as unknown as { user_id: string; method_id: string };
    }

    it('logs in without a password: magicLinks.authenticate redeems a password reset token', async () => {
      await page.client.session.revoke();
      const login = await loginWithResetToken();
      expect(login.user_id).toMatch(/^user-test-/);
      expect(login.method_id).toMatch(/^email-test-/);
    });

    it('resets by e-mail when the project requires PKCE: the SDK sends the challenge and its verifier', async () => {
      await page.t.ctx.db.execute(
        sql`UPDATE projects SET settings = settings || '{"pkce_required_for_password_resets": true}'::jsonb`,
      );
      page.t.ctx.projects.clear();
      page.newClient();
      await resetThroughEmail(STRONG);
      const [start] = page.answered('/passwords/email/reset/start').slice(-1);
      const [reset] = page
        .answered('/passwords/email/reset')
        .filter((r) => r.url.pathname.endsWith('/reset'))
        .slice(-1);
      expect((start!.body as { code_challenge?: string }).code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((reset!.body as { code_verifier?: string }).code_verifier).toEqual(expect.any(String));
      expect(page.externalUrls()).toEqual([]);
    });

    it('logs in without a password when the project requires PKCE: the SDK sends the passwords verifier', async () => {
      await page.client.session.revoke();
      await loginWithResetToken();
      const [start] = page.answered('/passwords/email/reset/start').slice(-1);
      const [login] = page.answered('/magic_links/authenticate').slice(-1);
      expect((start!.body as { code_challenge?: string }).code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(login!.status).toBe(200);
      expect((login!.body as { code_verifier?: string }).code_verifier).toEqual(expect.any(String));
      expect(page.externalUrls()).toEqual([]);
    });
  },
);
