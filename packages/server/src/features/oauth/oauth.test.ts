// Issue 11 item 1: the whole authorization-code flow against a real OpenID provider on loopback (oidc-provider, set
// up as the google preset with overridden endpoints), through the server's start, callback and
// /sdk/v1/oauth/authenticate, on PGlite and PostgreSQL. security-tests.md TK-04 (state missing, mismatched,
// replayed; PKCE), TK-07/AT-02 (an unverified provider e-mail never links), AT-01 (a verified one proves the
// address: a password set before must be reset), RD-01 (redirect URL outside the allowlist), FT-05 (provider down),
// TK-01 (token single use under concurrency).
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oauthStates, oauthTokens, passwords, users } from '../../infra/db/schema';
import { s256Challenge } from '../../infra/pkce';
import { purgeExpired } from '../../infra/purge';
import {
  createTestApp,
  GENEROUS_LIMITS,
  sdkRequest,
  TEST_REDIRECT_URL,
  type TestApp,
} from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import {
  injectingBrowser,
  type LocalProvider,
  startLocalProvider,
  TEST_GOOGLE_PRESET,
  type TestBrowser,
} from '../../test-support/oidc-provider';
import { signIn } from '../sessions/test-fixtures';
import { saveOAuthProviderConfigs } from './config';
import { overridePresets } from './preset-table';
import { createState } from './store';

const APP_ORIGIN = 'http://localhost:3000';
const CALLBACK_PATH = '/v1/public/oauth/google/callback';
const VERIFIER = 'a1b2c3d4'.repeat(16);

