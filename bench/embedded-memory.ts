// Issue 23 item 1: the server's resident memory at rest, 20 s after the first page, as `npm start` runs it (the
// bundle, built first if stale), on the embedded default (PGlite in a fresh DATA_DIR: the very first start, which
// creates the database, and a second start on that folder) and on PostgreSQL (TEST_DATABASE_URL or the local
// server, in a database of its own). Then, on the embedded default, a load of login-page fetches and session checks
// for BENCH_MEMORY_LOAD_MINUTES (default 10), sampling RSS every 5 s: the budget is no growth between minute 2 and
// the end (medians of those minutes, ≤ 5 %). Budget at rest: ≤ 250 MB on the embedded default.
// RSS is read from /proc/<pid>/status (VmRSS) of the server process itself (`npm start`'s parent adds ~45 MB of its
// own Node; it is printed beside).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/server';
import type { BenchResult, BenchRow } from './report';

const ROOT = join(import.meta.dirname, '..');
const REST_MS = 20_000;
const BUDGET_MB = 250;
const LOAD_MINUTES = Number(process.env.BENCH_MEMORY_LOAD_MINUTES ?? 10);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  startMs: number;
}

async function startServer(env: Record<string, string>): Promise<Started> {
  const { ensureServerBuild, SERVER_BUNDLE } = await import('../scripts/lib/server-build.mjs');
  const { ensureWebBuild } = await import('../scripts/lib/web-build.mjs');
  if ((await ensureWebBuild()) !== 0 || (await ensureServerBuild()) !== 0) throw new Error('build failed');
  const port = await freePort();
  const startedAt = performance.now();
  // As scripts/start.mjs runs it (no --enable-source-maps: see there).
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 3_000; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/`);
      await response.arrayBuffer();
      if (response.status === 200) return { child, url, startMs: performance.now() - startedAt };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop(child);
  throw new Error('the server did not answer within 60 s');
}

async function atRest(label: string, env: Record<string, string>): Promise<BenchRow> {
  const server = await startServer(env);
  try {
    const peak = rssMb(server.child.pid!);
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    return {
      label,
      figures: {
        'start ms': Math.round(server.startMs),
        'RSS at first page MB': peak,
        'RSS 20 s later MB': rssMb(server.child.pid!),
      },
    };
  } finally {
    await stop(server.child);
  }
}

/** A bounded loop of requests a sign-in page causes: the page, bootstrap, and a session check with no session. */
async function loadFor(url: string, untilMs: number): Promise<number> {
  const token = /gatehouse-public-token" content="([^"]+)"/.exec(await (await fetch(`${url}/`)).text())?.[1];
  let requests = 0;
  const worker = async () => {
    while (performance.now() < untilMs) {
      const page = await fetch(`${url}/`);
      await page.arrayBuffer();
      const check = await fetch(`${url}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${token}:${token}`).toString('base64')}`,
        },
        body: JSON.stringify({ session_token: `token-${requests}` }),
      });
      await check.arrayBuffer();
      requests += 2;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return requests;
}

async function underLoad(env: Record<string, string>): Promise<{ row: BenchRow; growth: number }> {
  const server = await startServer(env);
  // RSS every 5 s: a garbage-collected heap saws up and down by ~40 MB under load, so one sample a minute says more
  // about the phase of the saw than about growth. Each minute is summed up by the median of its samples.
  const minutes: number[][] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    const minute = Math.floor((performance.now() - started) / 60_000);
    minutes[minute] = [...(minutes[minute] ?? []), rssMb(server.child.pid!)];
  }, 5_000);
  let requests = 0;
  try {
    requests = await loadFor(server.url, started + LOAD_MINUTES * 60_000);
  } finally {
    clearInterval(sampler);
    await stop(server.child);
  }
  const medians = minutes
    .slice(0, LOAD_MINUTES)
    .map((samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN);
  const fromMinute2 = medians[Math.min(1, medians.length - 1)] ?? Number.NaN;
  const last = medians.at(-1) ?? Number.NaN;
  const growth = (last - fromMinute2) / fromMinute2;
  const peak = Math.max(...minutes.flat());
  return {
    growth,
    row: {
      label: `embedded default under load, ${LOAD_MINUTES} min`,
      figures: {
        requests,
        'RSS median per minute MB': medians.join(' '),
        'peak MB': peak,
        'growth min 2 → end': `${(growth * 100).toFixed(1)} %`,
      },
    },
  };
}

export async function run(): Promise<BenchResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-memory-'));
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  let failed = false;
  try {
    rows.push(await atRest('embedded default, first start (creates ./data)', { DATA_DIR: dataDir }));
    rows.push(await atRest('embedded default, second start', { DATA_DIR: dataDir }));
    const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = `gatehouse_memory_${process.pid}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: postgresUrl });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${database}`;
      rows.push(await atRest('PostgreSQL', { DATABASE_URL: url.toString() }));
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
    } catch (error) {
      notes.push(`PostgreSQL not measured: ${(error as Error).message}`);
    } finally {
      await admin.end().catch(() => {});
    }
    const worst = Math.max(
      ...rows.slice(0, 2).map((row) => Number(row.figures['RSS 20 s later MB'] ?? Number.NaN)),
    );
    failed ||= !(worst <= BUDGET_MB);
    notes.push(`budget: embedded default at rest ≤ ${BUDGET_MB} MB (worst start: ${worst} MB)`);
    if (LOAD_MINUTES > 0) {
      const load = await underLoad({ DATA_DIR: dataDir });
      rows.push(load.row);
      failed ||= !(load.growth <= 0.05);
      notes.push('budget: no growth under load between minute 2 and the end (≤ 5 %)');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, notes, failed };
}
