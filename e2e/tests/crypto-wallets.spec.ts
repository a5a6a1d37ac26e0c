// Crypto-wallet sign-in in real Chromium (issue 12 "Tests that show it", E2E part). Test wallets are injected into
// the page (e2e/support/wallets.ts): an EIP-6963 provider backed by a viem private-key account and a wallet-standard
// Solana wallet backed by an ed25519 key, both signing the server's challenge for real in Node.
//
// - Ethereum and Solana sign-in: Main → CryptoConnect → CryptoSignMessage → CryptoConfirmation (SPEC §2 Crypto
//   screens, §4 "connect wallet, request challenge, sign it, authenticate, CryptoConfirmation"), the app shows the
//   session, and the same key later (another browser context) is the same user; a wallet found only at the legacy
//   `window.ethereum` signs in too, and so does the widget in a shadow root mounted with mountLogin;
// - a person who rejects the connection or the signature sees CryptoError (SPEC §8 '[Error] Could not connect to
//   wallet' / '[Error] Could not sign message', both leading to CryptoError) and the back arrow returns to Main;
//   the back arrow while the wallet is still asking returns to Main, and the wallet's late answer is dropped;
// - the button cap of SPEC §2 / §9: at most 6 − (social providers) − 1 wallet buttons, the rest behind 'Continue
//   with other Crypto Wallet' (CryptoOtherScreen);
// - 'Set up a new crypto wallet' → CryptoSetupWallet with links to five wallet providers;
// - axe on every screen reached. Texts are SPEC §2's, verbatim.
// The file starts by checking the test wallets themselves against their standards on a blank page, so a failure
// further down is the product's, not the wallets'.
//
// The dev project the served app uses has every product on (ensureDevProject: PRODUCTS), crypto included; the
// `?products=` and `oauth_providers=` overrides of apps/web/src/widget-config.ts choose what the widget mounts.
// Social buttons need no OAuth client to be shown, so no project file is needed here.

import { ed25519 } from '@noble/curves/ed25519.js';
import type { Browser, Page } from '@playwright/test';
import { base58 } from '@scure/base';
import { verifyMessage } from 'viem';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import {
  createEthereumWallet,
  createSolanaWallet,
  installWallets,
  KNOWN_WALLETS,
  type TestWallet,
} from '../support/wallets';

// SPEC §2 Crypto screens and Main, verbatim.
const MAIN_HEADING = 'Sign up or log in';
const CONNECT_HEADING = 'Connecting to your wallet...';
const SIGN_HEADING = 'Completing signature request...';
const SUCCESS_HEADING = 'Success!';
const SUCCESS_TEXT = 'You have successfully connected your wallet.';
const ERROR_HEADING = 'Looks like there was an error!';
const ERROR_TEXT =
  'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!';
const OTHER_WALLETS = 'Continue with other Crypto Wallet';
const SET_UP_WALLET = 'Set up a new crypto wallet';

/** Wallets with the e-mail login-link form under them (SPEC §2: wallets above the 'or' divider). */
const CRYPTO_PATH = '/?products=crypto,emailMagicLinks&stay=1';

/** Chromium logs every 4xx answer as a console error; nothing else may be. */
function unexpectedConsoleErrors(errors: string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: .* 4\d\d/.test(error));
}

/** The part of POST /sessions/authenticate's answer checked here (wire-format.md §4.1, §4.7). */
interface SessionAnswer {
  user: {
    user_id: string;
    crypto_wallets: Array<{
      crypto_wallet_id: string;
      crypto_wallet_address: string;
      crypto_wallet_type: string;
    }>;
  };
  session: { authentication_factors: Array<Record<string, unknown>> };
}

/**
 * The session the page holds, asked of the server with the session cookie's token the way the SDK asks
 * (POST /sessions/authenticate with Basic public_token:session_token, wire-format.md §2).
 */
