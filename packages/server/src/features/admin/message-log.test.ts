// Issue 26 item 3 (Messages): "every e-mail, SMS and WhatsApp message with status and provider answer". With a real
// SMTP server and an SMS provider stand-in on loopback, each send is in the admin API's message log with where it
// went, whether it was accepted and what the provider said — and never its body: no column of the log holds the
// passcode or the login link.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, TEST_ORIGIN, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { type DeliveryStandIns, startDeliveryStandIns } from '../../test-support/delivery-stand-ins';
import { SMS_STAND_IN_SID, type SmsStandIn } from '../../test-support/sms-stand-in';
import type { SmtpSink } from '../../test-support/smtp-sink';
import { OTP_ROUTES } from '../otps/routes';
import { rowsOf } from '../users/user-sql';

interface LoggedMessage {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  status: string;
  provider: string;
  provider_answer: string | null;
  provider_message_id: string | null;
  text: string | null;
  codes: string[];
  links: string[];
}

describe.each(testDatabaseKinds())('the message log through the admin API on %s', (kind) => {
  let standIns: DeliveryStandIns;
  let smtp: SmtpSink;
  let sms: SmsStandIn;
  let t: TestApp;

  beforeAll(async () => {
    standIns = await startDeliveryStandIns();
    ({ smtp, sms } = standIns);
    t = await createTestApp({ kind, config: { ...standIns.config, adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(async () => {
    await t?.close();
    await standIns?.close();
  });
  beforeEach(async () => {
    await t.reset();
    standIns.clear();
  });

  const post = (url: string, body: unknown) =>
    sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      body,
      headers: { origin: TEST_ORIGIN },
    });
  const list = async (query = '') => {
    const response = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/messages${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: LoggedMessage[] }).items;
  };

  it('logs an e-mail accepted by SMTP and an SMS accepted by the provider, with their answers and no body', async () => {
    expect((await post('/magic_links/email/login_or_create', { email: 'ada@example.com' })).statusCode).toBe(
      200,
    );
    expect((await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550123' })).statusCode).toBe(
      200,
    );
    expect(smtp.received).toHaveLength(1);
    expect(sms.texts).toHaveLength(1);

    const [text, email] = await list();
    expect(email).toMatchObject({
      channel: 'email',
      to: 'ada@example.com',
      status: 'sent',
      provider: 'smtp',
      text: null,
      links: [],
      codes: [],
    });
    expect(email?.subject).toBe(smtp.received[0]?.mail.subject);
    // smtp-server answers "250 OK: message queued"; nodemailer's Message-ID is the one the mail carries.
    expect(email?.provider_answer).toMatch(/^250 /);
    expect(email?.provider_message_id).toBe(smtp.received[0]?.mail.messageId);
    expect(text).toMatchObject({
      channel: 'sms',
      to: '+14155550123',
      subject: null,
      status: 'sent',
      provider: 'sms_api',
      provider_answer: 'HTTP 201 queued',
      provider_message_id: SMS_STAND_IN_SID,
      text: null,
    });

    // The credentials never reach the log: neither the passcode nor the login link's token.
    const code = sms.texts[0]?.Body?.match(/\d{6}/)?.[0];
    const token = smtp.received[0]?.mail.text?.match(/token=([\w-]+)/)?.[1];
    expect(code).toBeDefined();
    expect(token).toBeDefined();
    const logged = JSON.stringify(rowsOf(await t.ctx.db.execute(sql`SELECT * FROM message_log`)));
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(token);
  });

  it("logs a refused SMS as failed with the provider's reason, and filters by status and recipient", async () => {
    sms.refuseWith(400, {
      code: 21211,
      message: "The 'To' number +14155550123 is not a valid phone number.",
    });
    const refused = await post(OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550123' });
    expect(refused.statusCode).toBe(503);
    sms.accept();
    expect((await post('/magic_links/email/login_or_create', { email: 'Bo@Example.com' })).statusCode).toBe(
      200,
    );

    const [failed] = await list('?status=failed');
    expect(failed).toMatchObject({ channel: 'sms', status: 'failed', provider: 'sms_api' });
    expect(failed?.provider_answer).toBe(
      "The sms provider refused the message (HTTP 400: The 'To' number +14155550123 is not a valid phone number.).",
    );
    expect((await list('?status=sent')).map((message) => message.to)).toEqual(['bo@example.com']);
    expect((await list('?to=BO@example.com')).map((message) => message.channel)).toEqual(['email']);
    expect(await list('?channel=whatsapp')).toEqual([]);
  });

  it('a message resent from the log goes out as a fresh login link through SMTP', async () => {
    expect((await post('/magic_links/email/login_or_create', { email: 'ada@example.com' })).statusCode).toBe(
      200,
    );
    const [first] = await list();
    const resent = await adminCall(t.app, {
      method: 'POST',
      path: `/projects/${t.project.id}/messages/${first?.id}/resend`,
      body: {},
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(smtp.received).toHaveLength(2);
    expect((await list()).map((message) => message.status)).toEqual(['sent', 'sent']);
  });
});
