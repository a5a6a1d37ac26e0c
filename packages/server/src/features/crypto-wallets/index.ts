export type { WalletAddress } from './addresses';
export {
  invalidWalletType,
  parseWalletAddress,
  parseWalletType,
  SOLANA_PUBLIC_KEY_BYTES,
  SOLANA_SIGNATURE_BYTES,
} from './addresses';
export type { ImportedCryptoWallet } from './bulk-import';
export { cryptoWalletsForExport, insertImportedCryptoWallets, takenWalletAddresses } from './bulk-import';
export type { WalletChallenge } from './challenges';
export { MAX_OTHER_CANDIDATES, MAX_OWN_CANDIDATES, MAX_SIGNATURE_CHECKS } from './challenges';
export { TOO_MANY_AUTHENTICATIONS_MESSAGE, TOO_MANY_STARTS_MESSAGE, walletLimitKey } from './limits';
export {
  CHAIN_IDS,
  CHALLENGE_TTL_MS,
  chainIdFor,
  createSignInMessage,
  createSolanaSignInMessage,
  SIGN_IN_STATEMENT,
  signingOrigin,
} from './messages';
export { CRYPTO_WALLET_ROUTES, registerCryptoWalletRoutes } from './routes';
export { AuthenticateBody, AuthenticateStartBody } from './schema';
export {
  authenticate,
  CHALLENGE_NOT_FOUND_MESSAGE,
  cryptoWalletFactor,
  INVALID_SIGNATURE_MESSAGE,
  startAuthentication,
} from './service';
export { EIP1271_MAGIC_VALUE, RPC_TIMEOUT_MS, RPC_UNAVAILABLE_MESSAGE } from './verification';
export { DUPLICATE_WALLET_MESSAGE } from './wallets';
