// Issue 20 item 3, E2E line: "the account page asks for a recent sign-in before removing a passkey, and proceeds
// after", in Chromium with a CDP virtual authenticator. Sign in by login link (dev outbox), add a passkey on /account,
// make the session's sign-in an hour old, delete the passkey: the server answers 403 reauthentication_required and
// the widget's "Confirm it's you" step opens (axe); confirming with the passkey (a secondary sign-in) lets the
// deletion run again and succeed. Cancelling instead keeps the passkey.
// SS-05, adding a way to sign in on an old sign-in (server: sessions/step-up.ts): setting up an authenticator app and
// adding an e-mail address on /account, and attaching a new wallet from the sign-in page's widget, each confirmed
// with a code e-mailed to the user's own address; Cancel sends nothing. The wallet is asked to sign once: the retry
// redeems the same challenge.
//
// How the sign-in gets old without waiting out the project's 10-minute window: this file's server runs on a
// throw-away PostgreSQL database (../support/postgres.ts) instead of PGlite, and the test moves that session's
// `authenticated_at` an hour back — exactly the row time would leave, read by the unchanged production code path
// (features/sessions/recent-authentication.ts). The alternative, a 1-minute window for the dev project through a
// PROJECT_FILE entry, also needs no test-only server code, but makes every test sleep past a minute of wall clock;
// PGlite's data folder cannot be written by a second process while the server holds it.
import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from '../support/axe';
import { test as base, expect } from '../support/fixtures';
import { listMessages, waitForMessage } from '../support/outbox';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../support/postgres';
import { type RunningServer, startServer } from '../support/server';
import { createEthereumWallet, installWallets, KNOWN_WALLETS } from '../support/wallets';
import { enableVirtualWebAuthn, type VirtualAuthenticator } from '../support/webauthn';

const TEXT = {
  // Issue 22: the account page's own passkey list.
  addPasskey: 'Add a passkey',
  noPasskeys: 'You have no passkeys yet. Add one to sign in without a password or a code.',
  // @gatehouse/react reauthentication-strings.ts.
  confirmTitle: 'Confirm it’s you',
  recentText: 'For your security, this change needs a recent sign-in. Confirm it’s you to continue.',
  usePasskey: 'Use a passkey',
  sendCode: 'Email me a code',
  codeLabel: 'Code from the email',
} as const;

const test = base.extend<object, { database: ThrowawayDatabase; server: RunningServer }>({
  database: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructured first argument.
    async ({}, use) => {
      const database = await createThrowawayDatabase('reauth');
      await use(database);
      await database.drop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ database }, use) => {
      // DATA_DIR ':memory:' only skips copying the PGlite template: DATABASE_URL makes the server use PostgreSQL.
      const server = await startServer({ env: { DATABASE_URL: database.url, DATA_DIR: ':memory:' } });
      process.env.GATEHOUSE_E2E_BASE_URL = server.url;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-reauth-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** Chromium logs every 4xx answer as a console error; the refused DELETE gets one on purpose. */
function unexpectedConsoleErrors(errors: string[]): string[] {
  return errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of 403/.test(error),
  );
}

/** Signs in (or up) by login link through the dev outbox and lands on /account. */
async function signInByEmail(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const message = await waitForMessage({ to: email, channel: 'email', where: (m) => m.links.length > 0 });
  await page.goto(message.links[0]!);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-emails')).toContainText(email);
}

function passkeySection(page: Page) {
  return page.getByRole('region', { name: 'Passkeys' });
}

function passkeyRows(page: Page) {
  return page.getByTestId('account-passkey-list').getByRole('listitem');
}

/** Signed in with one passkey on a fresh platform authenticator; answers the passkey's name. */
async function signInWithPasskey(
  page: Page,
  context: Parameters<typeof enableVirtualWebAuthn>[0]['context'],
  label: string,
): Promise<{ name: string; authenticator: VirtualAuthenticator }> {
  await signInByEmail(page, uniqueEmail(label));
  const webauthn = await enableVirtualWebAuthn({ context, page });
  const authenticator = await webauthn.addAuthenticator();
  await passkeySection(page).getByRole('button', { name: TEXT.addPasskey }).click();
  await expect(passkeyRows(page)).toHaveCount(1);
  const name = (await passkeyRows(page).first().locator('.passkey-name').textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  return { name, authenticator };
}

/**
 * This page's session id, from the SDK's cached state (`gatehouse_sdk_state_<public_token>`): the account page shows
 * no ids (issue 22).
 */
async function currentSessionId(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      if (!key.startsWith('gatehouse_sdk_state_') || key.includes('::')) continue;
      const state = JSON.parse(localStorage.getItem(key) ?? 'null') as {
        session?: { session_id?: string };
      } | null;
      return state?.session?.session_id ?? '';
    }
    return '';
  });
}

