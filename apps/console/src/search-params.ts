// Issue 26 item 3: "state in the URL" — each screen's search parameters, checked on the way in (an edited or stale
// address falls back to the defaults rather than breaking the screen). TanStack Router keeps them typed.
import { USER_METHODS, type UserMethod } from './admin-types';
import { cursorsOf } from './components/pagination';
import { isTimeRange, type TimeRange } from './event-query';

export interface UsersSearch {
  q?: string;
  status?: 'active' | 'pending';
  blocked?: 'yes' | 'no';
  created_after?: string;
  created_before?: string;
  // Issue 26 item 3: the further filters, the order and the columns shown (users-columns.ts).
  method?: UserMethod;
  verified?: 'yes' | 'no';
  signed_in_after?: string;
  signed_in_before?: string;
  /** `key=value` on the metadata of `meta_kind`. */
  meta?: string;
  meta_kind?: 'trusted' | 'untrusted';
  sort?: 'created_at' | 'last_sign_in_at';
  order?: 'asc' | 'desc';
  /** Comma-separated column ids; absent: the default columns. */
  cols?: string;
  cursors?: string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The router parses each value as JSON when it can (`?q=123` arrives as the number 123; what the console writes
 * itself round-trips as a string), so numbers and booleans count as their text.
 */
function asText(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' ? value : undefined;
}

function text(value: unknown, max: number): string | undefined {
  const string = asText(value);
  return string !== undefined && string.trim() !== '' ? string.slice(0, max) : undefined;
}

function date(value: unknown): string | undefined {
  return typeof value === 'string' && DATE.test(value) ? value : undefined;
}

/** Drops undefined fields, so the URL carries only what is set. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;
}

export function validateUsersSearch(search: Record<string, unknown>): UsersSearch {
  return defined({
    q: text(search.q, 200),
    status: search.status === 'active' || search.status === 'pending' ? search.status : undefined,
    blocked: search.blocked === 'yes' || search.blocked === 'no' ? search.blocked : undefined,
    created_after: date(search.created_after),
    created_before: date(search.created_before),
    method: (USER_METHODS as readonly unknown[]).includes(search.method)
      ? (search.method as UserMethod)
      : undefined,
    verified: search.verified === 'yes' || search.verified === 'no' ? search.verified : undefined,
    signed_in_after: date(search.signed_in_after),
    signed_in_before: date(search.signed_in_before),
    meta: /^[^=]{1,200}=/.test(text(search.meta, 1000) ?? '') ? text(search.meta, 1000) : undefined,
    meta_kind: search.meta_kind === 'untrusted' ? 'untrusted' : undefined,
    sort: search.sort === 'last_sign_in_at' ? 'last_sign_in_at' : undefined,
    order: search.order === 'asc' ? 'asc' : undefined,
    cols: text(search.cols, 200),
    cursors: cursorsOf(search.cursors),
  });
}

export interface ActivitySearch {
  query?: string;
  range?: TimeRange;
  cursors?: string[];
  /** The event shown in the detail dialog. */
  event?: string;
}

export const DEFAULT_ACTIVITY_RANGE: TimeRange = '7';

export function validateActivitySearch(search: Record<string, unknown>): ActivitySearch {
  return defined({
    query: text(search.query, 500),
    range: isTimeRange(asText(search.range)) ? (asText(search.range) as TimeRange) : undefined,
    cursors: cursorsOf(search.cursors),
    event: text(search.event, 200),
  });
}

export const OVERVIEW_RANGES = ['7', '30', '90'] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

export interface OverviewSearch {
  range?: OverviewRange;
}

export function validateOverviewSearch(search: Record<string, unknown>): OverviewSearch {
  const range = asText(search.range);
  return range !== undefined && (OVERVIEW_RANGES as readonly string[]).includes(range)
    ? { range: range as OverviewRange }
    : {};
}
