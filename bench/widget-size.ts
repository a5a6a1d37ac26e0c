// Widget size (issue 3 "Benchmarks"): `mountLogin` (with the `createClient` every page needs) bundled for the
// browser by esbuild — minified, ESM, code splitting, React and react-dom external — and each output file gzipped
// (zlib default level, as a web server sends it). Printed per configuration: the initial load = the entry, the
// chunks it imports statically, and the chunks that load when the widget mounts with that configuration; also the
// headless SDK alone, and Stytch's 4.13.1 UI and headless client built the same way in the same run. Budgets are
// the measured figures plus a little headroom (issue 23 item 4), so a regression fails here and in the examples'
// test (e2e/tests/examples.spec.ts, the packed build, which runs a few hundred bytes heavier). On 2026-12-07, with
// the pre-paint of issue 23 item 2 (~1 KiB in every first load) and the SDK's error-type list out of it (0.4 KiB):
// default ≤ 20 KiB (the issue's target; 19.5 measured), every method ≤ 33 KiB at mount (32.2; 30.9 before the
// pre-paint) and ≤ 40 KiB once a phone number is typed (the issue's target; 39.4; 46.3 before the SDK parsed with
// its own sdk/src/phone-parse.ts; the metadata loads per calling code, ~1.2 KiB for +1), crypto ≤ 26 (25.2), the
// SDK ≤ 8 KiB (7.5), the script tag ≤ 31 KiB (30.0).
// Hanko's elements: 46 KiB.
//
// Which chunks load at mount is found by loading the widget in Chromium and recording the requests (the page
// build of bench/first-render.ts, React bundled so the page runs), then mapping the requested files to the
// source modules in them (esbuild's metafile) and those modules to the chunks of the size build: both builds
// split the widget's modules the same way, only React is in or out.
//
// The script tag (issue 21 item 2, scripts/lib/script-tag-build.mjs) is measured as a plain page gets it: its
// build served as the server serves it, a page of one classic <script src="/gatehouse.js"> and mountLogin with
// the default configuration, and the gzipped size of every script Chromium fetched until the widget settled
// (gatehouse.js, the widget module, its static chunks, the chunks of the mount). React and react-dom are in it,
// so it stands beside the React build's default figure plus React. Budget: ≤ 75 KiB.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { build, type Metafile } from 'esbuild';
import { buildScriptTag, MODULE_FOLDER, SCRIPT_FILE } from '../scripts/lib/script-tag-build.mjs';
import {
  BENCH_ENTRY,
  buildWidget,
  launchChromium,
  PAGE_ENTRY,
  type PageServer,
  PUBLIC_TOKEN,
  pageHtml,
  ROOT,
  startPageServer,
} from './first-render';
import type { BenchResult, BenchRow } from './report';

const KIB = 1024;
const SETTLE_MS = 500;

interface Scenario {
  label: string;
  /** The `config` passed to mountLogin (null: the widget's default, SPEC §1 login links only). */
  config: unknown;
  budgetKiB: number;
  /** Done once the widget settled; what it loads then counts too (e.g. typing a phone number). */
  interact?: (page: Page) => Promise<void>;
}

/**
 * Issue 23 item 4: a visitor focuses the phone field of the Text tab and types a US number, which loads the phone
 * parser and the metadata of +1 only (packages/sdk/src/phone.ts).
 */
async function typeUsPhoneNumber(page: Page): Promise<void> {
  const input = page.locator('#login input[type="tel"]');
  if (!(await input.isVisible())) await page.getByRole('tab', { name: 'Text' }).click();
  await input.focus();
  await input.pressSequentially('4155550123');
}

const EVERY_METHOD_CONFIG = {
  products: ['emailMagicLinks', 'otp', 'passkeys'],
  otpOptions: { methods: ['sms', 'whatsapp'] },
};

