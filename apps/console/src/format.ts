// Issue 26 item 3: dates and identifiers as the screens show them (the operator's locale, the full ISO time in a
// title/datetime for the exact instant).
import Bowser from 'bowser';

export function formatDateTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A day bucket's short label (the chart's axis): the UTC day, since the buckets start at UTC midnight. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function displayName(name: { first_name: string; middle_name: string; last_name: string }): string {
  return [name.first_name, name.middle_name, name.last_name].filter((part) => part !== '').join(' ');
}

/**
 * "Chrome on Linux" from a User-Agent, by bowser (DESIGN.md: a maintained parser under a permissive licence), or
 * null when it recognises nothing. Only names from bowser's own tables are shown, as the server's device-name.ts
 * does: a User-Agent is whatever the client sent.
 */
export function deviceOf(userAgent: string): string | null {
  const text = userAgent.slice(0, 1024).trim();
  if (text === '') return null;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(text);
  } catch {
    return null;
  }
  const browser = known(KNOWN_BROWSERS, parsed.browser.name);
  const model = parsed.os.name === 'iOS' ? known(APPLE_MODELS, parsed.platform.model) : null;
  const system = model ?? known(KNOWN_SYSTEMS, parsed.os.name);
  if (browser !== null && system !== null) return `${browser} on ${system}`;
  return browser ?? system;
}

const KNOWN_BROWSERS: ReadonlySet<string> = new Set(
  Object.values(Bowser.BROWSER_MAP).filter((name) => name !== 'Generic'),
);
const KNOWN_SYSTEMS: ReadonlySet<string> = new Set(Object.values(Bowser.OS_MAP));
const APPLE_MODELS: ReadonlySet<string> = new Set(['iPhone', 'iPad', 'iPod']);

function known(names: ReadonlySet<string>, name: string | undefined): string | null {
  return name !== undefined && names.has(name) ? name : null;
}
