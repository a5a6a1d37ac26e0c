// wire-format.md §4.7 and SPEC §7 (issue 12 item 2): the public names of client.cryptoWallets, with the Stytch 4.x
// option shapes. Types only: the calls live in ./crypto-wallets-module, which the client loads on the first wallet
// call (client.ts lazyCryptoWallets), so pages without crypto sign-in neither download nor evaluate it (the
// headless SDK's initial file is over its 8 KiB budget already).
import type {
  CryptoWalletAuthenticateResponse,
  CryptoWalletAuthenticateStartResponse,
} from '@gatehouse/protocol';

export interface CryptoWalletAuthenticateStartOptions {
  /** Ethereum: the 0x address from `eth_requestAccounts`; Solana: the base58 public key. */
  crypto_wallet_address: string;
  /** SPEC §3: "The type sent to the server is solana or ethereum." */
  crypto_wallet_type: string;
}

export interface CryptoWalletAuthenticateOptions {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  /** Ethereum: the 0x-hex `personal_sign` result; Solana: base58 of the signature over the UTF-8 challenge. */
  signature: string;
  /** Required, as in the Stytch 4.13.1 client (SPEC §5: a number). */
  session_duration_minutes: number;
  /**
   * Gatehouse's extension (issue 20 item 2; not in Stytch's client or wire-format.md §4.7): the `challenge` the
   * start answered and the wallet signed, exactly as answered. The server then checks the signature against that
   * one challenge, so starts by anyone else for the same address can never void it. Without it the server matches
   * the signature against the newest challenges started from this client address, as for Stytch's client.
   */
  challenge?: string;
}

/** What authenticate returns to the app: the response without `__user` (wire-format.md §4.1). */
export type CryptoWalletAuthenticateResult = Omit<CryptoWalletAuthenticateResponse, '__user'>;

export interface CryptoWalletsModule {
  /**
   * POST /crypto_wallets/authenticate/start/secondary when a session is held (adds the wallet to that user), else
   * /start/primary; answers the `challenge` the wallet signs.
   */
  authenticateStart(
    options: CryptoWalletAuthenticateStartOptions,
  ): Promise<CryptoWalletAuthenticateStartResponse>;
  /** POST /crypto_wallets/authenticate: applies the answered session with the user from `__user`. */
  authenticate(options: CryptoWalletAuthenticateOptions): Promise<CryptoWalletAuthenticateResult>;
}