const SCENARIOS: Scenario[] = [
  { label: 'default config (login links)', config: null, budgetKiB: 20 },
  {
    // The web app's standard configuration: every sign-in method built so far (login links and e-mail passcodes
    // together are a configuration error, SPEC §2, so e-mail passcodes get their own row).
    label: 'every method: links, SMS, WhatsApp, passkeys',
    config: EVERY_METHOD_CONFIG,
    // Guards (not the issue's budgets) with headroom: 30.9 KiB before issue 23 item 2's pre-paint, which is in every
    // first load (~1 KiB: packages/react/src/pre-paint.ts) and moved the tabs to a chunk (tabbed-form, 0.7).
    budgetKiB: 33,
  },
  {
    label: 'every method, after a US phone number is typed',
    config: EVERY_METHOD_CONFIG,
    budgetKiB: 40,
    interact: typeUsPhoneNumber,
  },
  {
    label: 'every method: SMS, WhatsApp, e-mail codes, passkeys',
    config: { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } },
    budgetKiB: 33,
  },
  {
    // Issue 12: the wallet section (discovery, buttons, base58) loads only with the crypto product.
    label: 'crypto wallets and login links',
    config: { products: ['crypto', 'emailMagicLinks'] },
    // 24.6 KiB before the pre-paint (see above).
    budgetKiB: 26,
  },
];

const SDK_BUDGET_KIB = 8;
// A guard with headroom as the others (the issue's budgets are the React build's): 30.2 KiB measured since the error
// texts and the banner's message load after a call (issue 27).
const SCRIPT_TAG_BUDGET_KIB = 31;

/** Gzipped size of every JS output file of a build, keyed by its path relative to ROOT (as the metafile). */
function gzipSizes(metafile: Metafile): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const path of Object.keys(metafile.outputs)) {
    if (!path.endsWith('.js')) continue;
    sizes.set(path, gzipSync(readFileSync(join(ROOT, path))).length);
  }
  return sizes;
}

function entryOutput(metafile: Metafile): string {
  // Dynamic-import targets are entry points to esbuild too; the page's entry is the virtual module.
  const entry = Object.entries(metafile.outputs).find(([, output]) =>
    output.entryPoint?.endsWith(BENCH_ENTRY),
  );
  if (!entry) throw new Error('esbuild produced no entry output');
  return entry[0];
}

/** The entry and every chunk it imports statically (what the browser fetches before running anything). */
function staticClosure(metafile: Metafile): Set<string> {
  const seen = new Set<string>();
  const queue = [entryOutput(metafile)];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path);
    }
  }
  return seen;
}

function isWidgetModule(input: string): boolean {
  return !input.includes('node_modules/react/') && !input.includes('node_modules/react-dom/');
}

/**
 * Loads the page (by default the widget build's page with a config) in a fresh context and records which JS
 * files it fetched once it settled.
 */
