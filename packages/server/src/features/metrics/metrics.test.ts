// GET /metrics (issue 9 item 4): off → 404, a bad token → 401, loopback-only without a token; the counters move by
// exactly what happened (a login-link send, a passcode sign-in, a wrong code, a limited call); each app counts in a
// registry of its own (DESIGN.md convention 12).
import { ROUTES } from '@gatehouse/protocol';
import { register as globalRegistry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatehouseApp } from '../../app';
import type { MetricsSettings } from '../../infra/context';
import type { RateLimitSettings } from '../../infra/rate-limits';
import { basicAuth, createTestApp, GENEROUS_LIMITS, sdkRequest, type TestApp } from '../../test-support/app';
import { recordingDelivery } from '../magic-links/test-helpers';
import { OTP_ROUTES } from '../otps/routes';
import { codeIn, wrongCode } from '../otps/test-helpers';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/**
 * The samples of a Prometheus text exposition: `name{labels}` → value. Label order is prom-client's (the order of
 * labelNames), which is stable, so the series key can be compared as text.
 */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{.*\})?) (\S+)$/.exec(line);
    if (match === null) throw new Error(`not an exposition line: ${line}`);
    samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

/** What changed in the gatehouse_* series between two scrapes (absent = 0). */
function delta(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [series, value] of after) {
    if (!series.startsWith('gatehouse_')) continue;
    const change = value - (before.get(series) ?? 0);
    if (change !== 0) changes[series] = change;
  }
  return changes;
}

