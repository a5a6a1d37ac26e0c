// Writes docs/sign-in.png, the README's screenshot of the sign-in page (ROADMAP issue 11 "screenshots").
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';

const SCREENSHOT = join(import.meta.dirname, '..', '..', 'docs', 'sign-in.png');
const MAX_BYTES = 200 * 1024;

test.use({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 1, colorScheme: 'light' });

test('screenshot of the sign-in page for the README', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The widget renders asynchronously (bootstrap fetch); wait until its container has content.
  await expect(page.locator('#login > *').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: SCREENSHOT, animations: 'disabled', caret: 'hide' });
  expect(statSync(SCREENSHOT).size).toBeLessThanOrEqual(MAX_BYTES);
});
