// Backend users.search (issue 13 item 2; Stytch's POST /v1/users/search): filters joined by AND or OR, and keyset
// pagination on (created_at, id) — a cursor names the last row answered, so users added meanwhile (always later in
// that order) neither shift a page nor make one repeat or skip a user.
import type { User } from '@gatehouse/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { normalizeEmail } from './user-service';
import { parseJson, rowsOf } from './user-sql';

export const DEFAULT_SEARCH_LIMIT = 100;
export const MAX_SEARCH_LIMIT = 1000;

export interface SearchOperand {
  filter_name: string;
  filter_value: unknown;
}

export interface SearchQuery {
  operator?: 'AND' | 'OR' | undefined;
  operands?: SearchOperand[] | undefined;
}

export interface SearchResult {
  results: User[];
  results_metadata: { total: number; next_cursor: string | null };
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_search_query', message);
}

function strings(operand: SearchOperand): string[] {
  const value = operand.filter_value;
  const list = Array.isArray(value) ? value : [value];
  if (
    list.length === 0 ||
    list.length > 100 ||
    !list.every((item) => typeof item === 'string' && item.length <= 512)
  )
    throw invalid(`${operand.filter_name} takes a string or up to 100 strings.`);
  return list as string[];
}

function oneString(operand: SearchOperand): string {
  if (typeof operand.filter_value !== 'string' || operand.filter_value.length > 512)
    throw invalid(`${operand.filter_name} takes a string.`);
  return operand.filter_value;
}

function oneBoolean(operand: SearchOperand): boolean {
  if (typeof operand.filter_value !== 'boolean') throw invalid(`${operand.filter_name} takes true or false.`);
  return operand.filter_value;
}

function instant(operand: SearchOperand): string {
  const value = oneString(operand);
  if (Number.isNaN(Date.parse(value))) throw invalid(`${operand.filter_name} takes an RFC 3339 time.`);
  return new Date(value).toISOString();
}

const jsonArray = (values: string[]) => JSON.stringify(values);
const textIn = (values: string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${jsonArray(values)}::jsonb))`;

/** One operand as a condition on `users u`; an unknown filter is a 400. */
function condition(operand: SearchOperand): SQL {
  switch (operand.filter_name) {
    case 'user_id':
      return sql`u.id = ANY(${textIn(strings(operand))})`;
    case 'status':
      return sql`u.status = ${oneString(operand)}`;
    case 'email_address':
      return sql`EXISTS (SELECT 1 FROM user_emails e WHERE e.user_id = u.id AND e.claim_session_id IS NULL
        AND e.email = ANY(${textIn(strings(operand).map(normalizeEmail))}))`;
    case 'email_address_fuzzy':
      return sql`EXISTS (SELECT 1 FROM user_emails e WHERE e.user_id = u.id AND e.claim_session_id IS NULL
        AND strpos(e.email, lower(${oneString(operand)})) > 0)`;
    case 'email_domain':
      return sql`EXISTS (SELECT 1 FROM user_emails e WHERE e.user_id = u.id AND e.claim_session_id IS NULL
        AND split_part(e.email, '@', 2) = ANY(${textIn(strings(operand).map((domain) => domain.toLowerCase()))}))`;
    case 'email_verified':
      return sql`EXISTS (SELECT 1 FROM user_emails e WHERE e.user_id = u.id AND e.claim_session_id IS NULL
        AND e.verified = ${oneBoolean(operand)})`;
    case 'phone_number':
      return sql`EXISTS (SELECT 1 FROM user_phone_numbers p WHERE p.user_id = u.id AND p.claim_session_id IS NULL
        AND p.phone_number = ANY(${textIn(strings(operand))}))`;
    case 'created_at_greater_than':
      return sql`u.created_at > ${instant(operand)}::timestamptz`;
    case 'created_at_less_than':
      return sql`u.created_at < ${instant(operand)}::timestamptz`;
    default:
      throw invalid(`Unknown filter_name: ${String(operand.filter_name).slice(0, 64)}.`);
  }
}

interface Cursor {
  createdAt: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt)))
      return { createdAt, id };
  } catch {
    // fall through
  }
  throw invalid('The cursor is not one this search answered.');
}

export async function searchUsers(
  ctx: AppContext,
  options: {
    projectId: string;
    limit?: number | undefined;
    cursor?: string | null | undefined;
    query?: SearchQuery | undefined;
  },
): Promise<SearchResult> {
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT)
    throw invalid(`limit must be a whole number between 1 and ${MAX_SEARCH_LIMIT}.`);
  const operands = options.query?.operands ?? [];
  const joiner = options.query?.operator === 'OR' ? sql` OR ` : sql` AND `;
  const filter = operands.length === 0 ? sql`TRUE` : sql`(${sql.join(operands.map(condition), joiner)})`;
  const where = sql`u.project_id = ${options.projectId} AND ${filter}`;
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const page = after
    ? sql`${where} AND (u.created_at, u.id) > (${after.createdAt}::timestamptz, ${after.id})`
    : where;
  const rows = rowsOf<{ id: string; created_at: string; profile: string }>(
    await ctx.db.execute(sql`SELECT u.id, u.created_at::text AS created_at, u.profile FROM users u
      WHERE ${page} ORDER BY u.created_at, u.id LIMIT ${limit + 1}`),
  );
  const [counted] = rowsOf<{ n: number | string }>(
    await ctx.db.execute(sql`SELECT count(*) AS n FROM users u WHERE ${where}`),
  );
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    results: shown.map((row) => parseJson<User>(row.profile)),
    results_metadata: {
      total: Number(counted?.n ?? 0),
      next_cursor: more && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    },
  };
}
