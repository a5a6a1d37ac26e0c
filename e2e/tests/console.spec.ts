// Issue 26 in real Chromium, against a real server started with CONSOLE_OWNER_EMAIL (items 1–3, "Tests that show
// it"): the owner signs in to /console with a login link from the dev outbox and sets up a passkey (virtual
// authenticator); the console keeps its session in its own cookies (path /console); the overview draws the sign-in
// of a user of the web app; the owner finds that user by e-mail, revokes their session (the user's next call is
// refused), blocks and unblocks them; the activity log shows the revocation. Then, signed out and back in by link,
// the console asks for the passkey the owner holds (never a new one). Every screen without a CSP violation or console
// error, axe-clean in light and dark. A viewer sees users with their personal data masked and no action. The sign-in
// page loads none of the console's JavaScript.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  addOperator,
  adminCall,
  CONSOLE_OWNER,
  consoleLoginLink,
  consoleScreenshot as screenshot,
  signInNewOperator,
  startConsoleServer,
} from '../support/console';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';
import type { RunningServer } from '../support/server';
import { enableVirtualWebAuthn } from '../support/webauthn';

const OWNER = CONSOLE_OWNER;
const VIEWER = 'console-viewer@example.com';
let consoleServer: RunningServer;

test.beforeAll(async () => {
  consoleServer = await startConsoleServer();
});

test.afterAll(async () => {
  await consoleServer?.stop();
});

async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** A user of the web app (the development project), signed in by login link on /account in a context of its own. */
async function signedInWebUser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: consoleServer.url });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  const message = await waitForMessage({ to: email, channel: 'email', baseURL: consoleServer.url });
  await page.goto(message.links[0] ?? '');
  await expect(page).toHaveURL(/\/account$/);
  return page;
}

/**
 * The web user's next call: POST /sdk/v1/sessions/authenticate with their session cookie's token, the way the SDK
 * asks (wire-format.md §4) — 200 while the session lives, 404 session_not_found once revoked.
 */
async function userSessionCheck(page: Page): Promise<number> {
  const project = (await (await page.request.get('/dev/project')).json()) as { public_token: string };
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'gatehouse_session')?.value;
  expect(token, 'the web user’s gatehouse_session cookie').toBeTruthy();
  const response = await page.request.post('/sdk/v1/sessions/authenticate', {
    headers: { authorization: `Basic ${Buffer.from(`${project.public_token}:${token}`).toString('base64')}` },
    data: {},
  });
  return response.status();
}

