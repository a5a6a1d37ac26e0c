// The abuse guards of passcodes (issue 9 item 1; security-tests.md BF-03, BF-04, BF-05), with their messages in one
// place. Sends are capped per IP, per recipient (a burst limit shared with every method, and a per-minute budget
// per channel), per phone-number prefix, per project and day for paid channels (SMS, WhatsApp), and sign-ups per
// IP; authentications per IP; wrong codes per code (service.ts: 5 evaluated attempts) and per (method, IP), so a
// stranger who knows a method_id cannot spend its owner's budget. Every limit answers 429 `too_many_requests` with
// a Retry-After header before the call changes anything (infra/rate-limits.ts guardCall).
import type { AppContext, RequestContext } from '../../infra/context';
import { guardCall, type LimitCheck } from '../../infra/rate-limits';
import { emailLimitKey, phoneLimitKey, signUpCheck } from '../users';
import type { OtpChannel } from './methods';

export const TOO_MANY_SENDS_MESSAGE =
  'Too many passcodes were requested. Please wait a moment and try again.';
export const TOO_MANY_GUESSES_MESSAGE =
  'Too many wrong passcodes were entered for this phone number or e-mail. Please wait a moment and try again.';
export const TOO_MANY_AUTHENTICATIONS_MESSAGE =
  'Too many passcodes were entered from this network. Please wait a moment and try again.';
export const DAILY_SMS_LIMIT_MESSAGE =
  'This application has sent as many text and WhatsApp messages today as it allows. Please sign in another way or try again tomorrow.';

type LimitContext = Pick<AppContext, 'limits' | 'captcha'>;

/**
 * One send (the action is the route's path under /sdk/v1, as infra/captcha.ts binds tokens): 429 when any budget is spent, a
 * captcha past a soft threshold, then a point of each. `createsUser`: a login_or_create for a destination nobody
 * holds yet, which counts as a sign-up.
 */
export function guardSend(
  ctx: LimitContext,
  request: RequestContext,
  options: {
    channel: OtpChannel;
    destination: string;
    phonePrefix: string | null;
    createsUser: boolean;
    action: string;
    captchaToken: string | null;
  },
): Promise<void> {
  const { channel, destination } = options;
  const phone = channel !== 'email';
  const recipient: LimitCheck = phone
    ? { limit: 'sendsPerRecipientBurst', kind: 'phone_number', key: phoneLimitKey(destination) }
    : { limit: 'sendsPerRecipientBurst', kind: 'email', key: emailLimitKey(destination) };
  const checks: LimitCheck[] = [
    { limit: 'otpSendsPerIp', kind: 'ip', key: request.ip },
    recipient,
    { limit: 'otpSendsPerRecipient', kind: recipient.kind, key: `${channel}:${recipient.key}` },
  ];
  if (options.phonePrefix !== null) {
    checks.push({
      limit: 'otpSendsPerPhonePrefix',
      kind: 'phone_prefix',
      key: phoneLimitKey(options.phonePrefix),
    });
  }
  if (options.createsUser) {
    checks.push(signUpCheck(request.ip));
  }
  if (phone) {
    // BF-05: the project's daily ceiling of paid messages (SMS and WhatsApp together), its own when it sets one.
    const ceiling = request.project.settings.sms_daily_limit ?? null;
    checks.push({
      limit: 'paidSendsPerProject',
      kind: 'project',
      key: request.project.id,
      message: DAILY_SMS_LIMIT_MESSAGE,
      ...(ceiling === null ? {} : { points: ceiling }),
    });
  }
  return guardCall(ctx, request, {
    checks,
    message: TOO_MANY_SENDS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}

/** POST /otps/authenticate: one point of the caller's IP budget (429 when spent). */
export function guardAuthenticate(
  ctx: LimitContext,
  request: RequestContext,
  options: { action: string; captchaToken: string | null },
): Promise<void> {
  return guardCall(ctx, request, {
    checks: [{ limit: 'otpAuthenticationsPerIp', kind: 'ip', key: request.ip }],
    message: TOO_MANY_AUTHENTICATIONS_MESSAGE,
    ...options,
  });
}

/** BF-03: the wrong-code budget is the caller's (method, IP), never the method's alone. */
const guessCheck = (methodId: string, ip: string): LimitCheck => ({
  limit: 'otpFailedAttemptsPerMethodAndIp',
  kind: 'method',
  key: `${methodId}:${ip}`,
});

/** Before a code is evaluated: 429 when this caller already used their budget of wrong codes for the method. */
export function assertGuessBudget(
  ctx: Pick<AppContext, 'limits'>,
  request: RequestContext,
  methodId: string,
): Promise<void> {
  return ctx.limits.assertAvailable(guessCheck(methodId, request.ip), TOO_MANY_GUESSES_MESSAGE);
}

/** After a wrong code: one point of the caller's budget (never throws; the 401 of the wrong code stands). */
export function recordWrongCode(
  ctx: Pick<AppContext, 'limits'>,
  request: RequestContext,
  methodId: string,
): Promise<void> {
  return ctx.limits.penalize(guessCheck(methodId, request.ip));
}
