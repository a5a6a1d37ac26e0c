// Keyboard-only and assistive-technology checks for the accessibility E2E (issue 22 Deliver 4, WCAG 2.1.1, 4.1.3,
// 1.4.10): moving focus with Tab alone, where a text is announced (a live region), and whether a page reflows.
import { expect, type Locator, type Page } from '@playwright/test';

/** The focused element, described for failure messages. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    let element: Element | null = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (element === null || element === document.body) return '(body)';
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    return `<${element.tagName.toLowerCase()}> ${name.trim().slice(0, 60)}`;
  });
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has focus, at most `limit` times: a keyboard user reaches
 * it, in the page's own order. Fails naming what Tab went through.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { limit?: number; backwards?: boolean } = {},
): Promise<void> {
  const seen: string[] = [];
  for (let presses = 0; presses <= (options.limit ?? 40); presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    if (presses > 0) seen.push(await describeFocus(page));
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}; it went through:\n  ${seen.join('\n  ')}`);
}

/**
 * WCAG 4.1.3 status messages: `text` is on the page inside a live region (role alert, status or log, or
 * aria-live other than off), so a screen reader announces it without focus moving there.
 */
export async function expectAnnounced(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  const found = await page.evaluate((wanted) => {
    const holds = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').includes(wanted);
    // The innermost elements holding the whole text (it may be split over several spans).
    const innermost = [...document.body.querySelectorAll('*')].filter(
      (element) => holds(element) && ![...element.children].some(holds),
    );
    const regions: string[] = [];
    for (const start of innermost) {
      for (let element: Element | null = start; element !== null; element = element.parentElement) {
        const role = element.getAttribute('role');
        const live = element.getAttribute('aria-live');
        if (
          (role !== null && ['alert', 'status', 'log'].includes(role)) ||
          (live !== null && live !== 'off')
        ) {
          regions.push(role ?? `aria-live=${live}`);
          break;
        }
      }
    }
    return regions;
  }, text);
  expect(found, `"${text}" is not inside a live region (role alert/status/log or aria-live)`).not.toEqual([]);
}

/** WCAG 1.4.10 reflow: no horizontal scrolling, and every control of `scope` lies inside the viewport's width. */
export async function expectReflows(page: Page, scope: Locator): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(
    overflow.scrollWidth,
    `the page scrolls sideways (${JSON.stringify(overflow)}) at ${page.viewportSize()?.width} CSS px`,
  ).toBeLessThanOrEqual(overflow.clientWidth);
  // One round trip for every control (the tour runs this on each of its screens).
  const width = overflow.clientWidth;
  const cut = await scope.evaluate((root, viewportWidth) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex="0"]';
    return [...root.querySelectorAll(selector)]
      .filter((control) => control.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > viewportWidth + 0.5))
      .map(({ control, box }) => `${control.outerHTML.slice(0, 120)} at x ${box.left}–${box.right}`);
  }, width);
  expect(cut, `controls outside the ${width} px wide viewport`).toEqual([]);
}
