// Writes docs/sign-in.png, the README's screenshot of the sign-in page (ROADMAP issue 11 "screenshots"): the real
// widget with the app's standard configuration (login links, SMS and WhatsApp passcodes, passkeys).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';

const SCREENSHOT = join(import.meta.dirname, '..', '..', 'docs', 'sign-in.png');
const MAX_BYTES = 200 * 1024;

test.use({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 1, colorScheme: 'light' });

test('screenshot of the sign-in page for the README', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The widget's sections load on demand: wait until every one of them has rendered (no loading placeholder).
  await expect(page.getByRole('heading', { level: 2, name: 'Sign up or log in' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  // Chromium offers passkeys through the e-mail field's autofill, so the passkey section draws no button here.
  await expect(page.locator('#login [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: SCREENSHOT, animations: 'disabled', caret: 'hide' });
  expect(statSync(SCREENSHOT).size).toBeLessThanOrEqual(MAX_BYTES);
});
