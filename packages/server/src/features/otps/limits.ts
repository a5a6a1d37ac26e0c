// Send limits and the guess budget of passcodes (security-tests.md BF-04, BF-05): sends are capped per recipient,
// per phone-number prefix and per IP, and wrong codes per method, each answering 429 `too_many_requests` with a
// Retry-After header. In memory for now (rate-limiter-flexible's RateLimiterMemory, one set per database, i.e.
// per app): correct for one process; the abuse-protection issue (ROADMAP 9) moves the store to Postgres/Redis by
// swapping the limiter class here, and security-tests.md Part 7 §9 explains why several instances need that.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';

export interface RateLimit {
  /** How many events are allowed per window. */
  points: number;
  /** The window in seconds. */
  durationSeconds: number;
}

export interface OtpLimits {
  /** Sends to one phone number or e-mail address (BF-05: ~3/min in Stytch and Hanko; 5 leaves room to resend). */
  sendsPerRecipient: RateLimit;
  /** SMS/WhatsApp sends to numbers sharing a prefix (BF-05 pumping across a number range). */
  sendsPerPhonePrefix: RateLimit;
  /** Sends from one client IP, all channels together. */
  sendsPerIp: RateLimit;
  /**
   * Wrong codes per method (phone_id / email_id) across resends: BF-05 "the attempt budget per identifier and
   * window does not reset with each send" (each code additionally dies after 5 evaluated attempts, BF-04).
   */
  failedAttemptsPerMethod: RateLimit;
  /** ISO regions that may receive SMS/WhatsApp passcodes, or null for every region (BF-05 country allowlist). */
  allowedCountries: readonly string[] | null;
}

export const DEFAULT_OTP_LIMITS: OtpLimits = {
  sendsPerRecipient: { points: 5, durationSeconds: 60 },
  sendsPerPhonePrefix: { points: 25, durationSeconds: 600 },
  sendsPerIp: { points: 50, durationSeconds: 600 },
  failedAttemptsPerMethod: { points: 15, durationSeconds: 3600 },
  allowedCountries: null,
};

export const TOO_MANY_SENDS_MESSAGE =
  'Too many passcodes were requested. Please wait a moment and try again.';
export const TOO_MANY_GUESSES_MESSAGE =
  'Too many wrong passcodes were entered for this phone number or e-mail. Please wait a moment and try again.';

interface OtpLimiters {
  settings: OtpLimits;
  recipient: RateLimiterMemory;
  prefix: RateLimiterMemory;
  ip: RateLimiterMemory;
  failures: RateLimiterMemory;
}

const limiters = new WeakMap<AppContext['db'], OtpLimiters>();

function build(settings: OtpLimits): OtpLimiters {
  const make = (keyPrefix: string, limit: RateLimit) =>
    new RateLimiterMemory({ keyPrefix, points: limit.points, duration: limit.durationSeconds });
  return {
    settings,
    recipient: make('otp-recipient', settings.sendsPerRecipient),
    prefix: make('otp-prefix', settings.sendsPerPhonePrefix),
    ip: make('otp-ip', settings.sendsPerIp),
    failures: make('otp-failures', settings.failedAttemptsPerMethod),
  };
}

export function otpLimiters(ctx: Pick<AppContext, 'db'>): OtpLimiters {
  let current = limiters.get(ctx.db);
  if (!current) {
    current = build(DEFAULT_OTP_LIMITS);
    limiters.set(ctx.db, current);
  }
  return current;
}

/** Replaces the limits of this app (tests lower them; counters start from zero). Independent of AppConfig. */
export function configureOtpLimits(ctx: Pick<AppContext, 'db'>, overrides: Partial<OtpLimits> = {}): void {
  limiters.set(ctx.db, build({ ...DEFAULT_OTP_LIMITS, ...overrides }));
}

/** Forgets every counter, keeping the configured limits. */
export function resetOtpLimits(ctx: Pick<AppContext, 'db'>): void {
  limiters.set(ctx.db, build(otpLimiters(ctx).settings));
}

function tooMany(message: string, msBeforeNext: number): ApiError {
  return new ApiError('too_many_requests', message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) },
  });
}

async function take(limiter: RateLimiterMemory, key: string, message: string): Promise<void> {
  try {
    await limiter.consume(key, 1);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(message, error.msBeforeNext);
    throw error;
  }
}

/** One send: counts against the IP, the prefix (phones) and the recipient; throws 429 when any is exhausted. */
export async function consumeSend(
  ctx: Pick<AppContext, 'db'>,
  options: { ip: string; recipient: string; phonePrefix: string | null },
): Promise<void> {
  const set = otpLimiters(ctx);
  await take(set.ip, options.ip, TOO_MANY_SENDS_MESSAGE);
  if (options.phonePrefix !== null) await take(set.prefix, options.phonePrefix, TOO_MANY_SENDS_MESSAGE);
  await take(set.recipient, options.recipient, TOO_MANY_SENDS_MESSAGE);
}

/** Before a code is evaluated: 429 when this method already used its budget of wrong codes. */
export async function assertGuessBudget(ctx: Pick<AppContext, 'db'>, methodId: string): Promise<void> {
  const set = otpLimiters(ctx);
  const state = await set.failures.get(methodId);
  if (state !== null && state.consumedPoints >= set.settings.failedAttemptsPerMethod.points) {
    throw tooMany(TOO_MANY_GUESSES_MESSAGE, state.msBeforeNext);
  }
}

/** After a wrong code: one point of the method's budget (never throws; the 401 of the wrong code stands). */
export async function recordWrongCode(ctx: Pick<AppContext, 'db'>, methodId: string): Promise<void> {
  await otpLimiters(ctx)
    .failures.penalty(methodId, 1)
    .catch(() => undefined);
}
