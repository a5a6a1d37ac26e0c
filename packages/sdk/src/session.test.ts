import { UNRECOVERABLE_ERROR_TYPES } from '@gatehouse/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, SDKAPIUnreachableError, UsageError } from './errors';
import { lazily } from './lazy';
import { createSessionModule, type SessionCalls } from './session';
import type { SessionManager } from './session-manager';
import {
  apiError,
  authenticateData,
  authenticated,
  createTestClient,
  makeSession,
  makeUser,
  ok,
  type RouteHandler,
  STATE_KEY,
  storedState,
} from './test-support/fakes';

const LOGGED_IN = { gatehouse_session: 'session-token-1', gatehouse_session_jwt: 'session-jwt-1' };
const CACHED = { user: makeUser(), session: makeSession() };

let dispose: () => void = () => {};
afterEach(() => dispose());

/** A logged-in client whose startup refresh already succeeded. */
async function loggedIn(routes: Record<string, RouteHandler>) {
  const setup = createTestClient({
    cookies: LOGGED_IN,
    stored: { [STATE_KEY]: CACHED },
    routes: { 'POST /sessions/authenticate': () => authenticated(), ...routes },
  });
  dispose = setup.client.dispose;
  await setup.client.bootstrap.get();
  await vi.waitFor(() => expect(setup.client.session.getInfo().fromCache).toBe(false));
  return setup;
}

