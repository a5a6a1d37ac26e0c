// The published Stytch pre-built UI (`@stytch/vanilla-js` 4.13.1, StytchUIClient) against Gatehouse in Chromium,
// for the products that need more than a form (issue 14 item 2): passkeys, OAuth and crypto wallets. The UI is
// mounted at the server's origin by e2e/support/stytch-ui.ts with every Stytch host pointed at the server, and each
// test checks that no request left that origin (OAuth: none but the local OpenID provider's loopback origin).
//
// - Passkeys: a sign-in by login link, then mountPasskeyRegistration (wire-format.md §7.1): 'Skip' (PASSKEY_SKIP),
//   'Set up another Passkey', 'Create a Passkey' through the virtual authenticator (PASSKEY_REGISTER, §4.9
//   /webauthn/register/start and /webauthn/register), the new passkey listed and renamed (PUT /webauthn/update),
//   'Done' (PASSKEY_DONE); then, in fresh contexts holding only that passkey, the login screen's 'Login with a
//   Passkey' button and its autofill (conditional mediation) give the same user (PASSKEY_AUTHENTICATE); the
//   registration mode deletes it (DELETE /users/webauthn_registrations/{id}), after which the login screen gets the
//   `webauthn_registration_not_found` error_type the UI special-cases.
// - OAuth (PKCE required by the project): 'Continue with Google' → `<testAPIURL>/v1/public/oauth/google/start`
//   (§1.3) → the local OpenID provider → the signup redirect URL for a new user, the login one for a returning
//   user, where the page calls `oauth.authenticate(token)` as a Stytch site does (§4.6).
// - Wallets: 'Continue with Metamask' (window.ethereum) and 'Continue with Phantom' (window.solana, the legacy
//   provider the UI reads), the test wallets of e2e/support/wallets.ts signing the challenge for real (§4.7); the
//   same key in a fresh context is the same user. The returning Ethereum round renders the UI in a shadow root
//   (config.enableShadowDOM, §7.2).
//
// The end state is read the way a site on Stytch reads it: `client.session.getSync()` / `client.user.getSync()`,
// then `client.session.authenticate()` asks the server that the session is live.

import type { BrowserContext, Page } from '@playwright/test';
import { type DevProject, expect } from '../support/fixtures';
import { testWithLocalGoogle } from '../support/local-google';
import { waitForMessage } from '../support/outbox';
import type { RunningServer } from '../support/server';
import {
  type OpenStytchUiOptions,
  openStytchUi,
  recordRequests,
  type StytchUiCallback,
  stytchUiEvents,
} from '../support/stytch-ui';
import { createEthereumWallet, createSolanaWallet, installWallets, KNOWN_WALLETS } from '../support/wallets';
import { enableVirtualWebAuthn } from '../support/webauthn';

// Every product on, Google at the local OpenID provider, and PKCE required for OAuth, so the UI's start carries a
// code_challenge and oauth.authenticate the verifier it kept (wire-format.md §1.3, §6).
const test = testWithLocalGoogle({ settings: { pkce_required_for_oauth: true } });

/** The dev project's allowed redirect URL (devProjectRedirectUrls): login links and OAuth land there. */
const REDIRECT_PATH = '/authenticate';

/** The part of the page's StytchUIClient (`window.__stytchClient`) the tests call, as a Stytch site would. */
interface StytchClientHandle {
  session: {
    getSync(): ClientState['session'];
    authenticate(options: object): Promise<{ session: { session_id: string; user_id: string } }>;
  };
  user: { getSync(): ClientState['user']; get(): Promise<NonNullable<ClientState['user']>> };
  magicLinks: {
    authenticate(token: string, options: { session_duration_minutes: number }): Promise<unknown>;
  };
  oauth: {
    authenticate(
      token: string,
      options: { session_duration_minutes: number },
    ): Promise<{ user_id: string; provider_type: string; provider_subject: string }>;
  };
}

