// Rate limits of one app (issue 9; security-tests.md BF-01..BF-07; DESIGN.md convention 12: built by buildApp and
// kept on its context). Each named limit counts events per key in fixed windows and answers 429
// `too_many_requests` with Retry-After once its budget is spent, before the call changes anything.
//
// Windows come from the app's clock, not the store's: a key is `<name>:<key>:<window number>`, the window number
// being floor(now / duration) on ctx.clock. So every store (memory, PostgreSQL, Redis: rate-limiter-flexible
// limiters, chosen by infra/rate-limit-store.ts) trips and recovers the same way under an injected clock in tests,
// and instances whose clocks agree share one window. The store's own expiry only removes old windows. Fixed
// windows allow up to twice a budget across a window boundary; the budgets below leave room for that.
//
// A limit may have a soft threshold below its budget (`softPoints`): past it the call is "under pressure" and, when
// the caller can solve one, needs a captcha (guardCall and infra/captcha.ts, issue 9 item 3).
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock, RequestContext } from './context';
import { ApiError } from './errors';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './http-errors';
import type { Metrics } from './metrics';
import {
  DEFAULT_RATE_LIMITS,
  type RateLimit,
  type RateLimitName,
  type RateLimitSettings,
} from './rate-limit-settings';

export type { RateLimit, RateLimitName, RateLimitSettings } from './rate-limit-settings';
export { DEFAULT_RATE_LIMITS } from './rate-limit-settings';

/**
 * What a key counts, for logs and metrics (issue 9 item 4: a limited call is logged with the kind of its key, never
 * the raw identifier).
 */
export type LimitKeyKind =
  | 'ip'
  | 'email'
  | 'phone_number'
  | 'phone_prefix'
  | 'user'
  | 'method'
  | 'project'
  | 'wallet'
  | 'captcha_token';

/** One limit to take a point of, for one key. */
export interface LimitCheck {
  limit: RateLimitName;
  kind: LimitKeyKind;
  /** The key: an IP, a user id, an identifier (hashed by the caller when it is personal data), … */
  key: string;
  /**
   * This key's budget when it is not the limit's `points` (a per-project ceiling set in the project file, such as
   * `sms_daily_limit` for paidSendsPerProject). The window stays the limit's.
   */
  points?: number;
  /** The refusal's message when it is not the call's (a project's daily ceiling says so, not "try again soon"). */
  message?: string;
  /**
   * A streak (BF-09 consecutive failures): the count is this window's plus the previous window's, so a window
   * boundary does not cut a streak short, and forget() clears both. A streak ends when forgotten (a success) or
   * after one to two windows without a point.
   */
  streak?: boolean;
}

/** Where a limit's counters live: one rate-limiter-flexible limiter per limit (infra/rate-limit-store.ts). */
export type LimiterFactory = (name: RateLimitName, limit: RateLimit) => RateLimiterAbstract;

export interface LimitState {
  /** Events counted in the current window. */
  consumed: number;
  /** Milliseconds until the current window ends. */
  msBeforeNext: number;
}

export function tooManyRequests(message: string, msBeforeNext: number): ApiError {
  return new ApiError('too_many_requests', message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) },
  });
}

/**
 * The 429 of a spent budget, naming the limit that refused: the error handler answers it like any ApiError, and the
 * event log reads `limit` (issue 25 item 1, `rate_limit.hit { rule }`: features/audit/refusal-events.ts) without
 * infra knowing about events.
 */
export class RateLimitRefusal extends ApiError {
  readonly limit: RateLimitName;
  constructor(limit: RateLimitName, message: string, msBeforeNext: number) {
    super('too_many_requests', message, {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) },
    });
    this.limit = limit;
  }
}

/**
 * A limit that cannot be checked refuses the call (issue 9 item 1, fails closed): the store (PostgreSQL, Redis)
 * did not answer, so the call gets the 503 of an unreachable database (security-tests.md FT-01: the same wire
 * shape, retryable), never a 500 and never "allowed".
 */
