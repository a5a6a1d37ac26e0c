// The server runs from one esbuild bundle (packages/server/dist/server.mjs) under `npm start`: loading ~1,000
// small ES modules through tsx cost about 1.5 s of a 2.9 s warm start on this 2-core machine; the bundle starts
// in about 1.3 s (measured with a warm PGlite data folder). PGlite stays external (it loads its WASM and data files
// relative to its own package), and so does every @node-rs package: their prebuilt `.node` addons load from the
// platform package beside them, which esbuild cannot bundle (@node-rs/argon2, issue 10). Rebuilt only when a source file is newer than the bundle.
import { join } from 'node:path';
import { isStale } from './freshness.mjs';
import { ROOT } from './process.mjs';

export const SERVER_DIR = join(ROOT, 'packages', 'server');
export const SERVER_BUNDLE = join(SERVER_DIR, 'dist', 'server.mjs');

const INPUTS = [
  ...['server', 'protocol'].flatMap((name) => [
    join(ROOT, 'packages', name, 'src'),
    join(ROOT, 'packages', name, 'package.json'),
  ]),
  join(ROOT, 'package-lock.json'),
];

export function serverBuildIsStale() {
  return isStale(SERVER_BUNDLE, INPUTS);
}

/**
 * Bundles packages/server/src/server.ts when stale (or `force`) into `outfile` (default SERVER_BUNDLE; inside the
 * repository, so the external packages resolve from its node_modules); resolves to 0 on success or when fresh.
 */
export async function ensureServerBuild({ force = false, outfile = SERVER_BUNDLE } = {}) {
  if (!force && !serverBuildIsStale()) return 0;
  console.error('Bundling the server (packages/server → packages/server/dist/server.mjs)…');
  const { build } = await import('esbuild');
  try {
    await build({
      entryPoints: [join(SERVER_DIR, 'src', 'server.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['@gatehouse/source'],
      external: ['@electric-sql/pglite', 'pg-native', '@node-rs/*'],
      sourcemap: true,
      logLevel: 'warning',
      // Bundled CommonJS dependencies call require(); give the ES module one.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    });
    return 0;
  } catch {
    return 1;
  }
}
