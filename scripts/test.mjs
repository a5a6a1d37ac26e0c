#!/usr/bin/env node
// `npm test`: every test, in stages, stopping at the first failure with its exit code:
//   typecheck → lint → HAProxy (when the balancer test runs) → vitest (all projects) → web build → console build
//   → script tag build → Chromium → Playwright.
// The last line is always `Tests: N passed, M failed` (vitest + Playwright, read from their JSON reports).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureConsoleBuild } from './lib/console-build.mjs';
import { bin, ROOT, run, TSC } from './lib/process.mjs';
import { ensureScriptTagBuild } from './lib/script-tag-build.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const reportDir = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
const vitestReport = join(reportDir, 'vitest.json');
const playwrightReport = join(reportDir, 'playwright.json');
const totals = { passed: 0, failed: 0 };

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest's JSON reporter uses Jest's result shape. */
function countVitest() {
  const report = readJson(vitestReport);
  if (!report) return;
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
}

/** Playwright's JSON reporter: expected = passed, flaky = passed on retry, unexpected = failed. */
function countPlaywright() {
  const report = readJson(playwrightReport);
  if (!report?.stats) return;
  totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
  totals.failed += report.stats.unexpected ?? 0;
}

function finish(code) {
  rmSync(reportDir, { recursive: true, force: true });
  console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(code);
}

async function stage(name, action, after = () => {}) {
  const startedAt = Date.now();
  console.log(`\n▶ ${name}`);
  const code = await action();
  after();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  if (code !== 0) {
    console.error(`✖ ${name} failed (exit ${code}) after ${seconds} s`);
    finish(code);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}

await stage('typecheck', () => run(process.execPath, [TSC, '-p', 'tsconfig.json', '--noEmit']));
await stage('lint', () => run(bin('biome'), ['check', '.']));
// The balancer test (packages/server/src/balancer.test.ts) runs with PostgreSQL and Redis, and then needs Debian's
// haproxy: installed here when missing and we are root, else a clear message on how to install it.
if (process.env.TEST_DATABASE_URL && process.env.REDIS_URL) {
  await stage('ensure HAProxy', () => run(process.execPath, [join(ROOT, 'scripts', 'ensure-haproxy.mjs')]));
}
await stage(
  'unit and integration tests (vitest)',
  () =>
    run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]),
  countVitest,
);
await stage('build the web app', () => ensureWebBuild());
await stage('build the console', () => ensureConsoleBuild());
await stage('build the script tag', () => ensureScriptTagBuild());
await stage('ensure Chromium', () => run(process.execPath, [join(ROOT, 'scripts', 'ensure-chromium.mjs')]));
await stage(
  'end-to-end tests (Playwright, Chromium)',
  () =>
    run(bin('playwright'), ['test', '-c', join(ROOT, 'e2e', 'playwright.config.ts')], {
      // The whole suite runs: the example apps' minute of building overlaps the first specs
      // (e2e/support/examples-early.ts).
      env: { ...process.env, GATEHOUSE_E2E_JSON_REPORT: playwrightReport, GATEHOUSE_E2E_EXAMPLES_EARLY: '1' },
    }),
  countPlaywright,
);
finish(0);
