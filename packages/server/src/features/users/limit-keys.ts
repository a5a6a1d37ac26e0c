// Rate-limit keys of personal identifiers (issue 9 item 1): an e-mail address or phone number is never a limiter key
// as such (the counters may live in Redis or a shared table, and logs name only the key kind): its SHA-256, in hex,
// of the normalised form, so case and format variants of one address or number share one budget.
import { createHash } from 'node:crypto';
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
