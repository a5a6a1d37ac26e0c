// The abuse guards of TOTP and recovery codes (issue 13 item 1; security-tests.md BF-06: "Guessing is rate-limited
// (shared budget with BF-01)"): wrong codes of either kind spend one per-user budget of the same size as a password
// account's (5 in 5 minutes, then 429 with Retry-After until the window ends, never a permanent lock), on the shared
// limiter store; every attempt also takes a point per IP through guardCall (captcha under pressure).
import type { AppContext, RequestContext } from '../../infra/context';
import { guardCall, type LimitCheck } from '../../infra/rate-limits';

export const TOO_MANY_FAILURES_MESSAGE =
  'Too many wrong codes were entered for this account. Please wait a few minutes and try again.';
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many codes were entered from this network. Please wait a moment and try again.';
export const TOO_MANY_ENROLMENTS_MESSAGE =
  'Too many authenticator apps were set up for this account. Please wait a while and try again.';

type LimitContext = Pick<AppContext, 'limits' | 'captcha'>;

const failureCheck = (userId: string): LimitCheck => ({
  limit: 'secondFactorFailuresPerUser',
  kind: 'user',
  key: userId,
});

/** Before a code is checked: the IP's budget (captcha past its soft threshold), then the user's failure budget. */
export async function guardAttempt(
  ctx: LimitContext,
  request: RequestContext,
  options: { userId: string; action: string; captchaToken: string | null },
): Promise<void> {
  await guardCall(ctx, request, {
    checks: [{ limit: 'totpAttemptsPerIp', kind: 'ip', key: request.ip }],
    message: TOO_MANY_ATTEMPTS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
  await ctx.limits.assertAvailable(failureCheck(options.userId), TOO_MANY_FAILURES_MESSAGE);
}

/** After a wrong, replayed or malformed code: one point of the user's budget; never throws. */
export function recordFailure(ctx: Pick<AppContext, 'limits'>, userId: string): Promise<void> {
  return ctx.limits.penalize(failureCheck(userId));
}

/** After a right code: the user's failures are forgotten (BF-03: a success ends the window). */
export function forgetFailures(ctx: Pick<AppContext, 'limits'>, userId: string): Promise<void> {
  return ctx.limits.forget(failureCheck(userId));
}

/** POST /totps: enrolments per user (each writes eleven rows). */
export function guardEnrolment(
  ctx: LimitContext,
  request: RequestContext,
  options: { userId: string; action: string },
): Promise<void> {
  return guardCall(ctx, request, {
    checks: [{ limit: 'totpEnrolmentsPerUser', kind: 'user', key: options.userId }],
    message: TOO_MANY_ENROLMENTS_MESSAGE,
    action: options.action,
    captchaToken: null,
  });
}
