// Issue 25 item 3: the admin API's user list — one search box across every identifier (e-mail, phone number,
// username, wallet address, user id, name), filters, and keyset pagination newest first on (created_at, id), so
// users added meanwhile never shift a page nor make one repeat or skip a user. Unlike the Stytch-compatible
// users.search (user-search.ts) the cursor walks backwards in time: an operator looks for recent sign-ups first.
//
// The text match is a case-insensitive substring (a prefix is one) of an e-mail address, phone number, username,
// wallet address or name, or the user id whole (any case). Issue 26 item 4 (≤ 300 ms at a million users): a page is read in one
// of two ways, with the same result.
// - Few matches (the usual search: an address, a number, a wallet): the matching user ids are read first from the
//   identifier tables (adminUserCandidatesQuery; trigram indexes of migration 0024 answer `LIKE '%…%'` on PostgreSQL),
//   at most CANDIDATE_CAP of them, and the page is those users, filtered and sorted.
// - More than that: the project's users are walked newest first on users_project_created_idx and each is tested
//   with index probes, stopping at the page's end — which comes soon, since at least CANDIDATE_CAP users match.
// Without pg_trgm (the embedded PGlite) the first read scans the identifier tables, which at its scale is cheap.
import type { User } from '@gatehouse/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { decodeCursor, encodeCursor } from '../admin/cursor';
import { parseJson, rowsOf } from './user-sql';

export const DEFAULT_ADMIN_PAGE_SIZE = 50;
export const MAX_ADMIN_QUERY_LENGTH = 200;

export interface AdminUserFilters {
  /** Substring of an identifier, the id or the name, any case. */
  q?: string | undefined;
  status?: 'active' | 'pending' | undefined;
  blocked?: boolean | undefined;
  /** RFC 3339; created strictly after / before. */
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  /** Issue 26 item 3: holds a factor of this kind (a sign-in method it can use). */
  method?: AdminUserMethod | undefined;
  /** Holds at least one verified e-mail address or phone number (true), or none (false). */
  verified?: boolean | undefined;
  /** RFC 3339; last signed in strictly after / before (a user who never signed in matches neither). */
  lastSignInAfter?: string | undefined;
  lastSignInBefore?: string | undefined;
  /** `key = value` on either kind of metadata: the top-level key holds this JSON value (each one must match). */
  metadata?: ReadonlyArray<{ kind: 'trusted' | 'untrusted'; key: string; value: unknown }> | undefined;
}

export const ADMIN_USER_METHODS = [
  'password',
  'passkey',
  'totp',
  'crypto_wallet',
  'oauth',
  'email',
  'phone',
] as const;
export type AdminUserMethod = (typeof ADMIN_USER_METHODS)[number];

/** Issue 26 item 3: the list's order, each on its own index either way (migrations 0023 and 0025). */
export interface AdminUserSort {
  by: 'created_at' | 'last_sign_in_at';
  order: 'asc' | 'desc';
}

export const DEFAULT_ADMIN_USER_SORT: AdminUserSort = { by: 'created_at', order: 'desc' };

/** The sort key as users_project_last_sign_in_idx holds it: never signed in is the earliest time there is. */
const LAST_SIGN_IN = sql`coalesce(u.last_sign_in_at, '-infinity'::timestamptz)`;

function sortKey(by: AdminUserSort['by']): SQL {
  return by === 'created_at' ? sql`u.created_at` : LAST_SIGN_IN;
}

/** Each method as an index probe on the factor table's user_id index (a pending claim is not the user's). */
function holdsMethod(method: AdminUserMethod): SQL {
  switch (method) {
    case 'password':
      return sql`EXISTS (SELECT 1 FROM passwords f WHERE f.user_id = u.id)`;
    case 'passkey':
      return sql`EXISTS (SELECT 1 FROM webauthn_registrations f WHERE f.user_id = u.id AND f.verified)`;
    case 'totp':
      return sql`EXISTS (SELECT 1 FROM totps f WHERE f.user_id = u.id AND f.verified)`;
    case 'crypto_wallet':
      return sql`EXISTS (SELECT 1 FROM crypto_wallets f WHERE f.user_id = u.id AND f.verified)`;
    case 'oauth':
      return sql`EXISTS (SELECT 1 FROM oauth_registrations f WHERE f.user_id = u.id)`;
    case 'email':
      return sql`EXISTS (SELECT 1 FROM user_emails f WHERE f.user_id = u.id AND f.claim_session_id IS NULL)`;
    case 'phone':
      return sql`EXISTS (SELECT 1 FROM user_phone_numbers f WHERE f.user_id = u.id AND f.claim_session_id IS NULL)`;
  }
}

