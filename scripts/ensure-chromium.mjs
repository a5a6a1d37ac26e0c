#!/usr/bin/env node
// Makes sure a Chromium is available for the E2E tests and prints the path they use.
// Order: CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser; if none and we are root on a Debian-like
// system, install Debian's `chromium` package. Then, without CHROMIUM_PATH, Debian's `chromium-headless-shell` (the
// same build; the E2E tests run in it, scripts/lib/chromium.mjs says why), installed the same way; where it cannot
// be, the tests run in the full Chromium. Never downloads Playwright's browsers (DESIGN.md "Tests").
import { existsSync } from 'node:fs';
import { findChromium, findTestChromium, HEADLESS_SHELL_CANDIDATES } from './lib/chromium.mjs';
import {
  canInstallDebianPackages,
  ensureExecutable,
  installDebianPackages,
  isExecutable,
} from './lib/system-tool.mjs';

const TAG = 'ensure-chromium';
const LIBERATION = '/usr/share/fonts/truetype/liberation';
const IPA_GOTHIC = '/usr/share/fonts/opentype/ipafont-gothic';
const HOW_TO =
  'Install Chromium (Debian/Ubuntu: `sudo apt-get install -y --no-install-recommends chromium`) ' +
  'or set CHROMIUM_PATH to a Chromium/Chrome executable.';

ensureExecutable({
  tag: TAG,
  find: findChromium,
  packageName: 'chromium',
  howTo: HOW_TO,
  looked: 'CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser',
  installTime: 'about 10 s',
});

// Liberation Sans: the Arial-metric font the widget's font stack meets on visitors' machines. Without it Chromium
// falls back to DejaVu Sans, about 12 % wider, and the 320 px checks (finishing.spec.ts) measure a font no visitor
// has. Installed like Chromium (root on Debian), otherwise named.
if (!existsSync(LIBERATION)) {
  if (canInstallDebianPackages()) {
    installDebianPackages(TAG, HOW_TO, ['fonts-liberation']);
  } else {
    console.error(
      `${TAG}: no ${LIBERATION}; the 320 px layout tests need it (\`sudo apt-get install -y fonts-liberation\`).`,
    );
  }
}

// A Japanese font (IPA Gothic) for the locale screenshots (issue 27, docs/screens/locales): without one Chromium
// draws Japanese as empty boxes. The tests pass without it; the screenshots would be unreadable.
if (!existsSync(IPA_GOTHIC)) {
  if (canInstallDebianPackages()) {
    installDebianPackages(TAG, HOW_TO, ['fonts-ipafont-gothic']);
  } else {
    console.error(
      `${TAG}: no ${IPA_GOTHIC}; Japanese screenshots need it (\`sudo apt-get install -y fonts-ipafont-gothic\`).`,
    );
  }
}

if (!process.env.CHROMIUM_PATH && !HEADLESS_SHELL_CANDIDATES.some(isExecutable)) {
  if (canInstallDebianPackages()) {
    installDebianPackages(TAG, HOW_TO, ['chromium-headless-shell']);
  } else {
    console.error(
      `${TAG}: no ${HEADLESS_SHELL_CANDIDATES.join(', ')}; the E2E tests run in the full Chromium, more slowly ` +
        '(`sudo apt-get install -y chromium-headless-shell`).',
    );
  }
}

console.log(findTestChromium());
