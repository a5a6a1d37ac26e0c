// Issue 22 finding 10 ("one wide code box") and Deliver 3: the six-box passcode input on OTPAuthenticate — six
// boxes drawn over ONE labelled one-time-code input, typing fills them and submits by itself at the sixth digit,
// Backspace, a pasted code submits, axe in both schemes; and Deliver 4: prefers-reduced-motion stops the
// 'Verifying passcode...' progress bar and the spinners. E-mail passcodes (one method, no tabs); the dev outbox
// has the code. Each test uses its own e-mail address (the worker's server is shared with other files).
import type { Page, Route } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { waitForMessage } from '../support/outbox';

// stay=1: these tests look at the passcode screen's own Success (the page goes on to /account otherwise).
const EMAIL_OTP_ONLY = '/?products=otp&otp_methods=email&stay=1';

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-code-input-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** Main → 'Continue with email' → OTPAuthenticate; the code from the outbox. */
async function reachPasscodeScreen(page: Page, email: string): Promise<string> {
  await page.goto(EMAIL_OTP_ONLY);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();
  const code = (await waitForMessage({ to: email, channel: 'email' })).codes[0];
  if (code === undefined) throw new Error('no passcode in the e-mail');
  return code;
}

function boxes(page: Page) {
  return page.locator('.gh-code-box');
}

async function boxTexts(page: Page): Promise<string[]> {
  return boxes(page).allTextContents();
}

test('six boxes over one labelled input; typed digits fill them, Backspace empties one, the sixth submits', async ({
  page,
  consoleErrors,
}) => {
  const authenticateRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/otps/authenticate'))
      authenticateRequests.push(request.url());
  });
  const code = await reachPasscodeScreen(page, uniqueEmail('typed'));

  const input = page.getByRole('textbox', { name: 'One-time passcode' });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(input).toHaveAttribute('inputmode', 'numeric');
  await expect(input).toHaveAttribute('maxlength', '6');
  // One text field for assistive technology; the six boxes are drawing only.
  await expect(page.locator('form').getByRole('textbox')).toHaveCount(1);
  await expect(boxes(page)).toHaveCount(6);
  await expect(page.locator('.gh-code-boxes')).toHaveAttribute('aria-hidden', 'true');
  const [first, last] = [await boxes(page).first().boundingBox(), await boxes(page).last().boundingBox()];
  expect(first !== null && last !== null && last.x - first.x > 4 * first.width).toBe(true);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);

  await page.keyboard.type(code.slice(0, 4));
  expect(await boxTexts(page)).toEqual([...code.slice(0, 4).split(''), '', '']);
  await expect(page.locator('.gh-code-box[data-active="true"]')).toHaveCount(1);
  expect(await page.locator('.gh-code-box').nth(4).getAttribute('data-active')).toBe('true');
  await page.keyboard.press('Backspace');
  expect(await boxTexts(page)).toEqual([...code.slice(0, 3).split(''), '', '', '']);
  await page.keyboard.type('x'); // not a digit: dropped
  expect(await boxTexts(page)).toEqual([...code.slice(0, 3).split(''), '', '', '']);
  expect(authenticateRequests).toEqual([]);

  await page.keyboard.type(code.slice(3));
  await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  expect(authenticateRequests).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test.describe('with clipboard access', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a pasted " 123 456 "-style code fills the six boxes and submits', async ({ page, consoleErrors }) => {
    const code = await reachPasscodeScreen(page, uniqueEmail('pasted'));
    await expect(boxes(page)).toHaveCount(6);
    await page.evaluate(
      (text) => navigator.clipboard.writeText(text),
      ` ${code.slice(0, 3)} ${code.slice(3)} `,
    );
    await page.getByRole('textbox', { name: 'One-time passcode' }).focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

/** Holds every request to `pattern` until the returned function lets them go. */
async function holdRequests(page: Page, pattern: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(pattern, (route) => {
    held.push(route);
  });
  return async () => {
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(pattern);
  };
}

function animationOf(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).animationName);
}

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`prefers-reduced-motion ${reducedMotion}: the spinner and the progress bar ${
    reducedMotion === 'reduce' ? 'stand still' : 'move'
  }`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion });
    const expected = (name: string) => (reducedMotion === 'reduce' ? 'none' : name);
    const email = uniqueEmail(`motion-${reducedMotion}`);

    // The 'Continue with email' spinner, while the send is held.
    await page.goto(EMAIL_OTP_ONLY);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    const releaseSend = await holdRequests(page, '**/otps/email/login_or_create');
    await page.getByRole('button', { name: 'Continue with email' }).click();
    await expect(page.locator('.gh-spinner')).toHaveCount(1);
    expect(await animationOf(page, '.gh-spinner')).toBe(expected('gh-spin'));
    await releaseSend();
    await expect(page.getByRole('heading', { name: 'Enter passcode' })).toBeVisible();

    // 'Verifying passcode...' and its 10 s progress bar, while the check is held.
    const code = (await waitForMessage({ to: email, channel: 'email' })).codes[0] ?? '';
    const releaseCheck = await holdRequests(page, '**/otps/authenticate');
    await page.keyboard.type(code);
    await expect(page.getByRole('progressbar', { name: 'Verifying passcode...' })).toBeVisible();
    expect(await animationOf(page, '.gh-progress-bar')).toBe(expected('gh-progress'));
    await releaseCheck();
    await expect(page.getByRole('heading', { name: 'Success' })).toBeVisible();
  });
}
