// The published Stytch pre-built UI (`@stytch/vanilla-js` 4.13.1) against Gatehouse in Chromium: its passcode
// flows and its Google One Tap, which go through the client-side services page the server serves at
// CLIENTSIDE_SERVICES_PATH, bound to the site's public token (issue 14 items 1 and 2, issue 20 item 6;
// wire-format.md §8). The UI parses every phone number in that
// page before it sends anything, so these tests fail without it. Each flow ends with a session the UI's own client
// holds (`window.__stytchClient.session.getSync()`), and no request leaves the server's origin — but for One Tap,
// whose script the UI always loads from Google's host: that host is routed to a stand-in here (as in
// oauth-one-tap.spec.ts), and it is the only foreign origin allowed.
//
// This file runs its own server (the development project with a Google client enabled for One Tap, whose key set
// is a loopback stand-in); every test uses its own phone number or address.
import type { Page } from '@playwright/test';
import {
  newSigningKey,
  type SigningKey,
  startFakeGoogleKeys,
  TEST_GOOGLE_CLIENT_ID,
} from '../../packages/server/src/features/oauth/one-tap-test-support';
import { test as base, expect } from '../support/fixtures';
import { GSI_STAND_IN_SCRIPT, standInCredentialScript } from '../support/google-stand-in';
import { waitForMessage } from '../support/outbox';
import { type RunningServer, startServerWithDevGoogle } from '../support/server';
import {
  clientsideServicesUrl,
  openStytchUi,
  recordRequests,
  type StytchUiCallback,
  stytchUiEvents,
} from '../support/stytch-ui';

/** Where One Tap sends the browser: a redirect URL the development project allows by default. */
const REDIRECT_PATH = '/authenticate';
/** Google's host: the UI loads `${GOOGLE_HOST}/gsi/client` whatever its endpoints say (wire-format.md §1.1). */
const GOOGLE_HOST = 'https://accounts.google.com';

interface StandInGoogle {
  key: SigningKey;
  jwksUrl: string;
  /** Who the next credential is for. */
  next: { sub: string; email: string };
  /** ID tokens handed out so far. */
  issued: number;
}

/** Routes Google's host to the stand-in (page-level, so nothing reaches the network). */
async function routeGoogle(page: Page, google: StandInGoogle): Promise<void> {
  await page.route(`${GOOGLE_HOST}/**`, async (route) => {
    const url = new URL(route.request().url());
    const javascript = { 'content-type': 'text/javascript', 'cache-control': 'no-store' };
    if (url.pathname === '/gsi/client') {
      await route.fulfill({ status: 200, headers: javascript, body: GSI_STAND_IN_SCRIPT });
    } else if (url.pathname === '/gsi/credential') {
      const body = await standInCredentialScript({ key: google.key, url, next: google.next });
      google.issued += 1;
      await route.fulfill({ status: 200, headers: javascript, body });
    } else {
      await route.fulfill({ status: 404, body: '' });
    }
  });
}

