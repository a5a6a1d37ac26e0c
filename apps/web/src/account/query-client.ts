// The account page's data cache (issue 13 item 3). SPEC §9 "Data cache": "error retry 5 s (10 s on slow
// networks), dedupe 2 s, focus throttle 5 s, garbage-collect 5 minutes (300000 ms), up to 3 retries with backoff
// 1000 ms doubled and capped at 30 s". TanStack Query has no single knob per constant, so each maps to the option
// that does what it says:
// - retries: `retry` 3 with `retryDelay` 1000 · 2^n capped at 30 s (a failed fetch is retried at once in the
//   same fetch, the "backoff");
// - error retry: a query still in error after its retries is fetched again every 5 s (10 s on slow networks)
//   through `refetchInterval`, so a page left open recovers without a reload;
// - dedupe: `staleTime` 2 s (mounts and invalidations within 2 s of a fetch share it);
// - focus throttle: `refetchOnWindowFocus` answers false when the data is under 5 s old;
// - garbage collection: `gcTime` 300000 ms.
import { type Query, QueryClient } from '@tanstack/react-query';

export const DATA_CACHE = {
  errorRetryIntervalMs: 5_000,
  slowNetworkErrorRetryIntervalMs: 10_000,
  dedupeIntervalMs: 2_000,
  focusThrottleMs: 5_000,
  gcTimeMs: 300_000,
  retryCount: 3,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 30_000,
} as const;

/** The slice of navigator.connection (Network Information API, Chromium only) that marks a slow network. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** SPEC §9 "10 s on slow networks": effectiveType 2g / slow-2g, or the visitor asked to save data. */
export function isSlowNetwork(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === '2g' ||
    connection.effectiveType === 'slow-2g'
  );
}

function currentConnection(): ConnectionInfo | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

/** The interval at which a query in error is fetched again (read at each decision: the network may change). */
export function errorRetryInterval(connection: ConnectionInfo | undefined = currentConnection()): number {
  return isSlowNetwork(connection)
    ? DATA_CACHE.slowNetworkErrorRetryIntervalMs
    : DATA_CACHE.errorRetryIntervalMs;
}

/** Delay before retry number `failureCount` + 1 (TanStack passes 0 for the first retry): 1 s, 2 s, 4 s … ≤ 30 s. */
export function retryDelay(failureCount: number): number {
  return Math.min(DATA_CACHE.retryBaseDelayMs * 2 ** failureCount, DATA_CACHE.retryMaxDelayMs);
}

/** Focus throttle: a focus refetches only data at least 5 s old (and, like any refetch, only stale data). */
export function refetchOnFocus(query: Pick<Query, 'state'>, now: number = Date.now()): boolean {
  return now - query.state.dataUpdatedAt >= DATA_CACHE.focusThrottleMs;
}

/** Error retry: while a query is in error, fetch it again every 5 s (10 s on slow networks); otherwise never. */
export function refetchWhileFailing(query: Pick<Query, 'state'>): number | false {
  return query.state.status === 'error' ? errorRetryInterval() : false;
}

export function createAccountQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DATA_CACHE.dedupeIntervalMs,
        gcTime: DATA_CACHE.gcTimeMs,
        retry: DATA_CACHE.retryCount,
        retryDelay,
        refetchOnWindowFocus: refetchOnFocus,
        refetchInterval: refetchWhileFailing,
      },
      // A failed change is shown to the person, who decides whether to try again; never repeated silently.
      mutations: { retry: false },
    },
  });
}
