// Issue 26 item 3 (Messages, Webhooks) in real Chromium against a real server started with CONSOLE_OWNER_EMAIL: a
// user of the web app asks for a login link; the owner finds it on Messages (its log entry: kept in the dev outbox) with its link as a
// link, opens it and sends a fresh one (a second message, with another token). Then the owner adds a webhook
// endpoint pointing at a receiver on loopback started here (development allows loopback, features/webhooks/
// address-guard.ts), with its secret shown once; sends a test event, which the receiver gets signed with that
// secret; and sees the delivery succeed in the endpoint's log. Both screens axe-clean in light and dark, without
// console errors; each writes its README screenshot (docs/console/*.png, light, 1280×800).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  type ReceivedWebhook,
  startTestReceiver,
} from '../../packages/server/src/features/webhooks/test-receiver';
import { expectNoAxeViolations } from '../support/axe';
import { CONSOLE_OWNER, signInNewOperator, startConsoleServer } from '../support/console';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';
import type { RunningServer } from '../support/server';

const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'docs', 'console');
const MAX_BYTES = 200 * 1024;
let consoleServer: RunningServer;

test.beforeAll(async () => {
  consoleServer = await startConsoleServer();
});

test.afterAll(async () => {
  await consoleServer?.stop();
});

test('the owner reads a login link on Messages, sends a fresh one, and tests a webhook endpoint; light and dark', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const receiver = await startTestReceiver();
  try {
    // A user of the web app asks for a login link (the development project's outbox keeps it).
    const userEmail = `messages-user-${Date.now()}-${process.pid}@example.com`;
    const userContext = await browser.newContext({ baseURL: consoleServer.url });
    const userPage = await userContext.newPage();
    await userPage.goto('/');
    await userPage.getByRole('tab', { name: 'Email' }).click();
    await userPage.getByRole('textbox', { name: 'Email' }).fill(userEmail);
    await userPage.getByRole('button', { name: 'Continue with email' }).click();
    const sent = await waitForMessage({ to: userEmail, channel: 'email', baseURL: consoleServer.url });
    const link = sent.links.find((each) => each.includes('token='));
    expect(link).toBeTruthy();
    await userContext.close();

    const { context, page } = await signInNewOperator(browser, consoleServer, CONSOLE_OWNER);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await page.setViewportSize({ width: 1280, height: 800 });

    // Messages: the login link is listed, and in its detail the link is a link.
    await page.getByRole('link', { name: 'Messages', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeFocused();
    await page.getByRole('searchbox', { name: 'Recipient' }).fill(userEmail);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const rows = page.getByTestId('messages-table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(userEmail);
    await expectNoAxeViolations(page);
    await page
      .getByRole('button', { name: new RegExp(`^View the message to ${escapeRegExp(userEmail)}`) })
      .click();
    const dialog = page.getByRole('dialog', { name: `Message to ${userEmail}` });
    await expect(dialog.getByRole('link', { name: link as string })).toHaveAttribute('href', link as string);
    // The message log's status: no provider is configured here, so the message was kept in the dev outbox.
    await expect(dialog.getByTestId('message-status')).toHaveText('Dev outbox');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Resend: a fresh login link, another message with another token.
    await page.getByRole('button', { name: `Send a fresh login link to ${userEmail}` }).click();
    await page
      .getByRole('dialog', { name: 'Send a fresh login link?' })
      .getByRole('button', { name: 'Send a fresh login link' })
      .click();
    await expect(page.getByTestId('action-status')).toHaveText(
      `A fresh login link was sent to ${userEmail}.`,
    );
    await expect(rows).toHaveCount(3);
    const fresh = await waitForMessage({
      to: userEmail,
      channel: 'email',
      baseURL: consoleServer.url,
      where: (each) => each.id !== sent.id,
    });
    expect(fresh.links.find((each) => each.includes('token='))).not.toBe(link);

    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'messages.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });

    // Webhooks: add an endpoint on the loopback receiver; the secret is shown once.
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeFocused();
    await expect(page.getByText('No webhook endpoint yet.')).toBeVisible();
    await expectNoAxeViolations(page);
    const url = `${receiver.origin}/gatehouse`;
    await page.getByRole('textbox', { name: 'URL' }).fill(url);
    await page.getByRole('textbox', { name: 'Event filters' }).fill('user.*, session.created');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    receiver.secretFor('/gatehouse', secret);
    await expect(page.getByTestId('webhooks-table').getByRole('row')).toHaveCount(2);
    const endpoint = page.getByTestId('webhook-endpoint');
    await expect(endpoint.getByRole('heading', { name: `Endpoint ${url}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // A test event: the receiver gets it signed with that secret; the log shows it delivered.
    await endpoint.getByRole('button', { name: 'Send a test event' }).click();
    await expect(
      endpoint.getByText('A webhook.test event is queued; it appears in the delivery log.'),
    ).toBeVisible();
    await expect
      .poll(
        () => receiver.received.filter((each: ReceivedWebhook) => each.body.includes('webhook.test')).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    expect(receiver.received.every((each) => each.verified)).toBe(true);
    const delivery = page.getByTestId('deliveries-table').getByRole('row').nth(1);
    await expect(delivery).toContainText('webhook.test', { timeout: 15_000 });
    await expect(delivery).toContainText('Succeeded', { timeout: 15_000 });
    await expect(delivery).toContainText('HTTP 200');
    await expectNoAxeViolations(page);
    await page.evaluate(async () => {
      window.scrollTo(0, 0);
      await document.fonts.ready;
    });
    await screenshot(page, 'webhooks.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);

    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await receiver.close();
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(SCREENSHOTS, name);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  expect(statSync(path).size).toBeLessThanOrEqual(MAX_BYTES);
}
