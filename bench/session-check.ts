// Session checks per second (ROADMAP issue 10): POST /sdk/v1/sessions/authenticate with body `{}`, Basic auth
// (public token : session token) and an allowed Origin, against the real app listening on loopback, on PGlite
// and — when reachable — on PostgreSQL (a throw-away database, dropped afterwards). The session comes from a real
// login link through the dev outbox. autocannon: 10 connections, rounds taking turns (run() below). Every response
// must be 2xx.
// Issue 23 item 3's anchor, in the same run: the framework's ceiling, a bare Fastify (the server's version) whose
// POST route parses the same JSON body and answers JSON text of the same size as ours.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { buildApp } from '@gatehouse/server';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { type BenchResult, type BenchRow, median } from './report';

const CONNECTIONS = 10;
const ROUNDS = 5;
const ROUND_SECONDS = 3;
const WARMUP_SECONDS = 3;
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

type App = Awaited<ReturnType<typeof buildApp>>;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A throw-away PostgreSQL database, or null when no server answers. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const name = `gatehouse_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${baseUrl} (${(error as Error).message}); PGlite only.`);
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

/**
 * A user and a live session for the dev project, made the way a visitor makes them: a login link sent to the
 * dev outbox, read back from /dev/outbox/messages and redeemed (POST /sdk/v1/magic_links/authenticate).
 */
export async function seedSession(
  app: App,
  origin: string,
): Promise<{ publicToken: string; sessionToken: string }> {
  const devProject = await app.inject({ method: 'GET', url: '/dev/project' });
  if (devProject.statusCode !== 200) throw new Error(`GET /dev/project answered ${devProject.statusCode}`);
  const { public_token: publicToken } = devProject.json() as { public_token: string };
  const headers = {
    authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
    origin,
    'content-type': 'application/json',
  };
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const sent = await app.inject({
    method: 'POST',
    url: '/sdk/v1/magic_links/email/login_or_create',
    headers,
    payload: { email },
  });
  if (sent.statusCode !== 200) throw new Error(`login_or_create answered ${sent.statusCode}: ${sent.body}`);
  const outbox = await app.inject({
    method: 'GET',
    url: `/dev/outbox/messages?to=${encodeURIComponent(email)}`,
  });
  const { messages } = outbox.json() as { messages: Array<{ links: string[] }> };
  const link = messages[0]?.links[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no login link in the dev outbox for ${email}: ${outbox.body}`);
  const authenticated = await app.inject({
    method: 'POST',
    url: '/sdk/v1/magic_links/authenticate',
    headers,
    // Long enough that no request in the run meets an expired session.
    payload: { token, session_duration_minutes: 60 },
  });
  if (authenticated.statusCode !== 200) {
    throw new Error(`magic_links/authenticate answered ${authenticated.statusCode}: ${authenticated.body}`);
  }
  const { data } = authenticated.json() as { data: { session_token: string } };
  return { publicToken, sessionToken: data.session_token };
}

/** One server under load: its URL, the request headers to send, and how to stop it. */
interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
  close(): Promise<void>;
}

interface Round {
  rate: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function loadOnce(target: Target, seconds: number): Promise<Round> {
  // The load generator runs on its own thread: in this thread it would share the server's event loop and the
  // figures would measure autocannon as much as the server.
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    connections: CONNECTIONS,
    workers: 1,
    headers: target.headers,
    body: '{}',
    duration: seconds,
  });
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The anchor: bare Fastify, one POST route, the same body in and an answer of `size` bytes out. With `headers`, a
 * reference beside it: the same route also sending the headers our answer carries (security headers, CORS,
 * request id), which every answer must have and the bare route does not pay for.
 */
async function bareFastify(size: number, headers?: Record<string, string>): Promise<Target> {
  const app = Fastify({ logger: false });
  const answer = JSON.stringify({
    status_code: 200,
    request_id: 'request-id',
    data: 'x'.repeat(Math.max(0, size - 60)),
  });
  app.post('/sdk/v1/sessions/authenticate', async (request, reply) => {
    void request.body;
    if (headers !== undefined) reply.headers(headers);
    return reply.type('application/json').send(answer);
  });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  return {
    label:
      headers === undefined
        ? 'bare Fastify (anchor)'
        : `bare Fastify + our ${Object.keys(headers).length} headers (reference)`,
    url: `http://127.0.0.1:${port}/sdk/v1/sessions/authenticate`,
    headers: { 'content-type': 'application/json' },
    close: () => app.close(),
  };
}

