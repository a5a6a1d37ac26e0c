// First render of the widget (issue 3 "Benchmarks", issue 23 item 2): in Chromium (launched like
// e2e/playwright.config.ts), a static page loads the widget built with esbuild (React included, minified, ESM, code
// splitting, from a tiny node:http server that also answers bootstrap with a stub) and measures from the bundle
// starting to run to the e-mail input being visible. The anchor, in the same run and the same harness: the Stytch
// 4.13.1 pre-built UI (StytchUIClient.mountLogin, login links only) built the same way. Each is measured on a first
// visit (a new browser context: empty cache and storage) and on a repeat visit (the same context loaded once before,
// so its bootstrap is cached in localStorage); ours and Stytch's loads alternate, so a busy machine slows both.
// Median of 10 loads each, after one uncounted warm-up. Budget (issue 23 item 2): ours ≤ 50 % of Stytch's median.
//
// "Starting to run" is the first statement of whichever output file Chromium evaluates first: every file starts
// with `globalThis.__ghStart ??= performance.now()` (an esbuild banner), because ES module imports run before
// the entry's own code. "Visible" is a MutationObserver in the page that sees `#login input[type=email]` with a
// layout box; the figure at the next animation frame (when it is painted) is printed beside it. Ours paints its
// form before React has loaded (packages/react/src/pre-paint.ts); when React's own input replaced it is printed too
// ("React in place", the same moment as "visible" for Stytch).
//
// The harness (build, page server, browser) is shared with bench/widget-size.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { build, type Metafile, type Plugin } from 'esbuild';
import { findChromium } from '../scripts/lib/chromium.mjs';
import { type BenchResult, median } from './report';

export const ROOT = join(import.meta.dirname, '..');
const RUNS = 10;
/** Issue 23 item 2: ours at most this share of the Stytch pre-built UI's median, in the same run. */
const BUDGET_RATIO = 0.5;
export const PUBLIC_TOKEN = 'public-token-test-bench-00000000-0000-4000-8000-000000000000';

/** The same flags as e2e/playwright.config.ts (Debian's Chromium, never a downloaded browser). */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error('No Chromium found. Run `node scripts/ensure-chromium.mjs` or set CHROMIUM_PATH.');
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface WidgetBuildOptions {
  outdir: string;
  /** The entry module's source; it resolves imports from bench/ (so workspace packages resolve by name). */
  entry: string;
  /** Keep React out of the bundle (the size benchmark); otherwise it is bundled (the page benchmarks). */
  reactExternal: boolean;
  /** Code put first in every output file. */
  banner?: string;
  /**
   * Where the entry's imports resolve from (default bench/: the workspace's packages, through their source
   * condition). The examples' test points it at an app that installed the packed tarballs, with no condition, so
   * the figures are those of the published build (e2e/tests/examples.spec.ts).
   */
  resolveDir?: string;
  /** Export conditions besides the defaults (default: the workspace's `@gatehouse/source`). */
  conditions?: string[];
}

export const BENCH_ENTRY = 'gatehouse-bench-entry';
const ENTRY = BENCH_ENTRY;

/** esbuild with the settings: browser, ESM, minified, code splitting, the workspace's source condition. */
export async function buildWidget(options: WidgetBuildOptions): Promise<Metafile> {
  const virtualEntry: Plugin = {
    name: 'virtual-entry',
    setup(builder) {
      builder.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: ENTRY, namespace: 'bench' }));
      builder.onLoad({ filter: /.*/, namespace: 'bench' }, () => ({
        contents: options.entry,
        loader: 'ts',
        resolveDir: options.resolveDir ?? join(ROOT, 'bench'),
      }));
    },
  };
  const result = await build({
    entryPoints: { entry: ENTRY },
    // Metafile paths (outputs and inputs) are relative to the repository root.
    absWorkingDir: ROOT,
    bundle: true,
    outdir: options.outdir,
    format: 'esm',
    splitting: true,
    minify: true,
    platform: 'browser',
    target: 'es2022',
    conditions: options.conditions ?? ['@gatehouse/source'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: options.reactExternal ? ['react', 'react/*', 'react-dom', 'react-dom/*'] : [],
    banner: options.banner ? { js: options.banner } : {},
    chunkNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'error',
    plugins: [virtualEntry],
  });
  if (result.metafile === undefined) throw new Error('esbuild returned no metafile');
  return result.metafile;
}

