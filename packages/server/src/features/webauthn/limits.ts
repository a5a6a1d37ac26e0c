// The abuse guards of passkeys (issue 9 item 1; issue 8: challenges are limited per IP and per user, so a flood of
// ceremony starts cannot fill the challenges table, security-tests.md BF-07), with their messages in one place.
// Starts are captcha-protected under pressure (the limits' soft thresholds); finishes are limited per IP.
import type { AppContext, RequestContext } from '../../infra/context';
import { guardCall, type LimitCheck } from '../../infra/rate-limits';

export const TOO_MANY_CHALLENGES_MESSAGE =
  'Too many passkey requests were started. Please wait a moment and try again.';
export const TOO_MANY_VERIFICATIONS_MESSAGE =
  'Too many passkey sign-ins were attempted from this network. Please wait a moment and try again.';

type LimitContext = Pick<AppContext, 'limits' | 'captcha'>;

/** A ceremony start: per IP, and per user when one is known (registration, secondary sign-in). */
export function guardCeremonyStart(
  ctx: LimitContext,
  request: RequestContext,
  options: { userId: string | null; action: string; captchaToken: string | null },
): Promise<void> {
  const checks: LimitCheck[] = [{ limit: 'passkeyChallengesPerIp', kind: 'ip', key: request.ip }];
  if (options.userId !== null) {
    checks.push({ limit: 'passkeyChallengesPerUser', kind: 'user', key: options.userId });
  }
  return guardCall(ctx, request, {
    checks,
    message: TOO_MANY_CHALLENGES_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}

/** A ceremony finish (POST /webauthn/register, /webauthn/authenticate): per IP. */
export function guardCeremonyFinish(
  ctx: LimitContext,
  request: RequestContext,
  options: { action: string; captchaToken: string | null },
): Promise<void> {
  return guardCall(ctx, request, {
    checks: [{ limit: 'passkeyVerificationsPerIp', kind: 'ip', key: request.ip }],
    message: TOO_MANY_VERIFICATIONS_MESSAGE,
    ...options,
  });
}
