// Issue 26 item 1: "a console at /console on the same server (its own workspace app)". The built console
// (apps/console/dist, config.consoleDistDir): its hashed files under /console/assets/, and its index.html for
// /console and every /console/* page (the console's router draws the page, its own "Page not found" included), with
// the literal %GATEHOUSE_PUBLIC_TOKEN% replaced by the operators project's public token, which the caller supplies
// (issue 26 item 2 owns that project). Item 4: this is a build and a bundle of its own — apps/web's pages never
// reference it, so the sign-in page loads none of the console's JavaScript.
//
// The security headers (CSP 'self' scripts, no framing, no referrer, nosniff) are the root hook's, as on every
// answer (infra/security-headers.ts); the pages are never cached (the token may change), the assets for a year.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../infra/context';
import { escapeHtml } from '../../infra/html';
import { PUBLIC_TOKEN_PLACEHOLDER } from '../../infra/static-web';

export const CONSOLE_PATH = '/console';
export const CONSOLE_ASSETS_PREFIX = `${CONSOLE_PATH}/assets/`;

export interface ConsoleOptions {
  /** The built console (config.consoleDistDir), or null to serve no /console. */
  distDir: string | null;
  /** The operators project's public token, or null while there is none (the console then says it is not set up). */
  operatorsPublicToken(): Promise<string | null>;
}

const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
};

export const CONSOLE_MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Gatehouse console</title></head>
  <body>
    <main>
      <h1>The console is not built</h1>
      <p>The operator console has not been built yet. Run <code>npm run build</code> (or start with
      <code>npm start</code>, which builds it) and reload this page.</p>
    </main>
  </body>
</html>
`;

/** Registers /console when options.distDir names a folder (config.consoleDistDir: `CONSOLE_DIST_DIR`). */
export async function registerConsole(
  root: FastifyInstance,
  _ctx: AppContext,
  options: ConsoleOptions,
): Promise<void> {
  const { distDir } = options;
  if (distDir === null) return;
  const indexFile = join(distDir, 'index.html');

  // Hashed file names (Vite): cached for a year. Registered even when the build is missing at start, because
  // `npm run dev` builds it in watch mode next to the running server.
  await root.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: CONSOLE_ASSETS_PREFIX,
    index: false,
    wildcard: true,
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    dotfiles: 'ignore',
  });

  const servePage = async (reply: FastifyReply): Promise<FastifyReply> => {
    let html: string;
    try {
      // Read per request: page loads are rare, and a rebuilt dist shows up at once.
      html = await readFile(indexFile, 'utf8');
    } catch {
      return reply.code(503).headers(PAGE_HEADERS).send(CONSOLE_MISSING_BUILD_PAGE);
    }
    const token = (await options.operatorsPublicToken()) ?? '';
    return reply
      .code(200)
      .headers(PAGE_HEADERS)
      .send(html.split(PUBLIC_TOKEN_PLACEHOLDER).join(escapeHtml(token)));
  };

  root.get(CONSOLE_PATH, (_request, reply) => servePage(reply));
  // Every page of the console (/console/, /console/users/…, /console/authenticate?token=…); a missing asset under
  // /console/assets/ is the static plugin's 404, never this page.
  root.get(`${CONSOLE_PATH}/*`, (_request, reply) => servePage(reply));
}
