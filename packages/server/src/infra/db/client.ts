// Storage: PGlite (embedded, persisted to DATA_DIR or in memory) by default, PostgreSQL when a URL is given.
// DESIGN.md "Real parts": both run the same drizzle schema and the same committed migrations.
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { SERVER_PACKAGE_ROOT } from '../package-root';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (used by tests to reset tables and by the migrator). */
  execute(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… — when set, PostgreSQL through `pg`. */
  url?: string | null;
  /** A folder for PGlite's files; null keeps PGlite in memory. */
  dataDir?: string | null;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

export const MIGRATIONS_FOLDER = join(SERVER_PACKAGE_ROOT, 'src', 'infra', 'db', 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url ? await openPostgres(options) : await openPglite(options);
  await migrateDatabase(handle);
  return handle;
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    execute: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: () => client.close(),
  };
}

async function openPostgres(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: options.url!,
    max: options.poolSize ?? 10,
  });
  // An idle client can be killed from the server side (restart, or a test dropping its database): without a
  // listener the pool's 'error' event would crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    execute: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: () => pool.end(),
  };
}

async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver; the handle is driver-neutral.
    await migrate(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    await migrate(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}
