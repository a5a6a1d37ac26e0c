// Issue 9 item 1, "Tests that show it": each limit trips and recovers (injected clock) on every store — memory
// (PGlite), PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL) — and two app instances on one PostgreSQL or one
// Redis share every budget: N calls spread over both are limited exactly as N calls on one (security-tests.md
// BF-05: a budget an attacker doubles by reaching another instance is no budget). The limits are the catalogue's
// own (DEFAULT_RATE_LIMITS), walked by name, so a limit added later is covered without touching this file.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { ROUTES } from '@gatehouse/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GatehouseApp } from '../app';
import { fakeClock, recordingDelivery } from '../features/magic-links/test-helpers';
import {
  createTestApp,
  databaseKindFor,
  sdkRequest,
  type TestApp,
  testLimiterStoreKinds,
} from '../test-support/app';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy';
import type { RequestContext } from './context';
import { rateLimits } from './db/schema';
import { ApiError } from './errors';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './http-errors';
import { DEFAULT_REDIS_KEY_PREFIX } from './rate-limit-store';
import {
  type CaptchaGate,
  DEFAULT_RATE_LIMITS,
  guardCall,
  type LimitCheck,
  type RateLimit,
  type RateLimitName,
  type RateLimitSettings,
  type RateLimits,
} from './rate-limits';

const NAMES = Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[];
/** A test walks every point of a limit: bounded, whatever budget a later limit has. */
const MAX_POINTS_WALKED = 200;

/** The catalogue's limits (budgets above MAX_POINTS_WALKED cut to it), each with a soft threshold at half. */
const CATALOGUE: RateLimitSettings = Object.fromEntries(
  NAMES.map((name) => {
    const limit: RateLimit = DEFAULT_RATE_LIMITS[name];
    const points = Math.min(limit.points, MAX_POINTS_WALKED);
    return [name, { ...limit, points, softPoints: limit.softPoints ?? Math.floor(points / 2) }];
  }),
) as unknown as RateLimitSettings;

/** The start of a window of every limit in the catalogue: a Thursday midnight, as epoch weeks (the streaks') start. */
const WINDOW_START = new Date('2030-01-03T00:00:00.000Z');

async function refusalOf(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (error instanceof ApiError) return error;
  throw error ?? new Error('expected a refusal');
}

/** A fresh key, so tests never share a counter in a store that lives as long as the test file. */
function checkOf(name: RateLimitName): LimitCheck {
  return { limit: name, kind: 'ip', key: `test-${randomUUID()}` };
}

function expectTooMany(error: ApiError, retryAfterSeconds: number): void {
  expect(error).toMatchObject({ statusCode: 429, errorType: 'too_many_requests', message: 'limited' });
  expect(error.headers['Retry-After']).toBe(String(retryAfterSeconds));
}

