// Test databases (DESIGN.md "Real parts"): PGlite in memory always, and a real PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it). Each test file opens one database per kind and resets tables
// between tests instead of paying PGlite's cold start again.
import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase, type PostgresTimeouts } from '../infra/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/** The kinds every database-backed test file runs on. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabaseOptions {
  /**
   * PostgreSQL only: the handle connects to this host and port (a test's TCP proxy, test-support/tcp-proxy.ts)
   * instead of TEST_DATABASE_URL's. Creating and dropping the database still go straight to the server, so a
   * test may leave the proxy broken.
   */
  via?: { host: string; port: number };
  /** PostgreSQL pool size (default 20). */
  poolSize?: number;
  /** PostgreSQL wait bounds (default: production's, infra/db/postgres-pool.ts). */
  timeouts?: Partial<PostgresTimeouts>;
}

/**
 * Opens a fresh, migrated database. On PostgreSQL it creates a throw-away database next to the one named by
 * TEST_DATABASE_URL and drops it on close, so test files never see each other's rows.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: TestDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openDatabase({ dataDir: null });
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { default: pg } = await import('pg');
  const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const directUrl = new URL(baseUrl);
  directUrl.pathname = `/${name}`;
  const url = new URL(directUrl);
  if (options.via) {
    url.hostname = options.via.host;
    url.port = String(options.via.port);
  }
  const handle = await openDatabase({
    url: url.toString(),
    poolSize: options.poolSize ?? 20,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  return {
    ...handle,
    // Test upkeep (resetDatabase) on a connection of its own, straight to the server: emptying every table is
    // slow on a busy machine (up to seconds), and it is no request, so the request timeouts of the pool (and a
    // proxy the test may have broken) must not apply to it.
    execute: async (sqlText) => {
      const client = new pg.Client({ connectionString: directUrl.toString() });
      await client.connect();
      try {
        await client.query(sqlText);
      } finally {
        await client.end();
      }
    },
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Empties every table (keeps the schema); cheaper than a new database between tests. */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.execute(`DO $$ DECLARE r record; BEGIN
    FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
      EXECUTE 'TRUNCATE TABLE ' || quote_ident(r.tablename) || ' RESTART IDENTITY CASCADE';
    END LOOP; END $$;`);
}
