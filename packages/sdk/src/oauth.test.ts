// issue 11 item 3: client.oauth against the fake fetch — the start URL exactly as wire-format.md §1.3 (base
// selection, parameter order, PKCE per §6), oauth.authenticate (§4.6: verifier, __user, session state), the One Tap
// calls (§8), telemetry start_oauth_flow (§4.12), usage errors (§3.3) and SPEC §9's default session duration.
import { OAUTH_PROVIDERS, OAUTH_PUBLIC_ROUTES, ROUTES } from '@gatehouse/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, UsageError } from './errors';
import { oauthStartBase, oauthStartUrl } from './oauth-module';
import { challengeFor } from './pkce-pair';
import {
  apiError,
  authenticateData,
  BOOTSTRAP_WIRE,
  createTestClient,
  json,
  makeSession,
  makeUser,
  ok,
  PUBLIC_TOKEN,
  type RecordedRequest,
  type RouteHandler,
  STATE_KEY,
  storedState,
} from './test-support/fakes';

const BOOTSTRAP_ROUTE = `GET /projects/bootstrap/${PUBLIC_TOKEN}`;
const LIVE_TOKEN = 'public-token-live-00000000-0000-4000-8000-000000000000';
const PKCE_OAUTH = `${STATE_KEY}::PKCE_VERIFIER:oauth`;
const STORED_PAIR = { code_challenge: 'old-challenge', code_verifier: 'old-verifier' };

const OAUTH_DATA = {
  ...authenticateData(),
  provider_subject: 'subject-1',
  provider_type: 'google',
  profile_picture_url: 'https://example.com/ada.png',
  locale: 'en',
  provider_values: { access_token: 'at', id_token: 'it', refresh_token: 'rt', scopes: ['openid'] },
};

let dispose: () => void = () => {};
afterEach(() => dispose());

function setup(
  options: {
    routes?: Record<string, RouteHandler>;
    pkce?: boolean;
    cname?: string | null;
    stored?: Record<string, unknown>;
    publicToken?: string;
    endpoints?: { testAPIURL?: string; liveAPIURL?: string };
  } = {},
) {
  const navigate = vi.fn();
  const bootstrapRoute = options.publicToken
    ? `GET /projects/bootstrap/${options.publicToken}`
    : BOOTSTRAP_ROUTE;
  const test = createTestClient({
    stored: options.stored,
    publicToken: options.publicToken,
    clientOptions: options.endpoints ? { endpoints: options.endpoints } : {},
    dependencies: { navigate },
    routes: {
      [bootstrapRoute]: () =>
        json(200, {
          data: {
            ...BOOTSTRAP_WIRE,
            pkce_required_for_oauth: options.pkce ?? false,
            cname_domain: options.cname ?? null,
          },
        }),
      'POST /oauth/authenticate': () => json(200, { data: OAUTH_DATA }),
      ...options.routes,
    },
  });
  dispose = test.client.dispose;
  return { ...test, navigate };
}

function navigatedTo(navigate: ReturnType<typeof vi.fn>): URL {
  expect(navigate).toHaveBeenCalledTimes(1);
  return new URL(navigate.mock.calls[0]?.[0] as string);
}

function telemetryEvents(requests: RecordedRequest[]) {
  return requests
    .filter((r) => r.path === '/events')
    .flatMap((r) => r.body as { event: { event_name: string; details: unknown } }[])
    .map((item) => item.event);
}