/** Moves this page's session sign-in an hour back, past the project's 10-minute window. */
async function makeSignInOld(page: Page, database: ThrowawayDatabase): Promise<string> {
  const sessionId = await currentSessionId(page);
  expect(sessionId).toMatch(/^session-/);
  const { rowCount } = await database.query(
    `UPDATE sessions SET authenticated_at = now() - interval '1 hour' WHERE id = $1`,
    [sessionId],
  );
  expect(rowCount).toBe(1);
  return sessionId;
}

async function signedInMinutesAgo(database: ThrowawayDatabase, sessionId: string): Promise<number> {
  const { rows } = await database.query<{ minutes: number }>(
    `SELECT extract(epoch from now() - authenticated_at)::float8 / 60 AS minutes FROM sessions WHERE id = $1`,
    [sessionId],
  );
  return Number(rows[0]?.minutes);
}

/** The authenticator's current code for a base32 secret (RFC 6238: SHA-1, 6 digits, 30 s, as the server). */
function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/** Marks the passkey for deletion and confirms; answers the DELETE's status. */
async function deletePasskey(page: Page, name: string): Promise<number> {
  const section = passkeySection(page);
  await section.getByRole('button', { name: `Delete ${name}` }).click();
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/sdk/v1/users/webauthn_registrations/') &&
      response.request().method() === 'DELETE',
  );
  // Issue 22 finding 5: the deletion asks first, in a dialog.
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  return (await answered).status();
}

