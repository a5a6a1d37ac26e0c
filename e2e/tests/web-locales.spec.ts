// Issue 27 items 1–3 for the web application and the console's sign-in, in real Chromium:
// - the account page in French (?locale=fr): French texts, <html lang="fr">, dates and times as Intl writes them in
//   French, axe-clean;
// - the account page in Arabic (?locale=ar): <html dir="rtl">, laid out right to left (logical CSS), the e-mail
//   address left to right inside it, no horizontal overflow at 320 px, axe-clean;
// - the browser's languages choose when nothing else does (a German Chromium), and the footer's picker switches at
//   once and is remembered across a reload;
// - the console's sign-in in Japanese from a Japanese browser, on its own <main lang="ja">, the console <html>
//   still English, axe-clean;
// - screenshots of the account page in every locale: docs/screens/locales/web-<tag>.png (and console-sign-in-ja.png).
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { signInByEmail } from '../support/account';
import { expectNoAxeViolations } from '../support/axe';
import { startConsoleServer } from '../support/console';
import { expect, test } from '../support/fixtures';

const LOCALES = ['en', 'fr', 'de', 'es', 'pt-BR', 'ja', 'ar'] as const;
const ACCOUNT_HEADINGS: Record<(typeof LOCALES)[number], string> = {
  en: 'Your account',
  fr: 'Votre compte',
  de: 'Ihr Konto',
  es: 'Tu cuenta',
  'pt-BR': 'Sua conta',
  ja: 'アカウント',
  ar: 'حسابك',
};

const SCREENSHOTS_DIR = join(import.meta.dirname, '..', '..', 'docs', 'screens', 'locales');
const MAX_SCREENSHOT_BYTES = 200 * 1024;

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  const path = join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  expect(statSync(path).size).toBeLessThanOrEqual(MAX_SCREENSHOT_BYTES);
}

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-locales-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** Every <time> in `scope` shows its datetime as Intl writes it in `locale` with `options` (Western digits). */
async function expectTimesIn(
  page: Page,
  selector: string,
  locale: string,
  options: Intl.DateTimeFormatOptions,
) {
  const times = page.locator(`${selector} time`);
  // The sections load on their own: wait for the first time to show.
  await expect(times.first()).toBeVisible();
  for (const time of await times.all()) {
    const shown = await time.evaluate(
      (element, args) =>
        new Intl.DateTimeFormat(args.locale, { numberingSystem: 'latn', ...args.options }).format(
          new Date(element.getAttribute('datetime') ?? ''),
        ),
      { locale, options },
    );
    await expect(time).toHaveText(shown);
  }
}

test.describe('the web app in seven languages (issue 27)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the account page in French: texts, <html lang>, dates per locale, axe', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('fr');
    await signInByEmail(page, email);
    await page.goto('/account?locale=fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Votre compte' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page).toHaveTitle('Votre compte · Gatehouse');
    await expect(page.getByRole('heading', { name: 'Sessions actives' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Se déconnecter de cet appareil' })).toBeVisible();
    // "Member since" is a day; the sessions' times a day and a minute — both as French writes them.
    await expectTimesIn(page, '[data-testid="account-profile"]', 'fr', { dateStyle: 'medium' });
    await expectTimesIn(page, '[data-testid="account-sessions"]', 'fr', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    await expect(page.locator('[data-testid="account-profile"] time').first()).toHaveText(
      /\d{1,2} (janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)\.? \d{4}/,
    );
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('the account page in Arabic: right to left, the e-mail address left to right, 320 px, axe', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('ar');
    await signInByEmail(page, email);
    await page.goto('/account?locale=ar');
    const heading = page.getByRole('heading', { level: 1, name: 'حسابك' });
    await expect(heading).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Laid out right to left by logical properties: the heading's text starts at the card's right edge.
    const layout = await heading.evaluate((element) => {
      const card = element.closest('section, .card') ?? document.body;
      const text = document.createRange();
      text.selectNodeContents(element);
      const headingBox = text.getBoundingClientRect();
      const cardBox = card.getBoundingClientRect();
      return {
        direction: getComputedStyle(element).direction,
        rightGap: cardBox.right - headingBox.right,
        leftGap: headingBox.left - cardBox.left,
      };
    });
    expect(layout.direction).toBe('rtl');
    expect(layout.rightGap).toBeLessThan(layout.leftGap);
    // The address reads left to right inside the Arabic page.
    const address = page.getByTestId('account-emails').getByText(email, { exact: true });
    await expect(address).toBeVisible();
    expect(await address.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 320, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(consoleErrors).toEqual([]);
  });

  test("the browser's language chooses; the footer picker switches at once and is remembered", async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Bei Gatehouse anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const picker = page.getByRole('combobox', { name: 'Sprache' });
    await expect(picker).toHaveValue('de');
    await picker.selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Gatehouse' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Gatehouse' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    // ?locale= outranks the stored choice.
    await page.goto('/?locale=ja');
    await expect(page.getByRole('heading', { level: 1, name: 'Gatehouse にログイン' })).toBeVisible();
    await context.close();
  });

  test('screenshots of the account page in every locale', async ({ page }) => {
    // A fixed address (this server is new each run), so the screenshots change only when the page does.
    await signInByEmail(page, 'amira.dubois@example.com');
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const tag of LOCALES) {
      await page.goto(`/account?locale=${tag}`);
      await expect(page.getByRole('heading', { level: 1, name: ACCOUNT_HEADINGS[tag] })).toBeVisible();
      await expect(page.getByTestId('account-sessions')).toBeVisible();
      await screenshot(page, `web-${tag}`);
    }
  });
});

test.describe("the console's sign-in in another language (issue 27 item 1)", () => {
  test.describe.configure({ timeout: 90_000 });

  test('a Japanese browser gets the sign-in in Japanese on its own <main lang>, axe-clean', async ({
    browser,
  }) => {
    const consoleServer = await startConsoleServer();
    try {
      const context = await browser.newContext({ baseURL: consoleServer.url, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/console');
      const heading = page.getByRole('heading', { level: 1, name: 'コンソールにログイン' });
      await expect(heading).toBeVisible();
      await expect(page.locator('main')).toHaveAttribute('lang', 'ja');
      await expect(page.locator('main')).toHaveAttribute('dir', 'ltr');
      // The console beyond the sign-in is English, and says so.
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page).toHaveTitle('ログイン · Gatehouse コンソール');
      await expect(page.getByRole('combobox', { name: 'テーマ' })).toBeVisible();
      await expectNoAxeViolations(page);
      await screenshot(page, 'console-sign-in-ja');
      await context.close();
    } finally {
      await consoleServer.stop();
    }
  });
});
