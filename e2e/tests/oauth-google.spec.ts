import { expectNoAxeViolations } from '../support/axe';
import { expect } from '../support/fixtures';
import { testWithLocalGoogle } from '../support/local-google';

const test = testWithLocalGoogle();

/** The dev/test overrides of apps/web/src/widget-config.ts: the Google button above the login-link form. */
const GOOGLE_PATH = '/?products=oauth,emailMagicLinks&oauth_providers=google';

test("'Continue with Google' at a local OpenID provider: consent, land signed in; then again as a returning user", async ({
  page,
  provider,
  server,
  consoleErrors,
}) => {
  const subject = `e2e-google-${Date.now()}`;
  provider.accounts.set(subject, {
    sub: subject,
    email: `${subject}@example.com`,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    name: 'Ada Lovelace',
  });
  provider.next = { accountId: subject };

  for (const round of ['new', 'returning'] as const) {
    await page.goto(GOOGLE_PATH);
    const button = page.getByRole('button', { name: 'Continue with Google' });
    await expect(button).toBeVisible();
    if (round === 'new') await expectNoAxeViolations(page);
    // Record the way through: the provider's pages, then the callback, then /authenticate with the oauth token.
    const visited: string[] = [];
    const onFrame = (frame: import('@playwright/test').Frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    };
    page.on('framenavigated', onFrame);
    await button.click();
    await page.waitForURL(`${server.url}/account`);
    page.off('framenavigated', onFrame);
    const authenticate = visited.map((url) => new URL(url)).find((url) => url.pathname === '/authenticate');
    expect(authenticate?.searchParams.get('stytch_token_type'), visited.join('\n')).toBe('oauth');
    expect(authenticate?.searchParams.get('token')).toBeTruthy();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
    await expect(page.getByTestId('account-emails')).toContainText(`${subject}@example.com`);
    await expect(page.getByTestId('account-providers').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('account-providers')).toContainText('Google');
    if (round === 'new') {
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${server.url}/`);
    }
  }
  expect(consoleErrors).toEqual([]);
});

test('declining at the provider comes back to /authenticate with the reason', async ({ page, provider }) => {
  provider.next = { deny: true };
  await page.goto(GOOGLE_PATH);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => url.pathname === '/authenticate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Social sign-in did not complete');
  await expect(page.getByRole('alert')).toHaveText(
    'Sign-in was cancelled at the provider. Nothing was shared with this site.',
  );
  await expect(page.getByTestId('authenticate-error-detail')).toHaveText(
    'Details: Sign-in was cancelled at the provider.',
  );
  await expectNoAxeViolations(page);
});
