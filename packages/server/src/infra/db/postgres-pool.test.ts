// The pool's fail-fast guards (postgres-pool.ts) against a real PostgreSQL behind a loopback TCP proxy that the
// tests break. PostgreSQL only: PGlite runs inside the process and has no connection that could be lost or hang.
// The bounds are shortened here (the guards do not depend on their values) to keep the file quick; the app-level
// outage test (outage.security.test.ts) runs with the production values.
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test-support/database';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy';
import type { DatabaseHandle } from './client';
import type { PostgresTimeouts } from './postgres-pool';

const TIMEOUTS: PostgresTimeouts = { connectMs: 1000, queryMs: 1000, statementMs: 300 };
/** Scheduling slack on a busy 2-core machine. */
const SLACK_MS = 700;

async function selectOne(handle: DatabaseHandle): Promise<unknown[]> {
  const result = await handle.db.execute(sql`select 1 as one`);
  return (result as unknown as { rows: unknown[] }).rows;
}

function poolOf(handle: DatabaseHandle): Pool {
  return (handle.db as unknown as { $client: Pool }).$client;
}

async function failureOf(work: Promise<unknown>): Promise<{ error: unknown; elapsedMs: number }> {
  const started = performance.now();
  const error = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, 'the call should have failed').not.toBeNull();
  return { error, elapsedMs: performance.now() - started };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; elapsedMs: number }> {
  const started = performance.now();
  const value = await work();
  return { value, elapsedMs: performance.now() - started };
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL pool behind a broken network', () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432');
  let proxy: TcpProxy;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // One connection: a client that leaked or went back broken would stall every later call.
    handle = await openTestDatabase('postgres', { via: proxy, poolSize: 1, timeouts: TIMEOUTS });
  });
  afterEach(() => {
    proxy.restore();
  });
  afterAll(async () => {
    await handle?.close();
    await proxy?.close();
  });

  it('a cut (connections dropped, new ones never answered) fails within the connect timeout; restored, it works', async () => {
    await handle.db.execute(sql`select 1`);
    proxy.cut();
    // The pooled connection was dropped: the call fails as soon as the client notices, or opens a new one that hangs.
    const first = await failureOf(handle.db.execute(sql`select 1`));
    expect(handle.unavailability(first.error)).not.toBeNull();
    // Now certainly a new connection, accepted by the proxy and never answered: only the connect timeout ends it.
    const second = await failureOf(handle.db.execute(sql`select 1`));
    expect(handle.unavailability(second.error)).toMatchObject({
      message: expect.stringMatching(/timeout/),
    });
    expect(second.elapsedMs).toBeGreaterThanOrEqual(TIMEOUTS.connectMs - 50);
    expect(second.elapsedMs).toBeLessThan(TIMEOUTS.connectMs + SLACK_MS);

    proxy.restore();
    const healed = await timed(() => selectOne(handle));
    expect(healed.value).toEqual([{ one: 1 }]);
  });

  it('a partition inside a transaction fails within ONE read timeout and the client never returns to the pool', async () => {
    const pool = poolOf(handle);
    const { error, elapsedMs } = await failureOf(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.freeze();
        await tx.execute(sql`select 2`);
      }),
    );
    expect(handle.unavailability(error)).not.toBeNull();
    // Without the eviction drizzle's ROLLBACK would queue behind the unanswered statement and wait a second timeout.
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUTS.queryMs - 50);
    expect(elapsedMs).toBeLessThan(1.75 * TIMEOUTS.queryMs);
    expect(pool.totalCount).toBe(0);

    proxy.restore();
    const healed = await timed(() => selectOne(handle));
    expect(healed.value).toEqual([{ one: 1 }]);
    expect(healed.elapsedMs).toBeLessThan(TIMEOUTS.queryMs);
  });

  it('a BEGIN that is never answered does not leak the pool slot', async () => {
    await handle.db.execute(sql`select 1`);
    proxy.freeze();
    // drizzle issues BEGIN outside its try/finally: when BEGIN fails it never releases the client itself.
    const { error } = await failureOf(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      }),
    );
    expect(handle.unavailability(error)).not.toBeNull();
    expect(poolOf(handle).totalCount).toBe(0);

    proxy.restore();
    // With the slot leaked, this would wait for a free client until the connect timeout.
    const healed = await timed(() => selectOne(handle));
    expect(healed.value).toEqual([{ one: 1 }]);
    expect(healed.elapsedMs).toBeLessThan(TIMEOUTS.connectMs);
  });

  it('a connection that dies under a transaction fails that transaction and does not crash the process', async () => {
    // Without an 'error' listener on checked-out clients, node-postgres would emit an unhandled 'error' here and
    // vitest would report an uncaught exception.
    const { error, elapsedMs } = await failureOf(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.cut();
        await tx.execute(sql`select pg_sleep(0.5)`);
      }),
    );
    expect(handle.unavailability(error)).not.toBeNull();
    expect(elapsedMs).toBeLessThan(TIMEOUTS.queryMs);
    expect(poolOf(handle).totalCount).toBe(0);

    proxy.restore();
    expect(await selectOne(handle)).toEqual([{ one: 1 }]);
  });

  it('a client handed back inside an open transaction is closed, not reused', async () => {
    const pool = poolOf(handle);
    const client = await pool.connect();
    await client.query('BEGIN');
    client.release();
    expect(pool.totalCount).toBe(0);
    const next = await pool.connect();
    try {
      expect(next).not.toBe(client);
      expect(next.getTransactionStatus()).toBe('I');
    } finally {
      next.release();
    }
  });

  it('the server cancels a slow statement (57014) first, and that connection stays in the pool', async () => {
    const pool = poolOf(handle);
    await handle.db.execute(sql`select 1`);
    const { error, elapsedMs } = await failureOf(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(5)`);
      }),
    );
    expect(handle.unavailability(error)).toMatchObject({ code: '57014' });
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUTS.statementMs - 50);
    expect(elapsedMs).toBeLessThan(TIMEOUTS.queryMs);
    // Rolled back and idle again: the same connection serves the next call.
    expect(pool.totalCount).toBe(1);
    expect(pool.idleCount).toBe(1);
    expect(await selectOne(handle)).toEqual([{ one: 1 }]);
  });
});
