// The account page people can live in (issue 13 item 3 and its E2E lines): enrol an authenticator app (codes
// computed here with `otpauth` from the secret the page shows; the recovery codes are shown once), add an e-mail
// address with a passcode from the dev outbox and remove it, and "Sign out everywhere else" from a second browser
// context (the first context's session is refused afterwards); axe on the account page in each state. Every test uses
// its own e-mail addresses. Issue 22 finding 7: sessions are named by device ("Chrome on Linux"), never by the raw
// User-Agent, and the page shows no user or session id.
import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { signInByEmail } from '../support/account';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-acct-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** The authenticator's current code for a base32 secret (RFC 6238: SHA-1, 6 digits, 30 s, as the server). */
function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

function toasts(page: Page) {
  return page.getByTestId('app-toasts');
}

/** The ids the SDK holds for this page (its cached state, `gatehouse_sdk_state_<public_token>`). */
async function heldIds(page: Page): Promise<{ userId: string; sessionId: string }> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      if (!key.startsWith('gatehouse_sdk_state_') || key.includes('::')) continue;
      const state = JSON.parse(localStorage.getItem(key) ?? 'null') as {
        session?: { session_id?: string; user_id?: string };
      } | null;
      return { userId: state?.session?.user_id ?? '', sessionId: state?.session?.session_id ?? '' };
    }
    return { userId: '', sessionId: '' };
  });
}

