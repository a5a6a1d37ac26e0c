// SQL helpers of the users feature. The wire User (wire-format.md §4.1) itself is built by PostgreSQL: the
// `users.profile` column holds it as JSON text, kept current by triggers (migration 0005_user_profile_triggers,
// function gatehouse_user_profile), so that a session check reads it with one primary-key join (issue 2).

import type { User } from '@gatehouse/protocol';
import { type SQL, sql } from 'drizzle-orm';

/** RFC 3339 UTC, second precision (the shape Stytch sends: `2024-01-01T00:00:00Z`). */
export function rfc3339Sql(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** How many second values rfc3339 remembers before it starts over. */
const RFC3339_MEMO_SIZE = 4_096;
const rfc3339Memo = new Map<number, string>();

/**
 * RFC 3339 UTC, second precision, from a JS date (same format as rfc3339Sql). Remembered by the second: a session
 * check prints three of a session's timestamps, the same ones call after call, and toISOString was 4 % of the
 * check's time (issue 23 item 3, bench/session-check.ts profile).
 */
export function rfc3339(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  let text = rfc3339Memo.get(second);
  if (text === undefined) {
    // An invalid date throws here, as toISOString always did.
    text = `${date.toISOString().slice(0, 19)}Z`;
    if (rfc3339Memo.size >= RFC3339_MEMO_SIZE) rfc3339Memo.clear();
    rfc3339Memo.set(second, text);
  }
  return text;
}

/** Rows of `db.execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Parses a `json` column that the driver may hand back as text or already parsed. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export type { User };
