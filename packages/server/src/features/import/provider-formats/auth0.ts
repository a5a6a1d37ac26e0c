// Issue 14 item 3 and issue 24 item 2 ("Auth0 complete"): the files Auth0 gives, read by `--from auth0`:
// - the bulk user import file ("Bulk User Import Database Schema and Examples"): a JSON array of users with email,
//   email_verified, user_id (optional), username, given_name, family_name, name, nickname, picture, blocked,
//   password_hash (bcrypt) or custom_password_hash (auth0-password-hash.ts), mfa_factors, app_metadata
//   (→ trusted_metadata) and user_metadata (→ untrusted_metadata);
// - a user export job's NDJSON ("Bulk Export User Data", fields of the "User Profile Attribute Schema"): the same
//   fields plus created_at, identities[] (social links), phone_number and Auth0's own bookkeeping;
// - the password-hash export Auth0 support sends (auth0-hash-export.ts), told apart row by row by its fields.
// Every field of a row that is read but not imported is reported through `drop` (issue 24 item 4), except Auth0's
// bookkeeping about its own records (IGNORED below), which describes no property of the user.
import type { ParsedExport, PortableUser } from '../portable-user';
import { hashExportId, isHashExportRow, readHashExportUser } from './auth0-hash-export';
import { readCustomPasswordHash } from './auth0-password-hash';
import {
  acceptedHash,
  addEmail,
  addPhone,
  assertObjectRow,
  type DropField,
  dropUnknownFields,
  isEmptyValue,
  isRecord,
  jsonRows,
  malformedRow,
  newPortableUser,
  OAUTH_PROVIDER_KEYS,
  optionalArray,
  optionalBoolean,
  optionalObject,
  optionalString,
  optionalTimestamp,
  RowProblem,
  readEmail,
  readPhone,
  readRows,
  readTotpSecret,
  readUsername,
} from './common';

export function parseAuth0Export(text: string): ParsedExport {
  return readRows(
    jsonRows(text),
    (value, drop) =>
      isHashExportRow(value)
        ? readHashExportUser(value as Record<string, unknown>, drop)
        : readAuth0User(value, drop),
    auth0IdOf,
  );
}

/** The id a row is reported with: its user_id, the hash export's id, or the e-mail-keyed id of a row without one. */
function auth0IdOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  if (isHashExportRow(value)) return hashExportId(value);
  if (typeof value.user_id === 'string' && value.user_id.trim() !== '') return value.user_id.trim();
  if (typeof value.email === 'string') return emailKeyedId(value.email.trim().toLowerCase());
  return null;
}

/**
 * Issue 24 item 2: `user_id` is optional in Auth0's schema (its basic example has none). Such a row's external id is
 * made from its e-mail address, which Auth0 requires and keeps unique per connection, so importing the same file
 * again finds the same users (idempotent on external_id).
 */
export function emailKeyedId(email: string): string {
  return `auth0-email:${email}`;
}

/** Fields this reader imports (or knowingly folds into others: phone_verified, name). */
const READ = new Set([
  'user_id',
  'email',
  'email_verified',
  'username',
  'given_name',
  'family_name',
  'name',
  'phone_number',
  'phone_verified',
  'blocked',
  'created_at',
  'password_hash',
  'custom_password_hash',
  'mfa_factors',
  'identities',
  'app_metadata',
  'user_metadata',
]);

/**
 * Auth0's records about its own bookkeeping, not about the person: activity counters and times (last_login,
 * last_ip, logins_count, updated_at, last_password_reset, multifactor_last_modified), IPs blocked against brute
 * force (blocked_for) and the tenant's name. Gatehouse keeps its own; they are not reported.
 */
const IGNORED = new Set([
  'updated_at',
  'last_login',
  'last_ip',
  'logins_count',
  'last_password_reset',
  'multifactor_last_modified',
  'blocked_for',
  'tenant',
]);

