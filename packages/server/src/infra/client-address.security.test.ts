// Issue 9 item 2 (security-tests.md BF-02; ASVS V4.1.3 / V15.3.4): a spoofed X-Forwarded-For escapes nothing
// without TRUSTED_PROXIES; with it (CIDR form and hop form), the right hop is the client. Driven through a real
// limited route — the passcode send, limited per IP by otpSendsPerIp — and a probe that echoes the request
// context's ip. The client address does not touch the limiter store, so PGlite alone is enough here.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatehouseApp, SdkFeature } from '../app';
import { OTP_ROUTES } from '../features/otps/routes';
import { basicAuth, createTestApp, GENEROUS_LIMITS, type TestApp } from '../test-support/app';
import type { TrustedProxies } from './client-address';
import { contextOf } from './request-context';

const SENDS_PER_IP = 3;

/** GET /sdk/v1/test/ip: the address services see (RequestContext.ip, from request.ip). */
const ipProbe: SdkFeature = {
  name: 'ip-probe',
  register: async (sdk) => {
    sdk.get('/test/ip', async (request) => ({ ip: contextOf(request).ip }));
  },
};

/** A random public-looking IPv4 address, as a client making up its X-Forwarded-For would send. */
function randomAddress(): string {
  return `${randomInt(1, 224)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

describe('client addresses and X-Forwarded-For', () => {
  let t: TestApp;
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', features: [ipProbe] });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh app (its own limiters) with SENDS_PER_IP passcode sends per IP and these trusted proxies. */
  const appWith = (trustedProxies: TrustedProxies | null): Promise<GatehouseApp> =>
    t.sibling({
      rateLimits: { ...GENEROUS_LIMITS, otpSendsPerIp: { points: SENDS_PER_IP, durationSeconds: 600 } },
      config: { trustedProxies },
    });

  /** One passcode send to a new address (so only the per-IP limit can trip), from `socket` with this XFF. */
  const send = (app: GatehouseApp, socket: string, forwardedFor: string | null) => {
    sequence += 1;
    return app.inject({
      method: 'POST',
      url: `/sdk/v1${OTP_ROUTES.loginOrCreate('email')}`,
      remoteAddress: socket,
      headers: {
        authorization: basicAuth(t.publicToken),
        'content-type': 'application/json',
        ...(forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor }),
      },
      payload: JSON.stringify({ email: `person${sequence}@example.com` }),
    });
  };

  const seenIp = async (app: GatehouseApp, socket: string, forwardedFor: string | null) => {
    const response = await app.inject({
      method: 'GET',
      url: '/sdk/v1/test/ip',
      remoteAddress: socket,
      headers: {
        authorization: basicAuth(t.publicToken),
        ...(forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor }),
      },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { ip: string }).ip;
  };

  /** Sends until the budget is spent: SENDS_PER_IP successes, then the 429 of the per-IP limit. */
  async function expectBudgetSpent(sends: ReadonlyArray<() => ReturnType<typeof send>>) {
    const statuses: number[] = [];
    for (const run of sends) statuses.push((await run()).statusCode);
    expect(statuses).toEqual([...Array<number>(SENDS_PER_IP).fill(200), 429]);
  }

  it('without TRUSTED_PROXIES a random X-Forwarded-For on every call still meets the per-IP limit', async () => {
    const app = await appWith(null);
    const socket = '203.0.113.9';
    await expectBudgetSpent(
      Array.from({ length: SENDS_PER_IP + 1 }, () => () => send(app, socket, randomAddress())),
    );
    const refused = await send(app, socket, randomAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error_type: 'too_many_requests' });
    expect(refused.headers['retry-after']).toBeDefined();
    // The header is ignored entirely: the address is the socket's, whatever it claims.
    expect(await seenIp(app, socket, '198.51.100.77')).toBe(socket);
    expect(await seenIp(app, socket, '198.51.100.77, 10.0.0.1')).toBe(socket);
    // It is a per-IP limit, not a global one: another socket still has its budget.
    expect((await send(app, '203.0.113.10', null)).statusCode).toBe(200);
  });

  it('with a CIDR list, clients behind the trusted proxy get separate budgets and their own words are not believed', async () => {
    const app = await appWith(['10.0.0.0/8', 'fd00::/8']);
    const proxy = '10.1.2.3';
    // The proxy appends the address it saw; anything to the left of it is what the client sent.
    const viaProxy = (client: string) => () => send(app, proxy, `${randomAddress()}, ${client}`);
    await expectBudgetSpent(Array.from({ length: SENDS_PER_IP + 1 }, () => viaProxy('198.51.100.1')));
    // A made-up leftmost entry does not buy a fresh budget: the hop the proxy added is the client.
    expect((await viaProxy('198.51.100.1')()).statusCode).toBe(429);
    // A second client behind the same proxy has its own budget.
    expect((await viaProxy('198.51.100.2')()).statusCode).toBe(200);
    expect(await seenIp(app, proxy, '192.0.2.1, 198.51.100.2')).toBe('198.51.100.2');
    // Two trusted proxies in a row (10.9.9.9 forwarded to 10.1.2.3): the first untrusted hop is the client.
    expect(await seenIp(app, proxy, '192.0.2.1, 198.51.100.3, 10.9.9.9')).toBe('198.51.100.3');
    // IPv6 proxies and clients, and a dual-stack listener's IPv4-mapped socket address.
    expect(await seenIp(app, 'fd00::5', '2001:db8::1')).toBe('2001:db8::1');
    expect(await seenIp(app, '::ffff:10.1.2.3', '198.51.100.4')).toBe('198.51.100.4');
    // A caller that is not a trusted proxy is its own address, whatever it forwards.
    const direct = '203.0.113.50';
    expect(await seenIp(app, direct, '198.51.100.1')).toBe(direct);
    await expectBudgetSpent(
      Array.from({ length: SENDS_PER_IP + 1 }, () => () => send(app, direct, randomAddress())),
    );
  });

  it('with a hop count, the hop that many proxies from the socket is the client', async () => {
    const app = await appWith(1);
    const proxy = '192.0.2.10';
    const viaProxy = (client: string) => () => send(app, proxy, `${randomAddress()}, ${client}`);
    await expectBudgetSpent(Array.from({ length: SENDS_PER_IP + 1 }, () => viaProxy('198.51.100.1')));
    expect((await viaProxy('198.51.100.2')()).statusCode).toBe(200);
    expect(await seenIp(app, proxy, '192.0.2.1, 198.51.100.2')).toBe('198.51.100.2');
    // Without the header the socket is the client.
    expect(await seenIp(app, proxy, null)).toBe(proxy);

    const twoHops = await appWith(2);
    expect(await seenIp(twoHops, proxy, '192.0.2.1, 198.51.100.5, 10.0.0.7')).toBe('198.51.100.5');
  });
});
