// Issue 9 item 1 for passkeys: ceremony starts are limited per IP and per user (issue 8, BF-07: the challenges table
// grows only within limits), finishes per IP; each limit trips and recovers under the injected clock, answering 429
// too_many_requests with Retry-After and storing nothing.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RateLimit, RateLimitName } from '../../infra/rate-limits';
import { testDatabaseKinds } from '../../test-support/database';
import { expectLimited, limitTestApp } from '../../test-support/limits';
import { snapshotTables } from '../../test-support/snapshot';
import { createTestClock } from '../sessions/test-fixtures';
import { TOO_MANY_CHALLENGES_MESSAGE, TOO_MANY_VERIFICATIONS_MESSAGE } from './limits';
import { WEBAUTHN_ROUTES } from './routes';
import { DOMAIN, signedInUser } from './test-helpers';

const IP = '203.0.113.9';

describe.each(testDatabaseKinds())('passkey limits on %s', (kind) => {
  const clock = createTestClock();
  const limited = limitTestApp({
    kind,
    clock,
    ip: IP,
    beforeEachTest: () => clock.set('2030-01-01T00:00:00.000Z'),
  });
  const post = (url: string, body: unknown, options: { ip?: string; sessionToken?: string } = {}) =>
    limited.post(url, body, options);
  const start = { domain: DOMAIN, return_passkey_credential_options: true };
  const notACredential = { public_key_credential: '{}', session_duration_minutes: 30 };

  const cases: Array<{
    name: RateLimitName;
    limit: RateLimit;
    what: string;
    call: (i: number, sessionToken: string) => Promise<LightMyRequestResponse>;
    allowed: number;
    message: string;
  }> = [
    {
      name: 'passkeyChallengesPerIp',
      limit: { points: 3, durationSeconds: 60 },
      what: 'ceremony starts from one IP',
      call: () => post(WEBAUTHN_ROUTES.authenticateStartPrimary, start),
      allowed: 200,
      message: TOO_MANY_CHALLENGES_MESSAGE,
    },
    {
      name: 'passkeyChallengesPerUser',
      limit: { points: 2, durationSeconds: 60 },
      what: 'registration starts for one user, from any IP',
      call: (i, sessionToken) =>
        post(WEBAUTHN_ROUTES.registerStart, start, { ip: `198.51.100.${i + 1}`, sessionToken }),
      allowed: 200,
      message: TOO_MANY_CHALLENGES_MESSAGE,
    },
    {
      name: 'passkeyVerificationsPerIp',
      limit: { points: 3, durationSeconds: 60 },
      what: 'sign-in and registration finishes from one IP',
      call: (i, sessionToken) =>
        i % 2 === 0
          ? post(WEBAUTHN_ROUTES.authenticate, notACredential)
          : post(WEBAUTHN_ROUTES.register, notACredential, { sessionToken }),
      allowed: 400,
      message: TOO_MANY_VERIFICATIONS_MESSAGE,
    },
  ];

  it.each(cases)('$name: $what trip at the budget and recover with the next window', async (c) => {
    const { sessionToken } = await signedInUser(limited.t, 'ada@example.com');
    await limited.useLimits({ [c.name]: c.limit });
    for (let i = 0; i < c.limit.points; i += 1) {
      expect((await c.call(i, sessionToken)).statusCode).toBe(c.allowed);
    }
    const before = await snapshotTables(limited.t.ctx.db);
    expectLimited(await c.call(c.limit.points, sessionToken), {
      windowSeconds: c.limit.durationSeconds,
      message: c.message,
    });
    expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
    clock.advance(c.limit.durationSeconds * 1000);
    expect((await c.call(c.limit.points + 1, sessionToken)).statusCode).toBe(c.allowed);
  });
});
