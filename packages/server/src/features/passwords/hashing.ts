// Issue 10 item 1 "Hashing": argon2id through @node-rs/argon2 (a native, prebuilt library). Its async calls run on
// the libuv thread pool, so a hash never blocks the event loop (issue 10 item 6: the session check keeps its p99
// while sign-ins hash). The PHC string carries algorithm, version, m, t and p, so a stored hash says how it was made
// and a change of parameters is seen at the next sign-in (needsRehash).
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@gatehouse/protocol';
import type { Algorithm, Version } from '@node-rs/argon2';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { ApiError } from '../../infra/errors';
import { parsePasswordHash, verifyLegacyPassword } from '../import/password-schemes';
import type { Argon2Pool } from './hashing-pool';

/** OWASP Password Storage Cheat Sheet, argon2id first option: 19 MiB of memory, 2 passes, 1 lane. */
export interface Argon2Parameters {
  /** KiB (the PHC `m=`). */
  memoryCost: number;
  /** Passes (the PHC `t=`). */
  timeCost: number;
  /** Lanes (the PHC `p=`). */
  parallelism: number;
}

export const OWASP_ARGON2ID: Readonly<Argon2Parameters> = Object.freeze({
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

// `const enum` members of a .d.ts cannot be read under isolatedModules; these are their documented values.
const ARGON2ID = 2 as Algorithm.Argon2id;
const VERSION_0X13 = 1 as Version.V0x13;

/** Issue 10 item 1: 8..256 code points (not UTF-16 units: an emoji is one character to the user). */
/** (The numbers live in @gatehouse/protocol: the widget names the minimum in its hint, issue 22 finding 10.) */
export const PASSWORD_MIN_CODE_POINTS = PASSWORD_MIN_LENGTH;
export const PASSWORD_MAX_CODE_POINTS = PASSWORD_MAX_LENGTH;

/**
 * Code points of `password`, counting no further than `limit + 1` (a 1 MB password is refused after 257 steps, not
 * after walking the whole string). A lone surrogate counts as one, like the replacement character it encodes as.
 */
export function countCodePoints(password: string, limit = PASSWORD_MAX_CODE_POINTS): number {
  // Fast refusal: every code point takes one or two UTF-16 units.
  if (password.length > 2 * limit) return limit + 1;
  let count = 0;
  for (let i = 0; i < password.length; i += 1) {
    const unit = password.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < password.length) {
      const next = password.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
    if (count > limit) return count;
  }
  return count;
}

export const PASSWORD_LENGTH_MESSAGE = `Passwords must be between ${PASSWORD_MIN_CODE_POINTS} and ${PASSWORD_MAX_CODE_POINTS} characters long.`;

/**
 * Issue 10 item 1: the bounds are checked before any hashing, with no truncation and no case folding (the password
 * is hashed exactly as sent). Outside them: 400 invalid_password; never the password itself in the message.
 */
export function assertPasswordLength(password: string): void {
  const count = countCodePoints(password);
  if (count < PASSWORD_MIN_CODE_POINTS || count > PASSWORD_MAX_CODE_POINTS) {
    throw new ApiError('invalid_password', PASSWORD_LENGTH_MESSAGE);
  }
}

/** Issue 24 item 1: a password to verify — non-empty and within the upper bound (the kit's assertVerifiable). */
export function assertVerifiablePassword(password: string): void {
  if (password === '' || countCodePoints(password) > PASSWORD_MAX_CODE_POINTS) {
    throw new ApiError('invalid_password', PASSWORD_LENGTH_MESSAGE);
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<{ valid: boolean; needsRehash: boolean }>;
  /**
   * EN-02: the work of one verify where there is no hash to check (an unknown address, a locked password): an argon2id
   * verify against a hash of random bytes made once under today's parameters, so it costs what a real account's
   * verify costs even when an operator's parameters are not the defaults. Never valid.
   */
  verifyNothing(password: string): Promise<void>;
}

/**
 * At most `limit` calls of `task` at once; the others wait in order. Issue 10 item 6: argon2 is pure CPU, so more
 * hashes in flight than cores adds no throughput, only threads competing with the event loop for the cores (the
 * libuv pool has 4 threads; this machine 2 cores).
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export interface PasswordHasherOptions {
  /** Hashes computed at once (default: the machine's cores); the others queue. */
  maxConcurrent?: number;
  /**
   * Worker threads at a lower priority that compute the hashes (hashing-pool.ts); absent: the library's async calls
   * on the libuv pool.
   */
  pool?: Argon2Pool;
}

export function createPasswordHasher(
  parameters: Argon2Parameters = OWASP_ARGON2ID,
  { maxConcurrent = availableParallelism(), pool }: PasswordHasherOptions = {},
): PasswordHasher {
  const limited = concurrencyLimit(Math.max(1, maxConcurrent));
  const options = {
    algorithm: ARGON2ID,
    version: VERSION_0X13,
    memoryCost: parameters.memoryCost,
    timeCost: parameters.timeCost,
    parallelism: parameters.parallelism,
  };
  const hashNow = (password: string) =>
    limited(() => (pool ? pool.hash(password, options) : hash(password, options)));
  const verifyArgon2 = (stored: string, password: string) =>
    limited(() => (pool ? pool.verify(stored, password) : verify(stored, password))).catch(() => false);
  // An argon2id hash of random bytes under today's parameters, made once, that no password is checked against for
  // its answer.
  let timingPadding: Promise<string> | null = null;
  const verifyPadding = (password: string): Promise<boolean> => {
    timingPadding ??= hashNow(randomBytes(32).toString('base64url'));
    return timingPadding.then(
      (padding) => verifyArgon2(padding, password),
      () => false,
    );
  };
  return {
    hash: hashNow,
    async verifyNothing(password) {
      await verifyPadding(password);
    },
    async verify(stored, password) {
      // Issue 14 item 3: an imported hash (bcrypt, scrypt, Firebase scrypt, PBKDF2, salted SHA, argon2i/d) verifies
      // once with its own scheme; then needsRehash makes the sign-in store argon2id (service.ts rehash path).
      if (!stored.startsWith('$argon2id$')) {
        // EN-02: an unknown address costs one argon2id verify (verifyNothing); an imported salted SHA costs
        // microseconds. Running an argon2id verify beside the legacy one makes a cheap imported hash take at least
        // as long as the unknown-address path, so the answer's timing does not tell that the address has an account.
        const [valid] = await Promise.all([
          limited(() => verifyLegacyPassword(stored, password)),
          verifyPadding(password),
        ]);
        return { valid, needsRehash: valid };
      }
      // An imported argon2id past the work bounds (e.g. m of gigabytes) is refused before any hashing.
      if (parsePasswordHash(stored) === null) return { valid: false, needsRehash: false };
      let current: ReturnType<typeof parseOptions>;
      try {
        current = parseOptions(stored);
      } catch {
        // Not a PHC string this library reads: no password matches it (never a 500 for a damaged row).
        return { valid: false, needsRehash: false };
      }
      // The library compares the derived hash in constant time (argon2 reference verify).
      const valid = await verifyArgon2(stored, password);
      const needsRehash =
        current.algorithm !== ARGON2ID ||
        current.version !== VERSION_0X13 ||
        current.memoryCost !== parameters.memoryCost ||
        current.timeCost !== parameters.timeCost ||
        current.parallelism !== parameters.parallelism;
      return { valid, needsRehash: valid && needsRehash };
    },
  };
}
