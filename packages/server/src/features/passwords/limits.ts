// The abuse guards of passwords (issue 10 item 1; security-tests.md BF-01, BF-02, BF-03, BF-05, BF-07), with their
// messages in one place. Every call that hashes or verifies a password takes a point of the caller's IP budget
// (captcha past its soft threshold); wrong passwords count per account (the e-mail address's key, known or not)
// and per IP, and from the 5th failure the account answers 429 with Retry-After until the window ends — even to
// the right password (BF-01), never for good (BF-03). A success after 5 or more failures in a row is reported to
// the account's owner (BF-01). Reset e-mails are capped per address and per IP.
//
// Behind that throttle, a ceiling (issue 20 item 5; BF-09, NIST 800-63B §5.2.2 / Rev4 §3.2.2): the attempts since an
// address's last success, known or not, are a streak on the limiter store (passwordFailureStreaksPerAccount, a
// week's window carried over one boundary); past the project's max_consecutive_failures the address's password is
// locked — sign-in answers reset_password without verifying anything — until a new password (reset by e-mail or
// session) or a week or two without any attempt ends the streak; the row's requires_reset, set at the crossing,
// still asks for the reset after that.
import type { AppContext, RequestContext } from '../../infra/context';
import { securitySettings } from '../../infra/project-settings';
import { guardCall, type LimitCheck } from '../../infra/rate-limits';
import { emailLimitKey, findOwnedIdentifier, loadUser, signUpCheck } from '../users';

export const TOO_MANY_PASSWORD_CALLS_MESSAGE =
  'Too many password attempts were made from this network. Please wait a moment and try again.';
export const TOO_MANY_FAILURES_MESSAGE =
  'Too many wrong passwords were entered for this account. Please wait a few minutes, or log in another way.';
export const TOO_MANY_RESET_SENDS_MESSAGE =
  'Too many password reset e-mails were requested. Please wait a moment and try again.';
export const TOO_MANY_STRENGTH_CHECKS_MESSAGE =
  'Too many password checks were made from this network. Please wait a moment and try again.';

type LimitContext = Pick<AppContext, 'limits' | 'captcha'>;

interface Guarded {
  action: string;
  captchaToken: string | null;
}

