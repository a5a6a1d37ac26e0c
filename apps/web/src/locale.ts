// Issue 27 item 2, "choosing the language", for the web application: which of the seven shipped locales it renders,
// how a locale's table arrives (one lazy chunk each: English is in the main chunk and the default first load does
// not grow), and what the document says about it (<html lang> and dir). The matching itself is the protocol's
// (pickLocale, matchLocale), shared with the widget and the server, so all three read a tag the same way.
import {
  type LocaleTag,
  localeDirection,
  matchLocale,
  pickLocale,
  SUPPORTED_LOCALES,
} from '@gatehouse/protocol';
import { DEFAULT_STRINGS, loadWidgetStrings, type Strings } from '@gatehouse/react';
import { EN_STRINGS, LOCALE, STRINGS, setActiveStrings, type WebStrings } from './strings';

/** `?locale=fr` on any page of the app: a link can open it in one language (and tests do). */
export const LOCALE_QUERY_PARAMETER = 'locale';
/** Where the footer's language picker keeps the visitor's choice (this browser only; no account setting yet). */
export const LOCALE_STORAGE_KEY = 'gatehouse_locale';

/**
 * Each language's own name, written in that language, as language pickers show them (a French reader looks for
 * "Français", not "French"). Not translated, so not in the strings tables.
 */
export const LOCALE_NAMES: Readonly<Record<LocaleTag, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
};

export interface LocaleSources {
  /** The page's query string (`?locale=`). */
  search: string;
  /** The picker's stored choice, or null. */
  stored: string | null;
  /** `<html lang>` as the page was served, or null when it carries none. */
  documentLang: string | null;
  /** navigator.languages, most wanted first. */
  languages: readonly string[];
}

/**
 * Issue 27 item 2: `?locale=`, then the stored choice, then `<html lang>`, then the browser's languages, then English.
 * A source naming no shipped locale (`?locale=xx`) is passed over, not an error.
 */
export function chooseLocale(sources: LocaleSources): LocaleTag {
  const fromQuery = new URLSearchParams(sources.search).get(LOCALE_QUERY_PARAMETER);
  return pickLocale([fromQuery, sources.stored, sources.documentLang, ...sources.languages]);
}

/** Marks index.html's lang as the build's fallback rather than a choice. */
export const DEFAULT_LANG_ATTRIBUTE = 'data-default-lang';

/** The sources as this browser holds them. Storage may be unavailable (privacy modes): then there is no choice. */
export function browserLocaleSources(win: Window = window): LocaleSources {
  let stored: string | null = null;
  try {
    stored = win.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  // index.html's lang="en" is marked data-default-lang: the build's fallback, which must not outrank the browser's
  // languages. A lang without the marker (a server or an embedding page chose it) counts.
  const root = win.document.documentElement;
  const lang = root.hasAttribute(DEFAULT_LANG_ATTRIBUTE) ? null : root.getAttribute('lang');
  return {
    search: win.location.search,
    stored,
    documentLang: lang === null || lang.trim() === '' ? null : lang,
    languages: win.navigator.languages ?? [win.navigator.language],
  };
}

/**
 * One dynamic import per locale: the bundler makes each its own chunk, fetched only when that locale is chosen.
 * The mapped type makes a shipped locale without a table a type error.
 */
const LOADERS: { readonly [Tag in Exclude<LocaleTag, 'en'>]: () => Promise<WebStrings> } = {
  fr: () => import('./locales/fr').then((module) => module.strings),
  de: () => import('./locales/de').then((module) => module.strings),
  es: () => import('./locales/es').then((module) => module.strings),
  'pt-BR': () => import('./locales/pt-br').then((module) => module.strings),
  ja: () => import('./locales/ja').then((module) => module.strings),
  ar: () => import('./locales/ar').then((module) => module.strings),
};

/** The table of `locale`: English at once, another after its chunk loads. */
export function loadStrings(locale: LocaleTag): Promise<WebStrings> {
  return locale === 'en' ? Promise.resolve(EN_STRINGS) : LOADERS[locale]();
}

/** `<html lang>` and `dir` for `locale` (issue 27 item 3: Arabic lays the whole page out right to left). */
export function applyDocumentLocale(doc: Document, locale: LocaleTag): void {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = localeDirection(locale);
  doc.documentElement.removeAttribute(DEFAULT_LANG_ATTRIBUTE);
}

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Loads `locale`'s table, makes it the app's, sets the document's language and direction and tells the app to
 * re-render. A chunk that fails to load (offline after an upgrade) leaves the app in English rather than blank.
 * Resolves to the locale now active.
 */
export async function activateLocale(locale: LocaleTag, doc: Document = document): Promise<LocaleTag> {
  let active: LocaleTag = locale;
  let strings: WebStrings;
  let widgetStrings: Strings = DEFAULT_STRINGS;
  try {
    // The widget's table in the same language, fetched beside the app's (its texts the app shows itself).
    [strings, widgetStrings] = await Promise.all([loadStrings(locale), loadWidgetStrings(locale)]);
  } catch {
    active = 'en';
    strings = EN_STRINGS;
    widgetStrings = DEFAULT_STRINGS;
  }
  setActiveStrings(active, strings, widgetStrings);
  applyDocumentLocale(doc, active);
  for (const listener of listeners) listener();
  return active;
}

/**
 * English renders at once (main.tsx) with @gatehouse/react's DEFAULT_STRINGS as the widget's table; the widget's texts
 * for some error types, which the account page shows (account-data.ts reasonOf), are a lazy chunk of the widget's
 * (its first load does not carry them), fetched after the first render. Nothing on screen changes: no re-render.
 */
export async function loadEnglishWidgetStrings(): Promise<void> {
  const widgetStrings = await loadWidgetStrings('en');
  if (LOCALE === 'en') setActiveStrings('en', STRINGS, widgetStrings);
}

/** For useSyncExternalStore: the app re-renders (and remounts its pages) when the locale changes. */
export function subscribeLocale(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLocale(): LocaleTag {
  return LOCALE;
}

/**
 * The picker's choice: kept for the next visit, and `?locale=` dropped from the address, since it would otherwise
 * outrank the choice on the next load.
 */
export async function chooseLocaleFromPicker(value: string, win: Window = window): Promise<LocaleTag> {
  const locale = matchLocale(value) ?? 'en';
  try {
    win.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Kept for this page only.
  }
  const url = new URL(win.location.href);
  if (url.searchParams.has(LOCALE_QUERY_PARAMETER)) {
    url.searchParams.delete(LOCALE_QUERY_PARAMETER);
    win.history.replaceState(win.history.state, '', url);
  }
  return activateLocale(locale, win.document);
}

/**
 * Issue 27 item 2: dates and times the app shows, in its locale (not the browser's, which may differ). Western digits
 * in every locale (Arabic's default is Arabic-Indic): the codes, phone numbers and counts beside them use them too
 * (locales/ar.ts, translator's notes).
 */
export function formatDateTime(value: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALE, { numberingSystem: 'latn', ...options }).format(date);
}

export { SUPPORTED_LOCALES };
