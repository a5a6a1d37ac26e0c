// Issue 14 item 3: Stytch users. Each row is a Stytch User object as `GET /v1/users/{id}` and `POST /v1/users/search`
// answer it (user_id, status, name, emails[], phone_numbers[], providers[], webauthn_registrations[], totps[],
// crypto_wallets[], trusted_metadata, untrusted_metadata, created_at), in a JSON array, a users.search answer
// (`{ "results": [...] }`) or JSON lines. Stytch's API never returns password hashes, TOTP secrets or passkey public
// keys; a Stytch data export carries them, and this reader takes them where it does:
//   - the password hash in the shape of `POST /v1/passwords/migrate` (hash, hash_type and the matching *_config),
//     either inside the user's `password` object or at the top level of the row;
//   - a TOTP's base32 secret as `totps[].secret` (the field `POST /v1/totps` answers with); only verified TOTPs;
//   - a passkey's `webauthn_registrations[].credential_id` (base64url) and `public_key` (base64url COSE_Key), with
//     optional `sign_count` and `transports`; a registration without both cannot sign in and is left out.
// Stytch user ids have our form (`user-test-<uuid>`), so they are kept as the Gatehouse ids.
// Issue 24 item 4: what a row carries that is not imported is reported (the summary's `dropped`), each with why:
// biometric_registrations (device-bound keys of Stytch's mobile SDKs), providers of a type Gatehouse lacks, passkeys
// without their public key, TOTPs without a secret or never verified, wallets of chains other than Ethereum and
// Solana, a password object without a hash (what Stytch's API gives), is_locked, external_id, roles beyond Stytch's
// default `stytch_user`, and any key that is not a User object field.
import { phc } from '../password-schemes';
import type { ParsedExport, PortableUser } from '../portable-user';
import {
  acceptedHash,
  addEmail,
  addPhone,
  assertObjectRow,
  type DropField,
  decodeBytes,
  dropUnknownFields,
  isBase64Url,
  isEmptyValue,
  isRecord,
  jsonRows,
  keptUserId,
  malformedRow,
  newPortableUser,
  OAUTH_PROVIDER_KEYS,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  optionalTimestamp,
  readEmail,
  readPhone,
  readRows,
  readTotpSecret,
  requiredString,
  unsupportedHash,
} from './common';

export function parseStytchExport(text: string): ParsedExport {
  return readRows(jsonRows(text, { arrayKey: 'results' }), readStytchUser, (value) =>
    isRecord(value) && typeof value.user_id === 'string' ? value.user_id : null,
  );
}

/** User object fields read or reported below, the ids of its records, and a users.get answer's envelope. */
const KNOWN_KEYS: ReadonlySet<string> = new Set([
  'user_id',
  'status',
  'created_at',
  'name',
  'emails',
  'phone_numbers',
  'providers',
  'totps',
  'webauthn_registrations',
  'crypto_wallets',
  'biometric_registrations',
  'trusted_metadata',
  'untrusted_metadata',
  'password',
  'hash',
  'hash_type',
  'argon_2_config',
  'scrypt_config',
  'pbkdf_2_config',
  'sha_1_config',
  'sha_512_config',
  'md_5_config',
  'phpass_config',
  'is_locked',
  'lock_created_at',
  'lock_expires_at',
  'roles',
  'external_id',
  'request_id',
  'status_code',
]);

