// Issue 23 item 3: the session cache of the embedded default (session-cache.ts, migration 0028). Through the real
// app on PGlite: a second check is answered without the database, and every write a check reads is seen by the
// very next check — through the API (revoke, refresh) and behind its back (raw SQL on the same database: expiry,
// block, profile change, a new e-mail address, a deleted user, emptied tables). Several instances on PostgreSQL:
// session-cache.postgres.test.ts. The cache's own rules (a read overtaken by a write is not kept, age, size, nothing
// kept or answered while suspended) with a stand-in source.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, sdkRequest } from '../../test-support/app';
import { SessionCache, type SessionSource } from './session-cache';
import type { SessionWithUserRow } from './session-lookup';
import { createTestClock, signIn } from './test-fixtures';

describe('the session cache on PGlite (the embedded default)', () => {
  const clock = createTestClock();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let reads = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', clock });
    // Counts the reads that reach the batched lookup behind the cache.
    const cache = t.ctx.sessions.cache;
    const source = (cache as unknown as { source: SessionSource }).source;
    const lookup = source.lookup.bind(source);
    source.lookup = (hashHex, projectId) => {
      reads += 1;
      return lookup(hashHex, projectId);
    };
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    clock.set('2030-01-01T00:00:00.000Z');
    await t.reset();
    reads = 0;
  });

  function call(url: string, sessionToken: string, body?: unknown) {
    return sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      sessionToken,
      ...(body === undefined ? {} : { body }),
    });
  }
  const check = (sessionToken: string) => call('/sessions/authenticate', sessionToken, {});

  async function signedIn() {
    const { session_token, user_id } = await signIn(t.ctx, t.project, 'ada@example.com');
    expect((await check(session_token)).statusCode).toBe(200);
    return { token: session_token, userId: user_id };
  }

  it('answers a repeated check from memory', async () => {
    const { token } = await signedIn();
    const readsBefore = reads;
    for (let i = 0; i < 5; i++) expect((await check(token)).statusCode).toBe(200);
    expect(reads).toBe(readsBefore);
    expect(t.ctx.sessions.cache.size).toBe(1);
  });

  it('refuses a revoked session at the next check', async () => {
    const { token } = await signedIn();
    const revoked = await call('/sessions/revoke', token);
    expect(revoked.statusCode).toBe(200);
    const answer = await check(token);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error_type).toBe('session_not_found');
  });

  it('answers a refresh with the new expiry, and the next check with it too', async () => {
    const { token } = await signedIn();
    const refreshed = await call('/sessions/authenticate', token, { session_duration_minutes: 600 });
    const expiresAt = refreshed.json().data.session.expires_at;
    expect(new Date(expiresAt).getTime()).toBe(clock.now().getTime() + 600 * 60_000);
    expect((await check(token)).json().data.session.expires_at).toBe(expiresAt);
  });

  it.each([
    ['an expiry moved into the past', `UPDATE sessions SET expires_at = now() - interval '1 hour'`, 404],
    ['a deleted session row', 'DELETE FROM sessions', 404],
    ['emptied tables', 'TRUNCATE users CASCADE', 404],
    ['a deleted user', 'DELETE FROM users', 404],
    ['a blocked user', `UPDATE users SET blocked_at = now(), blocked_reason = 'test'`, 401],
  ])('sees %s written behind its back at the next check', async (_what, statement, status) => {
    const { token } = await signedIn();
    await t.handle.execute(statement);
    expect((await check(token)).statusCode).toBe(status);
  });

  it("sees a user's new name and a new e-mail address at the next check", async () => {
    const { token, userId } = await signedIn();
    await t.ctx.db.execute(sql`UPDATE users SET first_name = 'Augusta' WHERE id = ${userId}`);
    expect((await check(token)).json().data.user.name.first_name).toBe('Augusta');
    await t.ctx.db.execute(sql`INSERT INTO user_emails (id, user_id, project_id, email, verified, created_at)
      SELECT 'email-test-cache-second', id, project_id, 'augusta@example.com', true, now() FROM users WHERE id = ${userId}`);
    const emails = (await check(token)).json().data.user.emails as Array<{ email: string }>;
    expect(emails.map((email) => email.email)).toContain('augusta@example.com');
  });

  it('reads the row again once it is a minute old, and leaves other users’ sessions cached', async () => {
    const ada = await signedIn();
    const grace = await signIn(t.ctx, t.project, 'grace@example.com');
    expect((await check(grace.session_token)).statusCode).toBe(200);
    const readsBefore = reads;
    await t.ctx.db.execute(sql`UPDATE users SET first_name = 'Ada' WHERE id = ${ada.userId}`);
    expect((await check(grace.session_token)).statusCode).toBe(200);
    expect(reads).toBe(readsBefore);
    clock.advance(60_001);
    expect((await check(grace.session_token)).statusCode).toBe(200);
    expect(reads).toBe(readsBefore + 1);
  });
});

