// Issue 27 item 2: the seven locales Gatehouse ships and how a requested language becomes one of them. Shared by the
// widget (which picks the locale it renders and sends it with every message request) and the server (which picks
// the language of the e-mails and text messages it sends), so both read a tag the same way.

/** BCP 47 tags of the shipped locales, English first (the fallback for every missing key). */
export const SUPPORTED_LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'ja', 'ar'] as const;
export type LocaleTag = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: LocaleTag = 'en';

/**
 * The shipped locale one BCP 47 tag asks for, or null: the whole tag first, case-insensitively (`pt-br`), then its
 * language (`fr-CA` → fr, `pt` or `pt-PT` → pt-BR, the one Portuguese shipped; `ar-EG` → ar).
 */
export function matchLocale(tag: string | null | undefined): LocaleTag | null {
  if (typeof tag !== 'string') return null;
  const wanted = tag.trim().toLowerCase().replace(/_/g, '-');
  if (wanted === '') return null;
  const language = wanted.split('-')[0];
  let byLanguage: LocaleTag | null = null;
  for (const each of SUPPORTED_LOCALES) {
    const lower = each.toLowerCase();
    if (lower === wanted) return each;
    if (byLanguage === null && lower.split('-')[0] === language) byLanguage = each;
  }
  return byLanguage;
}

/** The first of `candidates` (most wanted first) that a shipped locale serves; English when none does. */
export function pickLocale(candidates: ReadonlyArray<string | null | undefined>): LocaleTag {
  for (const candidate of candidates) {
    const match = matchLocale(candidate);
    if (match !== null) return match;
  }
  return DEFAULT_LOCALE;
}

/**
 * An Accept-Language header's tags, most wanted first (by q, then by order; q=0 means "not this one"). A header that
 * does not parse yields no tags.
 */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (typeof header !== 'string' || header.length > 1000) return [];
  const weighted: Array<{ tag: string; q: number; index: number }> = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (tag === '' || tag === '*') return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name?.trim() === 'q') q = Number(value);
    }
    if (Number.isFinite(q) && q > 0) weighted.push({ tag, q, index });
  });
  return weighted.sort((a, b) => b.q - a.q || a.index - b.index).map((each) => each.tag);
}

/** Arabic reads right to left; every other shipped locale left to right. */
export function localeDirection(tag: LocaleTag): 'ltr' | 'rtl' {
  return tag === 'ar' ? 'rtl' : 'ltr';
}