function readStytchUser(value: unknown, drop: DropField): PortableUser {
  const row = assertObjectRow(value);
  const userId = requiredString(row.user_id, 'user_id');
  const user = newPortableUser(userId);
  user.user_id = keptUserId(userId);

  const status = optionalString(row.status, 'status') ?? 'active';
  if (status !== 'active' && status !== 'pending')
    throw malformedRow('status is neither active nor pending.');
  user.status = status;
  user.created_at = optionalTimestamp(row.created_at, 'created_at');

  const name = optionalObject(row.name, 'name');
  user.name = {
    first_name: optionalString(name.first_name, 'name.first_name') ?? '',
    middle_name: optionalString(name.middle_name, 'name.middle_name') ?? '',
    last_name: optionalString(name.last_name, 'name.last_name') ?? '',
  };

  for (const [index, entry] of optionalArray(row.emails, 'emails').entries()) {
    const email = optionalObject(entry, `emails[${index}]`);
    addEmail(
      user,
      readEmail(email.email, `emails[${index}].email`),
      optionalBoolean(email.verified, `emails[${index}].verified`) ?? false,
    );
  }
  for (const [index, entry] of optionalArray(row.phone_numbers, 'phone_numbers').entries()) {
    const phone = optionalObject(entry, `phone_numbers[${index}]`);
    addPhone(
      user,
      readPhone(phone.phone_number, `phone_numbers[${index}].phone_number`),
      optionalBoolean(phone.verified, `phone_numbers[${index}].verified`) ?? false,
    );
  }
  for (const [index, entry] of optionalArray(row.providers, 'providers').entries()) {
    const provider = optionalObject(entry, `providers[${index}]`);
    const type = requiredString(provider.provider_type, `providers[${index}].provider_type`).toLowerCase();
    const subject = requiredString(provider.provider_subject, `providers[${index}].provider_subject`);
    if (OAUTH_PROVIDER_KEYS.has(type))
      user.oauth_registrations.push({ provider_type: type, provider_subject: subject });
    else drop(`providers[${index}]`, `Gatehouse has no "${type.slice(0, 40)}" OAuth provider.`);
  }
  for (const [index, entry] of optionalArray(row.totps, 'totps').entries()) {
    const totp = optionalObject(entry, `totps[${index}]`);
    if (optionalBoolean(totp.verified, `totps[${index}].verified`) !== true) {
      drop(`totps[${index}]`, 'The TOTP was never verified in Stytch (an enrolment not finished).');
      continue;
    }
    if (totp.secret === undefined || totp.secret === null) {
      drop(
        `totps[${index}]`,
        "Stytch's API gives no TOTP secret (an export with `secret` does): the user sets up the authenticator app again.",
      );
      continue;
    }
    user.totps.push({ secret_base32: readTotpSecret(totp.secret, `totps[${index}].secret`) });
  }
  for (const [index, entry] of optionalArray(
    row.webauthn_registrations,
    'webauthn_registrations',
  ).entries()) {
    const registration = readWebAuthnRegistration(entry, `webauthn_registrations[${index}]`);
    if (registration) user.webauthn_registrations.push(registration);
    else {
      drop(
        `webauthn_registrations[${index}]`,
        "Without its credential_id and public_key (Stytch's API gives neither) the passkey cannot sign in here; the user registers it again.",
      );
    }
  }
  for (const [index] of optionalArray(row.biometric_registrations, 'biometric_registrations').entries()) {
    drop(
      `biometric_registrations[${index}]`,
      "Gatehouse has no biometric sign-in (a key kept on the device by Stytch's mobile SDKs); the user signs in another way.",
    );
  }
  for (const [index, entry] of optionalArray(row.crypto_wallets, 'crypto_wallets').entries()) {
    const wallet = optionalObject(entry, `crypto_wallets[${index}]`);
    const address = requiredString(
      wallet.crypto_wallet_address,
      `crypto_wallets[${index}].crypto_wallet_address`,
    );
    const type = requiredString(wallet.crypto_wallet_type, `crypto_wallets[${index}].crypto_wallet_type`);
    if (type === 'ethereum' && /^0x[0-9a-fA-F]{40}$/.test(address)) {
      user.crypto_wallets.push({
        crypto_wallet_address: address.toLowerCase(),
        crypto_wallet_type: 'ethereum',
      });
    } else if (type === 'solana' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) {
      user.crypto_wallets.push({ crypto_wallet_address: address, crypto_wallet_type: 'solana' });
    } else if (type === 'ethereum' || type === 'solana') {
      throw malformedRow(`crypto_wallets[${index}] is not an Ethereum or Solana address.`);
    } else {
      drop(
        `crypto_wallets[${index}]`,
        `Gatehouse signs in Ethereum and Solana wallets, not "${type.slice(0, 40)}".`,
      );
    }
  }
  user.trusted_metadata = optionalObject(row.trusted_metadata, 'trusted_metadata');
  user.untrusted_metadata = optionalObject(row.untrusted_metadata, 'untrusted_metadata');

  readUnimported(row, drop);

  // The hash: in the user's password object (an export's extension of it), or beside the user's fields.
  const passwordObject = isRecord(row.password) && row.password.hash_type !== undefined ? row.password : row;
  if (isRecord(row.password) && passwordObject.hash_type === undefined && passwordObject.hash === undefined) {
    // The User object as Stytch's API answers it: the user had a password, but no hash comes with it.
    drop(
      'password',
      "No password hash (Stytch's API gives none; a Stytch data export does): the user signs in another way or resets the password.",
    );
  }
  if (passwordObject.hash_type !== undefined || passwordObject.hash !== undefined) {
    user.password_hash = readMigrateHash(passwordObject);
    // Issue 20 item 6: the User object's `password.requires_reset` (a password Stytch flagged) carries over.
    if (isRecord(row.password)) {
      user.password_requires_reset =
        optionalBoolean(row.password.requires_reset, 'password.requires_reset') ?? false;
    }
  }
  return user;
}