type StytchWindow = Window & { __stytchClient: StytchClientHandle };

/** What the page's client holds, and what the server says of it. */
interface ClientState {
  session: {
    session_id: string;
    user_id: string;
    authentication_factors: Array<Record<string, unknown>>;
  } | null;
  user: {
    user_id: string;
    emails: Array<{ email: string }>;
    crypto_wallets: Array<{ crypto_wallet_address: string; crypto_wallet_type: string }>;
    webauthn_registrations: Array<{ webauthn_registration_id: string; name: string }>;
    providers: Array<{ provider_type: string; provider_subject: string }>;
  } | null;
  /** `session.authenticate()` answered by the server: its session_id, or the error it threw. */
  server: { session_id: string; user_id: string } | { error: string };
}

/** The page's session as a Stytch site reads it (getSync), then checked live with the server. */
function clientState(page: Page): Promise<ClientState> {
  return page.evaluate(async () => {
    const client = (window as unknown as StytchWindow).__stytchClient;
    const session = client.session.getSync();
    const user = client.user.getSync();
    let server: ClientState['server'];
    try {
      const answer = await client.session.authenticate({});
      server = { session_id: answer.session.session_id, user_id: answer.session.user_id };
    } catch (error) {
      server = { error: String((error as Error).message ?? error) };
    }
    return { session, user, server };
  });
}

/** Waits until the client holds a session, then returns the state (a wait for a condition, not a sleep). */
async function signedIn(page: Page): Promise<ClientState & { session: NonNullable<ClientState['session']> }> {
  await expect
    .poll(
      () =>
        page.evaluate(() => Boolean((window as unknown as StytchWindow).__stytchClient.session.getSync())),
      {
        message: 'the Stytch client holds a session',
      },
    )
    .toBe(true);
  const state = await clientState(page);
  expect(state.server, 'the server knows the session').toEqual({
    session_id: state.session!.session_id,
    user_id: state.session!.user_id,
  });
  expect(state.user?.user_id).toBe(state.session!.user_id);
  return state as ClientState & { session: NonNullable<ClientState['session']> };
}

function eventTypes(callbacks: StytchUiCallback[]): string[] {
  return callbacks.map((callback) => `${callback.kind}:${callback.type}`);
}

/** The UI's callbacks once `type` has been emitted. */
async function waitForEvent(page: Page, type: string): Promise<StytchUiCallback[]> {
  await expect.poll(async () => eventTypes(await stytchUiEvents(page))).toContain(`event:${type}`);
  return stytchUiEvents(page);
}

function uiOptions(
  server: RunningServer,
  devProject: DevProject,
  options: Omit<OpenStytchUiOptions, 'serverUrl' | 'publicToken'>,
): OpenStytchUiOptions {
  return { serverUrl: server.url, publicToken: devProject.public_token, ...options };
}

/** A login screen with no text input, so the UI shows its 'Login with a Passkey' button rather than autofill. */
function passkeyLoginConfig(server: RunningServer): Record<string, unknown> {
  return {
    products: ['oauth', 'passkeys'],
    oauthOptions: {
      providers: [{ type: 'google' }],
      loginRedirectURL: `${server.url}${REDIRECT_PATH}`,
      signupRedirectURL: `${server.url}${REDIRECT_PATH}`,
    },
  };
}

/** The names of the user's passkeys, asked of the server (GET /users/me through the client). */
function passkeyNames(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await (window as unknown as StytchWindow).__stytchClient.user.get()).webauthn_registrations.map(
      (registration) => registration.name,
    ),
  );
}

