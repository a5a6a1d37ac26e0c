// Issue 8 item 1 / security-tests.md AT-01 (pre-account takeover, Sudhodanan & Paverd 2022): an attacker signs in,
// attaches the victim's address or number through every secondary send, and the victim later signs up with it by
// every primary method. The victim must get a user of their own, the attacker's user must no longer hold the
// identifier, and no login_or_create may resolve a user through an identifier that user has not proven.

import type { User } from '@gatehouse/protocol';
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../infra/context';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn } from '../otps/test-helpers';

type Channel = 'email' | 'sms' | 'whatsapp';

const VICTIM_EMAIL = 'victim@example.com';
const VICTIM_PHONE = '+14155550199';

/** The secondary sends that attach an identifier, and the primary sign-ups that identifier allows. */
const ATTACKS = [
  {
    attach: 'magic link',
    route: ROUTES.magicLinksEmailSendSecondary,
    field: 'email',
    signUps: ['magic link', 'email'],
  },
  {
    attach: 'email passcode',
    route: ROUTES.otps.sendSecondary('email'),
    field: 'email',
    signUps: ['magic link', 'email'],
  },
  {
    attach: 'SMS passcode',
    route: ROUTES.otps.sendSecondary('sms'),
    field: 'phone_number',
    signUps: ['sms', 'whatsapp'],
  },
  {
    attach: 'WhatsApp passcode',
    route: ROUTES.otps.sendSecondary('whatsapp'),
    field: 'phone_number',
    signUps: ['sms', 'whatsapp'],
  },
] as const;

const CASES = ATTACKS.flatMap((attack) =>
  attack.signUps.map((signUp) => [attack.attach, signUp, attack] as const),
);

