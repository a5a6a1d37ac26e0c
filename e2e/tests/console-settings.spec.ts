// Issue 26 "Tests that show it": the owner edits a redirect URL in the console and a new login link goes there — in
// real Chromium against a real server (no project file: the web app's development project is the console's to edit).
// Before the edit, the web app's call for a login link to that URL is refused and the console's checker says "Not
// allowed"; the owner adds it to a draft, reviews the diff, publishes; at once (no restart) the checker says
// "Allowed", the same call is accepted and the e-mailed link points there, and the change is a project.updated event
// by the operator. A support operator has no Settings link, /console/settings refuses, and the admin API answers their
// PATCH 403 insufficient_scope. Axe-clean in light and dark; writes docs/console/settings.png.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  addOperator,
  adminCall,
  CONSOLE_OWNER,
  signInNewOperator,
  startConsoleServer,
} from '../support/console';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';
import type { RunningServer } from '../support/server';

const SCREENSHOT = join(import.meta.dirname, '..', '..', 'docs', 'console', 'settings.png');
const MAX_BYTES = 200 * 1024;
/** On another origin than the server's: the development project allows every path on its own origins anyway. */
const NEW_REDIRECT = 'https://shop.example.test/welcome';
const SUPPORT = 'console-settings-support@example.com';

let server: RunningServer;

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: 'light' });

test.beforeAll(async () => {
  server = await startConsoleServer();
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * What the web app's page sends for a login link (the SDK's call, wire-format.md §4): from the page's own origin,
 * with the development project's public token, asking for `url` as the link's destination.
 */
async function askLoginLink(
  page: Page,
  email: string,
  url: string,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ email, url }) => {
      const project = (await (await fetch('/dev/project')).json()) as { public_token: string };
      const response = await fetch('/sdk/v1/magic_links/email/login_or_create', {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${project.public_token}:${project.public_token}`)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email, login_magic_link_url: url, signup_magic_link_url: url }),
      });
      return { status: response.status, body: await response.json() };
    },
    { email, url },
  );
}

test('the owner publishes a redirect URL in the console and a new login link goes there at once', async ({
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const webContext = await browser.newContext({ baseURL: server.url });
  const web = await webContext.newPage();
  await web.goto('/');
  const userEmail = `settings-user-${Date.now()}-${process.pid}@example.com`;
  const refused = await askLoginLink(web, userEmail, NEW_REDIRECT);
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ error_type: 'invalid_redirect_url' });

  const { context, page } = await signInNewOperator(browser, server, CONSOLE_OWNER);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Project settings' })).toBeFocused();
  const redirects = page.getByTestId('allowlist-redirects');
  await expect(redirects).toContainText(`${server.url}/authenticate`);
  // PUBLIC_URL's redirect URLs come from the environment: a badge, and no way to remove them here.
  await expect(redirects.locator('[data-source="environment"]').first()).toBeVisible();
  await expect(redirects.getByRole('button', { name: `Remove ${server.url}/authenticate` })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The checker, before: the login links' own refusal.
  const checker = page.getByTestId('redirect-checker');
  await checker.getByRole('textbox', { name: 'Redirect URL to check' }).fill(NEW_REDIRECT);
  await checker.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('checker-result')).toContainText('Not allowed');
  await expect(page.getByTestId('checker-result')).toContainText('login_magic_link_url');

  // A draft, its diff, then publish.
  await page.getByRole('textbox', { name: 'Add a redirect URL' }).fill(NEW_REDIRECT);
  await redirects.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('draft-bar')).toContainText('1 unpublished change');
  await page.getByRole('button', { name: 'Review changes' }).click();
  const review = page.getByTestId('review');
  await expect(review.getByRole('heading', { name: 'Review and publish' })).toBeFocused();
  await expect(review.locator('ins')).toHaveText(NEW_REDIRECT);
  await expectNoAxeViolations(page);
  await review.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByTestId('settings-status')).toHaveText('Published. The changes are in effect.');
  await expect(page.getByTestId('review')).toHaveCount(0);
  await expect(redirects).toContainText(NEW_REDIRECT);

  await checker.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByTestId('checker-result')).toContainText('Allowed');
  await expect(page.getByTestId('checker-result')).toContainText(
    `matches the allowed redirect URL ${NEW_REDIRECT}`,
  );
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.fonts.ready);
  // The allowlists, their sources and the checker's answer: what this screen is for.
  await page
    .getByTestId('allowlist-origins')
    .evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: SCREENSHOT, animations: 'disabled', caret: 'hide' });
  expect(statSync(SCREENSHOT).size).toBeLessThanOrEqual(MAX_BYTES);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);

  // At once, on this instance: the web app's same call is accepted, and the e-mailed link goes to the new URL.
  const sentAt = Date.now();
  const accepted = await askLoginLink(web, userEmail, NEW_REDIRECT);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const message = await waitForMessage({
    to: userEmail,
    channel: 'email',
    baseURL: server.url,
    where: (each) => Date.parse(each.created_at) >= sentAt - 1000,
  });
  const link = message.links.find((each) => each.includes('token='));
  expect(link?.startsWith(`${NEW_REDIRECT}?`), link).toBe(true);

  // The change is recorded as project.updated, by the operator, with before and after.
  const project = (await (await web.request.get('/dev/project')).json()) as { project_id: string };
  const events = await adminCall(
    server,
    'GET',
    `/projects/${project.project_id}/events?type=project.updated`,
  );
  const [event] = (events.body as { items: Array<{ payload: { after: unknown } }> }).items;
  expect(event).toMatchObject({
    type: 'project.updated',
    actor: { type: 'operator' },
    payload: { fields: ['allowed_redirect_urls'] },
  });
  expect(JSON.stringify(event?.payload.after)).toContain(NEW_REDIRECT);
  expect(consoleErrors).toEqual([]);
  await webContext.close();
  await context.close();
});

test('a support operator has no Settings, the screen refuses, and the admin API answers 403', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await addOperator(server, SUPPORT, 'support');
  const { context, page } = await signInNewOperator(browser, server, SUPPORT);
  await expect(page.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
  await page.goto('/console/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Project settings' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Your role does not allow this. Ask an owner if you need it.',
  );
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);

  // The API refuses the same operator's session, whatever the console shows.
  const token = (await context.cookies()).find(
    (cookie) => cookie.name === 'gatehouse_console_session',
  )?.value;
  expect(token, 'the operator’s console session cookie').toBeTruthy();
  const project = (await (await page.request.get('/dev/project')).json()) as { project_id: string };
  for (const [method, body] of [
    ['GET', undefined],
    ['PATCH', { allowed_redirect_urls: ['https://evil.example.test/'] }],
  ] as const) {
    const response = await fetch(`${server.url}/admin/v1/projects/${project.project_id}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, method).toBe(403);
    expect(await response.json()).toMatchObject({ error_type: 'insufficient_scope' });
  }
  await context.close();
});
