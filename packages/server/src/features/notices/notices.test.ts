// notifySecurityEvent's contract (issue 20 item 4, security-tests.md SS-09): the notice is sent after the answer,
// never holds it up and never fails it; a failed delivery is logged with the request's logger (which notice,
// never the address); recipients are the verified, owned addresses, else the verified phone numbers.
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, OutgoingMessage } from '../../infra/context';
import { userEmails, userPhoneNumbers } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { STRONG } from '../passwords/test-helpers';
import { signIn } from '../sessions/test-fixtures';
import { codeAt } from '../totps/totp-code';
import { noticeRecipients, noticesSettled, notifySecurityEvent } from '.';

/** A delivery whose sends wait until `release()` (or fail when `failing`), recording what was asked. */
function gatedDelivery() {
  const messages: OutgoingMessage[] = [];
  let open!: () => void;
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const state = { failing: false };
  const delivery: Delivery = {
    async send(message) {
      messages.push(message);
      await gate;
      if (state.failing) throw new Error('SMTP refused the message (550)');
    },
  };
  return {
    delivery,
    messages,
    state,
    release: () => open(),
    close: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
  };
}

describe.each(testDatabaseKinds())('notifySecurityEvent on %s', (kind) => {
  const gated = gatedDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, delivery: gated.delivery });
  });
  afterAll(async () => {
    gated.release();
    await t?.close();
  });
  beforeEach(async () => {
    gated.release();
    await noticesSettled(t.ctx);
    await t.reset();
    gated.messages.length = 0;
    gated.state.failing = false;
    gated.close();
  });

  /** A user whose address is verified (as a redeemed link leaves it), signed in. */
  async function verifiedUser(email: string) {
    const user = await signIn(t.ctx, t.project, email);
    await t.ctx.db.update(userEmails).set({ verified: true }).where(eq(userEmails.id, user.emailId));
    return user;
  }

  function log() {
    return { error: vi.fn(), info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger & {
      error: ReturnType<typeof vi.fn>;
    };
  }

  it('SS-09: the answer does not wait for the notice: a change answers while its notice is still being sent', async () => {
    const ada = await verifiedUser('ada@example.com');
    const call = (url: string, body: unknown) =>
      sdkRequest(t.app, {
        method: 'POST',
        url,
        publicToken: t.publicToken,
        sessionToken: ada.session_token,
        body,
      });
    const created = (await call(ROUTES.totps.create, { expiration_minutes: 60 })).json().data;
    const answer = call(ROUTES.totps.authenticate, {
      totp_code: codeAt(created.secret, t.ctx.clock.now().getTime()),
      session_duration_minutes: 60,
    });
    // The send is held until released: were the notice awaited, this answer would never come.
    const response = await Promise.race([
      answer,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the answer waited')), 15_000)),
    ]);
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(gated.messages).toHaveLength(1), { timeout: 5000, interval: 10 });
    expect(gated.messages[0]).toMatchObject({ channel: 'email', to: 'ada@example.com' });
    expect(gated.messages[0]?.subject).toBe(
      `An authenticator app was added to your ${t.project.name} account`,
    );
    gated.release();
    await noticesSettled(t.ctx);
  });

  it('SS-09: a failed delivery never fails the change and is logged with the request logger, without the address', async () => {
    gated.state.failing = true;
    gated.release();
    const ada = await verifiedUser('ada@example.com');
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.passwords.sessionReset,
      publicToken: t.publicToken,
      sessionToken: ada.session_token,
      body: { password: STRONG, session_duration_minutes: 60 },
    });
    expect(response.statusCode).toBe(200);

    const logger = log();
    notifySecurityEvent(
      t.ctx,
      { project: t.project, ip: '203.0.113.9', userAgent: 'curl/8', log: logger },
      { userId: ada.user_id, event: { kind: 'totp_added' } },
    );
    await noticesSettled(t.ctx);
    expect(logger.error).toHaveBeenCalledTimes(1);
    const [fields, message] = logger.error.mock.calls[0]!;
    expect(message).toBe('security notice could not be delivered');
    expect(fields).toMatchObject({ notice: 'totp_added', channel: 'email', err: expect.any(Error) });
    expect(JSON.stringify(fields)).not.toContain('ada@example.com');
  });

  it('SS-09: notices go to every verified owned address; with none, to the verified phone numbers; else nowhere', async () => {
    const ada = await verifiedUser('ada@example.com');
    const now = t.ctx.clock.now();
    await t.ctx.db.insert(userEmails).values([
      {
        id: 'email-test-2',
        userId: ada.user_id,
        projectId: t.project.id,
        email: 'ada.work@example.com',
        verified: true,
        createdAt: new Date(now.getTime() + 1),
      },
      {
        id: 'email-test-3',
        userId: ada.user_id,
        projectId: t.project.id,
        email: 'typed@example.com',
        verified: false,
      },
    ]);
    await t.ctx.db.insert(userPhoneNumbers).values({
      id: 'phone-number-test-1',
      userId: ada.user_id,
      projectId: t.project.id,
      phoneNumber: '+14155550123',
      verified: true,
    });
    expect(await noticeRecipients(t.ctx, ada.user_id)).toEqual([
      { channel: 'email', to: 'ada@example.com' },
      { channel: 'email', to: 'ada.work@example.com' },
    ]);
    // Without a verified address the phone takes over.
    await t.ctx.db.update(userEmails).set({ verified: false }).where(eq(userEmails.userId, ada.user_id));
    expect(await noticeRecipients(t.ctx, ada.user_id)).toEqual([{ channel: 'sms', to: '+14155550123' }]);
    // An unverified phone number is not a channel either.
    await t.ctx.db.update(userPhoneNumbers).set({ verified: false });
    expect(await noticeRecipients(t.ctx, ada.user_id)).toEqual([]);

    gated.release();
    await t.ctx.db.update(userPhoneNumbers).set({ verified: true });
    notifySecurityEvent(
      t.ctx,
      { project: t.project, ip: '203.0.113.9', userAgent: '', log: log() },
      { userId: ada.user_id, event: { kind: 'password_locked', failures: 100 } },
    );
    await noticesSettled(t.ctx);
    expect(gated.messages).toEqual([
      {
        channel: 'sms',
        to: '+14155550123',
        projectId: t.project.id,
        text: expect.stringMatching(/password sign-in is locked after 100 failed attempts in a row/),
      },
    ]);
  });
});
