// Send limits and the guess budget of passcodes (security-tests.md BF-04, BF-05): sends are capped per recipient,
// per phone-number prefix and per IP, and wrong codes per method, each answering 429 `too_many_requests` with a
// Retry-After header. The limiters are the app's own (ctx.limits, infra/rate-limits.ts).
import type { AppContext } from '../../infra/context';

export const TOO_MANY_SENDS_MESSAGE =
  'Too many passcodes were requested. Please wait a moment and try again.';
export const TOO_MANY_GUESSES_MESSAGE =
  'Too many wrong passcodes were entered for this phone number or e-mail. Please wait a moment and try again.';

/** One send: counts against the IP, the prefix (phones) and the recipient; throws 429 when any is exhausted. */
export async function consumeSend(
  ctx: Pick<AppContext, 'limits'>,
  options: { ip: string; recipient: string; phonePrefix: string | null },
): Promise<void> {
  await ctx.limits.consume({ limit: 'otpSendsPerIp', kind: 'ip', key: options.ip }, TOO_MANY_SENDS_MESSAGE);
  if (options.phonePrefix !== null) {
    await ctx.limits.consume(
      { limit: 'otpSendsPerPhonePrefix', kind: 'phone_prefix', key: options.phonePrefix },
      TOO_MANY_SENDS_MESSAGE,
    );
  }
  await ctx.limits.consume(
    { limit: 'otpSendsPerRecipient', kind: 'method', key: options.recipient },
    TOO_MANY_SENDS_MESSAGE,
  );
}

const guessCheck = (methodId: string) =>
  ({ limit: 'otpFailedAttemptsPerMethod', kind: 'method', key: methodId }) as const;

/** Before a code is evaluated: 429 when this method already used its budget of wrong codes. */
export function assertGuessBudget(ctx: Pick<AppContext, 'limits'>, methodId: string): Promise<void> {
  return ctx.limits.assertAvailable(guessCheck(methodId), TOO_MANY_GUESSES_MESSAGE);
}

/** After a wrong code: one point of the method's budget (never throws; the 401 of the wrong code stands). */
export function recordWrongCode(ctx: Pick<AppContext, 'limits'>, methodId: string): Promise<void> {
  return ctx.limits.penalize(guessCheck(methodId));
}
