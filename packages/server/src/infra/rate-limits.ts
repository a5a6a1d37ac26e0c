// Rate limits of one app (DESIGN.md convention 12: built by buildApp and kept on its context, never in module
// maps). Each named limit is a rate-limiter-flexible limiter; a call over its budget answers 429
// `too_many_requests` with Retry-After and changes nothing. In memory for now, which is right for one process
// (PGlite is one process by nature); the abuse-protection issue (ROADMAP 2) gives the same names a PostgreSQL or
// Redis store so several instances share one budget (security-tests.md Part 7 §9).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './errors';

export interface RateLimit {
  /** How many events are allowed per window. */
  points: number;
  /** The window in seconds. */
  durationSeconds: number;
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
};

export function tooManyRequests(message: string, msBeforeNext: number): ApiError {
  return new ApiError('too_many_requests', message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) },
  });
}

export class RateLimits {
  readonly settings: RateLimitSettings;
  private readonly limiters: Record<RateLimitName, RateLimiterMemory>;

  constructor(overrides: Partial<RateLimitSettings> = {}) {
    this.settings = { ...DEFAULT_RATE_LIMITS, ...overrides };
    const entries = Object.entries(this.settings) as [RateLimitName, RateLimit][];
    this.limiters = Object.fromEntries(
      entries.map(([name, limit]) => [
        name,
        new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.durationSeconds }),
      ]),
    ) as Record<RateLimitName, RateLimiterMemory>;
  }

  /** Takes one point of `name` for `key`; throws 429 (with Retry-After) when the budget is spent. */
  async consume(name: RateLimitName, key: string, message: string): Promise<void> {
    try {
      await this.limiters[name].consume(key, 1);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(message, error.msBeforeNext);
      throw error;
    }
  }

  /** Throws 429 when `key` already spent the budget of `name`, without taking a point. */
  async assertAvailable(name: RateLimitName, key: string, message: string): Promise<void> {
    const state = await this.limiters[name].get(key);
    if (state !== null && state.consumedPoints >= this.settings[name].points) {
      throw tooManyRequests(message, state.msBeforeNext);
    }
  }

  /** Takes one point without ever throwing (a penalty recorded after the fact, such as a wrong code). */
  async penalize(name: RateLimitName, key: string): Promise<void> {
    await this.limiters[name].penalty(key, 1).catch(() => undefined);
  }
}
