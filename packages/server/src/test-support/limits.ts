// Helpers of the rate-limit tests (issue 9 item 1): SDK calls from a chosen client address, and the shape every
// limited call answers with (429 too_many_requests in the wire error shape, with Retry-After).

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { GatehouseApp } from '../app';
import type { Argon2Parameters } from '../features/passwords/hashing';
import type { Clock, Delivery } from '../infra/context';
import type { RateLimitSettings } from '../infra/rate-limits';
import { basicAuth, createTestApp, GENEROUS_LIMITS, type TestApp } from './app';
import type { DatabaseKind } from './database';

/** The app of a limits test file (limitTestApp). */
export interface LimitTestApp {
  /** The file's test app (its project and public token are replaced by each reset). */
  readonly t: TestApp;
  /** The app a test calls: the test app, or the instance its useLimits built. */
  readonly app: GatehouseApp;
  /** Gives this test an instance with fresh limiters: `limits` over GENEROUS_LIMITS. */
  useLimits(limits: Partial<RateLimitSettings>): Promise<void>;
  /** A POST under /sdk/v1 to `app` with the current public token, from `ip` (default: the file's). */
  post(
    url: string,
    body: unknown,
    options?: { ip?: string; sessionToken?: string | null },
  ): Promise<LightMyRequestResponse>;
}

/**
 * The one place a limits test file gets its app: one test app per file on `kind` (hooks registered here, so call
 * it inside the file's describe), reset before each test, then `beforeEachTest` (set the clock, empty the outbox).
 */
export function limitTestApp(options: {
  kind: DatabaseKind;
  clock: Clock;
  delivery?: Delivery;
  ip: string;
  beforeEachTest?: () => void;
  /** Cheaper argon2id parameters for every app of the file (createTestApp). */
  argon2?: Argon2Parameters;
}): LimitTestApp {
  let t: TestApp | undefined;
  let app: GatehouseApp | undefined;
  const testApp = (): TestApp => {
    if (t === undefined) throw new Error('limitTestApp: the test app is built in beforeAll');
    return t;
  };
  beforeAll(async () => {
    t = await createTestApp({
      kind: options.kind,
      clock: options.clock,
      ...(options.delivery ? { delivery: options.delivery } : {}),
      ...(options.argon2 ? { argon2: options.argon2 } : {}),
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await testApp().reset();
    app = testApp().app;
    options.beforeEachTest?.();
  });
  return {
    get t() {
      return testApp();
    },
    get app() {
      return app ?? testApp().app;
    },
    async useLimits(limits) {
      app = await testApp().sibling({ rateLimits: { ...GENEROUS_LIMITS, ...limits } });
    },
    post(url, body, postOptions = {}) {
      return postFrom(app ?? testApp().app, {
        url,
        publicToken: testApp().publicToken,
        body,
        ip: postOptions.ip ?? options.ip,
        sessionToken: postOptions.sessionToken ?? null,
      });
    },
  };
}

/** A POST under /sdk/v1 with the SDK's headers, from `ip` (inject's remoteAddress: the socket address). */
export function postFrom(
  app: GatehouseApp,
  options: { url: string; publicToken: string; body: unknown; ip: string; sessionToken?: string | null },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/sdk/v1${options.url}`,
    remoteAddress: options.ip,
    headers: {
      authorization: basicAuth(options.publicToken, options.sessionToken ?? null),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(options.body),
  });
}

/**
 * A refusal by a spent budget: 429, the wire error JSON (wire-format.md §3.2) with type too_many_requests and a
 * message, and a Retry-After of whole seconds within the limit's window.
 */
export function expectLimited(
  response: LightMyRequestResponse,
  options: { windowSeconds: number; message?: RegExp | string },
): void {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
  expect(body.error_message).toEqual(expect.any(String));
  if (options.message !== undefined) expect(body.error_message).toMatch(options.message);
  expect(typeof body.request_id).toBe('string');
  const retryAfter = String(response.headers['retry-after']);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(options.windowSeconds);
}
