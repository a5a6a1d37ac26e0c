// The application shell in real Chromium: every page loads without console errors and passes axe (WCAG 2.x A/AA).
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

for (const path of ['/', '/_app']) {
  test(`the sign-in page loads at ${path}`, async ({ page, consoleErrors }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Gatehouse');
    await expect(page.locator('#login')).toBeVisible();
    await expect(page.locator('meta[name="gatehouse-public-token"]')).toHaveAttribute(
      'content',
      /^public-token-/,
    );
    await expect(page).toHaveTitle('Sign in · Gatehouse');
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });
}

test('the footer links to the dev outbox in development', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Dev outbox' }).click();
  await expect(page).toHaveURL(/\/dev\/outbox$/);
});

test('the dev outbox renders with its empty state', async ({ page, consoleErrors }) => {
  // The worker's server is shared with other test files that send messages: filter by a recipient nobody used.
  const nobody = `nobody-${Date.now()}@example.com`;
  await page.goto(`/dev/outbox?to=${encodeURIComponent(nobody)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dev outbox');
  await expect(page.getByRole('status')).toHaveText(`No messages for ${nobody} yet.`);
  await expectNoAxeViolations(page);
  expect(consoleErrors).toEqual([]);
});

test('the account page, signed out, shows the way back to sign in', async ({ page, consoleErrors }) => {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(page.getByText('You are not signed in.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Gatehouse');
  expect(consoleErrors).toEqual([]);
});

test('in-app navigation keeps one page and history works', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Gatehouse');
});

test('the authenticate callback page is served', async ({ page, consoleErrors }) => {
  await page.goto('/authenticate');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
