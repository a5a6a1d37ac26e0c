// What a rate limiter adds to a login-link send (issue 9 "Tests that show it": the cost a limiter adds to a
// login-link send, PostgreSQL and Redis stores). Per store, on loopback only:
//   - route: POST /sdk/v1/magic_links/email/login_or_create through app.inject (a new address each time, so each
//     call is a sign-up: user, login link, message handed to a no-op delivery), sequential, after a warm-up; and,
//     of each send, the time spent in ctx.limits (every point its guard took or gave back) — the limiter's cost,
//     measured inside the real route instead of as a difference of two noisy route times;
//   - guard: one guardCall alone (no captcha) for three checks (per IP, per identifier, per recipient): a point of
//     each, one store round trip per check when the call is allowed.
// Stores: memory (the baseline), PostgreSQL (a throw-away database; also the app's database for every row when
// reachable, so the rows differ only in the store) and Redis (REDIS_URL or redis://127.0.0.1:6379).
// "limiter calls/send" counts the store round-trips per send: 0 means this build does not guard the route yet.
import { randomBytes } from 'node:crypto';
import {
  buildApp,
  DEFAULT_RATE_LIMITS,
  guardCall,
  type RateLimitName,
  type RateLimits,
  type RequestContext,
} from '@gatehouse/server';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type BenchResult, type BenchRow, median } from './report';

const ROUTE_SENDS = 300;
const ROUTE_WARMUP = 30;
const GUARD_CALLS = 1000;
const GUARD_WARMUP = 100;
/** The measured calls are made in this many rounds, the stores taking turns. */
const ROUNDS = 10;
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

type Store = 'memory' | 'postgres' | 'redis';
type App = Awaited<ReturnType<typeof buildApp>>;

/** Budgets nothing in the bench reaches: it measures the counting, not the refusals. */
const UNREACHABLE_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { points: 1_000_000_000, durationSeconds: 3600 }]),
);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => Number(value.toFixed(3));

/** A throw-away PostgreSQL database, or null when no server answers. */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const name = `gatehouse_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${baseUrl} (${(error as Error).message}): no PostgreSQL row.`);
    await admin.end().catch(() => {});
    return null;
  }
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** REDIS_URL (or the local default) when a Redis answers PING, else null. */
async function reachableRedis(): Promise<string | null> {
  const url = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    console.log(`Redis not reachable at ${url} (${(error as Error).message}): no Redis row.`);
    return null;
  } finally {
    client.disconnect();
  }
}

/** guardCall reads the request only to ask the captcha, and the bench's calls have none. */
const BENCH_REQUEST = {} as RequestContext;

/** Store round-trips of ctx.limits (peek, take and giveBack make one each; take two when refused) and their time. */
interface LimiterMeter {
  calls: number;
  ms: number;
}

/** Wraps ctx.limits' store calls to meter them (sequential calls: the time is this call's own; consume is take). */
function meterLimiter(limits: RateLimits): LimiterMeter {
  const meter: LimiterMeter = { calls: 0, ms: 0 };
  const metered =
    <A extends unknown[]>(work: (...args: A) => Promise<unknown>) =>
    async (...args: A) => {
      const started = performance.now();
      meter.calls += 1;
      try {
        return await work(...args);
      } finally {
        meter.ms += performance.now() - started;
      }
    };
  limits.peek = metered(limits.peek.bind(limits)) as RateLimits['peek'];
  limits.take = metered(limits.take.bind(limits)) as RateLimits['take'];
  limits.giveBack = metered(limits.giveBack.bind(limits)) as RateLimits['giveBack'];
  return meter;
}

interface Subject {
  label: string;
  app: App;
  /** One login-link send to a new address (throws unless 200). */
  send(): Promise<void>;
  /** guardCall for three checks (no captcha). */
  guard(): Promise<void>;
  routeTimes: number[];
  guardTimes: number[];
  /** ctx.limits metered from the warm-up's end. */
  meter: LimiterMeter;
  /** Limiter round-trips made by the measured sends. */
  routeLimiterCalls: number;
  /** Per measured send: the time it spent in ctx.limits (the cost its limiter added). */
  routeLimiterTimes: number[];
}

/** One SECRET_KEY for the run: every row's app opens the same database, as instances of one deployment do. */
const SECRET_KEY = randomBytes(32).toString('base64url');

