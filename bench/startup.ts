// Start-up time of `npm start` on a warm machine (web app already built): from spawning `node scripts/start.mjs`
// to the first 200 on `/`, median of 5 runs. All runs share one temp DATA_DIR: the uncounted warm-up run builds
// the web app if needed and creates the PGlite database, as a first `npm start` does; the counted runs are the
// warm starts that follow. Budget: 3 s (issue 1 "npm start ≤ 3 s warm").
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchResult, median } from './report';

const ROOT = join(import.meta.dirname, '..');
const RUNS = 5;
const BUDGET_MS = 3_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** One start: milliseconds from spawn to the first 200 on `/`. */
async function timeOneStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    while (true) {
      if (child.exitCode !== null)
        throw new Error(`npm start exited with ${child.exitCode} before answering`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - startedAt;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await stop(child);
  }
}

export async function run(): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-startup-'));
  const times: number[] = [];
  let warmUp: number;
  try {
    // The first start may build the web app and creates the database (cold); it is not counted.
    warmUp = await timeOneStart(dataDir);
    for (let index = 0; index < RUNS; index += 1) times.push(await timeOneStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const typical = median(times);
  const [load1] = loadavg();
  return {
    rows: [
      {
        label: 'npm start → first 200 on /',
        figures: {
          'median ms': Math.round(typical),
          'min ms': Math.round(Math.min(...times)),
          'max ms': Math.round(Math.max(...times)),
          runs: RUNS,
          'warm-up ms': Math.round(warmUp),
        },
      },
    ],
    notes: [
      `budget: ≤ ${BUDGET_MS} ms (median) — ${typical <= BUDGET_MS ? 'met' : 'NOT met'}`,
      `load average (1 min) at the end: ${load1?.toFixed(2)} — figures on a busy machine are not comparable`,
    ],
    failed: typical > BUDGET_MS,
  };
}
