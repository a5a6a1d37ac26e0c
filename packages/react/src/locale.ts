// Issue 27 item 2 "Choosing the language": which of the shipped locales a widget renders, and its table. English is
// the strings tables themselves (strings.ts and the lazy *-strings.ts files); every other locale is one file under
// ./locales/, loaded through ./locales/load.ts by dynamic import, so a page in English downloads none of them and
// carries only this file (bench widget-size, default configuration). A loaded table is kept for the page's life:
// the next mount in that language renders at once.
import type { LocaleTag } from '@gatehouse/protocol';
import { loadErrorStrings } from './error-chunk';
import type { LocaleTable } from './locales/table';
import { resolveStrings, resolveStringTable, type Strings } from './strings';

/**
 * The locale a widget renders: the `locale` it was given (BCP 47), else the page's `<html lang>`, else the browser's
 * `navigator.languages`, else English. A tag no shipped locale serves is skipped for the next candidate.
 *
 * The protocol's pickLocale (packages/protocol/src/locales.ts) read by language only: every shipped language has
 * one locale, so the language decides (`pt-PT` → pt-BR, `fr-CA` → fr). Written out here with its own copy of
 * SUPPORTED_LOCALES and localeDirection: the script tag's gatehouse.js exposes every protocol module the widget
 * imports whole, and this short form keeps the English first load from growing (bench widget-size);
 * locale.test.tsx checks both copies agree with the protocol's on every tag it tries.
 */
export function widgetLocale(requested: string | null | undefined): LocaleTag {
  const candidates = [requested];
  if (typeof document !== 'undefined') candidates.push(document.documentElement.lang);
  if (typeof navigator !== 'undefined') candidates.push(...(navigator.languages ?? [navigator.language]));
  for (const candidate of candidates) {
    const language = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    const match = WIDGET_LOCALES.find((tag) => tag.toLowerCase().split('-')[0] === language);
    if (match !== undefined) return match;
  }
  return 'en';
}

/** SUPPORTED_LOCALES of @gatehouse/protocol (locale.test.tsx checks they are equal). */
export const WIDGET_LOCALES: readonly LocaleTag[] = ['en', 'fr', 'de', 'es', 'pt-BR', 'ja', 'ar'];

/** localeDirection of @gatehouse/protocol: Arabic reads right to left. */
export function widgetDirection(tag: LocaleTag): 'ltr' | 'rtl' {
  return tag === 'ar' ? 'rtl' : 'ltr';
}

const tables = new Map<LocaleTag, Promise<LocaleTable | null>>();
const loaded = new Map<LocaleTag, LocaleTable>();

/** The table of a locale already loaded on this page; English (the defaults) and a not-yet-loaded one are null. */
export function loadedLocaleTable(tag: LocaleTag): LocaleTable | null {
  return loaded.get(tag) ?? null;
}

/**
 * Tests only: forgets the tables loaded so far, as on a new page. The widget tests share one module graph per worker
 * (vitest.config.ts), so a test that needs a locale still loading cannot rely on no earlier file having loaded it.
 * Unused by the widget, so no bundle keeps it.
 */
export function forgetLoadedLocales(): void {
  tables.clear();
  loaded.clear();
}

/** Loads a locale's chunk, once per page (a failed load is asked for again next time); null for English or failure. */
export function loadLocaleTable(tag: LocaleTag): Promise<LocaleTable | null> {
  if (tag === 'en') return Promise.resolve(null);
  let pending = tables.get(tag);
  if (pending === undefined) {
    // A chunk that cannot load leaves English on screen (null), never a hidden widget.
    // A locale chunk that hangs shows English after LOCALE_WAIT_MS (./locales/load.ts, so the timer's code stays
    // out of the English first load).
    pending = import('./locales/load').then(
      (module) => module.loadTable(tag),
      () => null,
    );
    pending.then((table) => (table === null ? tables.delete(tag) : loaded.set(tag, table)));
    tables.set(tag, pending);
  }
  return pending;
}

/**
 * Issue 27 item 2: the widget's strings table in a locale (English keys where a table has none), for a page that
 * shows some of the widget's texts itself — the web app's authenticate page ("Success!") and account page (the
 * widget's error texts) speak the language its widget does. `locale` is read as the widget reads its `locale`
 * option (then `<html lang>`, then the browser's languages). A chunk that cannot load gives English. The texts
 * describeError shows for some error types (a lazy chunk of their own, ./error-chunk.ts) are in it too, unless their
 * chunk could not be loaded either.
 */
export async function loadWidgetStrings(locale?: string): Promise<Strings> {
  // Both chunks at once: the English error texts, then the locale's table over them.
  const english = loadErrorStrings([]);
  const table = await loadLocaleTable(widgetLocale(locale));
  const errorTexts = await english;
  return {
    ...resolveStrings(table),
    ...(errorTexts === null ? {} : resolveStringTable(errorTexts, [table])),
  };
}
