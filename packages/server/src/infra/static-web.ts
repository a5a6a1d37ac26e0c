// The built web app (apps/web/dist): `assets/*` as static files, and index.html for the page routes with the
// literal %GATEHOUSE_PUBLIC_TOKEN% replaced by the app project's TEST public token. SPEC §2 names the shell
// route /_app; the web app also has /, /account, /authenticate (login-link landing) and /reset-password.
//
// Issue 22 finding 2: a browser navigation (a GET accepting text/html) to a path nothing serves gets index.html with
// status 404, and the app renders its "Page not found" page (apps/web router.tsx) with the way back to sign in; the
// API paths keep the JSON 404 of wire-format.md §3 whatever the request accepts. A page route with a trailing slash
// (`/account/`) redirects to the route.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findAppProject } from '../features/projects/project-service';
import type { AppContext } from './context';
import { escapeHtml } from './html';
import { clientsideServicesPolicy, plainOrigins } from './security-headers';

export const PAGE_ROUTES = ['/', '/_app', '/account', '/authenticate', '/reset-password'] as const;
export const PUBLIC_TOKEN_PLACEHOLDER = '%GATEHOUSE_PUBLIC_TOKEN%';

/**
 * The client-side services page the Stytch pre-built UI frames (issue 14 item 1, wire-format.md §8): the value of
 * its `clientsideServicesIframeURL` (README "Moving from Stytch"). Built by apps/web (clientside-services/).
 */
export const CLIENTSIDE_SERVICES_PATH = '/clientside-services/index.html';
/**
 * Replaced by the origins allowed to call the page (space-separated; apps/web/src/clientside-services): the bound
 * project's and the server's own. PUBLIC_TOKEN_PLACEHOLDER there is replaced by the bound token, or nothing.
 */
export const ALLOWED_ORIGINS_PLACEHOLDER = '%GATEHOUSE_ALLOWED_ORIGINS%';

/**
 * Headers of the HTML pages: never cached (the token may change). The security headers (CSP, no sniffing, no
 * framing, no referrer — the landing pages carry tokens in the query) are on every answer: security-headers.ts.
 */
const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
};

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Gatehouse</title></head>
  <body>
    <main>
      <h1>Gatehouse is running</h1>
      <p>The web app has not been built yet. Run <code>npm run build</code> (or start with <code>npm start</code>,
      which builds it) and reload this page.</p>
    </main>
  </body>
