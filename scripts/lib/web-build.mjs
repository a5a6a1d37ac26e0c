// Builds apps/web only when needed: dist/index.html must be newer than every source file of the app and of the
// workspace packages it bundles (react, sdk, protocol), so a warm `npm start` skips the build entirely.
import { join } from 'node:path';
import { isStale } from './freshness.mjs';
import { bin, ROOT, run } from './process.mjs';

export const WEB_DIR = join(ROOT, 'apps', 'web');
export const WEB_DIST_INDEX = join(WEB_DIR, 'dist', 'index.html');

/** Files and folders whose changes make the build stale. */
const INPUTS = [
  join(WEB_DIR, 'index.html'),
  join(WEB_DIR, 'vite.config.ts'),
  join(WEB_DIR, 'package.json'),
  join(WEB_DIR, 'src'),
  join(WEB_DIR, 'public'),
  ...['react', 'sdk', 'protocol'].flatMap((name) => [
    join(ROOT, 'packages', name, 'src'),
    join(ROOT, 'packages', name, 'package.json'),
  ]),
  join(ROOT, 'package-lock.json'),
];

/** True when apps/web/dist is missing or older than any of its inputs. */
export function webBuildIsStale() {
  return isStale(WEB_DIST_INDEX, INPUTS);
}

/** `vite build` for apps/web; resolves to its exit code. */
export function buildWeb(extraArgs = []) {
  return run(bin('vite'), ['build', ...extraArgs], { cwd: WEB_DIR });
}

/** Builds when stale; resolves to 0 when the build is fresh or succeeded. */
export async function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return 0;
  console.error('Building the web app (apps/web → apps/web/dist)…');
  return buildWeb();
}