const test = base.extend<object, { google: StandInGoogle; server: RunningServer }>({
  google: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructured first argument.
    async ({}, use) => {
      const key = await newSigningKey('stand-in-google-ui-1');
      const keys = await startFakeGoogleKeys([key]);
      await use({ key, jwksUrl: keys.url, next: { sub: '', email: '' }, issued: 0 });
      await keys.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ google }, use) => {
      const server = await startServerWithDevGoogle({
        google: { client_id: TEST_GOOGLE_CLIENT_ID, one_tap: true, endpoints: { jwks: google.jwksUrl } },
      });
      process.env.GATEHOUSE_E2E_BASE_URL = server.url;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const OTP_CONFIG = {
  products: ['otp'],
  otpOptions: { methods: ['sms', 'whatsapp', 'email'], expirationMinutes: 5 },
};

// Unique per test within the worker: +1 312 555 01xx (555-01xx is the fictional range).
let recipients = 0;
function nextPhone(): { e164: string; typed: string; formatted: string } {
  recipients += 1;
  const line = `01${String(recipients % 100).padStart(2, '0')}`;
  return { e164: `+1312555${line}`, typed: `312-555-${line}`, formatted: `(312) 555-${line}` };
}

function eventTypes(callbacks: StytchUiCallback[]): string[] {
  return callbacks.map((callback) => `${callback.kind}:${callback.type}`);
}

/** The session the UI's client holds (wire-format.md §5), or null. */
function clientSession(page: Page): Promise<{ session_id: string; user_id: string } | null> {
  return page.evaluate(() =>
    (
      window as unknown as {
        __stytchClient: { session: { getSync(): { session_id: string; user_id: string } | null } };
      }
    ).__stytchClient.session.getSync(),
  );
}

/** Types the passcode from the dev outbox into the UI's passcode screen; the UI submits it at the sixth digit. */
async function enterPasscode(page: Page, to: string, channel: 'sms' | 'whatsapp' | 'email'): Promise<void> {
  const message = await waitForMessage({ to, channel });
  const code = message.codes[0];
  expect(code).toMatch(/^\d{6}$/);
  await expect(page.getByText('Enter passcode')).toBeVisible();
  await page.getByRole('textbox', { name: 'One-time passcode' }).pressSequentially(code ?? '');
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
}

async function expectSignedIn(page: Page): Promise<void> {
  await expect
    .poll(async () => eventTypes(await stytchUiEvents(page)))
    .toEqual(['event:OTP_LOGIN_OR_CREATE', 'event:OTP_AUTHENTICATE']);
  const session = await clientSession(page);
  expect(session?.session_id).toMatch(/^session-test-/);
  const events = await stytchUiEvents(page);
  expect((events[1]?.data as { session?: { session_id?: string } } | undefined)?.session?.session_id).toBe(
    session?.session_id,
  );
}

for (const method of ['sms', 'whatsapp'] as const) {
  test(`${method} passcode: the UI parses the number in the services page, sends and signs in`, async ({
    page,
    server,
    devProject,
    consoleErrors,
  }) => {
    const requests = recordRequests(page, server.url);
    const phone = nextPhone();
    await openStytchUi(page, {
      serverUrl: server.url,
      publicToken: devProject.public_token,
      config: OTP_CONFIG,
    });
    if (method === 'whatsapp') await page.getByRole('tab', { name: 'WhatsApp' }).click();
    const input = page.getByRole('textbox', { name: '(123) 456-7890' });
    await input.fill(phone.typed);
    // The UI keeps the number it submits only once the services page has answered its as-you-type parse (it
    // then shows the national format); a click before that would submit an empty number, as a person never could.
    await expect(input).toHaveValue(phone.formatted);
    const sent = page.waitForRequest(`${server.url}/sdk/v1/otps/${method}/login_or_create`);
    await page
      .getByRole('button', {
        name: method === 'sms' ? 'Continue with text message' : 'Continue with WhatsApp',
      })
      .click();
    // The number went out as the services page's E.164 parse.
    expect((await sent).postDataJSON()).toMatchObject({ phone_number: phone.e164 });
    await expect(page.getByText(`A 6-digit passcode was sent to you at ${phone.e164}.`)).toBeVisible();
    await enterPasscode(page, phone.e164, method);
    await expectSignedIn(page);
    expect(
      requests.all.some(
        (request) => request.url() === clientsideServicesUrl(server.url, devProject.public_token),
      ),
    ).toBe(true);
    expect(requests.foreign()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('XS-03 / XS-04: a site on another of the project’s origins frames the services page bound to its token, which lists that project’s origins, and parses its numbers', async ({
  page,
  server,
  devProject,
}) => {
  // 127.0.0.1 and localhost are two origins of the development project (ensureDevProject): the UI runs on one and
  // calls the server, and frames the services page, on the other, as a site does.
  const site = `http://127.0.0.1:${new URL(server.url).port}`;
  const servicesUrl = clientsideServicesUrl(server.url, devProject.public_token);
  const served = page.waitForResponse(servicesUrl);
  // The site's page is served by route interception, which Chromium counts as a public address: its calls to the
  // server on loopback need the local-network permission a person would grant.
  await page.context().grantPermissions(['local-network-access'], { origin: site });
  await openStytchUi(page, {
    serverUrl: server.url,
    publicToken: devProject.public_token,
    config: OTP_CONFIG,
    siteOrigin: site,
  });
  const phone = nextPhone();
  const input = page.getByRole('textbox', { name: '(123) 456-7890' });
  // The UI frames the services page at its first parse.
  await input.fill(phone.typed);
  const csp = (await served).headers()['content-security-policy'] ?? '';
  const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  expect(new Set(ancestors)).toEqual(new Set(["'self'", site, new URL(server.url).origin]));
  // The services page answered the site's parse (it then shows the national format).
  await expect(input).toHaveValue(phone.formatted);
  const sent = page.waitForRequest(`${server.url}/sdk/v1/otps/sms/login_or_create`);
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ phone_number: phone.e164 });
  await enterPasscode(page, phone.e164, 'sms');
  await expectSignedIn(page);
});

test('e-mail passcode signs in', async ({ page, server, devProject, consoleErrors }) => {
  const requests = recordRequests(page, server.url);
  const email = `stytch-ui-otp-${Date.now()}@example.com`;
  await openStytchUi(page, {
    serverUrl: server.url,
    publicToken: devProject.public_token,
    config: OTP_CONFIG,
  });
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await enterPasscode(page, email, 'email');
  await expectSignedIn(page);
  expect(requests.foreign()).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an invalid phone number shows the UI’s error and sends nothing', async ({
  page,
  server,
  devProject,
}) => {
  const requests = recordRequests(page, server.url);
  await openStytchUi(page, {
    serverUrl: server.url,
    publicToken: devProject.public_token,
    config: OTP_CONFIG,
  });
  await page.getByRole('textbox', { name: '(123) 456-7890' }).fill('555-01');
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByText('Invalid phone number, please try again.')).toBeVisible();
  // The services page answered (the error comes from its isValid: false), and no passcode was asked for.
  expect(
    requests.all.some(
      (request) => request.url() === clientsideServicesUrl(server.url, devProject.public_token),
    ),
  ).toBe(true);
  expect(requests.all.filter((request) => request.url().includes('/otps/'))).toEqual([]);
  expect(eventTypes(await stytchUiEvents(page))).toEqual(['error:error']);
  expect(await clientSession(page)).toBeNull();
  expect(requests.foreign()).toEqual([]);
});

/**
 * Mounts the UI with Google One Tap (floating), redirecting to REDIRECT_PATH, and waits for its start and submit
 * calls; the start must come from the services page (the CSRF token it answers never reaches the site's page).
 */
async function runUiOneTap(
  page: Page,
  options: { server: RunningServer; publicToken: string; google: StandInGoogle },
) {
  const { server, google } = options;
  await routeGoogle(page, google);
  const sub = `stytch-ui-one-tap-${Date.now()}`;
  google.next = { sub, email: `${sub}@example.com` };
  const issuedBefore = google.issued;
  const redirectUrl = `${server.url}${REDIRECT_PATH}`;
  // The site's redirect page: a stand-in that only shows where the browser landed (the token is redeemed by the
  // UI's client, as a site's page would).
  await page.route(`${redirectUrl}?*`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Landed</title><p>Landed</p>' }),
  );
  const started = page.waitForResponse(`${server.url}/sdk/v1/oauth/google/onetap/start`);
  const submitted = page.waitForResponse(`${server.url}/sdk/v1/oauth/google/onetap/submit`);
  const ui = {
    serverUrl: server.url,
    publicToken: options.publicToken,
    config: {
      products: ['oauth'],
      oauthOptions: {
        loginRedirectURL: redirectUrl,
        signupRedirectURL: redirectUrl,
        providers: [{ type: 'google', one_tap: true, position: 'floating' }],
      },
    },
  };
  await openStytchUi(page, ui);
  const start = await started;
  expect(start.status(), await start.text()).toBe(200);
  const servicesUrl = clientsideServicesUrl(server.url, options.publicToken);
  expect(start.request().frame().url()).toBe(servicesUrl);
  const submit = await submitted;
  expect(submit.request().frame().url()).toBe(servicesUrl);
  // The page names the site that framed it to the server (issue 20 item 6, XS-03).
  expect(await start.request().headerValue('x-gatehouse-frame-origin')).toBe(new URL(server.url).origin);
  expect(submit.request().postDataJSON()).toMatchObject({
    csrf_token: expect.any(String),
    oauth_callback_id: expect.any(String),
    login_redirect_url: redirectUrl,
    signup_redirect_url: redirectUrl,
  });
  expect(google.issued - issuedBefore).toBe(1);
  return { ui, submit };
}

/** Only Google's (routed) host is foreign. */
function expectOnlyGoogleForeign(requests: ReturnType<typeof recordRequests>): void {
  const foreign = requests.foreign();
  expect(foreign.length).toBeGreaterThan(0);
  expect(foreign.filter((url) => new URL(url).origin !== GOOGLE_HOST)).toEqual([]);
}

// The published UI initialises Google's script without a `nonce` (GoogleOneTapClient.render passes client_id,
// callback, auto_select, context, itp_support, use_fedcm_for_prompt only), so Google's ID token carries none; the
// server binds such a token to the prompt by its issue time instead (features/oauth/one-tap.ts
// assertIssuedDuringPrompt; README, the wire protocol against the catalogue, TK-06).
test('One Tap: start and submit go through the services page, and the UI lands signed in', async ({
  page,
  server,
  devProject,
  google,
}) => {
  const requests = recordRequests(page, server.url);
  const { ui, submit } = await runUiOneTap(page, { server, publicToken: devProject.public_token, google });
  expect(submit.status()).toBe(200);
  // The UI navigated to the redirect URL with the one-time token (wire-format.md §1.3); the site's page there
  // (here the UI page again) redeems it with oauth.authenticate.
  await page.waitForURL((url) => url.pathname === REDIRECT_PATH && url.searchParams.has('token'));
  const token = new URL(page.url()).searchParams.get('token') ?? '';
  // The redirect page mounts the UI without One Tap: with it, the prompt would start (and, with the stand-in's
  // credential, submit and navigate) again while the token is being redeemed.
  await openStytchUi(page, {
    ...ui,
    config: OTP_CONFIG,
    query: new URLSearchParams({ token, stytch_token_type: 'oauth' }).toString(),
  });
  const authenticated = await page.evaluate(
    async (oauthToken) =>
      (
        window as unknown as {
          __stytchClient: {
            oauth: {
              authenticate(
                token: string,
                options: object,
              ): Promise<{ user_id: string; provider_type: string }>;
            };
          };
        }
      ).__stytchClient.oauth.authenticate(oauthToken, { session_duration_minutes: 30 }),
    token,
  );
  expect(authenticated.provider_type).toMatch(/^google$/i);
  expect((await clientSession(page))?.user_id).toBe(authenticated.user_id);
  expectOnlyGoogleForeign(requests);
});