describe.each(testLimiterStoreKinds())('rate limits on the %s store', (store) => {
  const clock = fakeClock(WINDOW_START);
  const delivery = recordingDelivery();
  let t: TestApp;
  /** A second instance: the same database, the same limiter store (and key prefix), its own memory. */
  let sibling: GatehouseApp;
  const limitsOf = (app: GatehouseApp): RateLimits => app.gatehouse.limits;

  beforeAll(async () => {
    t = await createTestApp({
      kind: databaseKindFor(store),
      limiterStore: store,
      clock,
      delivery,
      rateLimits: CATALOGUE,
    });
    sibling = await t.sibling({});
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`keeps the counters in the ${store} store`, async () => {
    expect(t.app.gatehouse.limits).not.toBe(sibling.gatehouse.limits);
    expect(t.app.gatehouse.limits.settings).toEqual(CATALOGUE);
    const check = checkOf('otpSendsPerIp');
    clock.set(WINDOW_START);
    await limitsOf(t.app).consume(check, 'limited');
    const windowNumber = Math.floor(
      WINDOW_START.getTime() / (CATALOGUE.otpSendsPerIp.durationSeconds * 1000),
    );
    const key = `${t.limiterKeyPrefix}:otpSendsPerIp:${check.key}:${windowNumber}`;
    const rows = await t.ctx.db.select().from(rateLimits);
    expect(rows.map((row) => row.key)).toEqual(store === 'postgres' ? [key] : []);
    if (store === 'redis') {
      const redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true });
      try {
        await redis.connect();
        expect(await redis.get(`${DEFAULT_REDIS_KEY_PREFIX}:${key}`)).toBe('1');
        // The store only forgets old windows: twice the window.
        const ttl = await redis.ttl(`${DEFAULT_REDIS_KEY_PREFIX}:${key}`);
        expect(ttl).toBeGreaterThan(CATALOGUE.otpSendsPerIp.durationSeconds);
        expect(ttl).toBeLessThanOrEqual(2 * CATALOGUE.otpSendsPerIp.durationSeconds);
      } finally {
        redis.disconnect();
      }
    }
  });

  describe.each(NAMES)('%s', (name) => {
    const limit = CATALOGUE[name];
    const durationMs = limit.durationSeconds * 1000;

    it('trips exactly at its points with 429 and Retry-After, and recovers in the next window', async () => {
      const limits = limitsOf(t.app);
      const check = checkOf(name);
      // Half-way into a window (a 1 s window included): Retry-After is the rest of it, rounded up.
      clock.set(new Date(WINDOW_START.getTime() + durationMs / 2));
      const rest = Math.ceil(limit.durationSeconds / 2);
      for (let i = 0; i < limit.points; i += 1) await limits.consume(check, 'limited');
      expect((await limits.peek(check)).consumed).toBe(limit.points);
      expectTooMany(await refusalOf(limits.consume(check, 'limited')), rest);
      expectTooMany(await refusalOf(limits.assertAvailable(check, 'limited')), rest);
      // Still spent at the last millisecond of the window.
      clock.set(new Date(WINDOW_START.getTime() + durationMs - 1));
      expectTooMany(await refusalOf(limits.consume(check, 'limited')), 1);
      // The next window has the whole budget again.
      clock.set(new Date(WINDOW_START.getTime() + durationMs));
      await limits.assertAvailable(check, 'limited');
      await limits.consume(check, 'limited');
      expect(await limits.peek(check)).toEqual({ consumed: 1, msBeforeNext: durationMs });
    });

    it('peek counts nothing; penalize counts (and never throws, even past the budget)', async () => {
      const limits = limitsOf(t.app);
      const check = checkOf(name);
      clock.set(WINDOW_START);
      for (let i = 0; i < 3; i += 1) expect((await limits.peek(check)).consumed).toBe(0);
      for (let i = 0; i < limit.points + 1; i += 1) await limits.penalize(check);
      expect((await limits.peek(check)).consumed).toBe(limit.points + 1);
      expectTooMany(await refusalOf(limits.assertAvailable(check, 'limited')), limit.durationSeconds);
    });

    it('the soft threshold is visible to guardCall: a captcha is asked from its softPoints-th call on', async () => {
      const limits = limitsOf(t.app);
      const check = checkOf(name);
      clock.set(WINDOW_START);
      const captcha = {
        canChallenge: () => true,
        verify: vi.fn(async () => undefined),
      } satisfies CaptchaGate;
      const call = () =>
        guardCall({ limits, captcha }, {} as RequestContext, {
          checks: [check],
          message: 'limited',
          action: '/test',
          captchaToken: 'token',
        });
      const soft = limit.softPoints ?? limit.points;
      for (let i = 0; i < soft; i += 1) await call();
      expect(captcha.verify).not.toHaveBeenCalled();
      for (let i = soft; i < limit.points; i += 1) await call();
      expect(captcha.verify).toHaveBeenCalledTimes(limit.points - soft);
      // Spent: refused before the captcha, and nothing counted.
      expectTooMany(await refusalOf(call()), limit.durationSeconds);
      expect((await limits.peek(check)).consumed).toBe(limit.points);
    });

    if (store === 'memory') {
      it('memory: each instance has a budget of its own (why PostgreSQL and Redis exist)', async () => {
        const check = checkOf(name);
        clock.set(WINDOW_START);
        for (let i = 0; i < limit.points; i += 1) await limitsOf(t.app).consume(check, 'limited');
        await expect(limitsOf(sibling).consume(check, 'limited')).resolves.toBeUndefined();
      });
    } else {
      it(`two instances on one ${store} share the budget: N calls over both are limited as N calls on one`, async () => {
        const check = checkOf(name);
        clock.set(WINDOW_START);
        const instances = [t.app, sibling];
        const outcomes: number[] = [];
        // points + 2 calls, alternating instances: exactly `points` pass.
        for (let i = 0; i < limit.points + 2; i += 1) {
          const limits = limitsOf(instances[i % 2]!);
          outcomes.push(
            await limits.consume(check, 'limited').then(
              () => 200,
              (error: ApiError) => error.statusCode,
            ),
          );
        }
        expect(outcomes.filter((status) => status === 200)).toHaveLength(limit.points);
        expect(outcomes.slice(limit.points)).toEqual([429, 429]);
        for (const instance of instances) {
          expectTooMany(
            await refusalOf(limitsOf(instance).assertAvailable(check, 'limited')),
            limit.durationSeconds,
          );
        }
      });

      it(`two instances on one ${store}: concurrent calls over both still pass exactly the budget`, async () => {
        const check = checkOf(name);
        clock.set(WINDOW_START);
        const instances = [t.app, sibling];
        const outcomes = await Promise.all(
          Array.from({ length: limit.points + 5 }, (_, i) =>
            limitsOf(instances[i % 2]!)
              .consume(check, 'limited')
              .then(
                () => 200,
                (error: ApiError) => error.statusCode,
              ),
          ),
        );
        expect(outcomes.filter((status) => status === 200)).toHaveLength(limit.points);
        expect(outcomes.filter((status) => status === 429)).toHaveLength(5);
      });
    }
  });

  it('a streak (BF-09) counts across one window boundary, ends after two windows without a point, and forget clears it', async () => {
    const limits = limitsOf(t.app);
    const durationMs = CATALOGUE.totpFailureStreaksPerApp.durationSeconds * 1000;
    const first = Math.ceil(WINDOW_START.getTime() / durationMs) * durationMs;
    const at = (windows: number) => clock.set(new Date(first + windows * durationMs));
    const streak: LimitCheck = { ...checkOf('totpFailureStreaksPerApp'), streak: true, points: 3 };
    const thisWindowOnly: LimitCheck = { ...streak, streak: false };
    at(0.9);
    expect(await limits.count(streak)).toBe(1);
    expect(await limits.count(streak)).toBe(2);
    // The next window: the streak goes on where it was (a plain check of the same key starts again).
    at(1.1);
    expect((await limits.peek(streak)).consumed).toBe(2);
    expect(await limits.count(streak)).toBe(3);
    expect((await limits.peek(thisWindowOnly)).consumed).toBe(1);
    expectTooMany(await refusalOf(limits.assertAvailable(streak, 'limited')), 0.9 * (durationMs / 1000));
    // A window later only the previous window's point is carried; two quiet windows later nothing is.
    at(2.1);
    expect((await limits.peek(streak)).consumed).toBe(1);
    at(3.1);
    expect((await limits.peek(streak)).consumed).toBe(0);
    // forget() ends a streak in both windows.
    expect(await limits.count(streak)).toBe(1);
    at(4.1);
    expect(await limits.count(streak)).toBe(2);
    await limits.forget(streak);
    expect((await limits.peek(streak)).consumed).toBe(0);
    at(5.1);
    expect((await limits.peek(streak)).consumed).toBe(0);
  });

  it.runIf(store !== 'memory')(
    `a real route: passcode sends to one address over two instances on one ${store} are limited as on one`,
    async () => {
      clock.set(WINDOW_START);
      delivery.messages.length = 0;
      const email = `shared-${randomUUID()}@example.com`;
      const send = (app: GatehouseApp) =>
        sdkRequest(app, {
          method: 'POST',
          url: ROUTES.otps.loginOrCreate('email'),
          publicToken: t.publicToken,
          body: { email },
        });
      const budget = CATALOGUE.otpSendsPerRecipient.points;
      const statuses: number[] = [];
      // A second apart, as a person resending would: the 1 s burst limit per recipient stays out of the way.
      for (let i = 0; i < budget; i += 1) {
        clock.set(new Date(WINDOW_START.getTime() + i * 1000));
        statuses.push((await send(i % 2 === 0 ? t.app : sibling)).statusCode);
      }
      expect(statuses).toEqual(Array(budget).fill(200));
      // A refused call counts nothing, so the burst limit never answers for the per-recipient one here.
      clock.set(new Date(WINDOW_START.getTime() + budget * 1000));
      for (const app of [t.app, sibling]) {
        const refused = await send(app);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
        expect(Number(refused.headers['retry-after'])).toBe(
          CATALOGUE.otpSendsPerRecipient.durationSeconds - budget,
        );
      }
      expect(delivery.messages.filter((message) => message.to === email)).toHaveLength(budget);
    },
  );
});

