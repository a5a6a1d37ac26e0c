// SPEC §2 Main wallet buttons / SPEC §3 wallet types / SPEC §7 wallet calls (issue 12 item 3): which wallets the
// browser offers, found through
// - EIP-6963 (`eip6963:requestProvider` asked once, every `eip6963:announceProvider` kept, now and later),
// - the legacy injected `window.ethereum` (and its `providers` array, when several wallets share it),
// - the Solana wallet standard, by its window-event protocol written out here (no dependency): the page dispatches
//   `wallet-standard:app-ready` with `{ register }` for wallets loaded before it, and listens for
//   `wallet-standard:register-wallet`, whose detail is a callback to call with `{ register }`, for wallets loaded
//   after; a wallet counts when it has `standard:connect` and `solana:signMessage`,
// - the legacy `window.phantom.solana`;
// each mapped to one of SPEC §3's wallet options, deduplicated, in SPEC §9's order, with the two calls the flow
// needs: connect (→ the address) and sign (→ the signature the server checks, wire-format.md §4.7).
import type { CryptoWalletType, WalletOption } from '@gatehouse/protocol';
import { base58 } from '@scure/base';

/** SPEC §9 "Wallet types: Vessel, Phantom, Metamask, Coinbase, Binance, Other Ethereum Wallet, Other Solana Wallet". */
export const WALLET_ORDER: readonly WalletOption[] = [
  'Vessel',
  'Phantom',
  'Metamask',
  'Coinbase',
  'Binance',
  'GenericEthereumWallet',
  'GenericSolanaWallet',
];

/** SPEC §3: "The type sent to the server is solana or ethereum." Phantom is signed in through its Solana side. */
export function chainOf(option: WalletOption): CryptoWalletType {
  return option === 'Phantom' || option === 'GenericSolanaWallet' ? 'solana' : 'ethereum';
}

/** EIP-1193: the one method the flow uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isPhantom?: boolean;
  providers?: Eip1193Provider[];
}

/** EIP-6963 `detail` of `eip6963:announceProvider`. */
export interface Eip6963ProviderDetail {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

/** The part of a wallet-standard account the flow uses. */
export interface StandardWalletAccount {
  address: string;
  publicKey?: Uint8Array;
  chains?: readonly string[];
}

/** The part of a wallet-standard wallet the flow uses (Wallet of @wallet-standard/base 1.x). */
export interface StandardWallet {
  name: string;
  icon?: string;
  chains?: readonly string[];
  accounts?: readonly StandardWalletAccount[];
  features: Record<string, unknown>;
}

interface StandardConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardWalletAccount[] }>;
}

interface SolanaSignMessageFeature {
  signMessage(
    ...inputs: { account: StandardWalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
}

/** Phantom's legacy Solana provider (window.phantom.solana). */
export interface PhantomSolanaProvider {
  isPhantom?: boolean;
  connect(): Promise<{ publicKey: { toString(): string } }>;
  signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array }>;
}

export interface DetectedWallet {
  /** Stable per wallet: 'eip6963:<uuid>', 'ethereum:<n>', 'standard:<name>', 'phantom'. */
  id: string;
  option: WalletOption;
  chain: CryptoWalletType;
  /** The wallet's own name (EIP-6963 info.name, wallet-standard name), or null for a nameless injected provider. */
  name: string | null;
  /** Asks the wallet for its account: the Ethereum address, or the base58 Solana public key. */
  connect(): Promise<string>;
  /**
   * SPEC §7: Ethereum `personal_sign` [message, address] (0x-hex answer); Solana signMessage over the UTF-8 bytes
   * of the message, the signature base58-encoded (wire-format.md §4.7).
   */
  sign(message: string, address: string): Promise<string>;
}

/** Where wallets were found; detectWallets turns them into the list the widget shows. */
export interface WalletSources {
  announced: readonly Eip6963ProviderDetail[];
  legacyEthereum: unknown;
  standard: readonly StandardWallet[];
  legacyPhantom: unknown;
}

const STANDARD_CONNECT = 'standard:connect';
const SOLANA_SIGN_MESSAGE = 'solana:signMessage';

/** EIP-6963 rdns first (reverse-DNS ids the wallets publish), then the announced name. */
export function ethereumOptionOf(info: { rdns?: string; name?: string }): WalletOption | 'skip' {
  const rdns = (info.rdns ?? '').toLowerCase();
  const name = (info.name ?? '').toLowerCase();
  // Phantom signs in through its Solana provider (SPEC §3: Phantom is a Solana wallet); its Ethereum side would be
  // a second 'Phantom' button.
  if (rdns === 'app.phantom' || name === 'phantom') return 'skip';
  if (rdns.startsWith('io.metamask') || name.includes('metamask')) return 'Metamask';
  if (rdns.startsWith('com.coinbase') || name.includes('coinbase')) return 'Coinbase';
  if (rdns.startsWith('com.binance') || name.includes('binance')) return 'Binance';
  if (rdns.includes('vessel') || name.includes('vessel')) return 'Vessel';
  return 'GenericEthereumWallet';
}

/** A legacy injected provider carries only flags. */
function legacyEthereumOptionOf(provider: Eip1193Provider): WalletOption | 'skip' {
  if (provider.isPhantom) return 'skip';
  if (provider.isMetaMask) return 'Metamask';
  if (provider.isCoinbaseWallet) return 'Coinbase';
  return 'GenericEthereumWallet';
}

export function solanaOptionOf(name: string): WalletOption {
  return name.toLowerCase().includes('phantom') ? 'Phantom' : 'GenericSolanaWallet';
}

function isEip1193(value: unknown): value is Eip1193Provider {
  return (
    typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function'
  );
}

export function isSolanaStandardWallet(value: unknown): value is StandardWallet {
  if (typeof value !== 'object' || value === null) return false;
  const wallet = value as StandardWallet;
  const features = wallet.features as Record<string, { [key: string]: unknown } | undefined> | undefined;
  return (
    typeof wallet.name === 'string' &&
    typeof features?.[STANDARD_CONNECT]?.connect === 'function' &&
    typeof features?.[SOLANA_SIGN_MESSAGE]?.signMessage === 'function'
  );
}

function isPhantomProvider(value: unknown): value is PhantomSolanaProvider {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PhantomSolanaProvider).connect === 'function' &&
    typeof (value as PhantomSolanaProvider).signMessage === 'function'
  );
}

