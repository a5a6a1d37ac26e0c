// Issue 14 item 3 and issue 24 item 2: Auth0's `custom_password_hash` ("Bulk User Import Database Schema and
// Examples", section "Custom password hash") → a PHC string of portable-user.ts:
//   bcrypt      hash.value `$2a$`/`$2b$`/`$2y$`                          → as is
//   argon2      hash.value PHC (argon2i/d/id)                           → as is
//   pbkdf2      hash.value PHC `$pbkdf2-<digest>$i=…,l=…$salt$hash` (Auth0's defaults i=100000, l=64) with digest
//               sha1, sha256 or sha512                                  → pbkdf2-<digest>
//   sha1, sha256, sha512   hash.value hex or base64, optional salt (utf8/hex/base64) at salt.position prefix|suffix
//               (Auth0's default prefix)                                → salted-<digest>
//   scrypt      hash.value hex or base64, salt {value, encoding}, keylen (required), cost (default 16384),
//               blockSize (default 8), parallelization (default 1)      → scrypt (issue 24 item 2)
// md4, md5, hmac, ldap, other PBKDF2 digests and a password encoding other than utf8 skip the row with
// `unsupported_password_hash` (they cannot be verified as Gatehouse verifies passwords, or are broken).
import { phc, type ShaDigest } from '../password-schemes';
import {
  acceptedHash,
  decodeBytes,
  malformedRow,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredString,
  unsupportedHash,
} from './common';

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

export function readCustomPasswordHash(custom: Record<string, unknown>): string {
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
        // The schema's default position is prefix.
        const where = optionalString(saltObject.position, 'custom_password_hash.salt.position') ?? 'prefix';
        if (where !== 'prefix' && where !== 'suffix')
          throw malformedRow('salt.position is neither prefix nor suffix.');
        salt = decoded;
        position = where;
      }
      return acceptedHash(phc.saltedSha({ digest: algorithm, position, salt, hash: digestBytes }));
    }
    case 'scrypt':
      return readScrypt(custom, hash, value);
    case 'md4':
    case 'md5':
    case 'hmac':
    case 'ldap':
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

/** Auth0's defaults for the scrypt parameters a row leaves out (the schema's `cost`, `blockSize`, `parallelization`). */
export const AUTH0_SCRYPT_DEFAULTS = Object.freeze({ cost: 16384, blockSize: 8, parallelization: 1 });

/**
 * Issue 24 item 2: scrypt(password, salt, N=cost, r=blockSize, p=parallelization, keylen) as Auth0 documents it,
 * as the `scrypt` PHC string Stytch's hashes also use (the same verification). `keylen` is required and must be the
 * hash's length; `cost` a power of two above 1.
 */
function readScrypt(custom: Record<string, unknown>, hash: Record<string, unknown>, value: string): string {
  const encoding = encodingOf(hash.encoding, 'custom_password_hash.hash.encoding', 'hex');
  if (encoding === 'utf8') throw malformedRow('A scrypt hash must be hex or base64.');
  const derived = decodeBytes(value, encoding);
  if (derived === null || derived.length === 0)
    throw malformedRow(`hash.value is not a scrypt hash in ${encoding}.`);
  const keylen = optionalInteger(custom.keylen, 'custom_password_hash.keylen');
  if (keylen === null) throw malformedRow('custom_password_hash.keylen is required for scrypt.');
  if (keylen !== derived.length) throw malformedRow(`The scrypt hash is not keylen (${keylen}) bytes long.`);
  const cost = optionalInteger(custom.cost, 'custom_password_hash.cost') ?? AUTH0_SCRYPT_DEFAULTS.cost;
  const blockSize =
    optionalInteger(custom.blockSize, 'custom_password_hash.blockSize') ?? AUTH0_SCRYPT_DEFAULTS.blockSize;
  const parallelization =
    optionalInteger(custom.parallelization, 'custom_password_hash.parallelization') ??
    AUTH0_SCRYPT_DEFAULTS.parallelization;
  if (cost < 2 || (cost & (cost - 1)) !== 0)
    throw malformedRow('custom_password_hash.cost is not a power of two.');
  let salt: Uint8Array = new Uint8Array(0);
  if (custom.salt !== undefined) {
    const saltObject = optionalObject(custom.salt, 'custom_password_hash.salt');
    const saltEncoding = encodingOf(saltObject.encoding, 'custom_password_hash.salt.encoding', 'utf8');
    const decoded = decodeBytes(
      requiredString(saltObject.value, 'custom_password_hash.salt.value'),
      saltEncoding,
    );
    if (decoded === null) throw malformedRow(`salt.value is not ${saltEncoding}.`);
    salt = decoded;
  }
  return acceptedHash(
    phc.scrypt({ logN: Math.log2(cost), r: blockSize, p: parallelization, salt, hash: derived }),
  );
}
