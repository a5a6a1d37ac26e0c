// Where Chromium lives on this machine (DESIGN.md "Tests": Playwright drives Debian's Chromium, never a
// downloaded browser). Shared by scripts/ensure-chromium.mjs and e2e/playwright.config.ts.
import { accessSync, constants } from 'node:fs';

/** The places we look, in order; CHROMIUM_PATH wins when it is set. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns the Chromium executable to use, or null when none is installed.
 * A CHROMIUM_PATH that points nowhere is an error rather than a silent fallback: the user asked for it.
 */
export function findChromium({ env = process.env } = {}) {
  const explicit = env.CHROMIUM_PATH;
  if (explicit) {
    if (!isExecutable(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file.`);
    return explicit;
  }
  return CHROMIUM_CANDIDATES.find(isExecutable) ?? null;
}
