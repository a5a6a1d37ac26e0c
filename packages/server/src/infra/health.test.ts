// GET /health/live and /health/ready, and the drain before a shutdown (infra/health.ts), on PGlite and PostgreSQL.
// The three instances behind HAProxy (balancer.test.ts) rely on these answers to route around a stopping or
// broken instance.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../test-support/app';
import { openTestDatabase, testDatabaseKinds } from '../test-support/database';
import { freePort } from '../test-support/free-port';
import { startTcpProxy } from '../test-support/tcp-proxy';
import type { DatabaseHandle } from './db/client';
import { MIGRATIONS_FOLDER } from './db/client';
import {
  createHealth,
  drainAndClose,
  HEALTH_ROUTES,
  latestMigrationMillis,
  registerHealthRoutes,
} from './health';
import { openLimiterStore } from './rate-limit-store';

const silent = { info() {}, warn() {}, error() {} } as unknown as Parameters<
  typeof openLimiterStore
>[0]['log'];

describe.each(testDatabaseKinds())('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  it('live answers 200 and ready answers 200 with each check, uncached', async () => {
    const live = await t.app.inject({ method: 'GET', url: HEALTH_ROUTES.live });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await t.app.inject({ method: 'GET', url: HEALTH_ROUTES.ready });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'not_configured' },
    });
  });

  it('is not ready while the database lacks a migration this build knows', async () => {
    const health = createHealth({
      db: t.ctx.db,
      latestMigrationMillis: latestMigrationMillis(MIGRATIONS_FOLDER) + 1,
      redisReady: null,
    });
    expect(await health.readiness()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'failed', redis: 'not_configured' },
    });
  });

  it('is degraded but still 200 while Redis does not answer (only rate-limited calls need it)', async () => {
    const health = createHealth({
      db: t.ctx.db,
      latestMigrationMillis: latestMigrationMillis(MIGRATIONS_FOLDER),
      redisReady: async () => false,
    });
    expect(await health.readiness()).toEqual({
      status: 'degraded',
      checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
    });
    const app = Fastify();
    registerHealthRoutes(app, health);
    const response = await app.inject({ method: 'GET', url: HEALTH_ROUTES.ready });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('degraded');
    await app.close();
  });

  it('answers 503 when a migration is missing, even with Redis down', async () => {
    const health = createHealth({
      db: t.ctx.db,
      latestMigrationMillis: latestMigrationMillis(MIGRATIONS_FOLDER) + 1,
      redisReady: async () => false,
    });
    const app = Fastify();
    registerHealthRoutes(app, health);
    const response = await app.inject({ method: 'GET', url: HEALTH_ROUTES.ready });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'failed', redis: 'failed' },
    });
    await app.close();
  });
});

