#!/usr/bin/env node
// Makes sure a Chromium is available for the E2E tests and prints its path.
// Order: CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser; if none and we are root on a Debian-like
// system, install Debian's `chromium` package. Never downloads Playwright's browsers (DESIGN.md "Tests").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './lib/chromium.mjs';

const LIBERATION = '/usr/share/fonts/truetype/liberation';

const HOW_TO =
  'Install Chromium (Debian/Ubuntu: `sudo apt-get install -y --no-install-recommends chromium`) ' +
  'or set CHROMIUM_PATH to a Chromium/Chrome executable.';

function fail(message) {
  console.error(`ensure-chromium: ${message}\n${HOW_TO}`);
  process.exit(1);
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  console.error(`ensure-chromium: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0)
    fail(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
}

let path;
try {
  path = findChromium();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

if (!path) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    fail('no Chromium found (looked at CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser).');
  }
  console.error('ensure-chromium: Chromium not found; installing the Debian package (about 10 s).');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
  path = findChromium();
  if (!path) fail('apt-get installed chromium but no executable was found afterwards.');
}

// Liberation Sans: the Arial-metric font the widget's font stack meets on visitors' machines. Without it Chromium
// falls back to DejaVu Sans, about 12 % wider, and the 320 px checks (finishing.spec.ts) measure a font no visitor
// has. Installed like Chromium (root on Debian), otherwise named.
if (!existsSync(LIBERATION)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    console.error(
      `ensure-chromium: no ${LIBERATION}; the 320 px layout tests need it (\`sudo apt-get install -y fonts-liberation\`).`,
    );
  } else {
    run('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-liberation']);
  }
}

console.log(path);
