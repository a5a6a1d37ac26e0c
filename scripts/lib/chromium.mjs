// Where Chromium lives on this machine (DESIGN.md "Tests": Playwright drives Debian's Chromium, never a
// downloaded browser). Shared by scripts/ensure-chromium.mjs, e2e/playwright.config.ts and the benches.
import { findExecutable } from './system-tool.mjs';

/** The places we look, in order; CHROMIUM_PATH wins when it is set. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Debian's `chromium-headless-shell`: the same Chromium build without the browser's UI layers (the "old headless"
 * Playwright itself runs headless tests in). The E2E suite runs in it: the same specs took 29 % less CPU and 17 %
 * less time than in the full browser's headless mode (otp, passwords and account specs, 146 → 104 s of CPU here),
 * the browser process being as busy as every page together in the full one.
 */
export const HEADLESS_SHELL_CANDIDATES = ['/usr/bin/chromium-headless-shell'];

/**
 * Returns the Chromium executable to use, or null when none is installed.
 * A CHROMIUM_PATH that points nowhere is an error rather than a silent fallback: the user asked for it.
 */
export function findChromium({ env = process.env } = {}) {
  return findExecutable({ envVar: 'CHROMIUM_PATH', candidates: CHROMIUM_CANDIDATES, env });
}

/** The E2E tests' Chromium: CHROMIUM_PATH, else Debian's headless shell, else the full Chromium. */
export function findTestChromium({ env = process.env } = {}) {
  return findExecutable({
    envVar: 'CHROMIUM_PATH',
    candidates: [...HEADLESS_SHELL_CANDIDATES, ...CHROMIUM_CANDIDATES],
    env,
  });
}