/** Framework headers the bare route sends by itself. */
const FRAMEWORK_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** Our app on one database, listening, with a live session: the target, and a sample answer's size and headers. */
async function gatehouse(
  label: string,
  databaseUrl: string | null,
): Promise<{ target: Target; size: number; headers: Record<string, string> }> {
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
  });
  try {
    await app.listen({ host: '127.0.0.1', port });
    const { publicToken, sessionToken } = await seedSession(app, origin);
    const authorization = `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}`;
    const headers = { authorization, origin, 'content-type': 'application/json' };
    const url = `http://127.0.0.1:${port}/sdk/v1/sessions/authenticate`;
    const sample = await fetch(url, { method: 'POST', headers, body: '{}' });
    const size = (await sample.text()).length;
    const answerHeaders = Object.fromEntries(
      [...sample.headers].filter(([name]) => !FRAMEWORK_HEADERS.has(name)),
    );
    return { target: { label, url, headers, close: () => app.close() }, size, headers: answerHeaders };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * Every server is up at once and the load visits them in turn, ROUNDS times, the order rotating each round: this
 * machine's speed drifts by a third from one minute to the next (a virtual machine with neighbours), which made the
 * share of one long run after another swing between 37 and 60 % for the same code. Each row's share of bare
 * Fastify is the median of its rounds' shares, each against the anchor's run of the same round.
 */
export async function run(): Promise<BenchResult> {
  const targets: Target[] = [];
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
  try {
    const embedded = await gatehouse('PGlite (in memory)', null);
    targets.push(embedded.target);
    postgres = await createPostgresDatabase();
    if (postgres) targets.push((await gatehouse('PostgreSQL', postgres.url)).target);
    const anchor = await bareFastify(embedded.size);
    targets.push(anchor, await bareFastify(embedded.size, embedded.headers));

    for (const target of targets) await loadOnce(target, WARMUP_SECONDS);
    const rounds = new Map<Target, Round[]>(targets.map((target) => [target, []]));
    const shares = new Map<Target, number[]>(targets.map((target) => [target, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      const measured = new Map<Target, Round>();
      for (const target of order) measured.set(target, await loadOnce(target, ROUND_SECONDS));
      const anchorRate = measured.get(anchor)!.rate;
      for (const target of targets) {
        rounds.get(target)!.push(measured.get(target)!);
        shares.get(target)!.push(measured.get(target)!.rate / anchorRate);
      }
    }

    let failed = false;
    const rows: BenchRow[] = targets.map((target) => {
      const measured = rounds.get(target)!;
      const sum = (pick: (round: Round) => number) => measured.reduce((total, each) => total + pick(each), 0);
      if (sum((each) => each.non2xx + each.errors) > 0) failed = true;
      const rates = measured.map((each) => each.rate);
      return {
        label: target.label,
        figures: {
          'requests/s': Math.round(median(rates)),
          'range /s': `${Math.round(Math.min(...rates))}–${Math.round(Math.max(...rates))}`,
          'p50 ms': median(measured.map((each) => each.p50)),
          'p99 ms': median(measured.map((each) => each.p99)),
          'worst p99 ms': Math.max(...measured.map((each) => each.p99)),
          requests: sum((each) => each.requests),
          'non-2xx': sum((each) => each.non2xx),
          errors: sum((each) => each.errors),
          ...(target === anchor
            ? {}
            : {
                'of bare Fastify': `${Math.round(median(shares.get(target)!) * 100)} % (${shares
                  .get(target)!
                  .map((share) => Math.round(share * 100))
                  .sort((a, b) => a - b)
                  .join(', ')})`,
              }),
        },
      };
    });
    return {
      rows,
      notes: [
        `autocannon: ${CONNECTIONS} connections, POST /sdk/v1/sessions/authenticate {}; ${ROUNDS} rounds of ${ROUND_SECONDS} s per row, the rows taking turns (after ${WARMUP_SECONDS} s of warm-up each); requests/s and p99 are the median round's, beside the worst round's p99`,
        `"of bare Fastify": the median of the rounds' shares, each against the anchor in the same round (all shares in brackets); the anchor answers ${embedded.size} bytes like ours`,
        'issue 23 item 3 targets: ≥ 70 % of bare Fastify on PostgreSQL, ≥ 50 % on PGlite, p99 ≤ 5 ms',
        failed
          ? 'some responses were not 2xx: the figures do not measure successful checks'
          : 'all responses 2xx',
      ],
      failed,
    };
  } finally {
    for (const target of targets) await target.close();
    await postgres?.drop();
  }
}
