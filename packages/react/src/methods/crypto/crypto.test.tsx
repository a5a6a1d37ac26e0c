// Issue 12 item 3, widget side (happy-dom): SPEC §2 wallet buttons with the 6 − social − 1 cap (0, 2 and 4 social
// providers) and CryptoOtherScreen, 'Set up a new crypto wallet' and its five links, the SPEC §4 flow for an
// Ethereum (EIP-6963) and a Solana (wallet standard) test wallet that really sign, reaching CryptoConfirmation with
// the right calls and events (wire-format.md §7.4), and SPEC §8's two failures → CryptoError → back → Main.
import { CONSTANTS } from '@gatehouse/protocol';
import { createClient, type GatehouseClient } from '@gatehouse/sdk';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { verifyMessage } from 'viem';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginConfig, OAuthProviderOptions } from '../../config';
import { Login } from '../../login';
import { GatehouseProvider } from '../../provider';
import type { Strings } from '../../strings';
import { apiError, createFakeClient, deferred, type FakeClient } from '../../test-support/fake-client';
import { DEFAULT_SESSION_DURATION_MINUTES } from './crypto-flow';
import { createEthereumWallet, createSolanaWallet } from './test-wallets';
import { resetWalletDiscovery } from './wallet-discovery';
import { walletButtonCap } from './wallet-options';

const SLOW = { timeout: 20_000 };

beforeAll(async () => {
  // The first load of the lazy chunks can be slow on a busy machine.
  await Promise.all([import('./crypto-section'), import('./crypto-screens')]);
}, 60_000);

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const undo of cleanups.splice(0)) undo();
  resetWalletDiscovery();
  vi.restoreAllMocks();
});

function renderLogin(
  config: LoginConfig,
  client: FakeClient = createFakeClient(),
  strings?: Partial<Strings>,
) {
  const onEvent = vi.fn();
  const onError = vi.fn();
  const view = render(
    <GatehouseProvider client={client}>
      <Login config={config} callbacks={{ onEvent, onError }} strings={strings} />
    </GatehouseProvider>,
  );
  return { client, onEvent, onError, view, user: userEvent.setup({ delay: null }) };
}

const SOCIAL: OAuthProviderOptions['type'][] = ['google', 'github', 'apple', 'microsoft'];
const cryptoConfig = (socialProviders = 0, extra: Partial<LoginConfig> = {}): LoginConfig => ({
  products: socialProviders > 0 ? ['oauth', 'crypto', 'emailMagicLinks'] : ['crypto', 'emailMagicLinks'],
  ...(socialProviders > 0
    ? { oauthOptions: { providers: SOCIAL.slice(0, socialProviders).map((type) => ({ type })) } }
    : {}),
  ...extra,
});

/** Seven wallets, one per option: Vessel, Phantom, Metamask, Coinbase, Binance, Rabby (other Ethereum), Solflare. */
function installSevenWallets() {
  for (const [name, rdns] of [
    ['MetaMask', 'io.metamask'],
    ['Coinbase Wallet', 'com.coinbase.wallet'],
    ['Binance Wallet', 'com.binance.wallet'],
    ['Vessel', 'xyz.vessel'],
    ['Rabby Wallet', 'io.rabby'],
  ] as const)
    cleanups.push(createEthereumWallet().announce({ name, rdns }));
  cleanups.push(createSolanaWallet('Phantom').register());
  cleanups.push(createSolanaWallet('Solflare').register());
}

const ALL_MAIN_NAMES = [
  'Continue with Vessel',
  'Continue with Phantom',
  'Continue with Metamask',
  'Continue with Coinbase',
  'Continue with Binance',
  'Continue with Rabby Wallet',
  'Continue with Solflare',
];

