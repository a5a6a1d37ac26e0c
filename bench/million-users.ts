// Issue 23 item 6: a million users. Two throw-away PostgreSQL databases, one seeded with 1,000 users (the anchor) and
// one with BENCH_USERS (default 1,000,000), each served by its own app in this process
// (features/import/seed-users.ts: the same seeding as `npm run seed`). The figures are taken in alternating rounds
// (1k, 1M, then 1M, 1k, …), so the load of this shared machine falls on both alike, and each 1M figure is printed
// beside its 1k anchor with the ratio against the 1.2× budget:
//   - session checks: POST /sdk/v1/sessions/authenticate, autocannon with 10 connections as bench/session-check.ts
//     does, cycling over SESSION_TOKENS seeded sessions spread over all users (one token would keep one index path
//     hot whatever the table size); p99 is the median of the rounds' p99s;
//   - password sign-ins: POST /sdk/v1/passwords/authenticate, one after another, each a different seeded user;
//   - login-link sends: POST /sdk/v1/magic_links/email/login_or_create to seeded addresses, one after another.
// Rate limits are lifted (they would refuse the repeated calls; bench/limiter-cost.ts measures them). Both databases
// are dropped afterwards.
import { buildApp, DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimitSettings } from '@gatehouse/server';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  SEED_MIX,
  type SeededUsers,
  seedEmail,
  seedSessionToken,
  seedUsers,
  sqlTextExecutor,
} from '../packages/server/src/features/import/seed-users';
import { type BenchResult, type BenchRow, median } from './report';
import { createPostgresDatabase, freePort } from './session-check';

const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_USERS ?? 1_000_000);
const BUDGET = 1.2;
const ROUNDS = 3;
const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;
const ROUND_SECONDS = 5;
const SESSION_TOKENS = 1_000;
/** Per round and app. */
const SIGN_INS = 40;
const SENDS = 80;
const PASSWORD = 'Tumbling-Kettle-Orbit-4471';

const NO_LIMITS: Partial<RateLimitSettings> = Object.fromEntries(
  (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]).map((name) => [
    name,
    { points: 100_000_000, durationSeconds: 3600 },
  ]),
);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** `count` user numbers below `users` that satisfy `has`, spread evenly over the whole range. */
function spread(users: number, count: number, has: (n: number) => boolean = () => true): number[] {
  const picked: number[] = [];
  const step = users / count;
  for (let index = 0; index < count; index += 1) {
    let n = Math.floor(index * step);
    while (!has(n)) n += 1;
    picked.push(n);
  }
  return picked;
}

interface Target {
  label: string;
  users: number;
  seeded: SeededUsers;
  seedMs: number;
  vacuumMs: number;
  checkP50: number[];
  checkP99: number[];
  checkRate: number[];
  signIns: number[];
  sends: number[];
  errors: number;
  /** Password users and addresses not used yet, in order. */
  passwordUsers: number[];
  sendUsers: number[];
  sessionCheck(seconds: number): ReturnType<typeof autocannon>;
  post(path: string, body: unknown): Promise<{ ms: number; ok: boolean }>;
  close(): Promise<void>;
}