/** The entry the pages load: create the client against the page's origin and mount the widget. */
export const PAGE_ENTRY = `
import { createClient } from '@gatehouse/sdk';
import { mountLogin } from '@gatehouse/react';
const client = createClient(${JSON.stringify(PUBLIC_TOKEN)}, { baseUrl: window.location.origin });
mountLogin({ client, elementId: '#login', config: (window as any).__GH_CONFIG ?? undefined });
`;

/**
 * The anchor's entry: the Stytch 4.13.1 pre-built UI with the same product (login links), every host it lets a
 * site override pointed at the page's origin (README "Moving from Stytch"), so it fetches bootstrap from the same stub.
 */
export const STYTCH_PAGE_ENTRY = `
import { StytchUIClient } from '@stytch/vanilla-js';
const origin = window.location.origin;
const client = new StytchUIClient(${JSON.stringify(PUBLIC_TOKEN)}, {
  endpoints: { sdkBackendURL: origin, testAPIURL: origin, liveAPIURL: origin, dfpBackendURL: origin,
    clientsideServicesIframeURL: origin + '/clientside-services/index.html' },
} as never);
client.mountLogin({ elementId: '#login', config: { products: ['emailMagicLinks'], emailMagicLinksOptions: {} } as never });
`;

/** Bootstrap as the server answers it for a project with default settings (wire-format.md §4.11). */
const BOOTSTRAP_BODY = JSON.stringify({
  data: {
    request_id: 'request-id-bench',
    status_code: 200,
    disable_sdk_watermark: false,
    cname_domain: null,
    email_domains: [],
    captcha_settings: { enabled: false },
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: null,
    dfp_protected_auth_enabled: false,
    dfp_protected_auth_mode: 'OBSERVATION',
    rbac_policy: null,
  },
});

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html' };

/**
 * Serves `page.html` at / and the build at /<file>. Bootstrap gets the stub; every other /sdk/v1 call (telemetry,
 * a passkey autofill start) is held open, like a server that has not answered yet, so nothing it would answer
 * changes what the page loads.
 */