/** A call that hashes or verifies a password; `createsUser`: POST /passwords for a new address (a sign-up). */
export function guardPasswordCall(
  ctx: LimitContext,
  request: RequestContext,
  options: Guarded & { createsUser?: boolean },
): Promise<void> {
  const checks: LimitCheck[] = [{ limit: 'passwordCallsPerIp', kind: 'ip', key: request.ip }];
  if (options.createsUser) checks.push(signUpCheck(request.ip));
  return guardCall(ctx, request, {
    checks,
    message: TOO_MANY_PASSWORD_CALLS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}

const accountCheck = (email: string): LimitCheck => ({
  limit: 'passwordFailuresPerAccount',
  kind: 'email',
  key: emailLimitKey(email),
});
const ipFailureCheck = (ip: string): LimitCheck => ({ limit: 'passwordFailuresPerIp', kind: 'ip', key: ip });

/** Before a password is verified: 429 when the account or this IP spent its budget of wrong passwords. */
export async function assertFailureBudget(
  ctx: Pick<AppContext, 'limits'>,
  request: RequestContext,
  email: string,
): Promise<void> {
  await ctx.limits.assertAvailable(accountCheck(email), TOO_MANY_FAILURES_MESSAGE);
  await ctx.limits.assertAvailable(ipFailureCheck(request.ip), TOO_MANY_PASSWORD_CALLS_MESSAGE);
}

/** After a wrong password (or an unknown address): one point of the throttles; never throws. */
export async function recordFailure(
  ctx: Pick<AppContext, 'limits'>,
  request: RequestContext,
  email: string,
): Promise<void> {
  await ctx.limits.penalize(accountCheck(email));
  await ctx.limits.penalize(ipFailureCheck(request.ip));
}

/** BF-01: a password sign-in after this many consecutive failures (or more) e-mails the owner a notice. */
export const NOTIFY_AFTER_FAILURES = 5;

/** The address's attempts in a row (a streak: a window boundary does not cut it), against the project's ceiling. */
const streakCheck = (email: string, ceiling?: number): LimitCheck => ({
  limit: 'passwordFailureStreaksPerAccount',
  kind: 'email',
  key: emailLimitKey(email),
  streak: true,
  ...(ceiling === undefined ? {} : { points: ceiling }),
});

/** An attempt's place in the address's streak (BF-09). */
export interface StreakPlace {
  /** Past the project's ceiling: the password is locked, and this attempt verifies nothing. */
  locked: boolean;
  /** The ceiling's own attempt: when it fails, the password locks (the crossing, seen by one attempt only). */
  reachesCeiling: boolean;
  /** The failures in a row before this attempt (BF-01's notice after a success). */
  failuresBefore: number;
}

/**
 * BF-09: after the throttle and before anything is verified, the attempt takes its place in the address's streak
 * (known or not, EN-01) — one atomic increment, so attempts in flight at once each get a place of their own and
 * no more than the ceiling are ever verified in a row, however many arrive together. A success forgets the streak
 * (forgetFailures). A store that cannot answer refuses the call (503), as every limit does.
 */
export async function takeStreakPlace(
  ctx: Pick<AppContext, 'limits'>,
  request: Pick<RequestContext, 'project'>,
  email: string,
): Promise<StreakPlace> {
  const ceiling = securitySettings(request.project.settings).maxConsecutiveFailures;
  const place = await ctx.limits.count(streakCheck(email, ceiling));
  return { locked: place > ceiling, reachesCeiling: place === ceiling, failuresBefore: place - 1 };
}

/** BF-01: a success (or a new password, BF-09) resets the account's failures: its throttle and its streak. */
export async function forgetFailures(ctx: Pick<AppContext, 'limits'>, email: string): Promise<void> {
  await ctx.limits.forget(accountCheck(email));
  await ctx.limits.forget(streakCheck(email));
}

/**
 * BF-09: a new password (reset by e-mail, by session) ends the lock, and the throttle, of every address the user
 * owns: the streak counts per address, and each of them signs in with the one password. Only owned ones: a pending
 * claim of someone else's address (a secondary send) must not end the lock of that person's password.
 */
export async function clearPasswordCeiling(
  ctx: AppContext,
  request: Pick<RequestContext, 'project'>,
  userId: string,
): Promise<void> {
  const user = await loadUser(ctx, userId);
  for (const { email } of user?.emails ?? []) {
    const owner = await findOwnedIdentifier(ctx, {
      kind: 'email',
      projectId: request.project.id,
      value: email,
    });
    if (owner?.userId === userId) await forgetFailures(ctx, email);
  }
}

/** POST /passwords/email/reset/start: the address (burst shared with every send, and its own budget) and the IP. */
export function guardResetSend(
  ctx: LimitContext,
  request: RequestContext,
  options: Guarded & { email: string },
): Promise<void> {
  const key = emailLimitKey(options.email);
  return guardCall(ctx, request, {
    checks: [
      { limit: 'passwordResetSendsPerIp', kind: 'ip', key: request.ip },
      { limit: 'sendsPerRecipientBurst', kind: 'email', key },
      { limit: 'passwordResetSendsPerEmail', kind: 'email', key },
    ],
    message: TOO_MANY_RESET_SENDS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}

/** POST /passwords/strength_check (no captcha: wire-format.md §4.10 sends no captcha_token there). */
export function guardStrengthCheck(
  ctx: LimitContext,
  request: RequestContext,
  action: string,
): Promise<void> {
  return guardCall(ctx, request, {
    checks: [{ limit: 'passwordStrengthChecksPerIp', kind: 'ip', key: request.ip }],
    message: TOO_MANY_STRENGTH_CHECKS_MESSAGE,
    action,
    captchaToken: null,
  });
}
