// Issue 14 item 3: every value of a PortableUser checked before anything is written ("refuses bad rows one by one
// without stopping"). A parser's output is typed, but `--from gatehouse` and the backend API take JSON from outside,
// so nothing is trusted: each field is checked for its type and its form, and normalised to the stored form
// (lower-cased e-mail, E.164, checksum/base58 wallet address, canonical base64url credential id).
import { OAUTH_PROVIDERS } from '@gatehouse/protocol';
import { decodeCredentialPublicKey } from '@simplewebauthn/server/helpers';
import { isApiError } from '../../infra/errors';
import { parseWalletAddress } from '../crypto-wallets';
import { parseEmail } from '../magic-links/email-address';
import { parsePhone } from '../otps/phone-number';
import { assertStorableJson, assertStorableText } from '../users/storable';
import { MAX_CREDENTIAL_ID_BYTES, SUPPORTED_ALGORITHM_IDS } from '../webauthn';
import { isSupportedPasswordHash } from './password-hash-hook';
import type { PortableUser } from './portable-user';

/** Our own user id form (infra/crypto.ts newId): kept on import when free (portable-user.ts `user_id`). */
const OUR_USER_ID = /^user-(test|live)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE32 = /^[A-Z2-7]+$/;
/** RFC 4226 §4: a shared secret of at least 128 bits is required (26 base32 characters); 80 bits are common. */
const MIN_TOTP_SECRET_CHARS = 16;
const MAX_TEXT = 1024;
/** Upper bound of each metadata document, as PUT /v1/users (features/users MAX_UNTRUSTED_METADATA_BYTES). */
const MAX_METADATA_BYTES = 16_384;
const MAX_LIST = 100;

/** A row whose every value was checked and normalised: what import-users.ts writes. */
export interface ImportableUser {
  row: number;
  externalId: string;
  /** The id to keep when free (our form), else null. */
  userId: string | null;
  status: 'active' | 'pending';
  /** Issue 24 item 2: the source barred the user. */
  blocked: boolean;
  /** Issue 24 item 3: as given (case kept); unique per project case-insensitively. */
  username: string | null;
  createdAt: Date | null;
  name: { firstName: string; middleName: string; lastName: string };
  emails: Array<{ email: string; verified: boolean }>;
  phoneNumbers: Array<{ phoneNumber: string; verified: boolean }>;
  oauthRegistrations: Array<{ providerType: string; providerSubject: string }>;
  passwordHash: string | null;
  /** The password must be reset before it signs in (portable-user.ts); false without a password. */
  passwordRequiresReset: boolean;
  /** Normalised base32 (upper case, no padding or spaces). */
  totpSecrets: string[];
  webauthnRegistrations: Array<{
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
    domain: string;
    name: string;
    authenticatorType: string;
  }>;
  cryptoWallets: Array<{ type: 'ethereum' | 'solana'; address: string }>;
  trustedMetadata: Record<string, unknown>;
  untrustedMetadata: Record<string, unknown>;
}

export type RowCheck =
  | { ok: true; user: ImportableUser }
  | { ok: false; reason: string; message: string; externalId: string | null };

class RowProblem extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

