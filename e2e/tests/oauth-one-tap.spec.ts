// Google One Tap end to end (issue 11 "Tests that show it"; SPEC §2 One Tap, §4 One Tap states, §8): Google's GSI
// script is replaced by a stand-in served on loopback by this test (DESIGN.md "Real parts": fake only outside
// services, at the network edge). The dev project's google client names it with `one_tap_script_url`, which
// onetap/start answers as google_script_url and the page's CSP allows (infra/security-headers.ts); its JWKS
// endpoint points at the same stand-in, whose key signs the ID token. So the real widget, SDK, server (nonce,
// audience, signature, expiry checks) and web app run; only Google is played by the stand-in.
//
// The stand-in's prompt() hands over a credential the way Google's does: it loads /gsi/credential from its own
// origin (a script, as the CSP allows scripts from there and nothing else), which signs an ID token for the nonce and
// client id the widget passed to initialize() and calls the widget's callback with it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTS } from '../../packages/protocol/src/products';
import {
  newSigningKey,
  signIdToken,
  TEST_GOOGLE_CLIENT_ID,
} from '../../packages/server/src/features/oauth/one-tap-test-support';
import { expectNoAxeViolations } from '../support/axe';
import { test as base, expect } from '../support/fixtures';
import { type RunningServer, startServer } from '../support/server';

interface StandInGoogle {
  origin: string;
  scriptUrl: string;
  jwksUrl: string;
  /** Who the next credential is for. */
  next: { sub: string; email: string };
  /** ID tokens handed out so far. */
  issued: number;
}

/** The GSI slice the widget uses (google.accounts.id initialize / prompt / cancel), as served to the page. */
const STAND_IN_SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const standIn = { options: null };
  window.gatehouseGsiStandIn = standIn;
  window.google = { accounts: { id: {
    initialize(options) { standIn.options = options; },
    prompt() {
      const script = document.createElement('script');
      const query = new URLSearchParams({ nonce: standIn.options.nonce || '', client_id: standIn.options.client_id });
      script.src = origin + '/gsi/credential?' + query;
      document.head.append(script);
    },
    cancel() {},
  } } };
})();
`;

async function startStandInGoogle(): Promise<StandInGoogle & { close(): Promise<void> }> {
  const key = await newSigningKey('stand-in-google-1');
  const state = { next: { sub: '', email: '' }, issued: 0 };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const javascript = { 'content-type': 'text/javascript', 'cache-control': 'no-store' };
    if (url.pathname === '/gsi/client') {
      response.writeHead(200, javascript).end(STAND_IN_SCRIPT);
    } else if (url.pathname === '/gsi/credential') {
      signIdToken({
        key,
        now: new Date(),
        nonce: url.searchParams.get('nonce') ?? undefined,
        audience: url.searchParams.get('client_id') ?? '',
        sub: state.next.sub,
        email: state.next.email,
      }).then((credential) => {
        state.issued += 1;
        response
          .writeHead(200, javascript)
          .end(`window.gatehouseGsiStandIn.options.callback(${JSON.stringify({ credential })});`);
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
      const dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-one-tap-'));
      const projectFile = join(dir, 'projects.json');
      writeFileSync(
        projectFile,
        JSON.stringify({
          projects: [
            {
              name: 'Development',
              enabled_products: [...PRODUCTS],
              oauth_providers: {
                google: {
                  client_id: TEST_GOOGLE_CLIENT_ID,
                  one_tap: true,
                  one_tap_script_url: google.scriptUrl,
                  endpoints: { jwks: google.jwksUrl },
                },
              },
            },
          ],
        }),
      );
      const server = await startServer({ env: { PROJECT_FILE: projectFile } });
      process.env.GATEHOUSE_E2E_BASE_URL = server.url;
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
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
    await page.goto(ONE_TAP_PATH);
    expect((await scriptLoaded).status()).toBe(200);
    await page.waitForURL(`${server.url}/account`);
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
