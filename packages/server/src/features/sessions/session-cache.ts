// Issue 23 item 3: the rows of recent session checks, kept in memory in front of the batched lookup
// (session-lookup.ts). On PGlite every statement costs this thread ~0.4 ms of parse and plan, so the check's one read
// held it to 4.4k requests/s (12 % of a bare Fastify route); on PostgreSQL the read and the server's work for it held
// the check to 34 % of that route. A hit costs a Map lookup (on PostgreSQL, and a share of one ping: below).
//
// Correctness rests on migrations 0028/0029: every write a check reads (a session updated or deleted, a user's
// profile document or block changed, a user deleted, either table emptied) notifies `gatehouse_session_cache` with
// the user's id ('*' for all), whichever connection, instance or tool made it. A read that was under way when a
// notification came is not kept (the epoch below): it may hold the row as it was before the write.
// - PGlite (one process, one connection, every writer in it) delivers the notification before the writer's own code
//   goes on (infra/db/client.ts), so a revoked session is refused by the very next request.
// - PostgreSQL delivers it to every instance's listening connection (infra/db/postgres-listener.ts) a moment after
//   the write commits. So a hit first awaits that connection's barrier: once it resolves, every write committed
//   before the check arrived has been heard, and a revocation answered by one instance is refused by the next check
//   on any other (session-cache.postgres.test.ts). One ping serves all the checks waiting together, and it costs
//   PostgreSQL far less than the session's read. While that connection is down the cache is suspended: every check
//   reads the row, as without a cache, and what was kept is dropped, both when the connection goes and when it is
//   back. A barrier that fails fails the check with it (503 database_unavailable, as the read would).
import type { Clock } from '../../infra/context';
import type { SessionWithUserRow } from './session-lookup';

/** The channel migration 0028's triggers notify. */
export const SESSION_CACHE_CHANNEL = 'gatehouse_session_cache';
/** Sessions kept at most (a row with its user's profile is 1–3 KB). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** A row is read again after this long even without a write (bounds what an unforeseen writer could leave stale). */
export const SESSION_CACHE_TTL_MS = 60_000;

export interface SessionSource {
  lookup(hashHex: string, projectId: string): Promise<SessionWithUserRow | null>;
}

interface Entry {
  row: SessionWithUserRow;
  cachedAtMs: number;
}

export class SessionCache implements SessionSource {
  private readonly entries = new Map<string, Entry>();
  /** User id → the keys of their cached sessions. */
  private readonly byUser = new Map<string, Set<string>>();
  /** Moves on every notification: a read that started before it may be stale and is not kept. */
  private epoch = 0;
  /** False while notifications may be missed (suspend … resume): nothing is answered from memory or kept. */
  private listening = true;

  /** Awaited before a hit is answered, where notifications arrive after the write returns (PostgreSQL). */
  private barrier: (() => Promise<void>) | null = null;

  constructor(
    private readonly source: SessionSource,
    private readonly clock: Clock,
    private readonly limits = { maxEntries: SESSION_CACHE_MAX_ENTRIES, ttlMs: SESSION_CACHE_TTL_MS },
  ) {}

  /** Set once the cache is subscribed (app.ts): the subscription's barrier, or null where none is needed. */
  useBarrier(barrier: (() => Promise<void>) | null): void {
    this.barrier = barrier;
  }

  get size(): number {
    return this.entries.size;
  }

  async lookup(hashHex: string, projectId: string): Promise<SessionWithUserRow | null> {
    if (!this.listening) return this.source.lookup(hashHex, projectId);
    const key = `${projectId}:${hashHex}`;
    const nowMs = this.clock.now().getTime();
    let hit = this.fresh(key, nowMs);
    if (hit !== undefined && this.barrier !== null) {
      await this.barrier();
      // What the barrier let through may have dropped the entry, or suspended the cache.
      hit = this.listening ? this.fresh(key, nowMs) : undefined;
    }
    // A copy: the session service updates the row it was given (last access, expiry) after writing them.
    if (hit !== undefined) return { ...hit.row };
    if (!this.listening) return this.source.lookup(hashHex, projectId);
    const epoch = this.epoch;
    const row = await this.source.lookup(hashHex, projectId);
    // Only live users' sessions are kept; unknown tokens are not (nothing to invalidate them by).
    if (row !== null && row.user !== null && epoch === this.epoch) this.keep(key, row, nowMs);
    return row;
  }

  /** The entry of `key` while young enough to answer from; an older one is forgotten. */
  private fresh(key: string, nowMs: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (nowMs - entry.cachedAtMs < this.limits.ttlMs && entry.cachedAtMs <= nowMs) return entry;
    this.forget(key, entry.row.user_id);
    return undefined;
  }

  /** A notification of migration 0028: the user's sessions ('*': every session) are read again. */
  invalidate(payload: string): void {
    this.epoch += 1;
    if (payload === '*') {
      this.entries.clear();
      this.byUser.clear();
      return;
    }
    const keys = this.byUser.get(payload);
    if (keys === undefined) return;
    for (const key of keys) this.entries.delete(key);
    this.byUser.delete(payload);
  }

  /** Notifications may be missed from now on (the listening connection is gone): forget, and keep nothing. */
  suspend(): void {
    this.listening = false;
    this.invalidate('*');
  }

  /** Notifications are heard again: what was read while suspended is not trusted either. */
  resume(): void {
    this.invalidate('*');
    this.listening = true;
  }

  get suspended(): boolean {
    return !this.listening;
  }

  private keep(key: string, row: SessionWithUserRow, nowMs: number): void {
    if (this.entries.size >= this.limits.maxEntries) {
      // The oldest entry goes (a Map iterates in insertion order).
      const oldest = this.entries.entries().next().value;
      if (oldest !== undefined) this.forget(oldest[0], oldest[1].row.user_id);
    }
    this.entries.set(key, { row: { ...row }, cachedAtMs: nowMs });
    let keys = this.byUser.get(row.user_id);
    if (keys === undefined) {
      keys = new Set();
      this.byUser.set(row.user_id, keys);
    }
    keys.add(key);
  }

  private forget(key: string, userId: string): void {
    this.entries.delete(key);
    const keys = this.byUser.get(userId);
    if (keys === undefined) return;
    keys.delete(key);
    if (keys.size === 0) this.byUser.delete(userId);
  }
}
