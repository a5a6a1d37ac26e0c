// Issue 5 "Tests that show it" (server): each channel's happy path, wrong code, expired code (fake clock), a resent
// code voids the old one, send/primary and send/secondary, expiration bounds, invalid phone numbers and e-mails
// with nothing written. Runs on every database kind (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otpCodes, sessions, userEmails, userPhoneNumbers, users } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import type { OtpChannel } from './methods';
import { OTP_ROUTES } from './routes';
import { UNABLE_TO_AUTH_OTP_MESSAGE } from './service';
import { codeIn, wrongCode } from './test-helpers';

const MINUTE = 60_000;

const DESTINATIONS: Record<OtpChannel, { field: string; input: string; stored: string }> = {
  sms: { field: 'phone_number', input: '(415) 555-0123', stored: '+14155550123' },
  whatsapp: { field: 'phone_number', input: '+44 7400 123456', stored: '+447400123456' },
  email: { field: 'email', input: ' Ada@Example.COM ', stored: 'ada@example.com' },
};

describe.each(testDatabaseKinds())('one-time passcodes on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const post = (url: string, body: unknown, sessionToken?: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      body,
      ...(sessionToken ? { sessionToken } : {}),
    });
  const send = (channel: OtpChannel, body: Record<string, unknown> = {}) =>
    post(OTP_ROUTES.loginOrCreate(channel), {
      [DESTINATIONS[channel].field]: DESTINATIONS[channel].input,
      ...body,
    });
  const authenticate = (body: Record<string, unknown>, sessionToken?: string) =>
    post(OTP_ROUTES.authenticate, { session_duration_minutes: 30, ...body }, sessionToken);

  async function counts() {
    const [u] = await t.ctx.db.select({ n: count() }).from(users);
    const [p] = await t.ctx.db.select({ n: count() }).from(userPhoneNumbers);
    const [e] = await t.ctx.db.select({ n: count() }).from(userEmails);
    const [c] = await t.ctx.db.select({ n: count() }).from(otpCodes);
    const [s] = await t.ctx.db.select({ n: count() }).from(sessions);
    return {
      users: u?.n,
      phones: p?.n,
      emails: e?.n,
      codes: c?.n,
      sessions: s?.n,
      messages: delivery.messages.length,
    };
  }

  describe.each(['sms', 'whatsapp', 'email'] as const)('%s', (channel) => {
    const destination = DESTINATIONS[channel];

    it('login_or_create signs a new person up; the code starts a session with an otp factor', async () => {
      const sent = await send(channel);
      expect(sent.statusCode).toBe(200);
      const data = sent.json().data;
      expect(data).toMatchObject({ status_code: 200, user_created: true });
      expect(data.request_id).toMatch(/^request-id-test-/);
      expect(data.user_id).toMatch(/^user-test-/);
      const idField = channel === 'email' ? 'email_id' : 'phone_id';
      expect(data.method_id).toMatch(channel === 'email' ? /^email-test-/ : /^phone-number-test-/);
      expect(data[idField]).toBe(data.method_id);

      const message = delivery.last();
      expect(message).toMatchObject({ channel, to: destination.stored, projectId: t.project.id });
      const code = codeIn(message);
      expect(code).toMatch(/^\d{6}$/);
      if (channel === 'email') {
        expect(message.subject).toBe(`Your passcode to finish signing up to ${t.project.name}`);
        expect(message.html).toContain(code);
        expect(message.text).toContain('expires in 5 minutes');
      } else {
        expect(message.text).toBe(
          `${code} is your ${t.project.name} passcode. It expires in 5 minutes. Do not share it with anyone.`,
        );
      }
      const [row] = await t.ctx.db.select().from(otpCodes);
      expect(row).toMatchObject({ methodId: data.method_id, userId: data.user_id, channel, attempts: 0 });
      expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(5 * MINUTE);

      const done = await authenticate({
        token: code,
        method_id: data.method_id,
        session_duration_minutes: 60,
      });
      expect(done.statusCode).toBe(200);
      const auth = done.json().data;
      expect(auth).toMatchObject({ status_code: 200, user_id: data.user_id, method_id: data.method_id });
      expect(typeof auth.session_token).toBe('string');
      expect(typeof auth.session_jwt).toBe('string');
      expect(auth.__user).toEqual(auth.user);
      expect(new Date(auth.session.expires_at).getTime() - clock.now().getTime()).toBe(60 * MINUTE);
      const factor = auth.session.authentication_factors[0];
      expect(factor).toMatchObject({ type: 'otp', delivery_method: channel });
      expect(factor.last_authenticated_at).toBe('2030-01-01T00:00:00Z');
      if (channel === 'email') {
        expect(factor.email_factor).toEqual({ email_id: data.method_id, email_address: destination.stored });
        expect(auth.user.emails).toEqual([
          { email_id: data.method_id, email: destination.stored, verified: true },
        ]);
      } else {
        expect(factor.phone_number_factor).toEqual({
          phone_id: data.method_id,
          phone_number: destination.stored,
        });
        expect(auth.user.phone_numbers).toEqual([
          { phone_id: data.method_id, phone_number: destination.stored, verified: true },
        ]);
      }

      // The code works once.
      const again = await authenticate({ token: code, method_id: data.method_id });
      expect(again.statusCode).toBe(401);
      expect(again.json().error_type).toBe('unable_to_auth_otp_code');
    });

    it('login_or_create for a known destination logs in without creating anyone (login wording)', async () => {
      const first = (await send(channel)).json().data;
      expect(
        (await authenticate({ token: codeIn(delivery.last()), method_id: first.method_id })).statusCode,
      ).toBe(200);
      const before = await counts();
      const second = await send(channel);
      expect(second.statusCode).toBe(200);
      expect(second.json().data).toMatchObject({
        user_created: false,
        user_id: first.user_id,
        method_id: first.method_id,
      });
      if (channel === 'email') expect(delivery.last().subject).toBe(`Your passcode for ${t.project.name}`);
      const after = await counts();
      expect({ ...after, codes: 0, messages: 0 }).toEqual({ ...before, codes: 0, messages: 0 });
    });

    it('a wrong code answers 401 unable_to_auth_otp_code; the right one still works after it', async () => {
      const data = (await send(channel)).json().data;
      const code = codeIn(delivery.last());
      const response = await authenticate({ token: wrongCode(code), method_id: data.method_id });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        status_code: 401,
        error_type: 'unable_to_auth_otp_code',
        error_message: UNABLE_TO_AUTH_OTP_MESSAGE,
      });
      expect(UNABLE_TO_AUTH_OTP_MESSAGE).toMatch(/^The code could not be authenticated/);
      const [row] = await t.ctx.db.select().from(otpCodes);
      expect(row?.attempts).toBe(1);
      expect(await counts()).toMatchObject({ sessions: 0 });
      expect((await authenticate({ token: code, method_id: data.method_id })).statusCode).toBe(200);
    });
  });

  it('an expired code is refused at and after expires_at (fake clock), valid 1 ms before', async () => {
    const data = (await send('sms', { expiration_minutes: 2 })).json().data;
    const code = codeIn(delivery.last());
    expect(delivery.last().text).toContain('expires in 2 minutes');
    clock.advance(2 * MINUTE);
    const late = await authenticate({ token: code, method_id: data.method_id });
    expect(late.statusCode).toBe(401);
    expect(late.json().error_type).toBe('unable_to_auth_otp_code');
    // Consumed on presentation: turning the clock back does not revive it (security-tests.md TK-02, FT-06).
    clock.advance(-MINUTE);
    expect((await authenticate({ token: code, method_id: data.method_id })).statusCode).toBe(401);

    await send('sms');
    const fresh = codeIn(delivery.last());
    clock.advance(5 * MINUTE - 1);
    expect((await authenticate({ token: fresh, method_id: data.method_id })).statusCode).toBe(200);
  });

  it('a resent code voids the old one (only the newest code of a method is valid)', async () => {
    const data = (await send('whatsapp')).json().data;
    const oldCode = codeIn(delivery.last());
    const resent = await post(OTP_ROUTES.sendPrimary('whatsapp'), { phone_number: '+447400123456' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.method_id).toBe(data.method_id);
    const newCode = codeIn(delivery.last());
    if (oldCode !== newCode) {
      const old = await authenticate({ token: oldCode, method_id: data.method_id });
      expect(old.statusCode).toBe(401);
      expect(old.json().error_type).toBe('unable_to_auth_otp_code');
    }
    const rows = await t.ctx.db.select().from(otpCodes).where(eq(otpCodes.methodId, data.method_id));
    expect(rows.filter((row) => row.voidedAt === null)).toHaveLength(1);
    expect((await authenticate({ token: newCode, method_id: data.method_id })).statusCode).toBe(200);
  });

  it('an unknown method_id answers 404 otp_code_not_found', async () => {
    const response = await authenticate({ token: '123456', method_id: 'phone-number-test-nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_type).toBe('otp_code_not_found');
  });

  it('send/primary needs a known destination and creates nobody', async () => {
    const sms = await post(OTP_ROUTES.sendPrimary('sms'), { phone_number: '+14155550123' });
    expect(sms.statusCode).toBe(404);
    expect(sms.json().error_type).toBe('phone_number_not_found');
    const email = await post(OTP_ROUTES.sendPrimary('email'), { email: 'nobody@example.com' });
    expect(email.statusCode).toBe(404);
    expect(email.json().error_type).toBe('email_not_found');
    expect(await counts()).toMatchObject({ users: 0, codes: 0, messages: 0 });
  });

  it('send/secondary adds a phone number to the signed-in user and a second factor to the session', async () => {
    const signup = (await send('email')).json().data;
    const first = await authenticate({ token: codeIn(delivery.last()), method_id: signup.method_id });
    const sessionToken = first.json().data.session_token;

    expect((await post(OTP_ROUTES.sendSecondary('sms'), { phone_number: '+14155550123' })).statusCode).toBe(
      401,
    );
    const sent = await post(
      OTP_ROUTES.sendSecondary('sms'),
      { phone_number: '+1 415 555 0123' },
      sessionToken,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.user_id).toBe(signup.user_id);
    const phoneId = sent.json().data.method_id;
    const done = await authenticate({ token: codeIn(delivery.last()), method_id: phoneId }, sessionToken);
    expect(done.statusCode).toBe(200);
    const data = done.json().data;
    expect(data.session.session_id).toBe(first.json().data.session.session_id);
    expect(
      data.session.authentication_factors.map((f: { delivery_method: string }) => f.delivery_method),
    ).toEqual(['email', 'sms']);
    expect(data.user.phone_numbers).toEqual([
      { phone_id: phoneId, phone_number: '+14155550123', verified: true },
    ]);

    // Another user's number cannot be attached.
    await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550199' });
    const taken = await post(
      OTP_ROUTES.sendSecondary('sms'),
      { phone_number: '+14155550199' },
      data.session_token,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error_type).toBe('duplicate_phone_number');
  });

  it('expiration_minutes outside 1..10 answers 400 invalid_expiration_minutes and writes nothing', async () => {
    for (const minutes of [0, 11, -1, 1440]) {
      const response = await send('sms', { expiration_minutes: minutes });
      expect(response.statusCode).toBe(400);
      expect(response.json().error_type).toBe('invalid_expiration_minutes');
    }
    const fractional = await send('email', { expiration_minutes: 2.5 });
    expect(fractional.statusCode).toBe(400);
    expect(fractional.json().body).toBeDefined();
    expect(await counts()).toMatchObject({ users: 0, codes: 0, messages: 0 });
    expect((await send('sms', { expiration_minutes: 10 })).statusCode).toBe(200);
    expect((await send('email', { expiration_minutes: 1 })).statusCode).toBe(200);
  });

  it('invalid phone numbers answer 400 invalid_phone_number and write nothing (SPEC §5, IV-07)', async () => {
    const invalid = [
      '1-800-FLOWERS',
      '+1 415 555 0123 ext 4',
      '+1234567890123456',
      '12345678901234567890',
      '+1 555 555 0123',
      '+1 900 555 0123', // premium rate
      '415555012',
      '+44 7700 900123',
      '   ',
    ];
    for (const phone_number of invalid) {
      for (const channel of ['sms', 'whatsapp'] as const) {
        const response = await post(OTP_ROUTES.loginOrCreate(channel), { phone_number });
        expect(response.statusCode, phone_number).toBe(400);
        expect(response.json().error_type, phone_number).toBe('invalid_phone_number');
      }
    }
    // NUL never reaches the parser: the JSON body guard answers a schema error (security-tests.md IV-04).
    const nul = await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+1415555\u00000123' });
    expect(nul.statusCode).toBe(400);
    expect(await counts()).toMatchObject({ users: 0, phones: 0, codes: 0, messages: 0 });
  });

  it('invalid e-mails answer 400 invalid_email and wrong types a schema error, writing nothing', async () => {
    for (const email of [
      'no-at-sign',
      'a@b',
      'a@b.c',
      'two@@example.com',
      'x@example.com\r\nBcc: y@example.com',
    ]) {
      const response = await post(OTP_ROUTES.loginOrCreate('email'), { email });
      expect(response.statusCode, email).toBe(400);
      expect(response.json().error_type, email).toBe('invalid_email');
    }
    for (const body of [
      {},
      { email: 5 },
      { email: null },
      { email: ['a@example.com'] },
      { email: 'a@example.com', expiration_minutes: '5' },
    ]) {
      const response = await post(OTP_ROUTES.loginOrCreate('email'), body);
      expect(response.statusCode).toBe(400);
      expect(response.json().body).toEqual(expect.any(Array));
    }
    for (const body of [{}, { phone_number: 14155550123 }, { phone_number: 'x'.repeat(65) }]) {
      expect((await post(OTP_ROUTES.loginOrCreate('sms'), body)).statusCode).toBe(400);
    }
    expect(await counts()).toMatchObject({ users: 0, emails: 0, codes: 0, messages: 0 });
  });

  it('authenticate: schema errors and session duration bounds are 400s that consume no attempt', async () => {
    const data = (await send('sms')).json().data;
    for (const body of [
      { method_id: data.method_id },
      { token: 123456, method_id: data.method_id },
      { token: '123456' },
      { token: '123456', method_id: 'bad\r\nid' },
      { token: '123456', method_id: data.method_id, session_duration_minutes: '30' },
    ]) {
      const response = await post(OTP_ROUTES.authenticate, body);
      expect(response.statusCode).toBe(400);
    }
    const duration = await authenticate({
      token: codeIn(delivery.last()),
      method_id: data.method_id,
      session_duration_minutes: 1,
    });
    expect(duration.statusCode).toBe(400);
    expect(duration.json().error_type).toBe('invalid_session_duration');
    const [row] = await t.ctx.db.select().from(otpCodes);
    expect(row?.attempts).toBe(0);
    expect(
      (await authenticate({ token: codeIn(delivery.last()), method_id: data.method_id })).statusCode,
    ).toBe(200);
  });

  it('a code is bound to its method and project: another method_id or project cannot use it (TK-03)', async () => {
    const a = (await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550123' })).json().data;
    const codeA = codeIn(delivery.last());
    const b = (await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550124' })).json().data;
    const codeB = codeIn(delivery.last());
    if (codeA !== codeB) {
      expect((await authenticate({ token: codeA, method_id: b.method_id })).statusCode).toBe(401);
    }
    expect((await authenticate({ token: codeB, method_id: b.method_id })).statusCode).toBe(200);
    expect((await authenticate({ token: codeA, method_id: a.method_id })).statusCode).toBe(200);
  });
});
