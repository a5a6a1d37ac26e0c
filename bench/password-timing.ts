// security-tests.md EN-02 (timing) for passwords: does the time of an answer tell whether an address has an
// account? Two calls, each with two classes of address, over real HTTP on loopback:
//   - POST /sdk/v1/passwords/authenticate with a wrong password, for an address with a password account and for an
//     unknown address (the unknown one is verified against a dummy argon2id hash, features/passwords/service.ts);
//   - POST /sdk/v1/passwords/email/reset/start for an account's address and an unknown one (the e-mail goes out
//     after the answer).
// Samples are interleaved (each round takes one of every class, in a random order, from a client in a worker thread), 300 per class when a round is
// quick enough to finish in about a minute, fewer otherwise (the notes say how many). For each call: the medians,
// their difference (goal < 10 ms) and the two-sided Mann-Whitney U p-value (goal p > 0.01).
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { buildApp, DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimitSettings } from '@gatehouse/server';
import { type BenchResult, type BenchRow, median } from './report';
import { freePort } from './session-check';

const WANTED_SAMPLES = 300;
/** Above this, fewer samples are taken (and the notes say so). */
const BUDGET_SECONDS = 55;
const WARMUP_ROUNDS = 10;
const PASSWORD = `Timing ${randomBytes(6).toString('hex')} lantern orbit`;
const WRONG = `Wrong ${randomBytes(6).toString('hex')} lantern orbit`;

/** Every limit out of the way: the bench measures the work of a call, not refusals. */
const NO_LIMITS: Partial<RateLimitSettings> = Object.fromEntries(
  (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]).map((name) => [
    name,
    { points: 100_000_000, durationSeconds: 3600 },
  ]),
);

/** erfc(x), Numerical Recipes' Chebyshev fit (relative error < 1.2e-7): enough for a p-value. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Two-sided Mann-Whitney U test, normal approximation with tie correction (fine for n ≥ 20 per class). */
export function mannWhitneyP(a: number[], b: number[]): number {
  const all = [...a.map((value) => ({ value, group: 0 })), ...b.map((value) => ({ value, group: 1 }))].sort(
    (x, y) => x.value - y.value,
  );
  const n = all.length;
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && all[j + 1]!.value === all[i]!.value) j += 1;
    const rank = (i + j + 2) / 2;
    const ties = j - i + 1;
    tieTerm += ties ** 3 - ties;
    for (let k = i; k <= j; k += 1) if (all[k]!.group === 0) rankSumA += rank;
    i = j + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return 1;
  const z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
  return Math.min(1, erfc(Math.max(0, z) / Math.SQRT2));
}

interface TimedClass {
  call: string;
  label: string;
  path: string;
  body: object;
  expected: number;
  samples: number[];
}

interface WorkerJob {
  base: string;
  headers: Record<string, string>;
  requests: Array<{ path: string; body: object; expected: number }>;
  warmupRounds: number;
  wanted: number;
  budgetMs: number;
}

interface WorkerAnswer {
  samples: number[][];
  perRoundMs: number;
  ms: number;
  error?: string;
}

/**
 * The client loop (plain JavaScript, run by a worker thread): warm-up rounds, then as many measured rounds as fit
 * the budget (at most `wanted`); each round sends every request once, in a shuffled order, over keep-alive fetch.
 */
const WORKER_SOURCE = `
const { parentPort, workerData: job } = require('node:worker_threads');
async function once(request) {
  const started = performance.now();
  const response = await fetch(job.base + request.path, {
    method: 'POST', headers: job.headers, body: JSON.stringify(request.body),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== request.expected) {
    throw new Error(request.path + ' answered ' + response.status + ', expected ' + request.expected);
  }
  return elapsed;
}
function shuffled(count) {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}
(async () => {
  const samples = job.requests.map(() => []);
  const round = async (keep) => {
    for (const index of shuffled(job.requests.length)) {
      const ms = await once(job.requests[index]);
      if (keep) samples[index].push(ms);
    }
  };
  const warm = performance.now();
  for (let i = 0; i < job.warmupRounds; i += 1) await round(false);
  const perRoundMs = (performance.now() - warm) / job.warmupRounds;
  const rounds = Math.max(30, Math.min(job.wanted, Math.floor(job.budgetMs / Math.max(perRoundMs, 1))));
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) await round(true);
  parentPort.postMessage({ samples, perRoundMs, ms: performance.now() - started });
})().catch((error) => parentPort.postMessage({ samples: [], perRoundMs: 0, ms: 0, error: String(error) }));
`;

