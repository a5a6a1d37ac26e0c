// security-tests.md FT-01 (issue 8 item 5): PostgreSQL goes away under a running app. Requests fail fast — 503
// database_unavailable with Retry-After within 5 s, no stack trace, never a 2xx — nothing hangs, and once the
// database is back the same app serves again without a restart.
//
// The outage is a TCP proxy on loopback between the app and the real PostgreSQL (test-support/tcp-proxy.ts), broken
// the way real outages look: `cut` drops the live connections and leaves new ones unanswered (a restarted or
// vanished server: only the connect timeout ends the wait), `freeze` leaves every connection open and silent (a
// partition: only the read timeout notices). The production timeouts are used (infra/db/postgres-pool.ts).
//
// PostgreSQL only: PGlite runs inside the server process, so it has no connection to lose, no network to wait on
// and no separate server to restart — its failures are ordinary errors, answered 500.
import { ROUTES } from '@gatehouse/protocol';
import type { Pool } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../features/sessions/test-fixtures';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../http-errors';
import { DEFAULT_POSTGRES_TIMEOUTS } from './postgres-pool';

/** FT-01: "requests fail fast, with 503 and Retry-After (within ≤ 5 s)". */
const FAIL_FAST_BUDGET_MS = 5000;
/** FT-01: "once the DB is back, the pool recovers within ≤ 10 s". */
const RECOVERY_BUDGET_MS = 10_000;

function poolOf(app: TestApp): Pool {
  return (app.handle.db as unknown as { $client: Pool }).$client;
}

interface TimedResponse {
  label: string;
  statusCode: number;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
  elapsedMs: number;
}

describe.runIf(process.env.TEST_DATABASE_URL)('FT-01: PostgreSQL outage under a running app', () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432');
  let proxy: TcpProxy;
  let t: TestApp;
  let sessionToken: string;
  let sends = 0;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp({ kind: 'postgres', databaseVia: proxy });
    sessionToken = (await signIn(t.ctx, t.project, 'ada@example.com')).session_token;
  });
  afterEach(() => {
    proxy.restore();
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const post = (url: string, body: unknown, token: string | null = null) =>
    sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, sessionToken: token, body });

  const sessionCheck = () => post(ROUTES.sessionsAuthenticate, {}, sessionToken);
  // A sign-in send for an address nobody has yet: looks the address up, creates a user in a transaction, stores
  // the link and (no SMTP in tests) the dev-outbox message.
  const loginLinkSend = () => {
    sends += 1;
    return post(ROUTES.magicLinksEmailLoginOrCreate, { email: `new-${sends}@example.com` });
  };
  const passcodeSend = () => {
    sends += 1;
    return post(ROUTES.otps.loginOrCreate('email'), { email: `code-${sends}@example.com` });
  };

  async function timed(label: string, request: () => ReturnType<typeof post>): Promise<TimedResponse> {
    const started = performance.now();
    const response = await request();
    return {
      label,
      statusCode: response.statusCode,
      body: response.json(),
      headers: response.headers,
      elapsedMs: performance.now() - started,
    };
  }

  /** Session checks, login-link sends and passcode sends, all at once. */
  function mixedLoad(): Promise<TimedResponse[]> {
    return Promise.all([
      timed('session check 1', sessionCheck),
      timed('session check 2', sessionCheck),
      timed('session check 3', sessionCheck),
      timed('login link send 1', loginLinkSend),
      timed('login link send 2', loginLinkSend),
      timed('passcode send', passcodeSend),
    ]);
  }

  function expectFailedFast(responses: TimedResponse[]): void {
    for (const response of responses) {
      expect(response.statusCode, response.label).toBe(503);
      expect(response.body, response.label).toEqual({
        status_code: 503,
        request_id: response.headers['x-request-id'],
        error_type: 'database_unavailable',
        error_message: DATABASE_UNAVAILABLE_MESSAGE,
        error_url: 'https://gatehouse.dev/docs/errors#database_unavailable',
      });
      expect(response.headers['retry-after'], response.label).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.elapsedMs, response.label).toBeLessThan(FAIL_FAST_BUDGET_MS);
    }
  }

  /** Polls (each poll is a real request) until a session check answers 200; returns how long that took. */
  async function recover(): Promise<number> {
    const started = performance.now();
    for (;;) {
      const response = await sessionCheck();
      if (response.statusCode === 200) return performance.now() - started;
      // Still failing: only ever the documented 503, never a 500 or a hang.
      expect(response.statusCode).toBe(503);
      expect(performance.now() - started, 'recovery').toBeLessThan(RECOVERY_BUDGET_MS);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Waits (bounded) until `condition` holds. */
  async function until(condition: () => boolean): Promise<void> {
    const started = performance.now();
    while (!condition()) {
      expect(performance.now() - started, 'waiting for the condition').toBeLessThan(FAIL_FAST_BUDGET_MS);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function expectServing(): Promise<void> {
    const responses = await mixedLoad();
    for (const response of responses) expect(response.statusCode, response.label).toBe(200);
  }

  it('a cut database: 503 database_unavailable within 5 s for every request; restored, the same app serves again', async () => {
    await expectServing();
    proxy.cut();
    // The pooled connections were dropped: requests that take one fail as soon as the drop is noticed.
    const dropped = await mixedLoad();
    expectFailedFast(dropped);
    // Every dropped connection is out of the pool now; what is left is opening new ones, which the proxy accepts
    // and never answers: only the connect timeout ends those waits (not a quick ECONNREFUSED).
    await until(() => poolOf(t).totalCount === 0);
    const unanswered = await mixedLoad();
    expectFailedFast(unanswered);
    for (const response of unanswered) {
      expect(response.elapsedMs, response.label).toBeGreaterThanOrEqual(
        DEFAULT_POSTGRES_TIMEOUTS.connectMs - 50,
      );
    }

    proxy.restore();
    const recoveryMs = await recover();
    expect(recoveryMs).toBeLessThan(RECOVERY_BUDGET_MS);
    await expectServing();
  });

  it('a partitioned database: 503 within 5 s through the read timeout; afterwards no broken connection is reused', async () => {
    // Several pooled connections, idle when the partition starts: the next requests take them and wait on them.
    await expectServing();
    await expectServing();
    proxy.freeze();
    const during = await mixedLoad();
    expectFailedFast(during);

    proxy.restore();
    const recoveryMs = await recover();
    expect(recoveryMs).toBeLessThan(RECOVERY_BUDGET_MS);
    // A connection that timed out and went back to the pool would fail requests again here, one per checkout.
    for (let round = 0; round < 5; round += 1) await expectServing();
  });
});
