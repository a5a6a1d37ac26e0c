// "Bad input changes nothing" (DEVELOPERS rule 3): every table of the database as sorted text, so a test can
// compare the whole database before and after a refused call.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../features/users/user-sql';
import type { Database } from '../infra/db/client';

export async function snapshotTables(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`),
  );
  const snapshot: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = rowsOf<{ text: string }>(
      await db.execute(
        sql.raw(
          `SELECT coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '') AS text FROM "${tablename}" t`,
        ),
      ),
    );
    snapshot[tablename] = row?.text ?? '';
  }
  return snapshot;
}
