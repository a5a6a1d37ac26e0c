// Issue 23 item 2 "Paint before the network", in real Chromium against the real server: the widget's e-mail form is
// on screen while the bootstrap request is still held open (page.route), and when the answer arrives nothing that
// was painted moves — the cumulative layout shift (PerformanceObserver 'layout-shift', buffered) stays 0, with page
// content below the widget. Both public APIs: <Login> (the sign-in page) and mountLogin (`&mount=plain`). The
// reconciling cases: an answer that turns the 'Powered by' line off, and a repeat visit that paints from the cached
// answer (line on) and then takes a new one (line off). Functional assertions only; bench/first-render.ts times it.
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const BOOTSTRAP = '**/sdk/v1/projects/bootstrap/**';
const WATERMARK = 'Powered by Gatehouse';

/** Sums every layout shift of the page from its start (not those right after input, as CLS does). */
async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { cls: 0, shifts: [] as string[] };
    (window as unknown as { __layoutShifts: typeof state }).__layoutShifts = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        state.cls += entry.value;
        const nodes = (entry.sources ?? []).map((source) =>
          source.node instanceof Element
            ? `${source.node.tagName}.${source.node.className}`
            : String(source.node),
        );
        state.shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShifts(page: Page): Promise<{ cls: number; shifts: string[] }> {
  // Two frames: a shift is reported after the frame that painted it.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(
    () => (window as unknown as { __layoutShifts: { cls: number; shifts: string[] } }).__layoutShifts,
  );
}

/** Content below the widget, painted before bootstrap answers: it would move if the widget grew or shrank. */
async function addContentBelow(page: Page): Promise<void> {
  await page.evaluate(() => {
    const below = document.createElement('p');
    below.id = 'content-below';
    below.textContent = 'Page content below the widget';
    document.body.append(below);
  });
  await expect(page.locator('#content-below')).toBeVisible();
}

/** Holds every bootstrap request until `release()`; `answered` counts those passed on to the server (or edited). */
async function holdBootstrap(page: Page, edit?: (data: Record<string, unknown>) => void) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { pending: 0, answered: 0 };
  await page.route(BOOTSTRAP, async (route: Route) => {
    state.pending += 1;
    await gate;
    if (edit === undefined) {
      await route.continue();
    } else {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      edit(body.data);
      await route.fulfill({ response, json: body });
    }
    state.answered += 1;
  });
  return { state, release };
}

const emailInput = (page: Page) => page.locator('[data-gatehouse-widget] input[type="email"]');

// The e-mail form only (the sign-in page's standard configuration opens on the Text tab).
const EMAIL_ONLY = '/?products=emailMagicLinks';

for (const path of [EMAIL_ONLY, `${EMAIL_ONLY}&mount=plain`]) {
  test(`${path}: the e-mail form is painted while bootstrap is pending, and its answer shifts nothing`, async ({
    page,
    consoleErrors,
  }) => {
    await observeLayoutShifts(page);
    const bootstrap = await holdBootstrap(page);
    await page.goto(path);
    await expect(emailInput(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with email' })).toBeVisible();
    await expect.poll(() => bootstrap.state.pending).toBeGreaterThan(0);
    expect(bootstrap.state.answered).toBe(0);
    await addContentBelow(page);
    // Nothing known yet: the watermark's line is kept, blank.
    await expect(page.getByText(WATERMARK)).toHaveCount(0);
    const before = await layoutShifts(page);

    const answered = page.waitForResponse((response) => response.url().includes('/projects/bootstrap/'));
    bootstrap.release();
    await answered;
    // The dev project shows the watermark to the Gatehouse SDK: reconciled in its kept line.
    await expect(page.getByText(WATERMARK)).toBeVisible();
    const after = await layoutShifts(page);
    expect(after.shifts).toEqual(before.shifts);
    expect(after.cls).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
}

test('an answer that turns the watermark off leaves its line blank: nothing moves', async ({
  page,
  consoleErrors,
}) => {
  await observeLayoutShifts(page);
  const bootstrap = await holdBootstrap(page, (data) => {
    data.disable_sdk_watermark = true;
  });
  await page.goto(`${EMAIL_ONLY}&mount=plain`);
  await expect(emailInput(page)).toBeVisible();
  expect(bootstrap.state.answered).toBe(0);
  await addContentBelow(page);
  const answered = page.waitForResponse((response) => response.url().includes('/projects/bootstrap/'));
  bootstrap.release();
  await answered;
  await expect.poll(() => bootstrap.state.answered).toBe(1);
  // The widget took the answer: it is cached for the next visit.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.entries(localStorage).some(
          ([key, value]) => key.endsWith('::bootstrap') && JSON.parse(value).displayWatermark === false,
        ),
      ),
    )
    .toBe(true);
  await expect(page.getByText(WATERMARK)).toHaveCount(0);
  expect((await layoutShifts(page)).cls).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test('a repeat visit paints from the cached answer, then reconciles with the new one without a shift', async ({
  page,
  consoleErrors,
}) => {
  // First visit: the server's answer (watermark on) is cached.
  await page.goto(`${EMAIL_ONLY}&mount=plain`);
  await expect(page.getByText(WATERMARK)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith('::bootstrap'))))
    .toBe(true);

  await observeLayoutShifts(page);
  const bootstrap = await holdBootstrap(page, (data) => {
    data.disable_sdk_watermark = true;
  });
  await page.reload();
  // Painted from the cache while the request is held: the form and the cached watermark.
  await expect(emailInput(page)).toBeVisible();
  await expect(page.getByText(WATERMARK)).toBeVisible();
  await expect.poll(() => bootstrap.state.pending).toBeGreaterThan(0);
  expect(bootstrap.state.answered).toBe(0);
  await addContentBelow(page);
  const before = await layoutShifts(page);

  bootstrap.release();
  // The new answer (off) replaces the cached one: the text goes, its line stays.
  await expect(page.getByText(WATERMARK)).toHaveCount(0);
  await expect(page.locator('.gh-watermark')).toHaveCount(1);
  const after = await layoutShifts(page);
  expect(after.shifts).toEqual(before.shifts);
  expect(after.cls).toBe(0);
  expect(consoleErrors).toEqual([]);
});
