// SPEC §5 validation rules: an e-mail is a local part, '@', a domain and a top-level part of 2 or more letters.
// The exact pattern is not given, so this one is deliberately narrow: the local part uses RFC 5322 dot-atom
// characters only (no quotes, commas, angle brackets, spaces or control characters), which also means the
// address can never smuggle a second recipient or a header into the mail (security-tests.md IV-07).
import { ApiError } from '../../infra/errors';

/** RFC 5321 §4.5.3.1.3 path limit. */
export const MAX_EMAIL_LENGTH = 254;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Domain labels: letters (any script, for IDN domains), digits and inner hyphens; the top-level part has 2 or
// more letters (SPEC §5) or is an IDN A-label (xn--…).
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

/**
 * Trims and lower-cases the address (the form every lookup and the unique index use) and checks its shape.
 * Returns null when the address is not acceptable.
 */
export function parseEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return null;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return null;
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  const topLevel = labels[labels.length - 1] ?? '';
  return TOP_LEVEL.test(topLevel) ? email : null;
}

/** Throws 400 `invalid_email` unless the address has the SPEC §5 shape; returns the normalised address. */
export function assertValidEmail(input: string): string {
  const email = parseEmail(input);
  if (email === null) {
    // SPEC §5: 'Invalid email address' is the login-link form's message; the detail says why.
    throw new ApiError(
      'invalid_email',
      `${INVALID_EMAIL_MESSAGE}: expected local@domain.tld (at most ${MAX_EMAIL_LENGTH} characters, no spaces or control characters).`,
    );
  }
  return email;
}
