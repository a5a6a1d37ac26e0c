// Issue 10 item 1: the server's password kit — hashing, strength and breached passwords — built once per app
// (DESIGN.md convention 12) and handed to the routes as ctx.passwords.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { ProjectRecord } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import {
  type BreachChecker,
  type CompactBreachList,
  createBreachChecker,
  loadOfflineBreachList,
  offlineListOnce,
} from './breached';
import {
  type Argon2Parameters,
  assertPasswordLength,
  assertVerifiablePassword,
  countCodePoints,
  createPasswordHasher,
  OWASP_ARGON2ID,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORD_MAX_CODE_POINTS,
  PASSWORD_MIN_CODE_POINTS,
} from './hashing';
import { type Argon2Pool, createArgon2Pool } from './hashing-pool';
import {
  createZxcvbn,
  createZxcvbnWorker,
  type LudsRequirements,
  ludsDescription,
  ludsRequirements,
  ZXCVBN_VALID_SCORE,
  type ZxcvbnVerdict,
  type ZxcvbnWorker,
  zxcvbnVerdict,
} from './strength';

/** wire-format.md §4.10: the strength_check answer (also what create and the resets check). */
export interface StrengthCheckResult {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  strength_policy: 'luds' | 'zxcvbn';
  feedback: {
    suggestions: string[];
    warning: string;
    luds_requirements: LudsRequirements;
  };
}

export interface PasswordKit {
  /** Throws the 400 ApiError of a password outside 8..256 code points, before any hashing. */
  assertLength(password: string): void;
  /**
   * Issue 24 item 1: the bounds of a password being VERIFIED (a sign-in, the existing password of a change): only
   * non-empty and at most 256 code points. The new-password rules apply when a password is set, never to checking
   * one that was set elsewhere (an imported hash of a 5-character password signs in).
   */
  assertVerifiable(password: string): void;
  /** Whether a password meets today's minimum length (a verified one that does not is asked to be changed). */
  meetsMinimumLength(password: string): boolean;
  /** argon2id (OWASP: 19 MiB, t=2, p=1) PHC string carrying its parameters; off the event loop. */
  hash(password: string): Promise<string>;
  /**
   * The same argon2id hash of a password that has just VERIFIED against an older hash (an imported scheme, older
   * parameters): issue 24 item 1 — held to assertVerifiable's bounds, not the new-password rules.
   */
  rehash(password: string): Promise<string>;
  /** Constant-time verify; needsRehash when the stored parameters differ from today's. */
  verify(stored: string, password: string): Promise<{ valid: boolean; needsRehash: boolean }>;
  /** EN-02: one verify's work where no hash is there to check (hashing.ts verifyNothing). */
  verifyNothing(password: string): Promise<void>;
  /**
   * The breached check alone (the offline list, after the range API when configured): what a sign-in needs. About a
   * microsecond, where strength() also runs zxcvbn (~5-20 ms of event loop per call, measured here).
   */
  isBreached(password: string): Promise<boolean>;
  /** The project's policy (zxcvbn or LUDS from project settings password_config) + breached check. */
  strength(
    project: ProjectRecord,
    input: { password: string; email: string | null },
  ): Promise<StrengthCheckResult>;
}

/**
 * The threads a kit computes in: argon2 and zxcvbn. Handed in, they are the caller's to close (a test process shares
 * one pair between its hundreds of apps: starting the strength thread and loading its dictionaries costs ~0.45 s of
 * CPU, measured here); otherwise each kit starts its own and closes them with the app.
 */
export interface PasswordWorkers {
  argon2: Argon2Pool;
  zxcvbn: ZxcvbnWorker;
  /**
   * The package's offline breach list, compacted once for every kit that shares these workers (a thread of its own
   * builds it: ~0.5 s of CPU, 1.5–2 s on a loaded machine, which every test app checking a new password paid again).
   */
  breachList(): Promise<CompactBreachList>;
}

export function createPasswordWorkers({
  loadBreachList = () => loadOfflineBreachList(),
}: {
  /** Builds the offline list (default: the package's, in a thread of its own). */
  loadBreachList?: () => Promise<CompactBreachList>;
} = {}): PasswordWorkers & { close(): Promise<void> } {
  const workers = {
    argon2: createArgon2Pool(),
    zxcvbn: createZxcvbnWorker(),
    breachList: offlineListOnce(loadBreachList),
  };
  return {
    ...workers,
    close: async () => {
      await Promise.all([workers.argon2.close(), workers.zxcvbn.close()]);
    },
  };
}

export interface PasswordKitOptions {
  /** Threads started and closed by someone else (PasswordWorkers); used unless lowPriorityHashing/zxcvbnInWorker say no. */
  workers?: PasswordWorkers;
  /** BREACH_RANGE_API_URL (config.breachRangeApiUrl), or null for the offline list alone. */
  breachRangeApiUrl: string | null;
  /** Range API timeout; default 2 s (issue 10 item 1). */
  breachRangeTimeoutMs?: number;
  /** Replaces the package's offline list (tests). */
  loadOfflineBreachList?: () => Promise<CompactBreachList>;
  /** Hashing parameters; default OWASP_ARGON2ID (tests change them to see needsRehash). */
  argon2?: Argon2Parameters;
  /** Hashes computed at once (default: the machine's cores; more only compete with the event loop). */
  maxConcurrentHashes?: number;
  /**
   * Compute hashes in low-priority worker threads (hashing-pool.ts; default true) rather than on the libuv pool at
   * the event loop's priority.
   */
  lowPriorityHashing?: boolean;
  /**
   * Run zxcvbn in a worker thread (strength.ts createZxcvbnWorker; default true) rather than on the event loop, where
   * each check blocked every other request for 5-50 ms.
   */
  zxcvbnInWorker?: boolean;
  /** Warnings for operators (a failed range lookup); never given a password or its hash. */
  warn?: (message: string) => void;
}

