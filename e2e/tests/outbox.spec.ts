// The E2E harness's outbox helper against the real flow: the widget sends a login link, waitForMessage() sees it.
import { expect, test } from '../support/fixtures';
import { listMessages, waitForMessage } from '../support/outbox';

test('a login link sent from the sign-in page arrives in the dev outbox', async ({ page, server }) => {
  const email = `e2e-${Date.now()}@example.com`;
  expect(await listMessages({ to: email })).toEqual([]);

  await page.goto('/');
  // The standard config has Text, WhatsApp and Email tabs (SPEC §2 order): pick Email first.
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();

  const message = await waitForMessage({ to: email, channel: 'email' });
  expect(message.to).toBe(email);
  const link = new URL(message.links[0] ?? '');
  expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/authenticate`);
  expect(link.searchParams.get('token')).toBeTruthy();

  // The outbox page lists it too.
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByText(email).first()).toBeVisible();
});

test('waitForMessage rejects with a clear message when nothing arrives', async () => {
  await expect(waitForMessage({ to: 'nobody@example.com', timeoutMs: 300 })).rejects.toThrow(
    /No .*message to nobody@example.com arrived in the dev outbox/,
  );
});
