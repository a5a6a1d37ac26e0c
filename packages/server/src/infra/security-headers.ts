// Security headers on every answer (issue 8 item 3, security-tests.md XS-04, ASVS V3.4.1–V3.4.6): pages, assets,
// /sdk/v1 JSON, the JWKS, /dev pages, 404s and errors, from one helmet policy. @fastify/helmet (the issue's
// suggestion) rebuilds helmet, CSP parsing included, inside two async hooks on every request: measured on the
// session check (bench/session-check.ts, 10 connections) that cost 23 % of the throughput on PostgreSQL (14.9k
// against 19.3k requests/s without it), for byte-identical headers. Helmet's answer does not depend on the request
// (no nonces), so it is now taken once at start (`capturedHeaders`) and set as plain reply headers by one onRequest
// hook (issue 23 item 3): running helmet's twelve middlewares on every request, each writing on the raw response,
// cost the check 9 % of its time and made Node validate every header twice (setHeader, then writeHead). The CSP is what
// the served pages need and no more — measured in Chromium (e2e/tests/security-headers.spec.ts listens for
// securitypolicyviolation on every page):
// - scripts: only our own files ('self'); no page has an inline script (the dev outbox's is a served file);
// - styles: 'self' plus 'unsafe-inline', because the widget injects its stylesheet as a <style> element into the
//   document or its shadow root (packages/react widget-css.ts ensureStyles), react-hot-toast injects its
//   keyframes the same way, and the e-mails shown in the dev outbox's sandboxed srcdoc frame (which inherits
//   this policy) are styled by style="" attributes. Inline styles cannot run code; scripts stay strict;
// - images: 'self' and data: (the web app's icon is a data: SVG; a widget logo is a URL the page's own config
//   names, so https: images too);
// - Google One Tap (issue 11): only when a project of the project file enables it, the origins of its script
//   (oneTapScriptOrigins: Google's, or the project's `one_tap_script_url`) join script-src, and Google's origin
//   also frame-src, connect-src and style-src (its prompt is a frame, it calls home, it loads a style sheet);
// - nothing may frame a page (frame-ancestors 'none'), no plugins, no <base>, forms post to us only.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { GOOGLE_ONE_TAP_ORIGIN } from '../features/oauth/file-schema';
import type { AppConfig } from './context';

/** The Content-Security-Policy directives (helmet's own defaults are not used: every directive is listed here). */
export function contentSecurityPolicyDirectives(
  config: Pick<AppConfig, 'publicUrl'>,
  options: SecurityHeaderExtras = {},
): Record<string, string[]> {
  const scriptOrigins = options.oneTapScriptOrigins ?? [];
  const google = scriptOrigins.includes(GOOGLE_ONE_TAP_ORIGIN) ? [GOOGLE_ONE_TAP_ORIGIN] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptOrigins],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...google],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...google],
    ...(google.length > 0 ? { 'frame-src': ["'self'", ...google] } : {}),
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  // Over https, an http:// subresource could only be a mistake: the browser asks for it over https instead.
  if (isHttps(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Origins that are plain scheme://host[:port], once each: what may go into a policy without adding a directive. */
export function plainOrigins(origins: Iterable<string>): string[] {
  return [...new Set(origins)].filter((origin) => /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin));
}

/**
 * The policy of the client-side services page (issue 14 item 1, wire-format.md §8; infra/static-web.ts), which
 * replaces the one above on that page only: the Stytch pre-built UI frames it, so `frame-ancestors` lists the
 * server itself and the projects' allowed origins (the one exception to 'none'); it runs one script of ours and
 * calls our API, and loads nothing else (no styles, images, fonts or frames: it draws nothing).
 */
export function clientsideServicesPolicy(
  config: Pick<AppConfig, 'publicUrl'>,
  frameAncestors: Iterable<string>,
): string {
  const directives = [
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${["'self'", ...plainOrigins(frameAncestors)].join(' ')}`,
  ];
  if (isHttps(config)) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** What the project file adds to the policy (app.ts reads it before building the headers). */
export interface SecurityHeaderExtras {
  /** oneTapScriptOrigins of the project file's declarations; none by default. */
  oneTapScriptOrigins?: string[];
}

/** HSTS max-age: one year (ASVS V3.4.1, security-tests.md Part 6 "HSTS ≥ 1 year"). */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

function isHttps(config: Pick<AppConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

/** The helmet options of every answer (one object for the hook and the router's own error answers). */
export function securityHeaderOptions(
  config: Pick<AppConfig, 'publicUrl'>,
  extras: SecurityHeaderExtras = {},
) {
  return {
    contentSecurityPolicy: {
      useDefaults: false as const,
      directives: contentSecurityPolicyDirectives(config, extras),
    },
    // Only over https: an HSTS header on http://localhost would be ignored at best, and pin the host at worst.
    strictTransportSecurity: isHttps(config)
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false }
      : false,
    // The landing pages carry tokens in the query string (/authenticate?token=…): never sent onwards.
    referrerPolicy: { policy: 'no-referrer' as const },
    // Same meaning as frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' as const },
    // `same-origin` (helmet's default) only stops no-cors reads (<img>, <script>) by other sites; the SDK's
    // fetches are CORS requests, which Chromium serves under this policy once CORS allows the origin (measured,
    // e2e/tests/security-headers.spec.ts), so no route needs `cross-origin`.
    crossOriginResourcePolicy: { policy: 'same-origin' as const },
  };
}

/**
 * The headers of this configuration, as helmet writes them (lower-case names, in helmet's order), taken once:
 * buildApp shares them between the two users below.
 */
export type SecurityHeaders = Readonly<Record<string, string>>;

export function createSecurityHeaders(
  config: Pick<AppConfig, 'publicUrl'>,
  extras: SecurityHeaderExtras = {},
): SecurityHeaders {
  return capturedHeaders(helmet(securityHeaderOptions(config, extras)));
}

/**
 * What a helmet middleware leaves on a response: it only sets and removes headers, the same ones for every request
 * (no option here depends on the request), so one run against a recording response is its whole answer. A header it
 * removes (X-Powered-By, which Fastify never sets) is simply absent.
 */
export function capturedHeaders(middleware: ReturnType<typeof helmet>): SecurityHeaders {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error !== undefined && error !== null) throw error;
    finished = true;
  });
  // helmet calls next() synchronously; a version that did not would leave the headers half taken.
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be taken once');
  return Object.freeze(headers);
}

/**
 * Every answer that reaches a hook gets the headers, and the request id (wire-format.md §3): one root onRequest
 * hook. They go on the reply, not the raw response, so Node writes and checks them once, in writeHead; a route that
 * replaces one (static-web.ts, script-tag.ts) sets it on the reply too.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}

type FrameworkErrorHandler = NonNullable<FastifyServerOptions['frameworkErrors']>;

/**
 * The router answers a malformed URL (FST_ERR_BAD_URL, an over-long parameter) before any hook runs, so the hook
 * above never sees those requests: the same headers are set here.
 */
export function withSecurityHeaders(
  headers: SecurityHeaders,
  handler: FrameworkErrorHandler,
): FrameworkErrorHandler {
  return (error, request, reply) => {
    reply.headers(headers);
    handler(error, request, reply);
  };
}
