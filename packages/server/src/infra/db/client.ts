// Storage: PGlite (embedded, persisted to DATA_DIR or in memory) by default, PostgreSQL when a URL is given.
// DESIGN.md "Real parts": both run the same drizzle schema and the same committed migrations.
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { SERVER_PACKAGE_ROOT } from '../package-root';
import { type DatabaseUnavailability, findDatabaseUnavailability } from './availability';
import { createPgliteDataDir, isPgliteDataDir, PGLITE_SETTINGS, useLiftoffOnly } from './pglite-settings';
import { installStatementCache } from './pglite-statements';
import { listenOnPostgres, type WriteListener } from './postgres-listener';
import { createPostgresPool, DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './postgres-pool';
import * as schema from './schema';

export type { DatabaseUnavailability } from './availability';
export type { WriteListener } from './postgres-listener';
export { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './postgres-pool';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the pool requests use (the rate-limit counters share it, infra/rate-limit-store.ts); PGlite: null. */
  pool: Pool | null;
  /** Runs raw SQL (used by tests to reset tables). */
  execute(sqlText: string): Promise<void>;
  /**
   * Why `error` means the database cannot be reached right now (security-tests.md FT-01: answered 503
   * database_unavailable), or null for any other error. Always null on PGlite: it runs inside this process, so
   * there is no connection to lose and nothing to wait for.
   */
  unavailability(error: unknown): DatabaseUnavailability | null;
  /**
   * Tells `listener` of every write a cached session check depends on: the triggers of migrations 0028/0029 notify
   * `channel` of each, naming the user. PGlite delivers a notification in a microtask queued before the writing
   * statement's promise settles, so whoever awaited the write continues after `notify` ran: an in-process cache is
   * never behind, needs no barrier, and never loses the connection. PostgreSQL: a connection of its own LISTENs for
   * every instance's writes, says `lost` / `restored` when it goes and comes back, and offers the barrier a cache
   * awaits before it answers from memory (postgres-listener.ts).
   */
  subscribeToSessionWrites(channel: string, listener: WriteListener): Promise<WriteSubscription>;
  close(): Promise<void>;
}

export interface WriteSubscription {
  /** Resolves once every write committed before the call has been notified; null where none is needed (PGlite). */
  barrier: (() => Promise<void>) | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… — when set, PostgreSQL through `pg`. */
  url?: string | null;
  /** A folder for PGlite's files; null keeps PGlite in memory. */
  dataDir?: string | null;
  /**
   * PGlite only: start from this dump (PGlite's dumpDataDir tarball) instead of an empty cluster. Tests load an
   * already migrated template this way (test-support/database.ts): initdb is most of PGlite's cold start.
   */
  loadDataDir?: Blob | null;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** PostgreSQL: bounds on every wait, over DEFAULT_POSTGRES_TIMEOUTS (postgres-pool.ts). */
  timeouts?: Partial<PostgresTimeouts>;
}

export const MIGRATIONS_FOLDER = join(SERVER_PACKAGE_ROOT, 'src', 'infra', 'db', 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  useLiftoffOnly();
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const pgliteOptions = {
    postgresqlconf: [...PGLITE_SETTINGS],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  // Issue 23 item 1 (pglite-settings.ts): a new data folder is created by a child process, not by this one.
  if (options.dataDir && !options.loadDataDir && !isPgliteDataDir(options.dataDir)) {
    await createPgliteDataDir(options.dataDir);
  }
  const client = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
  await client.waitReady;
  // Statements prepared once per text rather than on every call (pglite-statements.ts says why).
  installStatementCache(client);
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    pool: null,
    execute: async (sqlText) => {
      await client.exec(sqlText);
    },
    unavailability: () => null,
    subscribeToSessionWrites: async (channel, listener) => {
      const unlisten = await client.listen(channel, (payload) => listener.notify(payload));
      return {
        // Nothing to wait for: a notification is delivered before the write that made it returns.
        barrier: null,
        // Closing the database ends the subscription too: an unsubscribe after that has nothing left to do.
        close: () => (client.closed ? Promise.resolve() : unlisten()),
      };
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const timeouts: PostgresTimeouts = { ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts };
  await migratePostgres(pg.Pool, url, timeouts.connectMs);
  const pool = createPostgresPool(pg.Pool, { url, max: options.poolSize ?? 10, timeouts });
  const db = drizzle(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    execute: async (sqlText) => {
      await pool.query(sqlText);
    },
    unavailability: (error) =>
      findDatabaseUnavailability(error, (candidate) => candidate instanceof pg.DatabaseError),
    subscribeToSessionWrites: async (channel, listener) => {
      const listening = await listenOnPostgres({
        ClientClass: pg.Client,
        url,
        channel,
        listener,
        timeoutMs: timeouts.queryMs,
      });
      return { barrier: listening.barrier, close: listening.close };
    },
    close: () => pool.end(),
  };
}

/** pg_advisory_lock key (class, object) held while migrating: one instance migrates, the others wait. */
export const MIGRATION_LOCK = [7_241_332, 1] as const;

/**
 * Migrations run on a connection of their own, without the statement and read timeouts of request traffic: DDL
 * on a large table may legitimately take longer than any request should wait. Connecting is still bounded, so a
 * start against an unreachable database fails instead of hanging.
 * Issue 23 item 7: several instances starting at once on a fresh database each found no migration applied and ran
 * the same CREATE TABLEs, and all but one failed to start (duplicate key in pg_type). A session-level advisory
 * lock around the whole run serialises them: the first applies the migrations, each next one finds them applied.
 */
async function migratePostgres(PoolClass: typeof Pool, url: string, connectMs: number): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new PoolClass({ connectionString: url, max: 1, connectionTimeoutMillis: connectMs });
  pool.on('error', () => {});
  try {
    // One client for the lock and every migration statement: the lock belongs to the session that took it.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
      try {
        await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