function walletButtonNames(container: HTMLElement): string[] {
  const section = container.querySelector<HTMLElement>('[data-section="crypto"]');
  if (section === null) return [];
  return within(section)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('wallet buttons on Main (SPEC §2, §9)', () => {
  it('the written-out default session duration is the protocol constant (SPEC §9)', () => {
    expect(DEFAULT_SESSION_DURATION_MINUTES).toBe(CONSTANTS.defaultSessionDurationMinutes);
  });

  it('the cap is 6 − social providers − 1, never below none', () => {
    expect([0, 2, 4, 5, 7].map(walletButtonCap)).toEqual([5, 3, 1, 0, 0]);
  });

  it.each([
    [0, 5],
    [2, 3],
    [4, 1],
  ])(
    'with %i social providers shows %i wallets, the rest behind the overflow button',
    async (social, shown) => {
      installSevenWallets();
      const { view, user } = renderLogin(cryptoConfig(social));
      await screen.findByRole('button', { name: 'Continue with Vessel' }, SLOW);
      expect(walletButtonNames(view.container)).toEqual([
        ...ALL_MAIN_NAMES.slice(0, shown),
        'Continue with other Crypto Wallet',
      ]);
      // The overflow button takes the set-up link's place on Main (as in the published UI).
      expect(screen.queryByRole('button', { name: 'Set up a new crypto wallet' })).toBeNull();
      // Wallets sit above the divider, after the social buttons (SPEC §2 fixed order).
      const sections = [...view.container.querySelectorAll<HTMLElement>('[data-section]')].map(
        (element) => element.dataset.section,
      );
      expect(sections.slice(0, social > 0 ? 3 : 2)).toEqual(
        social > 0 ? ['oauth', 'crypto', 'divider'] : ['crypto', 'divider'],
      );

      await user.click(screen.getByRole('button', { name: 'Continue with other Crypto Wallet' }));
      const heading = await screen.findByRole('heading', { name: 'Continue with other wallet' }, SLOW);
      await waitFor(() => expect(document.activeElement).toBe(heading));
      const otherNames = ALL_MAIN_NAMES.slice(shown).map((name) => name.replace('Continue with ', ''));
      const list = screen.getAllByRole('button').map((button) => button.textContent);
      expect(list).toEqual(['', ...otherNames, 'Set up a new crypto wallet']);
      expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      await screen.findByRole('button', { name: 'Continue with other Crypto Wallet' }, SLOW);
    },
  );

  it('without an overflow shows every wallet and the set-up link', async () => {
    cleanups.push(createEthereumWallet().announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    cleanups.push(createSolanaWallet('Phantom').register());
    const { view } = renderLogin(cryptoConfig(2));
    await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW);
    expect(walletButtonNames(view.container)).toEqual([
      'Continue with Phantom',
      'Continue with Metamask',
      'Set up a new crypto wallet',
    ]);
  });

  it('a wallet that announces itself after Main rendered gets its button', async () => {
    renderLogin(cryptoConfig());
    await screen.findByRole('button', { name: 'Set up a new crypto wallet' }, SLOW);
    act(() => {
      cleanups.push(
        createEthereumWallet().announce({ name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' }),
      );
    });
    expect(await screen.findByRole('button', { name: 'Continue with Coinbase' })).toBeTruthy();
  });

  it('its strings are overridden like the rest of the table (the strings prop over config.strings)', async () => {
    cleanups.push(createEthereumWallet().announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    renderLogin(
      cryptoConfig(0, {
        strings: { walletMetamask: 'MetaMask (config)', setUpNewCryptoWallet: 'New wallet' },
      }),
      createFakeClient(),
      { walletMetamask: 'MetaMask', continueWithProvider: 'Sign in with {provider}' },
    );
    expect(await screen.findByRole('button', { name: 'Sign in with MetaMask' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New wallet' })).toBeTruthy();
  });

  it("'Set up a new crypto wallet' opens CryptoSetupWallet with the five wallet links", async () => {
    const { user } = renderLogin(cryptoConfig());
    await user.click(await screen.findByRole('button', { name: 'Set up a new crypto wallet' }, SLOW));
    const heading = await screen.findByRole('heading', { name: 'Set up a new crypto wallet' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText('Signing in with a crypto wallet can help keep your account private and secure.'),
    ).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Vessel (opens in a new tab)', 'https://www.vessel.xyz/'],
      ['Metamask (opens in a new tab)', 'https://metamask.io/'],
      ['Phantom (opens in a new tab)', 'https://phantom.app/'],
      ['Coinbase (opens in a new tab)', 'https://www.coinbase.com/wallet'],
      ['Binance (opens in a new tab)', 'https://www.bnbchain.world/en/binance-wallet'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('button', { name: 'Set up a new crypto wallet' }, SLOW);
  });
});

describe('the wallet sign-in flow (SPEC §4, §7)', () => {
  it('Ethereum: eth_requestAccounts, start, personal_sign [challenge, address], authenticate → CryptoConfirmation', async () => {
    const wallet = createEthereumWallet();
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const client = createFakeClient();
    const start = deferred<{ challenge: string }>();
    client.cryptoStartImpl = () => start.promise;
    const { onEvent, onError, user, view } = renderLogin(
      cryptoConfig(0, { sessionOptions: { sessionDurationMinutes: 45 } }),
      client,
    );
    await user.click(await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW));

    // SPEC §2 CryptoConnect while the wallet and the server answer.
    const connecting = await screen.findByRole('heading', { name: 'Connecting to your wallet...' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(connecting));
    expect(
      screen.getByText(
        'Complete sign in by connecting through the wallet pop up in the right corner of your screen.',
      ),
    ).toBeTruthy();
    expect(view.container.querySelector('[data-state]')?.getAttribute('data-state')).toBe('crypto-connect');
    await waitFor(() => expect(client.calls.cryptoStart).toHaveLength(1));
    expect(client.calls.cryptoStart[0]).toEqual({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    const challenge = `app.example wants you to sign in with your Ethereum account:\n${wallet.address}\nNonce: n1`;
    start.resolve({ request_id: 'request-id-start', status_code: 200, challenge } as never);

    await screen.findByRole('heading', { name: 'Success!' }, SLOW);
    expect(screen.getByText('You have successfully connected your wallet.')).toBeTruthy();
    expect(wallet.calls.map((call) => call.method)).toEqual(['eth_requestAccounts', 'personal_sign']);
    expect(wallet.calls[1]?.params).toEqual([challenge, wallet.address]);
    const [authenticate] = client.calls.cryptoAuthenticate;
    expect(authenticate).toMatchObject({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      session_duration_minutes: 45,
      challenge,
    });
    expect(
      await verifyMessage({
        address: wallet.address,
        message: challenge,
        signature: authenticate?.signature as `0x${string}`,
      }),
    ).toBe(true);
    // wire-format.md §7.4: the events carry the answers minus __user.
    expect(onEvent.mock.calls.map(([event]) => event)).toEqual([
      {
        type: 'CRYPTO_WALLET_AUTHENTICATE_START',
        data: { request_id: 'request-id-start', status_code: 200, challenge },
      },
      {
        type: 'CRYPTO_WALLET_AUTHENTICATE',
        data: { request_id: 'request-id-crypto', status_code: 200, session_token: 'session-token-crypto' },
      },
    ]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('Solana: standard:connect, start, solana:signMessage (UTF-8), base58 signature, authenticate → CryptoConfirmation', async () => {
    const solana = createSolanaWallet('Phantom');
    cleanups.push(solana.register());
    const client = createFakeClient();
    const authenticate = deferred<unknown>();
    client.cryptoAuthenticateImpl = () => authenticate.promise;
    const { onEvent, user } = renderLogin(cryptoConfig(), client);
    await user.click(await screen.findByRole('button', { name: 'Continue with Phantom' }, SLOW));

    // SPEC §2 CryptoSignMessage while the server checks the signature.
    await screen.findByRole('heading', { name: 'Completing signature request...' }, SLOW);
    expect(
      screen.getByText(
        'Complete the signature request through the wallet pop up in the right corner of your screen.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(client.calls.cryptoAuthenticate).toHaveLength(1));
    expect(client.calls.cryptoStart).toEqual([
      { crypto_wallet_address: solana.address, crypto_wallet_type: 'solana' },
    ]);
    const challenge = `Sign in to app.example as ${solana.address}`;
    const sent = client.calls.cryptoAuthenticate[0];
    expect(sent).toMatchObject({
      crypto_wallet_address: solana.address,
      crypto_wallet_type: 'solana',
      session_duration_minutes: 30,
      challenge,
    });
    const signature = base58.decode(sent?.signature ?? '');
    expect(ed25519.verify(signature, new TextEncoder().encode(challenge), solana.publicKey)).toBe(true);
    expect(solana.calls.map((call) => call.feature)).toEqual(['standard:connect', 'solana:signMessage']);
    authenticate.resolve({ request_id: 'request-id-crypto', status_code: 200, __user: {} });

    await screen.findByRole('heading', { name: 'Success!' }, SLOW);
    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual([
      'CRYPTO_WALLET_AUTHENTICATE_START',
      'CRYPTO_WALLET_AUTHENTICATE',
    ]);
    expect(onEvent.mock.calls[1]?.[0].data).toEqual({ request_id: 'request-id-crypto', status_code: 200 });
  });

  it('starts from CryptoOtherScreen too', async () => {
    installSevenWallets();
    const { client, user } = renderLogin(cryptoConfig(4));
    await user.click(await screen.findByRole('button', { name: 'Continue with other Crypto Wallet' }, SLOW));
    await user.click(await screen.findByRole('button', { name: 'Solflare' }, SLOW));
    await screen.findByRole('heading', { name: 'Success!' }, SLOW);
    expect(client.calls.cryptoStart[0]?.crypto_wallet_type).toBe('solana');
  });
});

describe('wallet failures (SPEC §8) → CryptoError → back → Main', () => {
  async function expectCryptoError(message: string) {
    const heading = await screen.findByRole('heading', { name: 'Looks like there was an error!' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(message)).toBeTruthy();
    expect(
      screen.getByText(
        'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
      ),
    ).toBeTruthy();
  }

  it('a rejected connection: [Error] Could not connect to wallet, nothing sent to the server', async () => {
    const wallet = createEthereumWallet();
    wallet.reject.connect = true;
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const { client, onError, onEvent, user } = renderLogin(cryptoConfig());
    await user.click(await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW));
    await expectCryptoError('[Error] Could not connect to wallet');
    expect(client.calls.cryptoStart).toEqual([]);
    expect(onEvent).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
    // wire-format.md §7.4: a plain { message }.
    expect(onError.mock.calls[0]?.[0]).toEqual({ message: '[Error] Could not connect to wallet' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Sign up or log in' }, SLOW);
    expect(screen.getByRole('button', { name: 'Continue with Metamask' })).toBeTruthy();
  });

  it('a refused start (server error) also reads Could not connect to wallet', async () => {
    const solana = createSolanaWallet('Phantom');
    cleanups.push(solana.register());
    const client = createFakeClient();
    client.cryptoStartImpl = async () => {
      throw apiError({ error_type: 'invalid_crypto_wallet_address', error_message: 'Bad address.' });
    };
    const { onError, user } = renderLogin(cryptoConfig(), client);
    await user.click(await screen.findByRole('button', { name: 'Continue with Phantom' }, SLOW));
    await expectCryptoError('[Error] Could not connect to wallet');
    expect(onError.mock.calls[0]?.[0]).toEqual({ message: '[Error] Could not connect to wallet' });
  });

  it('a rejected signature: [Error] Could not sign message, no authenticate, back → Main', async () => {
    const solana = createSolanaWallet('Phantom');
    solana.reject.sign = true;
    cleanups.push(solana.register());
    const { client, onError, onEvent, user } = renderLogin(cryptoConfig());
    await user.click(await screen.findByRole('button', { name: 'Continue with Phantom' }, SLOW));
    await expectCryptoError('[Error] Could not sign message');
    expect(client.calls.cryptoStart).toHaveLength(1);
    expect(client.calls.cryptoAuthenticate).toEqual([]);
    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual(['CRYPTO_WALLET_AUTHENTICATE_START']);
    expect(onError.mock.calls[0]?.[0]).toEqual({ message: '[Error] Could not sign message' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('button', { name: 'Continue with Phantom' }, SLOW);
  });

  it('a refused signature at the server also reads Could not sign message', async () => {
    const wallet = createEthereumWallet();
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const client = createFakeClient();
    client.cryptoAuthenticateImpl = async () => {
      throw apiError({
        error_type: 'unauthorized_credentials',
        error_message: 'Bad signature.',
        status_code: 401,
      });
    };
    const { user } = renderLogin(cryptoConfig(), client);
    await user.click(await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW));
    await expectCryptoError('[Error] Could not sign message');
  });

  it("the back arrow on CryptoConnect returns to Main and drops the attempt's late answer", async () => {
    const wallet = createEthereumWallet();
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const client = createFakeClient();
    const start = deferred<{ challenge: string }>();
    client.cryptoStartImpl = () => start.promise;
    const { onEvent, onError, user } = renderLogin(cryptoConfig(), client);
    await user.click(await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW));
    await screen.findByRole('heading', { name: 'Connecting to your wallet...' }, SLOW);
    await waitFor(() => expect(client.calls.cryptoStart).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Sign up or log in' }, SLOW);
    await act(async () => start.resolve({ challenge: 'late' }));
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(wallet.calls.map((call) => call.method)).toEqual(['eth_requestAccounts']);
    expect(onEvent).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('with the real SDK client (only fetch is faked)', () => {
  const clients: GatehouseClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.dispose();
    localStorage.clear();
  });

  it('an Ethereum sign-in goes through start/primary and authenticate, and the SDK holds the session', async () => {
    const wallet = createEthereumWallet();
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const requests: { path: string; body: unknown }[] = [];
    const user = {
      user_id: 'user-wallet-1',
      crypto_wallets: [
        { crypto_wallet_id: 'w1', crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
      ],
    };
    const session = {
      session_id: 'session-wallet-1',
      user_id: 'user-wallet-1',
      expires_at: '2099-01-01T00:00:00Z',
      authentication_factors: [],
    };
    const answer = (path: string): Response => {
      const data =
        path === '/sdk/v1/crypto_wallets/authenticate/start/primary'
          ? { request_id: 'r1', status_code: 200, challenge: `Sign in as ${wallet.address}` }
          : path === '/sdk/v1/crypto_wallets/authenticate'
            ? {
                request_id: 'r2',
                status_code: 200,
                user_id: 'user-wallet-1',
                session_token: 'session-token-wallet',
                session_jwt: 'session-jwt-wallet',
                session,
                user,
                __user: user,
              }
            : null;
      return data === null
        ? new Response(
            JSON.stringify({ status_code: 404, error_type: 'not_found', error_message: 'Not found' }),
            {
              status: 404,
              headers: { 'content-type': 'application/json' },
            },
          )
        : new Response(JSON.stringify({ data }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
    };
    const client = createClient('public-token-test-widget', {
      baseUrl: 'http://localhost:3999',
      dependencies: {
        fetch: vi.fn(async (url: string, init: { body?: string }) => {
          const path = new URL(url).pathname;
          requests.push({ path, body: init.body === undefined ? null : JSON.parse(init.body) });
          return answer(path);
        }),
      },
    });
    clients.push(client);
    render(
      <GatehouseProvider client={client}>
        <Login config={{ products: ['crypto', 'emailMagicLinks'] }} />
      </GatehouseProvider>,
    );
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW));
    await screen.findByRole('heading', { name: 'Success!' }, SLOW);
    const wallets = requests.filter((request) => request.path.startsWith('/sdk/v1/crypto_wallets/'));
    expect(wallets.map((request) => request.path)).toEqual([
      '/sdk/v1/crypto_wallets/authenticate/start/primary',
      '/sdk/v1/crypto_wallets/authenticate',
    ]);
    expect(wallets[0]?.body).toEqual({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    const sent = wallets[1]?.body as { signature: `0x${string}` };
    expect(sent).toEqual({
      session_duration_minutes: 30,
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
      // Issue 20 item 2: the signed challenge, so the server checks that one alone.
      challenge: `Sign in as ${wallet.address}`,
    });
    expect(
      await verifyMessage({
        address: wallet.address,
        message: `Sign in as ${wallet.address}`,
        signature: sent.signature,
      }),
    ).toBe(true);
    expect(client.session.getSync()?.session_id).toBe('session-wallet-1');
    expect(client.user.getSync()?.user_id).toBe('user-wallet-1');
  });
});
