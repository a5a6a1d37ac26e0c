// What operators can count (issue 9 item 4): sends, sign-ins, failures, limits hit and captcha challenges, per
// method. Features and infra report through ctx.metrics; `GET /metrics` (Prometheus text) exposes them when the
// operator enables it. Labels never carry identifiers: only channels, methods, limit names, kinds of key and
// error types.
import type { RateLimitName } from './rate-limits';

export type MetricsChannel = 'email' | 'sms' | 'whatsapp';

/** A sign-in method, as the session factor names it (magic_link, otp, webauthn, …). */
export type MetricsMethod = string;

export interface Metrics {
  /** A message handed to a provider (or the dev outbox). */
  sent(channel: MetricsChannel): void;
  /** A session issued or extended by a sign-in method. */
  signedIn(method: MetricsMethod): void;
  /** A call of a sign-in method refused with an API error. */
  failed(method: MetricsMethod, errorType: string): void;
  /** A call refused by a rate limit. */
  limited(limit: RateLimitName, keyKind: string): void;
  /** A call answered 'Captcha required', or a challenge handed out. */
  captchaChallenged(action: string): void;
}

/** Counts nothing: the metrics of an app that does not expose them. */
export const noMetrics: Metrics = {
  sent: () => {},
  signedIn: () => {},
  failed: () => {},
  limited: () => {},
  captchaChallenged: () => {},
};