function measureInWorker(job: WorkerJob): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: job });
    worker.once('message', (answer: WorkerAnswer) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export async function run(): Promise<BenchResult> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  let failed = false;
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const app = await buildApp({
    config: {
      env: 'test',
      host: '127.0.0.1',
      port,
      publicUrl: origin,
      databaseUrl: null,
      dataDir: null,
      logLevel: 'silent',
    },
    rateLimits: NO_LIMITS,
  });
  try {
    await app.listen({ host: '127.0.0.1', port });
    const devProject = await app.inject({ method: 'GET', url: '/dev/project' });
    const { public_token: publicToken } = devProject.json() as { public_token: string };
    const headers = {
      authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
      origin,
      'content-type': 'application/json',
    };
    const known = `timing-${randomBytes(4).toString('hex')}@example.com`;
    const unknown = `timing-${randomBytes(4).toString('hex')}@example.com`;
    const created = await app.inject({
      method: 'POST',
      url: '/sdk/v1/passwords',
      headers,
      payload: { email: known, password: PASSWORD, session_duration_minutes: 60 },
    });
    if (created.statusCode !== 200)
      throw new Error(`POST /passwords answered ${created.statusCode}: ${created.body}`);

    // The client runs in a worker thread: its clock and its socket reads must not wait for the server's event loop
    // (PGlite runs queries on it, and reset/start stores its link right after answering).
    const classes: TimedClass[] = [
      {
        call: 'password login (wrong password)',
        label: 'existing address',
        path: '/passwords/authenticate',
        body: { email: known, password: WRONG },
        expected: 401,
        samples: [],
      },
      {
        call: 'password login (wrong password)',
        label: 'unknown address',
        path: '/passwords/authenticate',
        body: { email: unknown, password: WRONG },
        expected: 401,
        samples: [],
      },
      {
        call: 'reset start',
        label: 'existing address',
        path: '/passwords/email/reset/start',
        body: { email: known },
        expected: 200,
        samples: [],
      },
      {
        call: 'reset start',
        label: 'unknown address',
        path: '/passwords/email/reset/start',
        body: { email: unknown },
        expected: 200,
        samples: [],
      },
    ];
    const measured = await measureInWorker({
      base: `http://127.0.0.1:${port}/sdk/v1`,
      headers,
      requests: classes.map(({ path, body, expected }) => ({ path, body, expected })),
      warmupRounds: WARMUP_ROUNDS,
      wanted: WANTED_SAMPLES,
      budgetMs: BUDGET_SECONDS * 1000,
    });
    if (measured.error) {
      failed = true;
      throw new Error(measured.error);
    }
    measured.samples.forEach((list, index) => {
      classes[index]!.samples.push(...list);
    });
    const samples = measured.samples[0]!.length;
    const { perRoundMs } = measured;
    const seconds = measured.ms / 1000;

    for (const call of [...new Set(classes.map((each) => each.call))]) {
      const [existing, missing] = classes.filter((each) => each.call === call) as [TimedClass, TimedClass];
      const difference = median(existing.samples) - median(missing.samples);
      const p = mannWhitneyP(existing.samples, missing.samples);
      const pass = Math.abs(difference) < 10 && p > 0.01;
      if (!pass) failed = true;
      for (const each of [existing, missing]) {
        rows.push({
          label: `${call}: ${each.label}`,
          figures: {
            n: each.samples.length,
            'median ms': median(each.samples).toFixed(2),
            'p10 ms': quantile(each.samples, 0.1).toFixed(2),
            'p90 ms': quantile(each.samples, 0.9).toFixed(2),
          },
        });
      }
      notes.push(
        `${call}: medians differ by ${difference.toFixed(2)} ms (goal < 10), Mann-Whitney p = ${p.toPrecision(3)} (goal > 0.01): ${pass ? 'pass' : 'FAIL'}`,
      );
    }
    notes.push(
      `${samples} interleaved samples per class${samples < WANTED_SAMPLES ? ` (fewer than ${WANTED_SAMPLES}: a round took ${perRoundMs.toFixed(0)} ms, the budget is ${BUDGET_SECONDS} s)` : ''}, measured in ${seconds.toFixed(1)} s; HTTP on loopback, PGlite in memory, dev outbox delivery, limits off`,
    );
  } finally {
    await app.close();
  }
  return { rows, notes, failed };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
