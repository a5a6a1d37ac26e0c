// SPEC §4 session lifecycle, wire-format.md §5: cookies are the source of truth for "logged in", localStorage
// caches `{ user, session }` for instant rendering, a timer refreshes the session every 180 000 ms with
// exponential backoff on failure. Issue 23 item 5: one tab refreshes for all, and tabs stay in sync through a
// BroadcastChannel (the `storage` event where there is none): tab-coordination.ts.
import {
  type AuthenticateResponse,
  type CONSTANTS,
  isUnrecoverableErrorType,
  type Session,
  type User,
} from '@gatehouse/protocol';
import type { BrowserDependencies } from './browser';
import type { SessionCookies } from './cookies';
import { isAPIError } from './errors';
import type { HttpClient } from './http';
import { PATHS } from './paths';
import type { JsonStorage } from './storage';
import { linkTabs, type TabMessage } from './tab-coordination';

export interface SessionState {
  user: User;
  session: Session;
}

export type StateListener = (state: SessionState | null) => void;

export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}

export interface SessionManager {
  getState(): SessionState | null;
  /** True until the cached state was confirmed or replaced by the server (or destroyed). */
  isFromCache(): boolean;
  /** Called on every change of the state (deep compare ignoring last_accessed_at) and on the first confirmation. */
  subscribe(listener: StateListener): () => void;
  sessionToken(): string | null;
  tokens(): SessionTokens | null;
  /**
   * wire-format.md §5.3: an authenticate-type response writes both cookies, removes the IST cookie and stores
   * `{ user, session }`; `userFrom` follows the §4.1 table. Returns `data` without `__user`.
   */
  applyAuthentication<T extends AuthenticateResponse>(
    data: T,
    userFrom: 'user' | '__user',
  ): Omit<T, '__user'>;
  /** Stores a fresh user object (GET /users/me, user mutations) when a session is held. */
  updateUser(user: User): void;
  /** session.updateSession: writes the cookies only. */
  updateTokens(tokens: { session_token: string; session_jwt: string | null }): void;
  /** Stores an intermediate session token cookie (SPEC §9: lifetime 10 minutes). */
  setIntermediateSessionToken(token: string): void;
  /** Logs out locally: removes the cookies and persists a null state. */
  destroy(): void;
  /** Logs out when `error` carries one of the four unrecoverable error types (SPEC §4); true when it did. */
  destroyOnUnrecoverable(error: unknown): boolean;
  /** Stops the refresh timer and the cross-tab listener. */
  dispose(): void;
}

/**
 * SPEC §9 timings, written out rather than read from the protocol's CONSTANTS: that object also holds the widget's
 * values, and a bundler keeps all of it once a module reads one property (issue 21: the headless SDK ≤ 8 KiB gzip).
 * Each type is the CONSTANTS entry's literal type, so the compiler checks the value; as plain constants (not an
 * object's properties, as before issue 23 item 5) the bundler writes the numbers in place.
 */
type Constants = typeof CONSTANTS;
const REFRESH_INTERVAL_MS: Constants['sessionRefreshIntervalMs'] = 180_000;
const BACKOFF_BASE_MS: Constants['refreshBackoffBaseMs'] = 2000;
const BACKOFF_EXPONENT_CAP: Constants['refreshBackoffExponentCap'] = 7;
const BACKOFF_JITTER_MS: Constants['refreshBackoffJitterMs'] = 175;
const IST_LIFETIME_MINUTES: Constants['intermediateSessionTokenLifetimeMinutes'] = 10;

