// The abuse guards of wallet sign-in (issue 12 item 1; issue 9: every call that stores or verifies is limited per
// IP and per identifier, BF-07), with their messages in one place. Starts are captcha-protected under pressure (the
// soft thresholds), like the other sign-in starts; authenticates are limited per IP and per wallet.
//
// A wallet address is public, so a wallet's budgets are ones a stranger can spend (issue 20 item 2, security-tests.md
// AT-05/AT-07): each is kept per (wallet, client IP), which is what a person needs, under a much higher ceiling for
// the wallet across all IPs (infra/rate-limit-settings.ts gives the figures). The (wallet, IP) check comes before the ceiling, so a
// caller past its own budget is refused without taking a point of the ceiling (guardCall gives back what it took).
import { createHash } from 'node:crypto';
import type { AppContext, RequestContext } from '../../infra/context';
import { guardCall, type LimitCheck, type RateLimitName } from '../../infra/rate-limits';
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

/** The checks of one wallet call: the caller's IP, the (wallet, IP) pair, then the wallet's ceiling. */
function walletChecks(
  request: RequestContext,
  wallet: WalletAddress,
  limits: { perIp: RateLimitName; perWalletAndIp: RateLimitName; perWallet: RateLimitName },
): LimitCheck[] {
  const key = walletLimitKey(wallet);
  return [
    { limit: limits.perIp, kind: 'ip', key: request.ip },
    { limit: limits.perWalletAndIp, kind: 'wallet', key: `${key}:${request.ip}` },
    { limit: limits.perWallet, kind: 'wallet', key },
  ];
}

/** POST /crypto_wallets/authenticate/start/{primary,secondary}: per IP, per (wallet, IP), per wallet. */
export function guardStart(
  ctx: LimitContext,
  request: RequestContext,
  options: { wallet: WalletAddress; action: string; captchaToken: string | null },
): Promise<void> {
  return guardCall(ctx, request, {
    checks: walletChecks(request, options.wallet, {
      perIp: 'cryptoWalletStartsPerIp',
      perWalletAndIp: 'cryptoWalletStartsPerWalletAndIp',
      perWallet: 'cryptoWalletStartsPerWallet',
    }),
    message: TOO_MANY_STARTS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}

/** POST /crypto_wallets/authenticate: per IP, per (wallet, IP), per wallet. */
export function guardAuthenticate(
  ctx: LimitContext,
  request: RequestContext,
  options: { wallet: WalletAddress; action: string; captchaToken: string | null },
): Promise<void> {
  return guardCall(ctx, request, {
    checks: walletChecks(request, options.wallet, {
      perIp: 'cryptoWalletAuthenticationsPerIp',
      perWalletAndIp: 'cryptoWalletAuthenticationsPerWalletAndIp',
      perWallet: 'cryptoWalletAuthenticationsPerWallet',
    }),
    message: TOO_MANY_AUTHENTICATIONS_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
}
