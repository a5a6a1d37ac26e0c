// Issue 24 item 2: the password-hash export Auth0 support sends ("How to Use the Password Hashes Export from Auth0",
// Auth0 support/community article 58730): NDJSON, one database user per line —
//   {"_id":{"$oid":"5dea…"},"email_verified":false,"email":"…","passwordHash":"$2b$10$…",
//    "password_set_date":{"$date":"…"},"tenant":"…","connection":"Username-Password-Authentication",
//    "_tmp_is_unique":true,"alt_id":"euclid","identifiers":[{"type":"email","value":"…","verified":false}]}
// It is the only Auth0 file with the hashes of users who signed up with a password. A row is told from a bulk
// import / user export row by its fields (`passwordHash`, or `_id` holding `$oid`), so `--from auth0` reads either.
//
// The user's Auth0 id is `auth0|<alt_id>` when alt_id is present (an id given by a custom database or the
// Management API), else `auth0|<$oid>`: the same `user_id` a user export job writes, so both files name a user alike.
import type { PortableUser } from '../portable-user';
import {
  acceptedHash,
  addEmail,
  addPhone,
  type DropField,
  dropUnknownFields,
  isRecord,
  malformedRow,
  newPortableUser,
  optionalArray,
  optionalBoolean,
  optionalObject,
  optionalString,
  readEmail,
  readPhone,
  readUsername,
} from './common';

/** `_id` (some exports spell it `_ID`) as the export writes it: `{ "$oid": "<24 hex>" }`. */
function objectIdOf(row: Record<string, unknown>): string | null {
  const id = row._id ?? row._ID;
  return isRecord(id) && typeof id.$oid === 'string' && id.$oid.trim() !== '' ? id.$oid.trim() : null;
}

export function isHashExportRow(value: unknown): boolean {
  return isRecord(value) && ('passwordHash' in value || objectIdOf(value) !== null);
}

/** The external id of a hash-export row (see above), or null when it has neither alt_id nor `_id.$oid`. */
export function hashExportId(row: Record<string, unknown>): string | null {
  const altId = typeof row.alt_id === 'string' && row.alt_id.trim() !== '' ? row.alt_id.trim() : null;
  const id = altId ?? objectIdOf(row);
  return id === null ? null : `auth0|${id}`;
}

const READ = new Set([
  '_id',
  '_ID',
  'alt_id',
  'email',
  'email_verified',
  'passwordHash',
  'identifiers',
  'username',
  'phone_number',
  'phone_verified',
]);

/**
 * Bookkeeping of the export, not about the person: the tenant and database connection it came from, a uniqueness
 * flag, and when the password was set (Gatehouse has no password-age rule the date would feed; the imported
 * password counts from the import).
 */
const IGNORED = new Set(['tenant', 'connection', '_tmp_is_unique', 'password_set_date']);

export function readHashExportUser(row: Record<string, unknown>, drop: DropField): PortableUser {
  const externalId = hashExportId(row);
  if (externalId === null) throw malformedRow('_id.$oid is missing.');
  const user = newPortableUser(externalId);
  // "In some users, the root attributes such as email and email_verified may not be present in the export, but
  // should be consistently available within the identifiers array" (the article).
  if (row.email !== undefined && row.email !== null) {
    addEmail(
      user,
      readEmail(row.email, 'email'),
      optionalBoolean(row.email_verified, 'email_verified') ?? false,
    );
  }
  if (row.phone_number !== undefined && row.phone_number !== null) {
    addPhone(
      user,
      readPhone(row.phone_number, 'phone_number'),
      optionalBoolean(row.phone_verified, 'phone_verified') ?? false,
    );
  }
  user.username = readUsername(optionalString(row.username, 'username'), 'username', drop);
  for (const [index, entry] of optionalArray(row.identifiers, 'identifiers').entries()) {
    const field = `identifiers[${index}]`;
    const identifier = optionalObject(entry, field);
    const type = optionalString(identifier.type, `${field}.type`);
    const verified = optionalBoolean(identifier.verified, `${field}.verified`) ?? false;
    if (type === 'email') addEmail(user, readEmail(identifier.value, `${field}.value`), verified);
    else if (type === 'phone_number') addPhone(user, readPhone(identifier.value, `${field}.value`), verified);
    else if (type === 'username' && user.username === null) {
      user.username = readUsername(
        optionalString(identifier.value, `${field}.value`),
        `${field}.value`,
        drop,
      );
    } else if (type !== 'username') drop(field, 'Gatehouse has no identifier of this kind.');
  }
  if (row.passwordHash !== undefined && row.passwordHash !== null) {
    const hash = optionalString(row.passwordHash, 'passwordHash') ?? '';
    // Auth0 stores database passwords with bcrypt ("User Profile Attribute Schema", password_hash).
    if (!/^\$2[aby]\$/.test(hash)) throw malformedRow('passwordHash is not a bcrypt hash.');
    user.password_hash = acceptedHash(hash);
  }
  dropUnknownFields(
    row,
    new Set([...READ, ...IGNORED]),
    drop,
    'Gatehouse has no place for this field of the password-hash export; it was not imported.',
  );
  return user;
}