async function subject(
  label: string,
  store: Store,
  databaseUrl: string | null,
  redisUrl: string | null,
): Promise<Subject> {
  const app = await buildApp({
    config: {
      env: 'test',
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl,
      redisUrl,
      secretKey: SECRET_KEY,
      dataDir: null,
      logLevel: 'silent',
      purgeIntervalSeconds: 0,
    },
    delivery: { send: async () => {} },
    rateLimits: UNREACHABLE_LIMITS,
    limiterStore: store,
    limiterKeyPrefix: `bench-${randomBytes(4).toString('hex')}`,
  });
  const devProject = await app.inject({ method: 'GET', url: '/dev/project' });
  const { public_token: publicToken } = devProject.json() as { public_token: string };
  const headers = {
    authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
    origin: 'http://localhost:3000',
    'content-type': 'application/json',
  };
  const run = randomBytes(4).toString('hex');
  const names = Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[];
  const limits = app.gatehouse.limits;
  let sends = 0;
  let guards = 0;
  return {
    label,
    app,
    routeTimes: [],
    guardTimes: [],
    meter: { calls: 0, ms: 0 },
    routeLimiterCalls: 0,
    routeLimiterTimes: [],
    async send() {
      sends += 1;
      const response = await app.inject({
        method: 'POST',
        url: '/sdk/v1/magic_links/email/login_or_create',
        headers,
        payload: { email: `bench-${run}-${sends}@example.com` },
      });
      if (response.statusCode !== 200) {
        throw new Error(`${label}: login_or_create answered ${response.statusCode}: ${response.body}`);
      }
    },
    async guard() {
      guards += 1;
      const checks = [
        { limit: names[0]!, kind: 'ip' as const, key: `198.51.100.${guards % 250}` },
        { limit: names[1 % names.length]!, kind: 'email' as const, key: `identifier-${run}-${guards}` },
        { limit: names[2 % names.length]!, kind: 'email' as const, key: `recipient-${run}-${guards}` },
      ];
      await guardCall({ limits, captcha: null }, BENCH_REQUEST, {
        checks,
        message: 'bench',
        action: '/magic_links/email/login_or_create',
        captchaToken: null,
      });
    },
  };
}

async function timed(work: () => Promise<void>, times: number[]): Promise<void> {
  const started = performance.now();
  await work();
  times.push(performance.now() - started);
}

export async function run(): Promise<BenchResult> {
  const postgres = await createPostgresDatabase();
  const redisUrl = await reachableRedis();
  const database = postgres?.url ?? null;
  const on = database === null ? 'PGlite' : 'PostgreSQL';
  const subjects: Subject[] = [];
  try {
    subjects.push(await subject(`memory (app on ${on})`, 'memory', database, null));
    if (postgres) subjects.push(await subject('PostgreSQL', 'postgres', database, null));
    if (redisUrl) subjects.push(await subject(`Redis (app on ${on})`, 'redis', database, redisUrl));
    for (const each of subjects) {
      for (let i = 0; i < ROUTE_WARMUP; i += 1) await each.send();
      for (let i = 0; i < GUARD_WARMUP; i += 1) await each.guard();
      each.meter = meterLimiter(each.app.gatehouse.limits);
    }
    // Interleaved rounds: the machine's load and the database's growth drift over a run; every store meets them
    // alike instead of the last row paying for them.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const each of subjects) {
        for (let i = 0; i < ROUTE_SENDS / ROUNDS; i += 1) {
          const before = { ...each.meter };
          await timed(() => each.send(), each.routeTimes);
          each.routeLimiterCalls += each.meter.calls - before.calls;
          each.routeLimiterTimes.push(each.meter.ms - before.ms);
        }
        for (let i = 0; i < GUARD_CALLS / ROUNDS; i += 1) await timed(() => each.guard(), each.guardTimes);
      }
    }
  } finally {
    for (const each of subjects) await each.app.close();
    await postgres?.drop();
  }
  const rows: BenchRow[] = subjects.map((each) => ({
    label: each.label,
    figures: {
      'route p50 ms': ms(median(each.routeTimes)),
      'route p99 ms': ms(percentile(each.routeTimes, 0.99)),
      'limiter calls/send': ms(each.routeLimiterCalls / each.routeTimes.length),
      'in limiter p50 ms': ms(median(each.routeLimiterTimes)),
      'in limiter p99 ms': ms(percentile(each.routeLimiterTimes, 0.99)),
      'guard p50 ms': ms(median(each.guardTimes)),
      'guard p99 ms': ms(percentile(each.guardTimes, 0.99)),
    },
  }));
  const unguarded = rows.some((row) => row.figures['limiter calls/send'] === 0);
  return {
    rows,
    notes: [
      `route: ${ROUTE_SENDS} sequential POST /sdk/v1/magic_links/email/login_or_create per store (new address each, no-op delivery) after ${ROUTE_WARMUP}, app.inject, in ${ROUNDS} interleaved rounds`,
      `guard: ${GUARD_CALLS} guarded calls of 3 checks per store (guardCall: a point of each) after ${GUARD_WARMUP}; stores on loopback`,
      'in limiter: the time each measured send spent in ctx.limits (points taken, given back or looked at), i.e. what its limiter added to it',
      ...(unguarded
        ? [
            'limiter calls/send is 0: this build does not guard the login-link send yet, so the route rows differ by noise only and the guard columns are the cost it will add (re-run once the route is guarded)',
          ]
        : []),
    ],
  };
}