describe('the Redis check', () => {
  it('is false at once for a Redis nobody listens for', async () => {
    const port = await freePort();
    const store = await openLimiterStore({
      kind: 'redis',
      pool: null,
      redisUrl: `redis://127.0.0.1:${port}`,
      log: silent,
    });
    try {
      expect(await store.ping?.()).toBe(false);
    } finally {
      await store.close();
    }
  });

  it.runIf(process.env.REDIS_URL)('is true for a Redis that answers (REDIS_URL)', async () => {
    const store = await openLimiterStore({
      kind: 'redis',
      pool: null,
      redisUrl: process.env.REDIS_URL!,
      log: silent,
    });
    try {
      expect(await store.ping?.()).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('is absent where no Redis is configured', async () => {
    const store = await openLimiterStore({ kind: 'memory', pool: null, redisUrl: null, log: silent });
    expect(store.ping).toBeNull();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('ready on PostgreSQL that stops answering', () => {
  let handle: DatabaseHandle;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    handle = await openTestDatabase('postgres', {
      via: proxy,
      poolSize: 1,
      timeouts: { connectMs: 500, queryMs: 500, statementMs: 300 },
    });
  });
  afterAll(async () => {
    await handle.close();
    await proxy.close();
  });

  it('answers not ready (database failed) within the pool bounds, and ready again once it is back', async () => {
    const health = createHealth({
      db: handle.db,
      latestMigrationMillis: latestMigrationMillis(MIGRATIONS_FOLDER),
      redisReady: null,
    });
    expect((await health.readiness()).status).toBe('ready');
    proxy.cut();
    expect(await health.readiness()).toEqual({
      status: 'not_ready',
      checks: { database: 'failed', migrations: 'failed', redis: 'not_configured' },
    });
    proxy.restore();
    expect((await health.readiness()).status).toBe('ready');
  });
});

/** A GET on a real socket of its own (no keep-alive): status and body. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A test app listening on loopback with GET /test/slow, which answers `{ done: true }` once released (`started` once
 * it runs). `close()` releases it and closes the app.
 */
async function listeningWithSlowRoute(): Promise<{
  t: TestApp;
  port: number;
  started: Promise<void>;
  releaseSlow: () => void;
  close: () => Promise<void>;
}> {
  const t = await createTestApp({ kind: 'pglite', config: testConfig() });
  let release: () => void = () => {};
  let slowStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    slowStarted = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  t.app.get('/test/slow', async () => {
    slowStarted();
    await released;
    return { done: true };
  });
  const close = async () => {
    release();
    await t.close();
  };
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await close();
    throw error;
  }
  const { port } = t.app.server.address() as AddressInfo;
  return { t, port, started, releaseSlow: () => release(), close };
}

describe('drain and close (SIGTERM in server.ts)', () => {
  it('turns not ready while still serving, then finishes the request in flight before it stops listening', async () => {
    const { t, port, started, releaseSlow, close } = await listeningWithSlowRoute();
    try {
      expect((await get(port, HEALTH_ROUTES.ready)).status).toBe(200);

      const slow = get(port, '/test/slow');
      await started;
      let endDrain: () => void = () => {};
      const drainWaited = new Promise<number>((resolve) => {
        endDrain = () => resolve(0);
      });
      let closed = false;
      const closing = drainAndClose(t.app, t.app.gatehouseHealth, {
        drainMs: 5000,
        wait: () => drainWaited.then(() => undefined),
      }).then(() => {
        closed = true;
      });

      // Draining: the balancer's check fails, everything else is still served.
      const ready = await get(port, HEALTH_ROUTES.ready);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ status: 'draining', checks: null });
      expect((await get(port, HEALTH_ROUTES.live)).status).toBe(200);

      // The drain ends: the server stops taking connections but waits for the slow request.
      endDrain();
      await expect
        .poll(() =>
          get(port, HEALTH_ROUTES.live).then(
            () => 'open',
            () => 'refused',
          ),
        )
        .toBe('refused');
      expect(closed).toBe(false);
      releaseSlow();
      expect(await slow).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
      await closing;
      expect(closed).toBe(true);
    } finally {
      await close();
    }
  });

  it('ends a keep-alive connection once its request in flight is answered, not after the keep-alive timeout', async () => {
    // infra/keep-alive-close.ts: before it, this close took ~70 s (Fastify's keepAliveTimeout is 72 s).
    const { t, port, started, releaseSlow, close } = await listeningWithSlowRoute();
    try {
      expect(t.app.server.keepAliveTimeout).toBeGreaterThan(30_000);
      // fetch keeps its connection alive, as the browser SDK's and a balancer's do.
      const slow = fetch(`http://127.0.0.1:${port}/test/slow`).then((response) => response.json());
      await started;
      const closing = t.app.close();
      // Released only once the server stopped listening: Node ended the connections idle at that moment only.
      await expect.poll(() => t.app.server.listening).toBe(false);
      releaseSlow();
      expect(await slow).toEqual({ done: true });
      const outcome = await Promise.race([
        closing.then(() => 'closed'),
        new Promise((resolve) => setTimeout(resolve, 5_000, 'still open after 5 s')).then(String),
      ]);
      expect(outcome).toBe('closed');
    } finally {
      await close();
    }
  });
});