async function openTarget(label: string, users: number): Promise<Target> {
  const database = await createPostgresDatabase();
  if (!database) throw new Error('PostgreSQL is not reachable');
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const base = `http://127.0.0.1:${port}/sdk/v1`;
  const seeder = new pg.Client({ connectionString: database.url });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const close = async () => {
    await seeder.end().catch(() => {});
    await app?.close();
    await database.drop();
  };
  try {
    app = await buildApp({
      config: {
        env: 'test',
        host: '127.0.0.1',
        port,
        publicUrl: origin,
        databaseUrl: database.url,
        dataDir: null,
        logLevel: 'silent',
        purgeIntervalSeconds: 0,
      },
      rateLimits: NO_LIMITS,
    });
    await app.listen({ host: '127.0.0.1', port });
    const ctx = app.gatehouse;
    const dev = (await app.inject({ method: 'GET', url: '/dev/project' })).json() as {
      project_id: string;
      public_token: string;
    };
    await seeder.connect();
    const seeded = await seedUsers(
      ctx,
      sqlTextExecutor((text) => seeder.query(text)),
      {
        projectId: dev.project_id,
        tokenMode: 'test',
        users,
        passwordHash: await ctx.passwords.hash(PASSWORD),
      },
    );
    // What a database that grew over months would be: vacuumed (hint bits and visibility map set, so the first
    // reads of fresh rows do not write) and checkpointed (no flush of the seed's WAL under the measurement).
    const vacuumStarted = performance.now();
    await seeder.query('VACUUM ANALYZE');
    await seeder.query('CHECKPOINT');
    const vacuumMs = performance.now() - vacuumStarted;

    const json = { origin, 'content-type': 'application/json' };
    const basic = (secret: string) =>
      `Basic ${Buffer.from(`${dev.public_token}:${secret}`).toString('base64')}`;
    const requests = spread(users, SESSION_TOKENS).map((n) => ({
      headers: { ...json, authorization: basic(seedSessionToken(seeded.sessionTokenPrefix, n)) },
    }));
    return {
      label,
      users,
      seeded,
      seedMs: seeded.milliseconds,
      vacuumMs,
      checkP50: [],
      checkP99: [],
      checkRate: [],
      signIns: [],
      sends: [],
      errors: 0,
      passwordUsers: spread(users, (ROUNDS + 1) * SIGN_INS, SEED_MIX.hasPassword),
      sendUsers: spread(users, (ROUNDS + 1) * SENDS),
      sessionCheck: (seconds) =>
        autocannon({
          url: `${base}/sessions/authenticate`,
          method: 'POST',
          connections: CONNECTIONS,
          duration: seconds,
          // The load generator on its own thread, as bench/session-check.ts runs it.
          workers: 1,
          headers: json,
          body: '{}',
          requests,
        }),
      post: async (path, body) => {
        const started = performance.now();
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { ...json, authorization: basic(dev.public_token) },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        return { ms: performance.now() - started, ok: response.ok };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One round on one app; `record` false: a warm-up. */
async function round(target: Target, record: boolean): Promise<void> {
  const checks = await target.sessionCheck(record ? ROUND_SECONDS : WARMUP_SECONDS);
  const failed = checks.non2xx + checks.errors + checks.timeouts;
  if (record) {
    target.checkP50.push(checks.latency.p50);
    target.checkP99.push(checks.latency.p99);
    target.checkRate.push(checks.requests.average);
    target.errors += failed;
  }
  for (const n of target.passwordUsers.splice(0, SIGN_INS)) {
    const { ms, ok } = await target.post('/passwords/authenticate', {
      email: seedEmail(n),
      password: PASSWORD,
    });
    if (record) {
      target.signIns.push(ms);
      if (!ok) target.errors += 1;
    }
  }
  for (const n of target.sendUsers.splice(0, SENDS)) {
    const { ms, ok } = await target.post('/magic_links/email/login_or_create', { email: seedEmail(n) });
    if (record) {
      target.sends.push(ms);
      if (!ok) target.errors += 1;
    }
  }
}

interface Figures {
  sessionP50: number;
  sessionP99: number;
  sessionRate: number;
  passwordP50: number;
  passwordP99: number;
  sendP50: number;
  sendP99: number;
}

function figuresOf(target: Target): Figures {
  return {
    sessionP50: median(target.checkP50),
    sessionP99: median(target.checkP99),
    sessionRate: Math.round(median(target.checkRate)),
    passwordP50: median(target.signIns),
    passwordP99: percentile(target.signIns, 99),
    sendP50: median(target.sends),
    sendP99: percentile(target.sends, 99),
  };
}

const usersLabel = (users: number) =>
  users >= 1_000_000 ? `${users / 1_000_000}M users` : `${users / 1000}k users`;

export async function run(): Promise<BenchResult> {
  const targets: Target[] = [];
  try {
    targets.push(await openTarget(usersLabel(SMALL), SMALL));
    targets.push(await openTarget(usersLabel(LARGE), LARGE));
    const [small, large] = targets as [Target, Target];
    for (const target of targets) await round(target, false);
    for (let index = 0; index < ROUNDS; index += 1) {
      for (const target of index % 2 === 0 ? [small, large] : [large, small]) await round(target, true);
    }
    const anchor = figuresOf(small);
    const scaled = figuresOf(large);
    const ms = (value: number) => value.toFixed(1);
    const row = (label: string, figures: Figures, errors: number): BenchRow => ({
      label,
      figures: {
        'session p50 ms': figures.sessionP50,
        'session p99 ms': figures.sessionP99,
        'session req/s': figures.sessionRate,
        'password p50 ms': ms(figures.passwordP50),
        'password p99 ms': ms(figures.passwordP99),
        'link send p50 ms': ms(figures.sendP50),
        'link send p99 ms': ms(figures.sendP99),
        errors,
      },
    });
    const ratio = (key: keyof Figures) => (scaled[key] / anchor[key]).toFixed(2);
    const budgeted: Array<[string, keyof Figures]> = [
      ['session p99', 'sessionP99'],
      ['password p50', 'passwordP50'],
      ['password p99', 'passwordP99'],
      ['link send p50', 'sendP50'],
      ['link send p99', 'sendP99'],
    ];
    const over = budgeted.filter(([, key]) => scaled[key] / anchor[key] > BUDGET).map(([name]) => name);
    return {
      rows: [
        row(small.label, anchor, small.errors),
        row(large.label, scaled, large.errors),
        {
          label: `ratio (budget ${BUDGET}×)`,
          figures: {
            'session p50 ms': ratio('sessionP50'),
            'session p99 ms': ratio('sessionP99'),
            'session req/s': ratio('sessionRate'),
            'password p50 ms': ratio('passwordP50'),
            'password p99 ms': ratio('passwordP99'),
            'link send p50 ms': ratio('sendP50'),
            'link send p99 ms': ratio('sendP99'),
          },
        },
      ],
      notes: [
        `seeding ${usersLabel(LARGE)}: ${(large.seedMs / 1000).toFixed(1)} s (${Math.round((LARGE / large.seedMs) * 1000)} users/s), then VACUUM ANALYZE and CHECKPOINT ${(large.vacuumMs / 1000).toFixed(1)} s; ${usersLabel(SMALL)}: ${(small.seedMs / 1000).toFixed(1)} s`,
        `${ROUNDS} alternating rounds after one warm-up round each; per round and app: ${ROUND_SECONDS} s of session checks (autocannon ${CONNECTIONS} connections over ${SESSION_TOKENS} seeded sessions spread over all users; p50/p99/req/s are medians of the rounds, whole milliseconds), ${SIGN_INS} password sign-ins and ${SENDS} login-link sends one after another, each to a different seeded user`,
        over.length === 0
          ? `every budgeted figure (session p99, password and link send p50/p99) at ${usersLabel(LARGE)} within ${BUDGET}× of ${usersLabel(SMALL)}`
          : `over ${BUDGET}× of the ${usersLabel(SMALL)} anchor: ${over.join(', ')}`,
      ],
      failed: small.errors + large.errors > 0,
    };
  } finally {
    for (const target of targets) await target.close();
  }
}
