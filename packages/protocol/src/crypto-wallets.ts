// wire-format.md §4.7 (crypto wallets) and SPEC §3/§7/§9: paths relative to /sdk/v1, the bodies and `data` of the
// three wallet calls, and the wallet vocabulary shared by the server, the SDK and the widget (issue 12).

import type { AuthenticateResponse, ResponseCommon } from './models';
import type { CaptchaFields } from './passwords';

export const CRYPTO_WALLET_ROUTES = {
  authenticateStartPrimary: '/crypto_wallets/authenticate/start/primary',
  authenticateStartSecondary: '/crypto_wallets/authenticate/start/secondary',
  authenticate: '/crypto_wallets/authenticate',
} as const;

/** SPEC §3: "The type sent to the server is solana or ethereum." */
export const CRYPTO_WALLET_TYPES = ['ethereum', 'solana'] as const;
export type CryptoWalletType = (typeof CRYPTO_WALLET_TYPES)[number];

/**
 * SPEC §3 "Wallet types in the widget" (SPEC §9 lists the same seven with display names): the wallet option the
 * widget remembers (cryptoState.walletOption, default Metamask) and the chain each one signs on.
 */
export const WALLET_OPTIONS = [
  'Phantom',
  'Vessel',
  'Binance',
  'Coinbase',
  'Metamask',
  'GenericEthereumWallet',
  'GenericSolanaWallet',
] as const;
export type WalletOption = (typeof WALLET_OPTIONS)[number];

/** POST /crypto_wallets/authenticate/start/{primary,secondary}. */
export interface CryptoWalletAuthenticateStartRequest extends CaptchaFields {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
}

/** `data` of the start: the message the wallet signs (EIP-4361 for Ethereum, the Solana sign-in format for Solana). */
export interface CryptoWalletAuthenticateStartResponse extends ResponseCommon {
  challenge: string;
}

/** POST /crypto_wallets/authenticate (**R**: answers a session). */
export interface CryptoWalletAuthenticateRequest extends CaptchaFields {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  /** Ethereum: the 0x-hex `personal_sign` result; Solana: base58 of the ed25519 signature over the UTF-8 challenge. */
  signature: string;
  session_duration_minutes: number;
  /**
   * Gatehouse's extension, sent by its own SDK only (issue 20 item 2): the challenge the wallet signed, exactly as
   * the start answered it. The server checks the signature against that one challenge (named by its nonce).
   */
  challenge?: string;
}

export type CryptoWalletAuthenticateResponse = AuthenticateResponse;
