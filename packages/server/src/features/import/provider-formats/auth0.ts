// Issue 14 item 3: Auth0's bulk user import file ("Bulk User Import Database Schema and Examples"): a JSON array of
// users with email, email_verified, user_id, given_name, family_name, name, phone_number, phone_verified,
// password_hash (bcrypt) or custom_password_hash, mfa_factors, app_metadata (→ trusted_metadata) and user_metadata
// (→ untrusted_metadata). The same file an Auth0 tenant's export is turned into to move users between tenants.
//
// custom_password_hash {algorithm, hash {value, encoding, digest, key}, salt {value, encoding, position},
// password {encoding}} → PHC:
//   bcrypt      hash.value `$2a$`/`$2b$`                               → as is
//   argon2      hash.value PHC (argon2i/d/id)                           → as is
//   pbkdf2      hash.value PHC `$pbkdf2-<digest>$i=…,l=…$salt$hash` (Auth0's defaults i=100000, l=64) with digest
//               sha1, sha256 or sha512                                  → pbkdf2-<digest>
//   sha1, sha256, sha512   hash.value hex or base64, optional salt (utf8/hex/base64) with position prefix|suffix
//                                                                       → salted-<digest>
// md4, md5, hmac, ldap, other PBKDF2 digests and a password encoding other than utf8 skip the row with
// `unsupported_password_hash` (they cannot be verified as Gatehouse verifies passwords, or are broken).
// mfa_factors: `{ totp: { secret } }` (base32) becomes a TOTP; phone and e-mail factors are not sign-in identifiers
// here and are left out. Auth0 requires user_id of imported users to be unique, so it is the external id.
import { phc, type ShaDigest } from '../password-schemes';
import type { ParsedExport, PortableUser } from '../portable-user';
import {
  acceptedHash,
  addEmail,
  addPhone,
  assertObjectRow,
  decodeBytes,
  isRecord,
  jsonRows,
  malformedRow,
  newPortableUser,
  optionalArray,
  optionalBoolean,
  optionalObject,
  optionalString,
  readEmail,
  readPhone,
  readRows,
  readTotpSecret,
  requiredString,
  unsupportedHash,
} from './common';

export function parseAuth0Export(text: string): ParsedExport {
  return readRows(jsonRows(text), readAuth0User, (value) =>
    isRecord(value) && typeof value.user_id === 'string' ? value.user_id : null,
  );
}

function readAuth0User(value: unknown): PortableUser {
  const row = assertObjectRow(value);
  const user = newPortableUser(requiredString(row.user_id, 'user_id'));
  addEmail(
    user,
    readEmail(row.email, 'email'),
    optionalBoolean(row.email_verified, 'email_verified') ?? false,
  );

  const given = optionalString(row.given_name, 'given_name') ?? '';
  const family = optionalString(row.family_name, 'family_name') ?? '';
  const full = (optionalString(row.name, 'name') ?? '').trim();
  if (given !== '' || family !== '') {
    user.name = { first_name: given, middle_name: '', last_name: family };
  } else if (full !== '' && !full.includes('@')) {
    // Auth0 fills `name` with the e-mail when nothing else is known; that is no name.
    const space = full.indexOf(' ');
    user.name = {
      first_name: space < 0 ? full : full.slice(0, space),
      middle_name: '',
      last_name: space < 0 ? '' : full.slice(space + 1).trim(),
    };
  }

  if (row.phone_number !== undefined && row.phone_number !== null) {
    addPhone(
      user,
      readPhone(row.phone_number, 'phone_number'),
      optionalBoolean(row.phone_verified, 'phone_verified') ?? false,
    );
  }
  for (const [index, entry] of optionalArray(row.mfa_factors, 'mfa_factors').entries()) {
    const factor = optionalObject(entry, `mfa_factors[${index}]`);
    if (factor.totp !== undefined) {
      const totp = optionalObject(factor.totp, `mfa_factors[${index}].totp`);
      user.totps.push({ secret_base32: readTotpSecret(totp.secret, `mfa_factors[${index}].totp.secret`) });
    }
  }
  user.trusted_metadata = optionalObject(row.app_metadata, 'app_metadata');
  user.untrusted_metadata = optionalObject(row.user_metadata, 'user_metadata');

  if (row.password_hash !== undefined && row.custom_password_hash !== undefined) {
    throw malformedRow('password_hash and custom_password_hash are mutually exclusive.');
  }
  if (row.password_hash !== undefined) {
    const hash = requiredString(row.password_hash, 'password_hash');
    if (!/^\$2[ab]\$/.test(hash)) throw malformedRow('password_hash is not a $2a$ or $2b$ bcrypt hash.');
    user.password_hash = acceptedHash(hash);
  } else if (row.custom_password_hash !== undefined) {
    user.password_hash = readCustomPasswordHash(
      optionalObject(row.custom_password_hash, 'custom_password_hash'),
    );
  }
  return user;
}

const ENCODINGS = ['base64', 'hex', 'utf8'] as const;
type Encoding = (typeof ENCODINGS)[number];

function encodingOf(value: unknown, field: string, fallback: Encoding): Encoding {
  const text = optionalString(value, field) ?? fallback;
  if (!(ENCODINGS as readonly string[]).includes(text))
    throw malformedRow(`${field} is not base64, hex or utf8.`);
  return text as Encoding;
}

