// Test crypto wallets installed in a Playwright page (issue 12 "Tests that show it", E2E part): the page sees what a
// browser extension would inject, while the keys stay in Node and sign for real.
//
// - Ethereum: an EIP-1193 provider announced through EIP-6963 (it answers every `eip6963:requestProvider` with an
//   `eip6963:announceProvider` carrying { info: { uuid, name, icon, rdns }, provider }), optionally also put at the
//   legacy `window.ethereum`. It is backed by a viem private-key account: `eth_requestAccounts`, `eth_accounts`,
//   `eth_chainId` and `personal_sign` (params [message, address]; a 0x-hex message is signed as its bytes, any other
//   string as its UTF-8 bytes, which is what MetaMask does). Anything else is refused with EIP-1193's 4200.
// - Solana: a wallet-standard wallet (version '1.0.0', the three Solana chains, `standard:connect`,
//   `standard:disconnect`, `standard:events` and `solana:signMessage`) registered the way @wallet-standard/wallet's
//   registerWallet does: a `wallet-standard:register-wallet` event at once, and an answer to every
//   `wallet-standard:app-ready`. It is backed by an ed25519 key (@noble/curves); its account address is the base58
//   public key, and signMessage returns [{ signedMessage, signature }] as Uint8Arrays. Optionally also Phantom's
//   legacy injected provider at `window.solana` / `window.phantom.solana`, where the Stytch pre-built UI looks.
//
// SPEC §7: "Wallets are called through their own in-browser providers. They request accounts and sign a message:
// personal sign for Ethereum-style wallets, message signing for Solana-style wallets". wire-format.md §4.7 gives
// what the widget does with the answers.
//
// The wallet's pop-up is played by the test: each wallet approves, rejects (EIP-1193 code 4001 "User rejected the
// request.", which MetaMask and Phantom both use) or asks: then the request waits until the test answers the prompt
// (`await wallet.nextPrompt('connect')` → approve()/reject()), so a test can look at the widget's waiting screens
// (SPEC §2 CryptoConnect, CryptoSignMessage) without any sleep. The behaviour is a plain mutable object, so a test
// may change its mind between attempts. Connection is per page, as an extension remembers the sites it approved.
import { randomUUID } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { Page } from '@playwright/test';
import { base58 } from '@scure/base';
import { type Address, getAddress, type Hex, hexToBytes, isHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

/** What the test wallet's pop-up does with a request. */
export type PromptAnswer = 'approve' | 'reject' | 'ask';

export interface WalletBehaviour {
  /** `eth_requestAccounts` / `standard:connect`. */
  connect: PromptAnswer;
  /** `personal_sign` / `solana:signMessage`. */
  sign: PromptAnswer;
}

export type PromptKind = keyof WalletBehaviour;

/** A request waiting for the test's decision (behaviour 'ask'). */
export interface WalletPrompt {
  kind: PromptKind;
  /** For 'sign': the message as text (UTF-8 of the bytes asked to be signed). */
  message: string | null;
  approve(): void;
  reject(): void;
}

/** One call the page made to the wallet, as it made it (for failure messages and assertions). */
export interface WalletRequest {
  method: string;
  params: unknown;
}

interface WalletCommon {
  /** Internal id that routes the page's calls to this wallet. */
  readonly id: string;
  readonly name: string;
  /** Data URI (SVG) as both standards ask. */
  readonly icon: string;
  /** Mutable: what the pop-up does with the next requests. */
  readonly behaviour: WalletBehaviour;
  /** Every call the page made, oldest first. */
  readonly requests: WalletRequest[];
  /** Every message this wallet signed (decoded as UTF-8), oldest first. */
  readonly signedMessages: string[];
  /** Resolves with the next prompt of this kind that waits for an answer (behaviour 'ask'). */
  nextPrompt(kind: PromptKind): Promise<WalletPrompt>;
}

export interface TestEthereumWallet extends WalletCommon {
  readonly chain: 'ethereum';
  /** EIP-6963 reverse-DNS id (e.g. 'io.metamask'). */
  readonly rdns: string;
  readonly uuid: string;
  /** The account's key: another wallet made with it is the same person. */
  readonly privateKey: Hex;
  readonly account: PrivateKeyAccount;
  /** EIP-55 checksum address. */
  readonly address: Address;
  /** `eth_chainId` answer (0x-hex). */
  readonly chainId: Hex;
  /** Announced through EIP-6963 (default true). */
  readonly announce: boolean;
  /** Also installed as the legacy `window.ethereum` (default false). */
  readonly injectAsWindowEthereum: boolean;
}

export interface TestSolanaWallet extends WalletCommon {
  readonly chain: 'solana';
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
  /** base58 of the public key (the wallet-standard account address). */
  readonly address: string;
  /** Registered through wallet-standard (default true). */
  readonly register: boolean;
  /**
   * Also installed as Phantom's legacy injected provider at `window.solana` and `window.phantom.solana`
   * (default false): `connect()` → `{ publicKey }`, `signMessage(bytes)` and `request({ method, params })`. The
   * Stytch pre-built UI finds Solana wallets there only (its bundle reads `window.solana`, `isPhantom`).
   */
  readonly injectAsWindowSolana: boolean;
  /** `isPhantom` on the legacy provider (default: the wallet is named 'Phantom'). */
  readonly isPhantom: boolean;
}

export type TestWallet = TestEthereumWallet | TestSolanaWallet;

interface CommonOptions {
  name?: string;
  icon?: string;
  connect?: PromptAnswer;
  sign?: PromptAnswer;
}

export interface EthereumWalletOptions extends CommonOptions {
  rdns?: string;
  /** The key; a new random one when absent. Pass the same key again to be the same person. */
  privateKey?: Hex;
  chainId?: Hex;
  announce?: boolean;
  injectAsWindowEthereum?: boolean;
}

export interface SolanaWalletOptions extends CommonOptions {
  /** The 32-byte ed25519 secret key; a new random one when absent. */
  secretKey?: Uint8Array;
  register?: boolean;
  injectAsWindowSolana?: boolean;
  isPhantom?: boolean;
}

const COLOURS = ['#E2761B', '#AB9FF2', '#0052FF', '#F0B90B', '#1B5E20', '#6A1B9A', '#00838F'];

/** A 96×96 SVG data URI (EIP-6963 asks for at least 96 px; both standards take data URIs) with the initial. */
export function walletIcon(name: string): string {
  const colour = COLOURS[[...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % COLOURS.length];
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="20" fill="${colour}"/>` +
    `<text x="48" y="64" font-size="48" text-anchor="middle" fill="#fff" font-family="Arial">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function promptQueue(): Pick<WalletCommon, 'nextPrompt'> & {
  ask(kind: PromptKind, message: string | null): Promise<boolean>;
} {
  const pending: WalletPrompt[] = [];
  const waiters: { kind: PromptKind; resolve: (prompt: WalletPrompt) => void }[] = [];
  return {
    ask(kind, message) {
      return new Promise<boolean>((resolve) => {
        const prompt: WalletPrompt = {
          kind,
          message,
          approve: () => resolve(true),
          reject: () => resolve(false),
        };
        const waiter = waiters.findIndex((entry) => entry.kind === kind);
        if (waiter >= 0) waiters.splice(waiter, 1)[0]!.resolve(prompt);
        else pending.push(prompt);
      });
    },
    nextPrompt(kind) {
      const index = pending.findIndex((prompt) => prompt.kind === kind);
      if (index >= 0) return Promise.resolve(pending.splice(index, 1)[0]!);
      return new Promise((resolve) => waiters.push({ kind, resolve }));
    },
  };
}

type Internal<T> = T & { ask(kind: PromptKind, message: string | null): Promise<boolean> };

function common(
  options: CommonOptions,
  fallbackName: string,
): Internal<Omit<WalletCommon, 'name'>> & { name: string } {
  const name = options.name ?? fallbackName;
  return {
    id: randomUUID(),
    name,
    icon: options.icon ?? walletIcon(name),
    behaviour: { connect: options.connect ?? 'approve', sign: options.sign ?? 'approve' },
    requests: [],
    signedMessages: [],
    ...promptQueue(),
  };
}

/** An Ethereum wallet (EIP-6963 + EIP-1193) backed by a viem private-key account. */
export function createEthereumWallet(options: EthereumWalletOptions = {}): TestEthereumWallet {
  const privateKey = options.privateKey ?? generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  return {
    ...common(options, 'Test Ethereum Wallet'),
    chain: 'ethereum',
    rdns: options.rdns ?? 'dev.gatehouse.test-ethereum-wallet',
    uuid: randomUUID(),
    privateKey,
    account,
    address: getAddress(account.address),
    chainId: options.chainId ?? '0x1',
    announce: options.announce ?? true,
    injectAsWindowEthereum: options.injectAsWindowEthereum ?? false,
  };
}

/** A Solana wallet-standard wallet backed by an ed25519 key. */
export function createSolanaWallet(options: SolanaWalletOptions = {}): TestSolanaWallet {
  const secretKey = options.secretKey ?? ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  const wallet = common(options, 'Test Solana Wallet');
  return {
    ...wallet,
    chain: 'solana',
    secretKey,
    publicKey,
    address: base58.encode(publicKey),
    register: options.register ?? true,
    injectAsWindowSolana: options.injectAsWindowSolana ?? false,
    isPhantom: options.isPhantom ?? wallet.name === 'Phantom',
  };
}

/** Well-known wallets as their extensions announce themselves (names and EIP-6963 rdns). */
export const KNOWN_WALLETS = {
  metaMask: { name: 'MetaMask', rdns: 'io.metamask' },
  coinbase: { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' },
  binance: { name: 'Binance Wallet', rdns: 'com.binance.wallet' },
  phantomEthereum: { name: 'Phantom', rdns: 'app.phantom' },
  rabby: { name: 'Rabby Wallet', rdns: 'io.rabby' },
  phantom: { name: 'Phantom' },
  backpack: { name: 'Backpack' },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Node side: the page's calls.

/** The error the page rethrows: EIP-1193 ProviderRpcError fields. */
interface WalletError {
  code: number;
  message: string;
}

type WalletAnswer = { result: unknown } | { error: WalletError };

const USER_REJECTED: WalletError = { code: 4001, message: 'User rejected the request.' };
const UNAUTHORIZED: WalletError = { code: 4100, message: 'The requested account has not been authorized.' };

async function decide(wallet: Internal<TestWallet>, kind: PromptKind, message: string | null) {
  const answer = wallet.behaviour[kind];
  if (answer === 'ask') return wallet.ask(kind, message);
  return answer === 'approve';
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

async function answerEthereum(
  wallet: Internal<TestEthereumWallet>,
  connected: Set<string>,
  method: string,
  params: unknown,
): Promise<WalletAnswer> {
  switch (method) {
    case 'eth_requestAccounts': {
      if (!connected.has(wallet.id)) {
        if (!(await decide(wallet, 'connect', null))) return { error: USER_REJECTED };
        connected.add(wallet.id);
      }
      return { result: [wallet.address] };
    }
    case 'eth_accounts':
      return { result: connected.has(wallet.id) ? [wallet.address] : [] };
    case 'eth_chainId':
      return { result: wallet.chainId };
    case 'personal_sign': {
      const [message, address] = Array.isArray(params) ? params : [];
      if (typeof message !== 'string' || typeof address !== 'string') {
        return { error: { code: -32602, message: 'personal_sign expects [message, address].' } };
      }
      if (!connected.has(wallet.id) || address.toLowerCase() !== wallet.address.toLowerCase()) {
        return { error: UNAUTHORIZED };
      }
      // MetaMask signs a 0x-hex string as the bytes it spells, anything else as UTF-8 text.
      const bytes = isHex(message) ? hexToBytes(message) : new TextEncoder().encode(message);
      if (!(await decide(wallet, 'sign', utf8(bytes)))) return { error: USER_REJECTED };
      const signature = await wallet.account.signMessage({ message: { raw: bytes } });
      wallet.signedMessages.push(utf8(bytes));
      return { result: signature };
    }
    default:
      return { error: { code: 4200, message: `The test wallet does not support ${method}.` } };
  }
}

async function answerSolana(
  wallet: Internal<TestSolanaWallet>,
  connected: Set<string>,
  method: string,
  params: unknown,
): Promise<WalletAnswer> {
  switch (method) {
    case 'connect': {
      const silent = (params as { silent?: unknown } | null)?.silent === true;
      if (!connected.has(wallet.id)) {
        // wallet-standard: a silent connect never prompts; it answers the accounts already authorised (none).
        if (silent) return { result: false };
        if (!(await decide(wallet, 'connect', null))) return { error: USER_REJECTED };
        connected.add(wallet.id);
      }
      return { result: true };
    }
    case 'disconnect':
      connected.delete(wallet.id);
      return { result: null };
    case 'signMessage': {
      const { address, message } = (params ?? {}) as { address?: unknown; message?: unknown };
      if (typeof address !== 'string' || typeof message !== 'string') {
        return { error: { code: -32602, message: 'signMessage expects { account, message }.' } };
      }
      if (!connected.has(wallet.id) || address !== wallet.address) return { error: UNAUTHORIZED };
      const bytes = new Uint8Array(Buffer.from(message, 'base64'));
      if (!(await decide(wallet, 'sign', utf8(bytes)))) return { error: USER_REJECTED };
      const signature = ed25519.sign(bytes, wallet.secretKey);
      wallet.signedMessages.push(utf8(bytes));
      return { result: Buffer.from(signature).toString('base64') };
    }
    default:
      return { error: { code: 4200, message: `The test wallet does not support ${method}.` } };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Page side. This function is serialised into the page by addInitScript: it may use nothing from this module.

const BINDING = '__gatehouseTestWallet';

interface PageEthereumWallet {
  id: string;
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
  address: string;
  announce: boolean;
  injectAsWindowEthereum: boolean;
}

interface PageSolanaWallet {
  id: string;
  name: string;
  icon: string;
  address: string;
  publicKey: number[];
  register: boolean;
  injectAsWindowSolana: boolean;
  isPhantom: boolean;
}

interface PageWallets {
  binding: string;
  ethereum: PageEthereumWallet[];
  solana: PageSolanaWallet[];
}

function installInPage({ binding, ethereum, solana }: PageWallets): void {
  type Answer = { result: unknown } | { error: { code: number; message: string } };
  const call = async (id: string, method: string, params: unknown): Promise<unknown> => {
    const send = (window as unknown as Record<string, (...args: unknown[]) => Promise<Answer>>)[binding];
    if (typeof send !== 'function') throw new Error('test wallet binding missing');
    const answer = await send(id, method, params);
    if ('error' in answer) {
      const error = new Error(answer.error.message) as Error & { code: number };
      error.code = answer.error.code;
      throw error;
    }
    return answer.result;
  };

  for (const wallet of ethereum) {
    const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
    const emit = (event: string, value: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(value);
    };
    const provider = {
      isMetaMask: wallet.rdns === 'io.metamask',
      async request(args: { method: string; params?: unknown }) {
        if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
          const error = new Error('Expected a single, non-array, object argument.') as Error & {
            code: number;
          };
          error.code = -32600;
          throw error;
        }
        const result = await call(wallet.id, args.method, args.params ?? []);
        if (args.method === 'eth_requestAccounts') emit('accountsChanged', result);
        return result;
      },
      on(event: string, listener: (...args: unknown[]) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return provider;
      },
      removeListener(event: string, listener: (...args: unknown[]) => void) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
    };
    const detail = Object.freeze({
      info: Object.freeze({ uuid: wallet.uuid, name: wallet.name, icon: wallet.icon, rdns: wallet.rdns }),
      provider,
    });
    if (wallet.announce) {
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    }
    if (wallet.injectAsWindowEthereum) {
      (window as unknown as { ethereum: unknown }).ethereum = provider;
    }
  }

  const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet'] as const;
  for (const wallet of solana) {
    const account = Object.freeze({
      address: wallet.address,
      publicKey: new Uint8Array(wallet.publicKey),
      chains: CHAINS,
      features: Object.freeze(['solana:signMessage']),
    });
    let accounts: readonly (typeof account)[] = [];
    const changeListeners = new Set<(properties: { accounts: readonly (typeof account)[] }) => void>();
    const setAccounts = (next: readonly (typeof account)[]) => {
      accounts = next;
      for (const listener of changeListeners) listener({ accounts });
    };
    const toBase64 = (bytes: Uint8Array) => {
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    };
    const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
    const standardWallet = {
      version: '1.0.0' as const,
      name: wallet.name,
      icon: wallet.icon,
      chains: CHAINS,
      get accounts() {
        return accounts;
      },
      features: {
        'standard:connect': {
          version: '1.0.0' as const,
          async connect(input?: { silent?: boolean }) {
            const authorised = await call(wallet.id, 'connect', { silent: input?.silent === true });
            if (authorised === true && accounts.length === 0) setAccounts([account]);
            return { accounts };
          },
        },
        'standard:disconnect': {
          version: '1.0.0' as const,
          async disconnect() {
            await call(wallet.id, 'disconnect', null);
            setAccounts([]);
          },
        },
        'standard:events': {
          version: '1.0.0' as const,
          on(event: string, listener: (properties: { accounts: readonly (typeof account)[] }) => void) {
            if (event !== 'change') return () => {};
            changeListeners.add(listener);
            return () => changeListeners.delete(listener);
          },
        },
        'solana:signMessage': {
          version: '1.0.0' as const,
          async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
            const outputs = [];
            for (const input of inputs) {
              const signature = await call(wallet.id, 'signMessage', {
                address: input.account?.address,
                message: toBase64(input.message),
              });
              outputs.push({
                signedMessage: new Uint8Array(input.message),
                signature: fromBase64(signature as string),
              });
            }
            return outputs;
          },
        },
      },
    };
    if (wallet.register) {
      // @wallet-standard/wallet registerWallet: announce now, and to every app that says it is ready later.
      const register = (api: { register: (wallet: unknown) => unknown }) => api.register(standardWallet);
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
      window.addEventListener('wallet-standard:app-ready', (event) =>
        register((event as CustomEvent<{ register: (wallet: unknown) => unknown }>).detail),
      );
    }
    if (wallet.injectAsWindowSolana) {
      // Phantom's legacy provider: a PublicKey-like object (toString/toBase58 give the address), connect() that
      // resolves { publicKey } or throws 4001, signMessage(bytes, display) → { signature: Uint8Array, publicKey },
      // and request({ method, params }) for the same calls.
      const publicKey = Object.freeze({
        toString: () => wallet.address,
        toBase58: () => wallet.address,
        toBytes: () => new Uint8Array(wallet.publicKey),
        equals: (other: { toString(): string }) => String(other) === wallet.address,
      });
      const legacyListeners = new Map<string, Set<(...args: unknown[]) => void>>();
      const legacyEmit = (event: string, value?: unknown) => {
        for (const listener of legacyListeners.get(event) ?? []) listener(value);
      };
      const legacy = {
        isPhantom: wallet.isPhantom,
        publicKey: null as typeof publicKey | null,
        isConnected: false,
        async connect(options?: { onlyIfTrusted?: boolean }) {
          const authorised = await call(wallet.id, 'connect', { silent: options?.onlyIfTrusted === true });
          if (authorised !== true) {
            const error = new Error('User rejected the request.') as Error & { code: number };
            error.code = 4001;
            throw error;
          }
          legacy.publicKey = publicKey;
          legacy.isConnected = true;
          legacyEmit('connect', publicKey);
          return { publicKey };
        },
        async disconnect() {
          await call(wallet.id, 'disconnect', null);
          legacy.publicKey = null;
          legacy.isConnected = false;
          legacyEmit('disconnect');
        },
        async signMessage(message: Uint8Array, _display?: string) {
          const signature = await call(wallet.id, 'signMessage', {
            address: wallet.address,
            message: toBase64(message),
          });
          return { signature: fromBase64(signature as string), publicKey };
        },
        async request(args: { method: string; params?: { message?: Uint8Array; display?: string } }) {
          switch (args?.method) {
            case 'connect':
              return legacy.connect(args.params as { onlyIfTrusted?: boolean } | undefined);
            case 'disconnect':
              return legacy.disconnect();
            case 'signMessage':
              return legacy.signMessage(args.params?.message ?? new Uint8Array(), args.params?.display);
            default: {
              const error = new Error(`The test wallet does not support ${args?.method}.`) as Error & {
                code: number;
              };
              error.code = 4200;
              throw error;
            }
          }
        },
        on(event: string, listener: (...args: unknown[]) => void) {
          if (!legacyListeners.has(event)) legacyListeners.set(event, new Set());
          legacyListeners.get(event)!.add(listener);
          return legacy;
        },
        off(event: string, listener: (...args: unknown[]) => void) {
          legacyListeners.get(event)?.delete(listener);
          return legacy;
        },
        removeListener(event: string, listener: (...args: unknown[]) => void) {
          legacyListeners.get(event)?.delete(listener);
          return legacy;
        },
      };
      const target = window as unknown as { solana: unknown; phantom?: { solana?: unknown } };
      target.solana = legacy;
      target.phantom = { ...(target.phantom ?? {}), solana: legacy };
    }
  }
}

/**
 * Installs the wallets in the page (call before page.goto; once per page). The page's calls reach the wallets'
 * keys through one binding; each wallet records them in `requests`.
 */
export async function installWallets(page: Page, wallets: readonly TestWallet[]): Promise<void> {
  const byId = new Map(wallets.map((wallet) => [wallet.id, wallet as Internal<TestWallet>]));
  const connected = new Set<string>();
  await page.exposeBinding(
    BINDING,
    async (_source, id: string, method: string, params: unknown): Promise<WalletAnswer> => {
      const wallet = byId.get(id);
      if (wallet === undefined) return { error: { code: 4900, message: 'Unknown test wallet.' } };
      wallet.requests.push({ method, params });
      return wallet.chain === 'ethereum'
        ? answerEthereum(wallet, connected, method, params)
        : answerSolana(wallet, connected, method, params);
    },
  );
  const pageWallets: PageWallets = {
    binding: BINDING,
    ethereum: wallets
      .filter((wallet): wallet is TestEthereumWallet => wallet.chain === 'ethereum')
      .map((wallet) => ({
        id: wallet.id,
        uuid: wallet.uuid,
        name: wallet.name,
        icon: wallet.icon,
        rdns: wallet.rdns,
        address: wallet.address,
        announce: wallet.announce,
        injectAsWindowEthereum: wallet.injectAsWindowEthereum,
      })),
    solana: wallets
      .filter((wallet): wallet is TestSolanaWallet => wallet.chain === 'solana')
      .map((wallet) => ({
        id: wallet.id,
        name: wallet.name,
        icon: wallet.icon,
        address: wallet.address,
        publicKey: [...wallet.publicKey],
        register: wallet.register,
        injectAsWindowSolana: wallet.injectAsWindowSolana,
        isPhantom: wallet.isPhantom,
      })),
  };
  await page.addInitScript(installInPage, pageWallets);
}
