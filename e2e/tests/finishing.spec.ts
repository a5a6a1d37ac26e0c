// Issue 22 "A finished product", findings 8, 9 (320 px) and 10 (widget toasts, dev outbox, favicon), in Chromium:
// - 8: messages signed with the name the page shows ("Gatehouse", not "Development"); one visible heading on the
//   sign-in page; a passcode or password sign-in goes on to /account like a login link (passkeys: passkeys.spec.ts,
//   "sign in with passkey autofill"); the text after a password reset: passwords.spec.ts.
// - 9: at 320 px the country selector reads "US +1", social labels stay on one line, the page does not scroll
//   sideways.
// - 10: the widget's toast covers no button; the dev outbox looks like the app and passes axe; the favicon answers.
//
// The worker's server is shared with other files: every test uses its own address or number (+1 312 555 01xx here,
// a prefix no other file sends to).
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `finishing-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** A valid US number in the fictional 555-01xx range: what a visitor types, and the E.164 form. */
function nextPhone(): { typed: string; e164: string } {
  counter += 1;
  const line = `01${String((counter + process.pid) % 100).padStart(2, '0')}`;
  return { typed: `312-555-${line}`, e164: `+1312555${line}` };
}

const PASSWORD = 'Juniper-Falcon-Orchard-6203';

/** Standard sign-in page: Text tab, a number, 'Continue with text message' → OTPAuthenticate. */
async function sendSmsCode(page: Page, phone: { typed: string }): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Phone number').fill(phone.typed);
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
}

/** The headings a sighted visitor sees (a visually hidden one has a 1×1 px, clipped box). */
async function visibleHeadings(page: Page): Promise<string[]> {
  return page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) =>
    headings
      .filter((heading) => {
        const box = heading.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && getComputedStyle(heading).visibility !== 'hidden';
      })
      .map((heading) => heading.textContent?.trim() ?? ''),
  );
}

/** Buttons, links and inputs in view whose centre another element covers (elementFromPoint is not them). */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>('button, a[href], input, select')) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      // The transparent <select> of the country selector lies over its compact text: the hit is the select.
      if (hit !== null && (hit === control || control.contains(hit) || hit.contains(control))) continue;
      covered.push(
        `${control.tagName.toLowerCase()} "${control.textContent?.trim() || control.getAttribute('aria-label') || ''}" under ${hit?.className || hit?.tagName}`,
      );
    }
    return covered;
  });
}

test.describe('finding 8: one name, one heading, on to the account page', () => {
  test('messages from the sign-in page are signed "Gatehouse", the name the page shows', async ({ page }) => {
    const phone = nextPhone();
    await sendSmsCode(page, phone);
    await expect(page.locator('.brand')).toHaveText('Gatehouse');
    const sms = await waitForMessage({ to: phone.e164, channel: 'sms' });
    expect(sms.text).toMatch(/^\d{6} is your Gatehouse passcode\./);
    expect(sms.text).not.toContain('Development');

    const email = uniqueEmail('link');
    await page.goto('/');
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Continue with email' }).click();
    const mail = await waitForMessage({ to: email, channel: 'email' });
    expect(mail.subject).toContain('Gatehouse');
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain('Development');
  });

  test('the sign-in page shows one heading, the widget’s; the page’s h1 is for assistive technology', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Sign up or log in' })).toBeVisible();
    expect(await visibleHeadings(page)).toEqual(['Sign up or log in']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Gatehouse');
    await expect(page.getByText('Sign up or log in to continue.')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a passcode sign-in goes on to the account page', async ({ page }) => {
    const phone = nextPhone();
    await sendSmsCode(page, phone);
    const sms = await waitForMessage({ to: phone.e164, channel: 'sms' });
    await page.getByLabel('One-time passcode').pressSequentially(sms.codes[0] ?? '');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
    // The history entry of the sign-in page was replaced: Back does not return to a finished sign-in.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
  });

  test('a password sign-up and a password log-in go on to the account page', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('password');
    await page.goto('/?products=passwords');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Continue with email' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    // The server's first strength check loads zxcvbn's dictionaries: slow on a busy machine.
    await expect(page.getByText('Password accepted.')).toBeAttached({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');

    // Log in on another browser (no session there yet).
    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await second.goto('/?products=passwords');
    await second.getByRole('textbox', { name: 'Email' }).fill(email);
    await second.getByRole('button', { name: 'Continue with email' }).click();
    await expect(second.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await second.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await second.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(second).toHaveURL(/\/account$/);
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Your account');
    await other.close();
  });
});

test.describe('finding 9: 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const PROVIDERS = 'google,microsoft,apple,github,salesforce,linkedin,bitbucket';

  test('the country selector reads "US +1", social labels keep one line, nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto(
      `/?products=oauth,otp,emailMagicLinks&otp_methods=sms,whatsapp&oauth_providers=${PROVIDERS}`,
    );
    const social = page.locator('[data-section="oauth"]');
    await expect(social.getByRole('button')).toHaveCount(7);
    await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');

    // The closed selector shows the region and its calling code in full; the options keep the country names.
    const country = page.getByLabel('Country');
    await expect(country).toHaveValue('US');
    const compact = page.locator('.gh-country-value');
    await expect(compact).toHaveText('US +1');
    expect(await compact.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expect(country.locator('option:checked')).toHaveText('United States (+1)');
    await country.selectOption('GB');
    await expect(compact).toHaveText('GB +44');

    // Every social label on one line, shown whole; the logo keeps its size.
    const labels = await social.locator('button[data-provider]').evaluateAll((buttons) =>
      buttons.map((button) => {
        const label = button.querySelector('span') as HTMLElement;
        const logo = button.querySelector('svg') as SVGElement;
        return {
          text: label.textContent,
          lines: Math.round(
            label.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(label).lineHeight),
          ),
          whole: label.scrollWidth <= label.clientWidth,
          logo: logo.getBoundingClientRect().width,
        };
      }),
    );
    for (const label of labels)
      expect(label, label.text ?? '').toMatchObject({ lines: 1, whole: true, logo: 20 });

    // The page does not scroll sideways (WCAG 1.4.10 reflow).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page);
  });
});

test.describe('finding 10: toasts, dev outbox, favicon', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the "Code resent" toast covers no button or link', async ({ page }) => {
    const phone = nextPhone();
    await sendSmsCode(page, phone);
    expect(await coveredControls(page)).toEqual([]);
    await page.getByRole('button', { name: 'Resend code' }).click();
    const toast = page.locator('.gh-toast', { hasText: 'Code resent' });
    await expect(toast).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);
    // Scrolled to the top or the bottom, still nothing under the toast.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(toast).toBeVisible();
    expect(await coveredControls(page)).toEqual([]);
  });

  test('the dev outbox looks like the app, lists its messages readably and passes axe', async ({ page }) => {
    const email = uniqueEmail('outbox');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Continue with email' }).click();
    await waitForMessage({ to: email, channel: 'email' });

    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dev outbox');
    // The app's header, font and colours (apps/web/src/styles.css, SPEC §9).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Gatehouse' })).toBeVisible();
    const body = await page.locator('body').evaluate((element) => {
      const style = getComputedStyle(element);
      return { font: style.fontFamily, background: style.backgroundColor, color: style.color };
    });
    expect(body).toEqual({
      font: 'Arial, Helvetica, sans-serif',
      background: 'rgb(245, 247, 248)',
      color: 'rgb(25, 48, 61)',
    });
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(card).toHaveCSS('border-radius', '8px');
    await expect(card.getByText(email, { exact: true })).toBeVisible();
    await expect(card.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/)).toBeVisible();
    await expect(page.getByText('1 message for', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filter' })).toHaveCSS('height', '45px');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page);
    // The app's dark palette under a dark system setting (issue 22 "Themes"), with contrast checked by axe.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(14, 23, 29)');
    await expect(card).toHaveCSS('background-color', 'rgb(20, 33, 42)');
    await expectNoAxeViolations(page);
  });

  test('the favicon: linked from the app and the outbox, /favicon.svg and /favicon.ico answer', async ({
    page,
  }) => {
    const notFound: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) notFound.push(response.url());
    });
    await page.goto('/');
    await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    await page.goto('/dev/outbox');
    await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^image\/svg\+xml/);
      expect(await response.text(), path).toContain('<svg');
    }
    // The icon the page links, loaded as an image, draws (no 404, a real SVG).
    const size = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(image.naturalWidth);
          image.onerror = () => resolve(-1);
          image.src = '/favicon.ico';
        }),
    );
    expect(size).toBeGreaterThan(0);
    expect(notFound.filter((url) => url.includes('favicon'))).toEqual([]);
  });
});
