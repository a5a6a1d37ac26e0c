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

// Issue 22 finding 2: a browser opening an address nothing serves got raw JSON; now the app's "Page not found".
test('a browser opening an unknown address gets the "Page not found" page with status 404 and the way back', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found · Gatehouse');
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Go to the sign-in page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Gatehouse');
  // Chromium reports the 404 of the document itself; nothing else may be logged.
  expect(consoleErrors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});

test('the API keeps its JSON 404 for fetch(), for the SDK path and for an unknown page address', async ({
  page,
}) => {
  await page.goto('/');
  const answers = await page.evaluate(async () =>
    Promise.all(
      ['/sdk/v1/nope', '/nope'].map(async (path) => {
        const response = await fetch(path);
        return {
          path,
          status: response.status,
          type: response.headers.get('content-type'),
          body: await response.json(),
        };
      }),
    ),
  );
  for (const answer of answers) {
    expect(answer.status, answer.path).toBe(404);
    expect(answer.type, answer.path).toContain('application/json');
    expect(answer.body, answer.path).toMatchObject({ status_code: 404, error_type: 'not_found' });
  }
  // Opened in the browser, an unknown API address is still the API's answer, not a page.
  const api = await page.goto('/sdk/v1/nope');
  expect(api?.status()).toBe(404);
  expect(await api?.json()).toMatchObject({ error_type: 'not_found' });
});

test('/account/ (a trailing slash) is the account page at /account', async ({ page, consoleErrors }) => {
  const response = await page.goto('/account/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  expect(consoleErrors).toEqual([]);
});
