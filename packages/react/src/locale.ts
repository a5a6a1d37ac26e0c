// Issue 27 item 2 "Choosing the language": which of the shipped locales a widget renders, and its table. English is
// the strings tables themselves (strings.ts and the lazy *-strings.ts files); every other locale is one file under
// ./locales/ loaded by dynamic import, so a page in English downloads none of them (bench widget-size, default
// configuration). A loaded table is kept for the page's life: the next mount in that language renders at once.
import { type LocaleTag, pickLocale } from '@gatehouse/protocol';
import type { LocaleTable } from './locales/table';

/**
 * The locale a widget renders: the `locale` it was given (BCP 47), else the page's `<html lang>`, else the browser's
 * `navigator.languages`, else English. A tag no shipped locale serves is skipped for the next candidate.
 */
export function widgetLocale(requested: string | null | undefined): LocaleTag {
  const candidates: Array<string | null | undefined> = [requested];
  if (typeof document !== 'undefined') candidates.push(document.documentElement.lang);
  if (typeof navigator !== 'undefined') candidates.push(...(navigator.languages ?? [navigator.language]));
  return pickLocale(candidates);
}

const tables = new Map<LocaleTag, LocaleTable>();
const loading = new Map<LocaleTag, Promise<LocaleTable | null>>();

/** The table of a locale already loaded on this page; English (the defaults) and a not-yet-loaded one are null. */
export function loadedLocaleTable(tag: LocaleTag): LocaleTable | null {
  return tables.get(tag) ?? null;
}

/**
 * Loads a locale's chunk (once per page). Resolves null for English and when the chunk could not be loaded: the
 * widget then stays in English rather than staying blank (a later mount asks again).
 */
export function loadLocaleTable(tag: LocaleTag): Promise<LocaleTable | null> {
  const known = tables.get(tag);
  if (known !== undefined || tag === 'en') return Promise.resolve(known ?? null);
  let pending = loading.get(tag);
  if (pending === undefined) {
    pending = importLocale(tag).then(
      (table) => {
        tables.set(tag, table);
        if (isDevelopment())
          void import('./locales/missing-keys').then((module) => module.reportMissingKeys(tag, table));
        return table;
      },
      (error: unknown) => {
        loading.delete(tag);
        console.error(`Gatehouse widget: the "${tag}" strings could not be loaded; showing English.`, error);
        return null;
      },
    );
    loading.set(tag, pending);
  }
  return pending;
}

/** One dynamic import per locale, written out so every bundler (and the script tag's build) splits them. */
function importLocale(tag: Exclude<LocaleTag, 'en'>): Promise<LocaleTable> {
  switch (tag) {
    case 'fr':
      return import('./locales/fr').then((module) => module.fr);
    case 'de':
      return import('./locales/de').then((module) => module.de);
    case 'es':
      return import('./locales/es').then((module) => module.es);
    case 'pt-BR':
      return import('./locales/pt-BR').then((module) => module.ptBR);
    case 'ja':
      return import('./locales/ja').then((module) => module.ja);
    case 'ar':
      return import('./locales/ar').then((module) => module.ar);
  }
}

/** A development build: bundlers replace `process.env.NODE_ENV`; a page without one has no `process` at all. */
function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}