async function recordLoadedFiles(
  browser: Browser,
  server: PageServer,
  config: unknown,
  html = pageHtml(config),
  interact?: (page: Page) => Promise<void>,
): Promise<Set<string>> {
  const context = await browser.newContext();
  const files = new Set<string>();
  let lastRequest = Date.now();
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) {
      files.add(basename(path));
      lastRequest = Date.now();
    }
  });
  try {
    const page = await context.newPage();
    await page.route('**/', (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto(server.url);
    // Mounted, and no section is still showing its loading placeholder.
    await page.waitForFunction(
      () =>
        document.querySelector('#login .gh-widget') !== null &&
        document.querySelector('#login [aria-busy="true"]') === null,
    );
    // Then no new script for SETTLE_MS (e.g. a chunk a section loads after its first render).
    const settle = async () => {
      while (Date.now() - lastRequest < SETTLE_MS) {
        await page.waitForTimeout(SETTLE_MS - (Date.now() - lastRequest));
      }
    };
    await settle();
    if (interact !== undefined) {
      await interact(page);
      lastRequest = Date.now();
      await settle();
    }
    return files;
  } finally {
    await context.close();
  }
}

/** A plain page of the script tag: the classic script, then the default mountLogin, as README shows it. */
function scriptTagPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Gatehouse script tag benchmark</title></head>
<body>
<div id="login"></div>
<script src="/${SCRIPT_FILE}"></script>
<script>
const client = Gatehouse.createClient(${JSON.stringify(PUBLIC_TOKEN)}, { baseUrl: location.origin });
Gatehouse.mountLogin({ client, elementId: '#login' });
</script>
</body>
</html>`;
}

/** React and react-dom as the widget bundles them (minified, production), gzipped: the part no widget code can cut. */
async function reactAloneGzip(): Promise<number> {
  const result = await build({
    stdin: {
      contents:
        "import { createRoot } from 'react-dom/client'; import { jsx } from 'react/jsx-runtime'; import * as React from 'react'; globalThis.keep = [createRoot, jsx, React];",
      resolveDir: join(ROOT, 'packages', 'react'),
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'error',
  });
  return gzipSync(result.outputFiles[0]!.contents).length;
}

interface ScriptTagFigures {
  total: number;
  files: number;
  script: number;
  /** Module files by label, in the order fetched. */
  modules: string[];
}

/** The script tag's first load in Chromium with the default configuration (see the header comment). */
async function measureScriptTag(
  browser: Browser,
  dir: string,
  metafile: Metafile,
): Promise<ScriptTagFigures> {
  // The metafile names the files where they were written before the build moved its folder into place.
  const outputs = new Map(Object.keys(metafile.outputs).map((path) => [basename(path), path]));
  const sizes = new Map<string, number>();
  sizes.set(SCRIPT_FILE, gzipSync(readFileSync(join(dir, SCRIPT_FILE))).length);
  for (const file of readdirSync(join(dir, MODULE_FOLDER))) {
    sizes.set(file, gzipSync(readFileSync(join(dir, MODULE_FOLDER, file))).length);
  }
  const server = await startPageServer({ dir, html: scriptTagPageHtml() });
  try {
    const requested = await recordLoadedFiles(browser, server, null, scriptTagPageHtml());
    if (!requested.has(SCRIPT_FILE)) throw new Error('the script tag page did not load gatehouse.js');
    let total = 0;
    for (const file of requested) {
      const size = sizes.get(file);
      if (size === undefined)
        throw new Error(`the script tag page loaded ${file}, which the build does not have`);
      total += size;
    }
    return {
      total,
      files: requested.size,
      script: sizes.get(SCRIPT_FILE)!,
      modules: [...requested]
        .filter((file) => file !== SCRIPT_FILE)
        .map((file) => `${chunkLabel(outputs.get(file) ?? file, metafile)} ${kib(sizes.get(file)!)}`),
    };
  } finally {
    await server.close();
  }
}

function kib(bytes: number): string {
  return (bytes / KIB).toFixed(1);
}

/** A file's name without its hash, with its biggest source module when it is a shared chunk. */
function chunkLabel(path: string, metafile?: Metafile): string {
  const name = basename(path).replace(/-[A-Z0-9]{8}\.js$/, '');
  if (name !== 'chunk' || metafile === undefined) return name;
  const inputs = Object.entries(metafile.outputs[path]?.inputs ?? {}).sort(
    ([, a], [, b]) => b.bytesInOutput - a.bytesInOutput,
  );
  const biggest = inputs[0]?.[0];
  // A chunk of esbuild's own helpers (CommonJS interop) lists no input.
  if (biggest === undefined) return 'chunk(esbuild runtime)';
  const short = biggest.replace(/^.*node_modules\//, '').replace(/^packages\//, '');
  return `chunk(${short}${inputs.length > 1 ? ` +${inputs.length - 1}` : ''})`;
}

/** Stytch's 4.13.1 builds (a devDependency), sized as ours: the pre-built UI's first load and the headless client. */
export interface StytchSizes {
  /** StytchUIClient's static closure: what a page fetches before the UI can mount (every method is in it). */
  ui: number;
  /** Every file of the UI's build, lazy chunks included. */
  uiEverything: number;
  /** StytchHeadlessClient's static closure. */
  headless: number;
}

async function measureStytch(): Promise<StytchSizes> {
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'gatehouse-bench-stytch-size-')));
  try {
    const [uiDir, headlessDir] = dirs as [string, string];
    const ui = await buildWidget({
      outdir: uiDir,
      entry: `export { StytchUIClient } from '@stytch/vanilla-js';\n`,
      reactExternal: true,
    });
    const headless = await buildWidget({
      outdir: headlessDir,
      entry: `export { StytchHeadlessClient } from '@stytch/vanilla-js/headless';\n`,
      reactExternal: true,
    });
    const uiSizes = gzipSizes(ui);
    const headlessSizes = gzipSizes(headless);
    const sum = (sizes: Map<string, number>, paths: Iterable<string>) =>
      [...paths].reduce((total, path) => total + (sizes.get(path) ?? 0), 0);
    return {
      ui: sum(uiSizes, staticClosure(ui)),
      uiEverything: sum(uiSizes, uiSizes.keys()),
      headless: sum(headlessSizes, staticClosure(headless)),
    };
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Where the measured packages come from: the workspace's source (the bench), or an app's installed tarballs. */
export interface WidgetSource {
  /** Where `@gatehouse/react` and `@gatehouse/sdk` resolve from (default: the workspace, by source condition). */
  resolveDir?: string;
  conditions?: string[];
  /** Also build and measure the script tag (from the workspace: it is not in the tarballs). Default true. */
  scriptTag?: boolean;
  /** Also build and measure Stytch's UI and headless client beside ours. Default true. */
  stytch?: boolean;
}

export interface ScenarioSize {
  label: string;
  budgetKiB: number;
  /** Gzip bytes of the entry, its static imports and the chunks loaded at mount with the scenario's config. */
  bytes: number;
  files: number;
  /** The chunks loaded at mount besides the initial files ("name KiB"). */
  lazy: string[];
}

export interface WidgetSizes {
  scenarios: ScenarioSize[];
  /** Every output file of the widget build (each lazy chunk included). */
  everything: { bytes: number; files: number };
  /** The headless SDK alone: createClient's static closure, React external. */
  sdk: { bytes: number; files: number; budgetKiB: number };
  /** The initial files of the widget build ("name KiB"). */
  initial: string[];
  /** The script tag's first load with the default configuration, React included (null: not measured). */
  scriptTag: (ScriptTagFigures & { budgetKiB: number; reactAlone: number }) | null;
  /** Stytch's figures from the same run (null: not measured). */
  stytch: StytchSizes | null;
}

/** Builds the widget and the SDK, loads the widget per scenario in Chromium, and sizes what each loads. */
export async function measureWidgetSizes(source: WidgetSource = {}): Promise<WidgetSizes> {
  const sizeDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-widget-size-'));
  const pageDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-widget-page-'));
  const sdkDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-sdk-size-'));
  const scriptTagDir = join(mkdtempSync(join(tmpdir(), 'gatehouse-bench-script-tag-')), 'script-tag');
  const resolution = {
    ...(source.resolveDir === undefined ? {} : { resolveDir: source.resolveDir }),
    ...(source.conditions === undefined ? {} : { conditions: source.conditions }),
  };
  let server: PageServer | null = null;
  let browser: Browser | null = null;
  try {
    const sizeBuild = await buildWidget({
      outdir: sizeDir,
      entry: `export { mountLogin } from '@gatehouse/react';\nexport { createClient } from '@gatehouse/sdk';\n`,
      reactExternal: true,
      ...resolution,
    });
    const pageBuild = await buildWidget({
      outdir: pageDir,
      entry: PAGE_ENTRY,
      reactExternal: false,
      ...resolution,
    });
    const sdkBuild = await buildWidget({
      outdir: sdkDir,
      entry: `export { createClient } from '@gatehouse/sdk';\n`,
      reactExternal: true,
      ...resolution,
    });

    const sizes = gzipSizes(sizeBuild);
    const initial = staticClosure(sizeBuild);
    const sum = (paths: Iterable<string>) =>
      [...paths].reduce((total, path) => total + (sizes.get(path) ?? 0), 0);

    server = await startPageServer({ dir: pageDir, html: pageHtml(null) });
    browser = await launchChromium();

    const scenarios: ScenarioSize[] = [];
    for (const scenario of SCENARIOS) {
      const requested = await recordLoadedFiles(
        browser,
        server,
        scenario.config,
        pageHtml(scenario.config),
        scenario.interact,
      );
      // The widget's source modules in the files Chromium fetched…
      const modules = new Set<string>();
      for (const [path, output] of Object.entries(pageBuild.outputs)) {
        if (!requested.has(basename(path))) continue;
        for (const input of Object.keys(output.inputs)) if (isWidgetModule(input)) modules.add(input);
      }
      // …and the size build's chunks that hold them.
      const loaded = new Set(initial);
      for (const [path, output] of Object.entries(sizeBuild.outputs)) {
        if (!path.endsWith('.js') || loaded.has(path)) continue;
        if (Object.keys(output.inputs).some((input) => modules.has(input))) loaded.add(path);
      }
      scenarios.push({
        label: scenario.label,
        budgetKiB: scenario.budgetKiB,
        bytes: sum(loaded),
        files: loaded.size,
        lazy: [...loaded]
          .filter((path) => !initial.has(path))
          .map((path) => `${chunkLabel(path, sizeBuild)} ${kib(sizes.get(path) ?? 0)}`),
      });
    }

    // The script tag, beside the React build's default figure plus React.
    let scriptTag: WidgetSizes['scriptTag'] = null;
    if (source.scriptTag !== false) {
      const scriptTagBuild = await buildScriptTag({ outdir: scriptTagDir });
      scriptTag = {
        ...(await measureScriptTag(browser, scriptTagDir, scriptTagBuild.modules)),
        budgetKiB: SCRIPT_TAG_BUDGET_KIB,
        reactAlone: await reactAloneGzip(),
      };
    }

    const everything = [...sizes.keys()];
    const sdkSizes = gzipSizes(sdkBuild);
    const sdkInitial = staticClosure(sdkBuild);
    return {
      scenarios,
      everything: { bytes: sum(everything), files: everything.length },
      sdk: {
        bytes: [...sdkInitial].reduce((total, path) => total + (sdkSizes.get(path) ?? 0), 0),
        files: sdkInitial.size,
        budgetKiB: SDK_BUDGET_KIB,
      },
      initial: [...initial].map((path) => `${chunkLabel(path, sizeBuild)} ${kib(sizes.get(path) ?? 0)}`),
      scriptTag,
      stytch: source.stytch === false ? null : await measureStytch(),
    };
  } finally {
    await browser?.close();
    await server?.close();
    for (const dir of [sizeDir, pageDir, sdkDir, join(scriptTagDir, '..')]) {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

export async function run(): Promise<BenchResult> {
  const measured = await measureWidgetSizes();
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  let failed = false;
  const stytch = measured.stytch;
  // Stytch's pre-built UI loads every method (and all its screens) before it mounts, so each widget row stands
  // beside that one figure; its phone parsing runs in its hosted iframe, which is not counted (in its favour).
  const stytchColumn = (bytes: number | undefined) => ({
    'Stytch 4.13.1': bytes === undefined ? '—' : kib(bytes),
  });
  for (const scenario of measured.scenarios) {
    const over = scenario.bytes > scenario.budgetKiB * KIB;
    failed ||= over;
    rows.push({
      label: scenario.label,
      figures: {
        'KiB gzip': kib(scenario.bytes),
        ...stytchColumn(stytch?.ui),
        files: scenario.files,
        budget: `≤ ${scenario.budgetKiB} KiB`,
        verdict: over ? 'OVER' : 'PASS',
      },
    });
    notes.push(
      `${scenario.label}: loaded ${scenario.label.includes('typed') ? 'by then' : 'at mount'} besides the entry: ${scenario.lazy.join(', ') || 'nothing'}`,
    );
  }
  rows.push({
    label: 'all widget code (every lazy chunk)',
    figures: {
      'KiB gzip': kib(measured.everything.bytes),
      ...stytchColumn(stytch?.uiEverything),
      files: measured.everything.files,
      budget: '—',
      verdict: 'info',
    },
  });
  const sdkOver = measured.sdk.bytes > measured.sdk.budgetKiB * KIB;
  failed ||= sdkOver;
  rows.push({
    label: 'headless SDK (createClient + magicLinks)',
    figures: {
      'KiB gzip': kib(measured.sdk.bytes),
      ...stytchColumn(stytch?.headless),
      files: measured.sdk.files,
      budget: `≤ ${measured.sdk.budgetKiB} KiB`,
      verdict: sdkOver ? 'OVER' : 'PASS',
    },
  });
  const scriptTag = measured.scriptTag;
  if (scriptTag !== null) {
    const scriptTagOver = scriptTag.total > scriptTag.budgetKiB * KIB;
    failed ||= scriptTagOver;
    rows.push({
      label: 'script tag, default config (React API included: preact/compat)',
      figures: {
        'KiB gzip': kib(scriptTag.total),
        ...stytchColumn(undefined),
        files: scriptTag.files,
        budget: `≤ ${scriptTag.budgetKiB} KiB`,
        verdict: scriptTagOver ? 'OVER' : 'PASS',
      },
    });
    const reactDefault = measured.scenarios[0]?.bytes ?? 0;
    notes.push(
      `script tag: gatehouse.js ${kib(scriptTag.script)}, then ${scriptTag.modules.join(', ')}`,
      `script tag beside the React build: default config ${kib(reactDefault)} KiB + React and react-dom alone ${kib(scriptTag.reactAlone)} KiB (minified, production) = ${kib(reactDefault + scriptTag.reactAlone)} KiB`,
    );
  }
  notes.push(
    `initial files of the widget build: ${measured.initial.join(', ')}`,
    'esbuild: minified ESM, splitting, platform browser, conditions @gatehouse/source; React and react-dom external',
    'Stytch 4.13.1: @stytch/vanilla-js built the same way; the UI row is StytchUIClient and the chunks it imports statically, the SDK row StytchHeadlessClient’s; a chunk prefetched after the first paint is not in a first-load figure (ours prefetch none)',
  );
  return { rows, notes, failed };
}
