// RFC 6238 codes for authenticator apps (issue 13 item 1; DESIGN.md "TOTP with `otpauth`"): SHA-1, 6 digits, 30 s
// steps, ±1 step of drift judged by the server clock (security-tests.md BF-06, ASVS V6.5.8). The step a code
// matched is returned so the caller can accept each step once (totps.last_used_step).
import { Secret, TOTP } from 'otpauth';

export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps of drift accepted either side of now (Keycloak's look-ahead 1, security-tests.md BF-06). */
export const TOTP_WINDOW = 1;
/** RFC 4226 §4 recommends 160 bits: the length of an HMAC-SHA-1 key. */
export const TOTP_SECRET_BYTES = 20;

const CODE_PATTERN = /^\d{6}$/;

/** A fresh secret from the CSPRNG (ASVS V6.5.3), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

function totpOf(secretBase32: string, label = 'user', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://totp/…` URI that the QR code carries (Key Uri Format). */
export function otpauthUri(options: { secret: string; label: string; issuer: string }): string {
  return totpOf(options.secret, options.label, options.issuer).toString();
}

/** The RFC 6238 time step of an instant. */
export function stepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step `code` belongs to within ±TOTP_WINDOW of `nowMs`, or null when it matches none (or is not six digits).
 * otpauth compares each candidate in constant time.
 */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!CODE_PATTERN.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : stepAt(nowMs) + delta;
}

/** The code of an instant (tests and the enrolment check). */
export function codeAt(secretBase32: string, epochMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: epochMs });
}
