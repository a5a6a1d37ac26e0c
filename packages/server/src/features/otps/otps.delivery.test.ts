// Issue 5 delivery through the app's real Delivery (no test double): SMS and WhatsApp go to a loopback HTTP server
// standing in for the Twilio Messages API (config.sms points at it), checked field by field through the full route;
// a provider failure gives a clear error with nothing stored. E-mail passcodes, with no SMTP configured, land in the
// dev outbox. Issue 5 item 4: /dev/outbox shows SMS and WhatsApp beside e-mails, with `codes: ['123456']`.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otpCodes, outboxMessages, userPhoneNumbers, users } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { OTP_ROUTES } from './routes';

interface ProviderCall {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

const SMS_CONFIG = {
  accountSid: 'AC0123456789abcdef',
  authToken: 'provider-auth-token',
  from: '+15005550006',
  whatsappFrom: '+14155238886',
};

describe.each(testDatabaseKinds())('passcode delivery on %s', (kind) => {
  describe('SMS and WhatsApp through the Twilio-compatible provider API', () => {
    const calls: ProviderCall[] = [];
    let providerStatus = 201;
    let provider: Server;
    let t: TestApp;

    beforeAll(async () => {
      provider = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          calls.push({
            method: request.method ?? '',
            url: request.url ?? '',
            headers: request.headers,
            form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
          });
          response.writeHead(providerStatus, { 'content-type': 'application/json' });
          response.end(
            providerStatus < 300
              ? JSON.stringify({ sid: 'SM123', status: 'queued' })
              : JSON.stringify({ code: 20429, message: 'Too Many Requests' }),
          );
        });
      });
      provider.listen(0, '127.0.0.1');
      await once(provider, 'listening');
      const { port } = provider.address() as AddressInfo;
      t = await createTestApp({
        kind,
        config: { sms: { ...SMS_CONFIG, apiBaseUrl: `http://127.0.0.1:${port}` } },
      });
    });
    afterAll(async () => {
      await t?.close();
      provider?.close();
    });
    beforeEach(async () => {
      await t.reset();
      calls.length = 0;
      providerStatus = 201;
    });

