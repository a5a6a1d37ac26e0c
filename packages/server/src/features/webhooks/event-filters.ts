// Issue 25 item 2: an endpoint's `events` filters ("events": ["user.*"]). Matching is features/audit's
// eventTypeMatches (and its SQL twin in enqueue.ts); this file only says which filters can match anything.
import { EVENT_TYPES } from '../audit';

/**
 * Why an event filter is unusable, or null: `*`, an exact type of the catalogue, or `<prefix>.*` naming at least
 * one type (`user.*`). A typo would otherwise match nothing, silently.
 */
export function eventFilterProblem(filter: string): string | null {
  if (filter === '*' || (EVENT_TYPES as readonly string[]).includes(filter)) return null;
  if (filter.endsWith('.*') && EVENT_TYPES.some((type) => type.startsWith(filter.slice(0, -1)))) return null;
  return `"${filter}" names no event type; allowed: "*", an event type such as "user.created", or a prefix such as "user.*"`;
}
