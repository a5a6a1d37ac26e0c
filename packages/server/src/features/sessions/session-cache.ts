// Issue 23 item 3 on the embedded default: the rows of recent session checks, kept in memory in front of the batched
// lookup (session-lookup.ts). On PGlite every statement costs this thread ~0.4 ms of parse and plan, so the check's
// one read held it to 4.4k requests/s (12 % of a bare Fastify route); a hit costs a Map lookup.
//
// Correctness rests on migration 0028: every write a check reads (a session updated or deleted, a user's profile
// document or block changed, a user deleted, either table emptied) notifies `gatehouse_session_cache` with the user's
// id ('*' for all), and PGlite delivers the notification before the writer's own code goes on (infra/db/client.ts
// subscribeToSessionWrites), so a revoked session is refused by the very next request. A read that was under way when
// a notification came is not kept (the epoch below): it may hold the row as it was before the write.
//
// Only where the database is this process's own (PGlite: one process, one connection, every writer in it). On
// PostgreSQL other instances write too and nothing is cached (app.ts): each check reads the row, so a revocation on
// one instance is refused at once on every other.
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

  constructor(
    private readonly source: SessionSource,
    private readonly clock: Clock,
    private readonly limits = { maxEntries: SESSION_CACHE_MAX_ENTRIES, ttlMs: SESSION_CACHE_TTL_MS },
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async lookup(hashHex: string, projectId: string): Promise<SessionWithUserRow | null> {
    const key = `${projectId}:${hashHex}`;
    const nowMs = this.clock.now().getTime();
    const hit = this.entries.get(key);
    // A copy: the session service updates the row it was given (last access, expiry) after writing them.
    if (hit && nowMs - hit.cachedAtMs < this.limits.ttlMs && hit.cachedAtMs <= nowMs) return { ...hit.row };
    if (hit) this.forget(key, hit.row.user_id);
    const epoch = this.epoch;
    const row = await this.source.lookup(hashHex, projectId);
    // Only live users' sessions are kept; unknown tokens are not (nothing to invalidate them by).
    if (row !== null && row.user !== null && epoch === this.epoch) this.keep(key, row, nowMs);
    return row;
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