    const post = (url: string, body: unknown) =>
      sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, body });

    it('sends SMS and WhatsApp as form-encoded Messages API calls, field by field, and the code signs in', async () => {
      const sms = await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '(415) 555-0123' });
      expect(sms.statusCode).toBe(200);
      const whatsapp = await post(OTP_ROUTES.loginOrCreate('whatsapp'), { phone_number: '+44 7400 123456' });
      expect(whatsapp.statusCode).toBe(200);
      expect(calls).toHaveLength(2);

      const [smsCall, whatsappCall] = calls;
      for (const call of [smsCall!, whatsappCall!]) {
        expect(call.method).toBe('POST');
        expect(call.url).toBe(`/2010-04-01/Accounts/${SMS_CONFIG.accountSid}/Messages.json`);
        expect(call.headers.authorization).toBe(
          `Basic ${Buffer.from(`${SMS_CONFIG.accountSid}:${SMS_CONFIG.authToken}`).toString('base64')}`,
        );
        expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
        expect(Object.keys(call.form).sort()).toEqual(['Body', 'From', 'To']);
        expect(call.form.Body).toMatch(
          new RegExp(
            `^\\d{6} is your ${t.project.name} passcode\\. It expires in 5 minutes\\. Do not share it with anyone\\.$`,
          ),
        );
      }
      expect(smsCall!.form.To).toBe('+14155550123');
      expect(smsCall!.form.From).toBe(SMS_CONFIG.from);
      expect(whatsappCall!.form.To).toBe('whatsapp:+447400123456');
      expect(whatsappCall!.form.From).toBe(`whatsapp:${SMS_CONFIG.whatsappFrom}`);

      const code = smsCall!.form.Body!.slice(0, 6);
      const done = await post(OTP_ROUTES.authenticate, {
        token: code,
        method_id: sms.json().data.method_id,
        session_duration_minutes: 30,
      });
      expect(done.statusCode).toBe(200);
      expect(done.json().data.session.authentication_factors[0].delivery_method).toBe('sms');
      // Nothing went to the outbox: a provider is configured.
      const [outbox] = await t.ctx.db.select({ n: count() }).from(outboxMessages);
      expect(outbox?.n).toBe(0);
    });

    it('a provider failure (HTTP 429/500) gives 503 sms_delivery_failed and stores no user and no code', async () => {
      for (const status of [429, 500]) {
        providerStatus = status;
        const response = await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550123' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ error_type: 'sms_delivery_failed', status_code: 503 });
        expect(response.json().error_message).toBe(
          'The text message could not be sent. Please try again in a moment.',
        );
        // The provider's detail and the code never reach the caller.
        expect(response.body).not.toContain('Too Many Requests');
        expect(response.body).not.toContain(calls.at(-1)!.form.Body!.slice(0, 6));
      }
      providerStatus = 500;
      const whatsapp = await post(OTP_ROUTES.loginOrCreate('whatsapp'), { phone_number: '+14155550123' });
      expect(whatsapp.json().error_type).toBe('whatsapp_delivery_failed');
      const [u] = await t.ctx.db.select({ n: count() }).from(users);
      const [p] = await t.ctx.db.select({ n: count() }).from(userPhoneNumbers);
      const [c] = await t.ctx.db.select({ n: count() }).from(otpCodes);
      expect({ users: u?.n, phones: p?.n, codes: c?.n }).toEqual({ users: 0, phones: 0, codes: 0 });

      providerStatus = 201;
      expect((await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550123' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('the dev outbox (no provider configured)', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ kind });
    });
    afterAll(async () => {
      await t?.close();
    });
    beforeEach(async () => {
      await t.reset();
    });

    const post = (url: string, body: unknown) =>
      sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, body });

    it('shows SMS and WhatsApp passcodes beside e-mails, with the code extracted', async () => {
      await post(OTP_ROUTES.loginOrCreate('email'), { email: 'ada@example.com' });
      await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550123' });
      await post(OTP_ROUTES.loginOrCreate('whatsapp'), { phone_number: '+447400123456' });

      const listed = await t.app.inject({ method: 'GET', url: '/dev/outbox/messages' });
      expect(listed.statusCode).toBe(200);
      const messages = listed.json().messages as {
        channel: string;
        to: string;
        subject: string | null;
        text: string;
        codes: string[];
      }[];
      expect(messages.map((m) => [m.channel, m.to])).toEqual([
        ['whatsapp', '+447400123456'],
        ['sms', '+14155550123'],
        ['email', 'ada@example.com'],
      ]);
      for (const message of messages) {
        expect(message.codes).toHaveLength(1);
        expect(message.codes[0]).toMatch(/^\d{6}$/);
        expect(message.text).toContain(message.codes[0]);
      }
      expect(messages[1]!.subject).toBeNull();

      // The outbox code signs in.
      const sms = messages[1]!;
      const method = await t.ctx.db.select().from(userPhoneNumbers);
      const smsMethod = method.find((row) => row.phoneNumber === '+14155550123')!;
      const done = await post(OTP_ROUTES.authenticate, {
        token: sms.codes[0],
        method_id: smsMethod.id,
        session_duration_minutes: 30,
      });
      expect(done.statusCode).toBe(200);

      // Filtered by number (a '+' in a query string must be sent as %2B).
      const byNumber = await t.app.inject({ method: 'GET', url: '/dev/outbox/messages?to=%2B14155550123' });
      expect(byNumber.json().messages).toEqual([
        expect.objectContaining({ channel: 'sms', codes: sms.codes }),
      ]);

      const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('SMS');
      expect(page.body).toContain('WhatsApp');
      for (const message of messages) expect(page.body).toContain(message.codes[0]);
    });
  });
});