/** Why each profile field Auth0 has and Gatehouse does not is left out. */
const DROP_REASONS: Record<string, string> = {
  nickname: 'Gatehouse users have no nickname; keep it in user_metadata before importing if it matters.',
  picture: 'Gatehouse users have no picture URL; keep it in user_metadata before importing if it matters.',
  multifactor:
    'Auth0 lists MFA enrolments here whose secrets only mfa_factors or a support export carry; the user enrols again.',
  guardian_authenticators:
    'Auth0 Guardian enrolments (push, SMS, recovery codes) cannot be carried over; the user enrols again.',
};
const UNKNOWN_FIELD = 'Gatehouse has no place for this Auth0 field; it was not imported.';

function readAuth0User(value: unknown, drop: DropField): PortableUser {
  const row = assertObjectRow(value);
  const userId = optionalString(row.user_id, 'user_id')?.trim() ?? '';
  const email = row.email === undefined || row.email === null ? null : readEmail(row.email, 'email');
  if (userId === '' && email === null) throw malformedRow('user_id and email are both missing.');
  const user = newPortableUser(userId !== '' ? userId : emailKeyedId(email!));
  if (email !== null) addEmail(user, email, optionalBoolean(row.email_verified, 'email_verified') ?? false);

  readName(row, user, drop);
  user.username = readUsername(optionalString(row.username, 'username'), 'username', drop);
  // Issue 24 item 2: barred in Auth0, barred here (refused at every sign-in).
  user.blocked = optionalBoolean(row.blocked, 'blocked') ?? false;
  user.created_at = optionalTimestamp(row.created_at, 'created_at');
  if (row.phone_number !== undefined && row.phone_number !== null) {
    addPhone(
      user,
      readPhone(row.phone_number, 'phone_number'),
      optionalBoolean(row.phone_verified, 'phone_verified') ?? false,
    );
  }
  readMfaFactors(optionalArray(row.mfa_factors, 'mfa_factors'), user, drop);
  readIdentities(optionalArray(row.identities, 'identities'), user, drop);
  user.trusted_metadata = optionalObject(row.app_metadata, 'app_metadata');
  user.untrusted_metadata = optionalObject(row.user_metadata, 'user_metadata');

  if (row.password_hash !== undefined && row.custom_password_hash !== undefined) {
    throw malformedRow('password_hash and custom_password_hash are mutually exclusive.');
  }
  if (row.password_hash !== undefined) {
    const hash = optionalString(row.password_hash, 'password_hash') ?? '';
    if (!/^\$2[ab]\$/.test(hash)) throw malformedRow('password_hash is not a $2a$ or $2b$ bcrypt hash.');
    user.password_hash = acceptedHash(hash);
  } else if (row.custom_password_hash !== undefined) {
    user.password_hash = readCustomPasswordHash(
      optionalObject(row.custom_password_hash, 'custom_password_hash'),
    );
  }

  for (const [field, reason] of Object.entries(DROP_REASONS)) {
    if (!isEmptyValue(row[field])) drop(field, reason);
  }
  dropUnknownFields(row, new Set([...READ, ...IGNORED, ...Object.keys(DROP_REASONS)]), drop, UNKNOWN_FIELD);
  return user;
}

function readName(row: Record<string, unknown>, user: PortableUser, drop: DropField): void {
  const given = optionalString(row.given_name, 'given_name')?.trim() ?? '';
  const family = optionalString(row.family_name, 'family_name')?.trim() ?? '';
  const full = (optionalString(row.name, 'name') ?? '').trim();
  // Auth0 fills `name` with the e-mail when nothing else is known; that is no name.
  const fullIsName = full !== '' && !full.includes('@');
  if (given !== '' || family !== '') {
    user.name = { first_name: given, middle_name: '', last_name: family };
    if (fullIsName && full !== `${given} ${family}`.trim()) {
      drop(
        'name',
        'Gatehouse keeps given_name and family_name as the name; this full name differs from them.',
      );
    }
  } else if (fullIsName) {
    const space = full.indexOf(' ');
    user.name = {
      first_name: space < 0 ? full : full.slice(0, space),
      middle_name: '',
      last_name: space < 0 ? '' : full.slice(space + 1).trim(),
    };
  }
}

