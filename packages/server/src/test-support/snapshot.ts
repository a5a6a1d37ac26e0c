// "Bad input changes nothing" (DEVELOPERS rule 3): every table of the database as sorted text, so a test can
// compare the whole database before and after a refused call. The event log and the webhook deliveries it queues
// are left out: a refused call records its refusal there (issue 25 item 1: rate_limit.hit, captcha.required,
// sign_in.failed) without changing any state; features/audit/events-*.test.ts check what each call records.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../features/users/user-sql';
import type { Database } from '../infra/db/client';

/** The append-only record of what happened, not state a refused call could have changed. */
const EVENT_LOG_TABLES = ['events', 'webhook_deliveries'];

export async function snapshotTables(db: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`),
  ).filter(({ tablename }) => !EVENT_LOG_TABLES.includes(tablename));
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
