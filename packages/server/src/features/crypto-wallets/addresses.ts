// Wallet types and addresses as the server stores and compares them (issue 12 item 1; SPEC §3 "The type sent to the
// server is solana or ethereum"; security-tests.md WL-05 "an upper-case or lower-case variant of the address").
//
// - Ethereum: 0x + 40 hex digits in any case. EIP-55 mixed case is a checksum only when the caller chose it, and
//   wallets differ (MetaMask answers lower case), so the case is never trusted: the lower-cased value goes through
//   viem's getAddress, giving the one checksum form every variant maps to (stored, compared, put in the message).
// - Solana: a base58 public key decoding to exactly 32 bytes (ed25519), re-encoded so the stored text is canonical.
import { CRYPTO_WALLET_TYPES, type CryptoWalletType } from '@gatehouse/protocol';
import { base58 } from '@scure/base';
import { getAddress } from 'viem';
import { ApiError } from '../../infra/errors';

/** Ed25519 public keys (Solana addresses) and signatures. */
export const SOLANA_PUBLIC_KEY_BYTES = 32;
export const SOLANA_SIGNATURE_BYTES = 64;

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** The Bitcoin alphabet @scure/base's base58 uses (no 0, O, I, l). */
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

export interface WalletAddress {
  type: CryptoWalletType;
  /** The stored form: EIP-55 checksum (Ethereum) or canonical base58 (Solana). */
  address: string;
  /** Solana: the 32 public-key bytes; Ethereum: null. */
  publicKey: Uint8Array | null;
}

export function invalidWalletType(): ApiError {
  return new ApiError(
    'invalid_crypto_wallet_type',
    `crypto_wallet_type must be one of: ${CRYPTO_WALLET_TYPES.join(', ')}.`,
  );
}

function invalidAddress(type: CryptoWalletType): ApiError {
  return new ApiError(
    'invalid_crypto_wallet_address',
    type === 'ethereum'
      ? 'crypto_wallet_address is not an Ethereum address (0x followed by 40 hexadecimal digits).'
      : 'crypto_wallet_address is not a Solana address (a base58 public key of 32 bytes).',
  );
}

/** `crypto_wallet_type` as sent: exactly 'ethereum' or 'solana' (Stytch's values; no case folding). */
export function parseWalletType(value: string): CryptoWalletType {
  const found = CRYPTO_WALLET_TYPES.find((type) => type === value);
  if (found === undefined) throw invalidWalletType();
  return found;
}

/** Decodes base58 text, or null when it is not base58. */
export function decodeBase58(text: string): Uint8Array | null {
  if (!BASE58.test(text)) return null;
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}

/** The address in its stored form, or invalid_crypto_wallet_address. */
export function parseWalletAddress(type: CryptoWalletType, value: string): WalletAddress {
  if (type === 'ethereum') {
    if (!ETHEREUM_ADDRESS.test(value)) throw invalidAddress(type);
    return { type, address: getAddress(value.toLowerCase()), publicKey: null };
  }
  const bytes = decodeBase58(value);
  if (bytes === null || bytes.length !== SOLANA_PUBLIC_KEY_BYTES) throw invalidAddress(type);
  return { type, address: base58.encode(bytes), publicKey: bytes };
}
