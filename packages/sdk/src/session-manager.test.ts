import { UNRECOVERABLE_ERROR_TYPES } from '@gatehouse/protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadKnownErrorTypes } from './errors';
import { backoffDelay, sameState } from './session-manager';
import {
  apiError,
  authenticateData,
  authenticated,
  createTestClient,
  makeSession,
  makeUser,
  type RecordedRequest,
  type RouteHandler,
  STATE_KEY,
  storedState,
} from './test-support/fakes';

const LOGGED_IN = { gatehouse_session: 'session-token-1', gatehouse_session_jwt: 'session-jwt-1' };
const CACHED = { user: makeUser(), session: makeSession() };

/** A route whose answer each test switches with `respond.next = ...`. */
function switchable(initial: RouteHandler) {
  const respond = { next: initial };
  return { respond, handler: ((request) => respond.next(request)) as RouteHandler };
}

// An error answer first loads the SDK's error-type list (errors.ts); loaded here, before the fake timers, so the
// retries' timing is the session manager's alone.
beforeAll(async () => {
  await loadKnownErrorTypes();
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2029-06-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const authenticateCalls = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/sessions/authenticate');

describe('construction (wire-format.md §5.3)', () => {
  it('without a session cookie destroys the cached state and sends no authenticate', async () => {
    const { client, apiRequests, storage, jar } = createTestClient({ stored: { [STATE_KEY]: CACHED } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(client.session.getSync()).toBeNull();
    expect(client.user.getSync()).toBeNull();
    expect(storedState(storage)).toBeNull();
    expect(apiRequests()).toEqual([]);
    expect(jar.writes.some((w) => w.startsWith('gatehouse_session='))).toBe(true);
    client.dispose();
  });

  it('a first visit (no cookie, nothing cached) writes no cookie and no state, and is not "from cache"', async () => {
    // Nothing to clear: destroy()'s six cookie deletions and its localStorage write would only delay the widget's
    // first render (bench/first-render.ts).
    const { client, apiRequests, storage, jar } = createTestClient();
    expect(client.session.getInfo()).toEqual({ session: null, fromCache: false });
    expect(client.user.getInfo()).toEqual({ user: null, fromCache: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(jar.writes).toEqual([]);
    expect(storage.getItem(STATE_KEY)).toBeNull();
    expect(apiRequests()).toEqual([]);
    client.dispose();
  });

  it('without a session cookie, a leftover JWT or IST cookie is still removed', async () => {
    for (const leftover of ['gatehouse_session_jwt', 'gatehouse_intermediate_session_token']) {
      const { client, storage, jar } = createTestClient({ cookies: { [leftover]: 'stale' } });
      expect(jar.values.has(leftover)).toBe(false);
      expect(jar.writes.some((w) => w.startsWith('gatehouse_session='))).toBe(true);
      expect(storage.getItem(STATE_KEY)).toBe('null');
      client.dispose();
    }
  });

  it('with a session cookie serves the cache at once, then confirms it with POST /sessions/authenticate {}', async () => {
    const fresh = makeSession({ expires_at: '2029-06-01T00:30:00Z' });
    const { client, requests, storage, jar } = createTestClient({
      cookies: LOGGED_IN,
      stored: { [STATE_KEY]: CACHED },
      routes: {
        'POST /sessions/authenticate': () => authenticated({ session: fresh, session_token: 'rotated' }),
      },
    });
    expect(client.session.getInfo()).toEqual({ session: CACHED.session, fromCache: true });
    const seen: unknown[] = [];
    client.session.onChange((session) => seen.push(session));
    await vi.advanceTimersByTimeAsync(0);
    const [call] = authenticateCalls(requests);
    expect(call?.body).toEqual({});
    expect(client.session.getInfo()).toEqual({ session: fresh, fromCache: false });
    expect(storedState(storage)).toEqual({ user: makeUser(), session: fresh });
    expect(seen).toEqual([fresh]);
    expect(jar.values.get('gatehouse_session')).toBe('rotated');
    client.dispose();
  });

  it('notifies subscribers on the first confirmation even when the state did not change', async () => {
    const { client } = createTestClient({
      cookies: LOGGED_IN,
      stored: { [STATE_KEY]: CACHED },
      routes: { 'POST /sessions/authenticate': () => authenticated() },
    });
    const listener = vi.fn();
    client.user.onChange(listener);
    await vi.advanceTimersByTimeAsync(0);
    expect(listener).toHaveBeenCalledWith(makeUser());
    client.dispose();
  });
});

describe('background refresh (SPEC §4, wire-format.md §5.5)', () => {
  it('refreshes every 180000 ms while a session token exists', async () => {
    const { client, requests } = createTestClient({
      cookies: LOGGED_IN,
      routes: { 'POST /sessions/authenticate': () => authenticated() },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(authenticateCalls(requests)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(179_999);
    expect(authenticateCalls(requests)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(authenticateCalls(requests)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(authenticateCalls(requests)).toHaveLength(3);
    expect(authenticateCalls(requests).every((r) => JSON.stringify(r.body) === '{}')).toBe(true);
    client.dispose();
  });

  it('arms no timer without a session token', async () => {
    const { client, requests } = createTestClient();
    await vi.advanceTimersByTimeAsync(10 * 180_000);
    expect(authenticateCalls(requests)).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    client.dispose();
  });

  it('backoff: 2000 × 2^min(n,7) with jitter in [−175, +175), random at 0', async () => {
    const failing = switchable(() => apiError(500, 'internal_server_error'));
    const { client, requests } = createTestClient({
      cookies: LOGGED_IN,
      stored: { [STATE_KEY]: CACHED },
      routes: { 'POST /sessions/authenticate': failing.handler },
      dependencies: { random: () => 0 },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(authenticateCalls(requests)).toHaveLength(1);
    for (const [n, exponent] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [7, 7],
      [8, 7],
      [9, 7],
    ] as const) {
      // Fast-forward to attempt n (the ones between are checked by the loop bounds below).
      while (authenticateCalls(requests).length < n) {
        const before = authenticateCalls(requests).length;
        await vi.advanceTimersByTimeAsync(backoffDelay(before, () => 0));
        expect(authenticateCalls(requests)).toHaveLength(before + 1);
      }
      const delay = 2000 * 2 ** exponent - 175;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(authenticateCalls(requests)).toHaveLength(n);
      await vi.advanceTimersByTimeAsync(1);
      expect(authenticateCalls(requests)).toHaveLength(n + 1);
    }
    // The cached state survives server errors.
    expect(client.session.getSync()).toEqual(CACHED.session);
    client.dispose();
  });

  it('backoff jitter upper bound with random at 0.999…, and success resets to the 180000 ms interval', async () => {
    const route = switchable(() => Promise.reject(new TypeError('Failed to fetch')));
    const { client, requests } = createTestClient({
      cookies: LOGGED_IN,
      routes: { 'POST /sessions/authenticate': route.handler },
      dependencies: { random: () => 0.9999999 },
    });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(4000 + 174 - 1);
    expect(authenticateCalls(requests)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(authenticateCalls(requests)).toHaveLength(2);
    route.respond.next = () => authenticated();
    await vi.advanceTimersByTimeAsync(8000 + 174);
    expect(authenticateCalls(requests)).toHaveLength(3);
    expect(client.session.getSync()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(180_000 - 1);
    expect(authenticateCalls(requests)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(authenticateCalls(requests)).toHaveLength(4);
    client.dispose();
  });

  it('jitter stays inside [−175, +175) for every random value', () => {
    for (const random of [0, 0.25, 0.5, 0.9999999]) {
      const jitter = backoffDelay(3, () => random) - 16_000;
      expect(jitter).toBeGreaterThanOrEqual(-175);
      expect(jitter).toBeLessThan(175);
    }
  });

  it('network errors keep retrying, forever', async () => {
    const { client, requests } = createTestClient({
      cookies: LOGGED_IN,
      stored: { [STATE_KEY]: CACHED },
      routes: { 'POST /sessions/authenticate': () => Promise.reject(new TypeError('Failed to fetch')) },
      dependencies: { random: () => 0.5 },
    });
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
    // 3 h at ≈256 s per capped retry is more than 40 attempts.
    expect(authenticateCalls(requests).length).toBeGreaterThan(40);
    expect(client.session.getSync()).toEqual(CACHED.session);
    client.dispose();
  });

  it.each(UNRECOVERABLE_ERROR_TYPES)('%s stops the retries and logs out', async (errorType) => {
    const { client, requests, storage, jar } = createTestClient({
      cookies: LOGGED_IN,
      stored: { [STATE_KEY]: CACHED },
      routes: { 'POST /sessions/authenticate': () => apiError(401, errorType) },
    });
    const listener = vi.fn();
    client.session.onChange(listener);
    await vi.advanceTimersByTimeAsync(0);
    expect(client.session.getSync()).toBeNull();
    expect(listener).toHaveBeenCalledWith(null);
    expect(storedState(storage)).toBeNull();
    expect(jar.values.has('gatehouse_session')).toBe(false);
    expect(jar.values.has('gatehouse_session_jwt')).toBe(false);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(authenticateCalls(requests)).toHaveLength(1);
    client.dispose();
  });

  it('a refresh answer that arrives after a logout is dropped', async () => {
    let release: (response: Response) => void = () => {};
    const { client, jar } = createTestClient({
      cookies: LOGGED_IN,
      routes: {
        'POST /sessions/authenticate': () => new Promise<Response>((resolve) => (release = resolve)),
        'POST /sessions/revoke': () => json200(),
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    await client.session.revoke();
    release(authenticated());
    await vi.advanceTimersByTimeAsync(0);
    expect(client.session.getSync()).toBeNull();
    expect(jar.values.has('gatehouse_session')).toBe(false);
    client.dispose();
  });

  it('when the cookie disappears (another tab logged out) the next tick logs out without a request', async () => {
    const { client, requests, jar } = createTestClient({
      cookies: LOGGED_IN,
      routes: { 'POST /sessions/authenticate': () => authenticated() },
    });
    await vi.advanceTimersByTimeAsync(0);
    jar.values.clear();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(authenticateCalls(requests)).toHaveLength(1);
    expect(client.session.getSync()).toBeNull();
    client.dispose();
  });
});

function json200() {
  return new Response(JSON.stringify({ data: { request_id: 'r', status_code: 200 } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

describe('change notifications', () => {
  it('ignore last_accessed_at, fire on any other difference', async () => {
    const route = switchable(() => authenticated());
    const { client } = createTestClient({
      cookies: LOGGED_IN,
      routes: { 'POST /sessions/authenticate': route.handler },
    });
    await vi.advanceTimersByTimeAsync(0);
    const listener = vi.fn();
    const unsubscribe = client.session.onChange(listener);
    route.respond.next = () =>
      authenticated({ session: makeSession({ last_accessed_at: '2031-01-01T00:00:00Z' }) });
    await vi.advanceTimersByTimeAsync(180_000);
    expect(listener).not.toHaveBeenCalled();
    route.respond.next = () =>
      authenticated({ session: makeSession({ expires_at: '2031-01-01T00:00:00Z' }) });
    await vi.advanceTimersByTimeAsync(180_000);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    route.respond.next = () => authenticated();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(listener).toHaveBeenCalledTimes(1);
    client.dispose();
  });

  it('sameState compares deeply and skips last_accessed_at only', () => {
    const a = { user: makeUser(), session: makeSession() };
    expect(sameState(a, structuredClone(a))).toBe(true);
    expect(sameState(a, { ...a, session: makeSession({ last_accessed_at: 'later' }) })).toBe(true);
    expect(sameState(a, { ...a, user: makeUser({ emails: [] }) })).toBe(false);
    expect(sameState(a, null)).toBe(false);
    expect(sameState([1], { 0: 1 })).toBe(false);
  });

  it('a throwing subscriber does not stop the others', async () => {
    const { client } = createTestClient({
      cookies: LOGGED_IN,
      routes: { 'POST /sessions/authenticate': () => authenticated() },
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    client.session.onChange(() => {
      throw new Error('boom');
    });
    const second = vi.fn();
    client.session.onChange(second);
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    client.dispose();
  });
});

describe('cross-tab sync (wire-format.md §5.4)', () => {
  it('applies the state another tab wrote, without writing it back', async () => {
    const { client, storage } = createTestClient({
      cookies: LOGGED_IN,
      routes: { 'POST /sessions/authenticate': () => authenticated() },
    });
    await vi.advanceTimersByTimeAsync(0);
    const setItem = vi.spyOn(storage, 'setItem');
    const listener = vi.fn();
    client.user.onChange(listener);
    const other = {
      user: makeUser({ name: { first_name: 'Ada', middle_name: '', last_name: '' } }),
      session: makeSession(),
    };
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, newValue: JSON.stringify(other) }));
    expect(client.user.getSync()).toEqual(other.user);
    expect(listener).toHaveBeenCalledWith(other.user);
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, newValue: 'null' }));
    expect(client.session.getSync()).toBeNull();
    expect(setItem).not.toHaveBeenCalledWith(STATE_KEY, expect.anything());
    client.dispose();
  });

  it('ignores other keys, malformed values, and events after dispose', async () => {
    const { client } = createTestClient({
      cookies: LOGGED_IN,
      routes: { 'POST /sessions/authenticate': () => authenticated() },
    });
    await vi.advanceTimersByTimeAsync(0);
    const before = client.session.getSync();
    window.dispatchEvent(new StorageEvent('storage', { key: `${STATE_KEY}x`, newValue: 'null' }));
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, newValue: '{"user":1}' }));
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, newValue: '{not json' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null }));
    expect(client.session.getSync()).toBe(before);
    client.dispose();
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, newValue: 'null' }));
    expect(client.session.getSync()).toBe(before);
  });
});

describe('authenticate-type responses (wire-format.md §4.1 / §5.3)', () => {
  it('write both cookies with expires = session.expires_at and remove the IST cookie', async () => {
    const { client, jar } = createTestClient({
      cookies: { gatehouse_intermediate_session_token: 'ist' },
      routes: {
        'POST /sessions/authenticate': () =>
          authenticated({
            session: makeSession({ expires_at: '2029-06-01T00:30:00Z' }),
            session_token: 't',
            session_jwt: 'j',
          }),
      },
    });
    await client.session.authenticate();
    const expires = new Date('2029-06-01T00:30:00Z').toUTCString();
    expect(jar.writes).toContain(`gatehouse_session=t; path=/; expires=${expires}; SameSite=Lax; Secure`);
    expect(jar.writes).toContain(`gatehouse_session_jwt=j; path=/; expires=${expires}; SameSite=Lax; Secure`);
    expect(jar.values.has('gatehouse_intermediate_session_token')).toBe(false);
    expect(client.session.getTokens()).toEqual({ session_token: 't', session_jwt: 'j' });
    client.dispose();
  });

  it('strip request_id/status_code from a __user and never store tokens in localStorage', async () => {
    const data = authenticateData();
    const { client, storage } = createTestClient({
      routes: { 'POST /sessions/authenticate': () => authenticated() },
    });
    await client.session.authenticate();
    expect(client.user.getSync()).toEqual(data.user);
    const raw = [...storage.map.values()].join('\n');
    expect(raw).not.toContain('session-token-1');
    expect(raw).not.toContain('session-jwt-1');
    client.dispose();
  });
});
