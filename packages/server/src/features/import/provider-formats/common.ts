// Issue 14 item 3: what the Stytch, Clerk and Auth0 parsers share — reading one row at a time into a PortableUser,
// where any problem becomes a RowProblem that skips that row alone (never the file), and the value checks every
// source needs (e-mail shape, E.164 phone after libphonenumber-js, base32 TOTP secrets, accepted PHC hashes).
import { OAUTH_PROVIDERS } from '@gatehouse/protocol';
import { parseEmail } from '../../magic-links';
import { parsePhone } from '../../otps';
import { checkPasswordHash } from '../password-schemes';
import type { DroppedField, ParsedExport, PortableUser } from '../portable-user';
import { isStorableUsername } from '../validate-row';

export type SkipReason = 'malformed_row' | 'unsupported_password_hash';

/** Thrown while reading a row: the row is reported with this reason and message, and the file goes on. */
export class RowProblem extends Error {
  constructor(
    readonly reason: SkipReason,
    message: string,
  ) {
    super(message);
  }
}

export const malformedRow = (message: string) => new RowProblem('malformed_row', message);
export const unsupportedHash = (message: string) => new RowProblem('unsupported_password_hash', message);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Provider keys Gatehouse signs in with (wire-format.md §1.3); links to any other provider are not imported. */
export const OAUTH_PROVIDER_KEYS: ReadonlySet<string> = new Set(OAUTH_PROVIDERS);

/** Our own user ids (`user-test-<uuid>` / `user-live-<uuid>`), kept on import (portable-user.ts `user_id`). */
const GATEHOUSE_USER_ID = /^user-(test|live)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function keptUserId(id: string): string | null {
  return GATEHOUSE_USER_ID.test(id) ? id : null;
}

export function newPortableUser(externalId: string): PortableUser {
  return {
    external_id: externalId,
    user_id: null,
    status: 'active',
    blocked: false,
    username: null,
    created_at: null,
    name: { first_name: '', middle_name: '', last_name: '' },
    emails: [],
    phone_numbers: [],
    oauth_registrations: [],
    password_hash: null,
    password_requires_reset: false,
    totps: [],
    webauthn_registrations: [],
    crypto_wallets: [],
    trusted_metadata: {},
    untrusted_metadata: {},
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Typed reads of one field; `field` names it in the message.

export function optionalString(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw malformedRow(`${field} is not a string.`);
  return value;
}

export function requiredString(value: unknown, field: string): string {
  const text = optionalString(value, field);
  if (text === null || text.trim() === '') throw malformedRow(`${field} is missing.`);
  return text;
}

export function optionalBoolean(value: unknown, field: string): boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'boolean') throw malformedRow(`${field} is not true or false.`);
  return value;
}

export function optionalArray(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw malformedRow(`${field} is not a list.`);
  return value;
}

export function optionalObject(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw malformedRow(`${field} is not an object.`);
  return value;
}

export function optionalInteger(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw malformedRow(`${field} is not a whole number.`);
  }
  return value;
}

/** An RFC 3339 / ISO 8601 time as ISO 8601 UTC; null when absent. */
export function optionalTimestamp(value: unknown, field: string): string | null {
  const text = optionalString(value, field);
  if (text === null || text === '') return null;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw malformedRow(`${field} is not a date and time.`);
  return new Date(time).toISOString();
}

// ---------------------------------------------------------------------------------------------------------------
// Values.

/** The address lower-cased, in the shape the sign-in forms accept (SPEC §5); otherwise the row is refused. */
export function readEmail(value: unknown, field: string): string {
  const text = requiredString(value, field);
  const email = parseEmail(text);
  if (email === null) throw malformedRow(`${field} "${text.slice(0, 80)}" is not an e-mail address.`);
  return email;
}

/** E.164 after libphonenumber-js parsing (a national number is read as US, SPEC §9); otherwise the row is refused. */
export function readPhone(value: unknown, field: string): string {
  const text = requiredString(value, field);
  const phone = parsePhone(text);
  if (phone === null) throw malformedRow(`${field} "${text.slice(0, 40)}" is not a valid phone number.`);
  return phone.e164;
}

/**
 * An RFC 6238 secret in base32 (RFC 4648 alphabet; spaces, lower case and `=` padding tolerated), at least 80 bits
 * (RFC 4226 §4 asks for 128, but authenticator apps have long used 80).
 */
export function readTotpSecret(value: unknown, field: string): string {
  const text = requiredString(value, field).replace(/[\s=]/g, '').toUpperCase();
  if (!/^[A-Z2-7]+$/.test(text) || text.length < 16 || text.length > 128) {
    throw malformedRow(`${field} is not a base32 TOTP secret of 80 bits or more.`);
  }
  return text;
}

/** Adds `email` (or upgrades it to verified), keeping the first occurrence's place. */
export function addEmail(user: PortableUser, email: string, verified: boolean): void {
  const existing = user.emails.find((entry) => entry.email === email);
  if (existing) existing.verified ||= verified;
  else user.emails.push({ email, verified });
}

export function addPhone(user: PortableUser, phoneNumber: string, verified: boolean): void {
  const existing = user.phone_numbers.find((entry) => entry.phone_number === phoneNumber);
  if (existing) existing.verified ||= verified;
  else user.phone_numbers.push({ phone_number: phoneNumber, verified });
}

