// Issue 10 item 6: password sign-ins per second against raw argon2id on the same cores in the same run (goal ≥ 80 %),
// and the session check's p99 while password verifications run at full load (goal ≤ 2× its p99 at rest: hashing
// runs on the libuv pool and must not starve the event loop).
//
// Rows: (1) raw @node-rs/argon2 verify calls, OWASP parameters (19 MiB, t=2, p=1), as many in flight as the libuv
// pool has threads; (2) password sign-ins through POST /sdk/v1/passwords/authenticate when the app has the route,
// otherwise ctx.passwords.verify called in the server's process (the row says which); (3) session checks at a fixed
// rate with nothing else running, then (4) the same while (2) runs at full load. The kit computes its hashes in one
// low-priority worker thread per core (features/passwords/hashing-pool.ts), so they yield to the event loop.
// On PGlite and, when reachable, PostgreSQL (a throw-away database, as bench/session-check.ts does).
//
// The machine is shared, so besides the throughputs each row gives its CPU cost (Linux: every thread's schedstat):
// ms of CPU per raw verify, ms of server CPU per sign-in (the server's threads only: not autocannon's) and of that
// the event loop's share. Their quotient is the ratio the throughputs would show on idle cores.
//
// Strength checks (issue 10 Speed (c)): the kit's zxcvbn in its worker thread against in-process, as the event loop's
// CPU per check and the event loop's delay p99 while checks run back to back.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp, DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimitSettings } from '@gatehouse/server';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { createPasswordKit } from '../packages/server/src/features/passwords/kit';
import { type BenchResult, type BenchRow, median } from './report';
import { createPostgresDatabase, freePort, seedSession } from './session-check';

const ROUNDS = 5;
const ROUND_SECONDS = 3;
/** Session checks per second while measuring latency (a fixed rate: latency, not saturation). */
const SESSION_CHECK_RATE = 500;
const SESSION_CHECK_CONNECTIONS = 10;
const OWASP = { algorithm: 2, version: 1, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const PASSWORD = `Bench ${randomBytes(6).toString('hex')} staple horse`;

/** Every limit out of the way: the bench measures hashing, not refusals. */
const NO_LIMITS: Partial<RateLimitSettings> = Object.fromEntries(
  (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]).map((name) => [
    name,
    { points: 100_000_000, durationSeconds: 3600 },
  ]),
);

