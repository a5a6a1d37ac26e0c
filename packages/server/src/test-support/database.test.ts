// The test databases themselves: a database opened from the migrated template carries every migration, and
// resetDatabase (DELETE with foreign keys and triggers off for its own transaction) leaves what TRUNCATE … RESTART
// IDENTITY CASCADE would: empty tables, restarted sequences, and foreign keys enforced again afterwards.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from '../infra/db/client';
import { openTestDatabase, resetDatabase, testDatabaseKinds } from './database';

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe.each(testDatabaseKinds())('test database on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('starts from the template with every migration of the journal applied', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await rows<{ count: string | number }>(
      handle,
      sql`SELECT count(*) AS count FROM drizzle.__drizzle_migrations`,
    );
    expect(Number(applied[0]?.count)).toBe(journal.entries.length);
  });

  it('empties every table, restarts sequences, and enforces foreign keys again afterwards', async () => {
    await handle.execute(`INSERT INTO projects (id, name, public_token_test, public_token_live, secret_hash, settings)
      VALUES ('project-a', 'A', 'pt-test-a', 'pt-live-a', '\\x00', '{}')`);
    await handle.execute(`INSERT INTO users (id, project_id) VALUES ('user-a', 'project-a')`);
    await handle.execute(`INSERT INTO telemetry_events (event_name) VALUES ('one'), ('two')`);

    await resetDatabase(handle);

    const tables = await rows<{ tablename: string }>(
      handle,
      sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { tablename } of tables) {
      const [count] = await rows<{ count: string | number }>(
        handle,
        sql.raw(`SELECT count(*) AS count FROM "${tablename}"`),
      );
      expect(Number(count?.count), tablename).toBe(0);
    }
    await handle.execute(`INSERT INTO telemetry_events (event_name) VALUES ('three')`);
    const [event] = await rows<{ id: string | number }>(handle, sql`SELECT id FROM telemetry_events`);
    expect(Number(event?.id)).toBe(1);
    // The replica role was for the reset's transaction only: a user of a missing project is refused again.
    await expect(
      handle.execute(`INSERT INTO users (id, project_id) VALUES ('user-b', 'project-missing')`),
    ).rejects.toThrow(/foreign key/);
    const [role] = await rows<{ session_replication_role: string }>(
      handle,
      sql`SHOW session_replication_role`,
    );
    expect(role?.session_replication_role).toBe('origin');
    await resetDatabase(handle);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL test databases handed from file to file', () => {
  async function nameOf(handle: DatabaseHandle): Promise<string> {
    const [row] = await rows<{ name: string }>(handle, sql`SELECT current_database() AS name`);
    return row!.name;
  }

  it('a database given back goes to the next opener emptied, sequences restarted; one whose schema changed is dropped', async () => {
    const first = await openTestDatabase('postgres');
    const firstName = await nameOf(first);
    await first.execute(`INSERT INTO telemetry_events (event_name) VALUES ('one'), ('two')`);
    await first.close();

    const second = await openTestDatabase('postgres');
    try {
      expect(await nameOf(second)).toBe(firstName);
      const [count] = await rows<{ count: string | number }>(
        second,
        sql`SELECT count(*) AS count FROM telemetry_events`,
      );
      expect(Number(count?.count)).toBe(0);
      await second.execute(`INSERT INTO telemetry_events (event_name) VALUES ('three')`);
      const [event] = await rows<{ id: string | number }>(second, sql`SELECT id FROM telemetry_events`);
      expect(Number(event?.id)).toBe(1);
      await second.execute('ALTER TABLE telemetry_events ADD COLUMN left_behind integer');
    } finally {
      await second.close();
    }

    const third = await openTestDatabase('postgres');
    try {
      expect(await nameOf(third)).not.toBe(firstName);
      const [column] = await rows<{ count: string | number }>(
        third,
        sql`SELECT count(*) AS count FROM information_schema.columns WHERE column_name = 'left_behind'`,
      );
      expect(Number(column?.count)).toBe(0);
      // The altered one is gone from the server, not only from this worker's list.
      const [left] = await rows<{ count: string | number }>(
        third,
        sql`SELECT count(*) AS count FROM pg_database WHERE datname = ${firstName}`,
      );
      expect(Number(left?.count)).toBe(0);
    } finally {
      await third.close();
    }
  });
});
