// Issue 20 item 4 "Notices land in the real SMTP test server with the right contents" (security-tests.md SS-09, and
// the notice parts of SS-05, WA-08, BF-06). DESIGN.md "Real parts": a real SMTP server (smtp-server) on loopback
// receives each mail and mailparser parses it; SMS goes to a loopback HTTP server standing in for the Twilio
// Messages API (as in otps.delivery.test.ts). Every change is made through the API from a Chrome-on-Linux browser
// behind a trusted proxy, on a fake clock, so the notice's time, device and IP are known.
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, sdkRequest, TEST_ORIGIN, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { type DeliveryStandIns, startDeliveryStandIns } from '../../test-support/delivery-stand-ins';
import type { SmsStandIn } from '../../test-support/sms-stand-in';
import type { ReceivedMail as Received } from '../../test-support/smtp-sink';
import { STRONG, STRONG_2 } from '../passwords/test-helpers';
import { createTestClock } from '../sessions/test-fixtures';
import { codeAt } from '../totps/totp-code';
import { type CreationOptionsJSON, SoftwareAuthenticator } from '../webauthn/test-authenticator';
import { noticesSettled } from '.';

const MAIL_FROM = 'Gatehouse <security@mail.gatehouse.test>';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CLIENT_IP = '198.51.100.23';
const NOW = '2030-01-01T09:05:42.000Z';
const WHEN = 'Tuesday, 1 January 2030, 09:05 UTC';

