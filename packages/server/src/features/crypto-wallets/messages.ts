// The messages a wallet signs (issue 12 item 1; wire-format.md §4.7 `challenge`; security-tests.md WL-02/WL-03/WL-04).
// Ethereum: an EIP-4361 "Sign-In with Ethereum" message made by viem's createSiweMessage. Solana: the same fields
// in the Solana sign-in format (SIWS, Phantom's: the text @solana/wallet-standard-util's createSignInMessageText
// writes), built here because no Solana library is a dependency. Both carry:
// - domain: the RFC 3986 authority (host[:port]) of the page that asked, URI: that page's origin. The origin is the
//   request's Origin header (the request-context hook already refused any origin the project does not allow);
//   a caller without one (a server, a native app) gets the project's first allowed origin, else the server's own
//   public URL. A message signed for another site (a phishing relay) names that site, and a signature over it
//   never matches the message stored here (WL-03);
// - Chain ID: SPEC §9 "Blockchain network: mainnet in production, otherwise testnet" — read from the app's
//   environment (config.env, as every production-only behaviour is): Ethereum mainnet 1 or Sepolia 11155111,
//   Solana 'mainnet' or 'testnet';
// - a server nonce of 48 hex digits (192 bits; EIP-4361 wants ≥ 8 alphanumeric characters, WL-02 ≥ 128 bits);
// - Issued At (the server clock) and Expiration Time 10 minutes later (WL-02: TTL ≤ 10 min). The expiry the server
//   enforces is the stored row's, on its own clock; the text tells the person (and wallets that show it).
import { randomBytes } from 'node:crypto';
import type { CryptoWalletType } from '@gatehouse/protocol';
import { createSiweMessage } from 'viem/siwe';
import type { AppConfig, ProjectRecord } from '../../infra/context';

/** Issue 12: a challenge is valid for 10 minutes (security-tests.md WL-02: ≤ 10 min). */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** 24 random bytes as hex: 192 bits, alphanumeric (EIP-4361 nonce grammar). */
export const NONCE_BYTES = 24;

/** What the message says to the person signing (no line break: EIP-4361 statement grammar). */
export const SIGN_IN_STATEMENT =
  'Sign in with your wallet. This request will not trigger a blockchain transaction or cost any fees.';

/** SPEC §9 networks by wallet type: [production, otherwise]. */
export const CHAIN_IDS = {
  ethereum: { production: '1', testnet: '11155111' },
  solana: { production: 'mainnet', testnet: 'testnet' },
} as const satisfies Record<CryptoWalletType, { production: string; testnet: string }>;

/** SPEC §9: the Chain ID messages carry in this environment. */
export function chainIdFor(type: CryptoWalletType, config: Pick<AppConfig, 'env'>): string {
  return config.env === 'production' ? CHAIN_IDS[type].production : CHAIN_IDS[type].testnet;
}

export function newNonce(): string {
  return randomBytes(NONCE_BYTES).toString('hex');
}

function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The origin the message is bound to: the caller's Origin (already checked against the project), else the project's
 * first allowed origin, else the server's public URL (see the header).
 */
export function signingOrigin(options: {
  requestOrigin: string | null;
  project: Pick<ProjectRecord, 'allowedOrigins'>;
  publicUrl: string;
}): string {
  return (
    originOf(options.requestOrigin) ??
    originOf(options.project.allowedOrigins[0]) ??
    originOf(options.publicUrl) ??
    options.publicUrl
  );
}

export interface SignInMessageFields {
  type: CryptoWalletType;
  /** Stored form (features/crypto-wallets/addresses.ts). */
  address: string;
  /** The page's origin; its host is the message's domain. */
  origin: string;
  chainId: string;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}

/** The Solana sign-in message text (SIWS, the field order of @solana/wallet-standard-util). */
export function createSolanaSignInMessage(fields: Omit<SignInMessageFields, 'type'>): string {
  const domain = new URL(fields.origin).host;
  return [
    `${domain} wants you to sign in with your Solana account:`,
    fields.address,
    '',
    SIGN_IN_STATEMENT,
    '',
    `URI: ${fields.origin}`,
    'Version: 1',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expirationTime.toISOString()}`,
  ].join('\n');
}

/** The message of one challenge: EIP-4361 for Ethereum, SIWS for Solana. */
export function createSignInMessage(fields: SignInMessageFields): string {
  if (fields.type === 'solana') return createSolanaSignInMessage(fields);
  return createSiweMessage({
    address: fields.address as `0x${string}`,
    chainId: Number(fields.chainId),
    domain: new URL(fields.origin).host,
    uri: fields.origin,
    version: '1',
    statement: SIGN_IN_STATEMENT,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
  });
}

/** The first line of each format, up to the type's name (EIP-4361 and SIWS: "<domain> wants you to sign in …"). */
const HEADER_ENDINGS = {
  ethereum: ' wants you to sign in with your Ethereum account:',
  solana: ' wants you to sign in with your Solana account:',
} as const satisfies Record<CryptoWalletType, string>;

/** EIP-4361's nonce grammar (at least 8 alphanumeric characters), bounded; ours are 48 hex digits. */
const NONCE_PATTERN = /^[A-Za-z0-9]{8,128}$/;

/**
 * The nonce of a sign-in message of `type`, read from its one `Nonce: ` line (both formats carry it alike), or null
 * for text that is not such a message. Issue 20 item 2: a caller names the challenge it signed by sending its
 * message back, and this nonce selects the one stored row; the row's message must then equal the text exactly, so
 * nothing here has to be a full parser (a text that merely carries someone's nonce names a row it does not match).
 */
export function nonceOf(type: CryptoWalletType, message: string): string | null {
  const lines = message.split('\n');
  if (!lines[0]?.endsWith(HEADER_ENDINGS[type])) return null;
  const nonces = lines
    .filter((line) => line.startsWith('Nonce: '))
    .map((line) => line.slice('Nonce: '.length));
  const [nonce] = nonces;
  return nonces.length === 1 && nonce !== undefined && NONCE_PATTERN.test(nonce) ? nonce : null;
}
