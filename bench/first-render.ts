// First render of the widget (issue 3 "Benchmarks"): in Chromium (launched like e2e/playwright.config.ts), a static
// page loads the widget built with esbuild (React included, minified, ESM, code splitting, from a tiny node:http
// server that also answers bootstrap with a stub) and measures from the bundle starting to run to the e-mail input
// being visible. Median of 10 fresh page loads (a new browser context each: empty cache and storage), after one
// uncounted warm-up. Budget: ≤ 40 ms (Stytch 4.13.1 measures 82 ms here).
//
// "Starting to run" is the first statement of whichever output file Chromium evaluates first: every file starts
// with `globalThis.__ghStart ??= performance.now()` (an esbuild banner), because ES module imports run before
// the entry's own code. "Visible" is a MutationObserver in the page that sees `#login input[type=email]` with a
// layout box; the figure at the next animation frame (when it is painted) is printed beside it.
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
const BUDGET_MS = 40;
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
  const check = () => {
    const input = document.querySelector('#login input[type="email"]');
    if (input === null || input.getBoundingClientRect().width === 0) return;
    const visible = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => resolve({ start: globalThis.__ghStart, visible, painted: performance.now() }));
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
}

async function oneLoad(browser: Browser, url: string): Promise<Timing> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    const timing = await page.evaluate(
      () => (window as unknown as { __ghResult: Promise<Timing> }).__ghResult,
    );
    if (typeof timing.start !== 'number') throw new Error('The bundle did not record its start time.');
    return timing;
  } finally {
    await context.close();
  }
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-first-render-'));
  let server: PageServer | null = null;
  let browser: Browser | null = null;
  try {
    await buildWidget({
      outdir: dir,
      entry: PAGE_ENTRY,
      reactExternal: false,
      banner: 'globalThis.__ghStart??=performance.now();',
    });
    // The widget's default configuration (SPEC §1: e-mail login links only).
    server = await startPageServer({ dir, html: pageHtml(null) });
    browser = await launchChromium();
    const warmUp = await oneLoad(browser, server.url);
    const visible: number[] = [];
    const painted: number[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const timing = await oneLoad(browser, server.url);
      visible.push(timing.visible - timing.start);
      painted.push(timing.painted - timing.start);
    }
    const typical = median(visible);
    const [load1] = loadavg();
    const round = (value: number) => Math.round(value * 10) / 10;
    return {
      rows: [
        {
          label: 'bundle starts → e-mail input visible',
          figures: {
            'median ms': round(typical),
            'min ms': round(Math.min(...visible)),
            'max ms': round(Math.max(...visible)),
            runs: RUNS,
            'warm-up ms': round(warmUp.visible - warmUp.start),
          },
        },
        {
          label: '… to the next animation frame',
          figures: {
            'median ms': round(median(painted)),
            'min ms': round(Math.min(...painted)),
            'max ms': round(Math.max(...painted)),
            runs: RUNS,
            'warm-up ms': round(warmUp.painted - warmUp.start),
          },
        },
      ],
      notes: [
        `budget: ≤ ${BUDGET_MS} ms (median, input visible) — ${typical <= BUDGET_MS ? 'PASS' : 'OVER'}`,
        'default config (login links only), React bundled, esbuild minified ESM with code splitting, stub bootstrap',
        `load average (1 min) at the end: ${load1?.toFixed(2)} — figures on a busy machine are not comparable`,
      ],
      failed: typical > BUDGET_MS,
    };
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
