// DESIGN convention 5: the SDK touches no browser global at import time. Everything it needs from the browser
// comes through this object, built only inside createClient, so tests can inject each piece.
import { UsageError } from './errors';

/** The subset of the Web Storage API the SDK uses (localStorage by default). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** `document.cookie` semantics: `read` returns `a=1; b=2`, `write` takes one `Set-Cookie`-style string. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

export interface BrowserDependencies {
  fetch: (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ) => Promise<Response>;
  storage: KeyValueStorage;
  cookies: CookieJar;
  location: { origin: string; hostname: string; host: string };
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Math.random-like, used for backoff jitter only (never for secrets). */
  random: () => number;
  /** Epoch milliseconds. */
  now: () => number;
  crypto: Pick<Crypto, 'getRandomValues' | 'subtle'> & { randomUUID?: () => string };
  /** Subscribes to other tabs' localStorage writes (the `storage` event); returns the unsubscribe function. */
  onStorage: (listener: (key: string | null, newValue: string | null) => void) => () => void;
  /** A top-level navigation (OAuth start, One Tap redirect); window.location.assign when not injected. */
  navigate?: (url: string) => void;
  /**
   * Issue 23 item 5: Web Locks (navigator.locks), which elect the one tab that refreshes the session. Missing in
   * old browsers and non-secure contexts: then every tab refreshes (tab-coordination.ts).
   */
  locks?: { request(name: string, callback: () => Promise<void> | undefined): Promise<unknown> };
  /** Issue 23 item 5: opens a BroadcastChannel; missing: the storage event links the tabs (tab-coordination.ts). */
  channel?: (
    name: string,
    onMessage: (data: unknown) => void,
  ) => { postMessage(message: unknown): void; close(): void };
}

const KEYS = [
  'fetch',
  'storage',
  'cookies',
  'location',
  'setTimeout',
  'clearTimeout',
  'random',
  'now',
  'crypto',
  'onStorage',
] as const;

/** Builds the real browser dependencies. Globals are read at call time so test fakes (fake timers) apply. */
function browserDependencies(): BrowserDependencies {
  return {
    fetch: (url, init) => fetch(url, init),
    // Reached lazily: reading `localStorage` itself throws where storage is disabled; storage.ts catches that.
    storage: {
      getItem: (key) => localStorage.getItem(key),
      setItem: (key, value) => localStorage.setItem(key, value),
      removeItem: (key) => localStorage.removeItem(key),
    },
    cookies: {
      read: () => document.cookie,
      write: (cookie) => {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox/Safari.
        document.cookie = cookie;
      },
    },
    location,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    random: () => Math.random(),
    now: () => Date.now(),
    crypto,
    onStorage: (listener) => {
      const handler = (event: StorageEvent) => listener(event.key, event.newValue);
      addEventListener('storage', handler);
      return () => removeEventListener('storage', handler);
    },
    // `null` in some environments (happy-dom), undefined outside secure contexts.
    locks: navigator.locks || undefined,
    channel:
      typeof BroadcastChannel === 'function'
        ? (name, onMessage) => {
            const channel = new BroadcastChannel(name);
            channel.onmessage = (event) => onMessage(event.data);
            return channel;
          }
        : undefined,
  };
}

/**
 * SPEC §8: "Server-side use of the client throws an error telling the developer to call it only in the browser",
 * unless the caller injected every browser dependency (tests, or a custom host).
 */
export function resolveDependencies(options: {
  injected: Partial<BrowserDependencies> | undefined;
}): BrowserDependencies {
  const injected = options.injected ?? {};
  if (KEYS.every((key) => injected[key] !== undefined)) return injected as BrowserDependencies;
  if (typeof window === 'undefined' || typeof document === 'undefined') {
    throw new UsageError(
      'createClient',
      'The Gatehouse client can only be used in the browser. Create it in client-side code ' +
        '(for example inside useEffect), never during server-side rendering.',
    );
  }
  return { ...browserDependencies(), ...injected };
}