/** Fields of the User object Gatehouse has no place for: each reported when it holds something. */
function readUnimported(row: Record<string, unknown>, drop: DropField): void {
  if (optionalBoolean(row.is_locked, 'is_locked') === true) {
    drop(
      'is_locked',
      "Stytch's lock is temporary (after failed sign-ins); Gatehouse counts failed sign-ins afresh.",
    );
  }
  if (!isEmptyValue(row.external_id)) {
    drop(
      'external_id',
      "Gatehouse keeps one id from the source, Stytch's `user_id`; the application's own id is not kept.",
    );
  }
  const roles = optionalArray(row.roles, 'roles').filter((role) => role !== 'stytch_user');
  if (roles.length > 0)
    drop('roles', 'Gatehouse has no roles (RBAC); only the default stytch_user role is implied.');
  dropUnknownFields(row, KNOWN_KEYS, drop, "Not a field of Stytch's User object that Gatehouse imports.");
}

function readWebAuthnRegistration(
  value: unknown,
  field: string,
): PortableUser['webauthn_registrations'][number] | null {
  const registration = optionalObject(value, field);
  const credentialId = optionalString(registration.credential_id, `${field}.credential_id`);
  const publicKey = optionalString(registration.public_key, `${field}.public_key`);
  if (credentialId === null || publicKey === null) return null;
  if (!isBase64Url(credentialId) || !isBase64Url(publicKey)) {
    throw malformedRow(`${field}: credential_id and public_key must be base64url.`);
  }
  const transports = optionalArray(registration.transports, `${field}.transports`);
  if (!transports.every((transport) => typeof transport === 'string')) {
    throw malformedRow(`${field}.transports is not a list of strings.`);
  }
  return {
    credential_id: credentialId,
    public_key: publicKey,
    sign_count: optionalInteger(registration.sign_count, `${field}.sign_count`) ?? 0,
    transports: transports as string[],
    domain: requiredString(registration.domain, `${field}.domain`),
    name: optionalString(registration.name, `${field}.name`) ?? '',
    authenticator_type: optionalString(registration.authenticator_type, `${field}.authenticator_type`) ?? '',
  };
}

function requiredBytes(value: unknown, field: string, encoding: 'base64' | 'hex' | 'utf8'): Uint8Array {
  const text = optionalString(value, field) ?? '';
  const bytes = decodeBytes(text, encoding);
  if (bytes === null) throw malformedRow(`${field} is not ${encoding}.`);
  return bytes;
}

function configInteger(config: Record<string, unknown>, key: string, field: string): number {
  const value = optionalInteger(config[key], `${field}.${key}`);
  if (value === null) throw malformedRow(`${field}.${key} is missing.`);
  return value;
}

/** A SHA/MD-5 digest: hex (what these exports write), or base64 of the right length. */
function digestBytes(hash: string, length: number): Uint8Array {
  const fromHex = decodeBytes(hash, 'hex');
  if (fromHex?.length === length) return fromHex;
  const fromBase64 = decodeBytes(hash, 'base64');
  if (fromBase64?.length === length) return fromBase64;
  throw malformedRow(`hash is not a ${length}-byte digest in hex or base64.`);
}

