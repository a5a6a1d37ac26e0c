// SPEC §8 "Server errors show error_message, otherwise the plain message." The SDK's APIError carries
// error_message and error_url (wire-format.md §3.2); anything else shows its message. Issue 22 finding 6: the
// server keeps Stytch's texts for headless clients, and some are written for developers ("Send another magic link
// to this user.", "Expected an E.164 number"), so the error types in ERROR_TYPE_STRINGS show their entry in the
// strings table instead; the SDK's own failures (unreachable, schema, usage) show a plain text, never their detail.
//
// The texts of those types load after a call, not with every page (./error-strings.ts): the widget's screens and
// loadWidgetStrings hand describeError a table that has them; error-chunk.ts loadErrorStrings fetches them.
import type { ErrorType } from '@gatehouse/protocol';
import { APIError, SchemaError, SDKAPIUnreachableError, UsageError } from '@gatehouse/sdk';
import type { ErrorTexts } from './error-strings';
import type { Strings } from './strings';

export interface DisplayError {
  message: string;
  /** A help link to show beside the message (the API error's error_url), or null. */
  helpUrl: string | null;
}

/**
 * The error types whose error_message is not for the person in front of the widget, each with the entry of the
 * strings table shown instead. Where SPEC fixes a text (SPEC §5 'Invalid phone number, please try again.', SPEC §8
 * 'Invalid passcode, please try again.') that text is the entry. Types not listed show the server's error_message.
 */
export const ERROR_TYPE_STRINGS: Readonly<Partial<Record<ErrorType, ErrorStringKey>>> = {
  // "The magic link could not be authenticated … Send another magic link to this user."
  unable_to_auth_magic_link: 'loginLinkUnusable',
  magic_link_not_found: 'loginLinkUnusable',
  // "The code_verifier does not match the code_challenge (pkce) of this magic link.": a login link, reset link or
  // social sign-in finished in another browser than the one that started it.
  pkce_mismatch: 'startedInOtherBrowser',
  missing_pkce: 'startedInOtherBrowser',
  // "The OAuth token could not be found: …"
  oauth_token_not_found: 'socialSignInUnusable',
  // "Invalid phone number, please try again. Expected an E.164 number such as +14155550123 …"
  invalid_phone_number: 'invalidPhoneNumber',
  // "No passcode was sent to this method_id. …"
  otp_code_not_found: 'invalidPasscode',
  // "… already belongs to another user of this project."
  duplicate_email: 'emailTaken',
  duplicate_phone_number: 'phoneNumberTaken',
};

/** SPEC §5's 'Invalid phone number' is in the first load's table: the phone form's own check shows it too. */
export type ErrorStringKey = keyof ErrorTexts | 'invalidPhoneNumber';

/**
 * The strings describeError reads: the mapped texts and the SDK failures' plain text. The mapped texts load lazily
 * (`loadWidgetStrings` gives a table with them); a type whose text the table lacks shows `fallback`, never the
 * developer's error_message.
 */
export type ErrorStrings = Pick<Strings, ErrorStringKey | 'serviceUnreachable'>;

function stringField(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.length > 0 ? field : null;
}

/**
 * The strings table's text for an API error's type (`fallback` when the table lacks it), or null when the server's
 * error_message is shown.
 */
function mappedText(errorType: unknown, strings: ErrorStrings, fallback: string): string | null {
  if (typeof errorType !== 'string' || !Object.hasOwn(ERROR_TYPE_STRINGS, errorType)) return null;
  const key = ERROR_TYPE_STRINGS[errorType as ErrorType];
  return key === undefined ? null : (strings[key] ?? fallback);
}

/**
 * What a person reads for `error`: an API error's text (the strings table's for the types in ERROR_TYPE_STRINGS,
 * else its error_message) with its help link; the SDK's unreachable error as `serviceUnreachable`; a schema or
 * usage error (a developer's mistake, reported to them by onError) as `fallback`; anything else its message.
 */
export function describeError(error: unknown, fallback: string, strings: ErrorStrings): DisplayError {
  if (error instanceof APIError) {
    return {
      message: mappedText(error.error_type, strings, fallback) ?? (error.error_message || fallback),
      helpUrl: safeHelpUrl(error.error_url || null),
    };
  }
  if (error instanceof SDKAPIUnreachableError) return { message: strings.serviceUnreachable, helpUrl: null };
  if (error instanceof SchemaError || error instanceof UsageError)
    return { message: fallback, helpUrl: null };
  // Also duck-typed: APIError instances from any copy of the SDK (or a wrapped error) qualify.
  const errorMessage = stringField(error, 'error_message');
  if (errorMessage !== null) {
    const errorType = (error as { error_type?: unknown }).error_type;
    return {
      message: mappedText(errorType, strings, fallback) ?? errorMessage,
      helpUrl: safeHelpUrl(stringField(error, 'error_url')),
    };
  }
  const message = stringField(error, 'message');
  if (message !== null) return { message, helpUrl: null };
  if (typeof error === 'string' && error.length > 0) return { message: error, helpUrl: null };
  return { message: fallback, helpUrl: null };
}

/**
 * security-tests.md XS-02: a help link becomes clickable only when it is https on an allowlisted host (the
 * Gatehouse documentation, where the server's error_url points) or on the page's own origin. Anything else
 * (javascript:, data:, protocol-relative, other hosts) stays plain text.
 */
export const HELP_LINK_HOSTS: readonly string[] = ['gatehouse.dev'];

export function safeHelpUrl(value: string | null): string | null {
  if (value === null || value !== value.trim()) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  const host = url.hostname.toLowerCase();
  const allowlisted = url.protocol === 'https:' && HELP_LINK_HOSTS.some((allowed) => host === allowed);
  const sameOrigin =
    typeof window !== 'undefined' &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.origin === window.location.origin;
  return allowlisted || sameOrigin ? url.href : null;
}
