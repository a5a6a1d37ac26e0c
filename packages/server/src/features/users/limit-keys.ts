// Rate-limit keys of personal identifiers (issue 9 item 1): an e-mail address or phone number is never a limiter key
// as such (the counters may live in Redis or a shared table, and logs name only the key kind): its SHA-256, in hex,
// of the normalised form, so case and format variants of one address or number share one budget.
import { createHash } from 'node:crypto';
import type { LimitCheck } from '../../infra/rate-limits';
import { normalizeEmail } from './user-service';

function hashed(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The key of an e-mail address: lower-cased and trimmed before hashing (ADA@Example.com = ada@example.com). */
export function emailLimitKey(email: string): string {
  return hashed(`email:${normalizeEmail(email)}`);
}

/** The key of a phone number, given in E.164 (features/otps/phone-number.ts parses every format to it). */
export function phoneLimitKey(e164: string): string {
  return hashed(`phone:${e164}`);
}

export const TOO_MANY_SIGN_UPS_MESSAGE =
  'Too many accounts were created from this network. Please try again later.';

/** A sign-up (a login_or_create of any method that creates a user) from `ip`: one budget for every method. */
export function signUpCheck(ip: string): LimitCheck {
  return { limit: 'signUpsPerIp', kind: 'ip', key: ip, message: TOO_MANY_SIGN_UPS_MESSAGE };
}