const DIGEST_BYTES: Record<ShaDigest, number> = { sha1: 20, sha256: 32, sha512: 64 };

/** Auth0's PBKDF2 digest names that are SHA-1/256/512 (its list includes OpenSSL aliases). */
function pbkdf2Digest(name: string): ShaDigest | null {
  const lower = name.toLowerCase();
  for (const digest of ['sha1', 'sha256', 'sha512'] as const) {
    if (lower === digest || lower === `rsa-${digest}` || lower === `${digest}withrsaencryption`)
      return digest;
  }
  return null;
}

function readCustomPasswordHash(custom: Record<string, unknown>): string {
  const algorithm = requiredString(custom.algorithm, 'custom_password_hash.algorithm');
  const hash = optionalObject(custom.hash, 'custom_password_hash.hash');
  const value = requiredString(hash.value, 'custom_password_hash.hash.value');
  const password = optionalObject(custom.password, 'custom_password_hash.password');
  const passwordEncoding =
    optionalString(password.encoding, 'custom_password_hash.password.encoding') ?? 'utf8';
  if (passwordEncoding !== 'utf8') {
    throw unsupportedHash(
      `Passwords hashed as ${passwordEncoding.slice(0, 20)} are not supported (only utf8).`,
    );
  }
  switch (algorithm) {
    case 'bcrypt':
      if (!/^\$2[aby]\$/.test(value)) throw malformedRow('hash.value is not a bcrypt hash.');
      return acceptedHash(value);
    case 'argon2':
      if (!/^\$argon2(id|i|d)\$/.test(value)) throw malformedRow('hash.value is not an argon2 PHC string.');
      return acceptedHash(value);
    case 'pbkdf2':
      return readPbkdf2(value);
    case 'sha1':
    case 'sha256':
    case 'sha512': {
      const encoding = encodingOf(hash.encoding, 'custom_password_hash.hash.encoding', 'hex');
      if (encoding === 'utf8') throw malformedRow('A SHA hash must be hex or base64.');
      const digestBytes = decodeBytes(value, encoding);
      if (digestBytes?.length !== DIGEST_BYTES[algorithm]) {
        throw malformedRow(
          `hash.value is not a ${DIGEST_BYTES[algorithm]}-byte ${algorithm} digest in ${encoding}.`,
        );
      }
      let salt: Uint8Array = new Uint8Array(0);
      let position: 'prefix' | 'suffix' = 'prefix';
      if (custom.salt !== undefined) {
        const saltObject = optionalObject(custom.salt, 'custom_password_hash.salt');
        const saltEncoding = encodingOf(saltObject.encoding, 'custom_password_hash.salt.encoding', 'utf8');
        const decoded = decodeBytes(
          requiredString(saltObject.value, 'custom_password_hash.salt.value'),
          saltEncoding,
        );
        if (decoded === null) throw malformedRow(`salt.value is not ${saltEncoding}.`);
        const where = optionalString(saltObject.position, 'custom_password_hash.salt.position');
        if (where !== 'prefix' && where !== 'suffix')
          throw malformedRow('salt.position is neither prefix nor suffix.');
        salt = decoded;
        position = where;
      }
      return acceptedHash(phc.saltedSha({ digest: algorithm, position, salt, hash: digestBytes }));
    }
    case 'md4':
    case 'md5':
    case 'hmac':
    case 'ldap':
    case 'scrypt':
      throw unsupportedHash(`Auth0 "${algorithm}" hashes are not supported; the user resets the password.`);
    default:
      throw malformedRow(`custom_password_hash.algorithm "${algorithm.slice(0, 40)}" is not one of Auth0's.`);
  }
}

/** `$pbkdf2-<digest>$i=…,l=…$<B64 salt>$<B64 hash>`, parameters optional (Auth0: i=100000, l=64). */
function readPbkdf2(value: string): string {
  const parts = value.split('$');
  if (parts.length !== 5 || parts[0] !== '' || !parts[1]!.startsWith('pbkdf2-')) {
    throw malformedRow('hash.value is not a $pbkdf2-<digest>$… PHC string.');
  }
  const digest = pbkdf2Digest(parts[1]!.slice('pbkdf2-'.length));
  if (digest === null) throw unsupportedHash(`PBKDF2 with ${parts[1]!.slice(7, 40)} is not supported.`);
  let iterations = 100_000;
  let keyLength = 64;
  for (const parameter of parts[2] === '' ? [] : parts[2]!.split(',')) {
    const match = /^([il])=([1-9][0-9]{0,9})$/.exec(parameter);
    if (!match) throw malformedRow('PBKDF2 parameters must be i=<iterations> and l=<key length>.');
    if (match[1] === 'i') iterations = Number(match[2]);
    else keyLength = Number(match[2]);
  }
  const salt = decodeBytes(parts[3]!, 'base64');
  const hash = decodeBytes(parts[4]!, 'base64');
  if (salt === null || hash === null) throw malformedRow('The PBKDF2 salt and hash must be B64.');
  if (hash.length !== keyLength) throw malformedRow('The PBKDF2 hash is not l bytes long.');
  return acceptedHash(phc.pbkdf2({ digest, iterations, salt, hash }));
}
