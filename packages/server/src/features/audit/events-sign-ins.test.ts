// Issue 25 item 1, the events of passcode and link sign-ins and of the signed-in user: a wrong, expired or used-up
// passcode and a bad or expired link write sign_in.failed (and no session.created); the first proof of an address
// writes email.verified, a claim proven by its session email|phone.added and .verified, and a second sign-in
// neither; a session authenticate that moves the expiry writes session.refreshed (the plain check does not); PUT
// /users/me writes user.updated with the fields' names. Each with the request's address, user agent and id, and no
// code, token or link in any event. Every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn, wrongCode } from '../otps/test-helpers';
import {
  EVENT_USER_AGENT,
  eventCount,
  eventsSince,
  expectNoSecretInEvents,
  loggedEvents,
  sdkPost,
} from './test-helpers';

describe.each(testDatabaseKinds())('sign-in events on %s', (kind) => {
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

  /** An e-mail passcode sent by login_or_create: its method_id, user and code. */
  async function sendEmailCode(email: string) {
    // A second apart: the newest code of a method is the live one.
    clock.advance(1000);
    const sent = await sdkPost(t, ROUTES.otps.loginOrCreate('email'), { email });
    expect(sent.statusCode).toBe(200);
    const data = sent.json().data as { method_id: string; user_id: string };
    return { methodId: data.method_id, userId: data.user_id, code: codeIn(delivery.last()) };
  }
  const authenticateOtp = (methodId: string, code: string, sessionToken?: string) =>
    sdkPost(
      t,
      ROUTES.otps.authenticate,
      { method_id: methodId, token: code, session_duration_minutes: 30 },
      { sessionToken },
    );

  it('passcodes: a wrong code and an expired one are sign_in.failed on the account, no session; the right one verifies the address once', async () => {
    const first = await sendEmailCode('ada@example.com');
    const mark = await eventCount(t);
    const wrong = await authenticateOtp(first.methodId, wrongCode(first.code));
    expect(wrong.statusCode).toBe(401);
    const signedIn = await authenticateOtp(first.methodId, first.code);
    expect(signedIn.statusCode).toBe(200);
    const sessionId = signedIn.json().data.session.session_id as string;
    // A second sign-in by the same address proves nothing new.
    const second = await sendEmailCode('ada@example.com');
    const again = await authenticateOtp(second.methodId, second.code);
    expect(again.statusCode).toBe(200);
    // A code presented after its lifetime.
    const third = await sendEmailCode('ada@example.com');
    clock.advance(11 * 60_000);
    const expired = await authenticateOtp(third.methodId, third.code);
    expect(expired.statusCode).toBe(401);

    const userId = first.userId;
    expect(await eventsSince(t, mark)).toEqual([
      ['sign_in.failed', userId, 'anonymous', { method: 'otp', reason: 'wrong_code' }],
      ['email.verified', userId, 'user', { email_id: first.methodId }],
      ['session.created', userId, 'user', expect.objectContaining({ session_id: sessionId, method: 'otp' })],
      ['session.created', userId, 'user', expect.objectContaining({ method: 'otp' })],
      ['sign_in.failed', userId, 'anonymous', { method: 'otp', reason: 'expired' }],
    ]);
    const failed = (await loggedEvents(t))[mark]!;
    expect(failed).toMatchObject({
      projectId: t.project.id,
      userAgent: EVENT_USER_AGENT,
      requestId: wrong.json().request_id,
    });
    expect(failed.ipAddress).toEqual(expect.any(String));
    await expectNoSecretInEvents(t, [
      first.code,
      second.code,
      third.code,
      signedIn.json().data.session_token,
      signedIn.json().data.session_jwt,
    ]);
  });

  it('passcodes: five wrong codes use the code up; the sixth attempt is refused as too_many_attempts', async () => {
    const sent = await sendEmailCode('bo@example.com');
    const mark = await eventCount(t);
    for (let i = 0; i < 5; i += 1) await authenticateOtp(sent.methodId, wrongCode(sent.code));
    expect((await authenticateOtp(sent.methodId, sent.code)).statusCode).toBe(429);
    const rows = await eventsSince(t, mark);
    expect(rows.map((row) => row[3])).toEqual([
      ...Array.from({ length: 5 }, () => ({ method: 'otp', reason: 'wrong_code' })),
      { method: 'otp', reason: 'too_many_attempts' },
    ]);
    expect(rows.some((row) => row[0] === 'session.created')).toBe(false);
  });

  it('links: an unknown token fails with no account, an expired one on its account; neither starts a session', async () => {
    const sent = await sdkPost(t, ROUTES.magicLinksEmailLoginOrCreate, { email: 'cy@example.com' });
    expect(sent.statusCode).toBe(200);
    const userId = sent.json().data.user_id as string;
    const { token } = linkIn(delivery.last());
    const mark = await eventCount(t);
    const unknown = await sdkPost(t, ROUTES.magicLinksAuthenticate, {
      token: 'x'.repeat(44),
      session_duration_minutes: 30,
    });
    expect(unknown.statusCode).toBe(401);
    clock.advance(3 * 3600_000);
    const expired = await sdkPost(t, ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 30 });
    expect(expired.statusCode).toBe(401);
    expect(await eventsSince(t, mark)).toEqual([
      ['sign_in.failed', null, 'anonymous', { method: 'magic_link', reason: 'invalid_token' }],
      ['sign_in.failed', userId, 'anonymous', { method: 'magic_link', reason: 'expired' }],
    ]);
    await expectNoSecretInEvents(t, [token]);
  });

  it('a claim proven by its session is email|phone.added and .verified; signing in again by it adds nothing', async () => {
    const ada = await sendEmailCode('dee@example.com');
    const signedIn = (await authenticateOtp(ada.methodId, ada.code)).json().data;
    const mark = await eventCount(t);
    const phone = await sdkPost(
      t,
      ROUTES.otps.sendSecondary('sms'),
      { phone_number: '+14155550123' },
      { sessionToken: signedIn.session_token },
    );
    expect(phone.statusCode).toBe(200);
    const phoneId = phone.json().data.method_id as string;
    const phoneCode = codeIn(delivery.last());
    const withPhone = await authenticateOtp(phoneId, phoneCode, signedIn.session_token);
    expect(withPhone.statusCode).toBe(200);
    const email = await sdkPost(
      t,
      ROUTES.otps.sendSecondary('email'),
      { email: 'dee.work@example.com' },
      { sessionToken: withPhone.json().data.session_token },
    );
    const emailId = email.json().data.method_id as string;
    const withEmail = await authenticateOtp(
      emailId,
      codeIn(delivery.last()),
      withPhone.json().data.session_token,
    );
    expect(withEmail.statusCode).toBe(200);
    // The phone again, from a fresh sign-in by it: already the user's and proven.
    clock.advance(1000);
    const again = await sdkPost(t, ROUTES.otps.loginOrCreate('sms'), { phone_number: '+14155550123' });
    expect((await authenticateOtp(again.json().data.method_id, codeIn(delivery.last()))).statusCode).toBe(
      200,
    );

    const userId = ada.userId;
    // Issue 26 item 3: the text message sent again is a message.sent with its country, never the number.
    const since = await eventsSince(t, mark);
    expect(since.filter((row) => row[0] === 'message.sent').at(-1)).toEqual([
      'message.sent',
      userId,
      'anonymous',
      { channel: 'sms', country: 'US' },
    ]);
    const rows = since.filter((row) => row[0] !== 'session.created' && row[0] !== 'message.sent');
    expect(rows).toEqual([
      ['phone.added', userId, 'user', { phone_id: phoneId }],
      ['phone.verified', userId, 'user', { phone_id: phoneId }],
      ['email.added', userId, 'user', { email_id: emailId }],
      ['email.verified', userId, 'user', { email_id: emailId }],
    ]);
    await expectNoSecretInEvents(t, [phoneCode, signedIn.session_token]);
  });

  it('session authenticate: a duration that moves the expiry is session.refreshed; the plain check writes nothing', async () => {
    const sent = await sendEmailCode('eve@example.com');
    const signedIn = (await authenticateOtp(sent.methodId, sent.code)).json().data;
    const check = (body: object) =>
      sdkPost(t, ROUTES.sessionsAuthenticate, body, { sessionToken: signedIn.session_token });
    const mark = await eventCount(t);
    clock.advance(5 * 60_000);
    expect((await check({})).statusCode).toBe(200);
    const refreshed = await check({ session_duration_minutes: 60 });
    expect(refreshed.statusCode).toBe(200);
    expect(await eventsSince(t, mark)).toEqual([
      ['session.refreshed', sent.userId, 'user', { session_id: signedIn.session.session_id }],
    ]);
    expect((await loggedEvents(t))[mark]).toMatchObject({ requestId: refreshed.json().data.request_id });
    await expectNoSecretInEvents(t, [signedIn.session_token, refreshed.json().data.session_jwt]);
  });

  it('PUT /users/me is user.updated with the names of the fields given, never their values; GET writes nothing', async () => {
    const sent = await sendEmailCode('fay@example.com');
    const signedIn = (await authenticateOtp(sent.methodId, sent.code)).json().data;
    const mark = await eventCount(t);
    const me = (method: 'GET' | 'PUT', body?: object) =>
      sdkRequest(t.app, {
        method,
        url: ROUTES.usersMe,
        publicToken: t.publicToken,
        sessionToken: signedIn.session_token,
        ...(body ? { body } : {}),
      });
    expect((await me('GET')).statusCode).toBe(200);
    const updated = await me('PUT', {
      name: { first_name: 'Fayette' },
      untrusted_metadata: { favourite: 'Quince-Lantern-77' },
    });
    expect(updated.statusCode).toBe(200);
    expect(await eventsSince(t, mark)).toEqual([
      ['user.updated', sent.userId, 'user', { fields: ['first_name', 'untrusted_metadata'] }],
    ]);
    await expectNoSecretInEvents(t, ['Fayette', 'Quince-Lantern-77']);
  });
});
