// Issue 26 item 3 (Users, User detail) in real Chromium against a real server started with CONSOLE_OWNER_EMAIL:
// "finds a user by e-mail, phone and wallet address". One user is made through the admin API with an e-mail address
// and a phone number; another signs in to the web app with an Ethereum wallet (e2e/support/wallets.ts: an EIP-6963
// provider backed by a real key, signing the server's Sign-In with Ethereum challenge). The owner finds the first by
// e-mail and by phone number and the second by wallet address on the Users screen; edits the first's metadata
// (an invalid text is refused in place) and then filters the list by it; sorts by last sign-in and chooses columns
// (kept in the URL); selects the wallet user and revokes their sessions in bulk (their next session check fails).
// Both screens axe-clean in light and dark; each writes its README screenshot (docs/console/*.png, light, 1280×800).
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import {
  adminCall,
  CONSOLE_OWNER,
  consoleScreenshot,
  signInNewOperator,
  startConsoleServer,
} from '../support/console';
import { expect, test } from '../support/fixtures';
import type { RunningServer } from '../support/server';
import { createEthereumWallet, installWallets, KNOWN_WALLETS } from '../support/wallets';

let consoleServer: RunningServer;

test.beforeAll(async () => {
  consoleServer = await startConsoleServer();
});

test.afterAll(async () => {
  await consoleServer?.stop();
});

/** Chromium logs every 4xx answer as a console error; nothing else may be. */
function unexpected(errors: string[]): string[] {
  return errors.filter((error) => !/Failed to load resource: .* 4\d\d/.test(error));
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The screenshot shows the screen's top, with no control focused. */
async function atTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}

