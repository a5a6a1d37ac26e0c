// Issue 25 item 3: reading the event log — "events (filter by type, user, IP, time; CSV and NDJSON export)". A
// project's events newest first, a page at a time, on a keyset cursor over `seq` (a cursor never skips or repeats an
// event, however many are written meanwhile: new events have a larger seq and are simply not reached).
//
// Each filter is shaped for an index of migration 0019: a type filter is one index range per type
// (events_project_type_seq_idx; a `prefix.*` filter is expanded to the catalogue's types rather than a LIKE, which a
// btree under a non-C collation cannot answer), a user filter is `subject_user_id = …`
// (events_project_subject_seq_idx), everything else rides on events_project_seq_idx. features/audit/event-query-plans.test.ts EXPLAINs them on PostgreSQL.
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { events } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { parseJson, rowsOf } from '../users/user-sql';
import { EVENT_TYPES, type EventActor, type EventType } from './event-types';
import type { EventRecord } from './record-event';

export const MAX_EVENT_PAGE = 1000;
export const DEFAULT_EVENT_PAGE = 100;

/** What a caller may filter on (all optional; several types are OR-ed, the rest AND-ed). */
export interface EventFilters {
  /** Exact types (`session.created`) or prefixes (`sign_in.*`); `*` means every type. */
  types?: readonly string[];
  subjectUserId?: string;
  ip?: string;
  /** `<actor type>` or `<actor type>:<actor id>` (`admin_api_key:bootstrap`, `user:user-test-…`). */
  actor?: string;
  /** occurred_at ≥ from. */
  from?: Date;
  /** occurred_at < to. */
  to?: Date;
}

export interface EventPage {
  items: EventRecord[];
  /** The cursor of the next (older) page, or null when this page holds the oldest match. */
  next_cursor: string | null;
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_admin_request', message);
}

/** The catalogue types a filter names (`*`: null, no type condition), or 400 when it names none. */
export function expandTypeFilters(filters: readonly string[]): EventType[] | null {
  if (filters.includes('*')) return null;
  const types = new Set<EventType>();
  for (const filter of filters) {
    const matched = filter.endsWith('.*')
      ? EVENT_TYPES.filter((type) => type.startsWith(filter.slice(0, -1)))
      : EVENT_TYPES.filter((type) => type === filter);
    if (matched.length === 0) {
      throw invalid(
        `The type filter "${filter}" names no event type; use an event type such as "user.created", a prefix such as "user.*", or "*".`,
      );
    }
    for (const type of matched) types.add(type);
  }
  return [...types];
}

const ACTOR_TYPES: ReadonlySet<string> = new Set<EventActor['type']>([
  'user',
  'anonymous',
  'backend_api',
  'operator',
  'admin_api_key',
  'system',
]);

/** `type` or `type:id`, the type one of EventActor's. */
export function parseActorFilter(actor: string): { type: string; id: string | null } {
  const colon = actor.indexOf(':');
  const type = colon === -1 ? actor : actor.slice(0, colon);
  const id = colon === -1 ? null : actor.slice(colon + 1);
  if (!ACTOR_TYPES.has(type) || id === '') {
    throw invalid(
      `The actor filter "${actor}" is not "<type>" or "<type>:<id>" with a type among ${[...ACTOR_TYPES].join(', ')}.`,
    );
  }
  return { type, id };
}

/** Cursors are opaque to callers: base64url of `seq:<n>`, so their form can change without breaking anyone. */
export function encodeEventCursor(seq: number): string {
  return Buffer.from(`seq:${seq}`).toString('base64url');
}

export function decodeEventCursor(cursor: string): number {
  const match = /^seq:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (match === null) throw invalid('The cursor is not one this API handed out.');
  return Number(match[1]);
}

/**
 * The conditions of a project's events under `filters` but their type (and below `beforeSeq`, the cursor), and the
 * types to match (null: any).
 */
function eventConditions(
  projectId: string,
  filters: EventFilters,
  beforeSeq: number | null,
): { conditions: SQL[]; types: EventType[] | null } {
  const conditions: SQL[] = [eq(events.projectId, projectId)];
  if (filters.subjectUserId !== undefined) conditions.push(eq(events.subjectUserId, filters.subjectUserId));
  if (filters.ip !== undefined) conditions.push(eq(events.ipAddress, filters.ip));
  if (filters.actor !== undefined) {
    const actor = parseActorFilter(filters.actor);
    conditions.push(eq(events.actorType, actor.type));
    if (actor.id !== null) conditions.push(eq(events.actorId, actor.id));
  }
  if (filters.from !== undefined) conditions.push(gte(events.occurredAt, filters.from));
  if (filters.to !== undefined) conditions.push(lt(events.occurredAt, filters.to));
  if (beforeSeq !== null) conditions.push(lt(events.seq, beforeSeq));
  return { conditions, types: filters.types === undefined ? null : expandTypeFilters(filters.types) };
}

/** The columns of an EventRecord (the time as RFC 3339 with milliseconds, the same text on either driver). */
const RECORD_COLUMNS = sql`id, seq::text AS seq, project_id, type,
  to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at, actor_type, actor_id,
  subject_user_id, ip_address, user_agent, request_id, payload`;

