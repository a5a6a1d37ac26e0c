// Playwright's global setup: what every Gatehouse server of the run starts from (./server.ts), made once.
// - the server bundle `npm start` runs, rebuilt only when a source file is newer (scripts/lib/server-build.mjs);
// - the script tag the servers serve at /gatehouse.js, rebuilt only when stale (scripts/lib/script-tag-build.mjs);
// - a migrated PGlite data folder that each server copies (a copy is milliseconds; initdb and the migrations are
//   about 3.5 s of CPU), removed by the returned teardown;
// - in a full run, the example apps, started without waiting (./examples-early.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../packages/server/src/infra/db/client';
import { ensureScriptTagBuild } from '../../scripts/lib/script-tag-build.mjs';
import { ensureServerBuild } from '../../scripts/lib/server-build.mjs';
import { EXAMPLES_EARLY_ENV, startExampleAppsEarly } from './examples-early';
import { DATA_TEMPLATE_ENV, FROM_SOURCE_ENV } from './server';

/** A memory-backed folder where there is one: PGlite writes its pages through the file system. */
function scratchRoot(): string {
  try {
    return mkdtempSync('/dev/shm/gatehouse-e2e-');
  } catch {
    return mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env[FROM_SOURCE_ENV] !== '1' && (await ensureServerBuild()) !== 0) {
    throw new Error('The server bundle failed to build (scripts/lib/server-build.mjs)');
  }
  if ((await ensureScriptTagBuild()) !== 0) {
    throw new Error('The script tag failed to build (scripts/lib/script-tag-build.mjs)');
  }
  const root = scratchRoot();
  const template = join(root, 'template');
  const handle = await openDatabase({ dataDir: template });
  await handle.close();
  // Playwright's workers inherit the environment the global setup leaves.
  process.env[DATA_TEMPLATE_ENV] = template;
  const stopExamples = process.env[EXAMPLES_EARLY_ENV] === '1' ? startExampleAppsEarly() : null;
  return async () => {
    await stopExamples?.();
    rmSync(root, { recursive: true, force: true });
  };
}