/**
 * Holds a verified e-mail address or phone number, as the profile document shows them (migration 0025): written on
 * the partial index's expression, so `verified=false` (usually few users) reads users_project_unverified_idx.
 */
const VERIFIED = sql`gatehouse_profile_verified(u.profile)`;

/** One row of the list: the wire User with what only operators see. */
export interface AdminUserRow {
  user: User & { username: string | null };
  blockedAt: string | null;
  blockedReason: string | null;
  /** Issue 26 item 3: RFC 3339, or null when the user never signed in. */
  lastSignInAt: string | null;
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_admin_request', message);
}

function instant(value: string, field: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalid(`${field} takes an RFC 3339 time.`);
  return new Date(ms).toISOString();
}

/** `+1 (415) 555-0123` → `+14155550123`; null when the text is not a phone number's digits. */
function phoneDigits(text: string): string | null {
  const compact = text.replace(/[\s().-]/g, '');
  return /^\+?\d{3,}$/.test(compact) ? compact : null;
}

/** More users matching the text than this: the page walks the users instead of reading the matches first. */
export const CANDIDATE_CAP = 10_000;

/** `%text%` for LIKE, with LIKE's own characters (and the escape) taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** What the search box's text is compared with: the text for the id, lower-cased for the rest, the phone's digits. */
interface Needle {
  /** The text as typed and lower-cased: an id is matched whole, in either form (both primary-key probes). */
  raw: string;
  lower: string;
  pattern: string;
  phonePattern: string | null;
}

function needleOf(q: string): Needle {
  const lower = q.trim().toLowerCase();
  const phone = phoneDigits(lower);
  return {
    raw: q.trim(),
    lower,
    pattern: containing(lower),
    phonePattern: phone === null ? null : containing(phone),
  };
}

/**
 * The text condition on `users u`: every identifier the user owns (a pending claim is not theirs, convention 13).
 * Each comparison is the one adminUserCandidatesQuery makes through its index, so both ways give the same users.
 */
function matching(needle: Needle): SQL {
  const phoneMatch =
    needle.phonePattern === null
      ? sql``
      : sql` OR EXISTS (SELECT 1 FROM user_phone_numbers p WHERE p.user_id = u.id AND p.claim_session_id IS NULL
          AND p.phone_number LIKE ${needle.phonePattern})`;
  return sql`(u.id IN (${needle.raw}, ${needle.lower})
    OR lower(u.username) LIKE ${needle.pattern}
    OR gatehouse_user_name(u.first_name, u.middle_name, u.last_name) LIKE ${needle.pattern}
    OR EXISTS (SELECT 1 FROM user_emails e WHERE e.user_id = u.id AND e.claim_session_id IS NULL
      AND e.email LIKE ${needle.pattern})
    OR EXISTS (SELECT 1 FROM crypto_wallets w WHERE w.user_id = u.id AND lower(w.address) LIKE ${needle.pattern})
    ${phoneMatch})`;
}

/**
 * The ids of the project's users whose identifiers hold the text, at most CANDIDATE_CAP + 1 rows (a user may come
 * back more than once: one row per identifier that matches). Exported for the query-plan test.
 */
export function adminUserCandidatesQuery(projectId: string, q: string): SQL {
  const needle = needleOf(q);
  const phones =
    needle.phonePattern === null
      ? sql``
      : sql` UNION ALL SELECT p.user_id FROM user_phone_numbers p WHERE p.project_id = ${projectId}
          AND p.claim_session_id IS NULL AND p.phone_number LIKE ${needle.phonePattern}`;
  return sql`SELECT u.id AS user_id FROM users u WHERE u.project_id = ${projectId}
      AND (u.id IN (${needle.raw}, ${needle.lower}) OR lower(u.username) LIKE ${needle.pattern}
        OR gatehouse_user_name(u.first_name, u.middle_name, u.last_name) LIKE ${needle.pattern})
    UNION ALL SELECT e.user_id FROM user_emails e WHERE e.project_id = ${projectId} AND e.claim_session_id IS NULL
      AND e.email LIKE ${needle.pattern}
    UNION ALL SELECT w.user_id FROM crypto_wallets w WHERE w.project_id = ${projectId}
      AND lower(w.address) LIKE ${needle.pattern}
    ${phones}
    LIMIT ${CANDIDATE_CAP + 1}`;
}