describe('oauth.<provider>.start (wire-format.md §1.3)', () => {
  it('offers start for exactly the 19 providers of SPEC §2', () => {
    const { client } = setup();
    for (const provider of OAUTH_PROVIDERS) expect(typeof client.oauth[provider].start).toBe('function');
    expect(Object.keys(client.oauth).sort()).toEqual(
      [...OAUTH_PROVIDERS, 'authenticate', 'googleOneTap'].sort(),
    );
  });

  it('navigates to the start URL with the parameters in the verified order, spaces as +', async () => {
    const { client, navigate, storage, apiRequests } = setup({ stored: { [PKCE_OAUTH]: STORED_PAIR } });
    await client.oauth.google.start({
      login_redirect_url: 'https://app.example.com/authenticate?from=login',
      signup_redirect_url: 'https://app.example.com/authenticate?from=signup',
      custom_scopes: ['https://www.googleapis.com/auth/drive.readonly', 'profile'],
      provider_params: { prompt: 'select_account', login_hint: 'ada@example.com' },
    });
    const raw = navigate.mock.calls[0]?.[0] as string;
    expect(raw).toBe(
      'https://auth.example.com/v1/public/oauth/google/start' +
        `?public_token=${PUBLIC_TOKEN}` +
        '&custom_scopes=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fdrive.readonly+profile' +
        '&provider_prompt=select_account&provider_login_hint=ada%40example.com' +
        '&login_redirect_url=https%3A%2F%2Fapp.example.com%2Fauthenticate%3Ffrom%3Dlogin' +
        '&signup_redirect_url=https%3A%2F%2Fapp.example.com%2Fauthenticate%3Ffrom%3Dsignup',
    );
    // Without pkce_required_for_oauth no challenge is sent and a stored pair is deleted (§6).
    expect(storage.getItem(PKCE_OAUTH)).toBeNull();
    // A top-level navigation, not a fetch.
    expect(apiRequests()).toEqual([]);
  });

  it('leaves out every optional parameter that was not given', async () => {
    const { client, navigate } = setup();
    await client.oauth.github.start();
    expect(navigate).toHaveBeenCalledWith(
      `https://auth.example.com/v1/public/oauth/github/start?public_token=${PUBLIC_TOKEN}`,
    );
  });

  it('with pkce_required_for_oauth stores a fresh pair and sends its challenge second (§6)', async () => {
    const { client, navigate, storage } = setup({ pkce: true, stored: { [PKCE_OAUTH]: STORED_PAIR } });
    await client.oauth.microsoft.start({ login_redirect_url: 'https://app.example.com/a' });
    const url = navigatedTo(navigate);
    const pair = JSON.parse(storage.getItem(PKCE_OAUTH) ?? 'null') as {
      code_challenge: string;
      code_verifier: string;
    };
    expect(pair.code_verifier).not.toBe(STORED_PAIR.code_verifier);
    expect(pair.code_verifier).toMatch(/^[0-9a-f]{16,128}$/);
    expect(pair.code_challenge).toBe(
      await challengeFor({ verifier: pair.code_verifier, subtle: crypto.subtle }),
    );
    expect([...url.searchParams.keys()]).toEqual(['public_token', 'code_challenge', 'login_redirect_url']);
    expect(url.searchParams.get('code_challenge')).toBe(pair.code_challenge);
    expect(url.searchParams.has('code_challenge_method')).toBe(false);
  });

  it('a second start replaces the pair (always fresh for OAuth)', async () => {
    const { client, navigate, storage } = setup({ pkce: true });
    await client.oauth.google.start();
    const first = storage.getItem(PKCE_OAUTH);
    await client.oauth.google.start();
    expect(storage.getItem(PKCE_OAUTH)).not.toBe(first);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('base: the CNAME domain first, else testAPIURL for test tokens, else liveAPIURL', async () => {
    const cname = setup({ cname: 'login.example.org' });
    await cname.client.oauth.apple.start();
    expect(navigatedTo(cname.navigate).origin).toBe('https://login.example.org');
    cname.client.dispose();

    const endpoints = { testAPIURL: 'http://localhost:8080/test/', liveAPIURL: 'http://localhost:8080/live' };
    const testMode = setup({ endpoints });
    await testMode.client.oauth.slack.start();
    expect(testMode.navigate.mock.calls[0]?.[0]).toBe(
      `http://localhost:8080/test/v1/public/oauth/slack/start?public_token=${PUBLIC_TOKEN}`,
    );
    testMode.client.dispose();

    const live = setup({ endpoints, publicToken: LIVE_TOKEN });
    await live.client.oauth.slack.start();
    expect(live.navigate.mock.calls[0]?.[0]).toBe(
      `http://localhost:8080/live/v1/public/oauth/slack/start?public_token=${LIVE_TOKEN}`,
    );
  });

  it('logs start_oauth_flow with the provider, scopes, cname domain, pkce flag and params (§4.12)', async () => {
    const { client, requests } = setup({ pkce: true });
    await client.oauth.twitch.start({
      custom_scopes: ['user:read:email'],
      provider_params: { force_verify: 'true' },
    });
    await vi.waitFor(() =>
      expect(telemetryEvents(requests).filter((e) => e.event_name === 'start_oauth_flow')).toEqual([
        expect.objectContaining({
          details: {
            provider_type: 'twitch',
            custom_scopes: ['user:read:email'],
            cname_domain: null,
            pkce: true,
            provider_params: { force_verify: 'true' },
          },
        }),
      ]),
    );
  });

  it('usage checks before anything is stored or navigated (wire-format.md §3.3)', async () => {
    const { client, navigate, storage } = setup({ pkce: true });
    await expect(client.oauth.google.start({ custom_scopes: 'email' } as never)).rejects.toThrow(
      new UsageError('oauth.google.start', 'custom_scopes must be an array of strings.'),
    );
    await expect(client.oauth.google.start({ custom_scopes: ['a', 2] } as never)).rejects.toThrow(
      new UsageError('oauth.google.start', 'custom_scopes must be an array of strings.'),
    );
    await expect(client.oauth.google.start({ login_redirect_url: 5 } as never)).rejects.toThrow(
      new UsageError('oauth.google.start', 'login_redirect_url must be a string.'),
    );
    await expect(client.oauth.google.start({ provider_params: { prompt: 1 } } as never)).rejects.toThrow(
      new UsageError('oauth.google.start', 'provider_params.prompt must be a string.'),
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(storage.getItem(PKCE_OAUTH)).toBeNull();
  });
});

describe('oauthStartUrl and oauthStartBase', () => {
  it('joins scopes with one space and encodes the provider path segment', () => {
    expect(
      oauthStartUrl({
        base: 'https://a.example',
        provider: 'google',
        publicToken: 'public-token-test-x',
        codeChallenge: 'c',
        start: { custom_scopes: ['a', 'b'], signup_redirect_url: 'https://s.example' },
      }),
    ).toBe(
      'https://a.example/v1/public/oauth/google/start?public_token=public-token-test-x&code_challenge=c&custom_scopes=a+b&signup_redirect_url=https%3A%2F%2Fs.example',
    );
    expect(
      oauthStartBase({
        cnameDomain: '',
        publicToken: 'public-token-live-x',
        urls: { test: 't', live: 'l/' },
      }),
    ).toBe('l');
  });

  it("writes out the protocol's OAUTH_PUBLIC_ROUTES.start path (kept out of the module's imports, for size)", () => {
    for (const provider of [...OAUTH_PROVIDERS, 'a/b c']) {
      const url = oauthStartUrl({ base: '', provider, publicToken: 'p', codeChallenge: null, start: {} });
      expect(url).toBe(`${OAUTH_PUBLIC_ROUTES.start(provider)}?public_token=p`);
    }
  });
});

describe('oauth.authenticate (wire-format.md §4.6)', () => {
  it('posts token, session_duration_minutes and the stored verifier, clears the pair, stores the __user', async () => {
    const user = makeUser({ user_id: 'user-from-__user' });
    const data = { ...OAUTH_DATA, __user: user, user: makeUser({ user_id: 'ignored' }) };
    const { client, apiRequests, storage, jar } = setup({
      stored: { [PKCE_OAUTH]: STORED_PAIR },
      routes: { 'POST /oauth/authenticate': () => json(200, { data }) },
    });
    const result = await client.oauth.authenticate('oauth-token-1', { session_duration_minutes: 60 });
    expect(apiRequests()).toHaveLength(1);
    expect(apiRequests()[0]).toMatchObject({ method: 'POST', path: ROUTES.oauth.authenticate });
    expect(apiRequests()[0]?.body).toEqual({
      token: 'oauth-token-1',
      session_duration_minutes: 60,
      code_verifier: 'old-verifier',
    });
    expect(storage.getItem(PKCE_OAUTH)).toBeNull();
    expect(result).not.toHaveProperty('__user');
    expect(result).toMatchObject({ provider_type: 'google', provider_values: OAUTH_DATA.provider_values });
    expect(storedState(storage)).toEqual({ user, session: makeSession() });
    expect(jar.values.get('gatehouse_session')).toBe('session-token-1');
  });

  it('omits the verifier when none is stored and defaults the session to 30 minutes (SPEC §9)', async () => {
    const { client, apiRequests } = setup();
    await client.oauth.authenticate('oauth-token-2');
    expect(apiRequests()[0]?.rawBody).toBe('{"token":"oauth-token-2","session_duration_minutes":30}');
  });

  it('keeps the pair and the signed-out state when the server refuses (pairs go only on success, §6)', async () => {
    const { client, storage, jar } = setup({
      stored: { [PKCE_OAUTH]: STORED_PAIR },
      routes: {
        'POST /oauth/authenticate': () => apiError(400, 'pkce_mismatch', 'The code verifier does not match.'),
      },
    });
    const error = await client.oauth.authenticate('t', { session_duration_minutes: 30 }).catch((e) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ error_type: 'pkce_mismatch' });
    expect(JSON.parse(storage.getItem(PKCE_OAUTH) ?? 'null')).toEqual(STORED_PAIR);
    expect(jar.values.has('gatehouse_session')).toBe(false);
  });

  it('usage checks: token a string, session_duration_minutes a number', async () => {
    const { client, apiRequests } = setup();
    await expect(client.oauth.authenticate(5 as never)).rejects.toThrow(
      new UsageError('oauth.authenticate', 'token must be a string.'),
    );
    await expect(client.oauth.authenticate('t', { session_duration_minutes: '30' } as never)).rejects.toThrow(
      new UsageError('oauth.authenticate', 'session_duration_minutes must be a number.'),
    );
    expect(apiRequests()).toEqual([]);
  });
});

describe('oauth.googleOneTap (wire-format.md §8)', () => {
  it('start posts to onetap/start and answers the client id, CSRF token and callback id', async () => {
    const answer = { google_client_id: 'client-1.apps', csrf_token: 'csrf-1', oauth_callback_id: 'cb-1' };
    const { client, apiRequests } = setup({
      routes: { 'POST /oauth/google/onetap/start': () => ok(answer) },
    });
    expect(await client.oauth.googleOneTap.start()).toMatchObject(answer);
    expect(apiRequests()[0]).toMatchObject({ method: 'POST', path: ROUTES.oauth.oneTapStart, body: {} });
  });

  it('submit posts the credential and navigates to the answered redirect_url', async () => {
    const redirect = 'https://app.example.com/authenticate?stytch_token_type=oauth&token=t-1';
    const { client, apiRequests, navigate } = setup({
      routes: { 'POST /oauth/google/onetap/submit': () => ok({ redirect_url: redirect }) },
    });
    const result = await client.oauth.googleOneTap.submit({
      id_token: 'id-token',
      csrf_token: 'csrf-1',
      oauth_callback_id: 'cb-1',
      login_redirect_url: 'https://app.example.com/authenticate',
    });
    expect(result.redirect_url).toBe(redirect);
    expect(apiRequests()[0]?.path).toBe(ROUTES.oauth.oneTapSubmit);
    expect(apiRequests()[0]?.body).toEqual({
      id_token: 'id-token',
      csrf_token: 'csrf-1',
      oauth_callback_id: 'cb-1',
      login_redirect_url: 'https://app.example.com/authenticate',
    });
    expect(navigate).toHaveBeenCalledWith(redirect);
  });

  it('issue 20 item 6: with pkce_required_for_oauth the submit carries a fresh pair’s challenge, and authenticate its verifier', async () => {
    const redirect = 'https://app.example.com/authenticate?stytch_token_type=oauth&token=t-2';
    const { client, apiRequests, storage } = setup({
      pkce: true,
      stored: { [PKCE_OAUTH]: STORED_PAIR },
      routes: { 'POST /oauth/google/onetap/submit': () => ok({ redirect_url: redirect }) },
    });
    await client.oauth.googleOneTap.submit({ id_token: 'id-token', csrf_token: 'c', oauth_callback_id: 'o' });
    const pair = JSON.parse(storage.getItem(PKCE_OAUTH) ?? 'null') as {
      code_challenge: string;
      code_verifier: string;
    };
    expect(pair.code_verifier).not.toBe(STORED_PAIR.code_verifier);
    expect(pair.code_challenge).toBe(
      await challengeFor({ verifier: pair.code_verifier, subtle: crypto.subtle }),
    );
    expect(apiRequests()[0]?.body).toEqual({
      id_token: 'id-token',
      csrf_token: 'c',
      oauth_callback_id: 'o',
      code_challenge: pair.code_challenge,
    });
    await client.oauth.authenticate('t-2');
    expect(apiRequests()[1]?.body).toMatchObject({ token: 't-2', code_verifier: pair.code_verifier });
  });

  it('without pkce_required_for_oauth the submit sends no challenge and deletes a stale pair', async () => {
    const { client, apiRequests, storage } = setup({
      stored: { [PKCE_OAUTH]: STORED_PAIR },
      routes: { 'POST /oauth/google/onetap/submit': () => ok({ redirect_url: 'https://app.example.com/a' }) },
    });
    await client.oauth.googleOneTap.submit({ id_token: 'id-token', csrf_token: 'c', oauth_callback_id: 'o' });
    expect(apiRequests()[0]?.body).not.toHaveProperty('code_challenge');
    expect(storage.getItem(PKCE_OAUTH)).toBeNull();
  });

  it('a refused submit (one of the One Tap states of SPEC §4) throws and navigates nowhere', async () => {
    const { client, navigate } = setup({
      routes: {
        'POST /oauth/google/onetap/submit': () =>
          apiError(400, 'no_login_redirect_urls_set', 'No login URL.'),
      },
    });
    await expect(
      client.oauth.googleOneTap.submit({ id_token: 'x', csrf_token: 'c', oauth_callback_id: 'o' }),
    ).rejects.toMatchObject({ error_type: 'no_login_redirect_urls_set' });
    expect(navigate).not.toHaveBeenCalled();
  });
});
