// Issue 3 "Tests that show it" (server): login_or_create for a new and a known address, the link works once,
// expiry, PKCE, the redirect allowlist, bad bodies, send/primary and send/secondary. Runs on every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { magicLinkTokens, sessions, userEmails, users } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { UNABLE_TO_AUTH_MESSAGE } from './service';
import { fakeClock, linkIn, pkcePair, recordingDelivery } from './test-helpers';

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('login links on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;
  let allowed: URL;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
    const first = t.project.allowedRedirectUrls[0];
    if (!first) throw new Error('the test project needs an allowed redirect URL');
    allowed = new URL(first);
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
      url: `/sdk/v1${url}`,
      publicToken: t.publicToken,
      body,
      ...(sessionToken ? { sessionToken } : {}),
    });
  const loginOrCreate = (body: Record<string, unknown>) => post(ROUTES.magicLinksEmailLoginOrCreate, body);
  const authenticate = (body: Record<string, unknown>, sessionToken?: string) =>
    post(ROUTES.magicLinksAuthenticate, { session_duration_minutes: 30, ...body }, sessionToken);

  async function rowCounts() {
    const [u] = await t.ctx.db.select({ n: count() }).from(users);
    const [e] = await t.ctx.db.select({ n: count() }).from(userEmails);
    const [m] = await t.ctx.db.select({ n: count() }).from(magicLinkTokens);
    const [s] = await t.ctx.db.select({ n: count() }).from(sessions);
    return { users: u?.n, emails: e?.n, tokens: m?.n, sessions: s?.n, mails: delivery.messages.length };
  }

  /** Signs a new address up through its link and returns the session token. */
  async function signUp(email: string): Promise<{ sessionToken: string; userId: string }> {
    const sent = await loginOrCreate({ email });
    expect(sent.statusCode).toBe(200);
    const done = await authenticate({ token: linkIn(delivery.last()).token });
    expect(done.statusCode).toBe(200);
    return { sessionToken: done.json().data.session_token, userId: done.json().data.user_id };
  }

  describe('POST /magic_links/email/login_or_create', () => {
    it('creates an unknown address and sends it a SIGNUP link (signup URL and expiry)', async () => {
      const signupUrl = new URL(allowed);
      signupUrl.searchParams.set('flow', 'signup');
      const response = await loginOrCreate({
        email: '  New.User@Example.COM ',
        login_magic_link_url: allowed.href,
        signup_magic_link_url: signupUrl.href,
        login_expiration_minutes: 15,
        signup_expiration_minutes: 60,
        signup_template_id: 'welcome_template',
      });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ status_code: 200, user_created: true });
      expect(data.request_id).toMatch(/^request-id-test-/);
      expect(data.user_id).toMatch(/^user-test-/);
      expect(data.email_id).toMatch(/^email-test-/);

      const mail = delivery.last();
      expect(mail).toMatchObject({ channel: 'email', to: 'new.user@example.com', projectId: t.project.id });
      expect(mail.subject).toBe(`Finish signing up to ${t.project.name}`);
      expect(mail.html).toContain(t.project.name.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
      const { url } = linkIn(mail);
      expect(url.origin + url.pathname).toBe(signupUrl.origin + signupUrl.pathname);
      expect(url.searchParams.get('flow')).toBe('signup');
      expect(url.searchParams.get('stytch_token_type')).toBe('magic_links');

      const [row] = await t.ctx.db.select().from(magicLinkTokens);
      expect(row).toMatchObject({
        kind: 'signup',
        userId: data.user_id,
        emailId: data.email_id,
        templateId: 'welcome_template',
      });
      expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(60 * MINUTE);
      const [user] = await t.ctx.db.select().from(users).where(eq(users.id, data.user_id));
      expect(user?.status).toBe('active');
    });

    it('sends a known address a LOGIN link (login URL and expiry) without creating anyone', async () => {
      const { userId } = await signUp('known@example.com');
      const before = await rowCounts();
      const loginUrl = new URL(allowed);
      loginUrl.searchParams.set('flow', 'login');
      const response = await loginOrCreate({
        email: 'KNOWN@example.com',
        login_magic_link_url: loginUrl.href,
        login_expiration_minutes: 15,
        signup_expiration_minutes: 60,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ user_id: userId, user_created: false });
      expect(delivery.last().subject).toBe(`Your login link for ${t.project.name}`);
      expect(linkIn(delivery.last()).url.searchParams.get('flow')).toBe('login');
      const after = await rowCounts();
      expect(after.users).toBe(before.users);
      const [row] = await t.ctx.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.kind, 'login'));
      expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(15 * MINUTE);
    });

    it('defaults both URLs to the first allowed redirect URL and both expiries to 30 minutes (SPEC §9)', async () => {
      expect((await loginOrCreate({ email: 'defaults@example.com' })).statusCode).toBe(200);
      const { url } = linkIn(delivery.last());
      expect(url.origin + url.pathname).toBe(allowed.origin + allowed.pathname);
      const [row] = await t.ctx.db.select().from(magicLinkTokens);
      expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(30 * MINUTE);
    });

    it('tolerates extra keys the SDK spreads into the body', async () => {
      const response = await loginOrCreate({
        email: 'extra@example.com',
        captcha_token: 'x',
        dfp_telemetry_id: 'y',
        locale: 'en-US',
        someCallerOption: { nested: true },
      });
      expect(response.statusCode).toBe(200);
    });

    it('creates the user as pending when asked, and the link activates it', async () => {
      const response = await loginOrCreate({ email: 'pending@example.com', create_user_as_pending: true });
      expect(response.statusCode).toBe(200);
      const userId = response.json().data.user_id;
      const [pending] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
      expect(pending?.status).toBe('pending');
      // Still pending: a second request sends the signup link again.
      await loginOrCreate({ email: 'pending@example.com' });
      const live = await t.ctx.db.select().from(magicLinkTokens).where(isNull(magicLinkTokens.usedAt));
      expect(live.map((row) => row.kind)).toEqual(['signup']);
      const done = await authenticate({ token: linkIn(delivery.last()).token });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.user.status).toBe('active');
      const [active] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
      expect(active?.status).toBe('active');
    });
  });

  describe('POST /magic_links/authenticate', () => {
    it('signs in once: verified e-mail, email factor, AuthenticateResponse + method_id; then the documented error', async () => {
      const sent = (await loginOrCreate({ email: 'once@example.com' })).json().data;
      const { token } = linkIn(delivery.last());
      const response = await authenticate({ token, session_duration_minutes: 60 });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.method_id).toBe(sent.email_id);
      expect(data.user_id).toBe(sent.user_id);
      expect(typeof data.session_token).toBe('string');
      expect(typeof data.session_jwt).toBe('string');
      expect(data.user.user_id).toBe(sent.user_id);
      expect(data.__user.user_id).toBe(sent.user_id);
      expect(data.user.emails).toEqual([
        { email_id: sent.email_id, email: 'once@example.com', verified: true },
      ]);
      expect(data.session.authentication_factors).toEqual([
        {
          type: 'magic_link',
          delivery_method: 'email',
          last_authenticated_at: expect.any(String),
          email_factor: { email_id: sent.email_id, email_address: 'once@example.com' },
        },
      ]);
      expect(new Date(data.session.expires_at).getTime() - clock.now().getTime()).toBe(60 * MINUTE);

      const again = await authenticate({ token });
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({
        status_code: 401,
        error_type: 'unable_to_auth_magic_link',
        error_message: UNABLE_TO_AUTH_MESSAGE,
      });
    });

    it('answers an unknown token like a used one', async () => {
      const response = await authenticate({ token: 'A'.repeat(43) });
      expect(response.statusCode).toBe(401);
      expect(response.json().error_type).toBe('unable_to_auth_magic_link');
    });

    it('refuses an expired link (fake clock) and accepts it a moment before', async () => {
      await loginOrCreate({ email: 'late@example.com', signup_expiration_minutes: 5 });
      clock.advance(5 * MINUTE - 1000);
      expect((await authenticate({ token: linkIn(delivery.last()).token })).statusCode).toBe(200);

      await loginOrCreate({ email: 'late@example.com', login_expiration_minutes: 5 });
      clock.advance(5 * MINUTE);
      const expired = await authenticate({ token: linkIn(delivery.last()).token });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error_type).toBe('unable_to_auth_magic_link');
      expect(expired.json().error_message).toBe(UNABLE_TO_AUTH_MESSAGE);
    });

    it('PKCE: missing verifier → missing_pkce, wrong verifier → pkce_mismatch, right verifier → session', async () => {
      const { verifier, challenge } = pkcePair(1);
      await loginOrCreate({ email: 'pkce@example.com', code_challenge: challenge });
      const { token } = linkIn(delivery.last());

      const missing = await authenticate({ token });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error_type).toBe('missing_pkce');

      const wrong = await authenticate({ token, code_verifier: pkcePair(2).verifier });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error_type).toBe('pkce_mismatch');
      expect(wrong.json().error_message).toContain('pkce');

      const right = await authenticate({ token, code_verifier: verifier });
      expect(right.statusCode).toBe(200);
    });

    it('PKCE: a verifier for a link sent without a challenge → pkce_mismatch; the link then works without it', async () => {
      await loginOrCreate({ email: 'nopkce@example.com' });
      const { token } = linkIn(delivery.last());
      const downgrade = await authenticate({ token, code_verifier: pkcePair(3).verifier });
      expect(downgrade.statusCode).toBe(400);
      expect(downgrade.json().error_type).toBe('pkce_mismatch');
      expect((await authenticate({ token })).statusCode).toBe(200);
    });

    it('validates session_duration_minutes (5..525600) and defaults it to 30', async () => {
      await loginOrCreate({ email: 'duration@example.com' });
      const { token } = linkIn(delivery.last());
      for (const bad of [4, 525_601]) {
        const response = await authenticate({ token, session_duration_minutes: bad });
        expect(response.statusCode).toBe(400);
        expect(response.json().error_type).toBe('invalid_session_duration');
      }
      expect((await authenticate({ token, session_duration_minutes: 1.5 })).statusCode).toBe(400);
      const ok = await post(ROUTES.magicLinksAuthenticate, { token });
      expect(ok.statusCode).toBe(200);
      expect(new Date(ok.json().data.session.expires_at).getTime() - clock.now().getTime()).toBe(30 * MINUTE);
    });
  });

  describe('redirect URL allowlist', () => {
    it('refuses URLs outside the allowlist and look-alikes, writing nothing', async () => {
      const port = Number(allowed.port || (allowed.protocol === 'https:' ? 443 : 80));
      const lookAlikes = [
        'https://evil.example.org/authenticate',
        `${allowed.protocol}//${allowed.hostname}:${port + 1}${allowed.pathname}`,
        `${allowed.protocol}//${allowed.host}.evil.com${allowed.pathname}`,
        `${allowed.protocol}//${allowed.hostname}@evil.com${allowed.pathname}`,
        `${allowed.protocol}//user@${allowed.host}${allowed.pathname}`,
        `${allowed.origin}${allowed.pathname.replace(/\/?$/, '/')}deeper`,
        `${allowed.origin}${allowed.pathname}x`,
        `${allowed.protocol === 'https:' ? 'http:' : 'https:'}//${allowed.host}${allowed.pathname}`,
        `javascript:alert(1)//${allowed.host}`,
        `//${allowed.host}${allowed.pathname}`,
      ];
      for (const url of lookAlikes) {
        for (const field of ['login_magic_link_url', 'signup_magic_link_url']) {
          const response = await loginOrCreate({ email: 'redirect@example.com', [field]: url });
          expect(response.statusCode, `${field}=${url}`).toBe(400);
          expect(response.json().error_type).toBe('invalid_redirect_url');
        }
      }
      expect(await rowCounts()).toEqual({ users: 0, emails: 0, tokens: 0, sessions: 0, mails: 0 });
    });

    it('keeps an allowed URL’s own query in the link', async () => {
      const withQuery = new URL(allowed);
      withQuery.searchParams.set('next', '/account?tab=1');
      await loginOrCreate({ email: 'query@example.com', signup_magic_link_url: withQuery.href });
      const { url } = linkIn(delivery.last());
      expect(url.searchParams.get('next')).toBe('/account?tab=1');
      expect(url.searchParams.get('stytch_token_type')).toBe('magic_links');
    });
  });

  describe('bad bodies', () => {
    it.each<[string, unknown, string | null]>([
      ['no body fields', {}, null],
      ['email missing', { login_magic_link_url: 'https://x.example.com' }, null],
      ['email a number', { email: 42 }, null],
      ['email an object', { email: { $ne: null } }, null],
      ['email an array', { email: ['a@example.com'] }, null],
      ['email null', { email: null }, null],
      ['email without tld', { email: 'a@example' }, 'invalid_email'],
      ['email with CRLF', { email: 'a@example.com\r\nBcc: b@example.com' }, 'invalid_email'],
      ['email over 254 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(200)}.com` }, 'invalid_email'],
      [
        'expiry below 5',
        { email: 'a@example.com', login_expiration_minutes: 4 },
        'invalid_expiration_minutes',
      ],
      [
        'expiry above 10080',
        { email: 'a@example.com', signup_expiration_minutes: 10_081 },
        'invalid_expiration_minutes',
      ],
      ['expiry fractional', { email: 'a@example.com', login_expiration_minutes: 7.5 }, null],
      ['expiry a string', { email: 'a@example.com', login_expiration_minutes: 'soon' }, null],
      ['code_challenge too short', { email: 'a@example.com', code_challenge: 'abc' }, null],
      ['code_challenge with padding', { email: 'a@example.com', code_challenge: `${'a'.repeat(42)}=` }, null],
      ['template id with CRLF', { email: 'a@example.com', login_template_id: 'x\r\ny' }, null],
      ['create_user_as_pending a string', { email: 'a@example.com', create_user_as_pending: 'yes' }, null],
      ['redirect URL a number', { email: 'a@example.com', login_magic_link_url: 12 }, null],
    ])('%s → 400 and nothing written', async (_name, body, errorType) => {
      const response = await loginOrCreate(body as Record<string, unknown>);
      expect(response.statusCode).toBe(400);
      if (errorType) expect(response.json().error_type).toBe(errorType);
      else expect(response.json()).toHaveProperty('error_message');
      expect(await rowCounts()).toEqual({ users: 0, emails: 0, tokens: 0, sessions: 0, mails: 0 });
    });

    it.each<[string, unknown]>([
      ['no token', {}],
      ['token a number', { token: 123 }],
      ['token empty', { token: '' }],
      ['session_duration_minutes a string', { token: 'abc', session_duration_minutes: 'long' }],
      ['code_verifier an object', { token: 'abc', code_verifier: {} }],
    ])('authenticate with %s → 400', async (_name, body) => {
      const response = await post(ROUTES.magicLinksAuthenticate, body);
      expect(response.statusCode).toBe(400);
    });

    it('answers malformed JSON with a 400', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: `/sdk/v1${ROUTES.magicLinksEmailLoginOrCreate}`,
        publicToken: t.publicToken,
        body: '{"email": "a@example.com",',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(await rowCounts()).toEqual({ users: 0, emails: 0, tokens: 0, sessions: 0, mails: 0 });
    });
  });

  describe('POST /magic_links/email/send/primary', () => {
    it('answers 404 email_not_found for an unknown address and writes nothing', async () => {
      const response = await post(ROUTES.magicLinksEmailSendPrimary, { email: 'nobody@example.com' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error_type).toBe('email_not_found');
      expect(await rowCounts()).toEqual({ users: 0, emails: 0, tokens: 0, sessions: 0, mails: 0 });
    });

    it('sends a known user a login link that signs in', async () => {
      const { userId } = await signUp('primary@example.com');
      const response = await post(ROUTES.magicLinksEmailSendPrimary, { email: 'Primary@Example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ user_id: userId, user_created: false });
      expect(delivery.last().subject).toBe(`Your login link for ${t.project.name}`);
      const done = await authenticate({ token: linkIn(delivery.last()).token });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.user_id).toBe(userId);
    });
  });

  describe('POST /magic_links/email/send/secondary', () => {
    it('needs a session: 401 unauthorized_credentials without one', async () => {
      const response = await post(ROUTES.magicLinksEmailSendSecondary, { email: 'second@example.com' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error_type).toBe('unauthorized_credentials');
      expect(await rowCounts()).toEqual({ users: 0, emails: 0, tokens: 0, sessions: 0, mails: 0 });
    });

    it('attaches a new address unverified to the signed-in user; the link, redeemed by that session, verifies it', async () => {
      const { sessionToken, userId } = await signUp('first@example.com');
      const response = await post(
        ROUTES.magicLinksEmailSendSecondary,
        { email: 'second@example.com' },
        sessionToken,
      );
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ user_id: userId, user_created: false });
      const [attached] = await t.ctx.db.select().from(userEmails).where(eq(userEmails.id, data.email_id));
      expect(attached).toMatchObject({ userId, email: 'second@example.com', verified: false });

      const done = await authenticate({ token: linkIn(delivery.last()).token }, sessionToken);
      expect(done.statusCode).toBe(200);
      expect(done.json().data.user_id).toBe(userId);
      // The factor joined the same session (SPEC §4 secondary call).
      expect(done.json().data.session.authentication_factors).toHaveLength(2);
      const [verified] = await t.ctx.db.select().from(userEmails).where(eq(userEmails.id, data.email_id));
      expect(verified?.verified).toBe(true);
    });

    it('refuses an address that belongs to another user with 409 duplicate_email', async () => {
      await signUp('owner@example.com');
      const { sessionToken } = await signUp('other@example.com');
      const before = await rowCounts();
      const response = await post(
        ROUTES.magicLinksEmailSendSecondary,
        { email: 'owner@example.com' },
        sessionToken,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().error_type).toBe('duplicate_email');
      expect(await rowCounts()).toEqual(before);
    });
  });
});