/** The kit and what closes it with the app (its hashing threads). */
export type ClosablePasswordKit = PasswordKit & { close(): Promise<void> };

export function createPasswordKit(options: PasswordKitOptions): ClosablePasswordKit {
  const shared = options.workers;
  const ownPool = options.lowPriorityHashing === false || shared ? null : createArgon2Pool();
  const pool = options.lowPriorityHashing === false ? null : (shared?.argon2 ?? ownPool);
  const hasher = createPasswordHasher(options.argon2 ?? OWASP_ARGON2ID, {
    ...(options.maxConcurrentHashes !== undefined ? { maxConcurrent: options.maxConcurrentHashes } : {}),
    ...(pool ? { pool } : {}),
  });
  const breaches: BreachChecker = createBreachChecker({
    rangeApiUrl: options.breachRangeApiUrl,
    ...(options.breachRangeTimeoutMs !== undefined ? { rangeTimeoutMs: options.breachRangeTimeoutMs } : {}),
    ...(options.loadOfflineBreachList !== undefined
      ? { loadOfflineList: options.loadOfflineBreachList }
      : shared
        ? { loadOfflineList: shared.breachList }
        : {}),
    onRangeFailure: (reason) =>
      options.warn?.(`breached-password range API failed (${reason}); the offline list answered`),
  });
  // In-process: built on first use (~100 ms), then kept for the app's life; only when the worker is off, or as the
  // fallback of a worker that failed (a check must still answer).
  let zxcvbn: ZxcvbnFactory | null = null;
  const estimator = (): ZxcvbnFactory => {
    zxcvbn ??= createZxcvbn();
    return zxcvbn;
  };
  const ownWorker = options.zxcvbnInWorker === false || shared ? null : createZxcvbnWorker();
  const worker = options.zxcvbnInWorker === false ? null : (shared?.zxcvbn ?? ownWorker);
  const verdictOf = (password: string, email: string | null): Promise<ZxcvbnVerdict> =>
    worker
      ? worker.verdict(password, email).catch((error: unknown) => {
          options.warn?.(
            `password strength worker failed (${error instanceof Error ? error.message : String(error)}); checked in-process`,
          );
          return zxcvbnVerdict(estimator(), password, email);
        })
      : Promise.resolve().then(() => zxcvbnVerdict(estimator(), password, email));

  return {
    close: async () => {
      await Promise.all([ownPool?.close(), ownWorker?.close()]);
    },
    assertLength: assertPasswordLength,
    assertVerifiable: assertVerifiablePassword,
    meetsMinimumLength: (password) =>
      countCodePoints(password, PASSWORD_MIN_CODE_POINTS) >= PASSWORD_MIN_CODE_POINTS,
    async hash(password) {
      assertPasswordLength(password);
      return hasher.hash(password);
    },
    async rehash(password) {
      assertVerifiablePassword(password);
      return hasher.hash(password);
    },
    verify: (stored, password) => hasher.verify(stored, password),
    verifyNothing: (password) => hasher.verifyNothing(password),
    isBreached: (password) => breaches.isBreached(password),
    async strength(project, { password, email }) {
      // A password over the bound is a 400 (a 1 MB body must not reach zxcvbn); a short one is only invalid, so the
      // meter can follow the user's typing from the first character.
      if (countCodePoints(password) > PASSWORD_MAX_CODE_POINTS) {
        throw new ApiError('invalid_password', PASSWORD_LENGTH_MESSAGE);
      }
      const longEnough = countCodePoints(password, PASSWORD_MIN_CODE_POINTS) >= PASSWORD_MIN_CODE_POINTS;
      // Both at once: the range lookup (when configured) and the worker's zxcvbn overlap.
      const [breached, verdict] = await Promise.all([
        breaches.isBreached(password),
        verdictOf(password, email),
      ]);
      const config = project.settings.password_config;
      if (config === null) {
        return {
          valid_password: longEnough && !breached && verdict.score >= ZXCVBN_VALID_SCORE,
          score: verdict.score,
          breached_password: breached,
          breach_detection_on_create: true,
          strength_policy: 'zxcvbn',
          feedback: {
            suggestions: verdict.suggestions,
            warning: verdict.warning,
            luds_requirements: ludsDescription(password),
          },
        };
      }
      const luds = ludsRequirements(password, config);
      return {
        valid_password:
          longEnough && !breached && luds.missing_characters === 0 && luds.missing_complexity === 0,
        score: verdict.score,
        breached_password: breached,
        breach_detection_on_create: true,
        strength_policy: 'luds',
        feedback: { suggestions: [], warning: '', luds_requirements: luds },
      };
    },
  };
}
