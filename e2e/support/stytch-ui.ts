// The published Stytch pre-built UI (`@stytch/vanilla-js` 4.13.1, StytchUIClient) mounted on a page of the
// server's own origin, pointed at Gatehouse through its `endpoints` option (issue 14 item 2; stytch-clients.md).
// The UI is bundled once per worker with esbuild (iife, minified, NODE_ENV production) and served, with its page,
// by Playwright route interception at `<server>/__stytch-ui/…`, so the page needs no CORS and every request the
// UI makes can be checked to stay on the server's origin.

import type { Page, Request } from '@playwright/test';
import { build } from 'esbuild';

/** The server path of the client-side services page (wire-format.md §8; README "Moving from Stytch"). */
export const CLIENTSIDE_SERVICES_PATH = '/clientside-services/index.html';

/**
 * The page's URL as a site configures it (README "Moving from Stytch"): bound to the site's public token, so that
 * project's allowed origins may frame it (issue 20 item 6).
 */
export function clientsideServicesUrl(serverUrl: string, publicToken: string): string {
  return `${new URL(serverUrl).origin}${CLIENTSIDE_SERVICES_PATH}?public_token=${encodeURIComponent(publicToken)}`;
}

const PAGE_PATH = '/__stytch-ui/index.html';
const SCRIPT_PATH = '/__stytch-ui/stytch-ui.js';

let bundle: Promise<string> | null = null;

/** The UI client as an iife that sets `window.StytchUIClient`. */
export function stytchUiBundle(): Promise<string> {
  bundle ??= build({
    stdin: {
      contents:
        "import { StytchUIClient } from '@stytch/vanilla-js'; window.StytchUIClient = StytchUIClient;",
      resolveDir: import.meta.dirname,
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

export type StytchUiMode = 'login' | 'resetPassword' | 'passkeyRegistration';

export interface OpenStytchUiOptions {
  /** The Gatehouse server's origin, e.g. http://localhost:40123. */
  serverUrl: string;
  publicToken: string;
  /** StytchLoginConfig (wire-format.md §7.2), plain JSON. */
  config: Record<string, unknown>;
  styles?: Record<string, unknown>;
  mode?: StytchUiMode;
  /** mountResetPassword's `passwordResetToken`. */
  passwordResetToken?: string;
  /** Query string of the page (e.g. `?token=…&stytch_token_type=login`), without the leading '?'. */
  query?: string;
  /**
   * The page's path at the server's origin (default `/__stytch-ui/index.html`): a site's redirect page, such as
   * `/authenticate` or `/reset-password`, the redirect URLs the dev project allows (ensureDevProject), so a link
   * from the outbox opens the UI where the site would.
   */
  path?: string;
  /**
   * Other paths of the server's origin that serve this same page (any query), e.g. `/authenticate`, the redirect
   * URL the dev project allows, where an OAuth round trip lands (wire-format.md §1.3).
   */
  alsoServeAt?: string[];
  /**
   * The site's origin (default: the server's): another origin serves the page (by route interception) and the UI
   * calls the server across origins, as a real site does; it must be among the project's allowed origins.
   */
  siteOrigin?: string;
}

/** Every `onEvent` and `onError` the UI called, in order (read with `stytchUiEvents`). */
export interface StytchUiCallback {
  kind: 'event' | 'error';
  type: string;
  data: unknown;
}

/**
 * Serves the page and the bundle at the server's origin and opens the page with the UI mounted in `#stytch`.
 * Endpoints: every Stytch host the SDK lets a site override points at the server.
 */
export async function openStytchUi(page: Page, options: OpenStytchUiOptions): Promise<void> {
  const script = await stytchUiBundle();
  const origin = new URL(options.serverUrl).origin;
  const endpoints = {
    sdkBackendURL: origin,
    testAPIURL: origin,
    liveAPIURL: origin,
    dfpBackendURL: origin,
    clientsideServicesIframeURL: clientsideServicesUrl(origin, options.publicToken),
  };
  const mount = {
    mode: options.mode ?? 'login',
    publicToken: options.publicToken,
    endpoints,
    config: options.config,
    styles: options.styles ?? {},
    passwordResetToken: options.passwordResetToken ?? null,
  };
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stytch pre-built UI on Gatehouse</title></head>
<body><main><h1>Stytch pre-built UI</h1><div id="stytch"></div></main>
<script src="${SCRIPT_PATH}"></script>
<script>
  window.__stytchUi = [];
  const mount = ${JSON.stringify(mount)};
  const client = new window.StytchUIClient(mount.publicToken, { endpoints: mount.endpoints });
  window.__stytchClient = client;
  const callbacks = {
    onEvent: (event) => window.__stytchUi.push({ kind: 'event', type: event.type, data: event.data }),
    onError: (error) => window.__stytchUi.push({ kind: 'error', type: error && (error.error_type || error.name) || 'error', data: String(error && error.message) }),
  };
  const common = { elementId: '#stytch', config: mount.config, styles: mount.styles, callbacks };
  if (mount.mode === 'resetPassword') client.mountResetPassword({ ...common, passwordResetToken: mount.passwordResetToken });
  else if (mount.mode === 'passkeyRegistration') client.mountPasskeyRegistration(common);
  else client.mountLogin(common);
</script></body></html>`;
  const site = options.siteOrigin ?? origin;
  await page.route(`${site}${SCRIPT_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script }),
  );
  const path = options.path ?? PAGE_PATH;
  // Only this path (with any query): a glob such as `/authenticate*` would also catch `/authenticate-other`.
  await page.route(
    (url) => url.origin === site && url.pathname === path,
    (route) => route.fulfill({ contentType: 'text/html', body: html }),
  );
  const alsoServeAt = options.alsoServeAt ?? [];
  if (alsoServeAt.length > 0) {
    await page.route(
      (url) => url.origin === site && alsoServeAt.includes(url.pathname),
      (route) => route.fulfill({ contentType: 'text/html', body: html }),
    );
  }
  await page.goto(`${site}${path}${options.query ? `?${options.query}` : ''}`);
}

/** The UI's onEvent/onError calls so far. */
export function stytchUiEvents(page: Page): Promise<StytchUiCallback[]> {
  return page.evaluate(() => (window as unknown as { __stytchUi: StytchUiCallback[] }).__stytchUi);
}

/**
 * Records every request of the page's context (page, workers, iframes); `foreign()` lists those whose origin is
 * not `origin` (issue 14: "no request leaves the server's origin"). data: and blob: URLs are not requests that
 * leave the machine and are not listed.
 */
export function recordRequests(page: Page, origin: string): { all: Request[]; foreign(): string[] } {
  const all: Request[] = [];
  page.context().on('request', (request) => all.push(request));
  const expected = new URL(origin).origin;
  return {
    all,
    foreign: () =>
      all
        .map((request) => request.url())
        .filter(
          (url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== expected,
        ),
  };
}
