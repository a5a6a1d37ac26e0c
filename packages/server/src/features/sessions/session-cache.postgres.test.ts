// Issue 23 item 3 on PostgreSQL: every instance keeps recent session checks in memory (session-cache.ts) and hears of
// every write through its own LISTEN connection (infra/db/postgres-listener.ts, migration 0029), awaiting its barrier
// before it answers from memory. Two instances on one database, as a deployment runs them: a check answered from
// memory on one is refused by the very next check after a revocation answered by the other, or by itself; a block
// or deletion written by another connection (as psql would) reaches both; with its listening connection gone an
// instance reads every check from the database until it listens again.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GatehouseApp } from '../../app';
import { LISTENER_APPLICATION_NAME } from '../../infra/db/postgres-listener';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import type { SessionCache, SessionSource } from './session-cache';
import { signIn } from './test-fixtures';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the session cache on PostgreSQL, two instances', () => {
  let t: TestApp;
  let other: GatehouseApp;
  /** Reads that reached the database behind each instance's cache. */
  const reads = { first: 0, other: 0 };

  function countReads(cache: SessionCache, which: keyof typeof reads): void {
    const source = (cache as unknown as { source: SessionSource }).source;
    const lookup = source.lookup.bind(source);
    source.lookup = (hashHex, projectId) => {
      reads[which] += 1;
      return lookup(hashHex, projectId);
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
    other = await t.sibling({});
    countReads(t.ctx.sessions.cache, 'first');
    countReads(other.gatehouse.sessions.cache, 'other');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  // In-process inject: one instance's answer and the other's check run back to back, without the event loop reading
  // a socket in between, so nothing but the barrier (postgres-listener.ts) can bring the notification in first.
  const call = (app: GatehouseApp, url: string, sessionToken: string) =>
    sdkRequest(app, { method: 'POST', url, publicToken: t.publicToken, sessionToken, body: {} });
  const check = (app: GatehouseApp, sessionToken: string) =>
    call(app, '/sessions/authenticate', sessionToken);

  /**
   * Checks until one is answered from memory (a few at most). A read is not kept when a notification arrives while
   * it runs (session-cache.ts), and the sign-in's own writes may still be on their way to the listener, on a loaded
   * machine: a clean-clone run read the second check again.
   */
  async function untilAnsweredFromMemory(
    app: GatehouseApp,
    which: keyof typeof reads,
    sessionToken: string,
  ): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = reads[which];
      expect((await check(app, sessionToken)).statusCode).toBe(200);
      if (attempt > 0 && reads[which] === before) return;
    }
    throw new Error(`five checks on ${which}, and none answered from memory`);
  }

  it('refuses on one instance, at its very next check, a session revoked on the other (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const { session_token } = await signIn(t.ctx, t.project, `ada-${round}@example.com`);
      // Answered from memory: the revocation below must reach that memory, not a fresh read.
      await untilAnsweredFromMemory(other, 'other', session_token);
      expect((await call(t.app, '/sessions/revoke', session_token)).statusCode).toBe(200);
      const refused = await check(other, session_token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error_type).toBe('session_not_found');
    }
  });

  it('refuses on the instance that revoked, at its very next check (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const { session_token } = await signIn(t.ctx, t.project, `lovelace-${round}@example.com`);
      await untilAnsweredFromMemory(t.app, 'first', session_token);
      expect((await call(t.app, '/sessions/revoke', session_token)).statusCode).toBe(200);
      expect((await check(t.app, session_token)).statusCode).toBe(404);
    }
  });

  it.each([
    ['a blocked user', `UPDATE users SET blocked_at = now(), blocked_reason = 'test'`, 401],
    ['a deleted user', 'DELETE FROM users', 404],
    ['sessions ended early', `UPDATE sessions SET expires_at = now() - interval '1 hour'`, 404],
    ['emptied tables', 'TRUNCATE users CASCADE', 404],
  ])(
    'sees %s, written by another connection, on both instances at once',
    async (_what, statement, status) => {
      const { session_token } = await signIn(t.ctx, t.project, 'grace@example.com');
      for (const app of [t.app, other]) {
        expect((await check(app, session_token)).statusCode).toBe(200);
        expect((await check(app, session_token)).statusCode).toBe(200);
      }
      // test-support's execute runs on a connection of its own, outside either instance's pool.
      await t.handle.execute(statement);
      for (const app of [t.app, other]) expect((await check(app, session_token)).statusCode).toBe(status);
    },
  );

  it('reads every check from the database while the listening connection is gone, and memory again once back', async () => {
    const cache = other.gatehouse.sessions.cache;
    const suspend = vi.spyOn(cache, 'suspend');
    const resume = vi.spyOn(cache, 'resume');
    try {
      const { session_token, user_id } = await signIn(t.ctx, t.project, 'hopper@example.com');
      await check(other, session_token);
      await t.ctx.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`);
      await vi.waitFor(() => expect(suspend).toHaveBeenCalled());
      const whileLost = reads.other;
      if (cache.suspended) {
        expect((await check(other, session_token)).statusCode).toBe(200);
        expect((await check(other, session_token)).statusCode).toBe(200);
        expect(reads.other).toBe(whileLost + 2);
      }
      await vi.waitFor(() => expect(resume).toHaveBeenCalled(), { timeout: 5_000 });
      // Listening again: memory is used again, and a write is heard again.
      await untilAnsweredFromMemory(other, 'other', session_token);
      await t.ctx.db.execute(
        sql`UPDATE users SET blocked_at = now(), blocked_reason = 'test' WHERE id = ${user_id}`,
      );
      expect((await check(other, session_token)).statusCode).toBe(401);
    } finally {
      suspend.mockRestore();
      resume.mockRestore();
    }
  });
});