/**
 * Issue 24 item 2: `mfa_factors` of every kind. `totp` → an authenticator app. `phone` and `email` → a verified
 * phone number and e-mail address: Gatehouse's second factors are its sign-in methods (SMS and e-mail passcodes,
 * SPEC §4) on the user's own identifiers, and Auth0 enrols such a factor only after a code sent to it was entered,
 * so the number or address is proven. A factor that cannot be kept is reported, never the row refused: the user
 * enrols again.
 */
function readMfaFactors(factors: unknown[], user: PortableUser, drop: DropField): void {
  for (const [index, entry] of factors.entries()) {
    const field = `mfa_factors[${index}]`;
    try {
      const factor = optionalObject(entry, field);
      if (factor.totp !== undefined) {
        const totp = optionalObject(factor.totp, `${field}.totp`);
        user.totps.push({ secret_base32: readTotpSecret(totp.secret, `${field}.totp.secret`) });
      } else if (factor.phone !== undefined) {
        addPhone(
          user,
          readPhone(optionalObject(factor.phone, `${field}.phone`).value, `${field}.phone.value`),
          true,
        );
      } else if (factor.email !== undefined) {
        addEmail(
          user,
          readEmail(optionalObject(factor.email, `${field}.email`).value, `${field}.email.value`),
          true,
        );
      } else {
        drop(field, 'Gatehouse has no second factor of this kind; the user enrols again.');
      }
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      drop(field, `Not imported (the user enrols again): ${error.message}`);
    }
  }
}

/**
 * Auth0 identity providers whose `user_id` is the subject Gatehouse's sign-in with that provider finds (the OpenID
 * `sub` or the provider's account id, oauth/presets/). Others (windowslive and waad, whose ids are not the Microsoft
 * identity platform's `sub`; enterprise and custom connections) are reported.
 */
const AUTH0_SOCIAL_PROVIDERS: Readonly<Record<string, string>> = {
  'google-oauth2': 'google',
  github: 'github',
  facebook: 'facebook',
  apple: 'apple',
  twitter: 'twitter',
  linkedin: 'linkedin',
  discord: 'discord',
  amazon: 'amazon',
};

/**
 * Auth0's own sign-in methods: its database (`auth0`), passwordless e-mail and SMS. They are not OAuth links: what
 * they sign in with (the password, the e-mail address, the phone number) is read from the row itself.
 */
const AUTH0_OWN_PROVIDERS = new Set(['auth0', 'email', 'sms']);
const IDENTITY_FIELDS = new Set(['provider', 'user_id', 'connection', 'isSocial']);

/** Issue 24 item 2: social identities as OAuth links to the matching Gatehouse provider. */
function readIdentities(identities: unknown[], user: PortableUser, drop: DropField): void {
  for (const [index, entry] of identities.entries()) {
    const field = `identities[${index}]`;
    const identity = optionalObject(entry, field);
    const provider = optionalString(identity.provider, `${field}.provider`) ?? '';
    if (AUTH0_OWN_PROVIDERS.has(provider)) continue;
    const key = AUTH0_SOCIAL_PROVIDERS[provider];
    const subject = identity.user_id;
    const subjectText =
      typeof subject === 'number' ? String(subject) : optionalString(subject, `${field}.user_id`);
    if (key === undefined || !OAUTH_PROVIDER_KEYS.has(key)) {
      drop(field, `Gatehouse has no OAuth provider matching Auth0's "${provider.slice(0, 40)}" identities.`);
      continue;
    }
    if (!subjectText) {
      drop(field, 'The identity has no user_id to link.');
      continue;
    }
    if (
      !user.oauth_registrations.some(
        (link) => link.provider_type === key && link.provider_subject === subjectText,
      )
    )
      user.oauth_registrations.push({ provider_type: key, provider_subject: subjectText });
    if (!isEmptyValue(identity.profileData)) {
      drop(`${field}.profileData`, "The linked account's profile is not imported; the link is.");
    }
    for (const [name, value] of Object.entries(identity)) {
      if (!IDENTITY_FIELDS.has(name) && name !== 'profileData' && !isEmptyValue(value)) {
        drop(`${field}.${name}`, 'Provider tokens and extra identity fields are not imported; the link is.');
      }
    }
  }
}
