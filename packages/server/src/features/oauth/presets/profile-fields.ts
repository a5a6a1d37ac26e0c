// Reading provider answers safely: every answer is untrusted JSON, so each field is read with a type check and an
// absent or mistyped field becomes '' or null rather than a crash (issue 11: never a 500 on a provider's answer).
import { ProfileError, type ProviderAnswers, type ProviderProfile } from '../preset';

export type JsonObject = Record<string, unknown>;

/** The value as a plain object, or an empty one. */
export function objectOf(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

/** A non-empty trimmed string field, or ''. */
export function textOf(source: JsonObject, key: string): string {
  const value = source[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** A subject may be a string or (GitHub, Discord ids as numbers) a safe integer; anything else is none. */
export function subjectOf(source: JsonObject, key: string): string {
  const value = source[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return '';
}

/** An e-mail address field: a string holding one '@', or null. Normalisation is the login service's job. */
export function emailOf(source: JsonObject, key: string): string | null {
  const value = textOf(source, key);
  return value.includes('@') ? value : null;
}

/** `true` only for the boolean true or the string "true" (Apple sends strings); anything else is false. */
export function flagOf(source: JsonObject, key: string): boolean {
  const value = source[key];
  return value === true || value === 'true';
}

/** An http(s) URL field, or '' (a picture URL is shown in the app; no javascript: or data: URLs pass). */
export function urlOf(source: JsonObject, key: string): string {
  return httpsUrlOrEmpty(textOf(source, key));
}

export function httpsUrlOrEmpty(value: string): string {
  if (value === '') return '';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/**
 * Splits a display name into first, middle and last (SPEC §3 user name fields): the first word is the first name,
 * the last word the last name, the words between the middle name. One word is a first name alone.
 */
export function splitName(full: string): ProviderProfile['name'] {
  const words = full
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '');
  if (words.length === 0) return { first_name: '', middle_name: '', last_name: '' };
  if (words.length === 1) return { first_name: words[0] ?? '', middle_name: '', last_name: '' };
  return {
    first_name: words[0] ?? '',
    middle_name: words.slice(1, -1).join(' '),
    last_name: words[words.length - 1] ?? '',
  };
}

/** Given and family names when the provider sends them, else the display name split. */
export function nameOf(given: string, family: string, display: string, middle = ''): ProviderProfile['name'] {
  if (given !== '' || family !== '') return { first_name: given, middle_name: middle, last_name: family };
  return splitName(display);
}

/** Locale as a BCP 47 tag: `en_US` (Salesforce, Discord's `en-US`) → `en-US`; '' when absent. */
export function localeOf(value: unknown): string {
  if (typeof value === 'string') return value.trim().replace(/_/gu, '-');
  // LinkedIn's userinfo sends { country: 'US', language: 'en' }.
  const object = objectOf(value);
  const language = textOf(object, 'language');
  const country = textOf(object, 'country');
  if (language === '') return '';
  return country === '' ? language : `${language}-${country}`;
}

/** The ID-token claims with the userinfo answer over them (OpenID Connect Core §5.3.2: same `sub`). */
export function openIdClaims(answers: ProviderAnswers): JsonObject {
  const fromToken = objectOf(answers.idTokenClaims);
  const fromUserinfo = objectOf(answers.userinfo);
  const tokenSubject = subjectOf(fromToken, 'sub');
  const userinfoSubject = subjectOf(fromUserinfo, 'sub');
  // OpenID Connect Core §5.3.4: a userinfo answer about someone else must not be used.
  if (tokenSubject !== '' && userinfoSubject !== '' && tokenSubject !== userinfoSubject) {
    throw new ProfileError('The userinfo answer names another subject than the ID token.');
  }
  return { ...fromToken, ...fromUserinfo };
}

/** Throws the ProfileError the interface promises when a provider's answers carry no subject. */
export function requireSubject(subject: string, provider: string): string {
  if (subject === '') throw new ProfileError(`The ${provider} answer carries no user identifier.`);
  return subject;
}

/** The standard OpenID Connect claims (Core §5.1) mapped to a profile; `verified` decides emailVerified. */
export function standardClaimsProfile(
  claims: JsonObject,
  provider: string,
  options: { verified: (claims: JsonObject, email: string | null) => boolean },
): ProviderProfile {
  const email = emailOf(claims, 'email');
  return {
    subject: requireSubject(subjectOf(claims, 'sub'), provider),
    email,
    emailVerified: email !== null && options.verified(claims, email),
    name: nameOf(
      textOf(claims, 'given_name'),
      textOf(claims, 'family_name'),
      textOf(claims, 'name'),
      textOf(claims, 'middle_name'),
    ),
    pictureUrl: urlOf(claims, 'picture'),
    locale: localeOf(claims.locale),
  };
}

/** For the providers whose answers assert e-mail verification with the standard `email_verified` claim. */
export function claimsAssertVerified(claims: JsonObject): boolean {
  return flagOf(claims, 'email_verified');
}
