// security-tests.md attacks that apply to passcodes: BF-04 (50 parallel wrong guesses, at most 5 evaluated, then
// even the right code refused), BF-05 (send limits per recipient, prefix and IP with 429 + Retry-After; the guess
// budget survives resends; country allowlist), TK-01 (16 concurrent redemptions, one session), TK-05 (codes only
// as HMACs), FT-03 (delivery failure: a clear 503, nothing stored), LD-02 (login-or-create race), IV-04 (lone
// surrogates). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL at READ COMMITTED.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatehouseApp } from '../../app';
import { sha256 } from '../../infra/crypto';
import {
  otpCodes,
  type ProjectSettings,
  projects,
  sessions,
  userPhoneNumbers,
  users,
} from '../../infra/db/schema';
import type { RateLimitSettings } from '../../infra/rate-limits';
import { basicAuth, createTestApp, GENEROUS_LIMITS, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { rowsOf } from '../users/user-sql';
import { codeKey, hashCode } from './code';
import { OTP_ROUTES } from './routes';
import { MAX_OTP_ATTEMPTS } from './service';
import { codeIn, wrongCode } from './test-helpers';

describe.each(testDatabaseKinds())('passcode security on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let failDelivery = false;
  let t: TestApp;
  /** The app under test: t.app with generous limits, or a sibling with the limits a test sets. */
  let app: GatehouseApp;
  /** Starts a sibling app (its own, fresh limiters) with these limits over GENEROUS_LIMITS. */
  const withLimits = async (limits: Partial<RateLimitSettings>, config = {}) => {
    app = await t.sibling({ rateLimits: { ...GENEROUS_LIMITS, ...limits }, config });
  };

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      clock,
      rateLimits: GENEROUS_LIMITS,
      delivery: {
        send: async (message) => {
          if (failDelivery) throw new Error('provider said 503');
          await delivery.send(message);
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    app = t.app;
    delivery.messages.length = 0;
    failDelivery = false;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const post = (url: string, body: unknown, options: { ip?: string } = {}) =>
    options.ip
      ? app.inject({
          method: 'POST',
          url: `/sdk/v1${url}`,
          remoteAddress: options.ip,
          headers: { authorization: basicAuth(t.publicToken), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      : sdkRequest(app, { method: 'POST', url, publicToken: t.publicToken, body });
  const sendSms = (phone_number: string, options: { ip?: string } = {}) =>
    post(OTP_ROUTES.loginOrCreate('sms'), { phone_number }, options);
  const authenticate = (token: string, method_id: string) =>
    post(OTP_ROUTES.authenticate, { token, method_id, session_duration_minutes: 30 });

  /** Project-file settings of the test project (the apps' project caches are dropped so they read them). */
  async function setProjectSettings(settings: Partial<ProjectSettings>) {
    await t.ctx.db
      .update(projects)
      .set({ settings: { ...t.project.settings, ...settings } })
      .where(eq(projects.id, t.project.id));
    t.ctx.projects.clear();
    app.gatehouse.projects.clear();
  }

  async function counts() {
    const [u] = await t.ctx.db.select({ n: count() }).from(users);
    const [p] = await t.ctx.db.select({ n: count() }).from(userPhoneNumbers);
    const [c] = await t.ctx.db.select({ n: count() }).from(otpCodes);
    const [s] = await t.ctx.db.select({ n: count() }).from(sessions);
    return { users: u?.n, phones: p?.n, codes: c?.n, sessions: s?.n, messages: delivery.messages.length };
  }

  /** A first sign-in warms the signing key and caches, so racing requests overlap in the handler. */
  async function warmUp() {
    const data = (await sendSms('+14155550100')).json().data;
    expect((await authenticate(codeIn(delivery.last()), data.method_id)).statusCode).toBe(200);
  }

  it('BF-04: 50 concurrent wrong guesses evaluate at most 5; then even the right code is refused', async () => {
    await warmUp();
    const data = (await sendSms('+14155550123')).json().data;
    const code = codeIn(delivery.last());
    const wrong = Array.from({ length: 50 }, (_, i) => {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      return authenticate(guess, data.method_id);
    });
    const responses = await Promise.all(wrong);
    const types = responses.map((r) => r.json().error_type);
    const evaluated = types.filter((type) => type === 'unable_to_auth_otp_code').length;
    expect(evaluated).toBeLessThanOrEqual(MAX_OTP_ATTEMPTS);
    expect(evaluated).toBe(5);
    expect(types.filter((type) => type === 'too_many_attempts')).toHaveLength(50 - evaluated);
    expect(responses.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    const [row] = rowsOf<{ attempts: number }>(
      await t.ctx.db.execute(sql`SELECT attempts FROM otp_codes WHERE method_id = ${data.method_id}`),
    );
    expect(row?.attempts).toBe(5);

    const right = await authenticate(code, data.method_id);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error_type: 'too_many_attempts', status_code: 429 });
    expect(await counts()).toMatchObject({ sessions: 1 });

    // A new code restores a fresh budget of attempts.
    await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: '+14155550123' });
    expect((await authenticate(codeIn(delivery.last()), data.method_id)).statusCode).toBe(200);
  });

  it('BF-04: in sequence, the 6th try is refused with the right code', async () => {
    const data = (await sendSms('+14155550123')).json().data;
    const code = codeIn(delivery.last());
    for (let i = 0; i < MAX_OTP_ATTEMPTS; i += 1) {
      expect((await authenticate(wrongCode(code), data.method_id)).statusCode).toBe(401);
    }
    const right = await authenticate(code, data.method_id);
    expect(right.statusCode).toBe(429);
    expect(right.json().error_type).toBe('too_many_attempts');
  });

  it('TK-01: 16 concurrent redemptions of one right code give exactly one session', async () => {
    await warmUp();
    const data = (await sendSms('+14155550123')).json().data;
    const code = codeIn(delivery.last());
    const before = await counts();
    const responses = await Promise.all(Array.from({ length: 16 }, () => authenticate(code, data.method_id)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
    expect((await counts()).sessions).toBe((before.sessions ?? 0) + 1);
  });

  it('BF-05: the guess budget per (method, IP) survives resends (429 too_many_requests with Retry-After)', async () => {
    await withLimits({ otpFailedAttemptsPerMethodAndIp: { points: 7, durationSeconds: 3600 } });
    const data = (await sendSms('+14155550123')).json().data;
    for (let i = 0; i < 5; i += 1) await authenticate(wrongCode(codeIn(delivery.last())), data.method_id);
    await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: '+14155550123' });
    const code = codeIn(delivery.last());
    expect((await authenticate(wrongCode(code), data.method_id)).statusCode).toBe(401);
    expect((await authenticate(wrongCode(code), data.method_id)).statusCode).toBe(401);
    const blocked = await authenticate(code, data.method_id);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error_type).toBe('too_many_requests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
    // The refused try was not evaluated: the code's attempts stay at 2.
    const rows = await t.ctx.db.select().from(otpCodes);
    expect(rows.find((row) => row.voidedAt === null)?.attempts).toBe(2);
  });

  it('BF-05: sends are limited per recipient, answering 429 with Retry-After and sending nothing', async () => {
    await withLimits({ otpSendsPerRecipient: { points: 2, durationSeconds: 60 } });
    expect((await sendSms('+14155550123')).statusCode).toBe(200);
    expect((await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: '+1 415 555 0123' })).statusCode).toBe(
      200,
    );
    const before = await counts();
    const third = await sendSms('(415) 555-0123');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
    const retryAfter = Number(third.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await counts()).toEqual(before);
    // Other recipients and channels are not affected.
    expect((await sendSms('+14155550199')).statusCode).toBe(200);
    expect(
      (await post(OTP_ROUTES.loginOrCreate('whatsapp'), { phone_number: '+14155550123' })).statusCode,
    ).toBe(200);
  });

  it('BF-05: sends are limited per phone prefix (pumping across a number range)', async () => {
    await withLimits({ otpSendsPerPhonePrefix: { points: 3, durationSeconds: 600 } });
    for (const suffix of ['0101', '0102', '0103'])
      expect((await sendSms(`+1415555${suffix}`)).statusCode).toBe(200);
    const fourth = await post(OTP_ROUTES.loginOrCreate('whatsapp'), { phone_number: '+14155550104' });
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendSms('+12015550104')).statusCode).toBe(200);
  });

  it('BF-05: sends are limited per IP across channels and recipients', async () => {
    await withLimits({ otpSendsPerIp: { points: 3, durationSeconds: 600 } });
    const ip = '203.0.113.7';
    expect((await sendSms('+14155550101', { ip })).statusCode).toBe(200);
    expect((await sendSms('+12015550102', { ip })).statusCode).toBe(200);
    expect(
      (await post(OTP_ROUTES.loginOrCreate('email'), { email: 'a@example.com' }, { ip })).statusCode,
    ).toBe(200);
    const blocked = await post(OTP_ROUTES.loginOrCreate('email'), { email: 'b@example.com' }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    // X-Forwarded-For is not trusted (no proxy configured), so it cannot dodge the limit (BF-02).
    const spoofed = await app.inject({
      method: 'POST',
      url: `/sdk/v1${OTP_ROUTES.loginOrCreate('email')}`,
      remoteAddress: ip,
      headers: {
        authorization: basicAuth(t.publicToken),
        'content-type': 'application/json',
        'x-forwarded-for': '198.51.100.1',
      },
      payload: JSON.stringify({ email: 'c@example.com' }),
    });
    expect(spoofed.statusCode).toBe(429);
    expect((await sendSms('+14155550103', { ip: '203.0.113.8' })).statusCode).toBe(200);
  });

  it('BF-05: with a country allowlist, other countries are refused before the provider is called', async () => {
    await setProjectSettings({ sms_allowed_countries: ['US'] });
    const response = await sendSms('+447400123456');
    expect(response.statusCode).toBe(400);
    expect(response.json().error_type).toBe('invalid_phone_number_country_code');
    expect(await counts()).toMatchObject({ users: 0, messages: 0 });
    expect((await sendSms('+14155550123')).statusCode).toBe(200);
  });

  it('TK-05: codes are stored only as HMACs bound to their row', async () => {
    await sendSms('+14155550123');
    const code = codeIn(delivery.last());
    await post(OTP_ROUTES.loginOrCreate('email'), { email: 'ada@example.com' });
    const emailCode = codeIn(delivery.last());
    const dump = rowsOf<{ row: string }>(
      await t.ctx.db.execute(sql`SELECT row_to_json(o)::text AS row FROM otp_codes o`),
    )
      .map((r) => r.row)
      .join('\n');
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(emailCode);
    const rows = await t.ctx.db.select().from(otpCodes);
    const sms = rows.find((row) => row.channel === 'sms')!;
    expect(sms.codeHash).toHaveLength(32);
    expect(Buffer.from(sms.codeHash).equals(Buffer.from(sha256(code)))).toBe(false);
    expect(Buffer.from(sms.codeHash)).toEqual(
      Buffer.from(
        hashCode({ key: codeKey({ secrets: t.ctx.secrets, projectId: t.project.id }), codeId: sms.id, code }),
      ),
    );
  });

  it('FT-03: a provider failure answers a clear 503 and stores no user and no code', async () => {
    failDelivery = true;
    for (const [channel, body, errorType] of [
      ['sms', { phone_number: '+14155550123' }, 'sms_delivery_failed'],
      ['whatsapp', { phone_number: '+14155550123' }, 'whatsapp_delivery_failed'],
      ['email', { email: 'ada@example.com' }, 'email_delivery_failed'],
    ] as const) {
      const response = await post(OTP_ROUTES.loginOrCreate(channel), body);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status_code: 503, error_type: errorType });
      expect(response.json().error_message).toMatch(/could not be sent/);
      expect(response.headers['retry-after']).toBe('5');
    }
    expect(await counts()).toEqual({ users: 0, phones: 0, codes: 0, sessions: 0, messages: 0 });

    // A known user's resend that fails leaves the earlier code as it was (nothing new stored).
    failDelivery = false;
    const data = (await sendSms('+14155550123')).json().data;
    const code = codeIn(delivery.last());
    failDelivery = true;
    expect((await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: '+14155550123' })).statusCode).toBe(
      503,
    );
    expect(await counts()).toMatchObject({ users: 1, codes: 1 });
    failDelivery = false;
    expect((await authenticate(code, data.method_id)).statusCode).toBe(200);
  });

  it('LD-02: 20 parallel login_or_create calls for one new number create exactly one user', async () => {
    await warmUp();
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendSms('+14155550123')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const userIds = new Set(responses.map((r) => r.json().data.user_id));
    expect(userIds.size).toBe(1);
    expect(responses.filter((r) => r.json().data.user_created === true)).toHaveLength(1);
    expect(await counts()).toMatchObject({ users: 2, phones: 2 });
    // Only one code of the number is live afterwards (TK-03, sends serialised per method).
    const methodId = responses[0]!.json().data.method_id;
    const live = rowsOf<{ n: number }>(
      await t.ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM otp_codes WHERE method_id = ${methodId} AND voided_at IS NULL AND used_at IS NULL`,
      ),
    );
    expect(live[0]?.n).toBe(1);
  });

  it('IV-04: lone surrogates and oversized values are 400s that write nothing', async () => {
    for (const body of [
      { phone_number: '+1415555\ud8000123' },
      { phone_number: '1'.repeat(100_000) },
      '{"phone_number":"+14155550123","expiration_minutes":1e309}',
      { phone_number: '+14155550123', login_template_id: '{{7*7}}' },
    ]) {
      const response = await post(OTP_ROUTES.loginOrCreate('sms'), body);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await counts()).toMatchObject({ users: 0, codes: 0, messages: 0 });
  });
});
