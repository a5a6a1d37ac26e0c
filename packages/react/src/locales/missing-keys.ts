// Issue 27 item 2: "a missing key falls back to English and is reported in development". The fallback is
// resolveStringTable's (a key without a string keeps its English default); this reports it, once per key and
// locale, when the page runs a development build. Loaded by ./load.ts only then, so production never fetches it.
import { ENGLISH_KEYS } from './keys';

const reported = new Set<string>();

/** Warns once for each English key `table` has no string for. */
export function reportMissingKeys(tag: string, table: Readonly<Record<string, unknown>>): string[] {
  const missing = ENGLISH_KEYS.filter((key) => typeof table[key] !== 'string');
  for (const key of missing) {
    if (reported.has(`${tag}:${key}`)) continue;
    reported.add(`${tag}:${key}`);
    console.warn(`Gatehouse widget: the "${tag}" strings have no "${key}"; showing the English text.`);
  }
  return missing;
}
