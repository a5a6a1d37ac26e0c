// Issue 9 item 2: TRUSTED_PROXIES as Fastify takes it, and the once-only warning when traffic looks proxied while
// TRUSTED_PROXIES is unset (config.test.ts covers the refusals of bad values; the .security test the addresses).
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type GatehouseApp } from '../app';
import { createTestApp, type TestApp } from '../test-support/app';
import {
  createSingleAddressWatch,
  parseTrustedProxies,
  SINGLE_ADDRESS_SAMPLE,
  SINGLE_ADDRESS_WARNING,
  trustProxyOption,
} from './client-address';
import type { RuntimeEnvironment } from './context';

describe('TRUSTED_PROXIES', () => {
  it('parses a hop count or a list, deduplicated', () => {
    expect(parseTrustedProxies('2')).toEqual({ value: 2 });
    expect(parseTrustedProxies('10.0.0.1,10.0.0.1,uniquelocal')).toEqual({
      value: ['10.0.0.1', 'uniquelocal'],
    });
  });

  it("becomes Fastify's trustProxy: off, a list, or proxy-addr's hop rule", () => {
    expect(trustProxyOption(null)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    const hops = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => hops('192.0.2.1', hop))).toEqual([true, true, false, false]);
  });
});

/** A logger that records its warnings. */
function recordingLog(): FastifyBaseLogger & { warnings: unknown[][] } {
  const warnings: unknown[][] = [];
  const noop = () => {};
  const log = {
    warnings,
    warn: (...args: unknown[]) => warnings.push(args),
    info: noop,
    error: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    level: 'warn',
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger & { warnings: unknown[][] };
}

/** Runs `count` requests through a watch; `request(i)` gives each one's socket address and X-Forwarded-For. */
function watch(
  env: RuntimeEnvironment,
  count: number,
  request: (index: number) => { address: string; forwardedFor?: string },
) {
  const log = recordingLog();
  const hook = createSingleAddressWatch({ env, log });
  for (let index = 0; index < count; index += 1) {
    const { address, forwardedFor } = request(index);
    const fake = {
      socket: { remoteAddress: address },
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    } as unknown as FastifyRequest;
    hook(fake, {} as FastifyReply, () => {});
  }
  return log.warnings;
}

describe('the single-address warning', () => {
  const many = SINGLE_ADDRESS_SAMPLE * 4;

  it('warns exactly once when every request carries an ignored X-Forwarded-For from one proxy', () => {
    const warnings = watch('development', many, (i) => ({
      address: '10.0.0.2',
      forwardedFor: `198.51.100.${i % 200}`,
    }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.[0]).toMatchObject({ address: '10.0.0.2', requests: SINGLE_ADDRESS_SAMPLE });
    expect(warnings[0]?.[1]).toContain('set TRUSTED_PROXIES');
  });

  it('warns once for several private proxies that all forward, and for a same-host proxy on loopback', () => {
    expect(
      watch('production', many, (i) => ({ address: `10.0.0.${i % 3}`, forwardedFor: '198.51.100.1' })),
    ).toHaveLength(1);
    expect(watch('test', many, () => ({ address: '127.0.0.1', forwardedFor: '198.51.100.1' }))).toHaveLength(
      1,
    );
  });

  it('warns once in production when one non-loopback address makes every request', () => {
    expect(watch('production', many, () => ({ address: '192.0.2.44' }))).toHaveLength(1);
    expect(watch('production', many, () => ({ address: '::ffff:10.0.0.9' }))).toHaveLength(1);
  });

  it('stays quiet for loopback without X-Forwarded-For (development, tests, local health checks)', () => {
    for (const env of ['development', 'test', 'production'] as const) {
      expect(watch(env, many, () => ({ address: '127.0.0.1' }))).toHaveLength(0);
      expect(watch(env, many, () => ({ address: '::1' }))).toHaveLength(0);
    }
    // A developer's second machine on the LAN is not a proxy outside production.
    expect(watch('development', many, () => ({ address: '192.168.1.20' }))).toHaveLength(0);
  });

  it('stays quiet when the addresses vary, when not every request was forwarded, or before the sample is full', () => {
    expect(watch('production', many, (i) => ({ address: `192.0.2.${i % 7}` }))).toHaveLength(0);
    expect(
      watch('production', many, (i) => ({ address: `192.0.2.${i % 7}`, forwardedFor: '198.51.100.1' })),
    ).toHaveLength(0);
    expect(
      watch('development', many, (i) => ({
        address: '10.0.0.2',
        ...(i === 30 ? {} : { forwardedFor: '198.51.100.1' }),
      })),
    ).toHaveLength(0);
    expect(
      watch('production', SINGLE_ADDRESS_SAMPLE - 1, () => ({ address: '192.0.2.44', forwardedFor: 'x' })),
    ).toHaveLength(0);
  });
});

describe('the single-address warning in an app', () => {
  let t: TestApp;
  const apps: GatehouseApp[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t?.close();
  });

  /** An app on the test database whose warnings are captured (createTestApp's apps log nothing). */
  async function appWithLog(config: Partial<GatehouseApp['gatehouse']['config']>) {
    const lines: Array<{ msg?: string }> = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    const app = await buildApp({
      config: { ...t.ctx.config, ...config },
      database: t.handle,
      logger: { level: 'warn', stream },
    });
    apps.push(app);
    const warnings = () => lines.filter((line) => line.msg === SINGLE_ADDRESS_WARNING);
    return { app, warnings };
  }

  const hit = (app: GatehouseApp, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'GET',
      url: '/.well-known/nothing-here',
      remoteAddress,
      ...(forwardedFor === undefined ? {} : { headers: { 'x-forwarded-for': forwardedFor } }),
    });

  it('logs the warning once behind an untrusted proxy, never with TRUSTED_PROXIES or from plain loopback', async () => {
    const proxied = await appWithLog({});
    for (let i = 0; i < SINGLE_ADDRESS_SAMPLE * 3; i += 1)
      await hit(proxied.app, '10.0.0.2', `198.51.100.${i}`);
    expect(proxied.warnings()).toHaveLength(1);

    const trusted = await appWithLog({ trustedProxies: ['10.0.0.0/8'] });
    for (let i = 0; i < SINGLE_ADDRESS_SAMPLE * 2; i += 1)
      await hit(trusted.app, '10.0.0.2', `198.51.100.${i}`);
    expect(trusted.warnings()).toHaveLength(0);

    const local = await appWithLog({});
    for (let i = 0; i < SINGLE_ADDRESS_SAMPLE * 2; i += 1) await hit(local.app, '127.0.0.1');
    expect(local.warnings()).toHaveLength(0);
  });
});