test.describe('"Confirm it\'s you" before removing a passkey', () => {
  // Sign-up, two ceremonies and page loads on a 2-core machine shared with other suites.
  test.describe.configure({ timeout: 60_000 });

  test('the account page asks for a recent sign-in before removing a passkey, and proceeds after', async ({
    page,
    context,
    database,
    consoleErrors,
  }) => {
    const { name, authenticator } = await signInWithPasskey(page, context, 'proceed');
    const sessionId = await makeSignInOld(page, database);

    // The server refuses: the step opens in the passkeys section, focus on its heading.
    expect(await deletePasskey(page, name)).toBe(403);
    const section = passkeySection(page);
    const heading = section.getByRole('heading', { name: TEXT.confirmTitle });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(section.getByText(TEXT.recentText)).toBeVisible();
    await expect(section.locator('[data-state^="reauthentication."]')).toHaveAttribute(
      'data-state',
      'reauthentication.passkey',
    );
    await expectNoAxeViolations(page); // the "Confirm it's you" step

    // Confirm with the passkey (a secondary sign-in), then the deletion runs again and succeeds.
    const retried = page.waitForResponse(
      (response) =>
        response.url().includes('/sdk/v1/users/webauthn_registrations/') &&
        response.request().method() === 'DELETE',
    );
    await section.getByRole('button', { name: TEXT.usePasskey }).click();
    expect((await retried).status()).toBe(200);
    await expect(heading).toHaveCount(0);
    await expect(section.getByText(TEXT.noPasskeys)).toBeVisible();
    expect(await signedInMinutesAgo(database, sessionId)).toBeLessThan(1);

    // The server agrees after a reload; the authenticator still holds its credential, now unknown to the server.
    await page.reload();
    await expect(section.getByText(TEXT.noPasskeys)).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  test('cancelling the confirmation keeps the passkey', async ({
    page,
    context,
    database,
    consoleErrors,
  }) => {
    const { name } = await signInWithPasskey(page, context, 'cancel');
    const sessionId = await makeSignInOld(page, database);

    expect(await deletePasskey(page, name)).toBe(403);
    const section = passkeySection(page);
    await expect(section.getByRole('heading', { name: TEXT.confirmTitle })).toBeFocused();
    await section.getByRole('button', { name: 'Cancel' }).click();

    // Back where the person was: the row, focus on its Delete button, no message; nothing changed on the server.
    await expect(section.getByRole('heading', { name: TEXT.confirmTitle })).toHaveCount(0);
    await expect(passkeyRows(page)).toHaveCount(1);
    await expect(section.getByRole('button', { name: `Delete ${name}` })).toBeFocused();
    await expect(section.locator('.gh-banner')).toHaveCount(0);
    expect(await signedInMinutesAgo(database, sessionId)).toBeGreaterThan(59);
    await page.reload();
    await expect(passkeyRows(page)).toHaveCount(1);
    await expect(passkeyRows(page).first()).toContainText(name);
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });
});

/** The step's "Email me a code", and the code from the outbox (a secondary sign-in with the user's own address). */
async function confirmByEmailedCode(step: Locator, email: string): Promise<void> {
  await expect(step.getByRole('heading', { name: TEXT.confirmTitle })).toBeFocused();
  await expect(step.locator('[data-state^="reauthentication."]')).toHaveAttribute(
    'data-state',
    'reauthentication.email-code',
  );
  const before = new Set((await listMessages({ to: email })).map((message) => message.id));
  await step.getByRole('button', { name: TEXT.sendCode }).click();
  const message = await waitForMessage({
    to: email,
    channel: 'email',
    where: (candidate) => !before.has(candidate.id) && candidate.codes.length > 0,
  });
  // The sixth digit confirms (the six-box input, issue 22: one real input, so fill works as typing would).
  await expect(step.locator('.gh-code-box')).toHaveCount(6);
  await step.getByRole('textbox', { name: TEXT.codeLabel }).fill(message.codes[0]!);
}

/** Answers the status of the next /sdk/v1 `POST path` response. */
function nextAnswer(page: Page, path: string): Promise<number> {
  return page
    .waitForResponse(
      (response) => response.url().endsWith(`/sdk/v1${path}`) && response.request().method() === 'POST',
    )
    .then((response) => response.status());
}

test.describe('"Confirm it\'s you" before adding a way to sign in (SS-05)', () => {
  test.describe.configure({ timeout: 60_000 });

  test('setting up an authenticator app on an old sign-in: confirm with an e-mailed code, then the set-up', async ({
    page,
    database,
    consoleErrors,
  }) => {
    const email = uniqueEmail('totp');
    await signInByEmail(page, email);
    const sessionId = await makeSignInOld(page, database);
    const section = page.getByTestId('account-totp');

    const refused = nextAnswer(page, '/totps');
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    expect(await refused).toBe(403);
    const step = section.getByTestId('account-totp-reauthentication');
    await expect(step.getByText(TEXT.recentText)).toBeVisible();
    await expectNoAxeViolations(page); // the step in the authenticator-app section

    const created = nextAnswer(page, '/totps');
    await confirmByEmailedCode(step, email);
    expect(await created).toBe(200);
    await expect(step).toHaveCount(0);
    const secret = (await section.getByTestId('account-totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await signedInMinutesAgo(database, sessionId)).toBeLessThan(1);

    // The first code from the app confirms the set-up, with no second step.
    await section.getByRole('textbox', { name: 'Code from the app' }).fill(totpCode(secret));
    await section.getByRole('checkbox', { name: 'I saved my recovery codes' }).check();
    await section.getByRole('button', { name: 'Finish set-up' }).click();
    await expect(section.getByText('An authenticator app is set up.')).toBeVisible();
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  test('adding an e-mail address on an old sign-in: confirm, then the code goes to the new address; Cancel sends nothing', async ({
    page,
    database,
    consoleErrors,
  }) => {
    const email = uniqueEmail('main');
    const added = uniqueEmail('added');
    await signInByEmail(page, email);
    const sessionId = await makeSignInOld(page, database);
    const form = page.getByTestId('account-add-email');
    const step = form.getByTestId('account-add-email-reauthentication');
    await form.getByRole('textbox', { name: 'New e-mail address' }).fill(added);

    // Cancel first: no message, no error, the address still in the field.
    let refused = nextAnswer(page, '/otps/email/send/secondary');
    await form.getByRole('button', { name: 'Send code' }).click();
    expect(await refused).toBe(403);
    await expect(step.getByRole('heading', { name: TEXT.confirmTitle })).toBeFocused();
    await step.getByRole('button', { name: 'Cancel' }).click();
    await expect(step).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Send code' })).toBeFocused();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByRole('textbox', { name: 'New e-mail address' })).toHaveValue(added);
    expect(await listMessages({ to: added })).toEqual([]);
    expect(await signedInMinutesAgo(database, sessionId)).toBeGreaterThan(59);

    // Again, confirmed this time: the code goes to the new address, which the code then adds.
    refused = nextAnswer(page, '/otps/email/send/secondary');
    await form.getByRole('button', { name: 'Send code' }).click();
    expect(await refused).toBe(403);
    await confirmByEmailedCode(step, email);
    await expect(form.getByText(`A 6-digit code was sent to ${added}.`)).toBeVisible();
    await expect(step).toHaveCount(0);
    const message = await waitForMessage({ to: added, channel: 'email', where: (m) => m.codes.length > 0 });
    await form.getByRole('textbox', { name: 'Code' }).fill(message.codes[0]!);
    // The sixth digit submits by itself (the six-box code input, issue 22 finding 10).
    await expect(page.getByTestId('account-emails')).toContainText(added);
    await expect(page.getByTestId('account-emails').getByRole('listitem')).toHaveCount(2);
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });

  test('attaching a new wallet from the sign-in page on an old sign-in: confirm in the widget, then the same signature attaches it', async ({
    page,
    database,
    consoleErrors,
  }) => {
    const email = uniqueEmail('wallet');
    await signInByEmail(page, email);
    const sessionId = await makeSignInOld(page, database);
    const wallet = createEthereumWallet({ ...KNOWN_WALLETS.metaMask });
    await installWallets(page, [wallet]);
    // Wallets and e-mailed codes, so the step can confirm with a code to the user's address.
    await page.goto('/?products=crypto,otp&otp_methods=email&stay=1');
    await expect(page.getByTestId('signed-in-notice')).toContainText(email);

    const refused = nextAnswer(page, '/crypto_wallets/authenticate');
    await page.getByRole('button', { name: 'Continue with Metamask', exact: true }).click();
    expect(await refused).toBe(403);
    const widget = page.locator('#login');
    await expect(widget.getByText(TEXT.recentText)).toBeVisible();
    await expectNoAxeViolations(page); // the step in the widget, in place of CryptoSignMessage

    const attached = nextAnswer(page, '/crypto_wallets/authenticate');
    await confirmByEmailedCode(widget, email);
    expect(await attached).toBe(200);
    await expect(widget.getByRole('heading', { name: 'Success!' })).toBeVisible();
    // The wallet asked once: one signature, redeemed by the retry.
    expect(wallet.signedMessages).toHaveLength(1);
    const { rows } = await database.query<{ wallet_type: string }>(
      `SELECT w.wallet_type FROM crypto_wallets w JOIN sessions s ON s.user_id = w.user_id WHERE s.id = $1`,
      [sessionId],
    );
    expect(rows).toEqual([{ wallet_type: 'ethereum' }]);
    expect(unexpectedConsoleErrors(consoleErrors)).toEqual([]);
  });
});
