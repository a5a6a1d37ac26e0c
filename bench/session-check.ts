// Session checks per second (ROADMAP issue 10): POST /sdk/v1/sessions/authenticate with body `{}`, Basic auth
// (public token : session token) and an allowed Origin, against the real app listening on loopback, on PGlite
// and — when reachable — on PostgreSQL (a throw-away database, dropped afterwards). The session comes from a real
// login link through the dev outbox. autocannon: 10 connections, 10 s. Every response must be 2xx.
// Issue 23 item 3's anchor, in the same run: the framework's ceiling, a bare Fastify (the server's version) whose
// POST route parses the same JSON body and answers JSON text of the same size as ours.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { buildApp } from '@gatehouse/server';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import type { BenchResult, BenchRow } from './report';

const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
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

type Measured = BenchRow & { errors: number; rate: number };

async function load(url: string, headers: Record<string, string>, label: string): Promise<Measured> {
  // Warm-up (not measured): the first second otherwise runs at a third of the steady rate (JIT, connection
  // pool filling, autocannon's worker starting) and pulled the 10 s average down by ~10%.
  const options = { url, method: 'POST' as const, connections: CONNECTIONS, workers: 1, headers, body: '{}' };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  // The load generator runs on its own thread: in this thread it would share the server's event loop and the
  // figures would measure autocannon as much as the server.
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  const errors = result.non2xx + result.errors + result.timeouts;
  return {
    label,
    errors,
    rate: result.requests.average,
    figures: {
      'requests/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
    },
  };
}

/**
 * The anchor: bare Fastify, one POST route, the same body in and an answer of `size` bytes out. With `headers`, a
 * reference row beside it: the same route also sending the headers our answer carries (security headers, CORS,
 * request id), which every answer must have and the bare route does not pay for.
 */
async function measureBareFastify(size: number, headers?: Record<string, string>): Promise<Measured> {
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
  try {
    return await load(
      `http://127.0.0.1:${port}/sdk/v1/sessions/authenticate`,
      { 'content-type': 'application/json' },
      headers === undefined
        ? 'bare Fastify (anchor)'
        : `bare Fastify + our ${Object.keys(headers).length} headers (reference)`,
    );
  } finally {
    await app.close();
  }
}

let answerSize = 1_000;
/** The headers of our answer that the bare route would not send by itself. */
let answerHeaders: Record<string, string> = {};
const FRAMEWORK_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

async function measure(label: string, databaseUrl: string | null): Promise<Measured> {
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
    answerSize = (await sample.text()).length;
    answerHeaders = Object.fromEntries([...sample.headers].filter(([name]) => !FRAMEWORK_HEADERS.has(name)));
    return await load(url, headers, label);
  } finally {
    await app.close();
  }
}

export async function run(): Promise<BenchResult> {
  const rows: Measured[] = [];
  rows.push(await measure('PGlite (in memory)', null));
  const postgres = await createPostgresDatabase();
  if (postgres) {
    try {
      rows.push(await measure('PostgreSQL', postgres.url));
    } finally {
      await postgres.drop();
    }
  }
  const anchor = await measureBareFastify(answerSize);
  const reference = await measureBareFastify(answerSize, answerHeaders);
  for (const row of [...rows, reference]) {
    row.figures['of bare Fastify'] = `${Math.round((row.rate / anchor.rate) * 100)} %`;
  }
  rows.push(anchor, reference);
  const failed = rows.some((row) => row.errors > 0);
  return {
    rows: rows.map(({ label, figures }) => ({ label, figures })),
    notes: [
      `autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s after ${WARMUP_SECONDS} s of warm-up, POST /sdk/v1/sessions/authenticate {}`,
      `issue 23 item 3 targets: ≥ 70 % of bare Fastify on PostgreSQL, ≥ 50 % on PGlite, p99 ≤ 5 ms; the anchor answers ${answerSize} bytes like ours`,
      failed
        ? 'some responses were not 2xx: the figures do not measure successful checks'
        : 'all responses 2xx',
    ],
    failed,
  };
}