describe.each(testDatabaseKinds())('OAuth with a local OpenID provider on %s', (kind) => {
  let t: TestApp;
  let provider: LocalProvider;

  beforeAll(async () => {
    provider = await startLocalProvider({ redirectUris: [`${APP_ORIGIN}${CALLBACK_PATH}`] });
    provider.accounts.set('ada', {
      sub: 'google-sub-ada',
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      picture: 'https://pictures.example/ada.png',
      locale: 'en',
    });
    provider.accounts.set('mallory', {
      sub: 'google-sub-mallory',
      email: 'victim@example.com',
      email_verified: false,
      given_name: 'Mallory',
    });
    t = await createTestApp({ kind });
    overridePresets(t.ctx, { google: TEST_GOOGLE_PRESET });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });
  beforeEach(async () => {
    await t.reset();
    await configureGoogle();
  });

  async function configureGoogle(endpoints: Partial<LocalProvider['endpoints']> = {}) {
    await saveOAuthProviderConfigs(t.ctx, {
      projectId: t.project.id,
      declarations: {
        google: {
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          endpoints: { ...provider.endpoints, ...endpoints },
          scopes: null,
          oneTap: false,
          apple: null,
        },
      },
    });
  }

  /** The Gatehouse origin is served by app.inject; the provider over real HTTP. */
  function newBrowser(): TestBrowser {
    return injectingBrowser(t.app, APP_ORIGIN);
  }

  function startUrl(query: Record<string, string | null> = {}): string {
    const url = new URL(`${APP_ORIGIN}/v1/public/oauth/google/start`);
    url.searchParams.set('public_token', t.publicToken);
    for (const [name, value] of Object.entries({ code_challenge: s256Challenge(VERIFIER), ...query })) {
      if (value !== null) url.searchParams.set(name, value);
    }
    return url.href;
  }

  const atApp = (url: URL) => url.origin === APP_ORIGIN && url.pathname === '/authenticate';
  const atCallback = (url: URL) => url.origin === APP_ORIGIN && url.pathname === CALLBACK_PATH;

  /** A person signs in at the provider as `accountId` (or declines) and lands back on the app. */
  async function signInWithGoogle(
    next: LocalProvider['next'],
    query: Record<string, string | null> = {},
    browser = newBrowser(),
  ) {
    provider.next = next;
    const end = await browser.visit(startUrl(query), atApp);
    return { end, browser };
  }

  /** With the verifier of startUrl's challenge unless `extra` names another (`code_verifier: undefined`: none). */
  function authenticate(token: string, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
    return sdkRequest(t.app, {
      method: 'POST',
      url: '/oauth/authenticate',
      publicToken: t.publicToken,
      body: { token, session_duration_minutes: 30, code_verifier: VERIFIER, ...extra },
    });
  }

  async function setPkceRequired(required: boolean): Promise<void> {
    await t.ctx.db.execute(
      sql`UPDATE projects SET settings = settings || ${JSON.stringify({ pkce_required_for_oauth: required })}::jsonb WHERE id = ${t.project.id}`,
    );
    t.ctx.projects.clear();
  }

  async function userCount(): Promise<number> {
    const result = await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM users`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it('signs a new person up: start → provider → callback → signup redirect with a token → authenticate', async () => {
    const browser = newBrowser();
    provider.next = { accountId: 'ada' };
    const start = await t.app.inject({
      method: 'GET',
      url: startUrl({ custom_scopes: 'openid extra.read' }),
    });
    expect(start.statusCode).toBe(302);
    const authorization = new URL(start.headers.location as string);
    expect(authorization.origin + authorization.pathname).toBe(provider.endpoints.authorization);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${APP_ORIGIN}${CALLBACK_PATH}`,
      code_challenge_method: 'S256',
      scope: 'openid email profile extra.read',
    });
    expect(authorization.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorization.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(
      /^gatehouse_oauth_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/v1\/public\/oauth\/; HttpOnly; SameSite=Lax$/,
    );
    // Only hashes of the state and the binding are stored.
    const [stored] = await t.ctx.db.select().from(oauthStates);
    expect(Buffer.from(stored!.stateHash).toString('utf8')).not.toContain(
      authorization.searchParams.get('state'),
    );

    // The scope the provider does not know is dropped by it; the rest of the flow through the real provider.
    provider.next = { accountId: 'ada' };
    const { end } = await signInWithGoogle({ accountId: 'ada' }, {}, browser);
    expect(end.url.searchParams.get('stytch_token_type')).toBe('oauth');
    const token = end.url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The binding cookie is spent by the callback.
    expect([...(browser.cookies.get('localhost:3000') ?? new Map()).keys()]).toEqual([]);
    expect(browser.hops.find((hop) => hop.url.includes(CALLBACK_PATH))?.status).toBe(302);

    const response = await authenticate(token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      provider_subject: 'google-sub-ada',
      provider_type: 'google',
      profile_picture_url: 'https://pictures.example/ada.png',
      locale: 'en',
      provider_values: {
        access_token: expect.any(String),
        id_token: expect.stringMatching(/^ey/),
        refresh_token: expect.any(String),
        scopes: expect.arrayContaining(['openid', 'email', 'profile']),
      },
    });
    expect(data.provider_values.access_token.length).toBeGreaterThan(10);
    expect(data.__user).toEqual(data.user);
    expect(data.user.name).toEqual({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace' });
    expect(data.user.emails).toEqual([
      { email_id: expect.any(String), email: 'ada@example.com', verified: true },
    ]);
    expect(data.user.providers).toEqual([
      {
        oauth_user_registration_id: expect.stringMatching(/^oauth-user-registration-test-/),
        provider_subject: 'google-sub-ada',
        provider_type: 'google',
        profile_picture_url: 'https://pictures.example/ada.png',
        locale: 'en',
      },
    ]);
    expect(data.session.authentication_factors).toEqual([
      {
        type: 'oauth',
        delivery_method: 'oauth_google',
        last_authenticated_at: expect.any(String),
        google_oauth_factor: {
          id: data.user.providers[0].oauth_user_registration_id,
          email_id: data.user.emails[0].email_id,
          provider_subject: 'google-sub-ada',
        },
      },
    ]);
    // The provider's tokens are stored encrypted, never in the clear.
    const dump = await t.ctx.db.execute(sql`SELECT tokens_ciphertext FROM oauth_provider_tokens`);
    expect(JSON.stringify(dump)).not.toContain(data.provider_values.access_token);
  });

  it('finds a returning person by (provider, subject) and sends them to the login redirect URL', async () => {
    const first = await signInWithGoogle(
      { accountId: 'ada' },
      { signup_redirect_url: `${TEST_REDIRECT_URL}?signup=1` },
    );
    expect(first.end.url.searchParams.get('signup')).toBe('1');
    const created = (await authenticate(first.end.url.searchParams.get('token')!)).json().data;
    const second = await signInWithGoogle(
      { accountId: 'ada' },
      { signup_redirect_url: `${TEST_REDIRECT_URL}?signup=1` },
    );
    expect(second.end.url.searchParams.get('signup')).toBeNull();
    const again = (await authenticate(second.end.url.searchParams.get('token')!)).json().data;
    expect(again.user_id).toBe(created.user_id);
    expect(await userCount()).toBe(1);
  });

  it('links a verified provider e-mail to its existing owner, whose pre-set password is then removed (AT-01, AT-06)', async () => {
    // Someone signed up with ada's address and a password before ada ever proved it.
    const squatter = await sdkRequest(t.app, {
      method: 'POST',
      url: '/passwords',
      publicToken: t.publicToken,
      body: {
        email: 'ada@example.com',
        password: 'Tumbling-Kettle-Orbit-4471',
        session_duration_minutes: 30,
      },
    });
    expect(squatter.statusCode).toBe(200);
    const { end } = await signInWithGoogle({ accountId: 'ada' });
    const data = (await authenticate(end.url.searchParams.get('token')!)).json().data;
    expect(data.user_id).toBe(squatter.json().data.user_id);
    expect(data.user.emails).toEqual([expect.objectContaining({ email: 'ada@example.com', verified: true })]);
    // The first proof reset the account to the address: the password set before it is gone (issue 20 item 1), and
    // the provider's registration is the one social account.
    expect(await t.ctx.db.select().from(passwords)).toEqual([]);
    expect(data.user.password).toBeNull();
    expect(data.user.providers).toEqual([expect.objectContaining({ provider_subject: 'google-sub-ada' })]);
    // The squatter's session ended.
    const old = await sdkRequest(t.app, {
      method: 'POST',
      url: '/sessions/authenticate',
      publicToken: t.publicToken,
      sessionToken: squatter.json().data.session_token,
      body: {},
    });
    expect(old.statusCode).toBe(404);
  });

  it('never links an unverified provider e-mail to the account that owns it (AT-02, TK-07)', async () => {
    const victim = await signIn(t.ctx, t.project, 'victim@example.com');
    const { end } = await signInWithGoogle({ accountId: 'mallory' });
    const data = (await authenticate(end.url.searchParams.get('token')!)).json().data;
    expect(data.user_id).not.toBe(victim.user_id);
    expect(data.user.emails).toEqual([]);
    expect(data.session.authentication_factors[0].google_oauth_factor.email_id).toBe('');
    const victimNow = await sdkRequest(t.app, {
      method: 'GET',
      url: '/users/me',
      publicToken: t.publicToken,
      sessionToken: victim.session_token,
    });
    expect(victimNow.json().data.providers).toEqual([]);
  });

  it('answers a callback without state with an error page, and one with an unknown state too (TK-04)', async () => {
    for (const url of [`${CALLBACK_PATH}?code=abc`, `${CALLBACK_PATH}?code=abc&state=${'x'.repeat(43)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('data-testid="oauth-error"');
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('refuses a state brought back by another browser, and the state is then spent (TK-04)', async () => {
    provider.next = { accountId: 'ada' };
    const victim = newBrowser();
    const reached = await victim.visit(startUrl(), atCallback);
    expect(atCallback(reached.url)).toBe(true);
    // The attacker's browser (no binding cookie) presents the victim's callback.
    const attacker = await newBrowser().visit(reached.url.href, atApp);
    expect(attacker.url.searchParams.get('error')).toBe('oauth_state_mismatch');
    expect(attacker.url.searchParams.get('error_description')).toEqual(expect.any(String));
    expect(attacker.url.searchParams.get('token')).toBeNull();
    // …and the state is gone for everyone.
    const replay = await victim.visit(reached.url.href, atApp);
    expect(replay.status).toBe(400);
    expect(await t.ctx.db.select().from(oauthTokens)).toEqual([]);
  });

  it('refuses a replayed callback (state single use, TK-04)', async () => {
    const browser = newBrowser();
    provider.next = { accountId: 'ada' };
    const reached = await browser.visit(startUrl(), atCallback);
    const first = await browser.visit(reached.url.href, atApp);
    expect(first.url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await browser.visit(reached.url.href, atApp);
    expect(again.status).toBe(400);
    expect(again.body).toContain('already been used or has expired');
  });

  it('takes a form_post answer and re-sends it as a GET to the callback, where the Lax cookie is sent', async () => {
    const browser = newBrowser();
    provider.next = { accountId: 'ada' };
    const reached = await browser.visit(startUrl(), atCallback);
    // The provider's page posts the answer cross-site (no cookie comes with it).
    const posted = await t.app.inject({
      method: 'POST',
      url: CALLBACK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: reached.url.searchParams.toString(),
    });
    expect(posted.statusCode).toBe(303);
    const location = new URL(posted.headers.location as string, APP_ORIGIN);
    expect(location.pathname).toBe(CALLBACK_PATH);
    expect(location.searchParams.get('state')).toBe(reached.url.searchParams.get('state'));
    const end = await browser.visit(location.href, atApp);
    expect(end.url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('checks the PKCE verifier of a start that carried a challenge; a wrong one burns the token', async () => {
    const challenge = s256Challenge(VERIFIER);
    const first = await signInWithGoogle({ accountId: 'ada' }, { code_challenge: challenge });
    const token = first.end.url.searchParams.get('token')!;
    const wrong = await authenticate(token, { code_verifier: 'f'.repeat(64) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_type).toBe('pkce_mismatch');
    expect((await authenticate(token, { code_verifier: VERIFIER })).json().error_type).toBe(
      'oauth_token_not_found',
    );

    const missing = await signInWithGoogle({ accountId: 'ada' }, { code_challenge: challenge });
    const without = await authenticate(missing.end.url.searchParams.get('token')!, {
      code_verifier: undefined,
    });
    expect(without.json().error_type).toContain('pkce');

    const right = await signInWithGoogle({ accountId: 'ada' }, { code_challenge: challenge });
    expect(
      (await authenticate(right.end.url.searchParams.get('token')!, { code_verifier: VERIFIER })).statusCode,
    ).toBe(200);
  });

  it('issue 20 item 6: a project created with defaults requires PKCE — no start without code_challenge, no authenticate without code_verifier (missing_pkce)', async () => {
    expect(t.project.settings.pkce_required_for_oauth).toBe(true);
    const response = await t.app.inject({ method: 'GET', url: startUrl({ code_challenge: null }) });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('PKCE');
    expect(await t.ctx.db.select().from(oauthStates)).toEqual([]);

    const { end } = await signInWithGoogle({ accountId: 'ada' });
    const token = end.url.searchParams.get('token')!;
    const without = await authenticate(token, { code_verifier: undefined });
    expect(without.statusCode).toBe(400);
    expect(without.json().error_type).toBe('missing_pkce');
    // A token issued without a challenge while the flag was off (an in-flight start when it was turned on) is
    // refused once the project requires PKCE, verifier or not.
    await setPkceRequired(false);
    const before = await signInWithGoogle({ accountId: 'ada' }, { code_challenge: null });
    await setPkceRequired(true);
    const late = await authenticate(before.end.url.searchParams.get('token')!, { code_verifier: undefined });
    expect(late.json().error_type).toBe('missing_pkce');
  });

  it('with pkce_required_for_oauth turned off, a start without code_challenge signs in without a verifier', async () => {
    await setPkceRequired(false);
    const { end } = await signInWithGoogle({ accountId: 'ada' }, { code_challenge: null });
    const response = await authenticate(end.url.searchParams.get('token')!, { code_verifier: undefined });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a redirect URL outside the allowlist at the start, writing nothing (RD-01)', async () => {
    for (const [name, value] of [
      ['login_redirect_url', 'https://evil.test/authenticate'],
      ['signup_redirect_url', 'http://localhost:3000.evil.test/authenticate'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: startUrl({ [name]: value }) });
      expect(response.statusCode, name).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).not.toContain('evil.test');
    }
    expect(await t.ctx.db.select().from(oauthStates)).toEqual([]);
  });

  it('sends a declined consent back to the app with error=access_denied', async () => {
    const { end } = await signInWithGoogle({ deny: true });
    expect(end.url.href.startsWith(TEST_REDIRECT_URL)).toBe(true);
    expect(end.url.searchParams.get('stytch_token_type')).toBe('oauth');
    expect(end.url.searchParams.get('error')).toBe('access_denied');
    expect(end.url.searchParams.get('token')).toBeNull();
    expect(await userCount()).toBe(0);
  });

  it('sends a bad code back to the app as oauth_provider_error', async () => {
    provider.next = { accountId: 'ada' };
    const browser = newBrowser();
    const reached = await browser.visit(startUrl(), atCallback);
    const forged = new URL(reached.url);
    forged.searchParams.set('code', 'not-a-code-the-provider-issued');
    const end = await browser.visit(forged.href, atApp);
    expect(end.url.searchParams.get('error')).toBe('oauth_provider_error');
  });

  it('sends a provider that is down back to the app as oauth_provider_unavailable, never a 500 (FT-05)', async () => {
    await configureGoogle({ token: 'http://127.0.0.1:9/token' });
    const { end } = await signInWithGoogle({ accountId: 'ada' });
    expect(end.url.searchParams.get('error')).toBe('oauth_provider_unavailable');
    expect(await userCount()).toBe(0);
  });

  it('refuses an ID token from another issuer than the configured one (iss mix-up)', async () => {
    await configureGoogle({ issuer: `${provider.issuer}/other` });
    const { end } = await signInWithGoogle({ accountId: 'ada' });
    expect(end.url.searchParams.get('error')).toBe('oauth_invalid_response');
    expect(await userCount()).toBe(0);
  });

  it('redeems a token once: 16 concurrent authenticate calls make one session (TK-01)', async () => {
    const { end } = await signInWithGoogle({ accountId: 'ada' });
    const token = end.url.searchParams.get('token')!;
    const answers = await Promise.all(Array.from({ length: 16 }, () => authenticate(token)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(15);
    const result = await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM sessions`);
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('answers an unknown provider, an unknown token, a disabled product and a missing client with a page', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/v1/public/oauth/myspace/start?public_token=${t.publicToken}`,
    });
    expect(unknown.statusCode).toBe(404);
    const badToken = await t.app.inject({
      method: 'GET',
      url: '/v1/public/oauth/google/start?public_token=public-token-test-nope',
    });
    expect(badToken.statusCode).toBe(401);
    const noClient = await t.app.inject({
      method: 'GET',
      url: `/v1/public/oauth/github/start?public_token=${t.publicToken}`,
    });
    expect(noClient.statusCode).toBe(404);
    await t.ctx.db.execute(
      sql`UPDATE projects SET enabled_products = '{emailMagicLinks}' WHERE id = ${t.project.id}`,
    );
    t.ctx.projects.clear();
    const disabled = await t.app.inject({ method: 'GET', url: startUrl() });
    expect(disabled.statusCode).toBe(403);
    for (const answer of [unknown, badToken, noClient, disabled]) {
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('purges expired states and tokens', async () => {
    const { end } = await signInWithGoogle({ accountId: 'ada' });
    expect(end.url.searchParams.get('token')).not.toBeNull();
    await createState(t.ctx, {
      projectId: t.project.id,
      tokenMode: 'test',
      provider: 'google',
      providerCodeVerifier: VERIFIER,
      nonce: null,
      codeChallenge: null,
      loginRedirectUrl: TEST_REDIRECT_URL,
      signupRedirectUrl: TEST_REDIRECT_URL,
      scopes: [],
    });
    const past = new Date(Date.now() - 1000);
    await t.ctx.db.update(oauthStates).set({ expiresAt: past });
    await t.ctx.db.update(oauthTokens).set({ expiresAt: past });
    const report = await purgeExpired(t.ctx);
    expect(report.deleted.oauth_states).toBe(1);
    expect(report.deleted.oauth_tokens).toBe(1);
    expect(await t.ctx.db.select().from(users)).toHaveLength(1);
  });
});

describe('OAuth rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      kind: 'pglite',
      rateLimits: {
        ...GENEROUS_LIMITS,
        oauthStartsPerIp: { points: 2, durationSeconds: 60 },
        oauthAuthenticationsPerIp: { points: 2, durationSeconds: 60 },
      },
    });
    overridePresets(t.ctx, { google: TEST_GOOGLE_PRESET });
    await saveOAuthProviderConfigs(t.ctx, {
      projectId: t.project.id,
      declarations: {
        google: {
          clientId: 'id',
          clientSecret: 's',
          endpoints: {},
          scopes: null,
          oneTap: false,
          apple: null,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits starts and authentications per IP (429, a page for the start, the JSON error for the SDK call)', async () => {
    // Projects require PKCE for OAuth by default (issue 20 item 6): the starts carry a challenge.
    const start = () =>
      t.app.inject({
        method: 'GET',
        url: `/v1/public/oauth/google/start?public_token=${t.publicToken}&code_challenge=${s256Challenge(VERIFIER)}`,
      });
    expect((await start()).statusCode).toBe(302);
    expect((await start()).statusCode).toBe(302);
    const third = await start();
    expect(third.statusCode).toBe(429);
    expect(third.headers['content-type']).toBe('text/html; charset=utf-8');
    const authenticate = () =>
      sdkRequest(t.app, {
        method: 'POST',
        url: '/oauth/authenticate',
        publicToken: t.publicToken,
        body: { token: 'a'.repeat(43) },
      });
    expect((await authenticate()).statusCode).toBe(404);
    expect((await authenticate()).statusCode).toBe(404);
    const limited = await authenticate();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_type).toBe('too_many_requests');
  });
});
