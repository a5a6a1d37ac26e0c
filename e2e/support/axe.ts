// Accessibility check with axe-core (ROADMAP issue 11: WCAG 2.2 AA): fails with a readable list of violations.
//
// A page without frames is checked by axe.run in the page itself, with axe-core injected once per document. The
// E2E suite checks every screen it visits, and @axe-core/playwright's AxeBuilder costs each check ~700 ms here: it
// sends axe-core's 1.3 MB source again on every call, and finishes every run in a new blank page it opens, injects
// and closes. In the page: ~150–250 ms, the rules themselves. A page with frames still goes through AxeBuilder, which
// injects axe into each frame and merges their results (axe.runPartial, axe.finishRun). Same axe-core, same tags,
// same rules: the violations are the same either way (tests/axe-helper.spec.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ElementContext } from 'axe-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. third-party frames). */
  exclude?: string[];
  /** CSS selectors to check instead of the whole page (e.g. one widget; page-level rules then do not run). */
  include?: string[];
}

/**
 * The axe-core AxeBuilder itself injects (its own dependency), so both ways run the same rules: its minified build.
 * The package's `source` is the unminified axe.js (1.3 MB), which Chromium took ~190 ms to take in on every document;
 * axe.min.js is the same code at 0.6 MB.
 */
const AXE_SOURCE = readFileSync(
  join(
    dirname(
      createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core'),
    ),
    'axe.min.js',
  ),
  'utf8',
);

type AxeWindow = Window & {
  axe?: { run(context: ElementContext, options: object): Promise<Pick<AxeResults, 'violations'>> };
};

export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  const results = (await checkInPage(page, options)) ?? (await checkWithBuilder(page, options));
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(summary, `axe found WCAG violations on ${page.url()}`).toEqual([]);
}

/**
 * axe.run in a page without frames, or null when the page has frames (before or after the run). Only the violations
 * are worked out whole and sent back: with every pass and incomplete result too (axe's default), a check took a
 * quarter longer (otp, passwords and screens specs: 78 checks, 23.6 → 17.4 s).
 */
export async function checkInPage(
  page: Page,
  options: AxeOptions,
): Promise<Pick<AxeResults, 'violations'> | null> {
  if (page.frames().length > 1) return null;
  if (!(await page.evaluate(() => typeof (window as AxeWindow).axe === 'object'))) {
    await page.evaluate(AXE_SOURCE);
  }
  const results = await page.evaluate(
    ({ include, exclude, tags }) => {
      const axe = (window as AxeWindow).axe;
      if (axe === undefined) throw new Error('axe-core did not load into the page');
      const context: ElementContext =
        include.length > 0 ? { include, exclude } : exclude.length > 0 ? { exclude } : document;
      // No frames to visit: a frame that appears meanwhile makes the caller check again with AxeBuilder.
      return axe
        .run(context, { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] })
        .then((results) => ({ violations: results.violations }));
    },
    { include: options.include ?? [], exclude: options.exclude ?? [], tags: WCAG_TAGS },
  );
  return page.frames().length > 1 ? null : results;
}

/** @axe-core/playwright's AxeBuilder: every frame, merged by axe.finishRun in a blank page. */
export async function checkWithBuilder(page: Page, options: AxeOptions): Promise<AxeResults> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  return builder.analyze();
}
