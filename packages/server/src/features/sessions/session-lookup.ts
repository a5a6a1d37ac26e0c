// The session lookup of every session-bearing call (POST /sessions/authenticate, GET /users/me, secondary
// sign-ins): ONE indexed lookup by token hash plus one primary-key join to the user's wire JSON (users.profile,
// kept by triggers, migration 0005). Issue 2 budget: ≥ 15,000 session checks per second.
//
// Batching: lookups that arrive while earlier ones are still at the database are sent together, as one
// statement over an array of (token hash, project) pairs, when a slot frees up. Each request still gets a read
// that STARTED AFTER IT ARRIVED (a lookup never joins a query already in flight), so a session revoked or
// expired before the request is refused at once on every instance — on PostgreSQL nothing about session validity or
// the user is kept in memory between requests (on PGlite, the embedded default, a cache that every write reaches
// sits in front: session-cache.ts). What is saved is the per-query cost on both sides of the wire
// (node-postgres builds a Query and parses a RowDescription, PostgreSQL is woken and runs the executor once; on
// this 2-core machine the wake-ups of 10 backends were the bottleneck): PostgreSQL 7.2k → 13.4k req/s with
// p99 4 → 2 ms, PGlite (whose every statement costs ~430 µs of parse and plan on this thread) 1.4k → 5.7k.
import type { Database } from '../../infra/db/client';
import { type HotQuery, runHotQuery } from './hot-query';

export interface SessionRow {
  id: string;
  user_id: string;
  started_ms: number;
  last_accessed_ms: number;
  expires_ms: number;
  /** sessions.authenticated_at: the user's last proof of a credential they already held (issue 20 item 3). */
  authenticated_ms: number;
  ip_address: string;
  user_agent: string;
  /** authentication_factors as PostgreSQL prints the jsonb. */
  factors: string;
  custom_claims: string | null;
}

export interface SessionWithUserRow extends SessionRow {
  /**
   * users.profile: the wire User as JSON text; null when the user is gone or blocked (issue 24 item 2: a blocked
   * user's sessions are refused at once on every instance, with no extra query).
   */
  user: string | null;
}

/** A live session of a user who still exists, as the request-context hook hands it to services. */
export interface ResolvedSession {
  /** The row as read for this request (times in ms since the epoch; factors and claims as JSON text). */
  row: SessionRow;
  userId: string;
  /** The user's wire JSON (users.profile) as of this read. */
  userJson: string;
}

/** Columns of a SessionRow from `sessions s` (also used by the writes that return the row). */
export const SESSION_COLUMNS_SQL = `s.id, s.user_id,
  (extract(epoch from s.started_at) * 1000)::float8 AS started_ms,
  (extract(epoch from s.last_accessed_at) * 1000)::float8 AS last_accessed_ms,
  (extract(epoch from s.expires_at) * 1000)::float8 AS expires_ms,
  (extract(epoch from s.authenticated_at) * 1000)::float8 AS authenticated_ms,
  s.ip_address, s.user_agent, s.authentication_factors::text AS factors, s.custom_claims::text AS custom_claims`;

/**
 * $1: token hashes as hex, $2: project ids, pairwise. `i` is the 1-based position of the pair, so every lookup
 * gets its own row even when two requests carry the same token. Hex text arrays bind the same way on node-postgres
 * and PGlite.
 */
const SESSION_LOOKUP_QUERY: HotQuery = {
  name: 'gatehouse_session_lookup',
  text: `SELECT k.i::int4 AS i, ${SESSION_COLUMNS_SQL}, u.profile AS user
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS k(hash_hex, project_id, i)
    JOIN sessions s ON s.token_hash = decode(k.hash_hex, 'hex') AND s.project_id = k.project_id
    LEFT JOIN users u ON u.id = s.user_id AND u.blocked_at IS NULL`,
};

/**
 * Lookups at the database at once. More slots means less batching; on PostgreSQL two keep one batch filling while
 * the other is answered (measured against one and four: 10.3k/8.3k req/s vs 8.7k/8.8k with one, 4.6k with four)
 * and the other routes keep the rest of the pool. PGlite runs one statement at a time on this thread anyway.
 */
export const SESSION_LOOKUP_SLOTS = { postgres: 2, pglite: 1 } as const;
/** Upper bound of one batch (bounds the statement's parameters and one answer's size). */
export const SESSION_LOOKUP_MAX_BATCH = 128;

interface Waiter {
  hashHex: string;
  projectId: string;
  resolve(row: SessionWithUserRow | null): void;
  reject(error: unknown): void;
}

export class SessionLookupBatcher {
  private queue: Waiter[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly dispatchScheduled = (): void => {
    this.scheduled = false;
    if (this.queue.length > 0 && this.inFlight < this.slots) this.dispatch();
  };

  constructor(
    private readonly db: Database,
    private readonly slots: number,
    private readonly maxBatch = SESSION_LOOKUP_MAX_BATCH,
  ) {}

  lookup(hashHex: string, projectId: string): Promise<SessionWithUserRow | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ hashHex, projectId, resolve, reject });
      // A free slot is used after the current I/O phase (setImmediate), so requests read in the same turn of
      // the event loop share one statement; this costs no measurable latency.
      if (this.inFlight < this.slots && !this.scheduled) {
        this.scheduled = true;
        setImmediate(this.dispatchScheduled);
      }
    });
  }

  private dispatch(): void {
    const batch = this.queue.length <= this.maxBatch ? this.queue : this.queue.slice(0, this.maxBatch);
    this.queue = this.queue.length <= this.maxBatch ? [] : this.queue.slice(this.maxBatch);
    this.inFlight += 1;
    const hashes = new Array<string>(batch.length);
    const projects = new Array<string>(batch.length);
    for (let index = 0; index < batch.length; index++) {
      hashes[index] = batch[index]!.hashHex;
      projects[index] = batch[index]!.projectId;
    }
    runHotQuery<SessionWithUserRow & { i: number }>(this.db, SESSION_LOOKUP_QUERY, [hashes, projects]).then(
      (rows) => {
        this.settled();
        const found = new Array<SessionWithUserRow | null>(batch.length).fill(null);
        for (const row of rows) found[row.i - 1] = row;
        for (let index = 0; index < batch.length; index++) batch[index]!.resolve(found[index] ?? null);
      },
      (error: unknown) => {
        this.settled();
        for (const waiter of batch) waiter.reject(error);
      },
    );
  }

  private settled(): void {
    this.inFlight -= 1;
    if (this.queue.length > 0 && this.inFlight < this.slots) this.dispatch();
  }
}
