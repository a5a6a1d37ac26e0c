// wire-format.md §4.5: request bodies, primary vs secondary, usage checks and the session written by authenticate.
import { afterEach, describe, expect, it } from 'vitest';
import { APIError, UsageError } from './errors';
import {
  apiError,
  authenticateData,
  authenticated,
  createTestClient,
  makeSession,
  makeUser,
  ok,
  PUBLIC_TOKEN,
  type RouteHandler,
  STATE_KEY,
  storedState,
} from './test-support/fakes';

let dispose: () => void = () => {};
afterEach(() => dispose());

function setup(routes: Record<string, RouteHandler> = {}) {
  const sent = () => ok({ method_id: 'phone-number-test-1', user_id: 'user-test-1', user_created: true });
  const test = createTestClient({
    routes: {
      'POST /otps/sms/login_or_create': sent,
      'POST /otps/whatsapp/login_or_create': sent,
      'POST /otps/email/login_or_create': () => ok({ method_id: 'email-test-1' }),
      'POST /otps/sms/send/primary': sent,
      'POST /otps/email/send/primary': () => ok({ method_id: 'email-test-1' }),
      ...routes,
    },
  });
  dispose = test.client.dispose;
  return test;
}

const OPTIONS = {
  expiration_minutes: 7,
  login_template_id: 'login-t',
  signup_template_id: 'signup-t',
  locale: 'en',
};

describe('otps.{sms,whatsapp,email} (wire-format.md §4.5)', () => {
  it('loginOrCreate posts the destination with the options spread into the body and returns data', async () => {
    const { client, apiRequests } = setup();
    const sms = await client.otps.sms.loginOrCreate('+14155550123', { expiration_minutes: 5 });
    expect(sms).toEqual({
      request_id: 'request-id-test',
      status_code: 200,
      method_id: 'phone-number-test-1',
      user_id: 'user-test-1',
      user_created: true,
    });
    await client.otps.whatsapp.loginOrCreate('+447400123456', OPTIONS);
    const email = await client.otps.email.loginOrCreate('ada@example.com', OPTIONS);
    expect(email.method_id).toBe('email-test-1');
    expect(apiRequests().map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/otps/sms/login_or_create', { phone_number: '+14155550123', expiration_minutes: 5 }],
      ['POST', '/otps/whatsapp/login_or_create', { ...OPTIONS, phone_number: '+447400123456' }],
      ['POST', '/otps/email/login_or_create', { ...OPTIONS, email: 'ada@example.com' }],
    ]);
  });

  it('a caller option cannot replace the destination', async () => {
    const { client, apiRequests } = setup();
    await client.otps.sms.loginOrCreate('+14155550123', { phone_number: '+19999999999' } as never);
    expect(apiRequests()[0]?.body).toEqual({ phone_number: '+14155550123' });
  });

  it('send uses /send/primary without a session and /send/secondary with one', async () => {
    const anonymous = setup();
    await anonymous.client.otps.sms.send('+14155550123');
    await anonymous.client.otps.email.send('ada@example.com', { expiration_minutes: 3 });
    expect(anonymous.apiRequests().map((r) => [r.path, r.body])).toEqual([
      ['/otps/sms/send/primary', { phone_number: '+14155550123' }],
      ['/otps/email/send/primary', { email: 'ada@example.com', expiration_minutes: 3 }],
    ]);
    anonymous.client.dispose();

    const signedIn = createTestClient({
      cookies: { gatehouse_session: 'session-token-1', gatehouse_session_jwt: 'j' },
      stored: { [STATE_KEY]: { user: makeUser(), session: makeSession() } },
      routes: {
        'POST /sessions/authenticate': () => authenticated(),
        'POST /otps/whatsapp/send/secondary': () => ok({ method_id: 'phone-number-test-2' }),
      },
    });
    dispose = signedIn.client.dispose;
    const data = await signedIn.client.otps.whatsapp.send('+14155550123');
    expect(data.method_id).toBe('phone-number-test-2');
    const send = signedIn.apiRequests().find((r) => r.path.startsWith('/otps/'));
    expect(send?.path).toBe('/otps/whatsapp/send/secondary');
    expect(send?.headers.Authorization).toBe(`Basic ${btoa(`${PUBLIC_TOKEN}:session-token-1`)}`);
  });

  it('usage checks: the destination must be a string and options typed, before any request', async () => {
    const { client, apiRequests } = setup();
    await expect(client.otps.sms.loginOrCreate(14155550123 as never)).rejects.toThrow(
      new UsageError('otps.sms.loginOrCreate', 'phone_number must be a string.'),
    );
    await expect(client.otps.email.send(null as never)).rejects.toThrow(
      'Invalid call to otps.email.send\nemail must be a string.',
    );
    await expect(
      client.otps.whatsapp.send('+14155550123', { expiration_minutes: '5' as never }),
    ).rejects.toThrow('Invalid call to otps.whatsapp.send\nexpiration_minutes must be a number.');
    await expect(
      client.otps.email.loginOrCreate('a@b.co', { login_template_id: 3 as never }),
    ).rejects.toThrow('login_template_id must be a string.');
    await expect(client.otps.sms.loginOrCreate('+14155550123', 'x' as never)).rejects.toThrow(
      'options must be an object.',
    );
    expect(apiRequests()).toEqual([]);
  });

  it('server errors surface as APIError', async () => {
    const { client } = setup({
      'POST /otps/sms/login_or_create': () => apiError(400, 'invalid_phone_number'),
    });
    const error = await client.otps.sms.loginOrCreate('+1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).error_type).toBe('invalid_phone_number');
  });
});

