// Issue 9 item 1 for passcodes: each limit trips and recovers under the injected clock, answering 429
// too_many_requests with Retry-After and changing nothing (every table compared, nothing sent); the lock-out attack
// (security-tests.md BF-03/BF-04: a stranger with the method_id cannot spend the owner's budget); the per-project
// daily ceiling of SMS + WhatsApp and the country allowlist (BF-05 SMS pumping) refuse before the provider is called.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type ProjectSettings, projects } from '../../infra/db/schema';
import type { RateLimit, RateLimitName } from '../../infra/rate-limits';
import { testDatabaseKinds } from '../../test-support/database';
import { expectLimited, limitTestApp } from '../../test-support/limits';
import { snapshotTables } from '../../test-support/snapshot';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { TOO_MANY_SIGN_UPS_MESSAGE } from '../users';
import { DAILY_SMS_LIMIT_MESSAGE, TOO_MANY_GUESSES_MESSAGE } from './limits';
import { OTP_ROUTES } from './routes';
import { codeIn, wrongCode } from './test-helpers';

const IP = '203.0.113.7';

describe.each(testDatabaseKinds())('passcode limits on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  const limited = limitTestApp({
    kind,
    clock,
    delivery,
    ip: IP,
    beforeEachTest: () => {
      delivery.messages.length = 0;
      // A whole day on the epoch grid, so every window of these tests starts now.
      clock.set(new Date('2030-01-01T00:00:00.000Z'));
    },
  });
  const post = (url: string, body: unknown, ip = IP) => limited.post(url, body, { ip });
  const send = (channel: 'sms' | 'whatsapp', phone_number: string, ip = IP) =>
    post(OTP_ROUTES.loginOrCreate(channel), { phone_number }, ip);
  const sendEmail = (email: string, ip = IP) => post(OTP_ROUTES.loginOrCreate('email'), { email }, ip);
  const authenticate = (token: string, method_id: string, ip = IP) =>
    post(OTP_ROUTES.authenticate, { token, method_id, session_duration_minutes: 30 }, ip);

  async function setProjectSettings(settings: Partial<ProjectSettings>) {
    await limited.t.ctx.db
      .update(projects)
      .set({ settings: { ...limited.t.project.settings, ...settings } })
      .where(eq(projects.id, limited.t.project.id));
    for (const each of [limited.t.app, limited.app]) each.gatehouse.projects.clear();
  }

  /** The refused call changes nothing: every table as it was, no message handed to the provider. */
  async function expectRefusedUnchanged(
    call: () => Promise<LightMyRequestResponse>,
    options: { windowSeconds: number; message?: RegExp | string },
  ) {
    const before = await snapshotTables(limited.t.ctx.db);
    const sent = delivery.messages.length;
    expectLimited(await call(), options);
    expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
    expect(delivery.messages).toHaveLength(sent);
  }

  const US = ['+1 415 555 0123', '+14155550123', '(415) 555-0123'];
  const cases: Array<{
    name: RateLimitName;
    limit: RateLimit;
    what: string;
    /** The i-th call; only the limit under test can refuse it. */
    call: (i: number) => Promise<LightMyRequestResponse>;
    /** The status of an allowed call. */
    allowed?: number;
    message?: RegExp | string;
  }> = [
    {
      name: 'otpSendsPerIp',
      limit: { points: 3, durationSeconds: 600 },
      what: 'sends from one IP, across channels and recipients',
      call: (i) => (i % 2 === 0 ? send('sms', `+1415555${1000 + i}`) : sendEmail(`person${i}@example.com`)),
    },
    {
      name: 'otpSendsPerRecipient',
      limit: { points: 2, durationSeconds: 60 },
      what: 'sends to one number, however it is written, from any IP',
      call: (i) => send('sms', US[i % US.length]!, `198.51.100.${i + 1}`),
    },
    {
      name: 'otpSendsPerPhonePrefix',
      limit: { points: 3, durationSeconds: 600 },
      what: 'sends to numbers that share a prefix (pumping a number range)',
      call: (i) => send(i % 2 === 0 ? 'sms' : 'whatsapp', `+1415555${1000 + i}`, `198.51.100.${i + 1}`),
    },
    {
      name: 'sendsPerRecipientBurst',
      limit: { points: 1, durationSeconds: 1 },
      what: 'the per-second burst to one address, in any case',
      call: (i) => sendEmail(i % 2 === 0 ? 'Ada@Example.com' : 'ada@example.com', `198.51.100.${i + 1}`),
    },
    {
      name: 'paidSendsPerProject',
      limit: { points: 2, durationSeconds: 86_400 },
      what: 'SMS and WhatsApp of one project per day (the server default, RATE_LIMITS)',
      call: (i) => send(i % 2 === 0 ? 'sms' : 'whatsapp', `+1${201 + i}5550100`, `198.51.100.${i + 1}`),
      message: DAILY_SMS_LIMIT_MESSAGE,
    },
    {
      name: 'signUpsPerIp',
      limit: { points: 2, durationSeconds: 3600 },
      what: 'users created from one IP',
      call: (i) => sendEmail(`new${i}@example.com`),
      message: TOO_MANY_SIGN_UPS_MESSAGE,
    },
    {
      name: 'otpAuthenticationsPerIp',
      limit: { points: 3, durationSeconds: 60 },
      what: 'authentications from one IP',
      call: () => authenticate('123456', 'phone-number-test-00000000-0000-4000-8000-000000000000'),
      allowed: 404,
    },
  ];

  it.each(cases)('$name: $what trip at the budget and recover with the next window', async (c) => {
    await limited.useLimits({ [c.name]: c.limit });
    for (let i = 0; i < c.limit.points; i += 1) expect((await c.call(i)).statusCode).toBe(c.allowed ?? 200);
    await expectRefusedUnchanged(() => c.call(c.limit.points), {
      windowSeconds: c.limit.durationSeconds,
      ...(c.message ? { message: c.message } : {}),
    });
    clock.advance(c.limit.durationSeconds * 1000);
    expect((await c.call(c.limit.points + 1)).statusCode).toBe(c.allowed ?? 200);
  });

  it('signUpsPerIp counts only calls that create a user: a known address still gets its code', async () => {
    await limited.useLimits({ signUpsPerIp: { points: 1, durationSeconds: 3600 } });
    expect((await sendEmail('ada@example.com')).statusCode).toBe(200);
    expectLimited(await sendEmail('bob@example.com'), { windowSeconds: 3600 });
    expect((await sendEmail('ADA@example.com')).statusCode).toBe(200);
    expect((await sendEmail('bob@example.com', '198.51.100.1')).statusCode).toBe(200);
  });

  describe('BF-05 SMS pumping', () => {
    it('the project’s sms_daily_limit caps SMS + WhatsApp per day before the provider is called; e-mail goes on', async () => {
      await setProjectSettings({ sms_daily_limit: 2 });
      expect((await send('sms', '+14155550101')).statusCode).toBe(200);
      expect((await send('whatsapp', '+12015550102', '198.51.100.2')).statusCode).toBe(200);
      await expectRefusedUnchanged(() => send('sms', '+13125550103', '198.51.100.3'), {
        windowSeconds: 86_400,
        message: DAILY_SMS_LIMIT_MESSAGE,
      });
      // A send/primary to a known number is a paid send too.
      await expectRefusedUnchanged(
        () => post(OTP_ROUTES.sendPrimary('sms'), { phone_number: '+14155550101' }, '198.51.100.4'),
        { windowSeconds: 86_400 },
      );
      expect((await sendEmail('ada@example.com')).statusCode).toBe(200);
      clock.advance(86_400_000);
      expect((await send('sms', '+13125550103', '198.51.100.3')).statusCode).toBe(200);
    });

    it('sms_daily_limit 0 sends no paid message at all', async () => {
      await setProjectSettings({ sms_daily_limit: 0 });
      await expectRefusedUnchanged(() => send('sms', '+14155550101'), { windowSeconds: 86_400 });
      expect(delivery.messages).toHaveLength(0);
    });

    it('sms_allowed_countries refuses other countries (invalid_phone_number_country_code), sending and writing nothing', async () => {
      await setProjectSettings({ sms_allowed_countries: ['US', 'CA'] });
      const before = await snapshotTables(limited.t.ctx.db);
      for (const channel of ['sms', 'whatsapp'] as const) {
        const refused = await send(channel, '+447400123456');
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          status_code: 400,
          error_type: 'invalid_phone_number_country_code',
        });
        expect(refused.json().error_message).toMatch(/country/);
      }
      expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
      expect(delivery.messages).toHaveLength(0);
      expect((await send('sms', '+14155550123')).statusCode).toBe(200);
      expect((await send('sms', '+1 613 555 0123')).statusCode).toBe(200);
    });
  });

  describe('BF-03 / BF-04: a stranger who knows a method_id cannot lock its owner out', () => {
    const OWNER = '198.51.100.20';
    const STRANGER = '203.0.113.66';

    it('the stranger spends only their own tries; the owner signs in with a fresh code', async () => {
      await limited.useLimits({ otpFailedAttemptsPerMethodAndIp: { points: 7, durationSeconds: 3600 } });
      const phone = '+14155550123';
      const methodId: string = (await send('sms', phone, OWNER)).json().data.method_id;
      const ownerCode = codeIn(delivery.last());

      // The stranger burns the live code (5 evaluated attempts, BF-04) …
      for (let i = 0; i < 5; i += 1) {
        expect((await authenticate(wrongCode(ownerCode), methodId, STRANGER)).statusCode).toBe(401);
      }
      expect((await authenticate(ownerCode, methodId, STRANGER)).json().error_type).toBe('too_many_attempts');
      // … asks for new codes (they know the number) and keeps guessing until their own budget is spent.
      expect((await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: phone }, STRANGER)).statusCode).toBe(
        200,
      );
      const second = codeIn(delivery.last());
      for (let i = 0; i < 2; i += 1) {
        expect((await authenticate(wrongCode(second), methodId, STRANGER)).statusCode).toBe(401);
      }
      const spent = await authenticate(second, methodId, STRANGER);
      expectLimited(spent, { windowSeconds: 3600, message: TOO_MANY_GUESSES_MESSAGE });

      // The owner, from their own address: a fresh code gets its tries and signs in.
      expect((await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: phone }, OWNER)).statusCode).toBe(
        200,
      );
      const fresh = codeIn(delivery.last());
      expect((await authenticate(wrongCode(fresh), methodId, OWNER)).statusCode).toBe(401);
      const signedIn = await authenticate(fresh, methodId, OWNER);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().data).toMatchObject({ method_id: methodId, session_token: expect.any(String) });

      // The stranger stays refused for the window, even with a fresh code; the next window they may try again.
      expect((await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: phone }, STRANGER)).statusCode).toBe(
        200,
      );
      expectLimited(await authenticate(codeIn(delivery.last()), methodId, STRANGER), { windowSeconds: 3600 });
      clock.advance(3600_000);
      expect((await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: phone }, STRANGER)).statusCode).toBe(
        200,
      );
      expect((await authenticate(codeIn(delivery.last()), methodId, STRANGER)).statusCode).toBe(200);
    });

    it('a refused guess is not evaluated: the code keeps its attempts', async () => {
      await limited.useLimits({ otpFailedAttemptsPerMethodAndIp: { points: 2, durationSeconds: 3600 } });
      const methodId: string = (await send('sms', '+14155550123', OWNER)).json().data.method_id;
      const code = codeIn(delivery.last());
      for (let i = 0; i < 2; i += 1) await authenticate(wrongCode(code), methodId, STRANGER);
      await expectRefusedUnchanged(() => authenticate(code, methodId, STRANGER), { windowSeconds: 3600 });
      expect((await authenticate(code, methodId, OWNER)).statusCode).toBe(200);
    });
  });
});
