#!/usr/bin/env node
// `npm start`: build the web app, the console (issue 26 item 1, lib/console-build.mjs) and the script tag
// (lib/script-tag-build.mjs) and bundle the server if any of them is missing or stale, then run the bundle (see
// lib/server-build.mjs for why a bundle and not tsx).
// `npm run dev` (--dev): `vite build --watch` for the web app and the console and a rebuild of the script tag on
// each change, alongside the server restarted on change.
// Defaults: DATA_DIR=./data (PGlite persisted there), PORT=3000. Signals are forwarded; the exit code is the
// server's.
import { join } from 'node:path';
import { CONSOLE_DIR, ensureConsoleBuild } from './lib/console-build.mjs';
import { bin, ROOT, start } from './lib/process.mjs';
import { ensureScriptTagBuild, watchScriptTag } from './lib/script-tag-build.mjs';
import { ensureServerBuild, SERVER_BUNDLE } from './lib/server-build.mjs';
import { ensureWebBuild, WEB_DIR } from './lib/web-build.mjs';

const dev = process.argv.includes('--dev');
const SERVER_ENTRY = join(ROOT, 'packages', 'server', 'src', 'server.ts');
// Workspace packages resolve to their TypeScript source through this export condition (DESIGN.md).
const CONDITIONS = '--conditions=@gatehouse/source';

const env = {
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? join(ROOT, 'data'),
  PORT: process.env.PORT ?? '3000',
};

if (!dev) {
  const buildCode = await ensureWebBuild();
  if (buildCode !== 0) {
    console.error(`The web app build failed (exit ${buildCode}).`);
    process.exit(buildCode);
  }
  const consoleCode = await ensureConsoleBuild();
  if (consoleCode !== 0) {
    console.error(`The console build failed (exit ${consoleCode}).`);
    process.exit(consoleCode);
  }
  const scriptTagCode = await ensureScriptTagBuild();
  if (scriptTagCode !== 0) {
    console.error('The script tag build failed.');
    process.exit(scriptTagCode);
  }
  const bundleCode = await ensureServerBuild();
  if (bundleCode !== 0) {
    console.error(`The server bundle failed (exit ${bundleCode}).`);
    process.exit(bundleCode);
  }
  // No --enable-source-maps: Node parses the bundle's source map at load and keeps it, 33 MB of a ~220 MB server
  // (issue 23 item 1, bench embedded-memory). The bundle is not minified and names each source file in a comment,
  // so its stack traces read as they are; NODE_OPTIONS=--enable-source-maps maps them back when debugging.
  const server = start(process.execPath, [SERVER_BUNDLE], { env });
  process.exit(await server.exited);
}

// Development: the watchers' first builds replace any stale dist within seconds, so no build up front.
// Three children; when any ends, stop the others and exit with the first one's code.
const watcher = start(bin('vite'), ['build', '--watch'], { cwd: WEB_DIR });
const consoleWatcher = start(bin('vite'), ['build', '--watch'], { cwd: CONSOLE_DIR });
// In this process: the server reads the folder per request, so a rebuild shows up without a restart.
const scriptTagWatch = watchScriptTag();
const server = start(bin('tsx'), ['watch', '--clear-screen=false', SERVER_ENTRY], {
  env: { ...env, NODE_OPTIONS: [process.env.NODE_OPTIONS, CONDITIONS].filter(Boolean).join(' ') },
});
const children = [watcher, consoleWatcher, server];
const code = await Promise.race(children.map((each) => each.exited));
scriptTagWatch.close();
for (const { child } of children) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}
await Promise.all(children.map((each) => each.exited));
process.exit(code);