/** Page errors (uncaught exceptions) of a page: the UI must not throw. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('passkeys: registration mode after a login-link sign-in (skip, create, rename, done); "Login with a Passkey" and autofill in fresh contexts are the same user; deleted there, the passkey gets webauthn_registration_not_found', async ({
  page,
  browser,
  server,
  devProject,
}) => {
  const requests = recordRequests(page, server.url);
  const errors = pageErrors(page);
  const webauthn = await enableVirtualWebAuthn({ context: page.context(), page });
  const authenticator = await webauthn.addAuthenticator();
  const email = `stytch-ui-passkey-${Date.now()}@example.com`;

  // 1. Sign in by login link with the UI (the flow issue 14 says works), landing on the redirect URL.
  await openStytchUi(
    page,
    uiOptions(server, devProject, {
      config: {
        products: ['emailMagicLinks'],
        emailMagicLinksOptions: {
          loginRedirectURL: `${server.url}${REDIRECT_PATH}`,
          signupRedirectURL: `${server.url}${REDIRECT_PATH}`,
        },
      },
      alsoServeAt: [REDIRECT_PATH],
    }),
  );
  await page.getByRole('textbox').fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await waitForEvent(page, 'MAGIC_LINK_LOGIN_OR_CREATE');
  const message = await waitForMessage({ to: email, channel: 'email' });
  const link = new URL(message.links.find((candidate) => candidate.includes(REDIRECT_PATH))!);
  await page.goto(link.toString());
  await page.evaluate(
    (token) =>
      (window as unknown as StytchWindow).__stytchClient.magicLinks.authenticate(token, {
        session_duration_minutes: 60,
      }),
    link.searchParams.get('token')!,
  );
  const afterLink = await signedIn(page);
  expect(afterLink.user?.emails.map((entry) => entry.email)).toEqual([email]);

  // 2. The passkey-registration mode for that signed-in user.
  await openStytchUi(
    page,
    uiOptions(server, devProject, {
      mode: 'passkeyRegistration',
      config: { products: ['passkeys'] },
    }),
  );
  await expect(page.getByText('Set up a new Passkey')).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();
  await waitForEvent(page, 'PASSKEY_SKIP');
  await expect(page.getByText('Passkey successfully created!')).toBeVisible();
  await page.getByRole('button', { name: 'Set up another Passkey' }).click();
  await page.getByRole('button', { name: 'Create a Passkey' }).click();
  const registered = await waitForEvent(page, 'PASSKEY_REGISTER');
  await expect(page.getByText('Existing Passkeys')).toBeVisible();
  const registration = registered.find((callback) => callback.type === 'PASSKEY_REGISTER')!.data as {
    webauthn_registration_id: string;
    user_id: string;
  };
  expect(registration.user_id).toBe(afterLink.session.user_id);
  expect(registration.webauthn_registration_id).toBeTruthy();
  // The list shows the new passkey (the UI reads webauthn_registrations of GET /users/me).
  const id = registration.webauthn_registration_id;
  await expect(page.getByTestId(`editable-row-input-${id}`)).toBeVisible();
  // Renaming it there: PUT /webauthn/update/{id}, whose failure the UI only logs, so the server is asked.
  await page.getByTestId(`clickable-edit-icon-edit${id}`).click();
  await page.getByTestId(`editable-row-input-${id}`).fill('Work laptop');
  await page.getByTestId(`clickable-edit-icon-save${id}`).click();
  await expect.poll(() => passkeyNames(page)).toEqual(['Work laptop']);
  await page.getByRole('button', { name: 'Done' }).click();
  const afterRegistration = await waitForEvent(page, 'PASSKEY_DONE');
  expect(eventTypes(afterRegistration)).toEqual([
    'event:PASSKEY_SKIP',
    'event:PASSKEY_REGISTER',
    'event:PASSKEY_DONE',
  ]);
  const withPasskey = await signedIn(page);
  expect(withPasskey.session.user_id).toBe(afterLink.session.user_id);
  expect(withPasskey.user?.webauthn_registrations.map((entry) => entry.webauthn_registration_id)).toEqual([
    registration.webauthn_registration_id,
  ]);
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  expect(requests.foreign()).toEqual([]);
  expect(errors).toEqual([]);

  // 3. A fresh context (no cookies, no storage) whose authenticator holds only that passkey.
  const fresh = await browser.newContext();
  try {
    const freshPage = await fresh.newPage();
    const freshRequests = recordRequests(freshPage, server.url);
    const freshErrors = pageErrors(freshPage);
    const freshWebauthn = await enableVirtualWebAuthn({ context: fresh, page: freshPage });
    const freshAuthenticator = await freshWebauthn.addAuthenticator();
    await freshAuthenticator.addCredential(credential!);
    await openStytchUi(freshPage, uiOptions(server, devProject, { config: passkeyLoginConfig(server) }));
    expect(
      await freshPage.evaluate(() => (window as unknown as StytchWindow).__stytchClient.session.getSync()),
    ).toBeNull();
    await freshPage.getByRole('button', { name: 'Login with a Passkey' }).click();
    const events = await waitForEvent(freshPage, 'PASSKEY_AUTHENTICATE');
    await expect(freshPage.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
    expect(eventTypes(events)).toEqual(['event:PASSKEY_AUTHENTICATE']);
    const passkeySession = await signedIn(freshPage);
    expect(passkeySession.session.user_id).toBe(afterLink.session.user_id);
    expect(passkeySession.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'webauthn',
        delivery_method: 'webauthn_registration',
        webauthn_factor: expect.objectContaining({
          webauthn_registration_id: registration.webauthn_registration_id,
        }),
      }),
    ]);

    // 3b. With an e-mail field on the login screen the UI offers the passkey through autofill instead (a
    // conditional-mediation request on load, answered at once by the virtual authenticator, webauthn.ts): no click.
    // The credential as it is now (its signature counter moved on with the sign-in above: a copy with the old
    // counter would be refused as a possible clone).
    const [current] = await freshAuthenticator.credentials();
    const autofill = await browser.newContext();
    try {
      const autofillPage = await autofill.newPage();
      const autofillRequests = recordRequests(autofillPage, server.url);
      await (await enableVirtualWebAuthn({ context: autofill, page: autofillPage }))
        .addAuthenticator()
        .then((added) => added.addCredential(current!));
      await openStytchUi(
        autofillPage,
        uiOptions(server, devProject, {
          config: {
            products: ['emailMagicLinks', 'passkeys'],
            emailMagicLinksOptions: {
              loginRedirectURL: `${server.url}${REDIRECT_PATH}`,
              signupRedirectURL: `${server.url}${REDIRECT_PATH}`,
            },
          },
        }),
      );
      await expect(autofillPage.getByRole('button', { name: 'Login with a Passkey' })).toHaveCount(0);
      expect(eventTypes(await waitForEvent(autofillPage, 'PASSKEY_AUTHENTICATE'))).toEqual([
        'event:PASSKEY_AUTHENTICATE',
      ]);
      expect((await signedIn(autofillPage)).session.user_id).toBe(afterLink.session.user_id);
      expect(autofillRequests.foreign()).toEqual([]);
    } finally {
      await autofill.close();
    }

    // 4. The registration mode there lists the passkey by its new name; deleting it (DELETE
    // /users/webauthn_registrations/{id}, failure only logged by the UI) leaves the user without passkeys.
    await openStytchUi(
      freshPage,
      uiOptions(server, devProject, { mode: 'passkeyRegistration', config: { products: ['passkeys'] } }),
    );
    await freshPage.getByRole('button', { name: 'Skip' }).click();
    await expect(freshPage.getByTestId(`editable-row-input-${id}`)).toHaveValue('Work laptop');
    await freshPage.getByTestId(`clickable-edit-icon-delete${id}`).click();
    await expect(freshPage.getByText('Once deleted, the passkey cannot be restored.')).toBeVisible();
    await freshPage.getByRole('button', { name: 'Delete' }).click();
    await expect(freshPage.getByTestId(`editable-row-input-${id}`)).toHaveCount(0);
    await expect.poll(() => passkeyNames(freshPage)).toEqual([]);
    expect(freshRequests.foreign()).toEqual([]);
    expect(freshErrors).toEqual([]);
  } finally {
    await fresh.close();
  }

  // 5. The deleted passkey, still in an authenticator, at the login screen: the `webauthn_registration_not_found`
  // error_type the UI special-cases (wire-format.md §4.9), and no session.
  const stale = await browser.newContext();
  try {
    const stalePage = await stale.newPage();
    const staleRequests = recordRequests(stalePage, server.url);
    const staleAuthenticator = await (
      await enableVirtualWebAuthn({ context: stale, page: stalePage })
    ).addAuthenticator();
    await staleAuthenticator.addCredential(credential!);
    await openStytchUi(stalePage, uiOptions(server, devProject, { config: passkeyLoginConfig(server) }));
    await stalePage.getByRole('button', { name: 'Login with a Passkey' }).click();
    // The UI sets its 'Passkey registration not found…' message from this error_type, though its 4.13.1 Main
    // screen has no place that shows it: the onError callback is what a site sees.
    await expect
      .poll(async () => eventTypes(await stytchUiEvents(stalePage)))
      .toEqual(['error:webauthn_registration_not_found']);
    expect(
      await stalePage.evaluate(() => (window as unknown as StytchWindow).__stytchClient.session.getSync()),
    ).toBeNull();
    expect(staleRequests.foreign()).toEqual([]);
  } finally {
    await stale.close();
  }
});

/** Two pages the dev project allows on the server's origin (/authenticate and /reset-password, devProjectRedirectUrls;
 * since DEV_ALLOWED_ORIGINS it accepts any path of an allowed origin): one is given as the signup redirect URL and
 * the other as the login one, so the URL landed on says which one the server chose. */