function ethereumWallet(
  id: string,
  option: WalletOption,
  name: string | null,
  provider: Eip1193Provider,
): DetectedWallet {
  return {
    id,
    option,
    chain: 'ethereum',
    name,
    async connect() {
      // SPEC §7 / wire-format.md §4.7: the address is eth_requestAccounts[0].
      const accounts = await provider.request({ method: 'eth_requestAccounts' });
      const address = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof address !== 'string' || address === '') throw new Error('The wallet answered no account.');
      return address;
    },
    async sign(message, address) {
      const signature = await provider.request({ method: 'personal_sign', params: [message, address] });
      if (typeof signature !== 'string' || signature === '')
        throw new Error('The wallet answered no signature.');
      return signature;
    },
  };
}

function standardWallet(wallet: StandardWallet): DetectedWallet {
  const connectFeature = wallet.features[STANDARD_CONNECT] as StandardConnectFeature;
  const signFeature = wallet.features[SOLANA_SIGN_MESSAGE] as SolanaSignMessageFeature;
  let connected: StandardWalletAccount | null = null;
  return {
    id: `standard:${wallet.name}`,
    option: solanaOptionOf(wallet.name),
    chain: 'solana',
    name: wallet.name,
    async connect() {
      const { accounts } = await connectFeature.connect();
      // A multi-chain wallet may list other chains' accounts too: the first Solana one, else the first.
      const account =
        accounts.find((candidate) => candidate.chains?.some((chain) => chain.startsWith('solana:'))) ??
        accounts[0];
      if (account === undefined || typeof account.address !== 'string') {
        throw new Error('The wallet answered no account.');
      }
      connected = account;
      return account.address;
    },
    async sign(message, address) {
      const account =
        connected?.address === address
          ? connected
          : wallet.accounts?.find((candidate) => candidate.address === address);
      if (account === undefined) throw new Error('The wallet is not connected to this account.');
      const [output] = await signFeature.signMessage({ account, message: new TextEncoder().encode(message) });
      if (!(output?.signature instanceof Uint8Array)) throw new Error('The wallet answered no signature.');
      return base58.encode(output.signature);
    },
  };
}

function phantomWallet(provider: PhantomSolanaProvider): DetectedWallet {
  return {
    id: 'phantom',
    option: 'Phantom',
    chain: 'solana',
    name: 'Phantom',
    async connect() {
      const { publicKey } = await provider.connect();
      const address = publicKey?.toString();
      if (typeof address !== 'string' || address === '') throw new Error('The wallet answered no account.');
      return address;
    },
    async sign(message) {
      const { signature } = await provider.signMessage(new TextEncoder().encode(message), 'utf8');
      if (!(signature instanceof Uint8Array)) throw new Error('The wallet answered no signature.');
      return base58.encode(signature);
    },
  };
}

/**
 * The wallets to offer, in SPEC §9's order (announcement order within an option). Known options appear once:
 * EIP-6963 wins over the legacy window.ethereum, the wallet standard over window.phantom.solana. Other wallets
 * appear each once (by EIP-6963 uuid / provider, by wallet-standard name); a legacy window.ethereum that is none
 * of the known wallets is offered only when no wallet announced itself (it is then most likely one of them).
 */
