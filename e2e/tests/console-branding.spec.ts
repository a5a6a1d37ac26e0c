// Issue 26 "Branding" and "Overview: passkey and second-factor adoption" in real Chromium, against a real server:
// the owner sees the adoption of the web app's users (one of two holds a passkey), opens Branding, changes the
// primary colour, sees it in the preview (the real widget, in a shadow root inside an iframe of the chosen width, so
// its narrow layout at 320 px is the one a 320 px page gets), switches its modes, scheme and width,
// publishes, and the real sign-in page (/) of that project paints the new colour (computed style). Overview and
// Branding axe-clean in light and dark. Writes docs/console/branding.png for the README.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { CONSOLE_OWNER, signInNewOperator, startConsoleServer } from '../support/console';
import { expect, test } from '../support/fixtures';
import { listMessages, waitForMessage } from '../support/outbox';
import type { RunningServer } from '../support/server';
import { enableVirtualWebAuthn } from '../support/webauthn';

const SCREENSHOT = join(import.meta.dirname, '..', '..', 'docs', 'console', 'branding.png');
const MAX_BYTES = 200 * 1024;
const NEW_PRIMARY = '#0A6E3C';
const NEW_PRIMARY_RGB = 'rgb(10, 110, 60)';
const DEFAULT_PRIMARY_RGB = 'rgb(25, 48, 61)';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startConsoleServer();
});

test.afterAll(async () => {
  await server?.stop();
});

/** A user of the web app signed in by login link; with `passkey`, they add one on the account page. */
async function webUser(browser: Browser, email: string, passkey: boolean): Promise<void> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  const message = await waitForMessage({ to: email, channel: 'email', baseURL: server.url });
  await page.goto(message.links[0] ?? '');
  await expect(page).toHaveURL(/\/account$/);
  if (passkey) {
    const webauthn = await enableVirtualWebAuthn({ context, page });
    await webauthn.addAuthenticator();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('The passkey was added.')).toBeVisible();
  }
  await context.close();
}

/** The `color` the widget root paints its text with (colors.primary, wire-format.md §7.3). */
function widgetColor(widget: Locator): Promise<string> {
  return widget.evaluate((element) => getComputedStyle(element).color);
}

async function axeBothSchemes(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme: 'light' });

test('the owner sees passkey adoption, brands the widget with a live preview, publishes, and the sign-in page shows it', async ({
  browser,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now()}-${process.pid}`;
  await webUser(browser, `branding-passkey-${stamp}@example.com`, true);
  await webUser(browser, `branding-plain-${stamp}@example.com`, false);

  const { context, page } = await signInNewOperator(browser, server, CONSOLE_OWNER);
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));

  // Overview: one of the project's two users holds a passkey, none an authenticator app.
  const adoption = page.getByRole('region', { name: 'Passkey and second-factor adoption' });
  await expect(adoption.getByTestId('adoption-passkeys')).toContainText('50%');
  await expect(adoption.getByTestId('adoption-passkeys')).toContainText('1 of 2 users');
  await expect(adoption.getByTestId('adoption-second-factor')).toContainText('0 of 2 users');
  await axeBothSchemes(page);

  // Branding: the preview is the real widget, painted with the published theme (none yet: the defaults).
  await page.getByRole('link', { name: 'Branding', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeFocused();
  // The preview renders into its own frame; Playwright's CSS selectors reach into the open shadow root there.
  const stage = page.getByTestId('branding-preview-frame').contentFrame();
  const previewWidget = stage.locator('[data-gatehouse-widget]');
  const paddingOf = (widget: Locator) => widget.evaluate((element) => getComputedStyle(element).paddingLeft);
  await expect(previewWidget).toHaveAttribute('data-gatehouse-widget', 'login');
  await expect(stage.getByRole('heading', { name: 'Sign up or log in' })).toBeAttached();
  expect(await widgetColor(previewWidget)).toBe(DEFAULT_PRIMARY_RGB);
  await axeBothSchemes(page);

  // Every mode, dark, 320 px.
  await page.getByRole('radio', { name: 'Reset password' }).check();
  await expect(previewWidget).toHaveAttribute('data-gatehouse-widget', 'reset-password');
  await page.getByRole('radio', { name: 'Passkey registration' }).check();
  await expect(previewWidget).toHaveAttribute('data-gatehouse-widget', 'passkey-registration');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(previewWidget).toHaveAttribute('data-color-scheme', 'dark');
  await page.getByRole('radio', { name: '320 px' }).check();
  expect(
    await previewWidget.evaluate((element) => element.getBoundingClientRect().width),
  ).toBeLessThanOrEqual(320);
  await page.getByRole('radio', { name: 'Login' }).check();
  // The widget's narrow layout (its media query) reads the frame's 320 px, not the console's 1280: the padding a
  // 320 px page gets, compared with the real sign-in page at that width below.
  await expect(previewWidget).toHaveAttribute('data-gatehouse-widget', 'login');
  const previewPadding = await paddingOf(previewWidget);
  await page.getByRole('radio', { name: 'Light' }).check();
  await page.getByRole('radio', { name: '400 px' }).check();

  // The primary colour: typed, shown in the preview at once, then published.
  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  await primary.fill(NEW_PRIMARY);
  await expect.poll(() => widgetColor(previewWidget)).toBe(NEW_PRIMARY_RGB);
  await expect(page.getByTestId('draft-state')).toHaveText('Unpublished changes');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: SCREENSHOT, animations: 'disabled', caret: 'hide' });
  expect(statSync(SCREENSHOT).size).toBeLessThanOrEqual(MAX_BYTES);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published. The sign-in page shows the theme on its next load.')).toBeVisible();
  await expect(page.getByTestId('draft-state')).toHaveText('The draft is the published theme.');

  // A button in the preview sends nothing: the widget says so.
  const previewAddress = `preview-${stamp}@example.com`;
  await stage.getByRole('tab', { name: 'Email' }).click();
  await stage.getByRole('textbox', { name: 'Email' }).fill(previewAddress);
  await stage.getByRole('button', { name: 'Continue with email' }).click();
  await expect(stage.getByText('This is a preview: nothing was sent.')).toBeVisible();
  expect(await listMessages({ to: previewAddress, baseURL: server.url })).toEqual([]);

  // The real sign-in page of that project (the development project, /): a fresh visitor gets the colour.
  const visitor = await browser.newContext({ baseURL: server.url });
  const signIn = await visitor.newPage();
  await signIn.goto('/');
  const widget = signIn.locator('#login [data-gatehouse-widget]');
  await expect(widget).toBeVisible();
  await expect.poll(() => widgetColor(widget)).toBe(NEW_PRIMARY_RGB);
  const widePadding = await paddingOf(widget);
  await signIn.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => paddingOf(widget)).toBe(previewPadding);
  expect(previewPadding).not.toBe(widePadding);
  // The sign-in page loads none of the console's JavaScript.
  const scripts = await signIn.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  expect(scripts.filter((name) => name.includes('/console/'))).toEqual([]);
  await visitor.close();

  expect(consoleErrors).toEqual([]);
  await context.close();
});
