// The abuse guards of TOTP and recovery codes (issue 13 item 1; security-tests.md BF-06: "Guessing is rate-limited
// (shared budget with BF-01)"): wrong codes of either kind spend one per-user budget of the same size as a password
// account's (5 in 5 minutes, then 429 with Retry-After until the window ends, never a permanent lock), on the shared
// limiter store; every attempt also takes a point per IP through guardCall (captcha under pressure).
//
// Behind that throttle, a ceiling (issue 20 item 5; BF-09, NIST 800-63B §5.2.2 / Rev4 §3.2.2): the codes tried in a
// row on a confirmed authenticator app are a streak on the limiter store (totpFailureStreaksPerApp, keyed by its
// totp_id, a week's window carried over one boundary); past the project's max_consecutive_failures its codes are
// refused with 403 totp_locked, unread, until a recovery code is used (or a week or two pass without an attempt).
// Recovery codes are never locked by it (60 bits each, throttled: BF-03 "recovery attempts never lock").
import type { AppContext, RequestContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { securitySettings } from '../../infra/project-settings';
import { guardCall, type LimitCheck } from '../../infra/rate-limits';

export const TOO_MANY_FAILURES_MESSAGE =
  'Too many wrong codes were entered for this account. Please wait a few minutes and try again.';
export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many codes were entered from this network. Please wait a moment and try again.';
export const TOTP_LOCKED_MESSAGE =
  'Too many wrong codes were entered for this authenticator app, so its codes are not accepted until one of your recovery codes is used. Enter a recovery code instead.';
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

/** The codes tried in a row on one confirmed authenticator app (a streak), against the project's ceiling. */
const streakCheck = (totpId: string): LimitCheck => ({
  limit: 'totpFailureStreaksPerApp',
  kind: 'method',
  key: totpId,
  streak: true,
});

/** A code's place in its app's streak (BF-09): `reachesCeiling` when it is the ceiling's own attempt. */
export interface StreakPlace {
  reachesCeiling: boolean;
  /** The codes tried in a row with this one (the owner's notice at the crossing says how many). */
  attempts: number;
}

/**
 * BF-09: after the throttle and before the code is compared, it takes its place in the app's streak — one atomic
 * increment, so codes in flight at once each get a place of their own and no more than the ceiling are ever
 * compared in a row. Past the ceiling: 403 totp_locked, the code unread. A right code or a used recovery code
 * forgets the streak (forgetStreak).
 */
export async function takeStreakPlace(
  ctx: Pick<AppContext, 'limits'>,
  request: Pick<RequestContext, 'project'>,
  totpId: string,
): Promise<StreakPlace> {
  const ceiling = securitySettings(request.project.settings).maxConsecutiveFailures;
  const attempts = await ctx.limits.count(streakCheck(totpId));
  if (attempts > ceiling) throw new ApiError('totp_locked', TOTP_LOCKED_MESSAGE);
  return { reachesCeiling: attempts === ceiling, attempts };
}

/** A right code of the app, or one of its recovery codes used: its streak ends (BF-01, BF-09 unlock). */
export function forgetStreak(ctx: Pick<AppContext, 'limits'>, totpId: string): Promise<void> {
  return ctx.limits.forget(streakCheck(totpId));
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
