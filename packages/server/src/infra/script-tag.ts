// The script tag (issue 21 item 2): GET /gatehouse.js, its immutable alias /gatehouse.<hash>.js and its ES module
// files /gatehouse/<file>.js, from the folder scripts/lib/script-tag-build.mjs writes (config.scriptTagDir).
//
// Any page may load them: they hold no secret (the SDK and the widget, as npm ships them), so every answer
// carries `Access-Control-Allow-Origin: *` (the module files are loaded by import(), a CORS request) and
// `Cross-Origin-Resource-Policy: cross-origin` (helmet's same-origin would block a site's <script> under
// COEP). What a page may *do* with them is unchanged: its API calls still meet its project's allowed origins
// (cors.ts, auth.ts).
//
// Caching: /gatehouse.js may change with an upgrade, so it is fresh for 5 minutes and then revalidated by its
// ETag (a 304 while unchanged); the ETag is the hash of the alias, so `curl -I` tells the pinned URL. The alias
// and the module files have the hash of their contents in their names: cached for a year, immutable. After an
// upgrade the old hashed names are gone (404), like a hashed asset of the web app.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context';

export const SCRIPT_TAG_PATH = '/gatehouse.js';
/** Beside gatehouse.js in the build folder, and in URLs (scripts/lib/script-tag-build.mjs MODULE_FOLDER). */
const SCRIPT_FILE = 'gatehouse.js';
const MODULE_FOLDER = 'gatehouse';

/** Five minutes: an upgrade reaches pages within that, and a revalidation costs a 304. */
export const SCRIPT_TAG_MAX_AGE_SECONDS = 300;
export const SCRIPT_TAG_CACHE_CONTROL = `public, max-age=${SCRIPT_TAG_MAX_AGE_SECONDS}, must-revalidate`;
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const JAVASCRIPT_CONTENT_TYPE = 'text/javascript; charset=utf-8';

/** scripts/lib/script-tag-build.mjs scriptTagHash: 16 hex digits of the SHA-256. */
const HASH = /^[0-9a-f]{16}$/;
/** esbuild's output names ([name]-[hash].js); nothing with a dot or a slash can name a file elsewhere. */
const MODULE_FILE = /^[A-Za-z0-9_-]+\.js$/;

/** What a browser sees when the build is missing: the file is JavaScript, so the reason is a comment and a throw. */
const MISSING_BUILD_SCRIPT = `/* Gatehouse: the script tag has not been built on this server yet.
   Run \`npm run build\` (or start with \`npm start\`, which builds it) and load this file again. */
throw new Error('Gatehouse: the script tag (/gatehouse.js) has not been built on this server yet: run npm run build.');
`;

interface ScriptFile {
  body: Buffer;
  hash: string;
}

/**
 * Reads gatehouse.js and its hash, again only when the file changed (a rebuild by `npm run dev` shows up at once):
 * a stat per request instead of reading and hashing ~30 KiB each time. Null when the folder has none.
 */
function scriptReader(dir: string): () => Promise<ScriptFile | null> {
  const path = join(dir, SCRIPT_FILE);
  let cached: { file: ScriptFile; mtimeMs: number; size: number } | null = null;
  return async () => {
    let body: Buffer;
    try {
      const stats = await stat(path);
      if (cached !== null && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size)
        return cached.file;
      body = await readFile(path);
      const file = { body, hash: createHash('sha256').update(body).digest('hex').slice(0, 16) };
      cached = { file, mtimeMs: stats.mtimeMs, size: stats.size };
      return file;
    } catch {
      cached = null;
      return null;
    }
  };
}

/** True when an If-None-Match header names this ETag (or is `*`); weak and strong forms both count (RFC 9110). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The headers every answer of this file carries, its errors included (a page reads them cross-origin). */
function crossOriginHeaders(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  // The onRequest hook set `same-origin` on the reply (security-headers.ts): replaced there.
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

function sendScript(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ScriptFile,
  cacheControl: string,
): FastifyReply {
  const etag = `"${file.hash}"`;
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(JAVASCRIPT_CONTENT_TYPE).send(file.body);
}

function sendMissingBuild(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .type(JAVASCRIPT_CONTENT_TYPE)
    .send(MISSING_BUILD_SCRIPT);
}

export async function registerScriptTag(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dir = ctx.config.scriptTagDir;
  if (dir === null) return;
  const readScript = scriptReader(dir);

  app.get(SCRIPT_TAG_PATH, async (request, reply) => {
    crossOriginHeaders(reply);
    const file = await readScript();
    if (file === null) return sendMissingBuild(reply);
    return sendScript(request, reply, file, SCRIPT_TAG_CACHE_CONTROL);
  });

  // The alias is gatehouse.js under the hash of its contents; any other hash (an older build) is not here.
  app.get('/gatehouse.:hash.js', async (request, reply) => {
    crossOriginHeaders(reply);
    const { hash } = request.params as { hash: string };
    if (!HASH.test(hash)) return reply.callNotFound();
    const file = await readScript();
    if (file === null) return sendMissingBuild(reply);
    if (file.hash !== hash) return reply.callNotFound();
    return sendScript(request, reply, file, IMMUTABLE_CACHE_CONTROL);
  });

  app.get(`/${MODULE_FOLDER}/:file`, async (request, reply) => {
    crossOriginHeaders(reply);
    const { file } = request.params as { file: string };
    if (!MODULE_FILE.test(file)) return reply.callNotFound();
    let body: Buffer;
    try {
      body = await readFile(join(dir, MODULE_FOLDER, file));
    } catch {
      return reply.callNotFound();
    }
    // Hashed names: never revalidated, so no ETag to compute.
    return reply.header('cache-control', IMMUTABLE_CACHE_CONTROL).type(JAVASCRIPT_CONTENT_TYPE).send(body);
  });
}

/** True when the folder holds a built script tag (used by server.ts to tell the operator). */
export function hasScriptTagBuild(dir: string | null): boolean {
  return dir !== null && existsSync(join(dir, SCRIPT_FILE));
}
