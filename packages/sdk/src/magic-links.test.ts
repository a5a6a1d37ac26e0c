import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, UsageError } from './errors';
import {
  apiError,
  authenticateData,
  authenticated,
  BOOTSTRAP_WIRE,
  createTestClient,
  json,
  makeSession,
  makeUser,
  ok,
  PUBLIC_TOKEN,
  type RouteHandler,
  STATE_KEY,
  storedState,
} from './test-support/fakes';

const BOOTSTRAP_ROUTE = `GET /projects/bootstrap/${PUBLIC_TOKEN}`;
const PKCE_ML = `${STATE_KEY}::PKCE_VERIFIER:magic_links`;
const PKCE_PW = `${STATE_KEY}::PKCE_VERIFIER:passwords`;

let dispose: () => void = () => {};
afterEach(() => dispose());

function setup(
  options: { routes?: Record<string, RouteHandler>; pkce?: boolean; stored?: Record<string, unknown> } = {},
) {
  const test = createTestClient({
    stored: options.stored,
    routes: {
      [BOOTSTRAP_ROUTE]: () =>
        json(200, {
          data: { ...BOOTSTRAP_WIRE, pkce_required_for_email_magic_links: options.pkce ?? false },
        }),
      'POST /magic_links/email/login_or_create': () => ok(),
      'POST /magic_links/email/send/primary': () => ok(),
      'POST /magic_links/email/send/secondary': () => ok(),
      ...options.routes,
    },
  });
  dispose = test.client.dispose;
  return test;
}

const OPTIONS = {
  login_magic_link_url: 'https://app.example.com/authenticate',
  signup_magic_link_url: 'https://app.example.com/authenticate?signup',
  login_expiration_minutes: 30,
  signup_expiration_minutes: 60,
  login_template_id: 'login-template',
  signup_template_id: 'signup-template',
  locale: 'en',
};

