// Issue 14 item 3: Clerk's dashboard CSV export (Settings → User exports; the only Clerk export with password
// digests and TOTP secrets). Columns, by header name (order does not matter): id, first_name, last_name, username,
// primary_email_address, primary_phone_number, verified_email_addresses, unverified_email_addresses,
// verified_phone_numbers, unverified_phone_numbers, totp_secret, password_digest, password_hasher. A list column
// holds several values separated by `|`, `,` or `;` (quoted when it has commas).
// Issue 24 items 3 and 4: `username` is stored (users.username; one Gatehouse cannot store is reported, the row kept).
// Clerk's documented dashboard export has no signup date; a `created_at` column (ISO 8601 or Unix milliseconds, as
// Clerk's API writes it) is read when a file has one. Clerk's own migration tool also takes `public_metadata`,
// `unsafe_metadata` and `private_metadata` columns (JSON): public → trusted_metadata (both written by the backend
// only and readable by the user's session), unsafe → untrusted_metadata (both writable from the browser), private
// is reported as dropped — Gatehouse has no metadata the user's own session cannot read, so copying it into
// trusted_metadata would show the browser what Clerk kept from it. Every other column with a value (backup_codes,
// …) is reported as dropped with its name. A JSON file (Clerk's Backend API users, clerk-api.ts) is read too.
//
// password_hasher → PHC, per the digest formats of Clerk's Backend API (POST /v1/users, `password_hasher`):
//   bcrypt                `$2a|2b|2y$<cost>$<salt & hash>`                 → as is
//   argon2i, argon2id     PHC                                              → as is
//   pbkdf2_sha256         `pbkdf2_sha256$<iterations>$<b64 salt>$<b64 hash>` → pbkdf2-sha256
//   pbkdf2_sha256_django  `pbkdf2_sha256$<iterations>$<salt text>$<b64 hash>` → pbkdf2-sha256 (salt as UTF-8)
//   pbkdf2_sha512         `pbkdf2_sha512$<iterations>$<salt text>$<hex hash>` → pbkdf2-sha512 (salt as UTF-8)
//   pbkdf2_sha1           `pbkdf2_sha1$<iterations>$<salt>$<hex hash>[$<key length>]` → pbkdf2-sha1 (the salt read
//                         as hex when it is hex, else as text, as Clerk documents)
//   scrypt_firebase       `<hash>$<salt>$<signer key>$<salt separator>$<rounds>$<memory cost>` (base64)
//                                                                          → firebase-scrypt
//   sha256                64 hex characters, no salt                       → salted-sha256 with an empty salt
// Every other hasher (md5, phpass, bcrypt_sha256_django, bcrypt_peppered, scrypt_werkzeug, sha256_salted — whose
// salt position Clerk does not document —, hmac_sha256_utf16_b64, awscognito, …) skips the row with
// `unsupported_password_hash` (the summary names it; with the digest removed from the file, the user imports without a
// password and signs in by a login link or a reset).
import { phc } from '../password-schemes';
import type { ParsedExport, PortableUser } from '../portable-user';
import { parseClerkApiUsers } from './clerk-api';
import { CLERK_BACKUP_CODES_REASON, CLERK_PRIVATE_METADATA_REASON, clerkTimestamp } from './clerk-common';
import {
  acceptedHash,
  addEmail,
  addPhone,
  type DropField,
  decodeBytes,
  dropUnknownFields,
  isRecord,
  malformedRow,
  newPortableUser,
  readEmail,
  readPhone,
  readRows,
  readTotpSecret,
  readUsername,
  unsupportedHash,
} from './common';
import { parseCsv } from './csv';

type ClerkRow = Record<string, string>;

/**
 * The columns read, or (private_metadata, backup codes) reported with their own reason; any other column holding a
 * value in a row is reported as dropped, and so is a value beyond the header's last column (as `column <n>`).
 */
const READ_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'first_name',
  'last_name',
  'username',
  'primary_email_address',
  'primary_phone_number',
  'verified_email_addresses',
  'unverified_email_addresses',
  'verified_phone_numbers',
  'unverified_phone_numbers',
  'totp_secret',
  'password_digest',
  'password_hasher',
  'created_at',
  'public_metadata',
  'unsafe_metadata',
  'private_metadata',
  'backup_codes',
  'backup_codes_enabled',
]);