/**
 * The newest `limit` events of the conditions. Several types are one ordered index range each, merged (UNION ALL of
 * per-type `ORDER BY seq DESC LIMIT n`, a Merge Append): a single `type IN (…)` lets the planner walk the whole log
 * by seq instead, which is fast only while the types are common.
 */
function newestEvents(conditions: SQL[], types: EventType[] | null, limit: number): SQL {
  if (types === null || types.length === 1) {
    const where = and(...conditions, ...(types === null ? [] : [eq(events.type, types[0]!)]));
    // events.seq, qualified: the bigint column, not the text of the output column `seq`.
    return sql`SELECT ${RECORD_COLUMNS} FROM events WHERE ${where} ORDER BY events.seq DESC LIMIT ${limit}`;
  }
  const branches = types.map(
    (type) =>
      sql`(SELECT * FROM events WHERE ${and(...conditions, eq(events.type, type))} ORDER BY seq DESC LIMIT ${limit})`,
  );
  return sql`SELECT ${RECORD_COLUMNS} FROM (${sql.join(branches, sql` UNION ALL `)}) AS events
    ORDER BY events.seq DESC LIMIT ${limit}`;
}

/** Checks what a request can get wrong before any query runs (so an export answers 400, not a broken stream). */
export function checkEventFilters(filters: EventFilters): void {
  if (filters.types !== undefined) expandTypeFilters(filters.types);
  if (filters.actor !== undefined) parseActorFilter(filters.actor);
  for (const [name, date] of [
    ['from', filters.from],
    ['to', filters.to],
  ] as const) {
    if (date !== undefined && Number.isNaN(date.getTime())) throw invalid(`"${name}" is not a date-time.`);
  }
  if (filters.from !== undefined && filters.to !== undefined && filters.from >= filters.to) {
    throw invalid('"from" must be before "to".');
  }
}

interface EventRow {
  id: string;
  seq: string;
  project_id: string | null;
  type: string;
  occurred_at: string;
  actor_type: string;
  actor_id: string | null;
  subject_user_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  request_id: string | null;
  payload: unknown;
}

function toEventRecord(row: EventRow): EventRecord {
  return {
    id: row.id,
    seq: Number(row.seq),
    project_id: row.project_id,
    type: row.type as EventType,
    occurred_at: row.occurred_at,
    actor: { type: row.actor_type as EventActor['type'], id: row.actor_id },
    subject_user_id: row.subject_user_id,
    ip_address: row.ip_address,
    user_agent: row.user_agent,
    request_id: row.request_id,
    payload: parseJson<Record<string, unknown>>(row.payload),
  };
}

/** One page of a project's events under `filters`, newest first. */
export async function listEvents(
  ctx: Pick<AppContext, 'db'>,
  options: { projectId: string; filters: EventFilters; cursor?: string; limit?: number },
): Promise<EventPage> {
  checkEventFilters(options.filters);
  const limit = Math.min(Math.max(options.limit ?? DEFAULT_EVENT_PAGE, 1), MAX_EVENT_PAGE);
  const beforeSeq = options.cursor === undefined ? null : decodeEventCursor(options.cursor);
  // One row beyond the page says whether another page exists, so the last page's cursor is null.
  const { conditions, types } = eventConditions(options.projectId, options.filters, beforeSeq);
  const rows = rowsOf<EventRow>(await ctx.db.execute(newestEvents(conditions, types, limit + 1)));
  const items = rows.slice(0, limit).map(toEventRecord);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > limit && last !== undefined ? encodeEventCursor(last.seq) : null,
  };
}

/**
 * Every matching event, newest first, in pages of `batch` through the cursor (an export of a year's log is many
 * bounded queries, never one that holds the whole result). The first page is read before this returns, so a bad
 * filter or an unreachable database fails the request rather than a stream already under way; events written
 * after that first read are newer than it and are not reached.
 */
export async function eventBatches(
  ctx: Pick<AppContext, 'db'>,
  options: { projectId: string; filters: EventFilters; batch?: number },
): Promise<AsyncGenerator<EventRecord[]>> {
  const limit = options.batch ?? MAX_EVENT_PAGE;
  const first = await listEvents(ctx, { projectId: options.projectId, filters: options.filters, limit });
  async function* rest(): AsyncGenerator<EventRecord[]> {
    let page = first;
    yield page.items;
    while (page.next_cursor !== null) {
      page = await listEvents(ctx, {
        projectId: options.projectId,
        filters: options.filters,
        cursor: page.next_cursor,
        limit,
      });
      yield page.items;
    }
  }
  return rest();
}

/** One event of the project, or 404 event_not_found (an event of another project is not found either). */
export async function getEvent(
  ctx: Pick<AppContext, 'db'>,
  ids: { projectId: string; eventId: string },
): Promise<EventRecord> {
  const [row] = rowsOf<EventRow>(
    await ctx.db.execute(sql`SELECT ${RECORD_COLUMNS} FROM events
      WHERE id = ${ids.eventId} AND project_id = ${ids.projectId}`),
  );
  if (row === undefined) throw new ApiError('event_not_found', 'No such event in this project.');
  return toEventRecord(row);
}
