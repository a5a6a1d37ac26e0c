// SPEC §2 Main / §9 "Wallet buttons shown: 6 minus social providers minus 1": which detected wallets get a
// 'Continue with <wallet>' button on Main and which go behind 'Continue with other Crypto Wallet', and the name
// each button shows.
import type { Product, WalletOption } from '@gatehouse/protocol';
import type { LoginConfig } from '../../config';
import type { CryptoStringKey, CryptoStrings } from './crypto-strings';
import type { DetectedWallet } from './wallet-discovery';

/** SPEC §9: the 6 of "6 minus social providers minus 1" (Stytch's MAX_BUTTONS). */
export const MAX_MAIN_BUTTONS = 6;

export const WALLET_NAME_STRINGS = {
  Vessel: 'walletVessel',
  Phantom: 'walletPhantom',
  Metamask: 'walletMetamask',
  Coinbase: 'walletCoinbase',
  Binance: 'walletBinance',
  GenericEthereumWallet: 'walletOtherEthereum',
  GenericSolanaWallet: 'walletOtherSolana',
} as const satisfies Record<WalletOption, CryptoStringKey>;

/**
 * The social providers Main shows: the oauth product on, each configured type once. Unknown types count too (as in
 * the published UI, which counts the configured entries); checking them would need the protocol's provider list at
 * run time, which this chunk leaves out so the protocol and the SDK stay one initial file (bench widget-size).
 */
export function socialProviderCount(config: LoginConfig, products: readonly Product[]): number {
  if (!products.includes('oauth')) return 0;
  return new Set((config.oauthOptions?.providers ?? []).map((entry) => entry?.type)).size;
}

/** SPEC §9: at most 6 − social providers − 1 wallet buttons on Main (never fewer than none). */
export function walletButtonCap(socialProviders: number): number {
  return Math.max(0, MAX_MAIN_BUTTONS - socialProviders - 1);
}

/** SPEC §2: the first `cap` wallets on Main, the rest behind 'Continue with other Crypto Wallet'. */
export function splitWallets<T>(wallets: readonly T[], cap: number): { main: T[]; other: T[] } {
  return { main: wallets.slice(0, cap), other: wallets.slice(cap) };
}

/**
 * The known wallets by their SPEC §3 names; another Ethereum or Solana wallet by its own announced name (several
 * may be installed, and each button must say which it opens), else 'Other Ethereum Wallet' / 'Other Solana Wallet'.
 */
export function walletName(wallet: Pick<DetectedWallet, 'option' | 'name'>, strings: CryptoStrings): string {
  const generic = wallet.option === 'GenericEthereumWallet' || wallet.option === 'GenericSolanaWallet';
  if (generic && wallet.name !== null && wallet.name.trim() !== '') return wallet.name.trim();
  return strings[WALLET_NAME_STRINGS[wallet.option]];
}
