// Issue 22 Deliver 5: "A test fails when a screen listed in SPEC §2 has no screenshot." The E2E tour
// (e2e/tests/screens.spec.ts) writes them; this checks the committed docs/screens/ holds all four of every screen
// (light and dark, 1280 and 320 px) and of every app page, as PNG files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PAGES, expectedScreenshots, SCREENS_DIR, SPEC_SCREENS } from './spec-screens';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('docs/screens', () => {
  it('lists SPEC §2 screens, each once', () => {
    const names = SPEC_SCREENS.map((screen) => screen.name);
    expect(new Set(names).size).toBe(names.length);
    // SPEC §2 "Screens" names twenty.
    expect(names).toHaveLength(20);
  });

  it.each(expectedScreenshots())('%s is there (written by e2e/tests/screens.spec.ts)', (file) => {
    const path = join(SCREENS_DIR, file);
    expect(existsSync(path), `${path} is missing: run the E2E tour e2e/tests/screens.spec.ts`).toBe(true);
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${file} is not a PNG`).toBe(true);
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('every screen and page has all four screenshots', () => {
    expect(expectedScreenshots()).toHaveLength((SPEC_SCREENS.length + APP_PAGES.length) * 4);
  });
});