/** CPU ms each thread of this process has run (Linux schedstat), by thread id; empty elsewhere. */
function threadCpu(): Map<string, number> {
  const cpu = new Map<string, number>();
  if (!existsSync('/proc/self/task')) return cpu;
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      cpu.set(tid, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return cpu;
}

/**
 * CPU ms spent, from `before` on, by the threads that already ran then (the server's: the load generator's threads
 * start afresh each round), in total and on this (the event loop's) thread.
 */
function cpuSince(before: Map<string, number>): { total: number; eventLoop: number } {
  const now = threadCpu();
  let total = 0;
  for (const [tid, ms] of before) total += (now.get(tid) ?? ms) - ms;
  const own = String(process.pid);
  return { total, eventLoop: (now.get(own) ?? 0) - (before.get(own) ?? 0) };
}

/** Runs `operation` from `concurrency` loops for `seconds`; completions per second. */
async function closedLoop(concurrency: number, seconds: number, operation: () => Promise<unknown>) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await operation();
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

interface Measured {
  rows: BenchRow[];
  notes: string[];
  failed: boolean;
}

const ms = (value: number) => value.toFixed(1);

async function measureSignIns(on: string, databaseUrl: string | null): Promise<Measured> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  let failed = false;

  const stored = await hash(PASSWORD, OWASP as never);
  // (1) Raw argon2id: direct library calls, the kit's parameters, as many in flight as the libuv pool runs.
  const rawRound = async (seconds: number) => {
    const before = threadCpu();
    let count = 0;
    const perSecond = await closedLoop(POOL_SIZE, seconds, async () => {
      await verify(stored, PASSWORD);
      count += 1;
    });
    return { perSecond, cpuPerOp: cpuSince(before).total / Math.max(count, 1) };
  };

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const app = await buildApp({
    config: {
      env: 'test',
      host: '127.0.0.1',
      port,
      publicUrl: origin,
      databaseUrl,
      dataDir: null,
      logLevel: 'silent',
    },
    rateLimits: NO_LIMITS,
  });
  try {
    await app.listen({ host: '127.0.0.1', port });
    const { publicToken, sessionToken } = await seedSession(app, origin);
    const publicAuth = `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`;
    const sessionAuth = `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}`;
    const json = { origin, 'content-type': 'application/json' };

    // A password user through the routes.
    const email = `bench-password-${randomBytes(4).toString('hex')}@example.com`;
    const created = await app.inject({
      method: 'POST',
      url: '/sdk/v1/passwords',
      headers: { ...json, authorization: publicAuth },
      payload: { email, password: PASSWORD, session_duration_minutes: 60 },
    });
    if (created.statusCode !== 200) {
      throw new Error(`POST /sdk/v1/passwords answered ${created.statusCode}: ${created.body}`);
    }

    // (2) Sign-ins at full load through the route (autocannon, twice as many connections as pool threads).
    const signInRound = async (seconds: number) => {
      const before = threadCpu();
      const result = await autocannon({
        url: `http://127.0.0.1:${port}/sdk/v1/passwords/authenticate`,
        method: 'POST',
        connections: POOL_SIZE * 2,
        duration: seconds,
        workers: 1,
        headers: { ...json, authorization: publicAuth },
        body: JSON.stringify({ email, password: PASSWORD, session_duration_minutes: 60 }),
      });
      const cpu = cpuSince(before);
      const errors = result.non2xx + result.errors + result.timeouts;
      if (errors > 0) failed = true;
      const count = Math.max(result.requests.total, 1);
      return {
        perSecond: result.requests.average,
        errors,
        cpuPerOp: cpu.total / count,
        eventLoopPerOp: cpu.eventLoop / count,
      };
    };

    const sessionRound = async (seconds: number) => {
      const result = await autocannon({
        url: `http://127.0.0.1:${port}/sdk/v1/sessions/authenticate`,
        method: 'POST',
        connections: SESSION_CHECK_CONNECTIONS,
        overallRate: SESSION_CHECK_RATE,
        duration: seconds,
        workers: 1,
        headers: { ...json, authorization: sessionAuth },
        body: '{}',
      });
      const errors = result.non2xx + result.errors + result.timeouts;
      if (errors > 0) failed = true;
      return { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
    };

    // Warm-up (JIT, autocannon's worker, the pool's first allocations).
    await rawRound(1);
    await signInRound(1);
    await sessionRound(2);

    // The machine is shared (other processes come and go): raw and sign-ins, rest and load, alternate in short
    // rounds and the medians are reported, so a burst of outside load hits both sides of a ratio alike.
    const raw: Array<Awaited<ReturnType<typeof rawRound>>> = [];
    const signIns: Array<Awaited<ReturnType<typeof signInRound>>> = [];
    const rest: Array<Awaited<ReturnType<typeof sessionRound>>> = [];
    const loaded: Array<Awaited<ReturnType<typeof sessionRound>>> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      raw.push(await rawRound(ROUND_SECONDS));
      signIns.push(await signInRound(ROUND_SECONDS));
      rest.push(await sessionRound(ROUND_SECONDS));
      const [underLoad] = await Promise.all([sessionRound(ROUND_SECONDS), signInRound(ROUND_SECONDS)]);
      loaded.push(underLoad);
    }
    const rawMedian = median(raw.map((each) => each.perSecond));
    const signInMedian = median(signIns.map((each) => each.perSecond));
    const rawCpu = median(raw.map((each) => each.cpuPerOp));
    const signInCpu = median(signIns.map((each) => each.cpuPerOp));
    const ratios = raw.map((each, index) => (signIns[index]!.perSecond / each.perSecond) * 100);
    rows.push({
      label: `${on}: raw argon2id verify`,
      figures: { 'per s': rawMedian.toFixed(1), 'in flight': POOL_SIZE, 'CPU ms/op': ms(rawCpu) },
    });
    rows.push({
      label: `${on}: password sign-ins (route)`,
      figures: {
        'per s': signInMedian.toFixed(1),
        'vs raw': `${((signInMedian / rawMedian) * 100).toFixed(0)} %`,
        'CPU ms/op': ms(signInCpu),
        'event loop ms/op': ms(median(signIns.map((each) => each.eventLoopPerOp))),
        errors: signIns.reduce((sum, each) => sum + each.errors, 0),
      },
    });
    for (const [label, results] of [
      ['session check at rest', rest],
      ['session check, sign-ins at full load', loaded],
    ] as const) {
      rows.push({
        label: `${on}: ${label}`,
        figures: {
          'per s': Math.round(median(results.map((result) => result.perSecond))),
          'p50 ms': median(results.map((result) => result.p50)),
          'p99 ms': median(results.map((result) => result.p99)),
          errors: results.reduce((sum, result) => sum + result.errors, 0),
        },
      });
    }
    const restP99 = median(rest.map((result) => result.p99));
    const loadedP99 = median(loaded.map((result) => result.p99));
    notes.push(
      `${on}: session-check p99 under load / at rest: ${(loadedP99 / Math.max(restP99, 1)).toFixed(2)}× (goal ≤ 2×; per round: ${rest.map((each, index) => `${loaded[index]!.p99}/${each.p99}`).join(', ')} ms); sign-ins vs raw argon2id: ${((signInMedian / rawMedian) * 100).toFixed(0)} % (goal ≥ 80 %; per round: ${ratios.map((each) => each.toFixed(0)).join(', ')} %); by CPU (raw verify ms / server ms per sign-in, what idle cores would show): ${((rawCpu / signInCpu) * 100).toFixed(0)} %`,
    );
  } finally {
    await app.close();
  }
  return { rows, notes, failed };
}

