// Issue 27 item 2: which language a message is written in. The order is the body's `locale` (the SDK sends the
// widget's), then the request's Accept-Language, then the user's last explicit locale (features/users
// user-locale.ts), then English. An unsupported or malformed tag is skipped, never refused: the schema only bounds
// it to a string of at most 35 characters (infra/body-fields.ts LocaleField), and the raw tag is never stored —
// only the shipped locale it matched (packages/protocol locales.ts).
import { acceptLanguageTags, type LocaleTag, matchLocale, pickLocale } from '@gatehouse/protocol';

/** What one request asks for: the body's `locale` and the Accept-Language header, each as sent or null. */
export interface AskedLocale {
  requested: string | null;
  acceptLanguage: string | null;
}

/** A message sent without a request (a notice, an operator's action): only the user's stored locale counts. */
export const NO_ASKED_LOCALE: AskedLocale = { requested: null, acceptLanguage: null };

/** The ask of a request, from its body's `locale` and its Accept-Language header (the first, if repeated). */
export function askedLocale(
  body: { locale?: string | undefined } | null | undefined,
  acceptLanguage: string | string[] | undefined,
): AskedLocale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return { requested: body?.locale ?? null, acceptLanguage: header ?? null };
}

/** The shipped locale the request asked for explicitly (its body's `locale`), or null: what a user's row remembers. */
export function explicitLocale(asked: AskedLocale): LocaleTag | null {
  return matchLocale(asked.requested);
}

/** The locale the request itself settles (body, then Accept-Language), or null when only the user's can. */
export function requestLocale(asked: AskedLocale): LocaleTag | null {
  for (const tag of [asked.requested, ...acceptLanguageTags(asked.acceptLanguage)]) {
    const match = matchLocale(tag);
    if (match !== null) return match;
  }
  return null;
}

/** The message's locale: the request's, else the user's stored one, else English. */
export function pickMessageLocale(asked: AskedLocale, stored: string | null): LocaleTag {
  return requestLocale(asked) ?? pickLocale([stored]);
}