describe('GET /metrics', () => {
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', delivery });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    delivery.messages.length = 0;
  });

  const withMetrics = (
    metrics: Partial<MetricsSettings> = {},
    rateLimits: Partial<RateLimitSettings> = {},
  ): Promise<GatehouseApp> =>
    t.sibling({
      config: { metrics: { enabled: true, token: TOKEN, processMetrics: false, ...metrics } },
      rateLimits: { ...GENEROUS_LIMITS, ...rateLimits },
    });

  const get = (app: GatehouseApp, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

  const scrape = async (app: GatehouseApp): Promise<Map<string, number>> => {
    const response = await get(app, { authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    return parseExposition(response.body);
  };

  it('is 404 when not enabled, token or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await get(t.app, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error_type: 'not_found' });
    }
    const off = await withMetrics({ enabled: false });
    expect((await get(off, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
  });

  it('with METRICS_TOKEN, answers 401 to a missing or wrong bearer token and Prometheus text to the right one', async () => {
    const app = await withMetrics();
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      'Bearer ',
      TOKEN,
      basicAuth(t.publicToken),
    ]) {
      const response = await get(app, authorization === undefined ? {} : { authorization });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toMatchObject({ error_type: 'unauthorized_credentials' });
      expect(response.body).not.toContain('gatehouse_');
    }
    // No public token is involved: the route is outside /sdk/v1 and its auth hook.
    const response = await get(app, { authorization: `bearer ${TOKEN}` }, '203.0.113.7');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE gatehouse_messages_sent_total counter');
    for (const name of ['sign_ins', 'failures', 'rate_limited', 'captcha_challenges']) {
      expect(response.body).toContain(`# HELP gatehouse_${name}_total`);
    }
    // No process metrics unless asked for (METRICS_PROCESS).
    expect(response.body).not.toContain('process_cpu_user_seconds_total');
  });

  it('without a token, serves callers on this machine only (no proxy header); others get the 404', async () => {
    const app = await withMetrics({ token: null });
    expect((await get(app)).statusCode).toBe(200);
    expect((await get(app, {}, '::1')).statusCode).toBe(200);
    expect((await get(app, {}, '203.0.113.7')).statusCode).toBe(404);
    expect((await get(app, {}, '10.0.0.3')).statusCode).toBe(404);
    // A proxy on this host would make every visitor look local.
    expect((await get(app, { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await get(app, { forwarded: 'for=203.0.113.7' })).statusCode).toBe(404);
  });

  it('adds the process metrics of prom-client when METRICS_PROCESS is on', async () => {
    const app = await withMetrics({ processMetrics: true });
    const samples = await scrape(app);
    expect(samples.has('process_cpu_user_seconds_total')).toBe(true);
    expect([...samples.keys()].some((series) => series.startsWith('nodejs_eventloop_lag_seconds'))).toBe(
      true,
    );
  });

  it('counts a login-link send, a passcode sign-in, a wrong code and a limited call exactly', async () => {
    const app = await withMetrics({}, { otpSendsPerIp: { points: 2, durationSeconds: 600 } });
    const post = (url: string, body: unknown) =>
      sdkRequest(app, { method: 'POST', url, publicToken: t.publicToken, body });
    const step = async (run: () => Promise<void>) => {
      const before = await scrape(app);
      await run();
      return delta(before, await scrape(app));
    };

    expect(
      await step(async () => {
        const sent = await post(ROUTES.magicLinksEmailLoginOrCreate, { email: 'ada@example.com' });
        expect(sent.statusCode).toBe(200);
      }),
    ).toEqual({ 'gatehouse_messages_sent_total{channel="email"}': 1 });

    let methodId = '';
    expect(
      await step(async () => {
        const sent = await post(OTP_ROUTES.loginOrCreate('email'), { email: 'grace@example.com' });
        expect(sent.statusCode).toBe(200);
        methodId = sent.json().data.method_id;
        const signedIn = await post(OTP_ROUTES.authenticate, {
          token: codeIn(delivery.last()),
          method_id: methodId,
          session_duration_minutes: 30,
        });
        expect(signedIn.statusCode).toBe(200);
      }),
    ).toEqual({
      'gatehouse_messages_sent_total{channel="email"}': 1,
      'gatehouse_sign_ins_total{method="otp"}': 1,
    });

    expect(
      await step(async () => {
        const sent = await post(OTP_ROUTES.loginOrCreate('email'), { email: 'grace@example.com' });
        expect(sent.statusCode).toBe(200);
        const wrong = await post(OTP_ROUTES.authenticate, {
          token: wrongCode(codeIn(delivery.last())),
          method_id: methodId,
          session_duration_minutes: 30,
        });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json().error_type).toBe('unable_to_auth_otp_code');
      }),
    ).toEqual({
      'gatehouse_messages_sent_total{channel="email"}': 1,
      'gatehouse_failures_total{method="otp",error_type="unable_to_auth_otp_code"}': 1,
    });

    // The third passcode from this IP meets otpSendsPerIp: nothing is sent, the limit and the failure count.
    const messages = delivery.messages.length;
    expect(
      await step(async () => {
        const limited = await post(OTP_ROUTES.loginOrCreate('email'), { email: 'alan@example.com' });
        expect(limited.statusCode).toBe(429);
      }),
    ).toEqual({
      'gatehouse_rate_limited_total{limit="otpSendsPerIp",key_kind="ip"}': 1,
      'gatehouse_failures_total{method="otp",error_type="too_many_requests"}': 1,
    });
    expect(delivery.messages).toHaveLength(messages);

    // Labels never carry identifiers (addresses, e-mails, method ids).
    const text = (await get(app, { authorization: `Bearer ${TOKEN}` })).body;
    for (const identifier of [
      'ada@example.com',
      'grace@example.com',
      'alan@example.com',
      methodId,
      '127.0.0.1',
    ]) {
      expect(text).not.toContain(identifier);
    }
  });

  it('keeps separate counts for two apps in one process, outside the global registry', async () => {
    const first = await withMetrics();
    const second = await withMetrics();
    const sent = await sdkRequest(first, {
      method: 'POST',
      url: ROUTES.magicLinksEmailLoginOrCreate,
      publicToken: t.publicToken,
      body: { email: 'ada@example.com' },
    });
    expect(sent.statusCode).toBe(200);
    const series = 'gatehouse_messages_sent_total{channel="email"}';
    expect((await scrape(first)).get(series)).toBe(1);
    expect((await scrape(second)).get(series) ?? 0).toBe(0);
    expect(globalRegistry.getSingleMetric('gatehouse_messages_sent_total')).toBeUndefined();
  });
});
