// Issue 11 item 5 (SPEC: a site built on the Stytch SDK works unchanged): the published @stytch/vanilla-js 4.13.1
// headless client starts Google sign-in (oauth.google.start navigates the page to the server's start URL; the
// navigation is captured), a browser follows the redirects through a real OpenID provider on loopback
// (oidc-provider as the google preset) back to the server's callback and on to the app's redirect URL, and the
// client redeems the token with oauth.authenticate — without and with the project requiring PKCE for OAuth
// (wire-format.md §1.3, §4.6, §6: the SDK's `oauth` PKCE namespace).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveOAuthProviderConfigs } from './features/oauth/config';
import { overridePresets } from './features/oauth/preset-table';
import { TEST_REDIRECT_URL } from './test-support/app';
import { testDatabaseKinds } from './test-support/database';
import {
  type LocalProvider,
  realFetch,
  startLocalProvider,
  TEST_GOOGLE_PRESET,
  TestBrowser,
} from './test-support/oidc-provider';
import { type StytchHeadless, startStytchHeadless } from './test-support/stytch-headless';

/** The server's PUBLIC_URL in tests: the origin the provider sends the browser back to. */
const PUBLIC_ORIGIN = 'http://localhost:3000';

describe.each(testDatabaseKinds())('the Stytch headless client’s OAuth (vanilla-js 4.13.1) on %s', (kind) => {
  let page: StytchHeadless;
  let provider: LocalProvider;

  beforeAll(async () => {
    provider = await startLocalProvider({
      redirectUris: [`${PUBLIC_ORIGIN}/v1/public/oauth/google/callback`],
    });
    provider.accounts.set('grace', {
      sub: 'google-sub-grace',
      email: 'grace@example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      picture: 'https://pictures.example/grace.png',
      locale: 'en-US',
    });
    provider.next = { accountId: 'grace' };
    page = await startStytchHeadless({ kind });
    overridePresets(page.t.ctx, { google: TEST_GOOGLE_PRESET });
    await saveOAuthProviderConfigs(page.t.ctx, {
      projectId: page.t.project.id,
      declarations: {
        google: {
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          endpoints: provider.endpoints,
          scopes: null,
          oneTap: false,
          apple: null,
        },
      },
    });
  });
  afterAll(async () => {
    await page?.close();
    await provider?.close();
  });

  /** Runs oauth.google.start and answers the URL the SDK navigated the page to (jsdom does not navigate). */
  async function capturedStart(options: Parameters<StytchHeadless['client']['oauth']['google']['start']>[0]) {
    const realWindow = globalThis.window;
    let navigatedTo: string | null = null;
    const location = new Proxy(realWindow.location, {
      get: (target, property) => Reflect.get(target, property),
      set: (target, property, value) => {
        if (property === 'href') {
          navigatedTo = String(value);
          return true;
        }
        return Reflect.set(target, property, value);
      },
    });
    const windowWithCapture = new Proxy(realWindow, {
      get(target, property) {
        if (property === 'location') return location;
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' && !/^[A-Z]/.test(String(property)) ? value.bind(target) : value;
      },
    });
    Object.defineProperty(globalThis, 'window', {
      value: windowWithCapture,
      configurable: true,
      writable: true,
    });
    try {
      await page.client.oauth.google.start(options);
    } finally {
      Object.defineProperty(globalThis, 'window', { value: realWindow, configurable: true, writable: true });
    }
    if (navigatedTo === null) throw new Error('oauth.google.start did not navigate');
    return new URL(navigatedTo);
  }

  /** The browser: the server answers at its public origin (the same process as the SDK's base URL). */
  function browser(): TestBrowser {
    return new TestBrowser((url, headers) => {
      const target =
        url.origin === PUBLIC_ORIGIN ? new URL(`${url.pathname}${url.search}`, page.baseUrl) : url;
      return realFetch(target, headers);
    });
  }

  let lastBrowser: TestBrowser | null = null;

  async function throughProvider(start: URL): Promise<URL> {
    const atPublicOrigin = new URL(`${start.pathname}${start.search}`, PUBLIC_ORIGIN);
    lastBrowser = browser();
    const end = await lastBrowser.visit(
      atPublicOrigin.href,
      (url) => url.origin === PUBLIC_ORIGIN && url.pathname === '/authenticate',
    );
    return end.url;
  }

  it('starts, comes back with a token and authenticates', async () => {
    const start = await capturedStart({
      login_redirect_url: TEST_REDIRECT_URL,
      signup_redirect_url: TEST_REDIRECT_URL,
      custom_scopes: ['openid'],
      provider_params: { login_hint: 'grace@example.com' },
    });
    expect(`${start.origin}${start.pathname}`).toBe(`${page.baseUrl}/v1/public/oauth/google/start`);
    // The project has the defaults, which require PKCE for OAuth (issue 20 item 6): the SDK sends a challenge.
    expect([...start.searchParams.keys()].slice(0, 2)).toEqual(['public_token', 'code_challenge']);
    expect(Object.fromEntries(start.searchParams)).toEqual({
      public_token: page.t.publicToken,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      custom_scopes: 'openid',
      provider_login_hint: 'grace@example.com',
      login_redirect_url: TEST_REDIRECT_URL,
      signup_redirect_url: TEST_REDIRECT_URL,
    });
    const landed = await throughProvider(start);
    expect(landed.searchParams.get('error')).toBeNull();
    expect(landed.searchParams.get('stytch_token_type')).toBe('oauth');
    const token = landed.searchParams.get('token')!;
    // provider_* parameters pass through to the provider's authorization request.
    const authorization = new URL(lastBrowser!.hops[0]!.location!);
    expect(authorization.searchParams.get('login_hint')).toBe('grace@example.com');

    const requestsBefore = page.answered('/oauth/authenticate').length;
    const result = await page.client.oauth.authenticate(token, { session_duration_minutes: 30 });
    const sent = page.answered('/oauth/authenticate')[requestsBefore]!;
    expect((sent.body as { code_verifier?: string }).code_verifier).toMatch(/^[0-9a-f]{64,128}$/);
    expect(result.provider_type).toBe('google');
    expect(result.provider_subject).toBe('google-sub-grace');
    expect(result.provider_values.access_token).toEqual(expect.any(String));
    expect(page.client.session.getSync()?.authentication_factors[0]).toMatchObject({
      type: 'oauth',
      delivery_method: 'oauth_google',
      google_oauth_factor: { provider_subject: 'google-sub-grace' },
    });
    // The SDK takes the user of /oauth/authenticate from __user (wire-format.md §4.1).
    expect(page.client.user.getSync()?.emails[0]?.email).toBe('grace@example.com');
    expect(page.client.user.getSync()?.providers[0]?.provider_type).toBe('google');
    await page.client.session.revoke();
  });

  it('sends neither a code_challenge nor a verifier when the project turns PKCE for OAuth off', async () => {
    await page.t.ctx.db.execute(
      sql`UPDATE projects SET settings = settings || '{"pkce_required_for_oauth": false}'::jsonb WHERE id = ${page.t.project.id}`,
    );
    page.t.ctx.projects.clear();
    const bootstraps = page.answered('/projects/bootstrap/').length;
    page.newClient();
    // The bootstrap of the new client must be in before start() reads its PKCE flag.
    await waitFor(() => page.answered('/projects/bootstrap/').length > bootstraps);
    const start = await capturedStart({ login_redirect_url: TEST_REDIRECT_URL });
    expect(start.searchParams.has('code_challenge')).toBe(false);
    const token = (await throughProvider(start)).searchParams.get('token')!;
    const requestsBefore = page.answered('/oauth/authenticate').length;
    const result = await page.client.oauth.authenticate(token, { session_duration_minutes: 30 });
    expect(result.user_id).toMatch(/^user-test-/);
    const sent = page.answered('/oauth/authenticate')[requestsBefore]!;
    expect(sent.body).not.toHaveProperty('code_verifier');
    expect(page.externalUrls()).toEqual([]);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 1000 && !condition(); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (!condition()) throw new Error('condition not met');
}
