// Issue 20 item 5 "Ceilings on guessing" (security-tests.md BF-09, BF-01, BF-03, EN-01; NIST 800-63B §5.2.2 / Rev4
// §3.2.2): behind the 5-per-5-minutes throttle, the project's max_consecutive_failures wrong passwords in a row lock
// an address's password — sign-in and existing_password/reset answer reset_password without verifying it, the same
// for an address nobody holds — until a success before the ceiling, or a new password, ends the streak; the owner is
// told once, at the crossing. The injected clock jumps past each 5-minute throttle window instead of waiting; every
// loop is bounded by the ceiling. Runs on every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ProjectSettings, passwords, projects, sessions } from '../../infra/db/schema';
import { DEFAULT_RATE_LIMITS } from '../../infra/rate-limits';
import { testDatabaseKinds } from '../../test-support/database';
import { limitTestApp } from '../../test-support/limits';
import { fakeClock, linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { noticesSettled } from '../notices';
import { proveIdentifier } from '../users';
import { PASSWORD_LOCKED_MESSAGE } from './service';
import { CHEAP_ARGON2, STRONG, STRONG_2 } from './test-helpers';

const P = ROUTES.passwords;
const IP = '198.51.100.30';
/** The throttle's window (passwordFailuresPerAccount): 5 wrong passwords per 5 minutes. */
const THROTTLE_MS = DEFAULT_RATE_LIMITS.passwordFailuresPerAccount.durationSeconds * 1000;
const THROTTLE_POINTS = DEFAULT_RATE_LIMITS.passwordFailuresPerAccount.points;
const WRONG = 'Wrong-Guess-Lantern-5512';
/**
 * Every attempt runs one argon2id verify (19 MiB; the dummy hash for unknown addresses and locked passwords too), so a
 * test here runs up to 110 of them: seconds alone, more on a busy machine.
 */
const SLOW = { timeout: 120_000 };

describe.each(testDatabaseKinds())('the password ceiling on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  const h = limitTestApp({
    kind,
    clock,
    delivery,
    ip: IP,
    // What is tested is the count around the password, not its hash: cheap hashes keep 100 attempts quick.
    argon2: CHEAP_ARGON2,
    beforeEachTest: () => {
      clock.set(new Date('2030-01-01T00:00:00.000Z'));
      delivery.messages.length = 0;
    },
  });

  beforeEach(async () => {
    // The real throttle and streak; every other limit generous.
    await h.useLimits({
      passwordFailuresPerAccount: DEFAULT_RATE_LIMITS.passwordFailuresPerAccount,
      passwordFailureStreaksPerAccount: DEFAULT_RATE_LIMITS.passwordFailureStreaksPerAccount,
    });
  });

  async function setCeiling(ceiling: number) {
    const settings: ProjectSettings = { ...h.t.project.settings, max_consecutive_failures: ceiling };
    await h.t.ctx.db.update(projects).set({ settings }).where(eq(projects.id, h.t.project.id));
    for (const app of [h.t.app, h.app]) app.gatehouse.projects.clear();
  }

  /**
   * A password sign-up whose owner then proved the address from that session (so notices reach it; a proof by the
   * account's own session resets nothing, issue 20 item 1).
   */
  async function signUp(email = 'ada@example.com', options: { proven: boolean } = { proven: true }) {
    const response = await h.post(P.create, { email, password: STRONG, session_duration_minutes: 60 });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { user_id: string; session_token: string; email_id: string };
    if (options.proven) {
      await proveIdentifier(h.t.ctx, {
        kind: 'email',
        id: data.email_id,
        sessionUserId: data.user_id,
        request: null,
      });
    }
    return data;
  }

  /**
   * The lock notices sent so far (features/notices e-mails them to the owner's verified address; its texts are tested
   * there): here, who is told, after how many failures, and how often.
   */
  async function lockNotices(): Promise<{ to: string; failures: number }[]> {
    for (const app of [h.t.app, h.app]) await noticesSettled(app.gatehouse);
    return delivery.messages
      .filter((message) => message.subject?.startsWith('Password sign-in to your'))
      .map((message) => ({
        to: message.to,
        failures: Number(/entered wrongly (\d+) times in a row/.exec(message.text)?.[1]),
      }));
  }

  const attempt = (email: string, password: string) =>
    h.post(P.authenticate, { email, password, session_duration_minutes: 60 });

  /** `n` wrong passwords in a row, each 401, the clock moved past the throttle window after every 5th. */
  async function fail(email: string, n: number) {
    for (let i = 1; i <= n; i += 1) {
      const response = await attempt(email, WRONG);
      expect(response.statusCode, `failure ${i}: ${response.body}`).toBe(401);
      if (i % THROTTLE_POINTS === 0) clock.advance(THROTTLE_MS);
    }
    // Past the window of the last failures too, so the next answer is the ceiling's, not the throttle's.
    if (n % THROTTLE_POINTS !== 0) clock.advance(THROTTLE_MS);
  }

  function expectLocked(response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error_type: 'reset_password',
      error_message: PASSWORD_LOCKED_MESSAGE,
    });
  }

  /** The answer without its request id: what a guesser compares. */
  function shapeOf(response: LightMyRequestResponse) {
    const { request_id: _ignored, ...rest } = response.json() as Record<string, unknown>;
    return { status: response.statusCode, ...rest };
  }

  const sessionCount = async () => (await h.t.ctx.db.select({ n: count() }).from(sessions))[0]?.n;

  /** The first message after the `before`th that carries a link (security notices, which carry none, are skipped). */
  async function linkAfter(before: number) {
    return vi.waitFor(
      () => {
        const message = delivery.messages.slice(before).find((each) => /token=/.test(each.text));
        if (!message) throw new Error('no link yet');
        return linkIn(message);
      },
      { timeout: 10_000, interval: 10 },
    );
  }

  async function resetToken(email: string): Promise<string> {
    const before = delivery.messages.length;
    expect((await h.post(P.emailResetStart, { email })).statusCode).toBe(200);
    return (await linkAfter(before)).token;
  }

  it(
    'BF-09: after 10 consecutive wrong passwords (project ceiling 10) the right password is refused with reset_password and the owner is told',
    SLOW,
    async () => {
      await setCeiling(10);
      const ada = await signUp();
      await fail('ada@example.com', 9);
      expect(await lockNotices()).toEqual([]);
      await fail('ada@example.com', 1);
      void ada;
      expect(await lockNotices()).toEqual([{ to: 'ada@example.com', failures: 10 }]);
      const sessionsBefore = await sessionCount();
      // The right password and a wrong one get the same answer: nothing is verified any more.
      const right = await attempt('ada@example.com', STRONG);
      expectLocked(right);
      expect(shapeOf(await attempt('ada@example.com', WRONG))).toEqual(shapeOf(right));
      // existing_password/reset is a way to try a password too.
      expectLocked(
        await h.post(P.existingPasswordReset, {
          email: 'Ada@Example.com',
          existing_password: STRONG,
          new_password: STRONG_2,
        }),
      );
      expect(await sessionCount()).toBe(sessionsBefore);
      // The lock outlives the streak on the password's row: it must be reset.
      const [row] = await h.t.ctx.db.select().from(passwords);
      expect(row?.requiresReset).toBe(true);
      // Told once, at the crossing, however many attempts follow.
      expect(await lockNotices()).toHaveLength(1);
    },
  );

  it(
    'BF-09: at the default ceiling, the 100th consecutive wrong password locks the password',
    SLOW,
    async () => {
      await signUp();
      await fail('ada@example.com', 99);
      expect(await lockNotices()).toEqual([]);
      await fail('ada@example.com', 1);
      expect(await lockNotices()).toEqual([{ to: 'ada@example.com', failures: 100 }]);
      expectLocked(await attempt('ada@example.com', STRONG));
    },
  );

  it('BF-09/EN-01: an unknown address answers alike, at every step, and nobody is told', SLOW, async () => {
    await setCeiling(10);
    await signUp();
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 1; i <= 10; i += 1) {
      known.push(shapeOf(await attempt('ada@example.com', WRONG)));
      unknown.push(shapeOf(await attempt('nobody@example.com', WRONG)));
      if (i % THROTTLE_POINTS === 0) clock.advance(THROTTLE_MS);
    }
    expect(unknown).toEqual(known);
    const lockedKnown = await attempt('ada@example.com', STRONG);
    const lockedUnknown = await attempt('nobody@example.com', STRONG);
    expectLocked(lockedKnown);
    expect(shapeOf(lockedUnknown)).toEqual(shapeOf(lockedKnown));
    expect(await lockNotices()).toHaveLength(1);
  });

  it(
    'BF-09: at the ceiling, attempts in flight together are verified no more than the ceiling allows',
    SLOW,
    async () => {
      await setCeiling(10);
      await signUp();
      // The throttle generous here, so the ceiling alone answers: 30 wrong passwords at once.
      await h.useLimits({
        passwordFailureStreaksPerAccount: DEFAULT_RATE_LIMITS.passwordFailureStreaksPerAccount,
      });
      const answers = await Promise.all(Array.from({ length: 30 }, () => attempt('ada@example.com', WRONG)));
      const types = answers.map((answer) => answer.json().error_type as string);
      expect(types.filter((type) => type === 'unauthorized_credentials')).toHaveLength(10);
      expect(types.filter((type) => type === 'reset_password')).toHaveLength(20);
      expect(await lockNotices()).toHaveLength(1);
      expectLocked(await attempt('ada@example.com', STRONG));
    },
  );

  it('BF-09: a reset by e-mail ends the lock, and the streak starts again from nothing', SLOW, async () => {
    await setCeiling(10);
    await signUp();
    await fail('ada@example.com', 10);
    expectLocked(await attempt('ada@example.com', STRONG));
    const token = await resetToken('ada@example.com');
    const reset = await h.post(P.emailReset, { token, password: STRONG_2, session_duration_minutes: 60 });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt('ada@example.com', STRONG_2)).statusCode).toBe(200);
    await fail('ada@example.com', 9);
    expect((await attempt('ada@example.com', STRONG_2)).statusCode).toBe(200);
  });

  it(
    'BF-09: a new password set by session ends the lock; a pending claim of the address ends nothing',
    SLOW,
    async () => {
      await setCeiling(10);
      // Mallory claims the address before Ada signs up with it (a secondary send: a pending claim, never proven).
      const mallory = await signUp('mallory@example.com');
      const claim = await h.post(
        ROUTES.magicLinksEmailSendSecondary,
        { email: 'ada@example.com' },
        { sessionToken: mallory.session_token },
      );
      expect(claim.statusCode, claim.body).toBe(200);
      // Ada's address stays unproven (a proof would drop Mallory's claim), as a fresh password sign-up's is.
      await signUp('ada@example.com', { proven: false });
      await fail('ada@example.com', 10);
      // Mallory signs in again on her session (its sign-in is older than the recent sign-in window by now).
      const malloryAgain = await h.post(
        P.authenticate,
        { email: 'mallory@example.com', password: STRONG, session_duration_minutes: 60 },
        { sessionToken: mallory.session_token },
      );
      expect(malloryAgain.statusCode, malloryAgain.body).toBe(200);
      const mallorysReset = await h.post(
        P.sessionReset,
        { password: STRONG_2, session_duration_minutes: 60 },
        { sessionToken: malloryAgain.json().data.session_token },
      );
      expect(mallorysReset.statusCode, mallorysReset.body).toBe(200);
      // The claim is one of Mallory's addresses (so the new password's clean-up sees it), yet Ada's lock holds.
      const mallorysEmails = (mallorysReset.json().data.user.emails as { email: string }[]).map(
        (e) => e.email,
      );
      expect(mallorysEmails).toContain('ada@example.com');
      expectLocked(await attempt('ada@example.com', STRONG));
      // Ada signs in with a login link and sets a new password: that one works.
      const before = delivery.messages.length;
      expect(
        (await h.post(ROUTES.magicLinksEmailLoginOrCreate, { email: 'ada@example.com' })).statusCode,
      ).toBe(200);
      const link = await linkAfter(before);
      const signedIn = await h.post(ROUTES.magicLinksAuthenticate, {
        token: link.token,
        session_duration_minutes: 60,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const adasReset = await h.post(
        P.sessionReset,
        { password: STRONG_2, session_duration_minutes: 60 },
        { sessionToken: signedIn.json().data.session_token },
      );
      expect(adasReset.statusCode, adasReset.body).toBe(200);
      expect((await attempt('ada@example.com', STRONG_2)).statusCode).toBe(200);
    },
  );

  it(
    'BF-09: once the streak is over (weeks later), a locked password still needs its reset: existing_password/reset refuses it',
    SLOW,
    async () => {
      await setCeiling(10);
      await signUp();
      await fail('ada@example.com', 10);
      // Three weekly windows later the streak has gone (as after a restart of the memory store); the row remembers.
      clock.advance(21 * 24 * 3_600_000);
      expect((await attempt('ada@example.com', STRONG)).json().error_type).toBe('reset_password');
      const change = await h.post(P.existingPasswordReset, {
        email: 'ada@example.com',
        existing_password: STRONG,
        new_password: STRONG_2,
      });
      expect(change.statusCode, change.body).toBe(400);
      expect(change.json().error_type).toBe('reset_password');
      expect((await attempt('ada@example.com', STRONG_2)).statusCode).toBe(401);
    },
  );

  it('BF-03: the throttle still answers 429 first; reset attempts never lock', SLOW, async () => {
    await setCeiling(10);
    await signUp('ada@example.com');
    const throttledOnce = async () => {
      for (let i = 0; i < THROTTLE_POINTS; i += 1) {
        expect((await attempt('ada@example.com', WRONG)).statusCode).toBe(401);
      }
      const throttled = await attempt('ada@example.com', STRONG);
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().error_type).toBe('too_many_requests');
      clock.advance(THROTTLE_MS);
    };
    await throttledOnce();
    // The 10th failure reaches the ceiling; within the throttle's window the answer is still the throttle's 429.
    await throttledOnce();
    expectLocked(await attempt('ada@example.com', STRONG));

    // Reset e-mails asked for and wrong reset links, many more than the ceiling, lock nothing.
    await signUp('bob@example.com');
    for (let i = 0; i < 12; i += 1) {
      expect((await h.post(P.emailResetStart, { email: 'bob@example.com' })).statusCode).toBe(200);
      const wrongLink = await h.post(P.emailReset, { token: `not-a-token-${i}`, password: STRONG_2 });
      expect(wrongLink.statusCode).toBe(401);
      clock.advance(THROTTLE_MS);
    }
    expect((await attempt('bob@example.com', STRONG)).statusCode).toBe(200);
  });

  it('BF-01: a success before the ceiling resets the streak', SLOW, async () => {
    await setCeiling(10);
    await signUp();
    await fail('ada@example.com', 9);
    expect((await attempt('ada@example.com', STRONG)).statusCode).toBe(200);
    await fail('ada@example.com', 9);
    expect((await attempt('ada@example.com', STRONG)).statusCode).toBe(200);
    expect(await lockNotices()).toEqual([]);
    // Counted from the last success: the 10th failure after it locks.
    await fail('ada@example.com', 10);
    expectLocked(await attempt('ada@example.com', STRONG));
  });
});
