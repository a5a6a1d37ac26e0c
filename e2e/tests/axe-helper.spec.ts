// The E2E suite's accessibility check (support/axe.ts): axe.run in the page finds what @axe-core/playwright's
// AxeBuilder finds, include and exclude narrow it the same way, and a page with a frame goes through AxeBuilder.
import type { AxeResults } from 'axe-core';
import { checkInPage, checkWithBuilder, expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

/** Three violations of different rules, one in each of two regions. */
const FLAWED = `<!doctype html><html lang="en"><head><title>Flawed</title></head><body><main>
  <section id="one"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></section>
  <section id="two"><p style="color:#bbb;background:#fff">Faint text</p></section>
</main></body></html>`;

const found = (results: Pick<AxeResults, 'violations'>) =>
  results.violations
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node.target}`))
    .sort();

test('in the page and through AxeBuilder: the same violations, whole or narrowed', async ({ page }) => {
  await page.setContent(FLAWED);
  for (const options of [{}, { include: ['#one'] }, { exclude: ['#one'] }]) {
    const inPage = await checkInPage(page, options);
    expect(inPage).not.toBeNull();
    expect(found(inPage!)).toEqual(found(await checkWithBuilder(page, options)));
  }
  expect(found((await checkInPage(page, {}))!)).toEqual([
    'button-name button',
    'color-contrast p',
    'image-alt img',
  ]);
  await expect(expectNoAxeViolations(page, { include: ['#two'] })).rejects.toThrow(/color-contrast/);
});

test('a page with a frame is left to AxeBuilder, which checks inside the frame', async ({ page }) => {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Framed</title></head><body><main>
      <iframe title="inner" srcdoc="<!doctype html><html lang='en'><title>Inner</title><img src='x.gif'></html>"></iframe>
    </main></body></html>`,
  );
  await expect(page.frames()).toHaveLength(2);
  expect(await checkInPage(page, {})).toBeNull();
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/image-alt/);
});
