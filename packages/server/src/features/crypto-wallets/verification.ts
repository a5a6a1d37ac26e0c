// Signature checks of the wallet sign-in (issue 12 item 1; wire-format.md §4.7; security-tests.md WL-05). Both work
// on the message exactly as stored (a caller's `challenge` only selects a stored row, service.ts), so a signature
// over any other text (another nonce, domain, URI or Chain ID, a non-SIWE text, another dApp's message) simply does
// not verify.
//
// - Ethereum: `personal_sign` (EIP-191) of the message. A 65-byte signature is recovered with viem and the signer
//   compared with the checksum address. If that fails and the project has an Ethereum RPC URL, the address may be a
//   contract wallet: EIP-1271 `isValidSignature(hashMessage(message), signature)` is asked through a viem public
//   client over that URL with a short timeout and no retries; only the magic value 0x1626ba7e accepts. A revert or
//   no contract at the address is a refusal; an RPC that does not answer is crypto_wallet_rpc_unavailable (503),
//   never a 500 and never an acceptance.
// - Solana: the base58 signature must decode to 64 bytes and verify with ed25519 (strict RFC 8032, no ZIP-215
//   leniency) over the UTF-8 bytes of the message with the address's 32-byte public key.
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createPublicClient,
  type Hex,
  HttpRequestError,
  hashMessage,
  http,
  isHex,
  parseAbi,
  recoverMessageAddress,
  TimeoutError,
} from 'viem';
import { ApiError } from '../../infra/errors';
import { decodeBase58, SOLANA_SIGNATURE_BYTES } from './addresses';

/** EIP-1271: `bytes4(keccak256("isValidSignature(bytes32,bytes)"))`, answered by a contract that accepts. */
export const EIP1271_MAGIC_VALUE = '0x1626ba7e';
/** A sign-in waits this long for the project's RPC at most (one call, no retries). */
export const RPC_TIMEOUT_MS = 3000;
/** r ‖ s ‖ v. */
const ETHEREUM_SIGNATURE_BYTES = 65;

const EIP1271_ABI = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4 magicValue)',
]);

export const RPC_UNAVAILABLE_MESSAGE =
  "The project's Ethereum RPC did not answer, so the contract wallet's signature could not be checked. Please try again later.";

export function rpcUnavailable(): ApiError {
  return new ApiError('crypto_wallet_rpc_unavailable', RPC_UNAVAILABLE_MESSAGE);
}

/** Hex as a wallet returns it: 0x and an even number of hex digits. */
function signatureHex(signature: string): Hex | null {
  return isHex(signature, { strict: true }) && signature.length % 2 === 0 ? signature : null;
}

/** The EOA signer of `signature` over `message` (EIP-191), or null when it does not recover. */
async function recoverSigner(message: string, signature: Hex): Promise<string | null> {
  if ((signature.length - 2) / 2 !== ETHEREUM_SIGNATURE_BYTES) return null;
  try {
    return await recoverMessageAddress({ message, signature });
  } catch {
    return null;
  }
}

/** Whether an error of viem's means "the contract said no" rather than "the RPC did not answer". */
function isContractRefusal(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  if (error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError)) return false;
  return (
    error.walk(
      (cause) =>
        cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError,
    ) !== null
  );
}

/** EIP-1271 through the project's RPC: true only for the magic value. */
async function isValidContractSignature(options: {
  rpcUrl: string;
  address: Hex;
  message: string;
  signature: Hex;
  log: { warn(object: object, message: string): void };
}): Promise<boolean> {
  const client = createPublicClient({
    transport: http(options.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 0 }),
  });
  try {
    const answer = await client.readContract({
      address: options.address,
      abi: EIP1271_ABI,
      functionName: 'isValidSignature',
      args: [hashMessage(options.message), options.signature],
    });
    return answer.toLowerCase() === EIP1271_MAGIC_VALUE;
  } catch (error) {
    if (isContractRefusal(error)) return false;
    options.log.warn(
      { reason: error instanceof BaseError ? error.shortMessage : String(error).slice(0, 200) },
      'EIP-1271 check failed: the Ethereum RPC did not answer',
    );
    throw rpcUnavailable();
  }
}

/** Ethereum EOA (see the header): the signature recovers to the checksum address over `message`. */
export async function isEoaSignature(options: {
  /** Checksum form. */
  address: string;
  message: string;
  signature: string;
}): Promise<boolean> {
  const signature = signatureHex(options.signature);
  if (signature === null) return false;
  const signer = await recoverSigner(options.message, signature);
  return signer !== null && signer === options.address;
}

/** Ethereum contract wallet (see the header): EIP-1271 through the project's RPC. */
export async function isContractSignature(options: {
  address: string;
  message: string;
  signature: string;
  rpcUrl: string;
  log: { warn(object: object, message: string): void };
}): Promise<boolean> {
  const signature = signatureHex(options.signature);
  if (signature === null) return false;
  return isValidContractSignature({
    rpcUrl: options.rpcUrl,
    address: options.address as Hex,
    message: options.message,
    signature,
    log: options.log,
  });
}

/** Solana (see the header). */
export function verifySolanaSignature(options: {
  publicKey: Uint8Array;
  message: string;
  signature: string;
}): boolean {
  const signature = decodeBase58(options.signature);
  if (signature === null || signature.length !== SOLANA_SIGNATURE_BYTES) return false;
  try {
    return ed25519.verify(signature, new TextEncoder().encode(options.message), options.publicKey, {
      zip215: false,
    });
  } catch {
    return false;
  }
}
