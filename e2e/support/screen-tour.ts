// Helpers of the screen tour (e2e/tests/screens.spec.ts, issue 22 Deliver 4 and 5): for one screen, the checks
// every screen must pass (focus on its heading without a box, axe in light and dark, reflow at 320 px and at 200 %
// zoom) and its four screenshots in docs/screens/ (light and dark, 1280 and 320 px wide).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { type AxeOptions, expectNoAxeViolations } from './axe';
import { expectReflows } from './keyboard';
import {
  COLOR_SCHEMES,
  SCREEN_WIDTHS,
  SCREENS_DIR,
  type ScreenWidth,
  type SpecScreen,
  screenshotName,
} from './spec-screens';

/** The desktop viewport the tour runs at; 320 px screenshots use 320×640. */
export const DESKTOP = { width: 1280, height: 800 } as const;
const HEIGHT_AT: Record<ScreenWidth, number> = { 1280: 800, 320: 640 };
/** The desktop viewport at 200 % zoom, in CSS px. */
const ZOOMED_200 = { width: 640, height: 400 } as const;

/**
 * Where focus must be when the screen shows: its heading (every screen reached from another one); the code
 * input (OTPAuthenticate, issue 13 item 1: the screen's point is the code, and the input names the screen in
 * its description); or nothing to check (the first screen of a page, where the page owns the initial focus).
 */
export type FocusExpectation = 'heading' | 'code-input' | 'first-screen';

/** SPEC §2 names of the screens captured in this run (the tour asserts it saw them all). */
export const visitedScreens = new Set<string>();

/** The widget root of a mode: login (sign-in page), reset-password, passkey-registration (account page). */
export function widgetRoot(page: Page, mode = 'login'): Locator {
  return page.locator(`[data-gatehouse-widget="${mode}"]`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The element's computed outline: none, or how wide. */
async function outlineOf(locator: Locator): Promise<{ style: string; width: number }> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
}

/** Issue 22 finding 10 / Deliver 4: the focused heading draws no box (it is not an operable control). */
export async function expectFocusedWithoutBox(heading: Locator): Promise<void> {
  await expect(heading).toBeFocused();
  const outline = await outlineOf(heading);
  expect(
    outline.style === 'none' || outline.width === 0,
    `the focused heading draws an outline: ${JSON.stringify(outline)}`,
  ).toBe(true);
}

/** Waits until the widget shows `screen` with nothing left loading (lazy sections of Main draw placeholders). */
export async function waitForScreen(widget: Locator, screen: SpecScreen): Promise<void> {
  await expect(widget).toHaveAttribute('data-state', new RegExp(`^${escapeRegExp(screen.state)}(\\.|$)`));
  await expect(widget.locator('.gh-section-placeholder')).toHaveCount(0);
  await expect(widget.locator('[data-screen-heading]')).toBeAttached();
}

/** Axe in light and dark; then the four screenshots. The page is left light, at the desktop size. */
async function checkAndShoot(
  page: Page,
  file: string,
  shoot: (path: string, width: ScreenWidth) => Promise<unknown>,
  axeOptions: AxeOptions = {},
): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  for (const colorScheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, axeOptions);
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT_AT[width] });
      // WCAG 1.4.10 on every screen: at 320 CSS px nothing scrolls sideways and every control is in view.
      if (width === 320 && colorScheme === 'light') await expectReflows(page, page.locator('body'));
      await shoot(join(SCREENS_DIR, screenshotName(file, colorScheme, width)), width);
    }
    if (colorScheme === 'light') {
      // WCAG 1.4.4: 1280×800 at 200 % zoom lays out as 640×400 CSS px.
      await page.setViewportSize(ZOOMED_200);
      await expectReflows(page, page.locator('body'));
    }
    await page.setViewportSize(DESKTOP);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * One SPEC §2 screen: it shows, focus is where it belongs (a heading without a box), axe finds nothing in light
 * and dark, and the widget element's screenshots are written (element screenshots keep the files small).
 */
export async function captureScreen(
  page: Page,
  screen: SpecScreen,
  options: { focus: FocusExpectation; widget?: Locator },
): Promise<void> {
  const widget = options.widget ?? widgetRoot(page);
  await waitForScreen(widget, screen);
  if (options.focus === 'heading') {
    await expectFocusedWithoutBox(widget.locator('[data-screen-heading]'));
  } else if (options.focus === 'code-input') {
    await expect(widget.locator('input[autocomplete="one-time-code"]')).toBeFocused();
  }
  // Axe on the widget alone: the page around it is the same on every screen and is checked whole by capturePage.
  const mode = await widget.getAttribute('data-gatehouse-widget');
  await checkAndShoot(
    page,
    screen.file,
    (path) => widget.screenshot({ path, animations: 'disabled', caret: 'hide' }),
    { include: [`[data-gatehouse-widget="${mode}"]`] },
  );
  visitedScreens.add(screen.name);
}

/**
 * One app page after axe in light and dark: at 320 px the whole page (header and footer included), at 1280 px the
 * page's content in <main> (the rest of a wide page is empty background, which only makes the files bigger).
 */
export async function capturePage(page: Page, file: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The app's pages render one card or section in <main id="main">; the server-rendered dev outbox is its <main>.
  const content =
    (await page.locator('main#main').count()) > 0
      ? page.locator('main#main > *').first()
      : page.locator('main');
  await checkAndShoot(page, file, (path, width) =>
    width === 320
      ? page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' })
      : content.screenshot({ path, animations: 'disabled', caret: 'hide' }),
  );
}

/** The widget's heading of the screen now showing (SPEC §2 texts). */
export function widgetHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

/** Waits for Main with every section loaded (they load on demand). */
export async function openMain(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(widgetHeading(page, 'Sign up or log in')).toBeVisible();
  await expect(page.locator('.gh-section-placeholder')).toHaveCount(0);
}