describe('otps.authenticate (wire-format.md §4.5)', () => {
  it('sends token, method_id and session_duration_minutes, writes the session from data.user', async () => {
    const { client, apiRequests, jar, storage } = setup({
      'POST /otps/authenticate': () => authenticated({ method_id: 'phone-number-test-1' } as never),
    });
    const result = await client.otps.authenticate('123456', 'phone-number-test-1', {
      session_duration_minutes: 30,
    });
    expect(apiRequests()[0]?.body).toEqual({
      token: '123456',
      method_id: 'phone-number-test-1',
      session_duration_minutes: 30,
    });
    expect(result).not.toHaveProperty('__user');
    expect(result.session).toEqual(makeSession());
    expect(jar.values.get('gatehouse_session')).toBe('session-token-1');
    expect(storedState(storage)).toEqual({ user: makeUser(), session: makeSession() });
    expect(client.session.getSync()).toEqual(makeSession());
  });

  it('takes the user from data.user, not data.__user', async () => {
    const user = makeUser({ user_id: 'user-from-user' });
    const { client, storage } = setup({
      'POST /otps/authenticate': () =>
        ok({ ...authenticateData(), user, __user: makeUser({ user_id: 'user-from-__user' }) }),
    });
    await client.otps.authenticate('123456', 'm', { session_duration_minutes: 30 });
    expect((storedState(storage) as { user: { user_id: string } }).user.user_id).toBe('user-from-user');
  });

  it('a wrong code writes nothing', async () => {
    const { client, storage, jar } = setup({
      'POST /otps/authenticate': () => apiError(401, 'unable_to_auth_otp_code'),
    });
    await expect(
      client.otps.authenticate('000000', 'm', { session_duration_minutes: 30 }),
    ).rejects.toBeInstanceOf(APIError);
    expect(storedState(storage) ?? null).toBeNull();
    expect(jar.values.get('gatehouse_session')).toBeUndefined();
  });

  it('usage checks: code and method_id strings, session_duration_minutes a number', async () => {
    const { client, apiRequests } = setup();
    await expect(
      client.otps.authenticate(123456 as never, 'm', { session_duration_minutes: 30 }),
    ).rejects.toThrow(new UsageError('otps.authenticate', 'code must be a string.'));
    await expect(
      client.otps.authenticate('123456', undefined as never, { session_duration_minutes: 30 }),
    ).rejects.toThrow('method_id must be a string.');
    await expect(client.otps.authenticate('123456', 'm', {} as never)).rejects.toThrow(
      'session_duration_minutes must be a number.',
    );
    await expect(client.otps.authenticate('123456', 'm', undefined as never)).rejects.toThrow(
      'options must be an object.',
    );
    expect(apiRequests()).toEqual([]);
  });
});
