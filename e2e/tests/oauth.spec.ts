// Social sign-in in real Chromium (issue 11 "Tests that show it", the parts that need no real provider): Main with
// all 19 'Continue with {provider}' buttons passes axe and keeps their configured order above the 'or' divider; the
// OAuth section (buttons and logos) loads only when configured; a click navigates the browser to the start URL of
// wire-format.md §1.3; One Tap falls back to the plain Google button when it cannot render (SPEC §2, §8).
//
// The full 'Continue with Google' against a local oidc-provider is e2e/tests/oauth-google.spec.ts; One Tap with a
// stand-in GSI script is e2e/tests/oauth-one-tap.spec.ts.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

// SPEC §2 provider order and the display names of the widget's strings table.
const PROVIDERS: [type: string, name: string][] = [
  ['google', 'Google'],
  ['microsoft', 'Microsoft'],
  ['apple', 'Apple'],
  ['github', 'GitHub'],
  ['gitlab', 'GitLab'],
  ['facebook', 'Facebook'],
  ['discord', 'Discord'],
  ['salesforce', 'Salesforce'],
  ['slack', 'Slack'],
  ['amazon', 'Amazon'],
  ['bitbucket', 'Bitbucket'],
  ['linkedin', 'LinkedIn'],
  ['coinbase', 'Coinbase'],
  ['twitch', 'Twitch'],
  ['twitter', 'Twitter'],
  ['tiktok', 'TikTok'],
  ['snapchat', 'Snapchat'],
  ['figma', 'Figma'],
  ['yahoo', 'Yahoo'],
];

/** The dev/test overrides of apps/web/src/widget-config.ts: social buttons above the login-link form. */
const ALL_PROVIDERS_PATH = '/?products=oauth,emailMagicLinks';

/** Script and style files the page fetched, by path. */
function recordAssets(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType()))
      paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test('Main with all 19 social buttons: configured order, logos, the divider, and axe', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(ALL_PROVIDERS_PATH);
  const social = page.locator('[data-section="oauth"]');
  await expect(social.getByRole('button')).toHaveCount(19);
  for (const [, name] of PROVIDERS) {
    await expect(social.getByRole('button', { name: `Continue with ${name}`, exact: true })).toBeVisible();
  }
  expect(
    await social
      .locator('button[data-provider]')
      .evaluateAll((buttons) => buttons.map((b) => b.dataset.provider)),
  ).toEqual(PROVIDERS.map(([type]) => type));
  // Each button carries its drawn logo, hidden from assistive technology.
  await expect(social.locator('button svg[aria-hidden="true"]')).toHaveCount(19);
  // SPEC §2: the social group, then the 'or' divider, then the e-mail form.
  const order = await page
    .locator('[data-section]')
    .evaluateAll((sections) => sections.map((section) => section.getAttribute('data-section')));
  expect(order.slice(0, 3)).toEqual(['oauth', 'divider', 'email-magic-links']);
  await expect(page.locator('[data-section="divider"]')).toHaveText('or');
  await expectNoAxeViolations(page);
  expect(consoleErrors).toEqual([]);
});

test('the OAuth section and its logos load only when social sign-in is configured', async ({ page }) => {
  const standard = recordAssets(page);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Email' })).toBeVisible();
  expect(standard.filter((path) => /oauth|provider-logos|one-tap/.test(path))).toEqual([]);

  const configured = recordAssets(page);
  await page.goto(ALL_PROVIDERS_PATH);
  await expect(page.getByRole('button', { name: 'Continue with Yahoo' })).toBeVisible();
  expect(configured.filter((path) => /oauth-section/.test(path)).length).toBeGreaterThan(0);
});

test("'Continue with GitHub' sends the browser to the start URL of wire-format.md §1.3", async ({
  page,
  server,
  devProject,
}) => {
  await page.goto('/?products=oauth,emailMagicLinks&oauth_providers=github,google');
  const start = page.waitForRequest((request) => request.url().includes('/v1/public/oauth/github/start'));
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  const url = new URL((await start).url());
  expect(url.origin).toBe(server.url);
  const authenticate = `${server.url}/authenticate`;
  // A test-mode token without a CNAME domain: the test API base, which is the Gatehouse server itself. The
  // development project requires PKCE for OAuth (issue 20 item 6), so the widget's start carries a challenge.
  expect([...url.searchParams]).toEqual([
    ['public_token', devProject.public_token],
    ['code_challenge', expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)],
    ['login_redirect_url', authenticate],
    ['signup_redirect_url', authenticate],
  ]);
  expect((await start).isNavigationRequest()).toBe(true);
});

test('One Tap that cannot render falls back to the plain Google button', async ({ page }) => {
  await page.goto('/?products=oauth,emailMagicLinks&oauth_providers=google,github&one_tap=embedded');
  const social = page.locator('[data-section="oauth"]');
  // The dev project has no Google client for One Tap, so the server refuses onetap/start (or, before the server
  // side of issue 11, has no such route): either way the widget shows the Google button instead (SPEC §2).
  await expect(social.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(social.getByRole('button', { name: 'Continue with GitHub' })).toBeVisible();
  await expect(social.locator('[data-one-tap-position]')).toHaveCount(0);
  // Nothing was loaded from Google.
  const requests = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  expect(requests.filter((name) => name.includes('accounts.google.com'))).toEqual([]);
  await expectNoAxeViolations(page);
});

// Issue 22 finding 2: the page a social sign-in lands on when it cannot go back to the app (here: a callback without
// its state, as when the provider's page is reloaded or bookmarked) was unstyled, with no way back.
test('the OAuth failure page is styled like the app and links back to sign in', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/v1/public/oauth/google/callback?code=abc');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in could not continue');
  await expect(page.getByTestId('oauth-error')).toHaveText(
    'This sign-in did not come back with the information needed to finish it.',
  );
  const back = page.getByRole('main').getByRole('link', { name: 'Back to sign in' });
  await expect(back).toBeVisible();
  // The app's style sheet applies: the link is the app's primary button, the page its header and card.
  await expect(back).toHaveCSS('background-color', 'rgb(25, 48, 61)');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Gatehouse' })).toBeVisible();
  await expectNoAxeViolations(page);
  await back.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Gatehouse');
  // Chromium reports the 400 of the failure page itself; nothing else may be logged.
  expect(consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
});
