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
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Clock, RequestContext } from './context';
import { ApiError } from './errors';

export interface RateLimit {
  /** How many events are allowed per window. */
  points: number;
  /** The window in seconds. */
  durationSeconds: number;
  /** From this many events on, a caller who can solve a captcha must (guardCall); none when absent. */
  softPoints?: number;
}

export interface RateLimitSettings {
  /** Passcodes to one phone number or e-mail address (BF-05: ~3/min in Stytch and Hanko; 5 leaves room to resend). */
  otpSendsPerRecipient: RateLimit;
  /** SMS/WhatsApp passcodes to numbers sharing a prefix (BF-05 pumping across a number range). */
  otpSendsPerPhonePrefix: RateLimit;
  /** Passcodes from one client IP, all channels together. */
  otpSendsPerIp: RateLimit;
  /**
   * Wrong passcodes per method (phone_id / email_id) across resends: BF-05 "the attempt budget per identifier and
   * window does not reset with each send" (each code additionally dies after 5 evaluated attempts, BF-04).
   */
  otpFailedAttemptsPerMethod: RateLimit;
  /** Passkey ceremonies started from one client IP (issue 8: challenges are limited per IP). */
  passkeyChallengesPerIp: RateLimit;
  /** Passkey ceremonies started for one signed-in user (registration, secondary sign-in). */
  passkeyChallengesPerUser: RateLimit;
  /**
   * Captcha challenges handed to one client IP (issue 9 item 3): the count sets the next challenge's difficulty
   * (infra/captcha.ts), the budget caps them.
   */
  captchaChallengesPerIp: RateLimit;
  /**
   * Uses of one solved captcha token (points 1: a shared, expiring "used once" set, issue 9 item 3). A token is
   * only accepted inside the window it was issued in, so one window's counter is enough (infra/captcha.ts).
   */
  captchaTokenUses: RateLimit;
  /**
   * Login links requested from one client IP. Captcha branch stand-in until the limit-wiring branch lands (same
   * name and values as there; take that branch's catalogue at the merge).
   */
  magicLinkSendsPerIp: RateLimit;
}

export type RateLimitName = keyof RateLimitSettings;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  otpSendsPerRecipient: { points: 5, durationSeconds: 60 },
  otpSendsPerPhonePrefix: { points: 25, durationSeconds: 600 },
  otpSendsPerIp: { points: 50, durationSeconds: 600 },
  otpFailedAttemptsPerMethod: { points: 15, durationSeconds: 3600 },
  // A person retries a ceremony a few times a minute at most; autofill (SPEC §9: 5 retries) starts one per mount.
  passkeyChallengesPerIp: { points: 60, durationSeconds: 60 },
  passkeyChallengesPerUser: { points: 20, durationSeconds: 60 },
  captchaChallengesPerIp: { points: 300, durationSeconds: 600 },
  captchaTokenUses: { points: 1, durationSeconds: 86_400 },
  magicLinkSendsPerIp: { points: 50, durationSeconds: 600, softPoints: 20 },
};

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

export interface RateLimitsOptions {
  overrides?: Partial<RateLimitSettings>;
  createLimiter: LimiterFactory;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class RateLimits {
  readonly settings: RateLimitSettings;
  private readonly limiters: Record<RateLimitName, RateLimiterAbstract>;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(options: RateLimitsOptions) {
    this.settings = { ...DEFAULT_RATE_LIMITS, ...options.overrides };
    this.clock = options.clock;
    this.log = options.log;
    const entries = Object.entries(this.settings) as [RateLimitName, RateLimit][];
    this.limiters = Object.fromEntries(
      entries.map(([name, limit]) => [name, options.createLimiter(name, limit)]),
    ) as Record<RateLimitName, RateLimiterAbstract>;
  }

  /** The store key of `check` in the current window, and how long the window still runs. */
  private window(check: LimitCheck): { storeKey: string; msBeforeNext: number } {
    const durationMs = this.settings[check.limit].durationSeconds * 1000;
    const now = this.clock.now().getTime();
    const index = Math.floor(now / durationMs);
    return { storeKey: `${check.key}:${index}`, msBeforeNext: (index + 1) * durationMs - now };
  }

  /** The state of `check` in the current window, without counting anything. */
  async peek(check: LimitCheck): Promise<LimitState> {
    const { storeKey, msBeforeNext } = this.window(check);
    const state = await this.limiters[check.limit].get(storeKey);
    return { consumed: state?.consumedPoints ?? 0, msBeforeNext };
  }

  /** Takes one point of `check`; throws 429 (with Retry-After) when the budget is spent. */
  async consume(check: LimitCheck, message: string): Promise<void> {
    const { storeKey, msBeforeNext } = this.window(check);
    try {
      await this.limiters[check.limit].consume(storeKey, 1);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw this.refusal(check, message, msBeforeNext);
    }
  }

  /** Throws 429 when `check` already spent its budget, without taking a point. */
  async assertAvailable(check: LimitCheck, message: string): Promise<void> {
    const state = await this.peek(check);
    if (state.consumed >= this.settings[check.limit].points) {
      throw this.refusal(check, message, state.msBeforeNext);
    }
  }

  /** The 429 of a spent budget, logged with the limit and the kind of key (issue 9 item 4), never the key. */
  refusal(check: LimitCheck, message: string, msBeforeNext: number): ApiError {
    this.log.warn({ limit: check.limit, keyKind: check.kind }, 'rate limit reached');
    return tooManyRequests(message, msBeforeNext);
  }

  /** Takes one point without ever throwing (a penalty recorded after the fact, such as a wrong code). */
  async penalize(check: LimitCheck): Promise<void> {
    const { storeKey } = this.window(check);
    await this.limiters[check.limit].penalty(storeKey, 1).catch(() => undefined);
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
 * The abuse guard of a call that sends, verifies or creates (issue 9 item 1): refuses with 429 when any of `checks`
 * has spent its budget; asks for a captcha (when the caller can solve one) when any is past its soft threshold;
 * then takes a point of each. Nothing is counted for a refused call.
 */
export async function guardCall(
  ctx: { limits: RateLimits; captcha: CaptchaGate | null },
  request: RequestContext,
  options: { checks: readonly LimitCheck[]; message: string; action: string; captchaToken: string | null },
): Promise<void> {
  const { limits } = ctx;
  const pressured: LimitKeyKind[] = [];
  for (const check of options.checks) {
    const state = await limits.peek(check);
    const limit = limits.settings[check.limit];
    if (state.consumed >= limit.points) throw limits.refusal(check, options.message, state.msBeforeNext);
    if (limit.softPoints !== undefined && state.consumed >= limit.softPoints) pressured.push(check.kind);
  }
  if (pressured.length > 0 && ctx.captcha?.canChallenge(request)) {
    await ctx.captcha.verify(request, options.captchaToken, options.action, pressured);
  }
  for (const check of options.checks) await limits.consume(check, options.message);
}
