import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  createAccountQueryClient,
  DATA_CACHE,
  errorRetryInterval,
  isSlowNetwork,
  refetchOnFocus,
  refetchWhileFailing,
  retryDelay,
} from './query-client';

// SPEC §9 "Data cache": each constant pinned, then each wired into the client's defaults.
describe('account data cache (SPEC §9)', () => {
  it('pins every constant', () => {
    expect(DATA_CACHE).toEqual({
      errorRetryIntervalMs: 5000,
      slowNetworkErrorRetryIntervalMs: 10000,
      dedupeIntervalMs: 2000,
      focusThrottleMs: 5000,
      gcTimeMs: 300000,
      retryCount: 3,
      retryBaseDelayMs: 1000,
      retryMaxDelayMs: 30000,
    });
  });

  it('backs off 1000 ms doubled, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('retries a query in error every 5 s, every 10 s on 2g, slow-2g or save-data', () => {
    expect(errorRetryInterval(undefined)).toBe(5000);
    expect(errorRetryInterval({ effectiveType: '4g' })).toBe(5000);
    expect(errorRetryInterval({ effectiveType: '3g', saveData: false })).toBe(5000);
    expect(errorRetryInterval({ effectiveType: '2g' })).toBe(10000);
    expect(errorRetryInterval({ effectiveType: 'slow-2g' })).toBe(10000);
    expect(errorRetryInterval({ effectiveType: '4g', saveData: true })).toBe(10000);
    expect(isSlowNetwork({})).toBe(false);
    // happy-dom has no navigator.connection: the normal interval.
    expect(refetchWhileFailing({ state: { status: 'error' } } as never)).toBe(5000);
    expect(refetchWhileFailing({ state: { status: 'success' } } as never)).toBe(false);
    expect(refetchWhileFailing({ state: { status: 'pending' } } as never)).toBe(false);
  });

  it('throttles refetch on focus to once per 5 s of data age', () => {
    const fetchedAt = 1_000_000;
    const query = { state: { dataUpdatedAt: fetchedAt } } as never;
    expect(refetchOnFocus(query, fetchedAt + 4999)).toBe(false);
    expect(refetchOnFocus(query, fetchedAt + 5000)).toBe(true);
  });

  it('wires the constants into the query client defaults', () => {
    const queries = createAccountQueryClient().getDefaultOptions().queries!;
    expect(queries.staleTime).toBe(2000);
    expect(queries.gcTime).toBe(300000);
    expect(queries.retry).toBe(3);
    expect(queries.retryDelay).toBe(retryDelay);
    expect(queries.refetchOnWindowFocus).toBe(refetchOnFocus);
    expect(queries.refetchInterval).toBe(refetchWhileFailing);
    expect(createAccountQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });
});

describe('the account query client in action (fake timers)', () => {
  it('retries a failing read 3 times after 1 s, 2 s and 4 s, then every 5 s while it keeps failing', async () => {
    vi.useFakeTimers();
    try {
      const client = createAccountQueryClient();
      const calls: number[] = [];
      const start = Date.now();
      let failing = true;
      const observer = new QueryObserver(client, {
        queryKey: ['account', 'test'],
        queryFn: async () => {
          calls.push(Date.now() - start);
          if (failing) throw new Error('offline');
          return 'ok';
        },
      });
      const unsubscribe = observer.subscribe(() => {});
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
      expect(calls).toEqual([0, 1000, 3000, 7000]);
      expect(observer.getCurrentResult().status).toBe('error');
      // The error retry interval: a fresh fetch (with its own retries) 5 s after the failure.
      await vi.advanceTimersByTimeAsync(4999);
      expect(calls).toHaveLength(4);
      failing = false;
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toEqual([0, 1000, 3000, 7000, 12000]);
      expect(observer.getCurrentResult().data).toBe('ok');
      // Recovered: no more polling.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toHaveLength(5);
      unsubscribe();
      client.clear();
    } finally {
      vi.useRealTimers();
    }
  });
});