export function detectWallets(sources: WalletSources): DetectedWallet[] {
  const found: DetectedWallet[] = [];
  const known = new Set<WalletOption>();
  const providers = new Set<unknown>();
  const add = (wallet: DetectedWallet) => {
    if (wallet.option !== 'GenericEthereumWallet' && wallet.option !== 'GenericSolanaWallet') {
      if (known.has(wallet.option)) return;
      known.add(wallet.option);
    }
    found.push(wallet);
  };

  const uuids = new Set<string>();
  for (const detail of sources.announced) {
    if (!isEip1193(detail?.provider) || typeof detail.info?.uuid !== 'string') continue;
    if (uuids.has(detail.info.uuid) || providers.has(detail.provider)) continue;
    uuids.add(detail.info.uuid);
    providers.add(detail.provider);
    const option = ethereumOptionOf(detail.info);
    if (option === 'skip') continue;
    add(ethereumWallet(`eip6963:${detail.info.uuid}`, option, detail.info.name || null, detail.provider));
  }

  if (isEip1193(sources.legacyEthereum)) {
    const injected = sources.legacyEthereum;
    const list =
      Array.isArray(injected.providers) && injected.providers.length > 0 ? injected.providers : [injected];
    list.forEach((provider, index) => {
      if (!isEip1193(provider) || providers.has(provider)) return;
      providers.add(provider);
      const option = legacyEthereumOptionOf(provider);
      if (option === 'skip') return;
      if (option === 'GenericEthereumWallet' && uuids.size > 0) return;
      add(ethereumWallet(`ethereum:${index}`, option, null, provider));
    });
  }

  const names = new Set<string>();
  for (const wallet of sources.standard) {
    if (!isSolanaStandardWallet(wallet) || names.has(wallet.name)) continue;
    names.add(wallet.name);
    add(standardWallet(wallet));
  }

  if (isPhantomProvider(sources.legacyPhantom)) add(phantomWallet(sources.legacyPhantom));

  return found
    .map((wallet, index) => ({ wallet, index }))
    .sort(
      (a, b) =>
        WALLET_ORDER.indexOf(a.wallet.option) - WALLET_ORDER.indexOf(b.wallet.option) || a.index - b.index,
    )
    .map(({ wallet }) => wallet);
}

export interface WalletDiscovery {
  /** The same array until something changes (useSyncExternalStore). */
  getSnapshot(): readonly DetectedWallet[];
  subscribe(listener: () => void): () => void;
  find(id: string): DetectedWallet | undefined;
  /** Stops listening (the page tears the widget down; tests start afresh). */
  dispose(): void;
}

type WalletWindow = Window & { ethereum?: unknown; phantom?: { solana?: unknown } };

/** Starts listening on `target` and asks every wallet to make itself known. */
export function createWalletDiscovery(target: WalletWindow = window as WalletWindow): WalletDiscovery {
  const announced: Eip6963ProviderDetail[] = [];
  const standard: StandardWallet[] = [];
  const listeners = new Set<() => void>();
  let snapshot: readonly DetectedWallet[] = [];

  const refresh = () => {
    snapshot = detectWallets({
      announced,
      legacyEthereum: target.ethereum,
      standard,
      legacyPhantom: target.phantom?.solana,
    });
    for (const listener of listeners) listener();
  };

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<Eip6963ProviderDetail>).detail;
    if (typeof detail !== 'object' || detail === null) return;
    announced.push(detail);
    refresh();
  };

  // The wallet standard's app side: `register` keeps a wallet and answers its unregister function.
  const register = (...wallets: StandardWallet[]) => {
    const added = wallets.filter((wallet) => !standard.includes(wallet));
    standard.push(...added);
    if (added.length > 0) refresh();
    return () => {
      for (const wallet of added) {
        const index = standard.indexOf(wallet);
        if (index !== -1) standard.splice(index, 1);
      }
      refresh();
    };
  };
  const api = Object.freeze({ register });
  const onRegisterWallet = (event: Event) => {
    const callback = (event as CustomEvent<unknown>).detail;
    if (typeof callback !== 'function') return;
    try {
      callback(api);
    } catch (error) {
      // One misbehaving wallet must not hide the others.
      console.error('Gatehouse widget: a wallet failed to register', error);
    }
  };

  target.addEventListener('eip6963:announceProvider', onAnnounce);
  target.addEventListener('wallet-standard:register-wallet', onRegisterWallet);
  // MetaMask's legacy signal that window.ethereum was injected after the page loaded.
  target.addEventListener('ethereum#initialized', refresh);
  refresh();
  target.dispatchEvent(new Event('eip6963:requestProvider'));
  target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    find: (id) => snapshot.find((wallet) => wallet.id === id),
    dispose() {
      target.removeEventListener('eip6963:announceProvider', onAnnounce);
      target.removeEventListener('wallet-standard:register-wallet', onRegisterWallet);
      target.removeEventListener('ethereum#initialized', refresh);
      listeners.clear();
    },
  };
}

let shared: WalletDiscovery | null = null;

/** One discovery per page, started on the first use (only when the crypto product is on: this file is lazy). */
export function walletDiscovery(): WalletDiscovery {
  shared ??= createWalletDiscovery();
  return shared;
}

/** Stops the page's discovery; the next use starts a fresh one (tests, or a page that removes the widget). */
export function resetWalletDiscovery(): void {
  shared?.dispose();
  shared = null;
}
