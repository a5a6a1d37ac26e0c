// A throw-away PostgreSQL database for a spec whose server must run on PostgreSQL (DATABASE_URL), so the test can
// change what only time would change otherwise, as the server would see it — e.g. how long ago a session signed in
// (reauthentication.spec.ts). PGlite cannot serve that: its data folder belongs to the one server process.
// PostgreSQL is the local one (DESIGN.md "Real parts": 127.0.0.1:5432, trust auth, user postgres) unless
// GATEHOUSE_E2E_POSTGRES_URL or TEST_DATABASE_URL names another. The database is dropped when the spec is done.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  /** The database's URL, for the server's DATABASE_URL. */
  url: string;
  /** One statement with parameters ($1, $2, …); answers the rows and how many rows it changed. */
  query<T extends Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: T[]; rowCount: number }>;
  /** Closes the connection and drops the database (forcing off the server's connections). */
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(label: string): Promise<ThrowawayDatabase> {
  const baseUrl =
    process.env.GATEHOUSE_E2E_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const name = `gatehouse_e2e_${label}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    throw new Error(
      `This spec needs PostgreSQL at ${baseUrl} (set GATEHOUSE_E2E_POSTGRES_URL to another): ${(error as Error).message}`,
    );
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    async query<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
      const result = await client.query<T>(text, values);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    async drop() {
      await client.end().catch(() => {});
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
