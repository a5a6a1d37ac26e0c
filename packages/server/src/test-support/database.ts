// Test databases (DESIGN.md "Real parts"): PGlite in memory always, and a real PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it). Each test file opens one database per kind and resets tables
// between tests instead of paying PGlite's cold start again.
import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '../infra/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/** The kinds every database-backed test file runs on. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Opens a fresh, migrated database. On PostgreSQL it creates a throw-away database next to the one named by
 * TEST_DATABASE_URL and drops it on close, so test files never see each other's rows.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openDatabase({ dataDir: null });
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { default: pg } = await import('pg');
  const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 20 });
  return {
    ...handle,
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