/**
 * The text's matches read first (adminUserCandidatesQuery): their ids, or null when there are more than CANDIDATE_CAP
 * rows of them (the page then tests each user it walks).
 */
export type CandidateIds = readonly string[] | null;

/** A text[] literal, as one parameter whatever the count (PGlite and node-postgres alike). */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`).join(',')}}`;
}

function conditions(projectId: string, filters: AdminUserFilters, candidates: CandidateIds = null): SQL[] {
  const where: SQL[] = [sql`u.project_id = ${projectId}`];
  if (filters.status !== undefined) where.push(sql`u.status = ${filters.status}`);
  if (filters.blocked !== undefined)
    where.push(filters.blocked ? sql`u.blocked_at IS NOT NULL` : sql`u.blocked_at IS NULL`);
  if (filters.createdAfter !== undefined)
    where.push(sql`u.created_at > ${instant(filters.createdAfter, 'created_after')}::timestamptz`);
  if (filters.createdBefore !== undefined)
    where.push(sql`u.created_at < ${instant(filters.createdBefore, 'created_before')}::timestamptz`);
  if (filters.method !== undefined) where.push(holdsMethod(filters.method));
  if (filters.verified !== undefined) where.push(filters.verified ? VERIFIED : sql`NOT ${VERIFIED}`);
  // Written on the index's expression so the range reads users_project_last_sign_in_idx; -infinity is "never".
  if (filters.lastSignInAfter !== undefined)
    where.push(sql`${LAST_SIGN_IN} > ${instant(filters.lastSignInAfter, 'last_sign_in_after')}::timestamptz`);
  if (filters.lastSignInBefore !== undefined)
    where.push(
      sql`${LAST_SIGN_IN} < ${instant(filters.lastSignInBefore, 'last_sign_in_before')}::timestamptz
        AND ${LAST_SIGN_IN} > '-infinity'::timestamptz`,
    );
  for (const each of filters.metadata ?? []) {
    // Containment (@>) is what the GIN jsonb_path_ops indexes of migration 0025 answer.
    const document = JSON.stringify({ [each.key]: each.value });
    where.push(
      each.kind === 'trusted'
        ? sql`u.trusted_metadata @> ${document}::jsonb`
        : sql`u.untrusted_metadata @> ${document}::jsonb`,
    );
  }
  const q = filters.q?.trim() ?? '';
  if (q.length > MAX_ADMIN_QUERY_LENGTH) throw invalid(`q is at most ${MAX_ADMIN_QUERY_LENGTH} characters.`);
  if (q !== '') {
    where.push(
      candidates === null
        ? matching(needleOf(q))
        : candidates.length === 0
          ? sql`false`
          : sql`u.id = ANY(${textArray(candidates)}::text[])`,
    );
  }
  return where;
}

interface Row {
  id: string;
  /** The sort key's value as text (`-infinity` for never signed in), for the cursor. */
  sort_key: string;
  profile: string;
  blocked_at: string | null;
  blocked_reason: string | null;
  last_sign_in_at: string | null;
}

const CURSOR_FIELDS = ['by', 'order', 'key', 'id'] as const;

/** The statement of one page (exported for the query-plan test). */
export function adminUserPageQuery(
  projectId: string,
  filters: AdminUserFilters,
  page: { limit: number; cursor: string | null },
  candidates: CandidateIds = null,
  sort: AdminUserSort = DEFAULT_ADMIN_USER_SORT,
): SQL {
  const where = conditions(projectId, filters, candidates);
  const key = sortKey(sort.by);
  const descending = sort.order === 'desc';
  if (page.cursor !== null) {
    // Opaque to callers (admin/cursor.ts). A cursor made under another order would skip or repeat users: refused,
    // as is a forged time, before it reaches SQL.
    const after = decodeCursor(page.cursor, CURSOR_FIELDS);
    const time = after.key === '-infinity' ? true : !Number.isNaN(Date.parse(after.key));
    if (after.by !== sort.by || after.order !== sort.order || !time)
      throw invalid('The cursor is not one this API gave for this order.');
    where.push(
      descending
        ? sql`(${key}, u.id) < (${after.key}::timestamptz, ${after.id})`
        : sql`(${key}, u.id) > (${after.key}::timestamptz, ${after.id})`,
    );
  }
  const direction = descending ? sql`DESC` : sql`ASC`;
  return sql`SELECT u.id, (${key})::text AS sort_key, u.profile,
      to_char(u.blocked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS blocked_at, u.blocked_reason,
      to_char(u.last_sign_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_sign_in_at
    FROM users u WHERE ${sql.join(where, sql` AND `)}
    ORDER BY ${key} ${direction}, u.id ${direction} LIMIT ${page.limit + 1}`;
}

