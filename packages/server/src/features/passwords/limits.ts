// The abuse guards of passwords (issue 10 item 1; security-tests.md BF-01, BF-02, BF-03, BF-05, BF-07), with their
// messages in one place. Every call that hashes or verifies a password takes a point of the caller's IP budget
// (captcha past its soft threshold); wrong passwords count per account (the e-mail address's key, known or not)
// and per IP, and from the 5th failure the account answers 429 with Retry-After until the window ends — even to
// the right password (BF-01), never for good (BF-03). A success after 5 or more failures in a row is reported to
// the account's owner (BF-01). Reset e-mails are capped per address and per IP.
import type { AppContext, RequestContext } from '../../infra/context';
import { guardCall, type LimitCheck } from '../../infra/rate-limits';
import { emailLimitKey, signUpCheck } from '../users';

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

/** After a wrong password (or an unknown address): one point of each budget; never throws. */
export async function recordFailure(
  ctx: Pick<AppContext, 'limits'>,
  request: RequestContext,
  email: string,
): Promise<void> {
  await ctx.limits.penalize(accountCheck(email));
  await ctx.limits.penalize(streakCheck(email));
  await ctx.limits.penalize(ipFailureCheck(request.ip));
}

/** BF-01: a password sign-in after this many consecutive failures (or more) e-mails the owner a notice. */
export const NOTIFY_AFTER_FAILURES = 5;

const streakCheck = (email: string): LimitCheck => ({
  limit: 'passwordFailureStreaksPerAccount',
  kind: 'email',
  key: emailLimitKey(email),
});

/**
 * BF-01: a success resets the account's failures. Answers how many consecutive failures it ended (0 when the store
 * cannot say: a notice is not worth failing a sign-in over).
 */
export async function forgetFailures(ctx: Pick<AppContext, 'limits'>, email: string): Promise<number> {
  const streak = await ctx.limits.peek(streakCheck(email)).then(
    (state) => state.consumed,
    () => 0,
  );
  await ctx.limits.forget(accountCheck(email));
  await ctx.limits.forget(streakCheck(email));
  return streak;
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
