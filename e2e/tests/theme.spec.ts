// Issue 22 "Themes" (finding 9: "there is no dark theme"): the web app and its widgets follow prefers-color-scheme
// (the app configures the widget with colorScheme 'auto'), the widget's own colorScheme 'dark' and 'light' hold
// whatever the system says, 'auto' flips live (also inside a shadow root), and both schemes pass axe, whose
// color-contrast rule is WCAG AA. The system setting is Chromium's emulated one (page.emulateMedia).
// Each test uses its own e-mail address (the worker's server is shared with other files).
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';

const MAIN_HEADING = 'Sign up or log in';

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-theme-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** WCAG relative luminance of a computed `rgb(…)` / `rgba(…)` colour (0 black … 1 white). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

async function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

function widget(page: Page): Locator {
  return page.locator('[data-gatehouse-widget]').first();
}

async function expectDark(locator: Locator): Promise<void> {
  await expect.poll(async () => luminance(await backgroundOf(locator))).toBeLessThan(0.05);
}

async function expectLight(locator: Locator): Promise<void> {
  await expect.poll(async () => luminance(await backgroundOf(locator))).toBeGreaterThan(0.85);
}

async function openSignIn(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: MAIN_HEADING })).toBeVisible();
}

test('the sign-in page and its widget are dark under a dark system setting, and pass axe', async ({
  page,
  consoleErrors,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSignIn(page);
  await expectDark(page.locator('body'));
  await expectDark(widget(page));
  await expect(widget(page)).toHaveAttribute('data-color-scheme', 'auto');
  // color-scheme: form controls and scrollbars are dark too.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  expect(await widget(page).evaluate((element) => getComputedStyle(element).colorScheme)).toBe('dark');
  await expectNoAxeViolations(page);

  // The widget's next screen (an error banner and field error in the dark palette) passes too.
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address@example');
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.locator('.gh-field-error, .gh-banner-error').first()).toBeVisible();
  await expectNoAxeViolations(page);
  expect(consoleErrors).toEqual([]);
});

for (const [label, path, heading] of [
  ['passwords', '/?products=passwords,emailMagicLinks', MAIN_HEADING],
  [
    'social buttons (dark marks drawn in the text colour)',
    '/?products=oauth&oauth_providers=google,apple,github,amazon',
    MAIN_HEADING,
  ],
] as const) {
  test(`the widget's ${label} screen in the dark scheme passes axe`, async ({ page, consoleErrors }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectDark(widget(page));
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });
}

test('the same page stays light under a light system setting', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openSignIn(page);
  await expectLight(page.locator('body'));
  await expectLight(widget(page));
  await expectNoAxeViolations(page);
});

test("colorScheme 'auto' flips live with the system setting, also inside a shadow root", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openSignIn(page, '/?shadow=1');
  expect(await page.locator('[data-gatehouse-shadow-host]').count()).toBe(1);
  await expectLight(widget(page));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDark(widget(page));
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectLight(widget(page));
});

test("colorScheme 'dark' is dark under a light system setting, and passes axe", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openSignIn(page, '/?color_scheme=dark');
  await expect(widget(page)).toHaveAttribute('data-color-scheme', 'dark');
  await expectDark(widget(page));
  await expectLight(page.locator('body'));
  await expectNoAxeViolations(page);
});

test("colorScheme 'light' (the widget's default) stays light under a dark system setting", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openSignIn(page, '/?color_scheme=light');
  await expect(widget(page)).toHaveAttribute('data-color-scheme', 'light');
  await expectLight(widget(page));
  // The page around it is dark (the app follows the system); the widget is the integrator's choice.
  await expectDark(page.locator('body'));
  await expectNoAxeViolations(page);
});

test('the account page is dark under a dark system setting, and passes axe', async ({
  page,
  consoleErrors,
}) => {
  // Sign in by e-mail passcode (the outbox has the code), then the account page in both schemes.
  const email = uniqueEmail('account');
  await openSignIn(page, '/?products=otp&otp_methods=email');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  const code = (await waitForMessage({ to: email, channel: 'email' })).codes[0];
  if (code === undefined) throw new Error('no passcode in the e-mail');
  await page.getByLabel('One-time passcode').fill(code);
  // A passcode sign-in goes on to the account page (issue 22 finding 8).
  await expect(page).toHaveURL(/\/account$/);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expectDark(page.locator('body'));
  // The page's card (its sections and their confirmation dialogs sit on it) follows too.
  await expectDark(page.locator('main .card').first());
  await expectNoAxeViolations(page);

  await page.emulateMedia({ colorScheme: 'light' });
  await expectLight(page.locator('body'));
  await expectNoAxeViolations(page);
  expect(consoleErrors).toEqual([]);
});