/** `POST /v1/passwords/migrate`'s hash, hash_type and *_config, as one PHC string. */
function readMigrateHash(source: Record<string, unknown>): string {
  const hashType = requiredString(source.hash_type, 'hash_type');
  const hash = requiredString(source.hash, 'hash');
  switch (hashType) {
    case 'bcrypt':
      return acceptedHash(hash);
    case 'argon_2i':
    case 'argon_2id': {
      const id = hashType === 'argon_2i' ? 'argon2i' : 'argon2id';
      if (hash.startsWith('$')) {
        if (!hash.startsWith(`$${id}$`)) throw malformedRow(`hash is not an encoded ${id} hash.`);
        return acceptedHash(hash);
      }
      // The "hex form": the raw hash in hex, its parameters in argon_2_config (the salt as the text it was).
      const config = optionalObject(source.argon_2_config, 'argon_2_config');
      const memory = configInteger(config, 'memory', 'argon_2_config');
      const iterations = configInteger(config, 'iteration_amount', 'argon_2_config');
      const threads = configInteger(config, 'threads', 'argon_2_config');
      const salt = requiredBytes(config.salt, 'argon_2_config.salt', 'utf8');
      const raw = requiredBytes(hash, 'hash', 'hex');
      const keyLength = optionalInteger(config.key_length, 'argon_2_config.key_length');
      if (keyLength !== null && keyLength !== raw.length)
        throw malformedRow('key_length is not the hash length.');
      const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/=+$/, '');
      return acceptedHash(`$${id}$v=19$m=${memory},t=${iterations},p=${threads}$${b64(salt)}$${b64(raw)}`);
    }
    case 'scrypt': {
      if (hash.startsWith('$scrypt$')) return acceptedHash(hash);
      const config = optionalObject(source.scrypt_config, 'scrypt_config');
      const n = configInteger(config, 'n_parameter', 'scrypt_config');
      const logN = Math.log2(n);
      if (!Number.isInteger(logN) || logN < 1)
        throw malformedRow('scrypt_config.n_parameter is not a power of two.');
      const raw = requiredBytes(hash, 'hash', 'base64');
      const keyLength = configInteger(config, 'key_length', 'scrypt_config');
      if (keyLength !== raw.length) throw malformedRow('scrypt_config.key_length is not the hash length.');
      return acceptedHash(
        phc.scrypt({
          logN,
          r: configInteger(config, 'r_parameter', 'scrypt_config'),
          p: configInteger(config, 'p_parameter', 'scrypt_config'),
          salt: requiredBytes(config.salt, 'scrypt_config.salt', 'base64'),
          hash: raw,
        }),
      );
    }
    case 'pbkdf_2': {
      const config = optionalObject(source.pbkdf_2_config, 'pbkdf_2_config');
      const algorithm = optionalString(config.algorithm, 'pbkdf_2_config.algorithm') ?? 'sha256';
      if (algorithm !== 'sha256' && algorithm !== 'sha512') {
        throw malformedRow('pbkdf_2_config.algorithm is neither sha256 nor sha512.');
      }
      const raw = requiredBytes(hash, 'hash', 'base64');
      const keyLength = configInteger(config, 'key_length', 'pbkdf_2_config');
      if (keyLength !== raw.length) throw malformedRow('pbkdf_2_config.key_length is not the hash length.');
      return acceptedHash(
        phc.pbkdf2({
          digest: algorithm,
          iterations: configInteger(config, 'iteration_amount', 'pbkdf_2_config'),
          salt: requiredBytes(config.salt, 'pbkdf_2_config.salt', 'base64'),
          hash: raw,
        }),
      );
    }
    case 'sha_1':
    case 'sha_512': {
      const digest = hashType === 'sha_1' ? 'sha1' : 'sha512';
      const configKey = `${hashType}_config`;
      const config = optionalObject(source[configKey], configKey);
      const prepend = optionalString(config.prepend_salt, `${configKey}.prepend_salt`) ?? '';
      const append = optionalString(config.append_salt, `${configKey}.append_salt`) ?? '';
      if (prepend !== '' && append !== '') {
        throw unsupportedHash('A salt both before and after the password is not supported.');
      }
      return acceptedHash(
        phc.saltedSha({
          digest,
          position: append !== '' ? 'suffix' : 'prefix',
          salt: new Uint8Array(Buffer.from(append || prepend, 'utf8')),
          hash: digestBytes(hash, digest === 'sha1' ? 20 : 64),
        }),
      );
    }
    case 'md_5':
    case 'phpass':
      throw unsupportedHash(
        `${hashType} hashes are not supported (MD5 is broken); the user resets the password.`,
      );
    default:
      throw malformedRow(`hash_type "${hashType.slice(0, 40)}" is not one of Stytch's.`);
  }
}
