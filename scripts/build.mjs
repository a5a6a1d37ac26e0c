#!/usr/bin/env node
// `npm run build`: the web app (apps/web → apps/web/dist, `vite build`), the operator console (issue 26 item 1:
// apps/console → apps/console/dist, its own `vite build`, lib/console-build.mjs) and the script tag (issue 21 item 2:
// packages/react/src/script-tag → packages/server/dist/script-tag, lib/script-tag-build.mjs), all built anew.
import { buildConsole } from './lib/console-build.mjs';
import { ensureScriptTagBuild } from './lib/script-tag-build.mjs';
import { buildWeb } from './lib/web-build.mjs';

const webCode = await buildWeb();
if (webCode !== 0) {
  console.error(`The web app build failed (exit ${webCode}).`);
  process.exit(webCode);
}
const consoleCode = await buildConsole();
if (consoleCode !== 0) {
  console.error(`The console build failed (exit ${consoleCode}).`);
  process.exit(consoleCode);
}
const scriptTagCode = await ensureScriptTagBuild({ force: true });
if (scriptTagCode !== 0) console.error('The script tag build failed.');
process.exit(scriptTagCode);