test('the owner signs in with a login link and a passkey, finds a user, revokes, blocks and unblocks, and reads the activity; light and dark', async ({
  browser,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL: consoleServer.url });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  const violations = await recordViolations(page);
  const webauthn = await enableVirtualWebAuthn({ context, page });
  await webauthn.addAuthenticator();

  const userEmail = `console-user-${Date.now()}-${process.pid}@example.com`;
  const userPage = await signedInWebUser(browser, userEmail);

  await page.goto('/console');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'sign-in');
  await consoleLoginLink(page, consoleServer, OWNER, 0);

  // First sign-in: the console asks for a second factor (a passkey here) before anything else answers.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Set up a second factor to continue' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible({ timeout: 15_000 });
  const cookies = await context.cookies();
  const consoleCookies = cookies.filter((cookie) => cookie.name.startsWith('gatehouse_console_'));
  expect(consoleCookies.length).toBeGreaterThan(0);
  expect(consoleCookies.map((cookie) => cookie.path)).toEqual(consoleCookies.map(() => '/console'));
  // The web user's login-link sign-in is in the overview's chart.
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'overview');

  // Find the user by e-mail address.
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(userEmail);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: userEmail })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: userEmail }).click();
  await expect(page.getByRole('heading', { level: 1, name: userEmail })).toBeVisible();
  expect(await userSessionCheck(userPage)).toBe(200);

  // Revoke the user's session: their next page load is signed out.
  await page.getByRole('button', { name: /^Revoke the session on / }).click();
  const revokeDialog = page.getByRole('dialog', { name: 'Revoke this session?' });
  await expectNoAxeViolations(page);
  await revokeDialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('Session revoked.')).toBeVisible();
  expect(await userSessionCheck(userPage)).toBe(404);

  // Block with a reason, then unblock.
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  const blockDialog = page.getByRole('dialog', { name: 'Block this user?' });
  await blockDialog.getByRole('textbox').fill('E2E: suspicious sign-ins');
  await blockDialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('User blocked.')).toBeVisible();
  await expect(page.getByText('Blocked: E2E: suspicious sign-ins')).toBeVisible();
  await page.getByRole('button', { name: 'Unblock', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Unblock this user?' })
    .getByRole('button', { name: 'Unblock', exact: true })
    .click();
  await expect(page.getByText('User unblocked.')).toBeVisible();

  // The activity log shows what the owner did.
  await page.getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(page.getByRole('button', { name: /View the event session\.revoked/ }).first()).toBeVisible();
  await page
    .getByRole('button', { name: /View the event user\.blocked/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toContainText('E2E: suspicious sign-ins');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  // The export: every matching event as CSV, the revocation and the block among them.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^events-.*\.csv$/);
  const csvText = readFileSync((await csv.path()) as string, 'utf8');
  expect(csvText.split('\n')[0]).toContain('type');
  expect(csvText).toContain('session.revoked');
  expect(csvText).toContain('user.blocked');

  // The live tail: an admin API call made elsewhere (an event of the project) shows up without a reload.
  await page.getByRole('button', { name: 'Live tail', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Live tail on' })).toHaveAttribute('aria-pressed', 'true');
  const { project_id: projectId } = (await (await page.request.get('/dev/project')).json()) as {
    project_id: string;
  };
  expect((await adminCall(consoleServer, 'GET', `/projects/${projectId}/users?limit=1`)).status).toBe(200);
  await expect(page.locator('tr.row-fresh', { hasText: 'admin_api_key:bootstrap' })).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(page.getByText(/^\d+ new events? since the live tail started\.$/)).toBeVisible();
  // The tail's own polls (the operator's GET of the events) are in the log but never marked as news.
  const fresh = page.locator('tr.row-fresh');
  const polls = await page.locator('tr', { hasText: 'admin_api.called' }).count();
  expect(polls).toBeGreaterThan(await fresh.count());
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Live tail on' }).click();
  await screenshot(page, 'activity');

  // Dark: the same screens stay axe-clean (contrast included).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('link', { name: userEmail })).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed out and back in by link: the owner holds a passkey, so the console asks for it (no new registration).
  const signedOutAt = Date.now();
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await consoleLoginLink(page, consoleServer, OWNER, signedOutAt);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm it is you' })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible({ timeout: 15_000 });

  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await userPage.context().close();
  await context.close();
});

test('a viewer finds a user with their personal data masked, and is offered no action', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await addOperator(consoleServer, VIEWER, 'viewer');
  const userEmail = `console-masked-${Date.now()}-${process.pid}@example.com`;
  const userPage = await signedInWebUser(browser, userEmail);

  const { context, page } = await signInNewOperator(browser, consoleServer, VIEWER);
  await expect(page.getByText('Personal data masked')).toBeVisible();

  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(userEmail);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The server masks the answer (features/admin/admin-masking.ts): the first letter and the domain.
  const masked = `c***@example.com`;
  await expect(page.getByRole('link', { name: masked })).toHaveCount(1);
  await expect(page.getByText(userEmail)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: masked }).click();
  await expect(page.getByRole('heading', { level: 1, name: masked })).toBeVisible();
  await expect(page.getByText(userEmail)).toHaveCount(0);
  for (const action of ['Block', 'Delete user', 'Send login link']) {
    await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
  await userPage.context().close();
  await context.close();
});

test('the sign-in page loads none of the console’s JavaScript', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).not.toMatch(/^\/console\//);
});
