// Issue 12 item 3, discovery: EIP-6963 (every announced provider, before and after the page asks), the legacy
// window.ethereum (and its providers array), the wallet-standard window-event protocol (wallets registered before
// and after the app is ready) and window.phantom.solana; the mapping to SPEC §3's options; dedupe; SPEC §9 order;
// and the calls each wallet kind makes (SPEC §7), checked against signatures that really verify.
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { createEthereumWallet, createPhantomLegacy, createSolanaWallet } from './test-wallets';
import {
  chainOf,
  createWalletDiscovery,
  type DetectedWallet,
  detectWallets,
  ethereumOptionOf,
  type WalletDiscovery,
} from './wallet-discovery';

type TestWindow = Window & { ethereum?: unknown; phantom?: unknown };
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  delete (window as TestWindow).ethereum;
  delete (window as TestWindow).phantom;
});

function discover(): WalletDiscovery {
  const discovery = createWalletDiscovery();
  cleanups.push(() => discovery.dispose());
  return discovery;
}

const summary = (wallets: readonly DetectedWallet[]) =>
  wallets.map((wallet) => ({ option: wallet.option, chain: wallet.chain, name: wallet.name }));

describe('EIP-6963 and the legacy window.ethereum', () => {
  it('keeps every announced provider, whether it announced before or after the page asked', () => {
    const metamask = createEthereumWallet();
    cleanups.push(metamask.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const discovery = discover();
    const rabby = createEthereumWallet();
    cleanups.push(rabby.announce({ name: 'Rabby Wallet', rdns: 'io.rabby' }));
    const frame = createEthereumWallet();
    cleanups.push(frame.announce({ name: 'Frame', rdns: 'sh.frame' }));
    expect(summary(discovery.getSnapshot())).toEqual([
      { option: 'Metamask', chain: 'ethereum', name: 'MetaMask' },
      { option: 'GenericEthereumWallet', chain: 'ethereum', name: 'Rabby Wallet' },
      { option: 'GenericEthereumWallet', chain: 'ethereum', name: 'Frame' },
    ]);
  });

  it('maps by rdns, then by name; skips the Ethereum side of Phantom', () => {
    expect(ethereumOptionOf({ rdns: 'io.metamask', name: 'MetaMask' })).toBe('Metamask');
    expect(ethereumOptionOf({ rdns: 'io.metamask.flask', name: 'MetaMask Flask' })).toBe('Metamask');
    expect(ethereumOptionOf({ rdns: 'com.coinbase.wallet', name: 'Coinbase Wallet' })).toBe('Coinbase');
    expect(ethereumOptionOf({ rdns: 'com.binance.wallet', name: 'Binance Wallet' })).toBe('Binance');
    expect(ethereumOptionOf({ rdns: 'xyz.example', name: 'Vessel' })).toBe('Vessel');
    expect(ethereumOptionOf({ rdns: 'app.phantom', name: 'Phantom' })).toBe('skip');
    expect(ethereumOptionOf({ rdns: 'io.rabby', name: 'Rabby Wallet' })).toBe('GenericEthereumWallet');
    expect(chainOf('Phantom')).toBe('solana');
    expect(chainOf('GenericSolanaWallet')).toBe('solana');
    expect(chainOf('Metamask')).toBe('ethereum');
    expect(chainOf('Vessel')).toBe('ethereum');
  });

  it('dedupes: one uuid once, one provider object once, a known option once, legacy after EIP-6963', () => {
    const metamask = createEthereumWallet({ isMetaMask: true });
    const second = createEthereumWallet();
    const info = { uuid: 'uuid-1', name: 'MetaMask', rdns: 'io.metamask', icon: '' };
    const wallets = detectWallets({
      announced: [
        { info, provider: metamask.provider },
        { info, provider: metamask.provider },
        { info: { ...info, uuid: 'uuid-2' }, provider: metamask.provider },
        { info: { ...info, uuid: 'uuid-3' }, provider: second.provider },
      ],
      // The same MetaMask object injected as window.ethereum: not a second button.
      legacyEthereum: metamask.provider,
      standard: [],
      legacyPhantom: undefined,
    });
    expect(summary(wallets)).toEqual([{ option: 'Metamask', chain: 'ethereum', name: 'MetaMask' }]);
    expect(wallets[0]?.id).toBe('eip6963:uuid-1');
  });

  it('reads window.ethereum and its providers array by their flags when nothing announces', () => {
    const metamask = createEthereumWallet({ isMetaMask: true });
    const coinbase = createEthereumWallet({ isCoinbaseWallet: true });
    const other = createEthereumWallet();
    (window as TestWindow).ethereum = {
      ...other.provider,
      providers: [coinbase.provider, metamask.provider, other.provider],
    };
    expect(summary(discover().getSnapshot())).toEqual([
      { option: 'Metamask', chain: 'ethereum', name: null },
      { option: 'Coinbase', chain: 'ethereum', name: null },
      { option: 'GenericEthereumWallet', chain: 'ethereum', name: null },
    ]);
  });

  it('a nameless legacy window.ethereum is left out once a wallet announced itself (it is most likely that one)', () => {
    const announced = createEthereumWallet();
    cleanups.push(announced.announce({ name: 'Rabby Wallet', rdns: 'io.rabby' }));
    (window as TestWindow).ethereum = createEthereumWallet().provider;
    expect(summary(discover().getSnapshot())).toEqual([
      { option: 'GenericEthereumWallet', chain: 'ethereum', name: 'Rabby Wallet' },
    ]);
  });

  it('connects with eth_requestAccounts and signs with personal_sign [message, address] (SPEC §7)', async () => {
    const wallet = createEthereumWallet();
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const [detected] = discover().getSnapshot();
    if (detected === undefined) throw new Error('not detected');
    const address = await detected.connect();
    expect(address).toBe(wallet.address);
    const message = 'app.example wants you to sign in with your Ethereum account:\nnonce ✓';
    const signature = await detected.sign(message, address);
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(
      await verifyMessage({ address: wallet.address, message, signature: signature as `0x${string}` }),
    ).toBe(true);
    expect(wallet.calls).toEqual([
      { method: 'eth_requestAccounts', params: undefined },
      { method: 'personal_sign', params: [message, wallet.address] },
    ]);
  });
});

describe('the Solana wallet standard and window.phantom.solana', () => {
  it('takes wallets registered before the app was ready and after, with both features', () => {
    const early = createSolanaWallet('Solflare');
    cleanups.push(early.register());
    const discovery = discover();
    const late = createSolanaWallet('Backpack');
    cleanups.push(late.register());
    // No solana:signMessage: not offered.
    const { wallet } = createSolanaWallet('Sign-less');
    window.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: (api: { register(wallet: unknown): void }) =>
          api.register({ ...wallet, features: { 'standard:connect': wallet.features['standard:connect'] } }),
      }),
    );
    expect(summary(discovery.getSnapshot())).toEqual([
      { option: 'GenericSolanaWallet', chain: 'solana', name: 'Solflare' },
      { option: 'GenericSolanaWallet', chain: 'solana', name: 'Backpack' },
    ]);
  });

  it('maps Phantom by name; the wallet-standard Phantom wins over window.phantom.solana', () => {
    const legacy = createPhantomLegacy();
    (window as TestWindow).phantom = { solana: legacy.provider };
    const standard = createSolanaWallet('Phantom');
    cleanups.push(standard.register());
    const wallets = discover().getSnapshot();
    expect(summary(wallets)).toEqual([{ option: 'Phantom', chain: 'solana', name: 'Phantom' }]);
    expect(wallets[0]?.id).toBe('standard:Phantom');
  });

  it('an unregistered wallet disappears', () => {
    const discovery = discover();
    const { wallet } = createSolanaWallet('Glow');
    let unregister: () => void = () => {};
    window.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: (api: { register(wallet: unknown): () => void }) => {
          unregister = api.register(wallet);
        },
      }),
    );
    expect(discovery.getSnapshot()).toHaveLength(1);
    unregister();
    expect(discovery.getSnapshot()).toEqual([]);
  });

  it('standard:connect then solana:signMessage over the UTF-8 bytes; the signature base58 (SPEC §7)', async () => {
    const solana = createSolanaWallet();
    cleanups.push(solana.register());
    const [detected] = discover().getSnapshot();
    if (detected === undefined) throw new Error('not detected');
    const address = await detected.connect();
    expect(address).toBe(solana.address);
    const message = 'app.example wants you to sign in with your Solana account:\nnonce ✓';
    const signature = await detected.sign(message, address);
    const bytes = base58.decode(signature);
    expect(bytes).toHaveLength(64);
    expect(ed25519.verify(bytes, new TextEncoder().encode(message), solana.publicKey)).toBe(true);
    expect(solana.calls.map((call) => call.feature)).toEqual(['standard:connect', 'solana:signMessage']);
  });

  it('window.phantom.solana: connect() then signMessage(bytes, utf8), base58 signature', async () => {
    const legacy = createPhantomLegacy();
    (window as TestWindow).phantom = { solana: legacy.provider };
    const [detected] = discover().getSnapshot();
    expect(detected?.option).toBe('Phantom');
    if (detected === undefined) throw new Error('not detected');
    const address = await detected.connect();
    const signature = await detected.sign('hello ✓', address);
    expect(
      ed25519.verify(base58.decode(signature), new TextEncoder().encode('hello ✓'), legacy.publicKey),
    ).toBe(true);
    expect(legacy.calls).toEqual(['connect', 'signMessage:utf8']);
  });
});