</html>
`;

/**
 * Paths whose unknown URLs answer the JSON 404 even to a browser (wire-format.md §3): the SDK API, the backend
 * and public OAuth API (/v1), the development endpoints, the JWKS and other well-known documents, and the files
 * (the web app's and the console's).
 */
export const API_PATH_PREFIXES = [
  '/sdk/',
  '/v1/',
  '/dev/',
  '/.well-known/',
  '/assets/',
  '/clientside-services/',
  // Issue 26 item 1: the console's files (features/console); its pages are the console's own.
  '/console/assets/',
] as const;

/** A browser navigation to a page: GET or HEAD, text/html accepted, outside the API paths. */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept;
  if (typeof accept !== 'string' || !/(^|[\s,])text\/html(\s*[;,]|\s*$)/i.test(accept)) return false;
  const path = (request.raw.url ?? '/').split('?')[0] ?? '/';
  return !API_PATH_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix));
}

/**
 * The web app's `<link rel="stylesheet">` and `<link rel="icon">` tags from its built index.html, so that a page the
 * server writes itself (features/oauth/error-page.ts) looks like the app; '' without a build. Scripts are left out:
 * such a page has no #root for the app to render into.
 */
export async function appHeadLinks(distDir: string | null): Promise<string> {
  if (distDir === null) return '';
  let html: string;
  try {
    html = await readFile(join(distDir, 'index.html'), 'utf8');
  } catch {
    return '';
  }
  const links = html.match(/<link\b[^>]*>/gi) ?? [];
  return links.filter((tag) => /\brel=["']?(stylesheet|icon)["'\s>]/i.test(tag)).join('');
}

/** Answers a browser navigation nothing else served (the root not-found handler asks it first); null otherwise. */
export type PageNotFound = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | null;

export interface StaticWebOptions {
  /** Production: id (or name) of the project whose token the page gets; else the oldest project. */
  appProjectId: string | null;
}

export async function registerStaticWeb(
  app: FastifyInstance,
  ctx: AppContext,
  options: StaticWebOptions,
): Promise<PageNotFound | null> {
  const distDir = ctx.config.webDistDir;
  if (distDir === null) return null;
  const assetsDir = join(distDir, 'assets');
  const indexFile = join(distDir, 'index.html');

  // Hashed file names (Vite): cached for a year. Registered even when dist is missing at start, because
  // `npm run dev` builds it in watch mode next to the running server.
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    index: false,
    wildcard: true,
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    dotfiles: 'ignore',
  });

  const servePage = async (reply: FastifyReply, status = 200): Promise<FastifyReply> => {
    reply.code(status).headers(PAGE_HEADERS);
    let html: string;
    try {
      // Read per request: page loads are rare next to API calls, and a rebuilt dist shows up at once.
      html = await readFile(indexFile, 'utf8');
    } catch {
      return reply.send(MISSING_BUILD_PAGE);
    }
    const project = await findAppProject(ctx, { appProjectId: options.appProjectId });
    const token = project === null ? '' : project.publicTokenTest;
    return reply.send(html.split(PUBLIC_TOKEN_PLACEHOLDER).join(escapeHtml(token)));
  };

  for (const url of PAGE_ROUTES) {
    app.get(url, (_request, reply) => servePage(reply));
    // One address per page: `/account/` is `/account` (the query kept; the path is ours, never the request's).
    if (url !== '/') {
      app.get(`${url}/`, (request, reply) => {
        const raw = request.raw.url ?? '';
        const query = raw.includes('?') ? raw.slice(raw.indexOf('?')) : '';
        return reply.redirect(`${url}${query}`, 301);
      });
    }
  }

  // The client-side services page, framed by a project's site: its own policy replaces the frame-ancestors 'none'
  // every other answer carries (security-headers.ts clientsideServicesPolicy). Issue 20 item 6 (XS-03, XS-04): the
  // page is bound to the project of the public token in its URL (`?public_token=…`, which the site puts into the
  // SDK's clientsideServicesIframeURL): only that project's allowed origins, and the server's own (a page it serves
  // may mount the UI), may frame it, the page learns the same origins to check each message's sender and the token
  // to check each request's, and no other project's origin is listed anywhere. Without a token of a project this
  // server serves (ctx.projects: in production never the development project), only the server's own pages may
  // frame it. The page's One Tap calls name the framing site, which the server checks against the token's project
  // (features/oauth/one-tap-routes.ts assertFrameOriginAllowed).
  const servicesFile = join(distDir, 'clientside-services', 'index.html');
  app.get(CLIENTSIDE_SERVICES_PATH, async (request, reply) => {
    let html: string;
    try {
      html = await readFile(servicesFile, 'utf8');
    } catch {
      return reply.code(503).headers(PAGE_HEADERS).send(MISSING_BUILD_PAGE);
    }
    const token = (request.query as Record<string, unknown> | undefined)?.public_token;
    const bound = typeof token === 'string' ? await ctx.projects.resolve(token) : null;
    const origins = plainOrigins([ctx.config.publicUrl, ...(bound?.project.allowedOrigins ?? [])]);
    // The onRequest hook set the security headers on the reply (security-headers.ts): replaced there.
    reply.removeHeader('x-frame-options');
    reply.header('content-security-policy', clientsideServicesPolicy(ctx.config, origins));
    // A cross-origin page frames this one; `same-origin` would refuse it under the site's COEP.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.headers(PAGE_HEADERS);
    return reply.send(
      html
        .split(ALLOWED_ORIGINS_PLACEHOLDER)
        .join(escapeHtml(origins.join(' ')))
        .split(PUBLIC_TOKEN_PLACEHOLDER)
        .join(bound === null ? '' : escapeHtml(token as string)),
    );
  });

  return (request, reply) => (isPageNavigation(request) ? servePage(reply, 404) : null);
}

/** True when the folder holds a built app (used by server.ts to tell the operator). */
export function hasWebBuild(distDir: string | null): boolean {
  return distDir !== null && existsSync(join(distDir, 'index.html'));
}
