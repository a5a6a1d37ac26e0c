#!/usr/bin/env node
// Makes sure a Chromium is available for the E2E tests and prints its path.
// Order: CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser; if none and we are root on a Debian-like
// system, install Debian's `chromium` package. Never downloads Playwright's browsers (DESIGN.md "Tests").
import { existsSync } from 'node:fs';
import { findChromium } from './lib/chromium.mjs';
import { canInstallDebianPackages, ensureExecutable, installDebianPackages } from './lib/system-tool.mjs';

const TAG = 'ensure-chromium';
const LIBERATION = '/usr/share/fonts/truetype/liberation';
const IPA_GOTHIC = '/usr/share/fonts/opentype/ipafont-gothic';
const HOW_TO =
  'Install Chromium (Debian/Ubuntu: `sudo apt-get install -y --no-install-recommends chromium`) ' +
  'or set CHROMIUM_PATH to a Chromium/Chrome executable.';

const path = ensureExecutable({
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

console.log(path);
