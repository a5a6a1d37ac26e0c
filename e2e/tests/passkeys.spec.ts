// Passkeys end to end in Chromium with a CDP virtual authenticator (issue 4 "Tests that show it", security-tests.md
// Part 4): sign up by e-mail, add a passkey on /account (issue 22: the account page's own passkey list), sign out, sign
// in with the 'Login with a Passkey' button and with autofill, rename, add a second, delete one, register the same
// authenticator twice (SPEC §8 'already registered'), and axe on every passkey screen.
//
// The worker's server is shared with other spec files: every test signs up its own address. Virtual authenticators
// belong to the test's page, so tests do not share credentials either. See ../support/webauthn.ts for what the
// virtual authenticator does with conditional mediation (autofill) and why presence simulation is switched off
// before signing out: the standard sign-in page starts passkey autofill on mount, which an authenticator simulating
// presence answers at once, signing the person straight back in.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';
import {
  credentialCalls,
  enableVirtualWebAuthn,
  recordCredentialCalls,
  type VirtualAuthenticator,
  type WebAuthnDevTools,
} from '../support/webauthn';

// SPEC §2 / §8 texts, verbatim.
const TEXT = {
  loginWithPasskey: 'Login with a Passkey',
  confirmationTitle: 'Success',
  confirmationText: 'Your Passkey has been successfully authenticated.',
  // Issue 22: the account page's own passkey section.
  addPasskey: 'Add a passkey',
  alreadyRegistered:
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  registrationNotFound:
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
} as const;

/** The dev/test override that leaves no e-mail-type method, so Main shows the passkey button (SPEC §2). */
const BUTTON_CONFIG_PATH = '/?products=otp,passkeys&otp_methods=sms&stay=1';

let addressCounter = 0;
function uniqueEmail(label: string): string {
  addressCounter += 1;
  return `passkeys-${label}-${Date.now()}-${process.pid}-${addressCounter}@example.com`;
}

/** Signs up with an e-mail login link from the dev outbox and lands on /account (signed in). */
async function signUpByEmail(page: Page, email: string): Promise<void> {
  await page.goto('/');
  // The standard config has tabs Text, WhatsApp and Email (SPEC §2).
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  const message = await waitForMessage({ to: email, channel: 'email' });
  const link = message.links[0];
  if (link === undefined) throw new Error(`The login e-mail to ${email} has no link: ${message.text}`);
  await page.goto(link);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-emails')).toContainText(email);
}

/** Issue 22 finding 3: the account page's own passkeys section (no longer the widget's registration screens). */
function passkeyWidget(page: Page) {
  return page.getByTestId('account-passkeys');
}

/** The account page's passkey list rows. */
function passkeyRows(page: Page) {
  return page.getByTestId('account-passkey-list').getByRole('listitem');
}

/** A row's passkey name. */
async function passkeyName(row: ReturnType<typeof passkeyRows>): Promise<string> {
  return ((await row.locator('.passkey-name').textContent()) ?? '').trim();
}

/** On /account: 'Add a passkey' through the virtual authenticator; the list grows by one. */
async function createPasskey(page: Page, options: { axe?: boolean } = {}): Promise<void> {
  const section = passkeyWidget(page);
  await expect(section.getByRole('heading', { name: 'Passkeys', exact: true })).toBeVisible();
  if (options.axe) await expectNoAxeViolations(page);
  const before = await passkeyRows(page).count();
  await section.getByRole('button', { name: TEXT.addPasskey }).click();
  await expect(passkeyRows(page)).toHaveCount(before + 1);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Gatehouse');
  await page.goto('/account');
  await expect(page.getByText('You are not signed in.')).toBeVisible();
}

/** Signed in as `email`: the account page shows the address. */
async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await page.goto('/account');
  await expect(page.getByTestId('account-emails')).toContainText(email);
}

/** Signs up, enables WebAuthn and adds one passkey with a fresh platform authenticator. */
async function signUpWithPasskey(
  page: Page,
  webauthn: WebAuthnDevTools,
  label: string,
  options: { axe?: boolean } = {},
): Promise<{ email: string; authenticator: VirtualAuthenticator }> {
  const email = uniqueEmail(label);
  await signUpByEmail(page, email);
  const authenticator = await webauthn.addAuthenticator();
  await createPasskey(page, options);
  await expect(passkeyRows(page)).toHaveCount(1);
  expect(await authenticator.credentials()).toHaveLength(1);
  return { email, authenticator };
}

