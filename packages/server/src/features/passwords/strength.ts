// Issue 10 item 1 "Strength", SPEC §5 and wire-format.md §4.10: per project, zxcvbn (valid at score ≥ 3) or LUDS
// (project settings password_config: luds_minimum_count, luds_complexity), both refused when breached.
import { createRequire } from 'node:module';
import { type OptionsType, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEnglish from '@zxcvbn-ts/language-en';
import { countCodePoints, PASSWORD_MIN_CODE_POINTS } from './hashing';
import { createWorkerPool } from './hashing-pool';

export interface LudsRequirements {
  has_digit: boolean;
  has_lower_case: boolean;
  has_symbol: boolean;
  has_upper_case: boolean;
  missing_characters: number;
  missing_complexity: number;
}

/** zxcvbn's score at which a password is valid (Stytch's rule, wire-format.md §4.10). */
export const ZXCVBN_VALID_SCORE = 3;

/**
 * zxcvbn's matchers grow fast with length (measured here: a 256-character 'P@ssw0rd…' took 0.9 s with the defaults,
 * all of it on the event loop). Only the first 64 characters are scored, with at most 10 l33t substitutions: the
 * worst case measured is then ~50 ms, and a longer password scores at least as well as its first 64 characters.
 */
const ZXCVBN_OPTIONS = {
  maxLength: 64,
  l33tMaxSubstitutions: 10,
} as const satisfies OptionsType;

/**
 * The zxcvbn estimator with the common and English dictionaries and the English feedback texts. Building it takes
 * ~100 ms (dictionaries ranked), so the kit builds one per app, on first use.
 */
export function createZxcvbn(): ZxcvbnFactory {
  return new ZxcvbnFactory({
    ...ZXCVBN_OPTIONS,
    translations: zxcvbnEnglish.translations,
    graphs: zxcvbnCommon.adjacencyGraphs,
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEnglish.dictionary },
  });
}

/** Issue 10 item 1: the user's e-mail and its local part (and the local part's pieces) as zxcvbn user inputs. */
export function userInputsOf(email: string | null): string[] {
  if (email === null || email === '') return [];
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = at > 0 ? address.slice(0, at) : address;
  const pieces = local.split(/[._+-]+/).filter((piece) => piece.length >= 3);
  return [...new Set([address, local, ...pieces])];
}

export interface ZxcvbnVerdict {
  score: number;
  warning: string;
  suggestions: string[];
}

export function zxcvbnVerdict(zxcvbn: ZxcvbnFactory, password: string, email: string | null): ZxcvbnVerdict {
  const result = zxcvbn.check(password, userInputsOf(email));
  return {
    score: result.score,
    warning: result.feedback.warning ?? '',
    suggestions: [...result.feedback.suggestions],
  };
}

/**
 * The niceness of the strength-check thread: below the event loop's 0 (a check never delays a session check), above
 * the hashing threads' 10 (a check answers a user typing, a hash is bulk work that can wait its turn).
 */
export const STRENGTH_THREAD_NICENESS = 5;

// The same estimator as createZxcvbn (the same packages, options and dictionaries), built once in the worker (its
// ~100 ms of dictionary ranking off the event loop too); plain CommonJS so it runs alike under tsx, vitest and node.
const ZXCVBN_WORKER_SOURCE = `
const core = require(workerData.paths.core);
const common = require(workerData.paths.common);
const english = require(workerData.paths.english);
const zxcvbn = new core.ZxcvbnFactory({
  ...workerData.options,
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});
function handle({ password, userInputs }) {
  const result = zxcvbn.check(password, userInputs);
  return {
    score: result.score,
    warning: result.feedback.warning || '',
    suggestions: [...result.feedback.suggestions],
  };
}
`;

export interface ZxcvbnWorker {
  /** zxcvbnVerdict, computed in the worker thread. */
  verdict(password: string, email: string | null): Promise<ZxcvbnVerdict>;
  close(): Promise<void>;
}

/**
 * Issue 10 "Speed" (c): zxcvbn costs 5–50 ms of CPU per check (more for long passwords, up to the 64 characters it
 * scores), which on the event loop delayed every other request by as much. Here it runs in `size` worker threads
 * (default one: a check is short and rate-limited per IP; more would only take cores from hashing) at
 * STRENGTH_THREAD_NICENESS, started on first use; checks queue in order.
 */
export function createZxcvbnWorker({
  size = 1,
  niceness = STRENGTH_THREAD_NICENESS,
}: {
  size?: number;
  niceness?: number;
} = {}): ZxcvbnWorker {
  const resolve = createRequire(import.meta.url).resolve;
  const pool = createWorkerPool({
    source: ZXCVBN_WORKER_SOURCE,
    workerData: {
      paths: {
        core: resolve('@zxcvbn-ts/core'),
        common: resolve('@zxcvbn-ts/language-common'),
        english: resolve('@zxcvbn-ts/language-en'),
      },
      options: ZXCVBN_OPTIONS,
    },
    size,
    niceness,
  });
  return {
    verdict: (password, email) => pool.run<ZxcvbnVerdict>({ password, userInputs: userInputsOf(email) }),
    close: () => pool.close(),
  };
}

const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const DIGIT = /\p{Nd}/u;

/**
 * SPEC §5 LUDS: lower-case letters, upper-case letters, digits (any script: \p{Ll}, \p{Lu}, \p{Nd}) and symbols —
 * every other character (punctuation, spaces, emoji, letters without case) counts as a symbol, as Stytch counts
 * any UTF-8 character towards the complexity. Length is in code points. The minimum length is never below the
 * server's own 8 (a shorter password could not be stored anyway).
 */
export function ludsRequirements(
  password: string,
  config: { luds_minimum_count: number; luds_complexity: number },
): LudsRequirements {
  let has_lower_case = false;
  let has_upper_case = false;
  let has_digit = false;
  let has_symbol = false;
  for (const character of password) {
    if (LOWER.test(character)) has_lower_case = true;
    else if (UPPER.test(character)) has_upper_case = true;
    else if (DIGIT.test(character)) has_digit = true;
    else has_symbol = true;
  }
  const minimum = Math.max(config.luds_minimum_count, PASSWORD_MIN_CODE_POINTS);
  const length = countCodePoints(password, minimum);
  const kinds = [has_lower_case, has_upper_case, has_digit, has_symbol].filter(Boolean).length;
  return {
    has_digit,
    has_lower_case,
    has_symbol,
    has_upper_case,
    missing_characters: Math.max(0, minimum - length),
    missing_complexity: Math.max(0, config.luds_complexity - kinds),
  };
}

/** The LUDS block of a zxcvbn answer: the character kinds, nothing missing (wire-format.md always sends it). */
export function ludsDescription(password: string): LudsRequirements {
  return {
    ...ludsRequirements(password, { luds_minimum_count: 0, luds_complexity: 0 }),
    missing_characters: 0,
  };
}
