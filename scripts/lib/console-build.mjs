// Issue 26 item 1: builds apps/console (the operator console, served at /console) only when needed, as
// web-build.mjs does for apps/web: dist/index.html must be newer than every source file of the console and of the
// workspace packages it bundles (react, sdk, protocol). Its own `vite build`, so apps/web's output never holds it.
import { join } from 'node:path';
import { isStale } from './freshness.mjs';
import { bin, ROOT, run } from './process.mjs';

export const CONSOLE_DIR = join(ROOT, 'apps', 'console');
export const CONSOLE_DIST_INDEX = join(CONSOLE_DIR, 'dist', 'index.html');

const INPUTS = [
  join(CONSOLE_DIR, 'index.html'),
  join(CONSOLE_DIR, 'vite.config.ts'),
  join(CONSOLE_DIR, 'package.json'),
  join(CONSOLE_DIR, 'src'),
  ...['react', 'sdk', 'protocol'].flatMap((name) => [
    join(ROOT, 'packages', name, 'src'),
    join(ROOT, 'packages', name, 'package.json'),
  ]),
  join(ROOT, 'package-lock.json'),
];

/** True when apps/console/dist is missing or older than any of its inputs. */
export function consoleBuildIsStale() {
  return isStale(CONSOLE_DIST_INDEX, INPUTS);
}

/** `vite build` for apps/console; resolves to its exit code. */
export function buildConsole(extraArgs = []) {
  return run(bin('vite'), ['build', ...extraArgs], { cwd: CONSOLE_DIR });
}

/** Builds when stale; resolves to 0 when the build is fresh or succeeded. */
export async function ensureConsoleBuild({ force = false } = {}) {
  if (!force && !consoleBuildIsStale()) return 0;
  console.error('Building the console (apps/console → apps/console/dist)…');
  return buildConsole();
}