/** A PHC string built by a parser, checked as sign-in will check it; refused rows say why. */
export function acceptedHash(phcString: string): string {
  const check = checkPasswordHash(phcString);
  if (check.ok) return phcString;
  if (check.problem === 'unsupported') throw unsupportedHash(check.message);
  throw malformedRow(`The password hash is malformed: ${check.message}`);
}

/**
 * Issue 24 item 3: the source's username, or null when it has none. One Gatehouse cannot store (validate-row.ts
 * `isStorableUsername`) is left out and reported rather than refusing the row: usernames do not sign in here, and the
 * user keeps every other way in.
 */
export function readUsername(value: string | null, field: string, drop: DropField): string | null {
  if (value === null || value.trim() === '') return null;
  if (isStorableUsername(value)) return value;
  drop(
    field,
    'Gatehouse stores usernames of 1 to 128 characters without spaces or control characters; this one is not.',
  );
  return null;
}

/** A value that carries nothing (absent, null, '', false, [] or {}): never reported as dropped. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isRecord(value) && Object.keys(value).length === 0;
}

/**
 * Issue 24 item 4: reports each field of `row` that the reader neither reads nor knowingly ignores (`known`) and
 * that holds a value — a column or key the source added, or one this reader does not know — so nothing a file
 * carries disappears without a line in the summary.
 */
export function dropUnknownFields(
  row: Record<string, unknown>,
  known: ReadonlySet<string>,
  drop: DropField,
  reason: string,
): void {
  for (const [key, value] of Object.entries(row)) {
    if (!known.has(key) && !isEmptyValue(value)) drop(key, reason);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Byte encodings the exports use.

/** base64 (standard or URL-safe, padded or not), hex (either case) or UTF-8 text; null when it does not decode. */
export function decodeBytes(value: string, encoding: 'base64' | 'hex' | 'utf8'): Uint8Array | null {
  if (encoding === 'utf8') return new Uint8Array(Buffer.from(value, 'utf8'));
  if (encoding === 'hex') {
    if (!/^([0-9a-fA-F]{2})*$/.test(value)) return null;
    return new Uint8Array(Buffer.from(value, 'hex'));
  }
  const standard = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return null;
  return new Uint8Array(Buffer.from(standard, 'base64'));
}

export function isBase64Url(value: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value);
}

// ---------------------------------------------------------------------------------------------------------------
// The row loop.

/**
 * Issue 24 item 4: what a reader calls for each field it reads but does not import (`field` is its path in the
 * source row, `reason` a sentence). Rows are reported with their dropped fields in the import summary.
 */
export type DropField = (field: string, reason: string) => void;

/**
 * Reads each `[row, value]` with `readUser`; a RowProblem (or any other error a bad value causes) skips that row
 * alone, reported with the id `idOf` finds in it. `readUser` reports fields it leaves out through `drop`.
 */
export function readRows<T>(
  rows: Iterable<[number, T]>,
  readUser: (value: T, drop: DropField) => PortableUser,
  idOf: (value: T) => string | null,
): ParsedExport {
  const parsed: ParsedExport = { users: [], skipped: [] };
  for (const [row, value] of rows) {
    const dropped: DroppedField[] = [];
    try {
      const user = readUser(value, (field, reason) => dropped.push({ field, reason }));
      parsed.users.push({ row, user, dropped });
    } catch (error) {
      let externalId: string | null = null;
      try {
        externalId = idOf(value);
      } catch {
        externalId = null;
      }
      if (error instanceof RowProblem) {
        parsed.skipped.push({ row, external_id: externalId, reason: error.reason, message: error.message });
      } else {
        parsed.skipped.push({
          row,
          external_id: externalId,
          reason: 'malformed_row',
          message: 'The row could not be read.',
        });
      }
    }
  }
  return parsed;
}

/** JSON values of a JSON array file or of a JSON-lines file (blank lines ignored), each with its 1-based row. */
export function jsonRows(text: string, options: { arrayKey?: string } = {}): Array<[number, unknown]> {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body === '') return [];
  let whole: unknown;
  let wholeParsed = false;
  try {
    whole = JSON.parse(body);
    wholeParsed = true;
  } catch {
    if (body.startsWith('[')) throw new Error('The file is not valid JSON.');
  }
  if (wholeParsed) {
    if (Array.isArray(whole)) return whole.map((value, index) => [index + 1, value]);
    const key = options.arrayKey;
    if (key && isRecord(whole) && Array.isArray(whole[key])) {
      return (whole[key] as unknown[]).map((value, index) => [index + 1, value]);
    }
  }
  // JSON lines: one value per line, a bad line reported on its own.
  const rows: Array<[number, unknown]> = [];
  const lines = body.split('\n');
  let readable = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    try {
      rows.push([index + 1, JSON.parse(line)]);
      readable += 1;
    } catch {
      rows.push([index + 1, NOT_JSON]);
    }
  }
  if (readable === 0) throw new Error('The file is neither a JSON array nor JSON lines.');
  return rows;
}

/** Marks a JSON-lines line that did not parse (the reader refuses it as a row). */
export const NOT_JSON: unique symbol = Symbol('not JSON');

export function assertObjectRow(value: unknown): Record<string, unknown> {
  if (value === NOT_JSON) throw malformedRow('The line is not JSON.');
  if (!isRecord(value)) throw malformedRow('The row is not a JSON object.');
  return value;
}
