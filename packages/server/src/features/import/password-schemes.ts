// Issue 14 item 3: imported password hashes. Every provider parser turns its export's hash into one PHC string of the
// ids portable-user.ts fixes (the builders `phc.*` below); `parsePasswordHash` validates such a string and
// `verifyLegacyPassword` checks a password against it at sign-in, after which passwords/hashing.ts answers
// needsRehash and the sign-in stores argon2id (passwords/service.ts rehash path).
//
// Work is bounded: a hash whose parameters would take more than a few seconds or hundreds of MiB to verify (a crafted
// import, or a system with unusual settings) is refused as unsupported, so no row can make a sign-in a denial of
// service. The bounds follow issue 14's brief (scrypt N <= 2^20, PBKDF2 <= 10M iterations, bcrypt cost <= 16) with a
// memory cap on the memory-hard schemes. Measured on this 2-vCPU machine: bcrypt cost 10 = 0.1 s, 14 = 1.4 s (so 16
// ~ 5.6 s); PBKDF2 1M iterations = 0.26 s (SHA-256), 0.72 s (SHA-1), 0.97 s (SHA-512).
//
// Off the event loop: bcrypt (@node-rs/bcrypt) and argon2 (@node-rs/argon2) run on the libuv pool, scrypt and PBKDF2
// through node:crypto's async calls; only salted SHA (microseconds) and Firebase's final AES block run inline.
// Comparisons of derived bytes are constant-time (timingSafeEqual over equal lengths, which parsing guarantees).
import { createCipheriv, createHash, pbkdf2, scrypt, timingSafeEqual } from 'node:crypto';
import { verify as argon2Verify } from '@node-rs/argon2';
import { verify as bcryptVerify } from '@node-rs/bcrypt';

/** Issue 14 brief: the work one verification may take (see the measurements above). */
export const PASSWORD_HASH_LIMITS = Object.freeze({
  bcryptMaxCost: 16,
  /** log2 of scrypt's N (also Firebase's mem_cost). */
  scryptMaxLogN: 20,
  scryptMaxR: 32,
  scryptMaxP: 16,
  /** 128·N·r bytes: scrypt's memory. */
  scryptMaxMemoryBytes: 256 * 1024 * 1024,
  /** Iterations times output blocks (PBKDF2 recomputes every block). */
  pbkdf2MaxWork: 10_000_000,
  argon2MaxMemoryKiB: 256 * 1024,
  argon2MaxTimeCost: 16,
  argon2MaxParallelism: 16,
  maxSaltBytes: 1024,
  maxKeyBytes: 256,
});

export type ShaDigest = 'sha1' | 'sha256' | 'sha512';
const DIGEST_BYTES: Record<ShaDigest, number> = { sha1: 20, sha256: 32, sha512: 64 };

/** A validated PHC string, decoded: what `verifyLegacyPassword` needs. */
export type PasswordHashDescription =
  | { id: 'bcrypt'; version: '2a' | '2b' | '2y'; cost: number }
  | {
      id: 'argon2id' | 'argon2i' | 'argon2d';
      version: 16 | 19;
      memoryCost: number;
      timeCost: number;
      parallelism: number;
      salt: Uint8Array;
      hash: Uint8Array;
    }
  | { id: 'scrypt'; logN: number; r: number; p: number; salt: Uint8Array; hash: Uint8Array }
  | {
      id: 'firebase-scrypt';
      memCost: number;
      rounds: number;
      saltSeparator: Uint8Array;
      signerKey: Uint8Array;
      salt: Uint8Array;
      hash: Uint8Array;
    }
  | {
      id: 'pbkdf2-sha1' | 'pbkdf2-sha256' | 'pbkdf2-sha512';
      digest: ShaDigest;
      iterations: number;
      salt: Uint8Array;
      hash: Uint8Array;
    }
  | {
      id: 'salted-sha1' | 'salted-sha256' | 'salted-sha512';
      digest: ShaDigest;
      position: 'prefix' | 'suffix';
      salt: Uint8Array;
      hash: Uint8Array;
    };

export type PasswordHashId = PasswordHashDescription['id'];

/** Why a string is refused: not a PHC string of ours at all (malformed), or one we will not verify (unsupported). */
export type PasswordHashCheck =
  | { ok: true; description: PasswordHashDescription }
  | { ok: false; problem: 'malformed' | 'unsupported'; message: string };

const malformed = (message: string): PasswordHashCheck => ({ ok: false, problem: 'malformed', message });
const unsupported = (message: string): PasswordHashCheck => ({ ok: false, problem: 'unsupported', message });