/**
 * Issue 26 (Import and export, "export the filtered users"): the ids of the project's users matching the filters,
 * in id order after `afterId` — the export's keyset walk (import/export-users.ts), so an export of a million users
 * stays a sequence of bounded index ranges. The text is tested per user (the walk visits each user once anyway).
 */
export async function adminUserIdsAfter(
  ctx: Pick<AppContext, 'db'>,
  options: { projectId: string; filters: AdminUserFilters; afterId: string | null; limit: number },
): Promise<string[]> {
  const where = conditions(options.projectId, options.filters);
  if (options.afterId !== null) where.push(sql`u.id > ${options.afterId}`);
  const rows = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`SELECT u.id FROM users u WHERE ${sql.join(where, sql` AND `)}
      ORDER BY u.id LIMIT ${options.limit}`),
  );
  return rows.map((row) => row.id);
}

export function toAdminUserRow(row: Omit<Row, 'id' | 'sort_key'>): AdminUserRow {
  return {
    user: parseJson<AdminUserRow['user']>(row.profile),
    blockedAt: row.blocked_at,
    blockedReason: row.blocked_reason,
    lastSignInAt: row.last_sign_in_at,
  };
}

/** A page of the project's users matching the filters, newest first, and the cursor of the next (null at the end). */
export async function listUsersForAdmin(
  ctx: Pick<AppContext, 'db'>,
  options: {
    projectId: string;
    filters: AdminUserFilters;
    limit?: number | undefined;
    cursor?: string | undefined;
    sort?: AdminUserSort | undefined;
    /** CANDIDATE_CAP unless a test makes the page walk (0) to compare both ways. */
    candidateCap?: number;
  },
): Promise<{ items: AdminUserRow[]; nextCursor: string | null }> {
  const limit = options.limit ?? DEFAULT_ADMIN_PAGE_SIZE;
  const sort = options.sort ?? DEFAULT_ADMIN_USER_SORT;
  const q = options.filters.q?.trim() ?? '';
  if (q.length > MAX_ADMIN_QUERY_LENGTH) throw invalid(`q is at most ${MAX_ADMIN_QUERY_LENGTH} characters.`);
  let candidates: CandidateIds = null;
  if (q !== '') {
    const found = rowsOf<{ user_id: string }>(
      await ctx.db.execute(adminUserCandidatesQuery(options.projectId, q)),
    ).map((row) => row.user_id);
    candidates = found.length > (options.candidateCap ?? CANDIDATE_CAP) ? null : [...new Set(found)];
  }
  const rows = rowsOf<Row>(
    await ctx.db.execute(
      adminUserPageQuery(
        options.projectId,
        options.filters,
        { limit, cursor: options.cursor ?? null },
        candidates,
        sort,
      ),
    ),
  );
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    items: shown.map(toAdminUserRow),
    nextCursor:
      more && last ? encodeCursor({ by: sort.by, order: sort.order, key: last.sort_key, id: last.id }) : null,
  };
}

/** One user of the project as the admin API shows it, or 404 user_not_found (another project's user too). */
export async function findUserForAdmin(
  ctx: Pick<AppContext, 'db'>,
  options: { projectId: string; userId: string },
): Promise<AdminUserRow> {
  const [row] = rowsOf<Row>(
    await ctx.db.execute(sql`SELECT u.profile, u.blocked_reason,
        to_char(u.blocked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS blocked_at,
        to_char(u.last_sign_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_sign_in_at
      FROM users u WHERE u.id = ${options.userId} AND u.project_id = ${options.projectId}`),
  );
  if (row === undefined) throw userNotFound();
  return toAdminUserRow(row);
}

export function userNotFound(): ApiError {
  return new ApiError('user_not_found', 'No user of this project has this id.');
}
