// Issue 27 item 1: the catalogs of the e-mails and text messages the server sends, one file per shipped locale
// (packages/protocol locales.ts), and the few helpers every template uses to read them: a placeholder fill that
// never re-reads what it inserts (security-tests.md IV-07), plural choice by Intl.PluralRules, and durations and
// dates formatted by Intl for the locale. English is the reference: every other catalog is typed against it.
import { type LocaleTag, localeDirection } from '@gatehouse/protocol';
import { escapeHtml } from '../html';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { ja } from './ja';
import { ptBR } from './pt-br';

/** One plural message: `other` always, and the CLDR categories the language needs (Arabic uses all six). */
export type PluralText = { readonly other: string } & Partial<
  Readonly<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>
>;

export type MessageKey = keyof typeof en;
/** A locale's catalog: every key English has, a text where English has a text, a plural where it has a plural. */
export type MessageCatalog = {
  readonly [K in MessageKey]: (typeof en)[K] extends string ? string : PluralText;
};
export type TextKey = { [K in MessageKey]: (typeof en)[K] extends string ? K : never }[MessageKey];
export type PluralKey = Exclude<MessageKey, TextKey>;

export const MESSAGE_CATALOGS: Readonly<Record<LocaleTag, MessageCatalog>> = {
  en,
  fr,
  de,
  es,
  'pt-BR': ptBR,
  ja,
  ar,
};

export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * `template` with each `{name}` replaced by `values[name]` in one pass: inserted text is never read again, so a
 * project named "{code}" stays that text. A placeholder without a value is left as written.
 */
export function fill(template: string, values: MessageValues = {}): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Values that read left to right whatever the text around them (issue 27 item 3: codes, addresses, numbers). */
const LEFT_TO_RIGHT_VALUES: ReadonlySet<string> = new Set(['code', 'link', 'email', 'phone', 'ip']);

function fillHtml(template: string, values: MessageValues, dir: 'ltr' | 'rtl'): string {
  let html = '';
  let last = 0;
  for (const match of template.matchAll(/\{([A-Za-z]+)\}/g)) {
    const name = match[1]!;
    const value = values[name];
    html += escapeHtml(template.slice(last, match.index));
    last = match.index + match[0].length;
    if (value === undefined) html += escapeHtml(match[0]);
    else html += ltrSpan(escapeHtml(String(value)), dir === 'rtl' && LEFT_TO_RIGHT_VALUES.has(name));
  }
  return html + escapeHtml(template.slice(last));
}

/** An HTML fragment kept left to right inside right-to-left text. */
export function ltrSpan(html: string, wrap: boolean): string {
  return wrap ? `<span dir="ltr">${html}</span>` : html;
}

/** The placeholders a text (or every form of a plural) uses, for the catalog test. */
export function placeholdersOf(entry: string | PluralText): Set<string> {
  const texts = typeof entry === 'string' ? [entry] : Object.values(entry);
  const found = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(/\{([A-Za-z]+)\}/g)) found.add(match[1]!);
  return found;
}

/** The texts of one locale, filled. */
export interface Messages {
  locale: LocaleTag;
  dir: 'ltr' | 'rtl';
  t(key: TextKey, values?: MessageValues): string;
  /**
   * The same text as HTML: escaped, and in a right-to-left locale the values that read left to right (a code, a
   * link, an address, a phone number, an IP) each in a `<span dir="ltr">`. In a left-to-right locale it is exactly
   * escapeHtml(t(key, values)).
   */
  html(key: TextKey, values?: MessageValues): string;
  /** A plural message for `count` (also available to the text as `{count}`, formatted for the locale). */
  plural(key: PluralKey, count: number, values?: MessageValues): string;
  /** "30 minutes", "1 heure", "7 Tage", "10分", "دقيقتان". */
  duration(minutes: number): string;
}

export function messagesFor(locale: LocaleTag): Messages {
  const catalog = MESSAGE_CATALOGS[locale];
  const rules = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  return {
    locale,
    dir: localeDirection(locale),
    t: (key, values) => fill(catalog[key], values),
    html: (key, values = {}) => fillHtml(catalog[key], values, localeDirection(locale)),
    plural: (key, count, values) => {
      const forms = catalog[key];
      const text = forms[rules.select(count) as keyof PluralText] ?? forms.other;
      return fill(text, { ...values, count: numbers.format(count) });
    },
    duration: (minutes) => describeDuration(locale, minutes),
  };
}

/**
 * A lifetime in the largest whole unit, by Intl's unit formatting ("30 minutes", "1 hour", "7 days" in English,
 * the same words the English templates always wrote). Japanese drops CLDR's space ("10分"), as Japanese text does.
 */
export function describeDuration(locale: LocaleTag, minutes: number): string {
  const [value, unit] =
    minutes % 1440 === 0
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  const text = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  return locale === 'ja' ? text.replace(/\s+/g, '') : text;
}

/**
 * A text fit for an SMS: Intl's no-break spaces (French "10\u00a0minutes", CLDR's U+202F in times) become plain
 * spaces, because neither is in the GSM-7 alphabet and one alone would make the whole text UCS-2 (70 characters a
 * segment instead of 160). E-mails keep them: there they stop a line break between a number and its unit.
 */
export function smsText(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** A moment in UTC, long ("mardi 1 janvier 2030 à 09:05 UTC") or short (for an SMS), in the locale's words. */
export function describeMoment(locale: LocaleTag, at: Date, style: 'long' | 'short'): string {
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: style === 'long' ? 'full' : 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(at)} UTC`;
}

/**
 * The opening of every message's HTML: `lang` of the locale and, for a right-to-left one, `dir="rtl"` on the
 * document and the layout table (Outlook reads the table's). English stays byte for byte what it always was.
 */
export function htmlHead(messages: Pick<Messages, 'locale' | 'dir'>, subject: string): string {
  const dir = messages.dir === 'rtl' ? ' dir="rtl"' : '';
  return `<!doctype html>
<html lang="${messages.locale}"${dir}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial, Helvetica, sans-serif;color:#19303D">
<table role="presentation"${dir} width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto">`;
}

/** ` dir="ltr"` on an element that holds a code or a link inside a right-to-left message; '' otherwise. */
export function ltrAttribute(messages: Pick<Messages, 'dir'>): string {
  return messages.dir === 'rtl' ? ' dir="ltr"' : '';
}