describe('order and listeners', () => {
  it('lists in SPEC §9 order (Vessel, Phantom, Metamask, Coinbase, Binance, other Ethereum, other Solana)', () => {
    for (const [name, rdns] of [
      ['Binance Wallet', 'com.binance.wallet'],
      ['Rabby Wallet', 'io.rabby'],
      ['Coinbase Wallet', 'com.coinbase.wallet'],
      ['MetaMask', 'io.metamask'],
      ['Vessel', 'xyz.vessel'],
    ] as const)
      cleanups.push(createEthereumWallet().announce({ name, rdns }));
    cleanups.push(createSolanaWallet('Solflare').register());
    cleanups.push(createSolanaWallet('Phantom').register());
    expect(
      discover()
        .getSnapshot()
        .map((wallet) => wallet.option),
    ).toEqual([
      'Vessel',
      'Phantom',
      'Metamask',
      'Coinbase',
      'Binance',
      'GenericEthereumWallet',
      'GenericSolanaWallet',
    ]);
  });

  it('tells subscribers about later wallets; stops listening on dispose', () => {
    const discovery = createWalletDiscovery();
    let changes = 0;
    const unsubscribe = discovery.subscribe(() => {
      changes += 1;
    });
    cleanups.push(createEthereumWallet().announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    expect(changes).toBe(1);
    const snapshot = discovery.getSnapshot();
    expect(discovery.getSnapshot()).toBe(snapshot);
    unsubscribe();
    discovery.dispose();
    cleanups.push(createSolanaWallet().register());
    expect(discovery.getSnapshot()).toBe(snapshot);
    expect(changes).toBe(1);
  });
});