/**
 * Strength checks back to back for `seconds`, 4 at once; the event loop's CPU per check and its delay p99 and max
 * (how long any other request would have waited for the loop).
 */
async function strengthRound(inWorker: boolean, seconds: number) {
  const kit = createPasswordKit({ breachRangeApiUrl: null, zxcvbnInWorker: inWorker });
  const project = { settings: { password_config: null } } as Parameters<typeof kit.strength>[0];
  const passwords = [
    PASSWORD,
    'correct horse battery staple',
    'Tr0ub4dor&3 was here',
    'P@ssw0rd'.repeat(8),
    `${randomBytes(12).toString('base64')}`,
  ];
  try {
    // Warm-up: the estimator's dictionaries (in the worker or here) and the breached list.
    await kit.strength(project, { password: PASSWORD, email: null });
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const own = String(process.pid);
    const before = threadCpu().get(own) ?? 0;
    let count = 0;
    delay.enable();
    const perSecond = await closedLoop(4, seconds, async () => {
      const password = passwords[count % passwords.length]!;
      count += 1;
      await kit.strength(project, { password, email: 'someone@example.com' });
      // A turn of the event loop between checks, as a server has between requests: without it in-process checks
      // chain as microtasks and the loop (and its delay monitor) never runs at all.
      await new Promise((resolve) => setImmediate(resolve));
    });
    delay.disable();
    const eventLoop = ((threadCpu().get(own) ?? 0) - before) / Math.max(count, 1);
    return { perSecond, eventLoop, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  } finally {
    await kit.close();
  }
}

export async function run(): Promise<BenchResult> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  let failed = false;
  const databases: Array<[string, string | null, (() => Promise<void>) | null]> = [['PGlite', null, null]];
  const postgres = await createPostgresDatabase();
  if (postgres) databases.push(['PostgreSQL', postgres.url, postgres.drop]);
  for (const [on, url, drop] of databases) {
    try {
      const measured = await measureSignIns(on, url);
      rows.push(...measured.rows);
      notes.push(...measured.notes);
      failed ||= measured.failed;
    } finally {
      await drop?.();
    }
  }

  // Strength checks: alternate in-process and worker rounds, medians.
  const inProcess: Array<Awaited<ReturnType<typeof strengthRound>>> = [];
  const inWorker: Array<Awaited<ReturnType<typeof strengthRound>>> = [];
  for (let round = 0; round < 3; round += 1) {
    inProcess.push(await strengthRound(false, ROUND_SECONDS));
    inWorker.push(await strengthRound(true, ROUND_SECONDS));
  }
  for (const [label, results] of [
    ['strength checks, zxcvbn on the event loop', inProcess],
    ['strength checks, zxcvbn in its worker', inWorker],
  ] as const) {
    rows.push({
      label,
      figures: {
        'per s': median(results.map((each) => each.perSecond)).toFixed(1),
        'event loop ms/op': ms(median(results.map((each) => each.eventLoop))),
        'loop delay p99 ms': ms(median(results.map((each) => each.p99))),
        'loop delay max ms': ms(median(results.map((each) => each.max))),
      },
    });
  }
  notes.push(
    `medians of ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s (strength: 3); ${availableParallelism()} cores, UV_THREADPOOL_SIZE ${POOL_SIZE}, kit: ${availableParallelism()} hashing threads at nice 10, zxcvbn in 1 thread at nice 5; session checks at ${SESSION_CHECK_RATE}/s over ${SESSION_CHECK_CONNECTIONS} connections; strength checks 4 at once through ctx.passwords.strength; CPU from /proc/self/task/*/schedstat`,
  );
  return { rows, notes, failed };
}
