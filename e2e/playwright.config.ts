// Playwright drives Debian's Chromium (never a downloaded browser, DESIGN.md "Tests"): its headless shell when
// installed (scripts/lib/chromium.mjs findTestChromium says why), else the full browser. Each worker starts its
// own Gatehouse server (e2e/support/fixtures.ts) so workers never share state.
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { findTestChromium } from '../scripts/lib/chromium.mjs';

const executablePath = findTestChromium();
if (!executablePath) {
  throw new Error('No Chromium found. Run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH.');
}

const E2E_DIR = import.meta.dirname;

export default defineConfig({
  testDir: join(E2E_DIR, 'tests'),
  // The server bundle and a migrated data folder every server of the run starts from (support/server.ts).
  globalSetup: join(E2E_DIR, 'support', 'global-setup.ts'),
  outputDir: join(E2E_DIR, '..', 'test-results'),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [
    ['list'],
    // scripts/test.mjs points this at a temp file to sum up the counts.
    [
      'json',
      {
        outputFile: process.env.GATEHOUSE_E2E_JSON_REPORT ?? join(E2E_DIR, '..', 'test-results', 'e2e.json'),
      },
    ],
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    // Locally a failed test keeps its trace with DOM snapshots of every step; the screencast frames and the sources
    // are left out: recording them cost every test a fifth of its CPU (otp, passwords and account specs: 179 → 151 s
    // here; no trace at all, 143 s). In CI none is recorded: a CI run keeps only its log, so a trace there was paid
    // for by every test and read by no one (a failure is run again locally, where it is kept). The failure's own
    // screenshot is still taken.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
