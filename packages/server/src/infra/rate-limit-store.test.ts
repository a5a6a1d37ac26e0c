// Which store holds the rate-limit counters (issue 9 item 1 and DESIGN.md "Real parts": REDIS_URL → Redis, else a
// PostgreSQL database → PostgreSQL, else memory), said once in the log at start; and the PostgreSQL counters of
// past windows purged in bounded batches.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, testConfig } from '../test-support/app';
import { openTestDatabase, testDatabaseKinds } from '../test-support/database';
import type { DatabaseHandle } from './db/client';
import { rateLimits } from './db/schema';
import { chooseLimiterStore, type LimiterStoreKind, purgeExpiredCounters } from './rate-limit-store';

describe('chooseLimiterStore', () => {
  it('REDIS_URL wins, then a PostgreSQL database, else memory; an explicit choice overrides', () => {
    const redisUrl = 'redis://127.0.0.1:6379';
    expect(chooseLimiterStore({ redisUrl, databaseKind: 'postgres' })).toBe('redis');
    expect(chooseLimiterStore({ redisUrl, databaseKind: 'pglite' })).toBe('redis');
    expect(chooseLimiterStore({ redisUrl: null, databaseKind: 'postgres' })).toBe('postgres');
    expect(chooseLimiterStore({ redisUrl: null, databaseKind: 'pglite' })).toBe('memory');
    expect(chooseLimiterStore({ requested: 'memory', redisUrl, databaseKind: 'postgres' })).toBe('memory');
  });
});

describe.each(testDatabaseKinds())('the store an app picks on %s', (kind) => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  /** Builds an app with no explicit store (as server.ts does) and returns the store its start-up log names. */
  async function storeLogged(redisUrl: string | null): Promise<LimiterStoreKind | undefined> {
    const handle = await openTestDatabase(kind);
    handles.push(handle);
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({
      config: testConfig({ secretKey: randomBytes(32).toString('base64url'), redisUrl }),
      database: handle,
      logger: {
        level: 'info',
        stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    });
    await app.close();
    const said = lines.filter((line) => String(line.msg).startsWith('rate-limit counters'));
    expect(said).toHaveLength(1);
    return said[0]?.store as LimiterStoreKind | undefined;
  }

  it(`without REDIS_URL: ${kind === 'postgres' ? 'PostgreSQL' : 'memory'}`, async () => {
    expect(await storeLogged(null)).toBe(kind === 'postgres' ? 'postgres' : 'memory');
  });

  it.runIf(process.env.REDIS_URL)('with REDIS_URL: Redis', async () => {
    expect(await storeLogged(process.env.REDIS_URL ?? null)).toBe('redis');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('purgeExpiredCounters on PostgreSQL', () => {
  let handle: DatabaseHandle;
  afterAll(async () => {
    await handle?.close();
  });

  it('deletes counters past their expiry in bounded batches and keeps live ones', async () => {
    handle = await openTestDatabase('postgres');
    const pool = handle.pool!;
    const now = 1_900_000_000_000;
    const rows = [
      ...Array.from({ length: 7 }, (_, i) => ({ key: `old-${i}`, points: 1, expire: now - 1000 - i })),
      { key: 'live', points: 3, expire: now + 60_000 },
      { key: 'no-expiry', points: 1, expire: null },
    ];
    await handle.db.insert(rateLimits).values(rows);
    // Two batches of 3 at most: 6 of the 7 expired rows go now, the last in the next cycle.
    expect(await purgeExpiredCounters(pool, { nowMs: now, batchSize: 3, maxBatches: 2 })).toBe(6);
    expect(await purgeExpiredCounters(pool, { nowMs: now, batchSize: 3, maxBatches: 2 })).toBe(1);
    const left = await handle.db.select().from(rateLimits);
    expect(left.map((row) => row.key).sort()).toEqual(['live', 'no-expiry']);
    // Migration 0008: no WAL for counters (relpersistence 'u').
    const table = await pool.query("SELECT relpersistence FROM pg_class WHERE relname = 'rate_limits'");
    expect(table.rows).toEqual([{ relpersistence: 'u' }]);
  });

  it("runs in the app's purge cycle when the counters are in PostgreSQL", async () => {
    const t = await createTestApp({ kind: 'postgres', limiterStore: 'postgres' });
    try {
      await t.ctx.db.insert(rateLimits).values([
        { key: 'gone', points: 1, expire: Date.now() - 1000 },
        { key: 'kept', points: 1, expire: Date.now() + 60_000 },
      ]);
      await t.ctx.purge.runNow();
      expect((await t.ctx.db.select().from(rateLimits)).map((row) => row.key)).toEqual(['kept']);
    } finally {
      await t.close();
    }
  });
});