async function sessionOf(page: Page, publicToken: string): Promise<SessionAnswer> {
  const sessionToken = (await page.context().cookies()).find(
    (cookie) => cookie.name === 'gatehouse_session',
  )?.value;
  expect(sessionToken, 'the gatehouse_session cookie').toBeTruthy();
  const response = await page.request.post('/sdk/v1/sessions/authenticate', {
    headers: {
      authorization: `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}`,
    },
    data: {},
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: SessionAnswer }).data;
}

/**
 * SPEC §4: a wallet signature authenticates the session. The app (not the widget) shows it, and the server answers
 * a user holding this wallet with a session whose factor is that wallet (wire-format.md §4.1 crypto_wallet_factor).
 */
async function expectSignedInWith(page: Page, publicToken: string, wallet: TestWallet): Promise<string> {
  await expect(page.getByTestId('signed-in-notice')).toContainText('You are signed in.');
  const { user, session } = await sessionOf(page, publicToken);
  expect(user.crypto_wallets).toEqual([
    expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.chain }),
  ]);
  expect(session.authentication_factors).toEqual([
    expect.objectContaining({
      delivery_method: 'crypto_wallet',
      crypto_wallet_factor: expect.objectContaining({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: wallet.chain,
      }),
    }),
  ]);
  return user.user_id;
}

/**
 * SPEC §9 "Blockchain network: mainnet in production, otherwise testnet": the E2E server runs in development, so the
 * message's Chain ID (EIP-4361 and the Solana sign-in format both have the field) names no mainnet.
 */
function expectTestnet(message: string | null | undefined): void {
  const chainId = /^Chain ID: (.+)$/m.exec(message ?? '')?.[1];
  expect(chainId, `the Chain ID of:\n${message}`).toBeDefined();
  expect(['1', 'mainnet']).not.toContain(chainId);
}

async function expectMain(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: MAIN_HEADING })).toBeVisible();
}

async function expectCryptoConfirmation(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: SUCCESS_HEADING })).toBeVisible();
  await expect(page.getByText(SUCCESS_TEXT)).toBeVisible();
}

async function expectCryptoError(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: ERROR_HEADING })).toBeVisible();
  await expect(page.getByText(ERROR_TEXT)).toBeVisible();
}

function walletButton(page: Page, label: string) {
  return page.getByRole('button', { name: `Continue with ${label}`, exact: true });
}

/** A fresh page in its own browser context ("another browser"), with these wallets. */
async function pageInNewContext(browser: Browser, baseURL: string, wallets: TestWallet[]): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await installWallets(page, wallets);
  return page;
}

/** A wallet-standard wallet as an app sees it (the parts the self-test below uses). */
interface PageStandardWallet {
  accounts: readonly { address: string; publicKey: Uint8Array }[];
  features: {
    'standard:connect': { connect(): Promise<{ accounts: PageStandardWallet['accounts'] }> };
    'solana:signMessage': {
      signMessage(
        ...inputs: { account: unknown; message: Uint8Array }[]
      ): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]>;
    };
  };
}