describe('SessionCache', () => {
  const row = (userId: string, id = 'session-1'): SessionWithUserRow => ({
    id,
    user_id: userId,
    started_ms: 0,
    last_accessed_ms: 0,
    expires_ms: 1,
    authenticated_ms: 0,
    ip_address: '',
    user_agent: '',
    factors: '[]',
    custom_claims: null,
    user: '{}',
  });

  function sourceOf(answer: (hashHex: string) => SessionWithUserRow | null) {
    const calls: string[] = [];
    const source: SessionSource = {
      lookup: async (hashHex) => {
        calls.push(hashHex);
        return answer(hashHex);
      },
    };
    return { source, calls };
  }

  it('does not keep a read that a write overtook', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    const source: SessionSource = {
      lookup: async (hashHex) => {
        calls.push(hashHex);
        await gate;
        return row('user-1');
      },
    };
    const cache = new SessionCache(source, createTestClock());
    const pending = cache.lookup('aa', 'project');
    cache.invalidate('user-1');
    release();
    await pending;
    await cache.lookup('aa', 'project');
    expect(calls).toEqual(['aa', 'aa']);
  });

  it('keeps neither unknown tokens nor sessions of users who are gone, and hands out copies', async () => {
    const { source, calls } = sourceOf((hashHex) =>
      hashHex === 'gone' ? { ...row('user-1'), user: null } : hashHex === 'known' ? row('user-1') : null,
    );
    const cache = new SessionCache(source, createTestClock());
    for (const hashHex of ['unknown', 'unknown', 'gone', 'gone']) await cache.lookup(hashHex, 'project');
    expect(calls).toHaveLength(4);
    const first = await cache.lookup('known', 'project');
    first!.expires_ms = 99;
    expect((await cache.lookup('known', 'project'))!.expires_ms).toBe(1);
    expect(calls).toHaveLength(5);
  });

  it('holds at most its limit, the oldest going first, and forgets everything on "*"', async () => {
    const { source, calls } = sourceOf((hashHex) => row(`user-${hashHex}`, hashHex));
    const cache = new SessionCache(source, createTestClock(), { maxEntries: 2, ttlMs: 60_000 });
    for (const hashHex of ['a', 'b', 'c']) await cache.lookup(hashHex, 'project');
    expect(cache.size).toBe(2);
    await cache.lookup('c', 'project');
    await cache.lookup('a', 'project');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
    cache.invalidate('*');
    expect(cache.size).toBe(0);
  });

  it('answers nothing from memory and keeps nothing while suspended, nor what a read under way brought back', async () => {
    const { source, calls } = sourceOf((hashHex) => row('user-1', hashHex));
    const cache = new SessionCache(source, createTestClock());
    await cache.lookup('a', 'project');
    cache.suspend();
    expect(cache.suspended).toBe(true);
    expect(cache.size).toBe(0);
    await cache.lookup('a', 'project');
    await cache.lookup('a', 'project');
    expect(cache.size).toBe(0);
    // A read that started while suspended and ends after the resume: it may predate a missed write.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = new SessionCache(
      {
        lookup: async (hashHex) => {
          calls.push(`slow ${hashHex}`);
          await gate;
          return row('user-2', hashHex);
        },
      },
      createTestClock(),
    );
    const pending = slow.lookup('b', 'project');
    slow.suspend();
    slow.resume();
    release();
    await pending;
    expect(slow.size).toBe(0);
    cache.resume();
    expect(cache.suspended).toBe(false);
    await cache.lookup('a', 'project');
    await cache.lookup('a', 'project');
    expect(calls).toEqual(['a', 'a', 'a', 'slow b', 'a']);
  });

  it('answers from memory only once the barrier let every earlier write in, and fails with a failed barrier', async () => {
    const { source, calls } = sourceOf((hashHex) => row('user-1', hashHex));
    const cache = new SessionCache(source, createTestClock());
    const arrivals: Array<() => void> = [];
    let failure: Error | null = null;
    cache.useBarrier(async () => {
      if (failure !== null) throw failure;
      // What the listening connection brings in before the ping's answer.
      for (const arrive of arrivals.splice(0)) arrive();
    });
    await cache.lookup('a', 'project');
    await cache.lookup('a', 'project');
    expect(calls).toEqual(['a']);
    arrivals.push(() => cache.invalidate('user-1'));
    await cache.lookup('a', 'project');
    expect(calls).toEqual(['a', 'a']);
    arrivals.push(() => cache.suspend());
    await cache.lookup('a', 'project');
    expect(calls).toEqual(['a', 'a', 'a']);
    cache.resume();
    await cache.lookup('a', 'project');
    failure = new Error('Connection terminated');
    await expect(cache.lookup('a', 'project')).rejects.toThrow('Connection terminated');
    expect(calls).toEqual(['a', 'a', 'a', 'a']);
  });
});
