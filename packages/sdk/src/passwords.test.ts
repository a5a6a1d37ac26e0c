// issue 10 item 2: client.passwords against the fake fetch: bodies field for field (wire-format.md §4.10), headers,
// session state, PKCE for resets (§6), errors and usage errors (§3.3), SPEC §7 defaults.
import { PASSWORD_ROUTES, ROUTES, USERS_SEARCH_ROUTE } from '@gatehouse/protocol';
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
const PKCE_PW = `${STATE_KEY}::PKCE_VERIFIER:passwords`;
const PKCE_ML = `${STATE_KEY}::PKCE_VERIFIER:magic_links`;
const ANONYMOUS = `Basic ${btoa(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`)}`;

const STRENGTH = {
  valid_password: false,
  score: 1,
  breached_password: false,
  breach_detection_on_create: true,
  strength_policy: 'zxcvbn',
  feedback: {
    suggestions: ['Add another word or two. Uncommon words are better.'],
    warning: 'This is a very common password.',
    luds_requirements: {
      has_digit: false,
      has_lower_case: true,
      has_symbol: false,
      has_upper_case: false,
      missing_characters: 0,
      missing_complexity: 0,
    },
  },
};

let dispose: () => void = () => {};
afterEach(() => dispose());

function setup(
  options: {
    routes?: Record<string, RouteHandler>;
    pkce?: boolean;
    stored?: Record<string, unknown>;
    cookies?: Record<string, string>;
    captchaSolver?: () => Promise<string>;
  } = {},
) {
  const test = createTestClient({
    stored: options.stored,
    cookies: options.cookies,
    clientOptions: options.captchaSolver ? { captchaSolver: options.captchaSolver } : {},
    routes: {
      [BOOTSTRAP_ROUTE]: () =>
        json(200, {
          data: { ...BOOTSTRAP_WIRE, pkce_required_for_password_resets: options.pkce ?? false },
        }),
      'POST /passwords': () => json(200, { data: { ...authenticateData(), email_id: 'email-test-1' } }),
      'POST /passwords/authenticate': () => authenticated(),
      'POST /passwords/email/reset/start': () => ok(),
      'POST /passwords/email/reset': () => authenticated(),
      'POST /passwords/existing_password/reset': () => authenticated(),
      'POST /passwords/session/reset': () => authenticated(),
      'POST /passwords/strength_check': () => ok(STRENGTH),
      'POST /users/search': () => ok({ userType: 'password' }),
      ...options.routes,
    },
  });
  dispose = test.client.dispose;
  return test;
}

const bodies = (requests: { body: unknown }[]) => requests.map((request) => request.body);

describe('passwords.create and passwords.authenticate (wire-format.md §4.10)', () => {
  it('create posts email, password and session_duration_minutes, writes the session and strips __user', async () => {
    const { client, apiRequests, jar, storage } = setup();
    const result = await client.passwords.create({
      email: 'ada@example.com',
      password: 'correct horse battery staple',
      session_duration_minutes: 60,
    });
    const [request] = apiRequests();
    expect(request).toMatchObject({ method: 'POST', path: '/passwords' });
    expect(request?.url).toBe('https://auth.example.com/sdk/v1/passwords');
    expect(request?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse battery staple',
      session_duration_minutes: 60,
    });
    expect(request?.headers).toMatchObject({
      Authorization: ANONYMOUS,
      'Content-Type': 'application/json',
      'X-SDK-Parent-Host': 'https://app.example.com',
    });
    expect(request?.headers['X-SDK-Client']).toEqual(expect.any(String));
    const { __user, ...expected } = authenticateData();
    expect(result).toEqual({ ...expected, email_id: 'email-test-1' });
    expect(jar.values.get('gatehouse_session')).toBe('session-token-1');
    expect(jar.values.get('gatehouse_session_jwt')).toBe('session-jwt-1');
    expect(storedState(storage)).toEqual({ user: makeUser(), session: makeSession() });
    expect(client.session.getSync()).toEqual(makeSession());
  });

  it('authenticate posts the same three fields to /passwords/authenticate and writes the session', async () => {
    const { client, apiRequests } = setup();
    const result = await client.passwords.authenticate({
      email: 'ada@example.com',
      password: 'pw-1234567',
      session_duration_minutes: 15,
    });
    expect(apiRequests().map((r) => r.path)).toEqual(['/passwords/authenticate']);
    expect(apiRequests()[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'pw-1234567',
      session_duration_minutes: 15,
    });
    expect(result).not.toHaveProperty('__user');
    expect(client.user.getSync()).toEqual(makeUser());
  });

  it('session_duration_minutes defaults to 30 for create and authenticate (SPEC §7)', async () => {
    const { client, apiRequests } = setup();
    await client.passwords.create({ email: 'a@example.com', password: 'pw-1234567' });
    await client.passwords.authenticate({ email: 'a@example.com', password: 'pw-1234567' });
    expect(bodies(apiRequests())).toEqual([
      { email: 'a@example.com', password: 'pw-1234567', session_duration_minutes: 30 },
      { email: 'a@example.com', password: 'pw-1234567', session_duration_minutes: 30 },
    ]);
  });

  it('a reset_password answer surfaces as APIError with that error_type and leaves the state alone', async () => {
    const { client, storage, jar } = setup({
      routes: {
        'POST /passwords/authenticate': () =>
          apiError(400, 'reset_password', 'This password must be reset before it can be used.'),
      },
    });
    const error = await client.passwords
      .authenticate({ email: 'a@example.com', password: 'pw-1234567', session_duration_minutes: 30 })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      error_type: 'reset_password',
      status_code: 400,
      error_message: 'This password must be reset before it can be used.',
    });
    expect(storedState(storage)).toBeUndefined();
    expect(jar.values.has('gatehouse_session')).toBe(false);
  });

  it("answers 'Captcha required' by solving and retrying once with captcha_token (retriable, §4 R)", async () => {
    let tries = 0;
    const solver = vi.fn(async () => 'solved');
    const { client, apiRequests } = setup({
      captchaSolver: solver,
      routes: {
        'POST /passwords/authenticate': () =>
          ++tries === 1
            ? new Response('Captcha required', { status: 429, headers: { 'content-type': 'text/plain' } })
            : authenticated(),
        'POST /captcha/challenge': () =>
          ok({ challenge: { parameters: { algorithm: 'SHA-256' }, signature: 's' } }),
      },
    });
    await client.passwords.authenticate({ email: 'a@example.com', password: 'pw-1234567' });
    expect(apiRequests().map((r) => r.path)).toEqual([
      '/passwords/authenticate',
      '/captcha/challenge',
      '/passwords/authenticate',
    ]);
    expect(apiRequests()[1]?.body).toEqual({ action: '/passwords/authenticate' });
    expect(apiRequests()[2]?.body).toEqual({
      email: 'a@example.com',
      password: 'pw-1234567',
      session_duration_minutes: 30,
      captcha_token: 'solved',
    });
  });

  it('usage checks (wire-format.md §3.3) before any request', async () => {
    const { client, apiRequests } = setup();
    await expect(client.passwords.create({ email: 1, password: 'pw' } as never)).rejects.toThrow(
      new UsageError('passwords.create', 'email must be a string.'),
    );
    await expect(
      client.passwords.authenticate({ email: 'a@example.com', password: null } as never),
    ).rejects.toThrow('Invalid call to passwords.authenticate\npassword must be a string.');
    await expect(
      client.passwords.create({
        email: 'a@example.com',
        password: 'pw',
        session_duration_minutes: '30' as never,
      }),
    ).rejects.toThrow('Invalid call to passwords.create\nsession_duration_minutes must be a number.');
    await expect(client.passwords.authenticate(undefined as never)).rejects.toThrow(
      'Invalid call to passwords.authenticate\noptions must be an object.',
    );
    await expect(client.passwords.create(undefined as never)).rejects.toBeInstanceOf(UsageError);
    expect(apiRequests()).toEqual([]);
  });
});

describe('passwords.resetByEmailStart (wire-format.md §4.10, §6)', () => {
  const START = {
    email: 'ada@example.com',
    login_redirect_url: 'https://app.example.com/authenticate',
    reset_password_redirect_url: 'https://app.example.com/reset-password',
    reset_password_expiration_minutes: 20,
    reset_password_template_id: 'reset-template',
  };

  it('sends the named fields, drops login_expiration_minutes, and no code_challenge when PKCE is off', async () => {
    const { client, apiRequests, storage } = setup();
    const result = await client.passwords.resetByEmailStart({ ...START, login_expiration_minutes: 10 });
    expect(result).toEqual({ request_id: 'request-id-test', status_code: 200 });
    expect(apiRequests()[0]).toMatchObject({ method: 'POST', path: '/passwords/email/reset/start' });
    expect(apiRequests()[0]?.body).toEqual(START);
    expect(storage.getItem(PKCE_PW)).toBeNull();
  });

  it('only the e-mail is required: undefined options disappear from the body', async () => {
    const { client, apiRequests } = setup();
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    expect(apiRequests()[0]?.rawBody).toBe('{"email":"ada@example.com"}');
  });

  it('with pkce_required_for_password_resets it sends the passwords challenge, reusing the stored pair', async () => {
    const { client, apiRequests, storage } = setup({ pkce: true });
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    const pair = JSON.parse(storage.getItem(PKCE_PW) ?? 'null');
    expect(pair.code_verifier).toMatch(/^[0-9a-f]+$/);
    expect(pair.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await client.passwords.resetByEmailStart({ email: 'ada@example.com' });
    expect(bodies(apiRequests())).toEqual([
      { email: 'ada@example.com', code_challenge: pair.code_challenge },
      { email: 'ada@example.com', code_challenge: pair.code_challenge },
    ]);
    expect(JSON.stringify(apiRequests())).not.toContain(pair.code_verifier);
    expect(storage.getItem(PKCE_ML)).toBeNull();
  });

  it("sends the widget's locale (issue 27 item 2: the reset e-mail's language) and checks it is a string", async () => {
    const { client, apiRequests } = setup();
    await client.passwords.resetByEmailStart({ email: 'ada@example.com', locale: 'pt-BR' });
    expect(apiRequests()[0]?.body).toEqual({ email: 'ada@example.com', locale: 'pt-BR' });
    await expect(client.passwords.resetByEmailStart({ email: 'a@b.co', locale: 3 as never })).rejects.toThrow(
      'locale must be a string.',
    );
  });

  it('usage checks', async () => {
    const { client, apiRequests } = setup();
    await expect(client.passwords.resetByEmailStart({ email: 5 } as never)).rejects.toThrow(
      'Invalid call to passwords.resetByEmailStart\nemail must be a string.',
    );
    await expect(
      client.passwords.resetByEmailStart({
        email: 'a@b.co',
        reset_password_expiration_minutes: '5' as never,
      }),
    ).rejects.toThrow('reset_password_expiration_minutes must be a number.');
    await expect(
      client.passwords.resetByEmailStart({ email: 'a@b.co', login_redirect_url: 1 as never }),
    ).rejects.toThrow('login_redirect_url must be a string.');
    await expect(
      client.passwords.resetByEmailStart({ email: 'a@b.co', reset_password_template_id: 1 as never }),
    ).rejects.toThrow('reset_password_template_id must be a string.');
    expect(apiRequests()).toEqual([]);
  });
});

describe('passwords.resetByEmail (wire-format.md §4.10, §6)', () => {
  it('sends token, password, session_duration_minutes and the stored verifier; clears it only on success', async () => {
    let fail = true;
    const { client, apiRequests, storage, jar } = setup({
      stored: { [PKCE_PW]: { code_challenge: 'c-pw', code_verifier: 'v-pw' } },
      routes: {
        'POST /passwords/email/reset': () =>
          fail ? apiError(400, 'pkce_mismatch', 'The code_verifier does not match.') : authenticated(),
      },
    });
    const options = { token: 'reset-token', password: 'new-password-1', session_duration_minutes: 30 };
    await expect(client.passwords.resetByEmail(options)).rejects.toMatchObject({
      error_type: 'pkce_mismatch',
    });
    expect(storage.getItem(PKCE_PW)).not.toBeNull();
    fail = false;
    const result = await client.passwords.resetByEmail(options);
    expect(bodies(apiRequests())).toEqual([
      { ...options, code_verifier: 'v-pw' },
      { ...options, code_verifier: 'v-pw' },
    ]);
    expect(storage.getItem(PKCE_PW)).toBeNull();
    expect(result).not.toHaveProperty('__user');
    expect(jar.values.get('gatehouse_session')).toBe('session-token-1');
    expect(storedState(storage)).toEqual({ user: makeUser(), session: makeSession() });
  });

  it('omits code_verifier when no passwords pair is stored (the magic_links one is not used)', async () => {
    const { client, apiRequests } = setup({
      stored: { [PKCE_ML]: { code_challenge: 'c-ml', code_verifier: 'v-ml' } },
    });
    await client.passwords.resetByEmail({
      token: 't',
      password: 'new-password-1',
      session_duration_minutes: 5,
    });
    expect(apiRequests()[0]?.rawBody).toBe(
      '{"token":"t","password":"new-password-1","session_duration_minutes":5}',
    );
  });

  it('a breached new password surfaces the server error; a reset_password type stays an APIError', async () => {
    const { client } = setup({
      routes: { 'POST /passwords/email/reset': () => apiError(400, 'reset_password', 'Breached.') },
    });
    await expect(
      client.passwords.resetByEmail({ token: 't', password: 'password', session_duration_minutes: 30 }),
    ).rejects.toSatisfy((error) => error instanceof APIError && error.error_type === 'reset_password');
  });

  it('usage checks: token and password strings, session_duration_minutes a number (no default)', async () => {
    const { client, apiRequests } = setup();
    await expect(
      client.passwords.resetByEmail({ token: 1, password: 'p', session_duration_minutes: 30 } as never),
    ).rejects.toThrow('Invalid call to passwords.resetByEmail\ntoken must be a string.');
    await expect(client.passwords.resetByEmail({ token: 't', password: 'p' } as never)).rejects.toThrow(
      'Invalid call to passwords.resetByEmail\nsession_duration_minutes must be a number.',
    );
    expect(apiRequests()).toEqual([]);
  });
});

describe('passwords.resetByExistingPassword and resetBySession (wire-format.md §4.10)', () => {
  it('resetByExistingPassword posts the four fields and writes the session', async () => {
    const { client, apiRequests, jar } = setup();
    const result = await client.passwords.resetByExistingPassword({
      email: 'ada@example.com',
      existing_password: 'old-password-1',
      new_password: 'new-password-1',
      session_duration_minutes: 30,
    });
    expect(apiRequests()[0]).toMatchObject({
      path: '/passwords/existing_password/reset',
      body: {
        email: 'ada@example.com',
        existing_password: 'old-password-1',
        new_password: 'new-password-1',
        session_duration_minutes: 30,
      },
    });
    expect(result).not.toHaveProperty('__user');
    expect(jar.values.get('gatehouse_session')).toBe('session-token-1');
  });

  it('resetByExistingPassword usage checks', async () => {
    const { client, apiRequests } = setup();
    await expect(
      client.passwords.resetByExistingPassword({
        email: 'a@b.co',
        existing_password: 'x',
        new_password: 2,
        session_duration_minutes: 30,
      } as never),
    ).rejects.toThrow('Invalid call to passwords.resetByExistingPassword\nnew_password must be a string.');
    await expect(
      client.passwords.resetByExistingPassword({
        email: 'a@b.co',
        existing_password: 'x',
        new_password: 'y',
      } as never),
    ).rejects.toThrow('session_duration_minutes must be a number.');
    expect(apiRequests()).toEqual([]);
  });

  it('resetBySession sends the session token, optional duration, and returns the data untouched', async () => {
    const { client, apiRequests, storage } = setup({
      cookies: { gatehouse_session: 'session-token-0', gatehouse_session_jwt: 'jwt-0' },
      stored: { [STATE_KEY]: { user: makeUser(), session: makeSession() } },
      routes: { 'POST /sessions/authenticate': () => authenticated({ session_token: 'session-token-0' }) },
    });
    const result = await client.passwords.resetBySession({ password: 'new-password-1' });
    const reset = apiRequests().find((r) => r.path === '/passwords/session/reset');
    expect(reset?.rawBody).toBe('{"password":"new-password-1"}');
    expect(reset?.headers.Authorization).toBe(`Basic ${btoa(`${PUBLIC_TOKEN}:session-token-0`)}`);
    expect(result).toEqual(authenticateData());
    expect(storedState(storage)).toEqual({ user: makeUser(), session: makeSession() });

    await client.passwords.resetBySession({ password: 'new-password-2', session_duration_minutes: 90 });
    expect(apiRequests().at(-1)?.body).toEqual({ password: 'new-password-2', session_duration_minutes: 90 });
  });

  it('resetBySession usage checks: password a string, session_duration_minutes a number when given', async () => {
    const { client, apiRequests } = setup();
    await expect(client.passwords.resetBySession({ password: 1 } as never)).rejects.toThrow(
      'Invalid call to passwords.resetBySession\npassword must be a string.',
    );
    await expect(
      client.passwords.resetBySession({ password: 'p', session_duration_minutes: '5' as never }),
    ).rejects.toThrow('session_duration_minutes must be a number.');
    expect(apiRequests()).toEqual([]);
  });
});

describe('passwords.strengthCheck (wire-format.md §4.10)', () => {
  it('posts email and password and returns the strength result as the server sent it', async () => {
    const { client, apiRequests, storage } = setup();
    const result = await client.passwords.strengthCheck({ email: 'ada@example.com', password: 'password1' });
    expect(apiRequests()[0]).toMatchObject({
      path: '/passwords/strength_check',
      body: { email: 'ada@example.com', password: 'password1' },
    });
    expect(result).toEqual({ request_id: 'request-id-test', status_code: 200, ...STRENGTH });
    expect(storedState(storage)).toBeUndefined();
  });

  it('email is optional; an invalid_email answer is an APIError with the server message', async () => {
    const { client, apiRequests } = setup({
      routes: {
        'POST /passwords/strength_check': () => apiError(400, 'invalid_email', 'Email format is invalid.'),
      },
    });
    await expect(client.passwords.strengthCheck({ password: 'password1' })).rejects.toMatchObject({
      error_type: 'invalid_email',
      error_message: 'Email format is invalid.',
    });
    expect(apiRequests()[0]?.rawBody).toBe('{"password":"password1"}');
  });

  it('usage checks', async () => {
    const { client, apiRequests } = setup();
    await expect(client.passwords.strengthCheck({ password: 5 } as never)).rejects.toThrow(
      'Invalid call to passwords.strengthCheck\npassword must be a string.',
    );
    await expect(client.passwords.strengthCheck({ email: 5, password: 'p' } as never)).rejects.toThrow(
      'email must be a string.',
    );
    expect(apiRequests()).toEqual([]);
  });
});

describe('secrets stay in the request body', () => {
  it('no password or reset token in storage, cookies, the URL or the headers', async () => {
    const { client, apiRequests, storage, jar } = setup({ pkce: true });
    await client.passwords.create({ email: 'a@example.com', password: 'Secret-create-1' });
    await client.passwords.resetByEmailStart({ email: 'a@example.com' });
    await client.passwords.resetByEmail({
      token: 'Secret-token-2',
      password: 'Secret-reset-3',
      session_duration_minutes: 30,
    });
    await client.passwords.strengthCheck({ password: 'Secret-check-4' });
    const outside = JSON.stringify([
      [...storage.map.values()],
      jar.writes,
      apiRequests().map((request) => [request.url, request.headers]),
    ]);
    for (const secret of ['Secret-create-1', 'Secret-token-2', 'Secret-reset-3', 'Secret-check-4']) {
      expect(outside).not.toContain(secret);
    }
  });
});

describe('paths', () => {
  it("every call posts to the protocol's PASSWORD_ROUTES path (the module writes them out, for size)", async () => {
    const { client, apiRequests } = setup();
    const sign = { email: 'a@example.com', password: 'pw-1234567' };
    await client.passwords.create(sign);
    await client.passwords.authenticate(sign);
    await client.passwords.resetByEmailStart({ email: 'a@example.com' });
    await client.passwords.resetByEmail({ token: 't', password: 'p', session_duration_minutes: 30 });
    await client.passwords.resetByExistingPassword({
      email: 'a@example.com',
      existing_password: 'p',
      new_password: 'q',
      session_duration_minutes: 30,
    });
    await client.passwords.resetBySession({ password: 'p' });
    await client.passwords.strengthCheck({ password: 'p' });
    await client.users.search('a@example.com');
    expect(apiRequests().map((request) => request.path)).toEqual([
      ...Object.values(PASSWORD_ROUTES),
      USERS_SEARCH_ROUTE,
    ]);
    expect(USERS_SEARCH_ROUTE).toBe(ROUTES.usersSearch);
    expect(new Set(apiRequests().map((request) => request.method))).toEqual(new Set(['POST']));
  });
});

describe('users.search (wire-format.md §4.2)', () => {
  it('posts { email } and returns userType', async () => {
    const { client, apiRequests } = setup({
      routes: { 'POST /users/search': () => ok({ userType: 'passwordless' }) },
    });
    const result = await client.users.search('ada@example.com');
    expect(result).toEqual({ request_id: 'request-id-test', status_code: 200, userType: 'passwordless' });
    expect(apiRequests()[0]).toMatchObject({ method: 'POST', path: '/users/search' });
    expect(apiRequests()[0]?.rawBody).toBe('{"email":"ada@example.com"}');
    expect(client.user.search).toBe(client.users.search);
  });

  it('errors surface as APIError; a non-string e-mail is a UsageError before any request', async () => {
    const { client, apiRequests } = setup({
      routes: { 'POST /users/search': () => apiError(400, 'invalid_email') },
    });
    await expect(client.users.search(5 as never)).rejects.toThrow(
      'Invalid call to user.search\nemail must be a string.',
    );
    expect(apiRequests()).toEqual([]);
    await expect(client.users.search('nope')).rejects.toMatchObject({ error_type: 'invalid_email' });
  });
});