export function limitStoreUnavailable(): ApiError {
  return new ApiError('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

export interface RateLimitsOptions {
  overrides?: Partial<RateLimitSettings>;
  createLimiter: LimiterFactory;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Counts refusals for operators (issue 9 item 4); none when absent. */
  metrics?: Pick<Metrics, 'limited'>;
}

export class RateLimits {
  readonly settings: RateLimitSettings;
  private readonly limiters: Record<RateLimitName, RateLimiterAbstract>;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(private readonly options: RateLimitsOptions) {
    this.settings = { ...DEFAULT_RATE_LIMITS, ...options.overrides };
    this.clock = options.clock;
    this.log = options.log;
    const entries = Object.entries(this.settings) as [RateLimitName, RateLimit][];
    this.limiters = Object.fromEntries(
      entries.map(([name, limit]) => [name, options.createLimiter(name, limit)]),
    ) as Record<RateLimitName, RateLimiterAbstract>;
  }

  /**
   * The store key of `check` in the current window, and how long the window still runs; `previousKey`: the key of
   * the window before (read by streaks).
   */
  private window(check: LimitCheck): { storeKey: string; previousKey: string; msBeforeNext: number } {
    const durationMs = this.settings[check.limit].durationSeconds * 1000;
    const now = this.clock.now().getTime();
    const index = Math.floor(now / durationMs);
    return {
      storeKey: `${check.key}:${index}`,
      previousKey: `${check.key}:${index - 1}`,
      msBeforeNext: (index + 1) * durationMs - now,
    };
  }

  /** The previous window's count of a streak (0 for other checks). */
  private async carried(check: LimitCheck, previousKey: string): Promise<number> {
    if (check.streak !== true) return 0;
    return (await this.limiters[check.limit].get(previousKey))?.consumedPoints ?? 0;
  }

  /** The state of `check` in the current window (with the previous one's for a streak), without counting anything. */
  async peek(check: LimitCheck): Promise<LimitState> {
    const { storeKey, previousKey, msBeforeNext } = this.window(check);
    let state: RateLimiterRes | null;
    let carried: number;
    try {
      state = await this.limiters[check.limit].get(storeKey);
      carried = await this.carried(check, previousKey);
    } catch (error) {
      throw this.unavailable(check, error);
    }
    return { consumed: (state?.consumedPoints ?? 0) + carried, msBeforeNext };
  }

  /** The budget of `check`: its own `points` when it names one, else the limit's. */
  pointsOf(check: LimitCheck): number {
    return check.points ?? this.settings[check.limit].points;
  }

  /**
   * Takes one point of `check` and answers how many the window now holds; throws 429 (with Retry-After) when that
   * is past the budget, having given the point back, so a refused call counts nothing. One store round trip when
   * allowed (two when refused): the limiter only counts (`penalty` never refuses), the budget is compared here, so
   * a check's own `points` (a project's `sms_daily_limit`) works the same way as the limit's.
   */
  async take(check: LimitCheck, message: string): Promise<number> {
    const { storeKey, previousKey, msBeforeNext } = this.window(check);
    const limiter = this.limiters[check.limit];
    const points = this.pointsOf(check);
    let consumed: number;
    try {
      consumed =
        (await limiter.penalty(storeKey, 1)).consumedPoints + (await this.carried(check, previousKey));
      if (consumed > points) await limiter.reward(storeKey, 1);
    } catch (error) {
      throw this.unavailable(check, error);
    }
    if (consumed > points) throw this.refusal(check, message, msBeforeNext);
    return consumed;
  }

  /** Takes one point of `check`; throws 429 (with Retry-After) when the budget is spent (see take). */
  async consume(check: LimitCheck, message: string): Promise<void> {
    await this.take(check, message);
  }

  /**
   * Gives back a point taken by `take` for a call that was refused afterwards (another budget, the captcha). A
   * store that fails here only leaves the point counted: the error is logged, never thrown over the refusal.
   */
  async giveBack(check: LimitCheck): Promise<void> {
    const { storeKey } = this.window(check);
    try {
      await this.limiters[check.limit].reward(storeKey, 1);
    } catch (error) {
      this.unavailable(check, error);
    }
  }

  /** The 503 of a store that failed, logged with the limit, the kind of key and the store's error code only. */
  private unavailable(check: LimitCheck, error: unknown): ApiError {
    const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
    this.log.error(
      { limit: check.limit, keyKind: check.kind, store: { name, code, message } },
      'rate-limit store unavailable',
    );
    return limitStoreUnavailable();
  }

  /** Throws 429 when `check` already spent its budget, without taking a point. */
  async assertAvailable(check: LimitCheck, message: string): Promise<void> {
    const state = await this.peek(check);
    if (state.consumed >= this.pointsOf(check)) {
      throw this.refusal(check, message, state.msBeforeNext);
    }
  }

  /** The 429 of a spent budget, logged with the limit and the kind of key (issue 9 item 4), never the key. */
  refusal(check: LimitCheck, message: string, msBeforeNext: number): RateLimitRefusal {
    this.log.warn({ limit: check.limit, keyKind: check.kind }, 'rate limit reached');
    this.options.metrics?.limited(check.limit, check.kind);
    return new RateLimitRefusal(check.limit, message, msBeforeNext);
  }

  /**
   * Forgets the current window of `check` (BF-01: a successful password sign-in resets the account's failures). A
   * store that fails only leaves the count in place: logged, never thrown over the sign-in.
   */
  async forget(check: LimitCheck): Promise<void> {
    const { storeKey, previousKey } = this.window(check);
    const limiter = this.limiters[check.limit];
    try {
      await limiter.delete(storeKey);
      if (check.streak === true) await limiter.delete(previousKey);
    } catch (error) {
      this.unavailable(check, error);
    }
  }

  /** Takes one point without ever throwing (a penalty recorded after the fact, such as a wrong code). */
  async penalize(check: LimitCheck): Promise<void> {
    const { storeKey } = this.window(check);
    await this.limiters[check.limit].penalty(storeKey, 1).catch(() => undefined);
  }

  /**
   * Takes one point whatever the budget and answers the count it makes (with the previous window's for a streak):
   * one atomic increment, so concurrent calls each get a count of their own (BF-09 takes an attempt's place in a
   * streak this way before verifying it). A store that fails is the 503 of every limit.
   */
  async count(check: LimitCheck): Promise<number> {
    const { storeKey, previousKey } = this.window(check);
    try {
      const consumed = (await this.limiters[check.limit].penalty(storeKey, 1)).consumedPoints;
      return consumed + (await this.carried(check, previousKey));
    } catch (error) {
      throw this.unavailable(check, error);
    }
  }
}

/**
 * What guardCall needs from the captcha (infra/captcha.ts implements it; without one, soft thresholds only log).
 */
export interface CaptchaGate {
  /** Whether this caller can be asked to solve a challenge (project setting on, a client that can solve one). */
  canChallenge(request: RequestContext): boolean;
  /**
   * Accepts a token solved for `action` (and uses it up), or throws the plain-text 'Captcha required'. `keyKinds`:
   * the kinds of the keys past their soft threshold, for the log line (issue 9 item 4: never the keys).
   */
  verify(
    request: RequestContext,
    token: string | null,
    action: string,
    keyKinds?: readonly LimitKeyKind[],
  ): Promise<void>;
}

/**
 * The abuse guard of a call that sends, verifies or creates (issue 9 item 1): takes a point of each of `checks`,
 * refusing with 429 when any budget is spent; asks for a captcha (when the caller can solve one) when any is past
 * its soft threshold. Nothing is counted for a refused call: the points taken are given back. Taking first (one
 * store round trip per check) instead of looking first and then taking (two) halves the store work of an allowed
 * call (bench/limiter-cost.ts); a concurrent call may briefly see a point that is given back a moment later.
 */
export async function guardCall(
  ctx: { limits: RateLimits; captcha: CaptchaGate | null },
  request: RequestContext,
  options: { checks: readonly LimitCheck[]; message: string; action: string; captchaToken: string | null },
): Promise<void> {
  const { limits } = ctx;
  const taken: LimitCheck[] = [];
  const pressured: LimitKeyKind[] = [];
  try {
    for (const check of options.checks) {
      const consumed = await limits.take(check, check.message ?? options.message);
      taken.push(check);
      // Past the soft threshold: this call found at least softPoints already counted before it.
      const { softPoints } = limits.settings[check.limit];
      if (softPoints !== undefined && consumed > softPoints) pressured.push(check.kind);
    }
    if (pressured.length > 0 && ctx.captcha?.canChallenge(request)) {
      await ctx.captcha.verify(request, options.captchaToken, options.action, pressured);
    }
  } catch (error) {
    await Promise.all(taken.map((check) => limits.giveBack(check)));
    throw error;
  }
}