/** Bound of a store outage's answer: Redis gives up within REDIS_TIMEOUTS, PostgreSQL within its pool's bounds. */
const FAIL_FAST_BUDGET_MS = 5000;

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Waits (bounded) until `condition` resolves true, polling: how long a reconnection takes is not ours to fix. */
async function until(condition: () => Promise<boolean>, budgetMs = 10_000): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    expect(performance.now() - started, 'waiting for the condition').toBeLessThan(budgetMs);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Fails closed (issue 9 item 1): a store that cannot answer refuses the call with 503, never a 500, never a pass. */
describe('a limiter store that cannot answer', () => {
  const delivery = recordingDelivery();

  const passcodeSend = (t: TestApp, email = `fail-${randomUUID()}@example.com`) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.otps.loginOrCreate('email'),
      publicToken: t.publicToken,
      body: { email },
    });

  async function expectUnavailable(t: TestApp): Promise<void> {
    const started = performance.now();
    const response = await passcodeSend(t);
    expect(performance.now() - started).toBeLessThan(FAIL_FAST_BUDGET_MS);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status_code: 503,
      request_id: response.headers['x-request-id'],
      error_type: 'database_unavailable',
      error_message: DATABASE_UNAVAILABLE_MESSAGE,
      error_url: 'https://gatehouse.dev/docs/errors#database_unavailable',
    });
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    // And at the RateLimits level: peek, consume and assertAvailable all refuse with the same 503.
    const check = checkOf('otpSendsPerIp');
    for (const work of [
      () => t.ctx.limits.peek(check),
      () => t.ctx.limits.consume(check, 'limited'),
      () => t.ctx.limits.assertAvailable(check, 'limited'),
      // A check with a budget of its own (a project's sms_daily_limit) counts through another path.
      () => t.ctx.limits.consume({ ...check, points: 3 }, 'limited'),
    ]) {
      expect(await refusalOf(work())).toMatchObject({ statusCode: 503, errorType: 'database_unavailable' });
    }
  }

  it('Redis on a closed loopback port: the app starts, and every limited call answers 503 fast, sending nothing', async () => {
    const t = await createTestApp({
      kind: 'pglite',
      limiterStore: 'redis',
      delivery,
      config: { redisUrl: `redis://127.0.0.1:${await closedPort()}` },
    });
    try {
      delivery.messages.length = 0;
      await expectUnavailable(t);
      await expectUnavailable(t);
      expect(delivery.messages).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  describe.runIf(process.env.REDIS_URL)('Redis behind a TCP proxy that breaks', () => {
    const target = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    let proxy: TcpProxy;
    let t: TestApp;

    beforeAll(async () => {
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
      const url = new URL(target);
      url.hostname = proxy.host;
      url.port = String(proxy.port);
      t = await createTestApp({
        kind: 'pglite',
        limiterStore: 'redis',
        delivery,
        config: { redisUrl: url.toString() },
      });
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
    });

    const serving = async () => (await passcodeSend(t)).statusCode === 200;

    it('cut (connections dropped, new ones unanswered): 503 fast; restored, the same app serves again', async () => {
      expect(await serving()).toBe(true);
      proxy.cut();
      await expectUnavailable(t);
      proxy.restore();
      await until(serving);
    });

    it('frozen (a partition: the connection stays open and silent): 503 within the command timeout; restored, serves', async () => {
      expect(await serving()).toBe(true);
      proxy.freeze();
      await expectUnavailable(t);
      proxy.restore();
      await until(serving);
    });
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL behind a TCP proxy that breaks', () => {
    const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432');
    let proxy: TcpProxy;
    let t: TestApp;

    beforeAll(async () => {
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      t = await createTestApp({ kind: 'postgres', limiterStore: 'postgres', delivery, databaseVia: proxy });
    });
    afterAll(async () => {
      proxy?.restore();
      await t?.close();
      await proxy?.close();
    });

    it('cut: the limit check answers 503 within the pool bounds; restored, the same app serves again', async () => {
      expect((await passcodeSend(t)).statusCode).toBe(200);
      proxy.cut();
      await expectUnavailable(t);
      proxy.restore();
      await until(async () => (await passcodeSend(t)).statusCode === 200);
    });
  });
});
