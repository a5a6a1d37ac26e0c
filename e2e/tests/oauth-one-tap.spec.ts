import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  newSigningKey,
  TEST_GOOGLE_CLIENT_ID,
} from '../../packages/server/src/features/oauth/one-tap-test-support';
import { expectNoAxeViolations } from '../support/axe';
import { test as base, expect } from '../support/fixtures';
import { GSI_STAND_IN_SCRIPT, standInCredentialScript } from '../support/google-stand-in';
import { type RunningServer, startServerWithDevGoogle } from '../support/server';

interface StandInGoogle {
  origin: string;
  scriptUrl: string;
  jwksUrl: string;
  /** Who the next credential is for. */
  next: { sub: string; email: string };
  /** ID tokens handed out so far. */
  issued: number;
}

async function startStandInGoogle(): Promise<StandInGoogle & { close(): Promise<void> }> {
  const key = await newSigningKey('stand-in-google-1');
  const state = { next: { sub: '', email: '' }, issued: 0 };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const javascript = { 'content-type': 'text/javascript', 'cache-control': 'no-store' };
    if (url.pathname === '/gsi/client') {
      response.writeHead(200, javascript).end(GSI_STAND_IN_SCRIPT);
    } else if (url.pathname === '/gsi/credential') {
      standInCredentialScript({ key, url, next: state.next }).then((body) => {
        state.issued += 1;
        response.writeHead(200, javascript).end(body);
      });
    } else if (url.pathname === '/oauth2/v3/certs') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: [key.publicJwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    origin,
    scriptUrl: `${origin}/gsi/client`,
    jwksUrl: `${origin}/oauth2/v3/certs`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const test = base.extend<object, { google: StandInGoogle; server: RunningServer }>({
  google: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructured first argument.
    async ({}, use) => {
      const google = await startStandInGoogle();
      await use(google);
      await google.close();
    },
    { scope: 'worker' },
  ],
  // This file's server: the dev project (configureDevProject) gets a google client with One Tap and the stand-in.
  server: [
    async ({ google }, use) => {
      const server = await startServerWithDevGoogle({
        google: {
          client_id: TEST_GOOGLE_CLIENT_ID,
          one_tap: true,
          one_tap_script_url: google.scriptUrl,
          endpoints: { jwks: google.jwksUrl },
        },
      });
      process.env.GATEHOUSE_E2E_BASE_URL = server.url;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const ONE_TAP_PATH = '/?products=oauth,emailMagicLinks&oauth_providers=google&one_tap=embedded';

test('One Tap with the stand-in script: its ID token signs a new user in, then the returning user', async ({
  page,
  google,
  server,
  consoleErrors,
}) => {
  const sub = `one-tap-${Date.now()}`;
  google.next = { sub, email: `${sub}@example.com` };
  const issuedBefore = google.issued;
  for (const round of ['new', 'returning'] as const) {
    const scriptLoaded = page.waitForResponse(google.scriptUrl);
    const submitted = page.waitForRequest((request) => request.url().endsWith('/oauth/google/onetap/submit'));
    const authenticated = page.waitForRequest((request) => request.url().endsWith('/oauth/authenticate'));
    await page.goto(ONE_TAP_PATH);
    expect((await scriptLoaded).status()).toBe(200);
    await page.waitForURL(`${server.url}/account`);
    // The development project requires PKCE for OAuth (issue 20 item 6): the widget binds the One Tap token to
    // a fresh pair and redeems it with the verifier.
    expect((await submitted).postDataJSON().code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await authenticated).postDataJSON().code_verifier).toMatch(/^[0-9a-f]{64,128}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
    await expect(page.getByTestId('account-emails')).toContainText(`${sub}@example.com`);
    await expect(page.getByTestId('account-providers').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('account-providers')).toContainText('Google');
    if (round === 'new') {
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${server.url}/`);
    }
  }
  expect(google.issued - issuedBefore).toBe(2);
  expect(consoleErrors).toEqual([]);
});

test('One Tap whose script fails to load shows the plain Google button', async ({ page, google }) => {
  const issuedBefore = google.issued;
  await page.route(google.scriptUrl, (route) => route.abort('connectionrefused'));
  await page.goto(ONE_TAP_PATH);
  const social = page.locator('[data-section="oauth"]');
  await expect(social.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(social.locator('[data-one-tap-position]')).toHaveCount(0);
  expect(google.issued).toBe(issuedBefore);
  await expectNoAxeViolations(page);
});
