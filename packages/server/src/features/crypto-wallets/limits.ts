// The abuse guards of wallet sign-in (issue 12 item 1; issue 9: every call that stores or verifies is limited per
// IP and per identifier, BF-07), with their messages in one place. Starts are captcha-protected under pressure (the
// soft thresholds), like the other sign-in starts; authenticates are limited per IP and per wallet.
import { createHash } from 'node:crypto';
import type { AppContext, RequestContext } from '../../infra/context';
import { guardCall } from '../../infra/rate-limits';
import type { WalletAddress } from './addresses';

export const TOO_MANY_STARTS_MESSAGE =
  'Too many wallet sign-ins were started. Please wait a moment and try again.';
export const TOO_MANY_AUTHENTICATIONS_MESSAGE =
  'Too many wallet sign-ins were attempted. Please wait a moment and try again.';

type LimitContext = Pick<AppContext, 'limits' | 'captcha'>;

/** A wallet as a limiter key: SHA-256 of its stored form, so every case variant of an address shares one budget. */
export function walletLimitKey(wallet: Pick<WalletAddress, 'type' | 'address'>): string {
  return createHash('sha256').update(`wallet:${wallet.type}:${wallet.address}`, 'utf8').digest('hex');
}

/** POST /crypto_wallets/authenticate/start/{primary,secondary}: per IP and per wallet. */
export function guardStart(
  ctx: LimitContext,
  request: RequestContext,
  options: { wallet: WalletAddress; action: string; captchaToken: string | null },
): Promise<void> {
  const key = walletLimitKey(options.wallet);
  return guardCall(ctx, request, {
    checks: [
      { limit: 'cryptoWalletStartsPerIp', kind: 'ip', key: request.ip },
      { limit: 'cryptoWalletStartsPerWallet', kind: 'wallet', key },
    ],
    message: TOO_MANY_STARTS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}

/** POST /crypto_wallets/authenticate: per IP and per wallet. */
export function guardAuthenticate(
  ctx: LimitContext,
  request: RequestContext,
  options: { wallet: WalletAddress; action: string; captchaToken: string | null },
): Promise<void> {
  return guardCall(ctx, request, {
    checks: [
      { limit: 'cryptoWalletAuthenticationsPerIp', kind: 'ip', key: request.ip },
      { limit: 'cryptoWalletAuthenticationsPerWallet', kind: 'wallet', key: walletLimitKey(options.wallet) },
    ],
    message: TOO_MANY_AUTHENTICATIONS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}
