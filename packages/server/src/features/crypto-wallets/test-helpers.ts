// Test-only helpers of the wallet tests: wallets that really sign (a viem private-key account for Ethereum's
// personal_sign, an ed25519 key for Solana), SDK-shaped calls, whole sign-ins, and a loopback JSON-RPC stand-in
// answering EIP-1271 `isValidSignature` for a contract wallet.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeFunctionData, encodeFunctionResult, type Hex, hashMessage, parseAbi, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { cryptoWallets, projects, sessions, users } from '../../infra/db/schema';
import { dataOf, expectError } from '../../test-support/answers';
import { sdkRequest, type TestApp } from '../../test-support/app';
import { CRYPTO_WALLET_ROUTES } from './routes';
import { EIP1271_MAGIC_VALUE } from './verification';

export { dataOf, expectError };

export interface TestWallet {
  type: 'ethereum' | 'solana';
  /** As a wallet reports it (Ethereum: EIP-55 checksum; Solana: base58). */
  address: string;
  /** What the wallet answers to personal_sign / signMessage: 0x-hex or base58. */
  sign(message: string): Promise<string>;
}

export function ethereumWallet(): TestWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    type: 'ethereum',
    address: account.address,
    sign: (message) => account.signMessage({ message }),
  };
}

export function solanaWallet(): TestWallet {
  const { secretKey, publicKey } = ed25519.keygen();
  return {
    type: 'solana',
    address: base58.encode(publicKey),
    sign: async (message) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey)),
  };
}

export function call(
  t: TestApp,
  url: string,
  body: unknown,
  options: { sessionToken?: string | null; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return sdkRequest(t.app, {
    method: 'POST',
    url,
    publicToken: t.publicToken,
    body,
    ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

/** POST start/primary (no session) or start/secondary (with one); the raw answer. */
export function start(
  t: TestApp,
  wallet: Pick<TestWallet, 'type' | 'address'>,
  options: { sessionToken?: string | null; headers?: Record<string, string>; address?: string } = {},
): Promise<LightMyRequestResponse> {
  const url = options.sessionToken
    ? CRYPTO_WALLET_ROUTES.authenticateStartSecondary
    : CRYPTO_WALLET_ROUTES.authenticateStartPrimary;
  return call(
    t,
    url,
    { crypto_wallet_address: options.address ?? wallet.address, crypto_wallet_type: wallet.type },
    options,
  );
}

/** The challenge of a start that must succeed. */
export async function challengeFor(
  t: TestApp,
  wallet: Pick<TestWallet, 'type' | 'address'>,
  options: { sessionToken?: string | null; headers?: Record<string, string>; address?: string } = {},
): Promise<string> {
  return dataOf<{ challenge: string }>(await start(t, wallet, options)).challenge;
}

export function authenticate(
  t: TestApp,
  wallet: Pick<TestWallet, 'type' | 'address'>,
  signature: string,
  options: { sessionToken?: string | null; address?: string; type?: string } = {},
): Promise<LightMyRequestResponse> {
  return call(
    t,
    CRYPTO_WALLET_ROUTES.authenticate,
    {
      crypto_wallet_address: options.address ?? wallet.address,
      crypto_wallet_type: options.type ?? wallet.type,
      signature,
      session_duration_minutes: 60,
    },
    options,
  );
}

export interface AuthData {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: { session_id: string; authentication_factors: Record<string, unknown>[] };
  user: { user_id: string; crypto_wallets: { crypto_wallet_id: string; crypto_wallet_address: string }[] };
  __user: { user_id: string; crypto_wallets: { crypto_wallet_id: string; crypto_wallet_address: string }[] };
}

/** start, sign, authenticate: must succeed. */
export async function signInWith(
  t: TestApp,
  wallet: TestWallet,
  options: { sessionToken?: string | null } = {},
): Promise<AuthData> {
  const challenge = await challengeFor(t, wallet, options);
  return dataOf<AuthData>(await authenticate(t, wallet, await wallet.sign(challenge), options));
}

/** Sets the test project's settings.ethereum_rpc_url (the app's project cache is cleared). */
export async function setEthereumRpcUrl(t: TestApp, url: string | null): Promise<void> {
  await t.ctx.db
    .update(projects)
    .set({ settings: { ...t.project.settings, ethereum_rpc_url: url } })
    .where(eq(projects.id, t.project.id));
  t.ctx.projects.clear();
}

const EIP1271_ABI = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4 magicValue)',
]);

/**
 * A loopback JSON-RPC node with one contract wallet at `address`: its `isValidSignature` answers the EIP-1271 magic
 * value only for a (hash, signature) pair the test accepted, 0xffffffff otherwise; any other address has no code
 * (eth_call answers 0x). Records every eth_call.
 */
export interface ContractWalletRpc {
  url: string;
  address: Hex;
  calls: { to: string; data: string }[];
  /** Accept `signature` over `message` (its EIP-191 hash) from now on. */
  accept(message: string, signature: Hex): void;
  close(): Promise<void>;
}

export async function startContractWalletRpc(): Promise<ContractWalletRpc> {
  const address = toHex(crypto.getRandomValues(new Uint8Array(20)));
  const accepted = new Set<string>();
  const calls: { to: string; data: string }[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      const rpc = JSON.parse(text) as { id: number; method: string; params: unknown[] };
      let result: string;
      if (rpc.method === 'eth_call') {
        const { to, data } = rpc.params[0] as { to: string; data: Hex };
        calls.push({ to, data });
        if (to.toLowerCase() !== address.toLowerCase()) {
          result = '0x';
        } else {
          const { args } = decodeFunctionData({ abi: EIP1271_ABI, data });
          const ok = accepted.has(`${args[0]}:${args[1].toLowerCase()}`);
          result = encodeFunctionResult({
            abi: EIP1271_ABI,
            functionName: 'isValidSignature',
            result: ok ? EIP1271_MAGIC_VALUE : '0xffffffff',
          });
        }
      } else if (rpc.method === 'eth_chainId') {
        result = '0xaa36a7';
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, error: { code: -32601, message: 'no' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    address,
    calls,
    accept: (message, signature) => {
      accepted.add(`${hashMessage(message)}:${signature.toLowerCase()}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback JSON-RPC that accepts connections and never answers (a hung node): the sign-in must time out. */
export async function startSilentRpc(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (a server was there a moment ago): an RPC that is down. */
export async function closedLoopbackUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Rows a refusal must leave alone: users, sessions and wallets. */
export async function rowCounts(t: TestApp) {
  const [u] = await t.ctx.db.select({ n: count() }).from(users);
  const [s] = await t.ctx.db.select({ n: count() }).from(sessions);
  const [w] = await t.ctx.db.select({ n: count() }).from(cryptoWallets);
  return { users: u?.n, sessions: s?.n, wallets: w?.n };
}