test.describe('the test wallets themselves', () => {
  // A blank page on the worker's server origin (answered by the route, so nothing else runs in it).
  const BLANK = '/__test-wallets';
  test.beforeEach(async ({ page }) => {
    await page.route(`**${BLANK}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>wallets</title>' }),
    );
  });

  test('EIP-6963 announce, EIP-1193 calls, personal_sign over the exact bytes, 4001 on rejection', async ({
    page,
  }) => {
    const wallet = createEthereumWallet({ ...KNOWN_WALLETS.metaMask, injectAsWindowEthereum: true });
    const refusing = createEthereumWallet({ ...KNOWN_WALLETS.coinbase, connect: 'reject' });
    await installWallets(page, [wallet, refusing]);
    await page.goto(BLANK);
    const seen = await page.evaluate(async () => {
      const announced: {
        info: Record<string, string>;
        provider: { request: (a: unknown) => Promise<unknown> };
      }[] = [];
      window.addEventListener('eip6963:announceProvider', (event) =>
        announced.push((event as CustomEvent).detail),
      );
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      const provider = announced[0]!.provider;
      const before = await provider.request({ method: 'eth_accounts' });
      const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      const after = await provider.request({ method: 'eth_accounts' });
      const chainId = await provider.request({ method: 'eth_chainId' });
      const text = await provider.request({ method: 'personal_sign', params: ['héllo\nworld', accounts[0]] });
      const hex = await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', accounts[0]] });
      const unsupported = await provider
        .request({ method: 'eth_sendTransaction', params: [] })
        .catch((error: { code: number }) => error.code);
      return {
        count: announced.length,
        info: announced[0]!.info,
        sameAsLegacy: (window as unknown as { ethereum: unknown }).ethereum === provider,
        before,
        accounts,
        after,
        chainId,
        text,
        hex,
        unsupported,
      };
    });
    expect(seen.count).toBe(2);
    expect(seen.info).toEqual({
      uuid: wallet.uuid,
      name: 'MetaMask',
      icon: wallet.icon,
      rdns: 'io.metamask',
    });
    expect(seen.info.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(seen.sameAsLegacy).toBe(true);
    expect(seen.before).toEqual([]);
    expect(seen.accounts).toEqual([wallet.address]);
    expect(seen.after).toEqual([wallet.address]);
    expect(seen.chainId).toBe('0x1');
    expect(seen.unsupported).toBe(4200);
    // Signed for real, over the UTF-8 text and over the bytes the hex spells.
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'héllo\nworld',
        signature: seen.text as `0x${string}`,
      }),
    ).toBe(true);
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'hello',
        signature: seen.hex as `0x${string}`,
      }),
    ).toBe(true);
    expect(wallet.signedMessages).toEqual(['héllo\nworld', 'hello']);

    // A person who says no: EIP-1193 4001, in a page that has not connected yet.
    wallet.behaviour.sign = 'reject';
    const refused = await page.evaluate(async (address) => {
      const provider = (window as unknown as { ethereum: { request: (a: unknown) => Promise<unknown> } })
        .ethereum;
      return provider.request({ method: 'personal_sign', params: ['nope', address] }).then(
        () => null,
        (error: { code: number; message: string }) => ({ code: error.code, message: error.message }),
      );
    }, wallet.address);
    expect(refused).toEqual({ code: 4001, message: 'User rejected the request.' });

    // The second wallet refuses the connection: 4001, and it still shares no account.
    const connection = await page.evaluate(async () => {
      const announced: { provider: { request: (a: unknown) => Promise<unknown> } }[] = [];
      window.addEventListener('eip6963:announceProvider', (event) =>
        announced.push((event as CustomEvent).detail),
      );
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      const provider = announced[1]!.provider;
      const code = await provider.request({ method: 'eth_requestAccounts' }).then(
        () => null,
        (error: { code: number }) => error.code,
      );
      return { code, accounts: await provider.request({ method: 'eth_accounts' }) };
    });
    expect(connection).toEqual({ code: 4001, accounts: [] });
    expect(refusing.signedMessages).toEqual([]);
  });

  test('wallet-standard registration, connect, signMessage with ed25519, 4001 on rejection, held prompts', async ({
    page,
  }) => {
    const wallet = createSolanaWallet({ ...KNOWN_WALLETS.phantom, connect: 'ask' });
    await installWallets(page, [wallet]);
    await page.goto(BLANK);
    // What @wallet-standard/app's getWallets() does: listen for registrations, then say the app is ready.
    await page.evaluate(() => {
      const registered: unknown[] = [];
      (window as unknown as { registered: unknown[] }).registered = registered;
      const api = { register: (wallet: unknown) => registered.push(wallet) };
      window.addEventListener('wallet-standard:register-wallet', (event) =>
        (event as CustomEvent<(api: unknown) => void>).detail(api),
      );
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
    });
    const described = await page.evaluate(() => {
      const [wallet] = (window as unknown as { registered: Record<string, unknown>[] }).registered;
      const w = wallet as { version: string; name: string; icon: string; chains: string[]; features: object };
      return {
        count: (window as unknown as { registered: unknown[] }).registered.length,
        version: w.version,
        name: w.name,
        icon: w.icon,
        chains: w.chains,
        features: Object.keys(w.features).sort(),
      };
    });
    expect(described).toEqual({
      count: 1,
      version: '1.0.0',
      name: 'Phantom',
      icon: wallet.icon,
      chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet'],
      features: ['solana:signMessage', 'standard:connect', 'standard:disconnect', 'standard:events'],
    });

    // The connection waits for the person (behaviour 'ask'): the test answers the prompt.
    const connecting = page.evaluate(async () => {
      const wallet = (window as unknown as { registered: PageStandardWallet[] }).registered[0]!;
      const { accounts } = await wallet.features['standard:connect'].connect();
      return accounts.map((account) => ({
        address: account.address,
        publicKey: Array.from(account.publicKey),
      }));
    });
    (await wallet.nextPrompt('connect')).approve();
    expect(await connecting).toEqual([{ address: wallet.address, publicKey: [...wallet.publicKey] }]);
    expect(base58.decode(wallet.address)).toEqual(wallet.publicKey);

    const message = 'localhost wants you to sign in with your Solana account:\nnonce ✓';
    const signed = await page.evaluate(async (text) => {
      const wallet = (window as unknown as { registered: PageStandardWallet[] }).registered[0]!;
      const [account] = wallet.accounts;
      const [output] = await wallet.features['solana:signMessage'].signMessage({
        account,
        message: new TextEncoder().encode(text),
      });
      if (output === undefined) throw new Error('signMessage answered no output');
      return {
        signedMessage: new TextDecoder().decode(output.signedMessage),
        signature: Array.from(output.signature),
        isBytes: output.signature instanceof Uint8Array && output.signedMessage instanceof Uint8Array,
      };
    }, message);
    expect(signed.signedMessage).toBe(message);
    expect(signed.isBytes).toBe(true);
    expect(
      ed25519.verify(new Uint8Array(signed.signature), new TextEncoder().encode(message), wallet.publicKey),
    ).toBe(true);

    wallet.behaviour.sign = 'reject';
    const refused = await page.evaluate(async () => {
      const wallet = (window as unknown as { registered: PageStandardWallet[] }).registered[0]!;
      const [account] = wallet.accounts;
      return wallet.features['solana:signMessage']
        .signMessage({ account, message: new Uint8Array([1, 2, 3]) })
        .then(
          () => null,
          (error: { code: number }) => error.code,
        );
    });
    expect(refused).toBe(4001);
  });
});

test.describe('sign in with a wallet', () => {
  test('Ethereum (EIP-6963 MetaMask): CryptoConnect → CryptoSignMessage → CryptoConfirmation, signed in; the same key again is the same user', async ({
    page,
    browser,
    baseURL,
    devProject,
    consoleErrors,
  }) => {
    // Four axe checks and a second browser context: 29–32 s on the 2-core CI machine, past the 30 s default.
    test.setTimeout(60_000);
    // The pop-up waits for the person at each step, so the waiting screens can be looked at (no sleeps).
    const wallet = createEthereumWallet({ ...KNOWN_WALLETS.metaMask, connect: 'ask', sign: 'ask' });
    await installWallets(page, [wallet]);
    await page.goto(CRYPTO_PATH);
    await expectMain(page);
    await expect(
      page.getByRole('link', { name: SET_UP_WALLET }).or(page.getByRole('button', { name: SET_UP_WALLET })),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await walletButton(page, 'Metamask').click();
    await expect(page.getByRole('heading', { name: CONNECT_HEADING })).toBeVisible();
    await expectNoAxeViolations(page);
    (await wallet.nextPrompt('connect')).approve();

    await expect(page.getByRole('heading', { name: SIGN_HEADING })).toBeVisible();
    await expectNoAxeViolations(page);
    const prompt = await wallet.nextPrompt('sign');
    // Issue 12: a Sign-In with Ethereum message (EIP-4361) for this address, bound to the app's domain.
    expect(prompt.message).toContain(
      `${new URL(baseURL!).host} wants you to sign in with your Ethereum account:\n${wallet.address}`,
    );
    expectTestnet(prompt.message);
    prompt.approve();

    await expectCryptoConfirmation(page);
    await expectNoAxeViolations(page);
    const userId = await expectSignedInWith(page, devProject.public_token, wallet);

    // Another browser, the same key: the same user, after a challenge of its own.
    const again = createEthereumWallet({ ...KNOWN_WALLETS.metaMask, privateKey: wallet.privateKey });
    const second = await pageInNewContext(browser, baseURL!, [again]);
    try {
      await second.goto(CRYPTO_PATH);
      await walletButton(second, 'Metamask').click();
      await expectCryptoConfirmation(second);
      expect(await expectSignedInWith(second, devProject.public_token, again)).toBe(userId);
      expect(again.signedMessages).toHaveLength(1);
      expect(again.signedMessages[0]).not.toBe(wallet.signedMessages[0]);
    } finally {
      await second.context().close();
    }
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  test('Solana (wallet standard, Phantom): CryptoConfirmation, signed in; the same key again is the same user', async ({
    page,
    browser,
    baseURL,
    devProject,
    consoleErrors,
  }) => {
    const wallet = createSolanaWallet({ ...KNOWN_WALLETS.phantom });
    await installWallets(page, [wallet]);
    await page.goto(CRYPTO_PATH);
    await walletButton(page, 'Phantom').click();
    await expectCryptoConfirmation(page);
    // wire-format.md §4.7: the Solana sign-in message for the base58 address, signed over its UTF-8 bytes.
    expect(wallet.signedMessages).toHaveLength(1);
    expect(wallet.signedMessages[0]).toContain(
      `${new URL(baseURL!).host} wants you to sign in with your Solana account:\n${wallet.address}`,
    );
    expectTestnet(wallet.signedMessages[0]);
    const userId = await expectSignedInWith(page, devProject.public_token, wallet);

    const again = createSolanaWallet({ ...KNOWN_WALLETS.phantom, secretKey: wallet.secretKey });
    const second = await pageInNewContext(browser, baseURL!, [again]);
    try {
      await second.goto(CRYPTO_PATH);
      await walletButton(second, 'Phantom').click();
      await expectCryptoConfirmation(second);
      expect(await expectSignedInWith(second, devProject.public_token, again)).toBe(userId);
    } finally {
      await second.context().close();
    }
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  test('a legacy wallet at window.ethereum only (no EIP-6963): signed in as well', async ({
    page,
    devProject,
  }) => {
    const wallet = createEthereumWallet({
      ...KNOWN_WALLETS.metaMask,
      announce: false,
      injectAsWindowEthereum: true,
    });
    await installWallets(page, [wallet]);
    await page.goto(CRYPTO_PATH);
    await walletButton(page, 'Metamask').click();
    await expectCryptoConfirmation(page);
    await expectSignedInWith(page, devProject.public_token, wallet);
  });

  test('in a shadow root, mounted with mountLogin (enableShadowDOM, the plain API): signed in, axe', async ({
    page,
    devProject,
  }) => {
    const wallet = createEthereumWallet({ ...KNOWN_WALLETS.coinbase });
    await installWallets(page, [wallet]);
    await page.goto(`${CRYPTO_PATH}&shadow=1&mount=plain`);
    // Playwright's locators pierce the open shadow root; check the widget really is in one.
    await expect(walletButton(page, 'Coinbase')).toBeVisible();
    expect(
      await page.locator('#login [data-gatehouse-shadow-host]').evaluate((host) => host.shadowRoot !== null),
    ).toBe(true);
    await walletButton(page, 'Coinbase').click();
    await expectCryptoConfirmation(page);
    await expectNoAxeViolations(page);
    await expectSignedInWith(page, devProject.public_token, wallet);
  });
});

test.describe('a person who says no in the wallet', () => {
  test('rejecting the connection: CryptoError, the back arrow returns to Main, and trying again works', async ({
    page,
    devProject,
    consoleErrors,
  }) => {
    const wallet = createEthereumWallet({ ...KNOWN_WALLETS.metaMask, connect: 'reject' });
    await installWallets(page, [wallet]);
    await page.goto(CRYPTO_PATH);
    await walletButton(page, 'Metamask').click();
    // SPEC §8 '[Error] Could not connect to wallet' leads to CryptoError.
    await expectCryptoError(page);
    await expectNoAxeViolations(page);
    expect(wallet.signedMessages).toEqual([]);
    await expect(page.getByTestId('signed-in-notice')).toHaveCount(0);

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectMain(page);
    // SPEC §2 CryptoError: "... return to the log in screen and try again!"
    wallet.behaviour.connect = 'approve';
    await walletButton(page, 'Metamask').click();
    await expectCryptoConfirmation(page);
    await expectSignedInWith(page, devProject.public_token, wallet);
    // A refusal is a screen, not a crash.
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  test('rejecting the signature: CryptoError, nobody signed in, the back arrow returns to Main', async ({
    page,
    consoleErrors,
  }) => {
    const wallet = createSolanaWallet({ ...KNOWN_WALLETS.phantom, sign: 'reject' });
    await installWallets(page, [wallet]);
    await page.goto(CRYPTO_PATH);
    await walletButton(page, 'Phantom').click();
    // SPEC §8 '[Error] Could not sign message' leads to CryptoError; the wallet was asked to sign the challenge.
    await expectCryptoError(page);
    expect(wallet.requests.map((request) => request.method)).toContain('signMessage');
    expect(wallet.signedMessages).toEqual([]);
    await expect(page.getByTestId('signed-in-notice')).toHaveCount(0);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('gatehouse_session');

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectMain(page);
    await expect(walletButton(page, 'Phantom')).toBeVisible();
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  test('the back arrow while the wallet is still asking: Main; its late approval is dropped, and a new try signs in', async ({
    page,
    devProject,
  }) => {
    const wallet = createEthereumWallet({ ...KNOWN_WALLETS.metaMask, connect: 'ask' });
    await installWallets(page, [wallet]);
    const starts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/crypto_wallets/authenticate/start')) starts.push(request.url());
    });
    await page.goto(CRYPTO_PATH);
    await walletButton(page, 'Metamask').click();
    // SPEC §2 CryptoConnect: "use the back arrow on trouble".
    await expect(page.getByRole('heading', { name: CONNECT_HEADING })).toBeVisible();
    const prompt = await wallet.nextPrompt('connect');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectMain(page);
    // The wallet answers after all: the widget stays on Main and asks for no challenge.
    prompt.approve();
    await expect(walletButton(page, 'Metamask')).toBeVisible();
    // A new try (the wallet now knows the site, so it answers at once) goes all the way; by then a late answer
    // that had been taken up would have started a challenge of its own and asked for a second signature.
    await walletButton(page, 'Metamask').click();
    await expectCryptoConfirmation(page);
    await expectSignedInWith(page, devProject.public_token, wallet);
    expect(starts).toHaveLength(1);
    expect(wallet.signedMessages).toHaveLength(1);
  });
});

test.describe('wallet buttons on Main', () => {
  // SPEC §2 / §9 display names of the wallet types, for the wallets installed below.
  const INSTALLED = [
    { label: 'Metamask', wallet: () => createEthereumWallet({ ...KNOWN_WALLETS.metaMask }) },
    { label: 'Coinbase', wallet: () => createEthereumWallet({ ...KNOWN_WALLETS.coinbase }) },
    { label: 'Binance', wallet: () => createEthereumWallet({ ...KNOWN_WALLETS.binance }) },
    { label: 'Phantom', wallet: () => createSolanaWallet({ ...KNOWN_WALLETS.phantom }) },
  ];
  const LABELS = INSTALLED.map((entry) => entry.label);

  /** The wallet labels of the 'Continue with <wallet>' buttons on the screen. */
  async function shownWallets(page: Page): Promise<string[]> {
    const names = await page.getByRole('button', { name: /^Continue with / }).allInnerTexts();
    return names
      .map((name) => name.replace(/^Continue with /, '').trim())
      .filter((name) => LABELS.includes(name));
  }

  /** The wallets CryptoOtherScreen lists: its buttons but the back arrow and the set-up link. */
  async function otherScreenWallets(page: Page): Promise<string[]> {
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    const names = await page
      .locator('[data-gatehouse-widget]')
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? ''),
      );
    return names
      .filter((name) => name !== 'Back' && name !== SET_UP_WALLET)
      .map((name) => name.replace(/^Continue with /, ''));
  }

  test('with 3 social providers: 6 − 3 − 1 = 2 wallet buttons, the rest on CryptoOtherScreen, which signs in too', async ({
    page,
    devProject,
  }) => {
    const wallets = INSTALLED.map((entry) => ({ label: entry.label, wallet: entry.wallet() }));
    await installWallets(
      page,
      wallets.map((entry) => entry.wallet),
    );
    await page.goto('/?products=oauth,crypto,emailMagicLinks&oauth_providers=google,github,apple&stay=1');
    await expectMain(page);
    for (const provider of ['Google', 'GitHub', 'Apple']) {
      await expect(
        page.getByRole('button', { name: `Continue with ${provider}`, exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByRole('button', { name: OTHER_WALLETS, exact: true })).toBeVisible();
    const shown = await shownWallets(page);
    expect(shown).toHaveLength(2);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: OTHER_WALLETS, exact: true }).click();
    const rest = LABELS.filter((label) => !shown.includes(label));
    // CryptoOtherScreen: a wallet list with the wallets Main had no room for, and only those.
    expect((await otherScreenWallets(page)).sort()).toEqual(rest.sort());
    await expect(page.getByRole('button', { name: 'Continue with Google', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Its back arrow returns to Main; a wallet from the list signs in like one on Main.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectMain(page);
    await page.getByRole('button', { name: OTHER_WALLETS, exact: true }).click();
    const chosen = wallets.find((entry) => entry.label === rest[0])!;
    await page.getByRole('button', { name: new RegExp(`\\b${chosen.label}$`) }).click();
    await expectCryptoConfirmation(page);
    await expectSignedInWith(page, devProject.public_token, chosen.wallet);
  });

  test('without social providers: 6 − 0 − 1 = 5 of six wallets on Main, the sixth behind the other-wallet button', async ({
    page,
  }) => {
    // The four known wallets fit; two more, another Ethereum and another Solana wallet, make six.
    await installWallets(page, [
      ...INSTALLED.map((entry) => entry.wallet()),
      createEthereumWallet({ ...KNOWN_WALLETS.rabby }),
      createSolanaWallet({ ...KNOWN_WALLETS.backpack }),
    ]);
    await page.goto(CRYPTO_PATH);
    await expectMain(page);
    // Main's wallet section (data-section, as oauth.spec.ts finds the social one): its wallet buttons.
    const section = page.locator('[data-section="crypto"]');
    const otherButton = page.getByRole('button', { name: OTHER_WALLETS, exact: true });
    await expect(otherButton).toBeVisible();
    await expect(section.getByRole('button', { name: /^Continue with / })).toHaveCount(6);
    await otherButton.click();
    // CryptoOtherScreen: the one wallet Main had no room for.
    expect(await otherScreenWallets(page)).toHaveLength(1);
    await expectNoAxeViolations(page);
  });

  test("'Set up a new crypto wallet' → CryptoSetupWallet with links to five wallet providers; back to Main", async ({
    page,
  }) => {
    await installWallets(page, [createEthereumWallet({ ...KNOWN_WALLETS.metaMask })]);
    await page.goto(CRYPTO_PATH);
    await expectMain(page);
    await page.getByText(SET_UP_WALLET, { exact: true }).click();
    const widget = page.locator('[data-gatehouse-widget]');
    const links = widget.getByRole('link');
    await expect(links).toHaveCount(5);
    for (const href of await links.evaluateAll((anchors) =>
      anchors.map((a) => (a as HTMLAnchorElement).href),
    )) {
      expect(new URL(href).protocol).toBe('https:');
    }
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectMain(page);
  });
});
