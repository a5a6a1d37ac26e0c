// Health and readiness (issue 23 item 7: several instances behind a load balancer, zero-downtime restarts).
//
// - GET /health/live: 200 while the process serves HTTP at all. A supervisor restarts an instance that stops
//   answering it; it checks nothing else, so a database outage never makes every instance restart at once.
// - GET /health/ready: 200 when this instance can serve: the database answers and holds every migration this build
//   knows. 503 otherwise, and from the moment a shutdown begins (draining), so a balancer that checks it (HAProxy
//   `option httpchk GET /health/ready`) stops sending new requests before the instance stops listening.
//   Redis (REDIS_URL) is checked and reported, but a Redis that does not answer makes the instance "degraded", still
//   200: only rate-limited calls need it (they answer 503 and change nothing, infra/rate-limit-store.ts) while
//   everything else, session checks included, is served. Answering 503 would turn a Redis outage, which every
//   instance sees at once, into no instance at all behind the balancer; and when only this instance lost Redis, a
//   balancer retrying 503s (docs/deployment.md) sends its limited calls to another instance.
//
// Shutdown (drainAndClose, called by server.ts on SIGTERM/SIGINT): readiness turns 503 at once, requests keep being
// served for SHUTDOWN_DRAIN_SECONDS (long enough for the balancer's next failed checks), then Fastify closes: it
// stops accepting connections, closes idle keep-alive ones (and each busy one once answered, keep-alive-close.ts),
// answers 503 without running any handler to a request that still arrives on a busy one (return503OnClosing) and
// waits for every request in flight before it resolves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

export const HEALTH_ROUTES = { live: '/health/live', ready: '/health/ready' } as const;

/** One check's outcome; `not_configured` for Redis without REDIS_URL. */
export type CheckOutcome = 'ok' | 'failed' | 'not_configured';

export interface ReadinessChecks {
  database: CheckOutcome;
  migrations: CheckOutcome;
  redis: CheckOutcome;
}

export interface ReadinessReport {
  /** 200 for ready and degraded (Redis failed), 503 for not_ready (database or migrations) and draining. */
  status: 'ready' | 'degraded' | 'not_ready' | 'draining';
  checks: ReadinessChecks | null;
}

/** The app's health state (DESIGN.md convention 12: it lives on the app, not in this module). */
export interface Health {
  /** True from the moment a shutdown began: readiness answers 503 from then on. */
  readonly draining: boolean;
  /** Turns readiness to 503 for good (the process is about to stop). */
  beginDraining(): void;
  /** What GET /health/ready answers now. */
  readiness(): Promise<ReadinessReport>;
}

export interface HealthOptions {
  db: Database;
  /** The newest migration this build knows (its journal's `when`); the database must have applied it. */
  latestMigrationMillis: number;
  /** Whether Redis answers; null when REDIS_URL is not set. */
  redisReady: (() => Promise<boolean>) | null;
}

export function createHealth(options: HealthOptions): Health {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    beginDraining() {
      draining = true;
    },
    async readiness() {
      if (draining) return { status: 'draining', checks: null };
      const [database, redis] = await Promise.all([
        appliedMigration(options.db).then(
          (millis): { database: CheckOutcome; migrations: CheckOutcome } => ({
            database: 'ok',
            migrations: millis !== null && millis >= options.latestMigrationMillis ? 'ok' : 'failed',
          }),
          (): { database: CheckOutcome; migrations: CheckOutcome } => ({
            database: 'failed',
            migrations: 'failed',
          }),
        ),
        options.redisReady === null
          ? ('not_configured' as const)
          : options.redisReady().then(
              (ok): CheckOutcome => (ok ? 'ok' : 'failed'),
              (): CheckOutcome => 'failed',
            ),
      ]);
      const checks: ReadinessChecks = { ...database, redis };
      if (checks.database === 'failed' || checks.migrations === 'failed')
        return { status: 'not_ready', checks };
      return { status: redis === 'failed' ? 'degraded' : 'ready', checks };
    },
  };
}

/**
 * The newest migration the database recorded (drizzle's own table, the same on PGlite and PostgreSQL), or null when
 * none is. One indexed aggregate over a few dozen rows: cheap enough for a balancer checking every second. A
 * database that cannot answer rejects within the pool's bounds (infra/db/postgres-pool.ts).
 */
async function appliedMigration(db: Database): Promise<number | null> {
  const result = await db.execute(
    sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  const [row] = (result as unknown as { rows: { last: string | null }[] }).rows;
  return row?.last == null ? null : Number(row.last);
}

interface JournalEntry {
  when: number;
  tag: string;
}

function readJournal(folder: string): JournalEntry[] {
  return (
    JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }
  ).entries;
}

/** The `when` of the last entry of the migrations journal in `folder` (drizzle-kit's meta/_journal.json). */
export function latestMigrationMillis(folder: string): number {
  return Math.max(...readJournal(folder).map((entry) => entry.when));
}

/** Issue 26 item 3 (System): how the database's migrations stand against this build's journal. */
export interface MigrationStatus {
  /** Migrations the database recorded. */
  applied: number;
  /** Migrations this build knows (its journal). */
  known: number;
  /** The tag of the newest migration the database recorded (`0023_blocked_users`), null when none or unknown. */
  latestApplied: string | null;
  /** The tag of the newest migration this build knows. */
  latest: string;
  /** The database holds every migration this build knows (what readiness asks). */
  upToDate: boolean;
}

/** The database's migrations against the journal in `folder`: the same drizzle table readiness reads. */
export async function migrationStatus(db: Database, folder: string): Promise<MigrationStatus> {
  const journal = [...readJournal(folder)].sort((a, b) => a.when - b.when);
  const result = await db.execute(
    sql`SELECT count(*)::int AS applied, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  const [row] = (result as unknown as { rows: { applied: number | string; last: string | null }[] }).rows;
  const last = row?.last == null ? null : Number(row.last);
  const latest = journal[journal.length - 1]!;
  return {
    applied: Number(row?.applied ?? 0),
    known: journal.length,
    latestApplied: last === null ? null : (journal.find((entry) => entry.when === last)?.tag ?? null),
    latest: latest.tag,
    upToDate: last !== null && last >= latest.when,
  };
}

export function registerHealthRoutes(app: FastifyInstance, health: Health): void {
  // No cache anywhere on the way: a balancer must see the state of now.
  app.get(HEALTH_ROUTES.live, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'live' };
  });
  app.get(HEALTH_ROUTES.ready, async (_request, reply) => {
    const report = await health.readiness();
    reply.header('cache-control', 'no-store');
    reply.code(report.status === 'ready' || report.status === 'degraded' ? 200 : 503);
    return report;
  });
}

/**
 * Graceful shutdown: not ready at once, still serving for `drainMs` (the balancer's checks notice meanwhile), then
 * Fastify's close, which resolves once every request in flight has been answered. `wait` is injectable for tests.
 */
export async function drainAndClose(
  app: FastifyInstance,
  health: Health,
  options: { drainMs: number; wait?: (ms: number) => Promise<void> },
): Promise<void> {
  health.beginDraining();
  if (options.drainMs > 0) {
    const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    await wait(options.drainMs);
  }
  await app.close();
}