/** The dashboard CSV, or (text starting with `[` or `{`) Clerk's Backend API users as JSON. */
export function parseClerkExport(text: string): ParsedExport {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body.startsWith('[') || body.startsWith('{')) return parseClerkApiUsers(body);
  const [header, ...records] = parseCsv(text);
  if (!header) return { users: [], skipped: [] };
  const columns = header.fields.map((name) => name.trim());
  if (!columns.includes('id')) throw new Error('The file has no header row with an "id" column.');
  const rows: Array<[number, ClerkRow]> = records.map((record) => {
    const row: ClerkRow = {};
    columns.forEach((name, index) => {
      row[name] = (record.fields[index] ?? '').trim();
    });
    record.fields.slice(columns.length).forEach((value, extra) => {
      row[`column ${columns.length + extra + 1}`] = value.trim();
    });
    return [record.line, row];
  });
  return readRows(rows, readClerkUser, (row) => row.id || null);
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[|,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function jsonObjectColumn(text: string | undefined, field: string): Record<string, unknown> {
  if (text === undefined || text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformedRow(`${field} is not JSON.`);
  }
  if (value === null) return {};
  if (!isRecord(value)) throw malformedRow(`${field} is not a JSON object.`);
  return value;
}

function readClerkUser(row: ClerkRow, drop: DropField): PortableUser {
  const id = row.id ?? '';
  if (id === '') throw malformedRow('id is missing.');
  const user = newPortableUser(id);
  user.name.first_name = row.first_name ?? '';
  user.name.last_name = row.last_name ?? '';
  user.username = readUsername(row.username ?? null, 'username', drop);
  user.created_at = clerkTimestamp(row.created_at, 'created_at');
  user.trusted_metadata = jsonObjectColumn(row.public_metadata, 'public_metadata');
  user.untrusted_metadata = jsonObjectColumn(row.unsafe_metadata, 'unsafe_metadata');
  if (Object.keys(jsonObjectColumn(row.private_metadata, 'private_metadata')).length > 0)
    drop('private_metadata', CLERK_PRIVATE_METADATA_REASON);
  if (row.backup_codes) drop('backup_codes', CLERK_BACKUP_CODES_REASON);
  else if (row.backup_codes_enabled?.toLowerCase() === 'true')
    drop('backup_codes_enabled', CLERK_BACKUP_CODES_REASON);
  dropUnknownFields(
    row,
    READ_COLUMNS,
    drop,
    "Not a column of Clerk's dashboard export that Gatehouse imports.",
  );

  const verifiedEmails = splitList(row.verified_email_addresses).map((email) =>
    readEmail(email, 'an e-mail'),
  );
  const unverifiedEmails = splitList(row.unverified_email_addresses).map((email) =>
    readEmail(email, 'an e-mail'),
  );
  if (row.primary_email_address) {
    const primary = readEmail(row.primary_email_address, 'primary_email_address');
    addEmail(user, primary, verifiedEmails.includes(primary));
  }
  for (const email of verifiedEmails) addEmail(user, email, true);
  for (const email of unverifiedEmails) addEmail(user, email, false);

  const verifiedPhones = splitList(row.verified_phone_numbers).map((phone) =>
    readPhone(phone, 'a phone number'),
  );
  const unverifiedPhones = splitList(row.unverified_phone_numbers).map((phone) =>
    readPhone(phone, 'a phone number'),
  );
  if (row.primary_phone_number) {
    const primary = readPhone(row.primary_phone_number, 'primary_phone_number');
    addPhone(user, primary, verifiedPhones.includes(primary));
  }
  for (const phone of verifiedPhones) addPhone(user, phone, true);
  for (const phone of unverifiedPhones) addPhone(user, phone, false);

  if (row.totp_secret) user.totps.push({ secret_base32: readTotpSecret(row.totp_secret, 'totp_secret') });

  const digest = row.password_digest ?? '';
  const hasher = row.password_hasher ?? '';
  if (digest !== '' || hasher !== '') {
    if (digest === '' || hasher === '')
      throw malformedRow('password_digest and password_hasher go together.');
    user.password_hash = clerkDigestToPhc(hasher, digest);
  }
  return user;
}

function integerField(text: string | undefined, field: string): number {
  if (text === undefined || !/^[1-9][0-9]{0,9}$/.test(text))
    throw malformedRow(`${field} is not a whole number.`);
  return Number(text);
}

function bytesField(
  text: string | undefined,
  encoding: 'base64' | 'hex' | 'utf8',
  field: string,
): Uint8Array {
  const bytes = text === undefined ? null : decodeBytes(text, encoding);
  if (bytes === null || (encoding !== 'utf8' && bytes.length === 0))
    throw malformedRow(`${field} is not ${encoding}.`);
  return bytes;
}

/** One Clerk digest as a PHC string (formats in the header comment). */
export function clerkDigestToPhc(hasher: string, digest: string): string {
  switch (hasher) {
    case 'bcrypt':
    case 'argon2i':
    case 'argon2id': {
      const expected = hasher === 'bcrypt' ? /^\$2[aby]\$/ : new RegExp(`^\\$${hasher}\\$`);
      if (!expected.test(digest)) throw malformedRow(`password_digest is not a ${hasher} hash.`);
      return acceptedHash(digest);
    }
    case 'pbkdf2_sha256':
    case 'pbkdf2_sha256_django':
    case 'pbkdf2_sha512':
    case 'pbkdf2_sha1': {
      const parts = digest.split('$');
      const prefix = hasher === 'pbkdf2_sha256_django' ? 'pbkdf2_sha256' : hasher;
      const maxParts = hasher === 'pbkdf2_sha1' ? 5 : 4;
      if (parts[0] !== prefix || parts.length < 4 || parts.length > maxParts) {
        throw malformedRow(`password_digest is not ${prefix}$<iterations>$<salt>$<hash>.`);
      }
      const iterations = integerField(parts[1], 'The iteration count');
      const [saltText, hashText] = [parts[2]!, parts[3]!];
      if (hasher === 'pbkdf2_sha1') {
        const salt = decodeBytes(saltText, 'hex') ?? bytesField(saltText, 'utf8', 'The salt');
        const hash = bytesField(hashText, 'hex', 'The hash');
        if (parts[4] !== undefined && integerField(parts[4], 'The key length') !== hash.length) {
          throw malformedRow('The key length is not the hash length.');
        }
        return acceptedHash(phc.pbkdf2({ digest: 'sha1', iterations, salt, hash }));
      }
      if (hasher === 'pbkdf2_sha512') {
        const salt = bytesField(saltText, 'utf8', 'The salt');
        return acceptedHash(
          phc.pbkdf2({ digest: 'sha512', iterations, salt, hash: bytesField(hashText, 'hex', 'The hash') }),
        );
      }
      const salt =
        hasher === 'pbkdf2_sha256'
          ? bytesField(saltText, 'base64', 'The salt')
          : bytesField(saltText, 'utf8', 'The salt');
      return acceptedHash(
        phc.pbkdf2({ digest: 'sha256', iterations, salt, hash: bytesField(hashText, 'base64', 'The hash') }),
      );
    }
    case 'scrypt_firebase': {
      const parts = digest.split('$');
      if (parts.length !== 6) {
        throw malformedRow(
          'password_digest is not <hash>$<salt>$<signer key>$<salt separator>$<rounds>$<memory cost>.',
        );
      }
      return acceptedHash(
        phc.firebaseScrypt({
          hash: bytesField(parts[0], 'base64', 'The hash'),
          salt: bytesField(parts[1], 'base64', 'The salt'),
          signerKey: bytesField(parts[2], 'base64', 'The signer key'),
          saltSeparator: bytesField(parts[3], 'base64', 'The salt separator'),
          rounds: integerField(parts[4], 'rounds'),
          memCost: integerField(parts[5], 'memory cost'),
        }),
      );
    }
    case 'sha256': {
      if (!/^[0-9a-fA-F]{64}$/.test(digest)) throw malformedRow('password_digest is not 64 hex characters.');
      return acceptedHash(
        phc.saltedSha({
          digest: 'sha256',
          position: 'prefix',
          salt: new Uint8Array(0),
          hash: bytesField(digest, 'hex', 'The hash'),
        }),
      );
    }
    default:
      throw unsupportedHash(
        `Clerk's "${hasher.slice(0, 40)}" hasher is not supported; the user resets the password.`,
      );
  }
}