describe('session.revoke (SPEC §4)', () => {
  it('POST /sessions/revoke without a body; success clears state and cookies', async () => {
    const { client, apiRequests, jar, storage } = await loggedIn({ 'POST /sessions/revoke': () => ok() });
    await expect(client.session.revoke()).resolves.toMatchObject({ status_code: 200 });
    const revoke = apiRequests().find((r) => r.path === '/sessions/revoke');
    expect(revoke?.rawBody).toBeUndefined();
    expect(revoke?.headers['Content-Type']).toBe('application/json');
    expect(client.session.getSync()).toBeNull();
    expect(client.session.getTokens()).toBeNull();
    expect(jar.values.size).toBe(0);
    expect(storedState(storage)).toBeNull();
  });

  it('a failure keeps the state unless forced', async () => {
    const { client } = await loggedIn({
      'POST /sessions/revoke': () => apiError(500, 'internal_server_error'),
    });
    await expect(client.session.revoke()).rejects.toBeInstanceOf(APIError);
    expect(client.session.getSync()).toEqual(CACHED.session);
    expect(client.session.getTokens()).toEqual({
      session_token: 'session-token-1',
      session_jwt: 'session-jwt-1',
    });
  });

  it('a network failure with forceClear clears the state and still throws', async () => {
    const { client, jar } = await loggedIn({
      'POST /sessions/revoke': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.session.revoke({ forceClear: true })).rejects.toBeInstanceOf(SDKAPIUnreachableError);
    expect(client.session.getSync()).toBeNull();
    expect(jar.values.size).toBe(0);
  });

  it.each(UNRECOVERABLE_ERROR_TYPES)('a failure with %s clears the state', async (errorType) => {
    const { client } = await loggedIn({ 'POST /sessions/revoke': () => apiError(401, errorType) });
    await expect(client.session.revoke()).rejects.toMatchObject({ error_type: errorType });
    expect(client.session.getSync()).toBeNull();
    expect(client.user.getSync()).toBeNull();
  });
});

describe('session.authenticate', () => {
  it('sends session_duration_minutes, stores the session and strips __user from the answer', async () => {
    const { client, apiRequests } = await loggedIn({});
    const result = await client.session.authenticate({ session_duration_minutes: 60 });
    expect(apiRequests().at(-1)?.body).toEqual({ session_duration_minutes: 60 });
    expect(result).not.toHaveProperty('__user');
    const { __user, ...expected } = authenticateData();
    expect(result).toEqual(expected);
    await client.session.authenticate();
    expect(apiRequests().at(-1)?.body).toEqual({});
  });

  it('checks session_duration_minutes is a number before any request', async () => {
    const { client, apiRequests } = await loggedIn({});
    const count = apiRequests().length;
    await expect(client.session.authenticate({ session_duration_minutes: '5' as never })).rejects.toThrow(
      new UsageError('session.authenticate', 'session_duration_minutes must be a number.'),
    );
    expect(apiRequests()).toHaveLength(count);
  });

  it.each(UNRECOVERABLE_ERROR_TYPES)('%s destroys the session and is re-thrown', async (errorType) => {
    const { client } = await loggedInWith(errorType);
    const listener = vi.fn();
    client.session.onChange(listener);
    await expect(client.session.authenticate()).rejects.toMatchObject({ error_type: errorType });
    expect(client.session.getSync()).toBeNull();
    expect(listener).toHaveBeenCalledWith(null);
  });

  it('any other error keeps the session', async () => {
    const failing = await loggedInWith('too_many_requests');
    await expect(failing.client.session.authenticate()).rejects.toBeInstanceOf(APIError);
    expect(failing.client.session.getSync()).toEqual(CACHED.session);
  });

  it('an error_type this SDK does not know (a newer server) keeps the session, even with status 401', async () => {
    const failing = await loggedInWith('error_type_from_a_newer_server');
    await expect(failing.client.session.authenticate()).rejects.toMatchObject({
      status_code: 401,
      error_type: 'internal_server_error',
    });
    expect(failing.client.session.getSync()).toEqual(CACHED.session);
  });
});

/** Logged in (startup refresh succeeded), then every further authenticate fails with `errorType`. */
async function loggedInWith(errorType: string) {
  let calls = 0;
  return loggedIn({
    'POST /sessions/authenticate': () => (calls++ === 0 ? authenticated() : apiError(401, errorType)),
  });
}

describe('session accessors', () => {
  it('getTokens is null unless both cookies exist', () => {
    const only = createTestClient({ cookies: { gatehouse_session: 'a' } });
    expect(only.client.session.getTokens()).toBeNull();
    only.client.dispose();
    const none = createTestClient();
    expect(none.client.session.getTokens()).toBeNull();
    expect(none.client.session.getSync()).toBeNull();
    expect(none.client.session.getInfo()).toEqual({ session: null, fromCache: false });
    none.client.dispose();
  });

  it('updateSession writes the cookies only, honours cookieOptions names, and validates', async () => {
    const { client, jar, apiRequests } = createTestClient({
      clientOptions: { cookieOptions: { opaqueTokenCookieName: 'sid', jwtCookieName: 'jwt' } },
    });
    dispose = client.dispose;
    client.session.updateSession({ session_token: 'tok', session_jwt: 'jw' });
    expect(client.session.getTokens()).toEqual({ session_token: 'tok', session_jwt: 'jw' });
    expect(jar.values.get('sid')).toBe('tok');
    expect(apiRequests()).toEqual([]);
    expect(() => client.session.updateSession({ session_token: 5 as never })).toThrow(
      'Invalid call to session.updateSession\nsession_token must be a string.',
    );
  });
});

describe('session.list and session.revokeOthers (Gatehouse calls, issue 13 item 3)', () => {
  const LISTED = { sessions: [makeSession()], current_session_id: makeSession().session_id };

  it('GET /sessions/list without a body answers the sessions and the current id', async () => {
    const { client, apiRequests } = await loggedIn({ 'GET /sessions/list': () => ok(LISTED) });
    await expect(client.session.list()).resolves.toEqual({
      request_id: 'request-id-test',
      status_code: 200,
      ...LISTED,
    });
    const request = apiRequests().at(-1);
    expect(request?.path).toBe('/sessions/list');
    expect(request?.rawBody).toBeUndefined();
    expect(client.session.getSync()).toEqual(CACHED.session);
  });

  it('POST /sessions/revoke_others without a body answers revoked_count and keeps this session', async () => {
    const { client, apiRequests } = await loggedIn({
      'POST /sessions/revoke_others': () => ok({ revoked_count: 2 }),
    });
    await expect(client.session.revokeOthers()).resolves.toMatchObject({ revoked_count: 2 });
    const request = apiRequests().at(-1);
    expect(request?.path).toBe('/sessions/revoke_others');
    expect(request?.rawBody).toBeUndefined();
    expect(client.session.getSync()).toEqual(CACHED.session);
    expect(client.session.getTokens()).toEqual({
      session_token: 'session-token-1',
      session_jwt: 'session-jwt-1',
    });
  });

  it('session_not_found (revoked elsewhere) destroys the local session and is re-thrown', async () => {
    const { client } = await loggedIn({
      'GET /sessions/list': () => apiError(404, 'session_not_found'),
      'POST /sessions/revoke_others': () => apiError(404, 'session_not_found'),
    });
    await expect(client.session.list()).rejects.toMatchObject({ error_type: 'session_not_found' });
    expect(client.session.getSync()).toBeNull();
    await expect(client.session.revokeOthers()).rejects.toMatchObject({ error_type: 'session_not_found' });
  });

  it('any other error keeps the session', async () => {
    const { client } = await loggedIn({
      'GET /sessions/list': () => apiError(429, 'too_many_requests'),
      'POST /sessions/revoke_others': () => apiError(500, 'internal_server_error'),
    });
    await expect(client.session.list()).rejects.toBeInstanceOf(APIError);
    await expect(client.session.revokeOthers()).rejects.toBeInstanceOf(APIError);
    expect(client.session.getSync()).toEqual(CACHED.session);
  });
});

describe('session.revokeOne (Gatehouse call, issue 22)', () => {
  it('POST /sessions/revoke_one sends { session_id } and keeps this session', async () => {
    const { client, apiRequests } = await loggedIn({ 'POST /sessions/revoke_one': () => ok({}) });
    await expect(client.session.revokeOne({ session_id: 'session-test-other' })).resolves.toMatchObject({
      status_code: 200,
    });
    const request = apiRequests().at(-1);
    expect(request?.path).toBe('/sessions/revoke_one');
    expect(JSON.parse(request?.rawBody ?? 'null')).toEqual({ session_id: 'session-test-other' });
    expect(client.session.getSync()).toEqual(CACHED.session);
  });

  it('its session_not_found names the other session: re-thrown, and this session is kept', async () => {
    const { client } = await loggedIn({
      'POST /sessions/revoke_one': () => apiError(404, 'session_not_found'),
    });
    await expect(client.session.revokeOne({ session_id: 'gone' })).rejects.toMatchObject({
      error_type: 'session_not_found',
    });
    expect(client.session.getSync()).toEqual(CACHED.session);
  });

  it('a missing session_id is a usage error before any request', async () => {
    const { client, apiRequests } = await loggedIn({});
    const before = apiRequests().length;
    await expect(client.session.revokeOne({} as never)).rejects.toThrow(
      'Invalid call to session.revokeOne\nsession_id must be a string.',
    );
    expect(apiRequests()).toHaveLength(before);
  });
});

describe('session loads its server calls on the first of them (issue 21)', () => {
  it('the readers and updateSession need no load; the calls share one and retry a failed load', async () => {
    const session = makeSession();
    const manager = {
      getState: () => ({ user: makeUser(), session }),
      isFromCache: () => false,
      subscribe: () => () => {},
      tokens: () => ({ session_token: 't', session_jwt: 'j' }),
      updateTokens: vi.fn(),
    } as unknown as SessionManager;
    const calls = {
      authenticate: vi.fn(async () => ({ session })),
      revoke: vi.fn(async () => ({})),
    } as unknown as SessionCalls;
    const load = vi
      .fn<() => Promise<SessionCalls>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(calls);
    // The client hands over the load wrapped like this (client.ts).
    const module = createSessionModule({ manager, calls: lazily(load) });
    expect(module.getSync()).toBe(session);
    expect(module.getInfo()).toEqual({ session, fromCache: false });
    expect(module.getTokens()).toEqual({ session_token: 't', session_jwt: 'j' });
    module.onChange(() => {})();
    module.updateSession({ session_token: 'new' });
    expect(manager.updateTokens).toHaveBeenCalledWith({ session_token: 'new', session_jwt: null });
    expect(() => module.updateSession({ session_token: 5 as never })).toThrow(UsageError);
    expect(load).not.toHaveBeenCalled();
    await expect(module.authenticate()).rejects.toThrow('Failed to fetch');
    await expect(module.authenticate({ session_duration_minutes: 5 })).resolves.toEqual({ session });
    expect(calls.authenticate).toHaveBeenCalledWith({ session_duration_minutes: 5 });
    await module.revoke({ forceClear: true });
    expect(calls.revoke).toHaveBeenCalledWith({ forceClear: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