describe('magicLinks.email (wire-format.md §4.4)', () => {
  it('loginOrCreate spreads the options into the body; no code_challenge when PKCE is off', async () => {
    const { client, apiRequests } = setup();
    const result = await client.magicLinks.email.loginOrCreate('ada@example.com', OPTIONS);
    expect(result).toEqual({ request_id: 'request-id-test', status_code: 200 });
    const [request] = apiRequests();
    expect(request?.path).toBe('/magic_links/email/login_or_create');
    expect(request?.method).toBe('POST');
    expect(request?.body).toEqual({ ...OPTIONS, email: 'ada@example.com' });
  });

  it('loginOrCreate adds a code_challenge when bootstrap requires PKCE, reusing the stored pair', async () => {
    const { client, apiRequests, storage } = setup({ pkce: true });
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    const pair = JSON.parse(storage.getItem(PKCE_ML) ?? 'null');
    expect(pair.code_verifier).toMatch(/^[0-9a-f]+$/);
    expect(apiRequests()[0]?.body).toEqual({ email: 'ada@example.com', code_challenge: pair.code_challenge });
    await client.magicLinks.email.loginOrCreate('ada@example.com');
    expect(apiRequests()[1]?.body).toEqual({ email: 'ada@example.com', code_challenge: pair.code_challenge });
    expect(JSON.stringify(apiRequests())).not.toContain(pair.code_verifier);
  });

  it('send uses /send/primary without a session and /send/secondary with one', async () => {
    const anonymous = setup();
    await anonymous.client.magicLinks.email.send('ada@example.com', { login_magic_link_url: 'https://x' });
    expect(anonymous.apiRequests()[0]).toMatchObject({
      path: '/magic_links/email/send/primary',
      body: { email: 'ada@example.com', login_magic_link_url: 'https://x' },
    });
    anonymous.client.dispose();

    const signedIn = createTestClient({
      cookies: { gatehouse_session: 'session-token-1', gatehouse_session_jwt: 'j' },
      stored: { [STATE_KEY]: { user: makeUser(), session: makeSession() } },
      routes: {
        'POST /sessions/authenticate': () => authenticated(),
        'POST /magic_links/email/send/secondary': () => ok(),
      },
    });
    dispose = signedIn.client.dispose;
    await signedIn.client.magicLinks.email.send('ada@example.com');
    const send = signedIn.apiRequests().find((r) => r.path.startsWith('/magic_links/'));
    expect(send?.path).toBe('/magic_links/email/send/secondary');
    expect(send?.headers.Authorization).toBe(`Basic ${btoa(`${PUBLIC_TOKEN}:session-token-1`)}`);
  });

  it('logs email_sent after a successful send only', async () => {
    vi.useFakeTimers();
    try {
      const { client, requests } = setup({
        routes: { 'POST /magic_links/email/send/primary': () => apiError(400, 'invalid_email') },
      });
      await client.magicLinks.email.loginOrCreate('ada@example.com');
      await expect(client.magicLinks.email.send('bad@example.com')).rejects.toBeInstanceOf(APIError);
      await vi.advanceTimersByTimeAsync(800);
      const events = requests
        .filter((r) => r.path === '/events')
        .flatMap((r) => r.body as { event: { event_name: string; details: unknown } }[])
        .map((item) => item.event);
      expect(events.filter((e) => e.event_name === 'email_sent')).toEqual([
        expect.objectContaining({ details: { email: 'ada@example.com', type: 'login_or_create_eml' } }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('usage checks: email must be a string, options typed', async () => {
    const { client, apiRequests } = setup();
    await expect(client.magicLinks.email.loginOrCreate(5 as never)).rejects.toThrow(
      new UsageError('magicLinks.email.loginOrCreate', 'email must be a string.'),
    );
    await expect(
      client.magicLinks.email.send('a@b.co', { login_expiration_minutes: '5' as never }),
    ).rejects.toThrow('Invalid call to magicLinks.email.send\nlogin_expiration_minutes must be a number.');
    await expect(
      client.magicLinks.email.loginOrCreate('a@b.co', { signup_template_id: 1 as never }),
    ).rejects.toThrow('signup_template_id must be a string.');
    expect(apiRequests()).toEqual([]);
  });
});

describe('magicLinks.authenticate (wire-format.md §4.4, §6)', () => {
  it('sends token and session_duration_minutes, writes the session and strips __user', async () => {
    const { client, apiRequests, jar, storage } = setup({
      routes: { 'POST /magic_links/authenticate': () => authenticated() },
    });
    const result = await client.magicLinks.authenticate('ml-token', { session_duration_minutes: 30 });
    expect(apiRequests()[0]?.body).toEqual({ token: 'ml-token', session_duration_minutes: 30 });
    const { __user, ...expected } = authenticateData();
    expect(result).toEqual(expected);
    expect(jar.values.get('gatehouse_session')).toBe('session-token-1');
    expect(storedState(storage)).toEqual({ user: makeUser(), session: makeSession() });
    expect(client.session.getSync()).toEqual(makeSession());
  });

  it('sends the magic_links verifier and clears the pair only after success', async () => {
    let fail = true;
    const pair = { code_challenge: 'c-ml', code_verifier: 'v-ml' };
    const { client, apiRequests, storage } = setup({
      stored: { [PKCE_ML]: pair },
      routes: {
        'POST /magic_links/authenticate': () =>
          fail ? apiError(401, 'unable_to_auth_magic_link') : authenticated(),
      },
    });
    await expect(
      client.magicLinks.authenticate('t', { session_duration_minutes: 30 }),
    ).rejects.toBeInstanceOf(APIError);
    expect(apiRequests()[0]?.body).toEqual({
      token: 't',
      session_duration_minutes: 30,
      code_verifier: 'v-ml',
    });
    expect(storage.getItem(PKCE_ML)).not.toBeNull();
    fail = false;
    await client.magicLinks.authenticate('t', { session_duration_minutes: 30 });
    expect(storage.getItem(PKCE_ML)).toBeNull();
  });

  it('tries the passwords verifier first, then retries with the magic_links one on a pkce error', async () => {
    const { client, apiRequests, storage } = setup({
      stored: {
        [PKCE_PW]: { code_challenge: 'c-pw', code_verifier: 'v-pw' },
        [PKCE_ML]: { code_challenge: 'c-ml', code_verifier: 'v-ml' },
      },
      routes: {
        'POST /magic_links/authenticate': (request) =>
          (request.body as { code_verifier?: string }).code_verifier === 'v-ml'
            ? authenticated()
            : apiError(400, 'pkce_mismatch', 'The code_verifier does not match the code_challenge.'),
      },
    });
    await client.magicLinks.authenticate('t', { session_duration_minutes: 45 });
    expect(apiRequests().map((r) => (r.body as { code_verifier?: string }).code_verifier)).toEqual([
      'v-pw',
      'v-ml',
    ]);
    expect(storage.getItem(PKCE_ML)).toBeNull();
    expect(storage.getItem(PKCE_PW)).not.toBeNull();
  });

  it('without a magic_links pair the retry sends no verifier; a passwords success clears that pair', async () => {
    const first = setup({
      stored: { [PKCE_PW]: { code_challenge: 'c-pw', code_verifier: 'v-pw' } },
      routes: {
        'POST /magic_links/authenticate': (request) =>
          (request.body as { code_verifier?: string }).code_verifier
            ? apiError(400, 'pkce_mismatch')
            : authenticated(),
      },
    });
    await first.client.magicLinks.authenticate('t', { session_duration_minutes: 30 });
    expect(first.apiRequests().map((r) => r.body)).toEqual([
      { token: 't', session_duration_minutes: 30, code_verifier: 'v-pw' },
      { token: 't', session_duration_minutes: 30 },
    ]);
    first.client.dispose();

    const second = setup({
      stored: { [PKCE_PW]: { code_challenge: 'c-pw', code_verifier: 'v-pw' } },
      routes: { 'POST /magic_links/authenticate': () => authenticated() },
    });
    await second.client.magicLinks.authenticate('t', { session_duration_minutes: 30 });
    expect(second.apiRequests()).toHaveLength(1);
    expect(second.storage.getItem(PKCE_PW)).toBeNull();
  });

  it('does not retry on an error that does not mention pkce', async () => {
    const { client, apiRequests } = setup({
      stored: { [PKCE_PW]: { code_challenge: 'c', code_verifier: 'v' } },
      routes: { 'POST /magic_links/authenticate': () => apiError(404, 'magic_link_not_found', 'Not found.') },
    });
    await expect(client.magicLinks.authenticate('t', { session_duration_minutes: 30 })).rejects.toMatchObject(
      {
        error_type: 'magic_link_not_found',
      },
    );
    expect(apiRequests()).toHaveLength(1);
  });

  it('usage checks: token string, session_duration_minutes number', async () => {
    const { client, apiRequests } = setup();
    await expect(
      client.magicLinks.authenticate(1 as never, { session_duration_minutes: 30 }),
    ).rejects.toThrow('Invalid call to magicLinks.authenticate\ntoken must be a string.');
    await expect(client.magicLinks.authenticate('t', {} as never)).rejects.toThrow(
      'Invalid call to magicLinks.authenticate\nsession_duration_minutes must be a number.',
    );
    expect(apiRequests()).toEqual([]);
  });
});