test.describe('passkeys', () => {
  // Sign-up, ceremonies and several page loads on a 2-core machine shared with other suites.
  test.describe.configure({ timeout: 60_000 });

  test('sign up by e-mail, add a passkey, sign out, sign in with the passkey button', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const webauthn = await enableVirtualWebAuthn({ context, page });
    const { email, authenticator } = await signUpWithPasskey(page, webauthn, 'button', { axe: true });

    // The new passkey is listed with its rename and delete controls (issue 22 finding 3).
    await expect(
      passkeyRows(page)
        .first()
        .getByRole('button', { name: /^Rename / }),
    ).toBeVisible();
    await expect(
      passkeyRows(page)
        .first()
        .getByRole('button', { name: /^Delete / }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await authenticator.setPresenceSimulation(false);
    await signOut(page);
    await authenticator.setPresenceSimulation(true);

    // No e-mail-type method: Main shows the button (SPEC §2).
    await page.goto(BUTTON_CONFIG_PATH);
    const button = page.getByRole('button', { name: TEXT.loginWithPasskey });
    await expect(button).toBeVisible();
    await expectNoAxeViolations(page);
    await button.click();

    // SPEC §2 PasskeyConfirmation.
    await expect(page.getByRole('heading', { name: TEXT.confirmationTitle })).toBeVisible();
    await expect(page.getByText(TEXT.confirmationText)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectSignedInAs(page, email);
    expect(consoleErrors).toEqual([]);
  });

  test('sign in with passkey autofill on the standard sign-in page', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await recordCredentialCalls(page);
    const webauthn = await enableVirtualWebAuthn({ context, page });
    const { email, authenticator } = await signUpWithPasskey(page, webauthn, 'autofill');

    // Presence off: the autofill request the sign-in page starts stays pending, as it does until a person picks a
    // passkey from the autofill list (which headless Chromium cannot show, see ../support/webauthn.ts).
    await authenticator.setPresenceSimulation(false);
    await signOut(page);
    await page.goto('/');
    await page.getByRole('tab', { name: 'Email' }).click();
    const input = page.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('autocomplete', 'username webauthn');
    await input.focus();
    // Autofill is supported, so there is no button and no modal prompt on mount (SPEC §2, issue 4).
    await expect(page.getByRole('button', { name: TEXT.loginWithPasskey })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expect
      .poll(() => credentialCalls(page))
      .toEqual([{ method: 'get', mediation: 'conditional', outcome: 'pending' }]);
    await expect(page.getByRole('heading', { name: TEXT.confirmationTitle })).toHaveCount(0);

    // Presence on: the next autofill request is answered with the passkey, as when the person chooses it.
    await authenticator.setPresenceSimulation(true);
    await page.reload();
    // Issue 22 finding 8: the standard sign-in page goes on to the account page after the passkey sign-in.
    await expect(page).toHaveURL(/\/account$/);
    expect(await credentialCalls(page)).toEqual([
      { method: 'get', mediation: 'conditional', outcome: 'resolved' },
    ]);
    await expectSignedInAs(page, email);
    expect(consoleErrors).toEqual([]);
  });

  test('rename a passkey inline: the new name is saved and survives a reload', async ({ page, context }) => {
    const webauthn = await enableVirtualWebAuthn({ context, page });
    await signUpWithPasskey(page, webauthn, 'rename');
    const row = passkeyRows(page).first();
    const defaultName = await passkeyName(row);
    expect(defaultName).not.toBe('');

    await row.getByRole('button', { name: `Rename ${defaultName}` }).click();
    const nameInput = row.getByRole('textbox', { name: 'Passkey name' });
    await expect(nameInput).toBeFocused();
    await expect(nameInput).toHaveValue(defaultName);
    await nameInput.fill('Work laptop');
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/sdk/v1/webauthn/update/') && response.request().method() === 'PUT',
    );
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(passkeyRows(page)).toHaveCount(1);
    await expect(passkeyRows(page).first()).toContainText('Work laptop');
    expect((await saved).status()).toBe(200);

    await page.reload();
    await expect(passkeyRows(page)).toHaveCount(1);
    await expect(passkeyRows(page).first().getByText('Work laptop', { exact: true })).toBeVisible();
  });

  test('add a second passkey with another authenticator, delete one; the deleted one no longer signs in', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const webauthn = await enableVirtualWebAuthn({ context, page });
    const { email, authenticator: first } = await signUpWithPasskey(page, webauthn, 'second');
    const widget = passkeyWidget(page);

    // Give the first a distinct name (both default names come from the same browser and platform).
    const firstRow = passkeyRows(page).first();
    await firstRow.getByRole('button', { name: /^Rename / }).click();
    await firstRow.getByRole('textbox', { name: 'Passkey name' }).fill('Old phone');
    await firstRow.getByRole('button', { name: 'Save' }).click();
    await expect(passkeyRows(page).first()).toContainText('Old phone');

    // A second device: unplug the first authenticator (keeping its credential) and plug in another.
    const [firstCredential] = await first.credentials();
    if (firstCredential === undefined) throw new Error('The first authenticator holds no credential');
    await first.remove();
    const second = await webauthn.addAuthenticator();
    await createPasskey(page);
    await expect(passkeyRows(page)).toHaveCount(2);
    expect(await second.credentials()).toHaveLength(1);

    // Delete 'Old phone': issue 22 finding 5, it asks first in a dialog; 'Cancel' keeps it, then delete for real.
    await widget.getByRole('button', { name: 'Delete Old phone' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(passkeyRows(page)).toHaveCount(2);
    await widget.getByRole('button', { name: 'Delete Old phone' }).click();
    const deleted = page.waitForResponse(
      (response) =>
        response.url().includes('/sdk/v1/users/webauthn_registrations/') &&
        response.request().method() === 'DELETE',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(passkeyRows(page)).toHaveCount(1);
    await expect(widget.getByText('Old phone')).toHaveCount(0);
    expect((await deleted).status()).toBe(200);

    // The list comes from the server after a reload.
    await page.reload();
    await expect(passkeyRows(page)).toHaveCount(1);
    await expect(widget.getByText('Old phone')).toHaveCount(0);

    // The deleted passkey, still in its authenticator, is refused (SPEC §8); the remaining one signs in.
    const [secondCredential] = await second.credentials();
    if (secondCredential === undefined) throw new Error('The second authenticator holds no credential');
    await second.setPresenceSimulation(false);
    await signOut(page);
    await second.remove();
    const stale = await webauthn.addAuthenticator();
    await stale.addCredential(firstCredential);
    await page.goto(BUTTON_CONFIG_PATH);
    await page.getByRole('button', { name: TEXT.loginWithPasskey }).click();
    await expect(page.getByText(TEXT.registrationNotFound)).toBeVisible();
    await page.goto('/account');
    await expect(page.getByText('You are not signed in.')).toBeVisible();

    await stale.remove();
    const restored = await webauthn.addAuthenticator();
    await restored.addCredential(secondCredential);
    await page.goto(BUTTON_CONFIG_PATH);
    await page.getByRole('button', { name: TEXT.loginWithPasskey }).click();
    await expect(page.getByText(TEXT.confirmationText)).toBeVisible();
    await expectSignedInAs(page, email);
    // The refused sign-in's 404 is the only error the browser logs.
    expect(consoleErrors.filter((line) => !/status of 404/.test(line))).toEqual([]);
  });

  test('registering the same authenticator twice shows the already-registered message', async ({
    page,
    context,
  }) => {
    const webauthn = await enableVirtualWebAuthn({ context, page });
    const { authenticator } = await signUpWithPasskey(page, webauthn, 'twice');
    const widget = passkeyWidget(page);

    await widget.getByRole('button', { name: TEXT.addPasskey }).click();
    // SPEC §8: excludeCredentials makes the authenticator refuse (InvalidStateError).
    await expect(widget.getByText(TEXT.alreadyRegistered)).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await authenticator.credentials()).toHaveLength(1);
    // Nothing was added on the server.
    await page.reload();
    await expect(passkeyRows(page)).toHaveCount(1);
  });
});

// Issue 22 finding 1: before, a signed-in visitor of the sign-in page got the whole sign-in form, and its passkey
// autofill asked /webauthn/authenticate/start/secondary six times (each a 404 for a user without passkeys) under a
// red "Passkey registration not found" banner.
test.describe('issue 22: a signed-in visitor of the sign-in page', () => {
  test.describe.configure({ timeout: 60_000 });

  /** The paths of the passkey sign-in starts the page asks for, as they are sent. */
  function recordAutofillStarts(page: Page): string[] {
    const paths: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes('/webauthn/authenticate/start')) paths.push(path);
    });
    return paths;
  }

  test('is taken to /account (replacing the entry): no sign-in form, no passkey start, no banner', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('arrive');
    await signUpByEmail(page, email);
    const starts = recordAutofillStarts(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
    await expect(page.getByTestId('account-emails')).toContainText(email);
    await expect(page.locator('#login')).toHaveCount(0);
    await expect(page.getByText(TEXT.registrationNotFound)).toHaveCount(0);
    expect(starts).toEqual([]);
    // The sign-in page left no entry of its own: Back goes to the page before it, not to a page that sends on.
    await page.goBack();
    await expect(page).toHaveURL(/\/account$/);
    expect(starts).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('on the widget bench (dev overrides) the widget stays, and its autofill waits until it can succeed', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const email = uniqueEmail('bench');
    await signUpByEmail(page, email);
    const starts = recordAutofillStarts(page);
    // A user without passkeys: the secondary start could only answer 404, so autofill does not start.
    await page.goto('/?products=emailMagicLinks,passkeys');
    await expect(page.getByTestId('signed-in-notice')).toContainText(email);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'autocomplete',
      'username webauthn',
    );

    // Signed out in another tab, the person is a visitor again: now autofill can succeed, and it starts (primary).
    const other = await context.newPage();
    await other.goto('/account');
    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(other).toHaveURL(/\/$/);
    // Before the fix, secondary starts (each a 404) had gone out by now, seconds after the page loaded.
    expect(starts.filter((path) => !path.endsWith('/start/primary'))).toEqual([]);
    await expect(page.getByTestId('signed-in-notice')).toHaveCount(0);
    await expect
      .poll(() => starts.filter((path) => path.endsWith('/start/primary')).length)
      .toBeGreaterThan(0);
    expect(starts.filter((path) => !path.endsWith('/start/primary'))).toEqual([]);
    await expect(page.getByText(TEXT.registrationNotFound)).toHaveCount(0);
    await expect(page.locator('#login .gh-banner')).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });
});