function refuse(reason: string, message: string): never {
  throw new RowProblem(reason, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(field: string, value: unknown, options: { allowEmpty?: boolean } = {}): string {
  if (typeof value !== 'string') refuse('malformed_row', `${field} is not a string.`);
  if (!options.allowEmpty && value === '') refuse('malformed_row', `${field} is empty.`);
  if (value.length > MAX_TEXT) refuse('malformed_row', `${field} is longer than ${MAX_TEXT} characters.`);
  try {
    assertStorableText(field, value);
  } catch {
    refuse('malformed_row', `${field} contains NUL characters or malformed Unicode.`);
  }
  return value;
}

function list(field: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) refuse('malformed_row', `${field} is not a list.`);
  if (value.length > MAX_LIST) refuse('malformed_row', `${field} has more than ${MAX_LIST} entries.`);
  return value;
}

function record(field: string, value: unknown): Record<string, unknown> {
  if (!isRecord(value)) refuse('malformed_row', `${field} is not an object.`);
  return value;
}

function flag(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') refuse('malformed_row', `${field} is not true or false.`);
  return value;
}

function metadata(field: string, value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  const document = record(field, value);
  try {
    assertStorableJson(field, document);
  } catch (error) {
    refuse('invalid_metadata', isApiError(error) ? error.message : `${field} cannot be stored.`);
  }
  if (Buffer.byteLength(JSON.stringify(document)) > MAX_METADATA_BYTES)
    refuse('invalid_metadata', `${field} is larger than ${MAX_METADATA_BYTES} bytes.`);
  return document;
}

function createdAt(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(text('created_at', value));
  if (Number.isNaN(date.getTime())) refuse('malformed_row', 'created_at is not an ISO 8601 time.');
  // PostgreSQL stores years 4713 BC to 294276 AD; a sign-up time outside 1900–9999 is a broken export.
  const year = date.getUTCFullYear();
  if (year < 1900 || year > 9999) refuse('malformed_row', 'created_at is not between 1900 and 9999.');
  return date;
}

function emails(value: unknown): ImportableUser['emails'] {
  const found = new Map<string, boolean>();
  for (const [index, item] of list('emails', value).entries()) {
    const entry = record(`emails[${index}]`, item);
    const email = parseEmail(text(`emails[${index}].email`, entry.email));
    if (email === null) refuse('invalid_email', `emails[${index}] is not a valid e-mail address.`);
    const verified = flag(`emails[${index}].verified`, entry.verified);
    found.set(email, (found.get(email) ?? false) || verified);
  }
  return [...found].map(([email, verified]) => ({ email, verified }));
}

function phoneNumbers(value: unknown): ImportableUser['phoneNumbers'] {
  const found = new Map<string, boolean>();
  for (const [index, item] of list('phone_numbers', value).entries()) {
    const entry = record(`phone_numbers[${index}]`, item);
    const raw = text(`phone_numbers[${index}].phone_number`, entry.phone_number);
    // E.164 only (portable-user.ts): a national form would be read for the default region, a guess.
    const phone = raw.startsWith('+') ? parsePhone(raw) : null;
    if (phone === null)
      refuse('invalid_phone_number', `phone_numbers[${index}] is not a valid E.164 phone number.`);
    const verified = flag(`phone_numbers[${index}].verified`, entry.verified);
    found.set(phone.e164, (found.get(phone.e164) ?? false) || verified);
  }
  return [...found].map(([phoneNumber, verified]) => ({ phoneNumber, verified }));
}

function oauthRegistrations(value: unknown): ImportableUser['oauthRegistrations'] {
  const found = new Map<string, ImportableUser['oauthRegistrations'][number]>();
  for (const [index, item] of list('oauth_registrations', value).entries()) {
    const entry = record(`oauth_registrations[${index}]`, item);
    const providerType = text(`oauth_registrations[${index}].provider_type`, entry.provider_type);
    if (!(OAUTH_PROVIDERS as readonly string[]).includes(providerType))
      refuse('invalid_oauth_registration', `oauth_registrations[${index}] names an unknown provider.`);
    const providerSubject = text(`oauth_registrations[${index}].provider_subject`, entry.provider_subject);
    found.set(`${providerType}\0${providerSubject}`, { providerType, providerSubject });
  }
  return [...found.values()];
}

function passwordHash(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const hash = text('password_hash', value);
  if (!isSupportedPasswordHash(hash))
    refuse('unsupported_password_hash', 'password_hash is not a PHC string of a supported scheme.');
  return hash;
}

/**
 * Issue 24 item 3: a username as Clerk and Auth0 allow them — 1 to 128 characters, no spaces or control
 * characters (Auth0 allows `_ + - . ! # $ ^ ` ~ @ '` and letters and digits; Clerk 4 to 64 of letters, digits,
 * `-` and `_`). Null or absent: none.
 */
function username(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const name = text('username', value);
  if (!isStorableUsername(name))
    refuse(
      'invalid_username',
      'username is longer than 128 characters or holds spaces or control characters.',
    );
  return name;
}

/** The rule above, for the provider parsers, which leave out (and report) a username it refuses. */
export function isStorableUsername(name: string): boolean {
  return name.length > 0 && name.length <= 128 && !/[\s\p{Cc}]/u.test(name);
}

/** Issue 24 item 2: true or false when given, false when absent (an export from before the field). */
function blockedFlag(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return flag('blocked', value);
}

/**
 * Issue 24 item 3: a user must keep a way to sign in — an e-mail, phone number, social account, wallet or passkey.
 * A username or password alone signs nobody in here (usernames do not sign in: README "Usernames"), so such a row
 * is reported, not created as an account nobody can reach.
 */
function assertCanSignIn(user: ImportableUser): void {
  if (
    user.emails.length > 0 ||
    user.phoneNumbers.length > 0 ||
    user.oauthRegistrations.length > 0 ||
    user.cryptoWallets.length > 0 ||
    user.webauthnRegistrations.length > 0
  )
    return;
  const held = [
    user.username !== null ? 'a username' : null,
    user.passwordHash !== null ? 'a password' : null,
  ].filter((entry) => entry !== null);
  refuse(
    'no_sign_in_identifier',
    `The row has no e-mail address, phone number, social account, wallet or passkey${
      held.length > 0 ? ` (only ${held.join(' and ')})` : ''
    }, so nobody could sign in to it.`,
  );
}

/** Issue 20 item 6: true or false when given, false when absent (an export from before the field). */
function requiresReset(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') refuse('malformed_row', 'password_requires_reset is not true or false.');
  return value;
}

function totpSecrets(value: unknown): string[] {
  const secrets = list('totps', value).map((item, index) => {
    const entry = record(`totps[${index}]`, item);
    const secret = text(`totps[${index}].secret_base32`, entry.secret_base32)
      .replace(/[\s=]/g, '')
      .toUpperCase();
    if (!BASE32.test(secret) || secret.length < MIN_TOTP_SECRET_CHARS)
      refuse('invalid_totp_secret', `totps[${index}] is not a base32 secret of at least 80 bits.`);
    return secret;
  });
  const unique = [...new Set(secrets)];
  // features/totps keeps one confirmed authenticator app per user.
  if (unique.length > 1) refuse('invalid_totp_secret', 'A user has at most one authenticator app.');
  return unique;
}

/** A base64url value decoded, or null when it is not canonical unpadded base64url. */
function base64url(value: string): Uint8Array<ArrayBuffer> | null {
  const trimmed = value.replace(/=+$/, '');
  if (!BASE64URL.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64url');
  return bytes.toString('base64url') === trimmed ? Uint8Array.from(bytes) : null;
}

/** The COSE_Key's algorithm is one the relying party verifies (features/webauthn SUPPORTED_ALGORITHM_IDS). */
function isSupportedCoseKey(bytes: Uint8Array<ArrayBuffer>): boolean {
  try {
    const key = decodeCredentialPublicKey(bytes);
    const algorithm = key.get(3);
    return (
      typeof algorithm === 'number' && SUPPORTED_ALGORITHM_IDS.includes(algorithm) && key.get(1) !== undefined
    );
  } catch {
    return false;
  }
}

function webauthnRegistrations(value: unknown): ImportableUser['webauthnRegistrations'] {
  const seen = new Set<string>();
  return list('webauthn_registrations', value).map((item, index) => {
    const field = `webauthn_registrations[${index}]`;
    const entry = record(field, item);
    const id = base64url(text(`${field}.credential_id`, entry.credential_id));
    if (id === null || id.length > MAX_CREDENTIAL_ID_BYTES)
      refuse(
        'invalid_webauthn_registration',
        `${field}.credential_id is not base64url (at most 1023 bytes).`,
      );
    const credentialId = Buffer.from(id).toString('base64url');
    if (seen.has(credentialId))
      refuse('invalid_webauthn_registration', `${field}.credential_id appears twice.`);
    seen.add(credentialId);
    const publicKey = base64url(text(`${field}.public_key`, entry.public_key));
    if (publicKey === null || !isSupportedCoseKey(publicKey))
      refuse(
        'invalid_webauthn_registration',
        `${field}.public_key is not a base64url COSE key of a supported algorithm (ES256, EdDSA, RS256).`,
      );
    const signCount = entry.sign_count ?? 0;
    if (typeof signCount !== 'number' || !Number.isSafeInteger(signCount) || signCount < 0)
      refuse('invalid_webauthn_registration', `${field}.sign_count is not a whole number.`);
    return {
      credentialId,
      publicKey,
      signCount,
      transports: list(`${field}.transports`, entry.transports ?? []).map((transport, n) =>
        text(`${field}.transports[${n}]`, transport),
      ),
      domain: text(`${field}.domain`, entry.domain),
      name: text(`${field}.name`, entry.name ?? '', { allowEmpty: true }),
      authenticatorType: text(`${field}.authenticator_type`, entry.authenticator_type ?? '', {
        allowEmpty: true,
      }),
    };
  });
}

function cryptoWallets(value: unknown): ImportableUser['cryptoWallets'] {
  const found = new Map<string, ImportableUser['cryptoWallets'][number]>();
  for (const [index, item] of list('crypto_wallets', value).entries()) {
    const field = `crypto_wallets[${index}]`;
    const entry = record(field, item);
    const type = entry.crypto_wallet_type;
    if (type !== 'ethereum' && type !== 'solana')
      refuse('invalid_crypto_wallet', `${field}.crypto_wallet_type is not ethereum or solana.`);
    let address: string;
    try {
      address = parseWalletAddress(
        type,
        text(`${field}.crypto_wallet_address`, entry.crypto_wallet_address),
      ).address;
    } catch (error) {
      if (error instanceof RowProblem) throw error;
      refuse('invalid_crypto_wallet', `${field} is not a valid ${type} address.`);
    }
    found.set(`${type}\0${address}`, { type, address });
  }
  return [...found.values()];
}

/** Checks and normalises one row; a problem names the first thing wrong with it. */
export function checkPortableUser(row: number, value: PortableUser | unknown): RowCheck {
  const raw = isRecord(value) ? value : null;
  const externalId =
    raw !== null && typeof raw.external_id === 'string' && raw.external_id !== '' ? raw.external_id : null;
  try {
    if (raw === null) refuse('malformed_row', 'The row is not an object.');
    const name = record('name', raw.name);
    const status = raw.status ?? 'active';
    if (status !== 'active' && status !== 'pending')
      refuse('malformed_row', 'status is not active or pending.');
    const userId = raw.user_id === null || raw.user_id === undefined ? null : text('user_id', raw.user_id);
    const hash = passwordHash(raw.password_hash);
    // Checked whether or not there is a hash; without one there is no password to reset.
    const passwordRequiresReset = requiresReset(raw.password_requires_reset) && hash !== null;
    const user: ImportableUser = {
      row,
      externalId: text('external_id', raw.external_id),
      userId: userId !== null && OUR_USER_ID.test(userId) ? userId : null,
      status,
      blocked: blockedFlag(raw.blocked),
      username: username(raw.username),
      createdAt: createdAt(raw.created_at),
      name: {
        firstName: text('name.first_name', name.first_name ?? '', { allowEmpty: true }),
        middleName: text('name.middle_name', name.middle_name ?? '', { allowEmpty: true }),
        lastName: text('name.last_name', name.last_name ?? '', { allowEmpty: true }),
      },
      emails: emails(raw.emails ?? []),
      phoneNumbers: phoneNumbers(raw.phone_numbers ?? []),
      oauthRegistrations: oauthRegistrations(raw.oauth_registrations ?? []),
      passwordHash: hash,
      passwordRequiresReset,
      totpSecrets: totpSecrets(raw.totps ?? []),
      webauthnRegistrations: webauthnRegistrations(raw.webauthn_registrations ?? []),
      cryptoWallets: cryptoWallets(raw.crypto_wallets ?? []),
      trustedMetadata: metadata('trusted_metadata', raw.trusted_metadata),
      untrustedMetadata: metadata('untrusted_metadata', raw.untrusted_metadata),
    };
    assertCanSignIn(user);
    return { ok: true, user };
  } catch (error) {
    if (error instanceof RowProblem)
      return { ok: false, reason: error.reason, message: error.message, externalId };
    throw error;
  }
}
