// Issue 27 item 2: the loader of the locale chunks, itself a lazy chunk: its six dynamic imports (hashed file names,
// which gzip cannot shrink) and its error handling stay out of the English first load (bench widget-size); a
// non-English widget loads this file, then its locale's file.
import type { LocaleTag } from '@gatehouse/protocol';
import type { LocaleTable } from './table';

/** How long a widget waits, invisible, for its locale's chunk before it shows in English. */
export const LOCALE_WAIT_MS = 3000;

/** One dynamic import per locale, written out so every bundler (and the script tag's build) splits them. */
function importLocale(tag: Exclude<LocaleTag, 'en'>): Promise<LocaleTable> {
  switch (tag) {
    case 'fr':
      return import('./fr').then((module) => module.fr);
    case 'de':
      return import('./de').then((module) => module.de);
    case 'es':
      return import('./es').then((module) => module.es);
    case 'pt-BR':
      return import('./pt-BR').then((module) => module.ptBR);
    case 'ja':
      return import('./ja').then((module) => module.ja);
    case 'ar':
      return import('./ar').then((module) => module.ar);
  }
}

/**
 * A locale's table, or null when its chunk could not be loaded (the widget then shows English rather than staying
 * blank). In a development build, the keys it lacks are reported (./missing-keys.ts).
 */
export async function loadTable(tag: Exclude<LocaleTag, 'en'>): Promise<LocaleTable | null> {
  try {
    // A chunk that hangs (a stalled connection) must not keep the form invisible: after LOCALE_WAIT_MS the widget
    // shows in English, and the next mount asks again.
    const table = await Promise.race([
      importLocale(tag),
      new Promise<never>((_, reject) =>
        setTimeout(reject, LOCALE_WAIT_MS, new Error(`no answer in ${LOCALE_WAIT_MS} ms`)),
      ),
    ]);
    if (isDevelopment()) (await import('./missing-keys')).reportMissingKeys(tag, table);
    return table;
  } catch (error) {
    console.error(`Gatehouse widget: the "${tag}" strings could not be loaded; showing English.`, error);
    return null;
  }
}

// The published package is typed without Node's types; bundlers replace `process.env.NODE_ENV` by its text.
declare const process: { env: { NODE_ENV?: string } };

/** A development build: bundlers replace `process.env.NODE_ENV`; a page without one has no `process` at all. */
function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}