const SIGNUP_PATH = '/authenticate';
const LOGIN_PATH = '/reset-password';

test('OAuth: "Continue with Google" → /v1/public/oauth/google/start at the server → the local OpenID provider → the signup redirect URL, where oauth.authenticate(token) signs in; again in a fresh context → the login redirect URL, same user', async ({
  page,
  browser,
  server,
  provider,
  devProject,
}) => {
  const subject = `stytch-ui-google-${Date.now()}`;
  provider.accounts.set(subject, {
    sub: subject,
    email: `${subject}@example.com`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    name: 'Grace Hopper',
  });
  provider.next = { accountId: subject };
  const origin = new URL(server.url).origin;
  const providerOrigin = new URL(provider.issuer).origin;
  const fresh = await browser.newContext();
  try {
    const userIds: string[] = [];
    for (const round of ['new', 'returning'] as const) {
      const roundPage = round === 'new' ? page : await fresh.newPage();
      const requests = recordRequests(roundPage, server.url);
      const errors = pageErrors(roundPage);
      await openStytchUi(
        roundPage,
        uiOptions(server, devProject, {
          config: {
            products: ['oauth'],
            oauthOptions: {
              providers: [{ type: 'google' }],
              loginRedirectURL: `${origin}${LOGIN_PATH}`,
              signupRedirectURL: `${origin}${SIGNUP_PATH}`,
            },
          },
          alsoServeAt: [SIGNUP_PATH, LOGIN_PATH],
        }),
      );
      // The round trip ends with a 302 to the redirect URL, which Playwright's routes do not intercept (only the
      // first URL of a redirect chain reaches a route), so the server's own page loads there: the dev project's
      // redirect URLs are Gatehouse web app pages. Their scripts are held back so they cannot redeem the token, and
      // the test then opens the same URL as the site's page, the one a site on Stytch serves at its redirect URL.
      await roundPage.route(
        (url) => url.origin === origin && url.pathname.startsWith('/assets/'),
        (route) => route.abort(),
      );
      const expectedPath = round === 'new' ? SIGNUP_PATH : LOGIN_PATH;
      await roundPage.getByRole('button', { name: 'Continue with Google' }).click();
      await roundPage.waitForURL(
        (url) => url.origin === origin && [SIGNUP_PATH, LOGIN_PATH].includes(url.pathname),
      );
      const landed = new URL(roundPage.url());
      expect(landed.pathname).toBe(expectedPath);
      expect(landed.searchParams.get('stytch_token_type')).toBe('oauth');
      const token = landed.searchParams.get('token');
      expect(token).toBeTruthy();
      await roundPage.goto(landed.toString());

      // The UI started at the server (testAPIURL, wire-format.md §1.3) and went through the provider.
      const start = new URL(
        requests.all.map((request) => request.url()).find((url) => url.includes('/oauth/google/start'))!,
      );
      expect(start.origin).toBe(origin);
      expect(start.pathname).toBe('/v1/public/oauth/google/start');
      expect(start.searchParams.get('public_token')).toBe(devProject.public_token);
      expect(start.searchParams.get('login_redirect_url')).toBe(`${origin}${LOGIN_PATH}`);
      expect(start.searchParams.get('signup_redirect_url')).toBe(`${origin}${SIGNUP_PATH}`);
      expect(start.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(requests.foreign().some((url) => new URL(url).origin === providerOrigin)).toBe(true);

      // What a Stytch site does on its redirect page.
      const answer = await roundPage.evaluate(
        (oauthToken) =>
          (window as unknown as StytchWindow).__stytchClient.oauth
            .authenticate(oauthToken, { session_duration_minutes: 60 })
            .then((data) => ({
              user_id: data.user_id,
              provider_type: data.provider_type,
              provider_subject: data.provider_subject,
            })),
        token!,
      );
      expect(answer).toEqual({
        user_id: expect.any(String),
        provider_type: 'google',
        provider_subject: subject,
      });
      const authenticate = requests.all.find((request) =>
        request.url().endsWith('/sdk/v1/oauth/authenticate'),
      );
      expect(authenticate?.postDataJSON()).toMatchObject({ token, code_verifier: expect.any(String) });
      const state = await signedIn(roundPage);
      expect(state.session.user_id).toBe(answer.user_id);
      expect(state.user?.emails.map((entry) => entry.email)).toEqual([`${subject}@example.com`]);
      expect(state.user?.providers.map((entry) => entry.provider_subject)).toEqual([subject]);
      expect(state.session.authentication_factors).toEqual([
        expect.objectContaining({ type: 'oauth', delivery_method: 'oauth_google' }),
      ]);
      userIds.push(state.session.user_id);

      // Only the server and the local provider's loopback origin.
      expect(requests.foreign().filter((url) => new URL(url).origin !== providerOrigin)).toEqual([]);
      expect(errors).toEqual([]);
    }
    expect(userIds[1]).toBe(userIds[0]);
  } finally {
    await fresh.close();
  }
});

/** Opens the UI with the crypto product in `context`'s new page, after installing `wallets`. */
async function walletPage(
  context: BrowserContext,
  server: RunningServer,
  devProject: DevProject,
  wallet: Parameters<typeof installWallets>[1][number],
  enableShadowDOM = false,
): Promise<{ page: Page; foreign(): string[]; errors: string[] }> {
  const page = await context.newPage();
  const requests = recordRequests(page, server.url);
  const errors = pageErrors(page);
  await installWallets(page, [wallet]);
  await openStytchUi(
    page,
    uiOptions(server, devProject, { config: { products: ['crypto'], enableShadowDOM } }),
  );
  return { page, foreign: requests.foreign, errors };
}

/** Connect, sign, CryptoConfirmation; the events the UI emitted and the session it holds. */
async function signInWithWallet(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const events = await waitForEvent(page, 'CRYPTO_WALLET_AUTHENTICATE');
  await expect(page.getByText('You have successfully connected your wallet.')).toBeVisible();
  expect(eventTypes(events)).toEqual([
    'event:CRYPTO_WALLET_AUTHENTICATE_START',
    'event:CRYPTO_WALLET_AUTHENTICATE',
  ]);
  const challenge = (events[0]!.data as { challenge: string }).challenge;
  return { challenge, state: await signedIn(page) };
}

test('Ethereum: "Continue with Metamask" (window.ethereum) signs a new user in; the same key in a fresh context, with the UI in a shadow root, is the same user', async ({
  browser,
  server,
  devProject,
}) => {
  const first = createEthereumWallet({
    ...KNOWN_WALLETS.metaMask,
    injectAsWindowEthereum: true,
    announce: false,
  });
  const contexts: BrowserContext[] = [];
  try {
    const rounds: Array<{ userId: string; wallet: typeof first }> = [];
    for (const round of ['new', 'returning'] as const) {
      const wallet =
        round === 'new'
          ? first
          : createEthereumWallet({
              ...KNOWN_WALLETS.metaMask,
              privateKey: first.privateKey,
              injectAsWindowEthereum: true,
              announce: false,
            });
      const context = await browser.newContext();
      contexts.push(context);
      const { page, foreign, errors } = await walletPage(
        context,
        server,
        devProject,
        wallet,
        round === 'returning',
      );
      if (round === 'returning') {
        // The UI renders inside the open shadow root of its custom element, none of it in the light DOM.
        expect(
          await page.evaluate(() => Boolean(document.querySelector('#stytch stytch-ui')?.shadowRoot)),
        ).toBe(true);
        await expect(page.getByRole('button', { name: 'Continue with Metamask' })).toBeVisible();
        expect(await page.evaluate(() => document.querySelectorAll('#stytch button').length)).toBe(0);
      }
      const { challenge, state } = await signInWithWallet(page, 'Continue with Metamask');
      expect(wallet.signedMessages).toEqual([challenge]);
      expect(wallet.requests.map((request) => request.method)).toEqual([
        'eth_requestAccounts',
        'personal_sign',
      ]);
      expect(state.user?.crypto_wallets).toEqual([
        expect.objectContaining({
          crypto_wallet_address: first.address,
          crypto_wallet_type: 'ethereum',
        }),
      ]);
      expect(state.session.authentication_factors).toEqual([
        expect.objectContaining({ type: 'crypto', delivery_method: 'crypto_wallet' }),
      ]);
      rounds.push({ userId: state.session.user_id, wallet });
      expect(foreign()).toEqual([]);
      expect(errors).toEqual([]);
    }
    expect(rounds[1]!.userId).toBe(rounds[0]!.userId);
  } finally {
    for (const context of contexts) await context.close();
  }
});

test('Solana: "Continue with Phantom" (window.solana) signs a new user in; the same key in a fresh context is the same user', async ({
  browser,
  server,
  devProject,
}) => {
  const first = createSolanaWallet({ ...KNOWN_WALLETS.phantom, injectAsWindowSolana: true, register: false });
  const contexts: BrowserContext[] = [];
  try {
    const userIds: string[] = [];
    for (const round of ['new', 'returning'] as const) {
      const wallet =
        round === 'new'
          ? first
          : createSolanaWallet({
              ...KNOWN_WALLETS.phantom,
              secretKey: first.secretKey,
              injectAsWindowSolana: true,
              register: false,
            });
      const context = await browser.newContext();
      contexts.push(context);
      const { page, foreign, errors } = await walletPage(context, server, devProject, wallet);
      const { challenge, state } = await signInWithWallet(page, 'Continue with Phantom');
      expect(wallet.signedMessages).toEqual([challenge]);
      expect(wallet.requests.map((request) => request.method)).toEqual(['connect', 'signMessage']);
      expect(state.user?.crypto_wallets).toEqual([
        expect.objectContaining({ crypto_wallet_address: first.address, crypto_wallet_type: 'solana' }),
      ]);
      userIds.push(state.session.user_id);
      expect(foreign()).toEqual([]);
      expect(errors).toEqual([]);
    }
    expect(userIds[1]).toBe(userIds[0]);
  } finally {
    for (const context of contexts) await context.close();
  }
});
