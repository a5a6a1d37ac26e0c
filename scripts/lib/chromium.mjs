// Where Chromium lives on this machine (DESIGN.md "Tests": Playwright drives Debian's Chromium, never a
// downloaded browser). Shared by scripts/ensure-chromium.mjs and e2e/playwright.config.ts.
import { findExecutable } from './system-tool.mjs';

/** The places we look, in order; CHROMIUM_PATH wins when it is set. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Returns the Chromium executable to use, or null when none is installed.
 * A CHROMIUM_PATH that points nowhere is an error rather than a silent fallback: the user asked for it.
 */
export function findChromium({ env = process.env } = {}) {
  return findExecutable({ envVar: 'CHROMIUM_PATH', candidates: CHROMIUM_CANDIDATES, env });
}