describe.each(testDatabaseKinds())('security notices over real SMTP and the SMS API on %s', (kind) => {
  const clock = createTestClock(NOW);
  let standIns: DeliveryStandIns;
  let received: Received[] = [];
  let sms: SmsStandIn;
  let t: TestApp;

  beforeAll(async () => {
    standIns = await startDeliveryStandIns();
    received = standIns.smtp.received;
    sms = standIns.sms;
    t = await createTestApp({
      kind,
      clock,
      config: {
        ...standIns.config,
        mailFrom: MAIL_FROM,
        // The browser's address reaches the server through a proxy on loopback, as in production.
        trustedProxies: ['loopback'],
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIns?.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock.set(NOW);
    standIns.clear();
  });

  /** A call from the Chrome-on-Linux browser at CLIENT_IP. */
  async function call(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    sessionToken?: string,
  ): Promise<Record<string, unknown>> {
    const response = await sdkRequest(t.app, {
      method,
      url,
      publicToken: t.publicToken,
      ...(body === undefined ? {} : { body }),
      ...(sessionToken === undefined ? {} : { sessionToken }),
      headers: { 'user-agent': CHROME_ON_LINUX, 'x-forwarded-for': CLIENT_IP },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function mailWith(subject: string): Promise<Received> {
    return vi.waitFor(
      () => {
        const found = received.find((each) => each.mail.subject === subject);
        if (!found) throw new Error(`no mail "${subject}" yet (got ${received.map((r) => r.mail.subject)})`);
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  /** Waits for every notice started so far, then forgets the mail and texts received until now. */
  async function settleAndForget(): Promise<void> {
    await noticesSettled(t.ctx);
    received.length = 0;
    sms.texts.length = 0;
  }

  /** A user who proved `email` by a login link, signed in: the session token. */
  async function signedUpByLink(email: string): Promise<string> {
    await call('POST', ROUTES.magicLinksEmailLoginOrCreate, { email });
    const { mail } = await vi.waitFor(
      () => {
        const found = received.find((each) => each.rcptTo.includes(email));
        if (!found) throw new Error('no login link yet');
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    const token = new URL(mail.text!.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    const data = await call('POST', ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 60 });
    await settleAndForget();
    return data.session_token as string;
  }

  /**
   * SS-09: the notice went to `to` only, says `happened`, with the time, the device, the IP and what to do, and
   * holds no link and none of `secrets` (tokens, codes, passwords of the flow).
   */
  function expectNotice(received: Received, to: string, happened: string, secrets: readonly string[]): void {
    const { mail, rcptTo } = received;
    expect(rcptTo).toEqual([to]);
    expect(mail.from?.value).toEqual([{ address: 'security@mail.gatehouse.test', name: 'Gatehouse' }]);
    const text = mail.text ?? '';
    const html = typeof mail.html === 'string' ? mail.html : '';
    for (const part of [text, html]) {
      expect(part).toContain(happened);
      expect(part).toContain(WHEN);
      expect(part).toContain('Chrome on Linux');
      expect(part).toContain(CLIENT_IP);
    }
    expect(text).toContain(`Device: Chrome on Linux\nIP address: ${CLIENT_IP}`);
    expect(text).toMatch(/If it was not you, .*(reset your password|Reset it now)/);
    expect(text).toContain(`contact ${t.project.name}'s support`);
    // Nothing to click and nothing that signs in.
    expect(html).not.toMatch(/<a\b|href=/i);
    expect(`${text}\n${html}`).not.toMatch(/https?:\/\/|token=/i);
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(html).not.toContain(secret);
    }
    expect(sms.texts).toEqual([]);
  }

  async function enrolTotp(sessionToken: string) {
    const created = await call('POST', ROUTES.totps.create, { expiration_minutes: 60 }, sessionToken);
    const secret = created.secret as string;
    const confirmed = await call(
      'POST',
      ROUTES.totps.authenticate,
      { totp_code: codeAt(secret, clock.now().getTime()), session_duration_minutes: 60 },
      sessionToken,
    );
    return {
      totpId: created.totp_id as string,
      secret,
      recoveryCodes: created.recovery_codes as string[],
      sessionToken: confirmed.session_token as string,
    };
  }

  async function registerPasskey(sessionToken: string) {
    const started = await call(
      'POST',
      ROUTES.webauthn.registerStart,
      {
        domain: new URL(TEST_ORIGIN).hostname,
        return_passkey_credential_options: true,
        user_agent: CHROME_ON_LINUX,
      },
      sessionToken,
    );
    const options = JSON.parse(
      started.public_key_credential_creation_options as string,
    ) as CreationOptionsJSON;
    const { response } = new SoftwareAuthenticator().create(options, TEST_ORIGIN);
    const finished = await call(
      'POST',
      ROUTES.webauthn.register,
      { public_key_credential: JSON.stringify(response), session_duration_minutes: 60 },
      sessionToken,
    );
    return {
      registrationId: finished.webauthn_registration_id as string,
      sessionToken: finished.session_token as string,
    };
  }

  it('SS-09: a first password set by session, then a changed one, each e-mail the verified address', async () => {
    const session = await signedUpByLink('ada@example.com');
    const set = await call(
      'POST',
      ROUTES.passwords.sessionReset,
      { password: STRONG, session_duration_minutes: 60 },
      session,
    );
    const first = await mailWith(`A password was set on your ${t.project.name} account`);
    expectNotice(first, 'ada@example.com', `A password was set on your ${t.project.name} account.`, [
      STRONG,
      session,
      set.session_token as string,
    ]);
    await settleAndForget();

    const changed = await call(
      'POST',
      ROUTES.passwords.sessionReset,
      { password: STRONG_2, session_duration_minutes: 60 },
      set.session_token as string,
    );
    const second = await mailWith(`Your ${t.project.name} password was changed`);
    expectNotice(second, 'ada@example.com', `The password of your ${t.project.name} account was changed.`, [
      STRONG_2,
      changed.session_token as string,
    ]);
    await noticesSettled(t.ctx);
    expect(received).toHaveLength(1);
  });

  it('SS-09/TK-10: a password reset by link e-mails the owner: set after a first proof, changed after that', async () => {
    const resetWith = async (password: string) => {
      await call('POST', ROUTES.passwords.emailResetStart, { email: 'ada@example.com' });
      const { mail } = await vi.waitFor(
        () => {
          const found = received.find((each) => /reset/i.test(each.mail.subject ?? ''));
          if (!found) throw new Error('no reset link yet');
          return found;
        },
        { timeout: 10_000, interval: 20 },
      );
      const token = new URL(mail.text!.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
      received.length = 0;
      return { token, data: await call('POST', ROUTES.passwords.emailReset, { token, password }) };
    };
    // A password sign-up (the address unproven): its reset link is the first proof, which removes the sign-up's
    // password (issue 20 item 1), so the new one is "set".
    await call('POST', ROUTES.passwords.create, { email: 'ada@example.com', password: STRONG });
    await settleAndForget();
    const first = await resetWith(STRONG_2);
    expectNotice(
      await mailWith(`A password was set on your ${t.project.name} account`),
      'ada@example.com',
      `A password was set on your ${t.project.name} account.`,
      [STRONG_2, first.token!, first.data.session_token as string],
    );
    await settleAndForget();
    const second = await resetWith(STRONG);
    expectNotice(
      await mailWith(`Your ${t.project.name} password was changed`),
      'ada@example.com',
      `The password of your ${t.project.name} account was changed.`,
      [STRONG, second.token!, second.data.session_token as string],
    );
  });

  it('SS-09: an address added to a signed-in account (a claim proven by its session) e-mails the verified address', async () => {
    const session = await signedUpByLink('ada@example.com');
    await call('POST', ROUTES.magicLinksEmailSendSecondary, { email: 'ada.work@example.com' }, session);
    const { mail } = await vi.waitFor(
      () => {
        const found = received.find((each) => each.rcptTo.includes('ada.work@example.com'));
        if (!found) throw new Error('no link yet');
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    const token = new URL(mail.text!.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    received.length = 0;
    await call('POST', ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 60 }, session);
    const subject = `An e-mail address was added to your ${t.project.name} account`;
    const notice = await vi.waitFor(
      () => {
        const found = received.find(
          (each) => each.mail.subject === subject && each.rcptTo.includes('ada@example.com'),
        );
        if (!found) throw new Error('no notice to the first address yet');
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    expectNotice(notice, 'ada@example.com', 'ada.work@example.com', [token!, session]);
    // A sign-up is no addition: the first address's own proof sent nothing of the kind.
    await noticesSettled(t.ctx);
    expect(
      received
        .filter((each) => each.mail.subject === subject)
        .map((each) => each.rcptTo[0])
        .sort(),
    ).toEqual(['ada.work@example.com', 'ada@example.com']);
  });

  it('SS-09: a password changed with the current one e-mails the verified address', async () => {
    const session = await signedUpByLink('ada@example.com');
    await call(
      'POST',
      ROUTES.passwords.sessionReset,
      { password: STRONG, session_duration_minutes: 60 },
      session,
    );
    await settleAndForget();
    const changed = await call('POST', ROUTES.passwords.existingPasswordReset, {
      email: 'ada@example.com',
      existing_password: STRONG,
      new_password: STRONG_2,
      session_duration_minutes: 60,
    });
    const { mail, rcptTo } = await mailWith(`Your ${t.project.name} password was changed`);
    expectNotice(
      { mail, rcptTo },
      'ada@example.com',
      `The password of your ${t.project.name} account was changed.`,
      [STRONG, STRONG_2, changed.session_token as string],
    );
  });

  it('SS-09/WA-08: a passkey added, then renamed to hostile text and removed, e-mails its name, escaped, on one line', async () => {
    const session = await signedUpByLink('ada@example.com');
    const passkey = await registerPasskey(session);
    const added = await mailWith(`A passkey was added to your ${t.project.name} account`);
    expectNotice(
      added,
      'ada@example.com',
      `A passkey named “Chrome on Linux” was added to your ${t.project.name} account.`,
      [session, passkey.sessionToken],
    );
    await settleAndForget();

    const hostile = '<b>Work</b>\r\nBcc: attacker@evil.test';
    await call(
      'PUT',
      ROUTES.webauthn.update(passkey.registrationId),
      { name: hostile },
      passkey.sessionToken,
    );
    const after = await call(
      'DELETE',
      ROUTES.userWebAuthnRegistration(passkey.registrationId),
      undefined,
      passkey.sessionToken,
    );
    const removed = await mailWith(`A passkey was removed from your ${t.project.name} account`);
    expect(removed.mail.bcc).toBeUndefined();
    expect(removed.rcptTo).toEqual(['ada@example.com']);
    expect(removed.mail.text).toContain(
      `The passkey named “<b>Work</b> Bcc: attacker@evil.test” was removed from your ${t.project.name} account.`,
    );
    expect(removed.mail.html).not.toContain('<b>Work</b>');
    expect(removed.mail.html).toContain('“&lt;b&gt;Work&lt;/b&gt; Bcc: attacker@evil.test”');
    expectNotice(removed, 'ada@example.com', 'was removed from your', [passkey.sessionToken]);
    expect(after.user_id).toBeDefined();
  });

  it('SS-09/BF-06: an authenticator app confirmed, a recovery code used and the app removed each e-mail the owner', async () => {
    const session = await signedUpByLink('ada@example.com');
    const totp = await enrolTotp(session);
    const added = await mailWith(`An authenticator app was added to your ${t.project.name} account`);
    expectNotice(
      added,
      'ada@example.com',
      `An authenticator app was set up for two-step verification on your ${t.project.name} account.`,
      [totp.secret, ...totp.recoveryCodes, session],
    );
    await settleAndForget();

    const code = totp.recoveryCodes[2]!;
    const recovered = await call(
      'POST',
      ROUTES.totps.recover,
      { recovery_code: code, session_duration_minutes: 60 },
      totp.sessionToken,
    );
    const used = await mailWith(`A recovery code was used to sign in to your ${t.project.name} account`);
    expectNotice(
      used,
      'ada@example.com',
      `Someone signed in to your ${t.project.name} account with one of its recovery codes. 9 recovery codes are left.`,
      [code, code.replaceAll('-', ''), ...totp.recoveryCodes, totp.secret],
    );
    await settleAndForget();

    await call('DELETE', ROUTES.userTotp(totp.totpId), undefined, recovered.session_token as string);
    const removed = await mailWith(`An authenticator app was removed from your ${t.project.name} account`);
    expectNotice(
      removed,
      'ada@example.com',
      `The authenticator app was removed from your ${t.project.name} account.`,
      [totp.secret],
    );
  });

  it('SS-09: an address nobody proved is told nothing, whatever changes on its account', async () => {
    // POST /passwords holds the typed address unverified (DESIGN.md convention 13): it may be anyone's.
    const created = await call('POST', ROUTES.passwords.create, {
      email: 'squatted@example.com',
      password: STRONG,
      session_duration_minutes: 60,
    });
    const changed = await call(
      'POST',
      ROUTES.passwords.sessionReset,
      { password: STRONG_2, session_duration_minutes: 60 },
      created.session_token as string,
    );
    const totp = await enrolTotp(changed.session_token as string);
    await registerPasskey(totp.sessionToken);
    await noticesSettled(t.ctx);
    expect(received).toEqual([]);
    expect(sms.texts).toEqual([]);
  });

  it('SS-09: a user with no verified address is told by SMS, one short line, on their verified phone number', async () => {
    const sent = await call('POST', ROUTES.otps.loginOrCreate('sms'), { phone_number: '+14155550123' });
    const passcode = sms.texts[0]!.Body!.slice(0, 6);
    const signedIn = await call('POST', ROUTES.otps.authenticate, {
      token: passcode,
      method_id: sent.method_id,
      session_duration_minutes: 60,
    });
    await settleAndForget();

    const totp = await enrolTotp(signedIn.session_token as string);
    const notice = await vi.waitFor(
      () => {
        const found = sms.texts.find((each) => each.Body?.includes('authenticator app was added'));
        if (!found) throw new Error('no SMS notice yet');
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(notice.To).toBe('+14155550123');
    expect(notice.Body).toBe(
      `${t.project.name}: an authenticator app was added to your account on 1 Jan 2030 09:05 UTC (Chrome on Linux, IP ${CLIENT_IP}). Not you? Sign in, check passkeys and sessions, reset your password.`,
    );
    expect(notice.Body).not.toMatch(/[\r\n]|https?:/);
    for (const secret of [totp.secret, ...totp.recoveryCodes, passcode])
      expect(notice.Body).not.toContain(secret);
    await noticesSettled(t.ctx);
    expect(sms.texts).toHaveLength(1);
    expect(received).toEqual([]);
  });
});
