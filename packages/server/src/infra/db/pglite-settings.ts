// Issue 23 item 1: the embedded default must fit a 1 GB machine (≤ 250 MB resident at rest). Measured with
// bench/embedded-memory.ts on this 2-core machine (PGlite 0.5.16, before → after):
// - PGlite runs initdb inside the server process on the first start, and the WASM memory it grows to (~450 MB)
//   is never handed back: the first start sat at 903 MB. The data folder is now created by a short-lived child
//   process (createPgliteDataDir), so that memory leaves with it.
// - PGlite's own defaults are a server's: shared_buffers 128 MB (touched at start), maintenance_work_mem 64 MB,
//   work_mem 4 MB. An identity server's working set is small rows by primary key or unique index; the figures below
//   are small values that keep every query plan the same.
// - V8 compiles PGlite's 9 MB WASM module twice, Liftoff for everything and TurboFan for hot functions, and keeps
//   both: ~40 MB. Liftoff alone (useLiftoffOnly) costs nothing measurable here: an identity server's queries spend
//   their time in I/O and the protocol, not in PostgreSQL's executor (bench session-check on PGlite: 4.4k → 5.5k
//   requests/s in one noisy run, not slower).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

/** postgresql.conf lines for every PGlite the server opens (the tests' in-memory ones included). */
export const PGLITE_SETTINGS: readonly string[] = [
  'shared_buffers=16MB',
  'temp_buffers=2MB',
  'work_mem=2MB',
  'maintenance_work_mem=16MB',
  'wal_buffers=512kB',
];

let liftoffOnly = false;

/**
 * Tells V8 to compile WebAssembly with its baseline compiler only (see above). It applies to modules compiled after
 * the call, so it runs before the first PGlite of the process; only the embedded database uses WebAssembly here.
 */
export function useLiftoffOnly(): void {
  if (liftoffOnly) return;
  setFlagsFromString('--liftoff-only');
  liftoffOnly = true;
}

/** Whether `dataDir` already holds a PostgreSQL cluster (initdb writes PG_VERSION first and keeps it). */
export function isPgliteDataDir(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Creates the cluster in `dataDir` in a child Node process that exits when done, so the memory initdb needs is
 * returned to the system instead of staying in the server's WASM heap. Rejects with the child's output on failure.
 */
export function createPgliteDataDir(dataDir: string): Promise<void> {
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  // The child resolves PGlite from the same file the server would load (the ESM entry beside the CJS one).
  const esmEntry = entry.replace(/index\.cjs$/, 'index.js');
  const script = `const { PGlite } = await import(${JSON.stringify(esmEntry)});
const db = new PGlite(process.argv[1]);
await db.waitReady;
await db.close();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--liftoff-only', '--input-type=module', '-e', script, dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `Creating the PGlite database in ${dataDir} failed (${signal ?? code}): ${output.trim()}`,
          ),
        );
    });
  });
}
