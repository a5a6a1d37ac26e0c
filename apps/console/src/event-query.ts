// Issue 26 item 3 (Activity): the query bar — `type:sign_in.* user:user-… ip:203.0.113.7 actor:operator` — mapped
// to the filters the events route takes (packages/server/src/features/admin/events-routes.ts: type, user_id, ip,
// actor). `type:` may repeat or list types with commas; a prefix ends in `.*`. Anything else is refused with the
// term named, so a typo never silently lists everything.
import type { EventListQuery } from './admin-api';

export type EventFilterQuery = Pick<EventListQuery, 'type' | 'user_id' | 'ip' | 'actor'>;

export type ParsedEventQuery = { ok: true; filters: EventFilterQuery } | { ok: false; badTerm: string };

const KEYS = { type: 'type', user: 'user_id', ip: 'ip', actor: 'actor' } as const;

export function parseEventQuery(text: string): ParsedEventQuery {
  const filters: EventFilterQuery = {};
  for (const term of text.trim().split(/\s+/)) {
    if (term === '') continue;
    const colon = term.indexOf(':');
    const key = colon > 0 ? term.slice(0, colon).toLowerCase() : '';
    const value = colon > 0 ? term.slice(colon + 1) : '';
    if (!(key in KEYS) || value === '') return { ok: false, badTerm: term };
    const field = KEYS[key as keyof typeof KEYS];
    if (field === 'type') {
      const types = value.split(',').filter((each) => each !== '');
      filters.type = [...(filters.type ?? []), ...types];
    } else {
      filters[field] = value;
    }
  }
  return { ok: true, filters };
}

/** The query-bar text of filters (the inverse of parseEventQuery, for links such as "this user's activity"). */
export function formatEventQuery(filters: EventFilterQuery): string {
  const terms: string[] = [];
  for (const type of filters.type ?? []) terms.push(`type:${type}`);
  if (filters.user_id) terms.push(`user:${filters.user_id}`);
  if (filters.ip) terms.push(`ip:${filters.ip}`);
  if (filters.actor) terms.push(`actor:${filters.actor}`);
  return terms.join(' ');
}

/** The time ranges the Activity and Overview screens offer, in days (`all`: no lower bound). */
export const TIME_RANGES = ['1', '7', '30', '90', 'all'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export function isTimeRange(value: unknown): value is TimeRange {
  return typeof value === 'string' && (TIME_RANGES as readonly string[]).includes(value);
}

/** The `from` of a range ending now (ISO), or undefined for `all`. */
export function rangeStart(range: TimeRange, now: Date): string | undefined {
  if (range === 'all') return undefined;
  return new Date(now.getTime() - Number(range) * 86_400_000).toISOString();
}
