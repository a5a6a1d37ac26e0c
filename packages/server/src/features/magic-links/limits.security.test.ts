// Issue 9 item 1 for login links (security-tests.md BF-05: before, 60 sends to one address in a row all
// succeeded): each limit trips and recovers under the injected clock, answering 429 too_many_requests with
// Retry-After and changing nothing (every table compared, no e-mail sent); with the default limits, a loop of sends to
// one address gets ~1/s and a few per minute through.
import { ROUTES } from '@gatehouse/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimitName } from '../../infra/rate-limits';
import { testDatabaseKinds } from '../../test-support/database';
import { expectLimited, limitTestApp } from '../../test-support/limits';
import { snapshotTables } from '../../test-support/snapshot';
import { TOO_MANY_SIGN_UPS_MESSAGE } from '../users';
import { TOO_MANY_SENDS_MESSAGE } from './limits';
import { fakeClock, recordingDelivery } from './test-helpers';

const IP = '203.0.113.7';

describe.each(testDatabaseKinds())('login-link limits on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  const limited = limitTestApp({
    kind,
    clock,
    delivery,
    ip: IP,
    beforeEachTest: () => {
      delivery.messages.length = 0;
      clock.set(new Date('2030-01-01T00:00:00.000Z'));
    },
  });
  const post = (url: string, body: unknown, ip = IP) => limited.post(url, body, { ip });
  const send = (email: string, ip = IP) => post(ROUTES.magicLinksEmailLoginOrCreate, { email }, ip);

  const cases: Array<{
    name: RateLimitName;
    limit: RateLimit;
    what: string;
    call: (i: number) => Promise<LightMyRequestResponse>;
    allowed?: number;
    message?: string;
  }> = [
    {
      name: 'magicLinkSendsPerIp',
      limit: { points: 3, durationSeconds: 600 },
      what: 'sends from one IP to any address',
      call: (i) => send(`person${i}@example.com`),
      message: TOO_MANY_SENDS_MESSAGE,
    },
    {
      name: 'magicLinkSendsPerEmail',
      limit: { points: 2, durationSeconds: 60 },
      what: 'sends to one address in any case, from any IP, by any send route',
      call: (i) =>
        i === 0
          ? send('Ada@Example.com', '198.51.100.1')
          : post(ROUTES.magicLinksEmailSendPrimary, { email: 'ada@EXAMPLE.com' }, `198.51.100.${i + 1}`),
    },
    {
      name: 'sendsPerRecipientBurst',
      limit: { points: 1, durationSeconds: 1 },
      what: 'the per-second burst to one mailbox, shared with e-mail passcodes',
      call: (i) =>
        i % 2 === 0
          ? send('ada@example.com', `198.51.100.${i + 1}`)
          : post(ROUTES.otps.loginOrCreate('email'), { email: 'ADA@example.com' }, `198.51.100.${i + 1}`),
    },
    {
      name: 'signUpsPerIp',
      limit: { points: 2, durationSeconds: 3600 },
      what: 'users created from one IP',
      call: (i) => send(`new${i}@example.com`),
      message: TOO_MANY_SIGN_UPS_MESSAGE,
    },
    {
      name: 'magicLinkAuthenticationsPerIp',
      limit: { points: 3, durationSeconds: 60 },
      what: 'redemptions from one IP',
      call: (i) =>
        post(ROUTES.magicLinksAuthenticate, { token: `not-a-link-${i}`, session_duration_minutes: 30 }),
      allowed: 401,
    },
  ];

  it.each(cases)('$name: $what trip at the budget and recover with the next window', async (c) => {
    await limited.useLimits({ [c.name]: c.limit });
    for (let i = 0; i < c.limit.points; i += 1) expect((await c.call(i)).statusCode).toBe(c.allowed ?? 200);
    const before = await snapshotTables(limited.t.ctx.db);
    const sent = delivery.messages.length;
    expectLimited(await c.call(c.limit.points), {
      windowSeconds: c.limit.durationSeconds,
      ...(c.message ? { message: c.message } : {}),
    });
    expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
    expect(delivery.messages).toHaveLength(sent);
    clock.advance(c.limit.durationSeconds * 1000);
    expect((await c.call(c.limit.points + 1)).statusCode).toBe(c.allowed ?? 200);
  });

  it('BF-05 with the default limits: 60 sends to one address, one a second, deliver a few; the next minute more', async () => {
    await limited.useLimits(DEFAULT_RATE_LIMITS);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      statuses.push((await send('ada@example.com', `198.51.100.${i + 1}`)).statusCode);
      clock.advance(1000);
    }
    const perMinute = DEFAULT_RATE_LIMITS.magicLinkSendsPerEmail.points;
    expect(statuses.filter((status) => status === 200)).toHaveLength(perMinute);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - perMinute);
    expect(delivery.messages).toHaveLength(perMinute);
    // The next minute (the loop ended on its first second) sends again; two at once: the burst limit refuses one.
    expect((await send('ada@example.com', '198.51.100.200')).statusCode).toBe(200);
    expectLimited(await send('ada@example.com', '198.51.100.201'), { windowSeconds: 1 });
  });
});
