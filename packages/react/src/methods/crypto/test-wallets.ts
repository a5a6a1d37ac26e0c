// Test wallets that really sign (common.md: real parts, not mocks): an EIP-1193 provider backed by a viem
// private-key account (personal_sign), announced through EIP-6963 and/or injected as window.ethereum, and a
// wallet-standard Solana wallet backed by an ed25519 key (solana:signMessage), registered through the window-event
// protocol; plus Phantom's legacy window.phantom.solana shape. Each records its calls and can refuse like a person
// who rejects the pop-up.
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Eip1193Provider, PhantomSolanaProvider, StandardWallet } from './wallet-discovery';

/** EIP-1193 error 4001 (the person rejected the request). */
export function userRejected(): Error {
  return Object.assign(new Error('User rejected the request.'), { code: 4001 });
}

export interface TestEthereumWallet {
  provider: Eip1193Provider & { isMetaMask?: boolean; isCoinbaseWallet?: boolean };
  address: `0x${string}`;
  calls: { method: string; params?: unknown }[];
  reject: { connect: boolean; sign: boolean };
  /** Answers `eip6963:requestProvider` (and announces once now, as wallets do when they load). */
  announce(info: { name: string; rdns: string; uuid?: string }): () => void;
}

export function createEthereumWallet(flags: { isMetaMask?: boolean; isCoinbaseWallet?: boolean } = {}) {
  const account = privateKeyToAccount(generatePrivateKey());
  const calls: TestEthereumWallet['calls'] = [];
  const reject = { connect: false, sign: false };
  const provider: TestEthereumWallet['provider'] = {
    ...flags,
    async request({ method, params }) {
      calls.push({ method, params });
      if (method === 'eth_requestAccounts') {
        if (reject.connect) throw userRejected();
        return [account.address];
      }
      if (method === 'personal_sign') {
        if (reject.sign) throw userRejected();
        const [message, address] = params as [string, string];
        if (address !== account.address) throw new Error('Unknown account');
        return account.signMessage({ message });
      }
      throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
    },
  };
  const wallet: TestEthereumWallet = {
    provider,
    address: account.address,
    calls,
    reject,
    announce(info) {
      const detail = () =>
        Object.freeze({
          info: { uuid: info.uuid ?? crypto.randomUUID(), name: info.name, rdns: info.rdns, icon: 'data:,' },
          provider,
        });
      const fixed = detail();
      const answer = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: fixed }));
      window.addEventListener('eip6963:requestProvider', answer);
      answer();
      return () => window.removeEventListener('eip6963:requestProvider', answer);
    },
  };
  return wallet;
}

export interface TestSolanaWallet {
  wallet: StandardWallet;
  address: string;
  publicKey: Uint8Array;
  calls: { feature: string; input?: unknown }[];
  reject: { connect: boolean; sign: boolean };
  /** The wallet standard's wallet side: answers app-ready and dispatches register-wallet. */
  register(): () => void;
}

export function createSolanaWallet(name = 'Test Solana Wallet'): TestSolanaWallet {
  const secretKey = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  const address = base58.encode(publicKey);
  const account = { address, publicKey, chains: ['solana:devnet'], features: ['solana:signMessage'] };
  const calls: TestSolanaWallet['calls'] = [];
  const reject = { connect: false, sign: false };
  const accounts: (typeof account)[] = [];
  const wallet: StandardWallet = {
    name,
    icon: 'data:,',
    chains: ['solana:devnet'],
    get accounts() {
      return accounts;
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect() {
          calls.push({ feature: 'standard:connect' });
          if (reject.connect) throw userRejected();
          if (accounts.length === 0) accounts.push(account);
          return { accounts };
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
          calls.push({ feature: 'solana:signMessage', input: inputs });
          if (reject.sign) throw userRejected();
          return inputs.map((input) => {
            if (input.account.address !== address) throw new Error('Unknown account');
            return { signedMessage: input.message, signature: ed25519.sign(input.message, secretKey) };
          });
        },
      },
    },
  };
  return {
    wallet,
    address,
    publicKey,
    calls,
    reject,
    register() {
      const onAppReady = (event: Event) =>
        (event as CustomEvent<{ register(wallet: StandardWallet): unknown }>).detail.register(wallet);
      window.addEventListener('wallet-standard:app-ready', onAppReady);
      window.dispatchEvent(
        new CustomEvent('wallet-standard:register-wallet', {
          detail: (api: { register(wallet: StandardWallet): unknown }) => api.register(wallet),
        }),
      );
      return () => window.removeEventListener('wallet-standard:app-ready', onAppReady);
    },
  };
}

/** Phantom's legacy provider (window.phantom.solana), ed25519 backed. */
export function createPhantomLegacy() {
  const secretKey = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  const address = base58.encode(publicKey);
  const calls: string[] = [];
  const provider: PhantomSolanaProvider = {
    isPhantom: true,
    async connect() {
      calls.push('connect');
      return { publicKey: { toString: () => address } };
    },
    async signMessage(message: Uint8Array, display?: 'utf8' | 'hex') {
      calls.push(`signMessage:${display}`);
      return { signature: ed25519.sign(message, secretKey) };
    },
  };
  return { provider, address, publicKey, calls };
}