export async function startPageServer(options: { dir: string; html: string }): Promise<PageServer> {
  const held: ServerResponse[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path.startsWith('/sdk/v1/projects/bootstrap/')) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(BOOTSTRAP_BODY);
      return;
    }
    if (path.startsWith('/sdk/')) {
      held.push(response);
      return;
    }
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
      response.end(options.html);
      return;
    }
    const file = normalize(join(options.dir, path));
    if (!file.startsWith(options.dir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    // localhost (not 127.0.0.1): a secure context, as for the E2E server (WebAuthn needs it).
    url: `http://localhost:${port}`,
    close: async () => {
      for (const response of held) response.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The page: a MutationObserver (set up before any module runs) times the e-mail input's appearance. */
export function pageHtml(config: unknown): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Gatehouse widget benchmark</title>
<script>
window.__GH_CONFIG = ${JSON.stringify(config ?? null)};
window.__ghResult = new Promise((resolve) => {
  let visible = null;
  let painted = null;
  let own = null;
  const check = () => {
    const input = document.querySelector('#login input[type="email"]');
    if (input === null || input.getBoundingClientRect().width === 0) return;
    const now = performance.now();
    if (visible === null) {
      visible = now;
      requestAnimationFrame(() => {
        painted = performance.now();
        check();
      });
    }
    // Ours pre-paints its input (packages/react/src/pre-paint.ts) and React's replaces it later.
    if (own === null && !input.id.startsWith('gh-pre-paint-')) own = now;
    if (painted === null || own === null) return;
    observer.disconnect();
    resolve({ start: globalThis.__ghStart, visible, painted, react: own });
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
});
</script>
<script type="module" src="/entry.js"></script>
</head>
<body><div id="login"></div></body>
</html>`;
}

interface Timing {
  start: number;
  visible: number;
  painted: number;
  /** The widget's own (React) input in place: after the pre-paint for ours, the same moment as `visible` otherwise. */
  react: number;
}

/** One measured load; `repeat` loads the page once before in the same context (bootstrap cached, uncounted). */
async function oneLoad(browser: Browser, url: string, repeat: boolean): Promise<Timing> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const load = async () => {
      await page.goto(url);
      const timing = await page.evaluate(
        () => (window as unknown as { __ghResult: Promise<Timing> }).__ghResult,
      );
      if (typeof timing.start !== 'number') throw new Error('The bundle did not record its start time.');
      return timing;
    };
    if (repeat) {
      await load();
      // The bootstrap answer is what the repeat visit reads from localStorage: wait until it is stored.
      await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.includes('bootstrap')));
    }
    return await load();
  } finally {
    await context.close();
  }
}

interface Series {
  visible: number[];
  painted: number[];
  react: number[];
}

const round = (value: number) => Math.round(value * 10) / 10;

function row(label: string, series: Series, anchor: Series | null) {
  const typical = median(series.visible);
  return {
    label,
    figures: {
      'median ms': round(typical),
      'min ms': round(Math.min(...series.visible)),
      'max ms': round(Math.max(...series.visible)),
      'painted median ms': round(median(series.painted)),
      'React in place median ms': round(median(series.react)),
      'vs Stytch': anchor === null ? '' : `${Math.round((typical / median(anchor.visible)) * 100)} %`,
      runs: series.visible.length,
    },
  };
}

export async function run(): Promise<BenchResult> {
  const oursDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-first-render-'));
  const stytchDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-first-render-stytch-'));
  const servers: PageServer[] = [];
  let browser: Browser | null = null;
  try {
    const banner = 'globalThis.__ghStart??=performance.now();';
    await buildWidget({ outdir: oursDir, entry: PAGE_ENTRY, reactExternal: false, banner });
    // @stytch/vanilla-js is a root devDependency: resolved from the repository root.
    await buildWidget({
      outdir: stytchDir,
      entry: STYTCH_PAGE_ENTRY,
      reactExternal: false,
      banner,
      resolveDir: ROOT,
    });
    // The widget's default configuration (SPEC §1: e-mail login links only). Two servers: two origins, so neither
    // page sees the other's storage.
    const ours = await startPageServer({ dir: oursDir, html: pageHtml(null) });
    servers.push(ours);
    const stytch = await startPageServer({ dir: stytchDir, html: pageHtml(null) });
    servers.push(stytch);
    browser = await launchChromium();
    const pages = [
      { name: 'ours', url: ours.url },
      { name: 'stytch', url: stytch.url },
    ] as const;
    const series: Record<string, Series> = {};
    for (const page of pages) {
      for (const repeat of [false, true]) {
        series[`${page.name}:${repeat}`] = { visible: [], painted: [], react: [] };
        await oneLoad(browser, page.url, repeat); // warm-up, uncounted
      }
    }
    for (let index = 0; index < RUNS; index += 1) {
      for (const repeat of [false, true]) {
        for (const page of pages) {
          const timing = await oneLoad(browser, page.url, repeat);
          const entry = series[`${page.name}:${repeat}`]!;
          entry.visible.push(timing.visible - timing.start);
          entry.painted.push(timing.painted - timing.start);
          entry.react.push(timing.react - timing.start);
        }
      }
    }
    const firstRatio = median(series['ours:false']!.visible) / median(series['stytch:false']!.visible);
    const repeatRatio = median(series['ours:true']!.visible) / median(series['stytch:true']!.visible);
    const [load1] = loadavg();
    const verdict = (ratio: number) => (ratio <= BUDGET_RATIO ? 'PASS' : 'OVER');
    return {
      rows: [
        row(
          'first visit: ours (bundle starts → e-mail input visible)',
          series['ours:false']!,
          series['stytch:false']!,
        ),
        row('first visit: Stytch 4.13.1 pre-built UI', series['stytch:false']!, null),
        row('repeat visit (bootstrap cached): ours', series['ours:true']!, series['stytch:true']!),
        row('repeat visit (bootstrap cached): Stytch 4.13.1 pre-built UI', series['stytch:true']!, null),
      ],
      notes: [
        `budget: ours ≤ ${BUDGET_RATIO * 100} % of Stytch's median (input visible) — first visit ${Math.round(firstRatio * 100)} % ${verdict(firstRatio)}, repeat visit ${Math.round(repeatRatio * 100)} % ${verdict(repeatRatio)}`,
        'default config (login links only), React bundled, esbuild minified ESM with code splitting, stub bootstrap',
        `load average (1 min) at the end: ${load1?.toFixed(2)} — compare figures within one run only`,
      ],
      failed: firstRatio > BUDGET_RATIO || repeatRatio > BUDGET_RATIO,
    };
  } finally {
    await browser?.close();
    for (const server of servers) await server.close();
    rmSync(oursDir, { recursive: true, force: true });
    rmSync(stytchDir, { recursive: true, force: true });
  }
}
