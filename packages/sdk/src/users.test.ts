import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazily } from './lazy';
import type { SessionManager } from './session-manager';
import {
  authenticated,
  createTestClient,
  json,
  makeSession,
  makeUser,
  type RouteHandler,
  STATE_KEY,
  storedState,
} from './test-support/fakes';
import { createUsersModule, type UserCalls } from './users';

const LOGGED_IN = { gatehouse_session: 'session-token-1', gatehouse_session_jwt: 'session-jwt-1' };

let dispose: () => void = () => {};
afterEach(() => dispose());

async function loggedIn(routes: Record<string, RouteHandler>) {
  const setup = createTestClient({
    cookies: LOGGED_IN,
    stored: { [STATE_KEY]: { user: makeUser(), session: makeSession() } },
    routes: { 'POST /sessions/authenticate': () => authenticated(), ...routes },
  });
  dispose = setup.client.dispose;
  await vi.waitFor(() => expect(setup.client.user.getInfo().fromCache).toBe(false));
  return setup;
}

const updated = makeUser({ emails: [] });
const mutation = () =>
  json(200, {
    data: {
      request_id: 'r',
      status_code: 200,
      user_id: updated.user_id,
      emails: [],
      phone_numbers: [],
      crypto_wallets: [],
      __user: { ...updated, request_id: 'r', status_code: 200 },
    },
  });

describe('users (wire-format.md §4.2)', () => {
  it('client.user is client.users', () => {
    const { client } = createTestClient();
    expect(client.user).toBe(client.users);
    client.dispose();
  });

  it('get: GET /users/me, flattened user without request_id/status_code, stored', async () => {
    const fresh = makeUser({ name: { first_name: 'Ada', middle_name: '', last_name: 'L' } });
    const { client, apiRequests, storage } = await loggedIn({
      'GET /users/me': () => json(200, { data: { ...fresh, request_id: 'r', status_code: 200 } }),
    });
    const listener = vi.fn();
    client.user.onChange(listener);
    await expect(client.user.get()).resolves.toEqual(fresh);
    expect(apiRequests().at(-1)).toMatchObject({ method: 'GET', path: '/users/me', rawBody: undefined });
    expect(client.user.getSync()).toEqual(fresh);
    expect(listener).toHaveBeenCalledWith(fresh);
    expect((storedState(storage) as { user: unknown }).user).toEqual(fresh);
  });

  it('update: PUT /users/me with the options verbatim; stores __user and strips it from the answer', async () => {
    const { client, apiRequests } = await loggedIn({ 'PUT /users/me': mutation });
    const options = { name: { first_name: 'Ada' }, untrusted_metadata: { theme: 'dark' } };
    const result = await client.user.update(options);
    expect(apiRequests().at(-1)?.body).toEqual(options);
    expect(result).not.toHaveProperty('__user');
    expect(result).toMatchObject({ user_id: updated.user_id, emails: [] });
    expect(client.user.getSync()).toEqual(updated);
  });

  it('update checks untrusted_metadata is an object', async () => {
    const { client, apiRequests } = await loggedIn({ 'PUT /users/me': mutation });
    const count = apiRequests().length;
    await expect(client.user.update({ untrusted_metadata: 'x' as never })).rejects.toThrow(
      'Invalid call to user.update\nuntrusted_metadata must be an object.',
    );
    expect(apiRequests()).toHaveLength(count);
  });

  it.each([
    ['deleteEmail', '/users/emails/'],
    ['deletePhoneNumber', '/users/phone_numbers/'],
    ['deleteTOTP', '/users/totps/'],
    ['deleteOAuthRegistration', '/users/oauth/'],
    ['deleteWebauthnRegistration', '/users/webauthn_registrations/'],
    ['deleteBiometricRegistration', '/users/biometric_registrations/'],
    ['deleteCryptoWallet', '/users/crypto_wallets/'],
  ] as const)('%s: DELETE %s{id}, no body, stores __user', async (method, prefix) => {
    const { client, apiRequests } = await loggedIn({ [`DELETE ${prefix}id%2F1`]: mutation });
    const result = await client.user[method]('id/1');
    expect(apiRequests().at(-1)).toMatchObject({
      method: 'DELETE',
      path: `${prefix}id%2F1`,
      rawBody: undefined,
    });
    expect(result).not.toHaveProperty('__user');
    expect(client.user.getSync()).toEqual(updated);
    await expect(client.user[method](5 as never)).rejects.toThrow(`Invalid call to user.${method}\n`);
  });

  it('getSync/getInfo without a session', () => {
    const { client } = createTestClient();
    expect(client.user.getSync()).toBeNull();
    expect(client.user.getInfo()).toEqual({ user: null, fromCache: false });
    client.dispose();
  });
});

describe('users loads its server calls on the first of them (issue 21)', () => {
  it('the readers need no load; the calls share one, pass their arguments on, and retry a failed load', async () => {
    const user = makeUser();
    const manager = {
      getState: () => ({ user, session: makeSession() }),
      isFromCache: () => false,
      subscribe: () => () => {},
    } as unknown as SessionManager;
    const calls = {
      get: vi.fn(async () => user),
      deleteEmail: vi.fn(async () => ({ deleted: true })),
    } as unknown as UserCalls;
    const load = vi
      .fn<() => Promise<UserCalls>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(calls);
    // The client hands over the load wrapped like this (client.ts).
    const users = createUsersModule({ manager, calls: lazily(load), search: vi.fn() });
    expect(users.getSync()).toBe(user);
    expect(users.getInfo()).toEqual({ user, fromCache: false });
    users.onChange(() => {})();
    expect(load).not.toHaveBeenCalled();
    await expect(users.get()).rejects.toThrow('Failed to fetch');
    await expect(users.get()).resolves.toBe(user);
    await expect(users.deleteEmail('email-1')).resolves.toEqual({ deleted: true });
    expect(calls.deleteEmail).toHaveBeenCalledWith('email-1');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