async function bothThemes(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the owner finds users by e-mail, phone and wallet, edits metadata, and revokes sessions in bulk; light and dark', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now()}-${process.pid}`;
  const email = `users-e2e-${stamp}@example.com`;
  const phone = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;

  // The development project the web app signs in to.
  const projects = (await adminCall(consoleServer, 'GET', '/projects')).body as {
    items: Array<{ id: string; is_development?: boolean }>;
  };
  const projectId = (projects.items.find((each) => each.is_development) ?? projects.items[0])!.id;
  const made = await adminCall(consoleServer, 'POST', `/projects/${projectId}/users`, {
    email,
    phone_number: phone,
    name: { first_name: 'Phoebe', last_name: 'Phone' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);

  // A person signs in to the web app with an Ethereum wallet (a real key signs the server's challenge).
  const wallet = createEthereumWallet({ ...KNOWN_WALLETS.metaMask });
  const walletContext = await browser.newContext({ baseURL: consoleServer.url });
  const walletPage = await walletContext.newPage();
  await installWallets(walletPage, [wallet]);
  await walletPage.goto('/?products=crypto,emailMagicLinks&stay=1');
  await walletPage.getByRole('button', { name: 'Continue with Metamask', exact: true }).click();
  await expect(walletPage.getByRole('heading', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });
  const walletSession = (await walletContext.cookies()).find((cookie) => cookie.name === 'gatehouse_session');
  expect(walletSession?.value).toBeTruthy();
  const sessionCheck = async () => {
    const devProject = (await (await walletPage.request.get('/dev/project')).json()) as {
      public_token: string;
    };
    const response = await walletPage.request.post('/sdk/v1/sessions/authenticate', {
      headers: {
        authorization: `Basic ${Buffer.from(`${devProject.public_token}:${walletSession!.value}`).toString('base64')}`,
      },
      data: {},
    });
    return response.status();
  };
  expect(await sessionCheck()).toBe(200);

  const { context, page } = await signInNewOperator(browser, consoleServer, CONSOLE_OWNER);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
  const table = page.getByTestId('users-table');
  const userRows = table.locator('tbody tr');

  // By e-mail, by phone number (as typed by a person, with spaces), by wallet address (any case).
  await search(page, email.toUpperCase());
  await expect(userRows).toHaveCount(1);
  await expect(userRows.first().getByRole('link', { name: 'Phoebe Phone' })).toBeVisible();
  await search(page, `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`);
  await expect(userRows).toHaveCount(1);
  await expect(userRows.first()).toContainText(phone);
  await search(page, wallet.address.toLowerCase());
  await expect(userRows).toHaveCount(1);
  await expect(userRows.first()).toContainText(wallet.address);
  await expect(page).toHaveURL(new RegExp(`q=${wallet.address.toLowerCase()}`));

  // The whole list by last sign-in, newest first: the wallet user signed in; the admin-made one never did.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page
    .getByRole('columnheader', { name: /Last sign-in/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/sort=last_sign_in_at/);
  await expect(page.getByRole('columnheader', { name: /Last sign-in/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  // Columns: the sign-in methods shown, kept in the URL.
  await page.getByText('Columns', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Sign-in methods' }).check();
  await expect(page).toHaveURL(/cols=/);
  await expect(page.getByRole('columnheader', { name: 'Sign-in methods' })).toBeVisible();
  await page.getByText('Columns', { exact: true }).click();

  // Bulk: select the wallet user and revoke their sessions; the dialog says how many and what follows.
  await search(page, wallet.address);
  await expect(userRows).toHaveCount(1);
  await expect(userRows.first()).toContainText('Wallet');
  await userRows.first().getByRole('checkbox').check();
  await expect(page.getByText('1 user selected')).toBeVisible();
  await page.getByRole('button', { name: 'Revoke sessions', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke the sessions of this user?' });
  await expect(dialog).toContainText('signed out on every device');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Revoke sessions', exact: true }).click();
  await expect(page.getByTestId('bulk-status')).toHaveText('1 session of 1 user revoked.');
  expect(await sessionCheck()).toBe(404);
  await walletContext.close();

  await search(page, '');
  await expect(userRows.first()).toBeVisible();
  await bothThemes(page);
  await atTop(page);
  await consoleScreenshot(page, 'users');

  // The detail: metadata editor, last sign-in, factors with remove, the activity timeline.
  await search(page, email);
  await userRows.first().getByRole('link', { name: 'Phoebe Phone' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Phoebe Phone' })).toBeVisible();
  await expect(page.getByTestId('last-sign-in')).toHaveText('Never');
  await expect(page.getByTestId('user-timeline')).toContainText('user.created');
  const trusted = page.getByRole('textbox', { name: 'Trusted metadata', exact: true });
  await trusted.fill('{"plan": ');
  await page.getByRole('button', { name: 'Save metadata' }).click();
  await expect(page.getByText(/Not valid JSON/)).toBeVisible();
  await expect(trusted).toHaveAttribute('aria-invalid', 'true');
  await trusted.fill(`{"plan": "e2e-${stamp}", "seats": 3}`);
  await page.getByRole('button', { name: 'Save metadata' }).click();
  await expect(page.getByTestId('metadata-status')).toHaveText('Metadata saved.');
  const stored = (
    await adminCall(
      consoleServer,
      'GET',
      `/projects/${projectId}/users/${(made.body as { user: { user_id: string } }).user.user_id}`,
    )
  ).body as { user: { trusted_metadata: unknown } };
  expect(stored.user.trusted_metadata).toEqual({ plan: `e2e-${stamp}`, seats: 3 });
  await expect(page.getByTestId('user-timeline')).toContainText('user.updated');
  await expect(page.getByRole('button', { name: `Remove ${phone}` })).toBeVisible();
  await bothThemes(page);
  await atTop(page);
  await consoleScreenshot(page, 'user-detail');

  // Back on the list, the metadata filter finds them.
  await page.getByRole('link', { name: 'Back to users' }).click();
  await page.getByRole('textbox', { name: 'Metadata key = value' }).fill(`plan=e2e-${stamp}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(userRows).toHaveCount(1);
  await expect(userRows.first().getByRole('link', { name: 'Phoebe Phone' })).toBeVisible();

  expect(unexpected(errors)).toEqual([]);
  await context.close();
});