// ---------------------------------------------------------------------------------------------------------------
// Encoding: the PHC "B64" (standard alphabet, no padding), strict and canonical (no stray trailing bits), so one
// hash has one spelling and a re-import compares equal.

const B64_PATTERN = /^[A-Za-z0-9+/]*$/;

export function encodeB64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64').replace(/=+$/, '');
}

/** Decodes unpadded standard base64; null when it is not canonical B64. */
export function decodeB64(text: string): Uint8Array | null {
  if (!B64_PATTERN.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64');
  if (encodeB64(bytes) !== text) return null;
  return new Uint8Array(bytes);
}

const INTEGER_PATTERN = /^(0|[1-9][0-9]{0,9})$/;

/** `name=value,…` with exactly the names given (any order, no repeats); null otherwise. */
function readParameters(text: string, names: readonly string[]): Record<string, string> | null {
  const values: Record<string, string> = {};
  const parts = text.split(',');
  if (parts.length !== names.length) return null;
  for (const part of parts) {
    const equals = part.indexOf('=');
    if (equals <= 0) return null;
    const name = part.slice(0, equals);
    const value = part.slice(equals + 1);
    if (!names.includes(name) || name in values) return null;
    // PHC §"parameter value": [a-zA-Z0-9/+.-]*
    if (!/^[A-Za-z0-9/+.-]*$/.test(value)) return null;
    values[name] = value;
  }
  return values;
}

function readInteger(value: string | undefined): number | null {
  if (value === undefined || !INTEGER_PATTERN.test(value)) return null;
  return Number(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing, one function per family.

const BCRYPT_PATTERN = /^\$(2a|2b|2y)\$(\d\d)\$[./A-Za-z0-9]{53}$/;

function checkBcrypt(phc: string): PasswordHashCheck {
  const match = BCRYPT_PATTERN.exec(phc);
  if (!match)
    return malformed('The bcrypt hash is not `$2a$`/`$2b$`/`$2y$`, two cost digits and 53 characters.');
  const cost = Number(match[2]);
  if (cost < 4 || cost > 31) return malformed(`bcrypt cost ${cost} is outside 4..31.`);
  if (cost > PASSWORD_HASH_LIMITS.bcryptMaxCost) {
    return unsupported(`bcrypt cost ${cost} is above ${PASSWORD_HASH_LIMITS.bcryptMaxCost}.`);
  }
  return { ok: true, description: { id: 'bcrypt', version: match[1] as '2a' | '2b' | '2y', cost } };
}

function checkArgon2(id: 'argon2id' | 'argon2i' | 'argon2d', fields: string[]): PasswordHashCheck {
  // `$argon2id$v=19$m=…,t=…,p=…$salt$hash`; hashes of argon2 1.0 (v=16) may omit the version.
  let version = 16;
  let rest = fields;
  if (fields[0]?.startsWith('v=')) {
    const parsed = readInteger(fields[0].slice(2));
    if (parsed !== 16 && parsed !== 19) return malformed('The argon2 version is neither 16 nor 19.');
    version = parsed;
    rest = fields.slice(1);
  }
  if (rest.length !== 3) return malformed('An argon2 hash has parameters, a salt and a hash.');
  const parameters = readParameters(rest[0]!, ['m', 't', 'p']);
  if (!parameters)
    return malformed('argon2 parameters must be exactly m, t and p (keyid and data are not read).');
  const memoryCost = readInteger(parameters.m);
  const timeCost = readInteger(parameters.t);
  const parallelism = readInteger(parameters.p);
  const salt = decodeB64(rest[1]!);
  const hash = decodeB64(rest[2]!);
  if (memoryCost === null || timeCost === null || parallelism === null || !salt || !hash) {
    return malformed('argon2 parameters must be integers and salt and hash B64.');
  }
  if (parallelism < 1 || timeCost < 1 || memoryCost < 8 * parallelism) {
    return malformed('argon2 needs p >= 1, t >= 1 and m >= 8·p.');
  }
  if (salt.length < 8 || salt.length > 64 || hash.length < 4 || hash.length > 128) {
    return malformed('argon2 salt must be 8..64 bytes and the hash 4..128.');
  }
  if (
    memoryCost > PASSWORD_HASH_LIMITS.argon2MaxMemoryKiB ||
    timeCost > PASSWORD_HASH_LIMITS.argon2MaxTimeCost ||
    parallelism > PASSWORD_HASH_LIMITS.argon2MaxParallelism
  ) {
    return unsupported('argon2 parameters are beyond the limits a sign-in may spend.');
  }
  return {
    ok: true,
    description: { id, version: version as 16 | 19, memoryCost, timeCost, parallelism, salt, hash },
  };
}

function scryptWithinLimits(logN: number, r: number, p: number): boolean {
  const limits = PASSWORD_HASH_LIMITS;
  return (
    logN <= limits.scryptMaxLogN &&
    r <= limits.scryptMaxR &&
    p <= limits.scryptMaxP &&
    128 * 2 ** logN * r <= limits.scryptMaxMemoryBytes
  );
}

function checkScrypt(fields: string[]): PasswordHashCheck {
  if (fields.length !== 3) return malformed('A scrypt hash has parameters, a salt and a hash.');
  const parameters = readParameters(fields[0]!, ['ln', 'r', 'p']);
  if (!parameters) return malformed('scrypt parameters must be exactly ln, r and p.');
  const logN = readInteger(parameters.ln);
  const r = readInteger(parameters.r);
  const p = readInteger(parameters.p);
  const salt = decodeB64(fields[1]!);
  const hash = decodeB64(fields[2]!);
  if (logN === null || r === null || p === null || !salt || !hash) {
    return malformed('scrypt parameters must be integers and salt and hash B64.');
  }
  if (logN < 1 || r < 1 || p < 1) return malformed('scrypt needs ln, r and p of at least 1.');
  if (salt.length > PASSWORD_HASH_LIMITS.maxSaltBytes || hash.length < 1) {
    return malformed('The scrypt salt is too long or the hash empty.');
  }
  if (hash.length > PASSWORD_HASH_LIMITS.maxKeyBytes) return unsupported('The scrypt key is too long.');
  if (!scryptWithinLimits(logN, r, p))
    return unsupported('scrypt parameters are beyond the limits a sign-in may spend.');
  return { ok: true, description: { id: 'scrypt', logN, r, p, salt, hash } };
}

function checkFirebaseScrypt(fields: string[]): PasswordHashCheck {
  if (fields.length !== 3) return malformed('A firebase-scrypt hash has parameters, a salt and a hash.');
  const parameters = readParameters(fields[0]!, ['ln', 'r', 'p', 'ss', 'sk']);
  if (!parameters) return malformed('firebase-scrypt parameters must be exactly ln, r, p, ss and sk.');
  const memCost = readInteger(parameters.ln);
  const rounds = readInteger(parameters.r);
  const p = readInteger(parameters.p);
  const saltSeparator = decodeB64(parameters.ss ?? '');
  const signerKey = decodeB64(parameters.sk ?? '');
  const salt = decodeB64(fields[1]!);
  const hash = decodeB64(fields[2]!);
  if (memCost === null || rounds === null || p !== 1 || !saltSeparator || !signerKey || !salt || !hash) {
    return malformed('firebase-scrypt needs integer ln and r, p=1, and B64 ss, sk, salt and hash.');
  }
  if (memCost < 1 || rounds < 1) return malformed('firebase-scrypt needs ln and r of at least 1.');
  // The hash is the signer key encrypted (AES-CTR keeps the length).
  if (signerKey.length < 1 || hash.length !== signerKey.length) {
    return malformed('The firebase-scrypt hash must be as long as the signer key.');
  }
  if (salt.length + saltSeparator.length > PASSWORD_HASH_LIMITS.maxSaltBytes) {
    return malformed('The firebase-scrypt salt is too long.');
  }
  if (signerKey.length > PASSWORD_HASH_LIMITS.maxKeyBytes) return unsupported('The signer key is too long.');
  if (!scryptWithinLimits(memCost, rounds, 1)) {
    return unsupported('firebase-scrypt parameters are beyond the limits a sign-in may spend.');
  }
  return {
    ok: true,
    description: { id: 'firebase-scrypt', memCost, rounds, saltSeparator, signerKey, salt, hash },
  };
}

function checkPbkdf2(
  id: 'pbkdf2-sha1' | 'pbkdf2-sha256' | 'pbkdf2-sha512',
  fields: string[],
): PasswordHashCheck {
  if (fields.length !== 3) return malformed('A pbkdf2 hash has parameters, a salt and a hash.');
  const parameters = readParameters(fields[0]!, ['i', 'l']);
  if (!parameters) return malformed('pbkdf2 parameters must be exactly i and l.');
  const iterations = readInteger(parameters.i);
  const keyLength = readInteger(parameters.l);
  const salt = decodeB64(fields[1]!);
  const hash = decodeB64(fields[2]!);
  if (iterations === null || keyLength === null || !salt || !hash) {
    return malformed('pbkdf2 parameters must be integers and salt and hash B64.');
  }
  if (iterations < 1 || keyLength < 1 || hash.length !== keyLength) {
    return malformed('pbkdf2 needs i >= 1 and a hash of l bytes.');
  }
  if (salt.length > PASSWORD_HASH_LIMITS.maxSaltBytes) return malformed('The pbkdf2 salt is too long.');
  const digest = id.slice('pbkdf2-'.length) as ShaDigest;
  if (keyLength > PASSWORD_HASH_LIMITS.maxKeyBytes) return unsupported('The pbkdf2 key is too long.');
  const blocks = Math.ceil(keyLength / DIGEST_BYTES[digest]);
  if (iterations * blocks > PASSWORD_HASH_LIMITS.pbkdf2MaxWork) {
    return unsupported(`pbkdf2 with ${iterations} iterations is beyond the limits a sign-in may spend.`);
  }
  return { ok: true, description: { id, digest, iterations, salt, hash } };
}

function checkSaltedSha(
  id: 'salted-sha1' | 'salted-sha256' | 'salted-sha512',
  fields: string[],
): PasswordHashCheck {
  if (fields.length !== 3)
    return malformed('A salted-sha hash has parameters, a salt (maybe empty) and a hash.');
  const parameters = readParameters(fields[0]!, ['pos']);
  if (!parameters || (parameters.pos !== 'prefix' && parameters.pos !== 'suffix')) {
    return malformed('salted-sha needs pos=prefix or pos=suffix.');
  }
  const salt = decodeB64(fields[1]!);
  const hash = decodeB64(fields[2]!);
  const digest = id.slice('salted-'.length) as ShaDigest;
  if (!salt || !hash || hash.length !== DIGEST_BYTES[digest]) {
    return malformed(`salted-sha needs a B64 salt and a ${DIGEST_BYTES[digest]}-byte B64 hash.`);
  }
  if (salt.length > PASSWORD_HASH_LIMITS.maxSaltBytes) return malformed('The salt is too long.');
  return { ok: true, description: { id, digest, position: parameters.pos, salt, hash } };
}

/** Validates `phc` (portable-user.ts's ids and encodings) and says what is wrong when it is refused. */
export function checkPasswordHash(phc: string): PasswordHashCheck {
  if (typeof phc !== 'string' || phc.length > 2048)
    return malformed('The password hash is not a short string.');
  if (/^\$2[aby]\$/.test(phc)) return checkBcrypt(phc);
  const fields = phc.split('$');
  if (fields[0] !== '' || fields.length < 2) return malformed('The password hash is not a PHC string.');
  const id = fields[1]!;
  const rest = fields.slice(2);
  switch (id) {
    case 'argon2id':
    case 'argon2i':
    case 'argon2d':
      return checkArgon2(id, rest);
    case 'scrypt':
      return checkScrypt(rest);
    case 'firebase-scrypt':
      return checkFirebaseScrypt(rest);
    case 'pbkdf2-sha1':
    case 'pbkdf2-sha256':
    case 'pbkdf2-sha512':
      return checkPbkdf2(id, rest);
    case 'salted-sha1':
    case 'salted-sha256':
    case 'salted-sha512':
      return checkSaltedSha(id, rest);
    default:
      return /^[a-z0-9-]{1,32}$/.test(id)
        ? unsupported(`The password hash scheme "${id}" is not supported.`)
        : malformed('The password hash is not a PHC string.');
  }
}

/** The decoded hash when `phc` is one Gatehouse verifies (within the work limits); null otherwise. */
export function parsePasswordHash(phc: string): PasswordHashDescription | null {
  const check = checkPasswordHash(phc);
  return check.ok ? check.description : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Derivation and verification.

function scryptAsync(
  password: Uint8Array,
  salt: Uint8Array,
  keyLength: number,
  options: { N: number; r: number; p: number },
): Promise<Buffer> {
  // maxmem must exceed scrypt's 128·N·r (+128·r·p); the bounds above keep it at most ~256 MiB.
  const maxmem = 128 * options.N * options.r + 128 * options.r * options.p + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function pbkdf2Async(
  password: Uint8Array,
  salt: Uint8Array,
  iterations: number,
  keyLength: number,
  digest: ShaDigest,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(password, salt, iterations, keyLength, digest, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Firebase's modified scrypt (github.com/firebase/scrypt README): scrypt(password, salt‖salt_separator, N=2^mem_cost,
 * r=rounds, p=1, 64 bytes), then AES-256-CTR with the first 32 bytes as key and a zero IV over the signer key.
 */
export async function firebaseScryptHash(
  password: string,
  options: {
    memCost: number;
    rounds: number;
    saltSeparator: Uint8Array;
    signerKey: Uint8Array;
    salt: Uint8Array;
  },
): Promise<Uint8Array> {
  const derived = await scryptAsync(
    Buffer.from(password, 'utf8'),
    Buffer.concat([options.salt, options.saltSeparator]),
    64,
    { N: 2 ** options.memCost, r: options.rounds, p: 1 },
  );
  const cipher = createCipheriv('aes-256-ctr', derived.subarray(0, 32), Buffer.alloc(16));
  return new Uint8Array(Buffer.concat([cipher.update(options.signerKey), cipher.final()]));
}

/** SHA(salt‖password) for `prefix`, SHA(password‖salt) for `suffix` (Auth0's `salt.position` vocabulary). */
export function saltedShaHash(
  password: string,
  options: { digest: ShaDigest; position: 'prefix' | 'suffix'; salt: Uint8Array },
): Uint8Array {
  const bytes = Buffer.from(password, 'utf8');
  const input =
    options.position === 'prefix'
      ? Buffer.concat([options.salt, bytes])
      : Buffer.concat([bytes, options.salt]);
  return new Uint8Array(createHash(options.digest).update(input).digest());
}

/** The bytes a derivation-based scheme (everything but bcrypt and argon2) gives for `password`. */
async function derive(
  description: Exclude<PasswordHashDescription, { id: 'bcrypt' | 'argon2id' | 'argon2i' | 'argon2d' }>,
  password: string,
): Promise<Uint8Array> {
  switch (description.id) {
    case 'scrypt':
      return scryptAsync(Buffer.from(password, 'utf8'), description.salt, description.hash.length, {
        N: 2 ** description.logN,
        r: description.r,
        p: description.p,
      });
    case 'firebase-scrypt':
      return firebaseScryptHash(password, description);
    case 'pbkdf2-sha1':
    case 'pbkdf2-sha256':
    case 'pbkdf2-sha512':
      return pbkdf2Async(
        Buffer.from(password, 'utf8'),
        description.salt,
        description.iterations,
        description.hash.length,
        description.digest,
      );
    case 'salted-sha1':
    case 'salted-sha256':
    case 'salted-sha512':
      return saltedShaHash(password, description);
  }
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether `password` is the one `phc` was made from. False for a wrong password, a malformed or unsupported hash, or
 * a failure of the library (never throws: a damaged row is a refused sign-in, not a 500).
 */
export async function verifyLegacyPassword(phc: string, password: string): Promise<boolean> {
  const description = parsePasswordHash(phc);
  if (description === null) return false;
  try {
    switch (description.id) {
      case 'bcrypt':
        // @node-rs/bcrypt compares in constant time; $2a/$2b/$2y verify alike (a 2y is a 2b written by PHP).
        return await bcryptVerify(password, phc);
      case 'argon2id':
      case 'argon2i':
      case 'argon2d':
        return await argon2Verify(phc, password);
      default:
        return constantTimeEqual(await derive(description, password), description.hash);
    }
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Builders: the parsers give raw bytes, these spell the PHC string (portable-user.ts).

export const phc = {
  scrypt(options: { logN: number; r: number; p: number; salt: Uint8Array; hash: Uint8Array }): string {
    return `$scrypt$ln=${options.logN},r=${options.r},p=${options.p}$${encodeB64(options.salt)}$${encodeB64(options.hash)}`;
  },
  firebaseScrypt(options: {
    memCost: number;
    rounds: number;
    saltSeparator: Uint8Array;
    signerKey: Uint8Array;
    salt: Uint8Array;
    hash: Uint8Array;
  }): string {
    const parameters = `ln=${options.memCost},r=${options.rounds},p=1,ss=${encodeB64(options.saltSeparator)},sk=${encodeB64(options.signerKey)}`;
    return `$firebase-scrypt$${parameters}$${encodeB64(options.salt)}$${encodeB64(options.hash)}`;
  },
  pbkdf2(options: { digest: ShaDigest; iterations: number; salt: Uint8Array; hash: Uint8Array }): string {
    return `$pbkdf2-${options.digest}$i=${options.iterations},l=${options.hash.length}$${encodeB64(options.salt)}$${encodeB64(options.hash)}`;
  },
  saltedSha(options: {
    digest: ShaDigest;
    position: 'prefix' | 'suffix';
    salt: Uint8Array;
    hash: Uint8Array;
  }): string {
    return `$salted-${options.digest}$pos=${options.position}$${encodeB64(options.salt)}$${encodeB64(options.hash)}`;
  },
};
