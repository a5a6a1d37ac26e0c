// The abuse guards of login links (issue 9 item 1; security-tests.md BF-05: 60 sends to one address in a row all
// succeeded before), with their messages in one place. Sends are capped per IP, per address (a burst limit shared
// with passcodes, and a per-minute budget) and, when they create a user, as sign-ups per IP; redemptions per IP.
// Every limit answers 429 `too_many_requests` with Retry-After before the call writes or sends anything.
import type { AppContext, RequestContext } from '../../infra/context';
import { guardCall, type LimitCheck } from '../../infra/rate-limits';
import { emailLimitKey, signUpCheck } from '../users';

export const TOO_MANY_SENDS_MESSAGE =
  'Too many login links were requested. Please wait a moment and try again.';
export const TOO_MANY_AUTHENTICATIONS_MESSAGE =
  'Too many login links were opened from this network. Please wait a moment and try again.';

type LimitContext = Pick<AppContext, 'limits' | 'captcha'>;

/** One send (`email` normalised); `createsUser`: a login_or_create for an address nobody holds yet. */
export function guardSend(
  ctx: LimitContext,
  request: RequestContext,
  options: { email: string; createsUser: boolean; action: string; captchaToken: string | null },
): Promise<void> {
  const key = emailLimitKey(options.email);
  const checks: LimitCheck[] = [
    { limit: 'magicLinkSendsPerIp', kind: 'ip', key: request.ip },
    { limit: 'sendsPerRecipientBurst', kind: 'email', key },
    { limit: 'magicLinkSendsPerEmail', kind: 'email', key },
  ];
  if (options.createsUser) {
    checks.push(signUpCheck(request.ip));
  }
  return guardCall(ctx, request, {
    checks,
    message: TOO_MANY_SENDS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}

/** POST /magic_links/authenticate: one point of the caller's IP budget. */
export function guardAuthenticate(
  ctx: LimitContext,
  request: RequestContext,
  options: { action: string; captchaToken: string | null },
): Promise<void> {
  return guardCall(ctx, request, {
    checks: [{ limit: 'magicLinkAuthenticationsPerIp', kind: 'ip', key: request.ip }],
    message: TOO_MANY_AUTHENTICATIONS_MESSAGE,
    ...options,
  });
}