/** Deep equality that ignores `last_accessed_at`, which changes on every refresh (wire-format.md §5.3). */
export function sameState(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = (value: object) => Object.keys(value).filter((key) => key !== 'last_accessed_at');
  const left = keys(a);
  return (
    left.length === keys(b).length &&
    left.every((key) => sameState((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** SPEC §4: delay of retry n = 2000 × 2^min(n, 7) ms plus jitter in [−175, +175). */
export function backoffDelay(attempt: number, random: () => number): number {
  return (
    BACKOFF_BASE_MS * 2 ** Math.min(attempt, BACKOFF_EXPONENT_CAP) +
    Math.floor(random() * 2 * BACKOFF_JITTER_MS) -
    BACKOFF_JITTER_MS
  );
}

/** A state read from storage or another tab: null (logged out), the state, or undefined when malformed. */
function asState(value: unknown): SessionState | null | undefined {
  if (value === null) return null;
  const state = value as SessionState;
  return typeof state === 'object' && typeof state.session === 'object' && typeof state.user === 'object'
    ? state
    : undefined;
}

function withoutCommon<T extends object>(value: T): User {
  const {
    request_id: _requestId,
    status_code: _statusCode,
    ...rest
  } = value as T & {
    request_id?: unknown;
    status_code?: unknown;
  };
  return rest as unknown as User;
}

export function createSessionManager(options: {
  http: HttpClient;
  storage: JsonStorage;
  cookies: SessionCookies;
  dependencies: BrowserDependencies;
}): SessionManager {
  const { http, storage, cookies, dependencies } = options;
  const { names } = cookies;
  const listeners = new Set<StateListener>();
  let state = asState(storage.get(storage.stateKey)) ?? null;
  let fromCache = true;
  let attempt = 0;
  let timer: unknown = null;
  /**
   * When this tab last sent a refresh or got a state (from the server or another tab; 0: never), so a tab that
   * becomes the leader keeps the cadence, and one that does while its own refresh is in flight does not send another.
   */
  let refreshedAt = 0;

  const sessionToken = () => cookies.get(names.session);

  /** The refresh timer runs only while a session token exists (SPEC §4), and only in the leading tab. */
  const arm = (ms: number) => {
    if (timer !== null) dependencies.clearTimeout(timer);
    timer = tabs.leads && sessionToken() ? dependencies.setTimeout(refresh, ms) : null;
  };

  const tabs = linkTabs(
    storage.stateKey,
    dependencies,
    (data) => {
      const message = data as Partial<TabMessage> | null | undefined;
      // Another tab's change: applied without writing it back or sending it on (no ping-pong).
      const next =
        message && typeof message === 'object' && 'state' in message ? asState(message.state) : undefined;
      if (next !== undefined) setState(next, false);
    },
    // The new leader refreshes one interval after the last refresh this tab sent or saw (at once when none).
    () => arm(REFRESH_INTERVAL_MS - (dependencies.now() - refreshedAt)),
  );

  const setState = (next: SessionState | null, persist: boolean) => {
    const changed = fromCache || !sameState(state, next);
    fromCache = false;
    refreshedAt = dependencies.now();
    state = next;
    if (persist) {
      storage.set(storage.stateKey, next);
      tabs.post({ state: next } satisfies TabMessage);
    }
    attempt = 0;
    arm(REFRESH_INTERVAL_MS);
    if (!changed) return;
    for (const listener of [...listeners]) {
      try {
        listener(next);
      } catch (error) {
        console.error(error);
      }
    }
  };

  const destroy = () => {
    for (const name of [names.session, names.jwt, names.ist]) cookies.remove(name);
    setState(null, true);
  };

  const destroyOnUnrecoverable = (error: unknown) => {
    const unrecoverable = isAPIError(error) && isUnrecoverableErrorType(error.error_type);
    if (unrecoverable) destroy();
    return unrecoverable;
  };

  const applyAuthentication = <T extends AuthenticateResponse>(data: T, userFrom: 'user' | '__user') => {
    const expires = new Date(data.session.expires_at);
    const expiry = Number.isNaN(expires.getTime()) ? null : expires;
    cookies.set(names.session, data.session_token, expiry);
    cookies.set(names.jwt, data.session_jwt, expiry);
    cookies.remove(names.ist);
    setState({ user: withoutCommon(data[userFrom]), session: data.session }, true);
    const { __user: _user, ...rest } = data;
    return rest;
  };

  // wire-format.md §5.5: background POST /sessions/authenticate with body {}.
  async function refresh(): Promise<void> {
    timer = null;
    const sent = sessionToken();
    if (!sent) {
      if (state) destroy();
      return;
    }
    refreshedAt = dependencies.now();
    try {
      const data = await http.request<AuthenticateResponse>({
        method: 'POST',
        path: PATHS.sessionsAuthenticate,
        body: {},
      });
      // A logout or a new sign-in happened while the request was in flight: its own state wins.
      if (sessionToken() === sent) applyAuthentication(data, 'user');
    } catch (error) {
      if (sessionToken() !== sent || destroyOnUnrecoverable(error)) return;
      // Network errors and any other failure keep retrying, forever.
      attempt += 1;
      arm(backoffDelay(attempt, dependencies.random));
    }
  }

  // wire-format.md §5.4, the fallback without a BroadcastChannel: another tab wrote the state; apply it without
  // writing back. `null`/"null" mean logged out; anything unparsable or of the wrong shape is ignored. With a
  // channel (linkTabs opens one whenever the dependency is there) the storage event is not heard: it would bring
  // each change a second time, possibly after a newer one.
  const unsubscribeStorage = dependencies.channel
    ? () => {}
    : dependencies.onStorage((key, newValue) => {
        if (key !== storage.stateKey) return;
        let next: SessionState | null | undefined;
        try {
          next = asState(newValue === null ? null : JSON.parse(newValue));
        } catch {}
        if (next !== undefined) setState(next, false);
      });

  // wire-format.md §5.3: no session cookie means logged out; otherwise confirm the cached state now. Issue 23
  // item 5: every tab confirms once on load, leader or not, and only the leader's timer refreshes after that. The
  // alternative, a new tab asking the leader for its state, saves one request per opened tab but was worse: the
  // state would be up to one interval old (a session revoked elsewhere would still show as signed in), a tab alone
  // would confirm only after its lock was granted (after the previous page of the tab let go of it), which let the
  // confirmation race a sign-in the new page starts at once (account.spec: a login link opened while signed in),
  // and it needs a timeout for a leader that does not answer. The confirmation reaches the other tabs like any
  // refresh, and the leader counts its interval from it: still one refresh per interval.
  if (sessionToken()) void refresh();
  else if (state !== null || cookies.get(names.jwt) !== null || cookies.get(names.ist) !== null) destroy();
  else {
    // Already logged out with nothing left to clear (the usual first visit): the six cookie deletions and the
    // localStorage write of destroy() would only cost main-thread time before the widget's first render (each
    // document.cookie write also makes the next read ask the browser process again; bench/first-render.ts).
    // The state counts as confirmed, as after destroy().
    fromCache = false;
  }

  return {
    getState: () => state,
    isFromCache: () => fromCache,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    sessionToken,
    tokens() {
      const session_token = sessionToken();
      const session_jwt = cookies.get(names.jwt);
      return session_token && session_jwt ? { session_token, session_jwt } : null;
    },
    applyAuthentication,
    updateUser(user) {
      if (state) setState({ ...state, user: withoutCommon(user) }, true);
    },
    updateTokens(tokens) {
      const expires = state ? new Date(state.session.expires_at) : null;
      const expiry = expires && !Number.isNaN(expires.getTime()) ? expires : null;
      cookies.set(names.session, tokens.session_token, expiry);
      if (tokens.session_jwt !== null) cookies.set(names.jwt, tokens.session_jwt, expiry);
      arm(REFRESH_INTERVAL_MS);
      // Issue 23 item 5: in a tab that does not lead, the leader arms its timer for the new cookie when it gets
      // the state again (the cookies are shared; only the leader refreshes).
      tabs.post({ state });
    },
    setIntermediateSessionToken(token) {
      const lifetimeMs = IST_LIFETIME_MINUTES * 60_000;
      cookies.set(names.ist, token, new Date(dependencies.now() + lifetimeMs));
    },
    destroy,
    destroyOnUnrecoverable,
    dispose() {
      if (timer !== null) dependencies.clearTimeout(timer);
      timer = null;
      unsubscribeStorage();
      tabs.close();
    },
  };
}