test.describe('account page', () => {
  // Sign-ups and several page loads on a 2-core machine shared with other suites.
  test.describe.configure({ timeout: 60_000 });

  test('enrol an authenticator app: QR code, key, recovery codes shown once, confirm with a code', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('totp');
    await signInByEmail(page, email);
    const section = page.getByTestId('account-totp');
    await expect(section.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
    await expectNoAxeViolations(page); // signed in, nothing set up

    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = section.getByRole('img', { name: 'QR code to add this account to an authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await section.getByTestId('account-totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const codes = section.getByTestId('account-recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const shownCodes = (await codes.allTextContents()).map((text) => text.trim());
    expect(new Set(shownCodes).size).toBe(10);
    await expect(section.getByRole('button', { name: 'Copy codes' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Download codes' })).toBeVisible();
    await expectNoAxeViolations(page); // enrolment

    // Finishing needs the "I saved them" box first.
    const finish = section.getByRole('button', { name: 'Finish set-up' });
    await section.getByRole('textbox', { name: 'Code from the app' }).fill(totpCode(secret));
    await expect(finish).toBeDisabled();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download codes' }).click();
    expect((await download).suggestedFilename()).toBe('gatehouse-recovery-codes.txt');
    await section.getByRole('checkbox', { name: 'I saved my recovery codes' }).check();
    await expect(finish).toBeEnabled();
    await finish.click();

    await expect(section.getByText('An authenticator app is set up.')).toBeVisible();
    await expect(section.getByTestId('account-recovery-remaining')).toHaveText('10 recovery codes left.');
    await expect(toasts(page)).toContainText('The authenticator app is set up.');
    // Shown once: the codes are gone from the page and do not come back on a reload.
    await expect(section.getByTestId('account-recovery-codes')).toHaveCount(0);
    for (const code of shownCodes.slice(0, 2)) await expect(page.getByText(code)).toHaveCount(0);
    await expectNoAxeViolations(page); // set up
    // SPEC §9: the app's toasts close themselves after 5000 ms (a wait for the condition, bounded).
    await expect(toasts(page)).not.toContainText('The authenticator app is set up.', { timeout: 8000 });

    await page.reload();
    await expect(section.getByTestId('account-recovery-remaining')).toHaveText('10 recovery codes left.');
    await expect(section.getByTestId('account-recovery-codes')).toHaveCount(0);
    for (const code of shownCodes) await expect(page.getByText(code)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('add an e-mail address with a passcode from the outbox, then remove it', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('main');
    const added = uniqueEmail('added');
    await signInByEmail(page, email);

    const form = page.getByTestId('account-add-email');
    await form.getByRole('textbox', { name: 'New e-mail address' }).fill(added);
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByText(`A 6-digit code was sent to ${added}.`)).toBeVisible();
    await expectNoAxeViolations(page); // code entry
    const message = await waitForMessage({ to: added, channel: 'email', where: (m) => m.codes.length > 0 });
    await form.getByRole('textbox', { name: 'Code' }).fill(message.codes[0]!);
    // The sixth digit submits by itself (the six-box code input, issue 22 finding 10).
    await expect(page.getByTestId('account-emails').getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('account-emails')).toContainText(added);
    await expect(toasts(page)).toContainText(`${added} was added.`);
    await expectNoAxeViolations(page); // two addresses

    await page.getByRole('button', { name: `Remove ${added}` }).click();
    // Issue 22 finding 5: it asks first.
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByTestId('account-emails').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('account-emails')).not.toContainText(added);
    await expect(toasts(page)).toContainText(`${added} was removed.`);

    await expect(page.getByTestId('account-emails')).toContainText(email);
    await expectNoAxeViolations(page); // back to one address
    expect(consoleErrors).toEqual([]);
  });

  test('add an e-mail address by a login link sent secondary: opening it in this browser adds the address', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('linkmain');
    const added = uniqueEmail('linkadded');
    await signInByEmail(page, email);
    const form = page.getByTestId('account-add-email');
    await form.getByRole('textbox', { name: 'New e-mail address' }).fill(added);
    await form.getByRole('button', { name: 'Send a login link instead' }).click();
    await expect(form.getByText(`A login link was sent to ${added}.`)).toBeVisible();
    await expectNoAxeViolations(page); // link sent
    const message = await waitForMessage({ to: added, channel: 'email', where: (m) => m.links.length > 0 });
    await page.goto(message.links[0]!);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('account-emails').getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('account-emails')).toContainText(added);
    await expect(page.getByTestId('account-emails')).toContainText(email);
    expect(consoleErrors).toEqual([]);
  });

  test('sign out everywhere else from a second browser context; the first session is refused afterwards', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('sessions');
    await signInByEmail(page, email);
    const sessions = page.getByTestId('account-session-list').getByRole('listitem');
    await expect(sessions).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

    const other = await (browser as Browser).newContext({ baseURL });
    try {
      const second = await other.newPage();
      await signInByEmail(second, email);
      const list = second.getByTestId('account-session-list').getByRole('listitem');
      await expect(list).toHaveCount(2);
      await expect(second.locator('[data-current="true"]')).toContainText('This device');
      await expectNoAxeViolations(second); // two sessions

      await second.getByRole('button', { name: 'Sign out everywhere else' }).click();
      // Issue 22 finding 5: it asks first.
      await second.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expect(second.getByTestId('app-toasts')).toContainText('Signed out of 1 other session.');
      await expect(list).toHaveCount(1);
      await expect(second.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);
      await expectNoAxeViolations(second); // after signing the others out

      // The first context's session is refused: its next check ends it and the page says so.
      await page.reload();
      await expect(page.getByText('You are not signed in.')).toBeVisible();
      // The second context is still signed in.
      await second.reload();
      await expect(second.getByTestId('account-emails')).toContainText(email);
    } finally {
      await other.close();
    }
  });

  test('each session is named by its device ("Chrome on Linux"); no User-Agent and no ids on the page (issue 22)', async ({
    page,
    consoleErrors,
  }) => {
    // Debian's Chromium, headless under Playwright, says "HeadlessChrome/…" on "X11; Linux x86_64": the server's
    // parser (bowser) names it Chrome, which is what it is.
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(
      /^Mozilla\/5\.0 \(X11; Linux x86_64\).*Chrome\//,
    );
    await signInByEmail(page, uniqueEmail('devices'));
    const current = page.getByTestId('account-session-list').locator('[data-current="true"]');
    await expect(current.locator('.session-device')).toHaveText('Chrome on Linux This device');
    // When it signed in, its last activity (both as the browser's locale shows a date and time) and its address.
    const times = current.locator('dd time');
    await expect(times).toHaveCount(2);
    for (const time of await times.all()) {
      expect(Number.isNaN(Date.parse((await time.getAttribute('datetime')) ?? ''))).toBe(false);
      await expect(time).toHaveText(/\d{4}/);
    }
    await expect(current.getByText('Signed in', { exact: true })).toBeVisible();
    await expect(current.getByText('Last active', { exact: true })).toBeVisible();
    await expect(current.getByText('IP address', { exact: true })).toBeVisible();
    await expect(current.locator('dd').last()).toHaveText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);

    const { userId, sessionId } = await heldIds(page);
    expect(userId).toMatch(/^user-/);
    expect(sessionId).toMatch(/^session-/);
    const body = page.locator('body');
    await expect(body).not.toContainText('Mozilla/5.0');
    await expect(body).not.toContainText(userId);
    await expect(body).not.toContainText(sessionId);
    await expect(body).not.toContainText('User ID');
    // Not in the markup either (attributes included).
    const markup = await body.innerHTML();
    for (const hidden of ['Mozilla/5.0', userId, sessionId]) expect(markup).not.toContain(hidden);
    await expectNoAxeViolations(page); // the sessions list with device names
    expect(consoleErrors).toEqual([]);
  });
});