describe.each(testDatabaseKinds())('verified bindings on %s', (kind) => {
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, delivery });
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, body: unknown, sessionToken?: string | null) =>
    sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      sessionToken: sessionToken ?? null,
      body,
    });

  const lastTo = (to: string): OutgoingMessage => {
    const message = delivery.messages.findLast((each) => each.to === to);
    if (!message) throw new Error(`nothing was sent to ${to}`);
    return message;
  };

  async function me(sessionToken: string): Promise<User> {
    const response = await sdkRequest(t.app, {
      method: 'GET',
      url: '/users/me',
      publicToken: t.publicToken,
      sessionToken,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as User;
  }

  /** A user signed in by login link: their user id and session token. */
  async function signUpByLink(email: string, sessionToken?: string) {
    expect((await post(ROUTES.magicLinksEmailLoginOrCreate, { email }, sessionToken)).statusCode).toBe(200);
    const done = await post(
      ROUTES.magicLinksAuthenticate,
      { token: linkIn(lastTo(email)).token },
      sessionToken,
    );
    expect(done.statusCode).toBe(200);
    return {
      userId: done.json().data.user_id as string,
      sessionToken: done.json().data.session_token as string,
    };
  }

  /** The victim signs up by one primary method; returns the login_or_create answer and the signed-in result. */
  async function victimSignsUp(method: 'magic link' | Channel) {
    if (method === 'magic link') {
      const sent = await post(ROUTES.magicLinksEmailLoginOrCreate, { email: VICTIM_EMAIL });
      expect(sent.statusCode).toBe(200);
      const done = await post(ROUTES.magicLinksAuthenticate, { token: linkIn(lastTo(VICTIM_EMAIL)).token });
      return { sent: sent.json().data, done };
    }
    const destination = method === 'email' ? { email: VICTIM_EMAIL } : { phone_number: VICTIM_PHONE };
    const sent = await post(ROUTES.otps.loginOrCreate(method), destination);
    expect(sent.statusCode).toBe(200);
    const code = codeIn(lastTo(method === 'email' ? VICTIM_EMAIL : VICTIM_PHONE));
    const done = await post(ROUTES.otps.authenticate, { token: code, method_id: sent.json().data.method_id });
    return { sent: sent.json().data, done };
  }

  it.each(CASES)(
    'AT-01: attach by %s, victim signs up by %s: the victim gets a new user',
    async (_a, signUp, attack) => {
      const attacker = await signUpByLink('attacker@example.com');
      const victimValue = attack.field === 'email' ? VICTIM_EMAIL : VICTIM_PHONE;
      const attached = await post(attack.route, { [attack.field]: victimValue }, attacker.sessionToken);
      expect(attached.statusCode).toBe(200);
      const claimMessage = lastTo(victimValue);
      // The claim shows on the attacker's user as unproven, as an unverified address would (wire-format.md §4.1).
      const listed = (user: User) =>
        attack.field === 'email'
          ? user.emails.filter((each) => each.email === VICTIM_EMAIL)
          : user.phone_numbers.filter((each) => each.phone_number === VICTIM_PHONE);
      expect(listed(await me(attacker.sessionToken))).toEqual([expect.objectContaining({ verified: false })]);

      const { sent, done } = await victimSignsUp(signUp);
      // login_or_create never resolves through a pending claim: a brand-new user.
      expect(sent.user_id).not.toBe(attacker.userId);
      if (signUp !== 'magic link') expect(sent.user_created).toBe(true);
      expect(done.statusCode).toBe(200);
      const victim = done.json().data;
      expect(victim.user_id).toBe(sent.user_id);
      expect(listed(victim.user as User)).toEqual([expect.objectContaining({ verified: true })]);

      // The victim's verified sign-up dropped the attacker's claim.
      expect(listed(await me(attacker.sessionToken))).toEqual([]);
      // And what the claim sent can no longer be redeemed, not even by the attacker's session.
      const replay =
        attack.attach === 'magic link'
          ? await post(
              ROUTES.magicLinksAuthenticate,
              { token: linkIn(claimMessage).token },
              attacker.sessionToken,
            )
          : await post(
              ROUTES.otps.authenticate,
              { token: codeIn(claimMessage), method_id: attached.json().data.method_id },
              attacker.sessionToken,
            );
      expect(replay.statusCode).toBe(401);
      expect((await me(attacker.sessionToken)).user_id).toBe(attacker.userId);
    },
  );

  it('AT-01: the owner who opens the claim link (no session) is not signed in to the claimer’s account', async () => {
    const attacker = await signUpByLink('attacker@example.com');
    await post(ROUTES.magicLinksEmailSendSecondary, { email: VICTIM_EMAIL }, attacker.sessionToken);
    const opened = await post(ROUTES.magicLinksAuthenticate, { token: linkIn(lastTo(VICTIM_EMAIL)).token });
    expect(opened.statusCode).toBe(401);
    expect(opened.json().error_type).toBe('unable_to_auth_magic_link');
    expect((await me(attacker.sessionToken)).emails.map((each) => each.email)).toEqual([
      'attacker@example.com',
      VICTIM_EMAIL,
    ]);
  });

  it('AT-01: a code sent to a claim is not even evaluated for another caller (no attempt spent)', async () => {
    const attacker = await signUpByLink('attacker@example.com');
    const attached = await post(
      ROUTES.otps.sendSecondary('sms'),
      { phone_number: VICTIM_PHONE },
      attacker.sessionToken,
    );
    const methodId = attached.json().data.method_id;
    const code = codeIn(lastTo(VICTIM_PHONE));
    const stranger = await signUpByLink('stranger@example.com');
    for (const sessionToken of [null, stranger.sessionToken]) {
      const response = await post(
        ROUTES.otps.authenticate,
        { token: code, method_id: methodId },
        sessionToken,
      );
      expect(response.statusCode).toBe(401);
    }
    // The claiming session still redeems it: the number becomes the attacker's own (they proved it).
    const done = await post(
      ROUTES.otps.authenticate,
      { token: code, method_id: methodId },
      attacker.sessionToken,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user_id).toBe(attacker.userId);
    expect((await me(done.json().data.session_token)).phone_numbers).toEqual([
      expect.objectContaining({ phone_number: VICTIM_PHONE, verified: true }),
    ]);
  });

  it('a claim is redeemable only by the session that made it, not by another session of the same user', async () => {
    const first = await signUpByLink('ada@example.com');
    const second = await signUpByLink('ada@example.com');
    expect(second.userId).toBe(first.userId);
    await post(ROUTES.magicLinksEmailSendSecondary, { email: 'ada.work@example.com' }, first.sessionToken);
    const token = linkIn(lastTo('ada.work@example.com')).token;
    expect((await post(ROUTES.magicLinksAuthenticate, { token }, second.sessionToken)).statusCode).toBe(401);
    expect((await post(ROUTES.magicLinksAuthenticate, { token }, first.sessionToken)).statusCode).toBe(200);
  });

  it('send/primary never resolves through a claim (email_not_found / phone_number_not_found)', async () => {
    const attacker = await signUpByLink('attacker@example.com');
    await post(ROUTES.magicLinksEmailSendSecondary, { email: VICTIM_EMAIL }, attacker.sessionToken);
    await post(ROUTES.otps.sendSecondary('sms'), { phone_number: VICTIM_PHONE }, attacker.sessionToken);
    const sends = delivery.messages.length;
    expect((await post(ROUTES.magicLinksEmailSendPrimary, { email: VICTIM_EMAIL })).json().error_type).toBe(
      'email_not_found',
    );
    expect((await post(ROUTES.otps.sendPrimary('email'), { email: VICTIM_EMAIL })).json().error_type).toBe(
      'email_not_found',
    );
    expect(
      (await post(ROUTES.otps.sendPrimary('sms'), { phone_number: VICTIM_PHONE })).json().error_type,
    ).toBe('phone_number_not_found');
    expect(delivery.messages).toHaveLength(sends);
  });

  it('several users may claim one address; the one who proves it owns it and the other claims are dropped', async () => {
    const ada = await signUpByLink('ada@example.com');
    const bob = await signUpByLink('bob@example.com');
    await post(ROUTES.magicLinksEmailSendSecondary, { email: 'shared@example.com' }, ada.sessionToken);
    await post(ROUTES.magicLinksEmailSendSecondary, { email: 'shared@example.com' }, bob.sessionToken);
    // Bob controls the mailbox: he redeems the link sent for his claim.
    const done = await post(
      ROUTES.magicLinksAuthenticate,
      { token: linkIn(lastTo('shared@example.com')).token },
      bob.sessionToken,
    );
    expect(done.statusCode).toBe(200);
    expect(
      (await me(done.json().data.session_token)).emails.map((each) => [each.email, each.verified]),
    ).toEqual([
      ['bob@example.com', true],
      ['shared@example.com', true],
    ]);
    expect((await me(ada.sessionToken)).emails.map((each) => each.email)).toEqual(['ada@example.com']);
    // Now it is Bob's: Ada's secondary send is refused as another user's address.
    const again = await post(
      ROUTES.magicLinksEmailSendSecondary,
      { email: 'shared@example.com' },
      ada.sessionToken,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error_type).toBe('duplicate_email');
  });

  it('a claim dies with its session (revoked before the link was used)', async () => {
    const ada = await signUpByLink('ada@example.com');
    await post(ROUTES.magicLinksEmailSendSecondary, { email: 'ada.work@example.com' }, ada.sessionToken);
    const token = linkIn(lastTo('ada.work@example.com')).token;
    const other = await signUpByLink('ada@example.com');
    expect((await post(ROUTES.sessionsRevoke, undefined, ada.sessionToken)).statusCode).toBe(200);
    expect((await me(other.sessionToken)).emails.map((each) => each.email)).toEqual(['ada@example.com']);
    expect((await post(ROUTES.magicLinksAuthenticate, { token }, other.sessionToken)).statusCode).toBe(401);
  });
});
