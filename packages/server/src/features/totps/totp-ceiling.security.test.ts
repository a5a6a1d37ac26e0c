// Issue 20 item 5 "Ceilings on guessing" (security-tests.md BF-09, BF-06, BF-03, BF-01; NIST 800-63B §5.2.2 / Rev4
// §3.2.2): behind the 5-per-5-minutes throttle, the project's max_consecutive_failures wrong codes in a row lock a
// confirmed authenticator app — its codes, the right one too, get 403 totp_locked before they are compared — until
// a recovery code is used; recovery codes are never locked and never count toward it; the owner is told once, at the
// crossing. Codes come from otpauth at the injected clock, which jumps past each throttle window instead of
// waiting; every loop is bounded by the ceiling. Runs on every database kind.

import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatehouseApp } from '../../app';
import { type ProjectSettings, projects } from '../../infra/db/schema';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../infra/rate-limits';
import { createTestApp, GENEROUS_LIMITS, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { recordingDelivery } from '../magic-links/test-helpers';
import { noticesSettled } from '../notices';
import { createTestClock, signIn } from '../sessions/test-fixtures';
import { call, dataOf, expectError } from '../webauthn/test-helpers';
import { TOTP_LOCKED_MESSAGE } from './limits';
import { TOTP_ROUTES } from './routes';
import { codeAt } from './totp-code';

const STEP_MS = 30_000;
/** The throttle's window (secondFactorFailuresPerUser): 5 wrong codes per 5 minutes. */
const THROTTLE_MS = DEFAULT_RATE_LIMITS.secondFactorFailuresPerUser.durationSeconds * 1000;
const THROTTLE_POINTS = DEFAULT_RATE_LIMITS.secondFactorFailuresPerUser.points;
const REAL_LIMITS: Partial<RateLimitSettings> = {
  secondFactorFailuresPerUser: DEFAULT_RATE_LIMITS.secondFactorFailuresPerUser,
  totpFailureStreaksPerApp: DEFAULT_RATE_LIMITS.totpFailureStreaksPerApp,
};

interface Enrolled {
  userId: string;
  sessionToken: string;
  secret: string;
  recoveryCodes: string[];
}

describe.each(testDatabaseKinds())('the TOTP ceiling on %s', (kind) => {
  const clock = createTestClock();
  const delivery = recordingDelivery();
  let t: TestApp;
  /** The app under test: the real throttle and streak, every other limit generous. */
  let app: GatehouseApp;
  const under = () => ({ ...t, app }) as TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    // 15 s into a step, so ±1 step stays inside the window whichever way the clock is read.
    clock.set('2030-01-01T00:00:15.000Z');
    app = await t.sibling({ rateLimits: { ...GENEROUS_LIMITS, ...REAL_LIMITS } });
  });

  /**
   * The lock notices sent so far (features/notices e-mails them to the owner's verified address; its texts are tested
   * there): here, who is told, after how many failures, and how often.
   */
  async function lockNotices(): Promise<{ to: string; failures: number }[]> {
    for (const each of [t.app, app]) await noticesSettled(each.gatehouse);
    return delivery.messages
      .filter((message) => message.subject?.startsWith('Authenticator codes are locked'))
      .map((message) => ({
        to: message.to,
        failures: Number(/(\d+) wrong codes were entered in a row/.exec(message.text)?.[1]),
      }));
  }

  async function setCeiling(ceiling: number) {
    const settings: ProjectSettings = { ...t.project.settings, max_consecutive_failures: ceiling };
    await t.ctx.db.update(projects).set({ settings }).where(eq(projects.id, t.project.id));
    for (const each of [t.app, app]) each.gatehouse.projects.clear();
  }

  /** A user with a confirmed authenticator app, signed in for a day. */
  async function enrolled(email = 'ada@example.com'): Promise<Enrolled> {
    const issued = await signIn(t.ctx, t.project, email, { sessionDurationMinutes: 1440 });
    const created = dataOf<{ secret: string; recovery_codes: string[] }>(
      await call(under(), 'POST', TOTP_ROUTES.create, { expiration_minutes: 60 }, issued.session_token),
    );
    const confirmed = await authenticate(issued.session_token, codeAt(created.secret, clock.now().getTime()));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The next code must be of a later step.
    clock.advance(STEP_MS);
    return {
      userId: issued.user_id,
      sessionToken: confirmed.json().data.session_token,
      secret: created.secret,
      recoveryCodes: created.recovery_codes,
    };
  }

  function authenticate(sessionToken: string, code: string) {
    return call(
      under(),
      'POST',
      TOTP_ROUTES.authenticate,
      { totp_code: code, session_duration_minutes: 1440 },
      sessionToken,
    );
  }

  function recover(sessionToken: string, code: string) {
    return call(
      under(),
      'POST',
      TOTP_ROUTES.recover,
      { recovery_code: code, session_duration_minutes: 1440 },
      sessionToken,
    );
  }

  const rightCode = (user: Enrolled) => codeAt(user.secret, clock.now().getTime());

  /** A code none of the accepted steps (±1) has now. */
  function wrongCode(user: Enrolled): string {
    const now = clock.now().getTime();
    const accepted = new Set([-1, 0, 1].map((step) => codeAt(user.secret, now + step * STEP_MS)));
    return ['000000', '111111', '222222', '333333'].find((code) => !accepted.has(code))!;
  }

  /** `n` wrong codes in a row, each 401, the clock moved past the throttle window after every 5th (and the last). */
  async function fail(user: Enrolled, n: number) {
    for (let i = 1; i <= n; i += 1) {
      const response = await authenticate(user.sessionToken, wrongCode(user));
      expect(response.statusCode, `failure ${i}: ${response.body}`).toBe(401);
      if (i % THROTTLE_POINTS === 0) clock.advance(THROTTLE_MS);
    }
    if (n % THROTTLE_POINTS !== 0) clock.advance(THROTTLE_MS);
  }

  /** A step-up that worked: 200, and the session's rotated token is the one to use from now on. */
  function expectSignedIn(user: Enrolled, response: LightMyRequestResponse) {
    expect(response.statusCode, response.body).toBe(200);
    user.sessionToken = response.json().data.session_token;
  }

  function expectLocked(response: LightMyRequestResponse) {
    expectError(response, 403, 'totp_locked');
    expect(response.json().error_message).toBe(TOTP_LOCKED_MESSAGE);
  }

  it('BF-09: after 10 wrong TOTP codes (project ceiling 10) even the right code gets totp_locked; a recovery code unlocks it', async () => {
    await setCeiling(10);
    const ada = await enrolled();
    await fail(ada, 9);
    expect(await lockNotices()).toEqual([]);
    await fail(ada, 1);
    expect(await lockNotices()).toEqual([{ to: 'ada@example.com', failures: 10 }]);
    expectLocked(await authenticate(ada.sessionToken, rightCode(ada)));
    expectLocked(await authenticate(ada.sessionToken, wrongCode(ada)));
    expect(await lockNotices()).toHaveLength(1);
    // A recovery code signs in and unlocks the app: its next code is accepted.
    expectSignedIn(ada, await recover(ada.sessionToken, ada.recoveryCodes[0]!));
    clock.advance(STEP_MS);
    expectSignedIn(ada, await authenticate(ada.sessionToken, rightCode(ada)));
  });

  it('BF-09: at the default ceiling, the 100th wrong code in a row locks the app', async () => {
    const ada = await enrolled();
    await fail(ada, 99);
    expect(await lockNotices()).toEqual([]);
    await fail(ada, 1);
    expect(await lockNotices()).toEqual([{ to: 'ada@example.com', failures: 100 }]);
    expectLocked(await authenticate(ada.sessionToken, rightCode(ada)));
  });

  it('BF-09: at the ceiling, codes in flight together are compared no more than the ceiling allows', async () => {
    await setCeiling(10);
    const ada = await enrolled();
    // The throttle generous here, so the ceiling alone answers: 30 wrong codes at once.
    app = await t.sibling({
      rateLimits: { ...GENEROUS_LIMITS, totpFailureStreaksPerApp: REAL_LIMITS.totpFailureStreaksPerApp! },
    });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => authenticate(ada.sessionToken, wrongCode(ada))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 403)).toHaveLength(20);
    expect(await lockNotices()).toHaveLength(1);
  });

  it('BF-03: the throttle still answers 429 first; wrong recovery codes never lock anything', async () => {
    await setCeiling(10);
    const ada = await enrolled();
    const throttledOnce = async () => {
      for (let i = 0; i < THROTTLE_POINTS; i += 1) {
        expect((await authenticate(ada.sessionToken, wrongCode(ada))).statusCode).toBe(401);
      }
      expectError(await authenticate(ada.sessionToken, rightCode(ada)), 429, 'too_many_requests');
      clock.advance(THROTTLE_MS);
    };
    await throttledOnce();
    // The 10th failure reaches the ceiling; within the throttle's window the answer is still the throttle's 429.
    await throttledOnce();
    expectLocked(await authenticate(ada.sessionToken, rightCode(ada)));
    // Many more wrong recovery codes than the ceiling: throttled, never locked; a right one still works.
    const wrongRecovery = 'aaaa-bbbb-cccc';
    for (let i = 1; i <= 12; i += 1) {
      expectError(await recover(ada.sessionToken, wrongRecovery), 401, 'unable_to_auth_recovery_code');
      if (i % THROTTLE_POINTS === 0) clock.advance(THROTTLE_MS);
    }
    clock.advance(THROTTLE_MS);
    expectSignedIn(ada, await recover(ada.sessionToken, ada.recoveryCodes[1]!));

    // Nor do they count toward the app's own ceiling.
    const bob = await enrolled('bob@example.com');
    for (let i = 1; i <= 12; i += 1) {
      expectError(await recover(bob.sessionToken, wrongRecovery), 401, 'unable_to_auth_recovery_code');
      if (i % THROTTLE_POINTS === 0) clock.advance(THROTTLE_MS);
    }
    clock.advance(THROTTLE_MS);
    expectSignedIn(bob, await authenticate(bob.sessionToken, rightCode(bob)));
  });

  it('BF-01: a success before the ceiling resets the streak', async () => {
    await setCeiling(10);
    const ada = await enrolled();
    await fail(ada, 9);
    expectSignedIn(ada, await authenticate(ada.sessionToken, rightCode(ada)));
    clock.advance(STEP_MS);
    await fail(ada, 9);
    expectSignedIn(ada, await authenticate(ada.sessionToken, rightCode(ada)));
    clock.advance(STEP_MS);
    expect(await lockNotices()).toEqual([]);
    // Counted from the last success: the 10th failure after it locks.
    await fail(ada, 10);
    expectLocked(await authenticate(ada.sessionToken, rightCode(ada)));
  });

  it('BF-09: an enrolment being confirmed has nothing to lock: its code works after more wrong ones than the ceiling', async () => {
    await setCeiling(10);
    const issued = await signIn(t.ctx, t.project, 'ada@example.com', { sessionDurationMinutes: 1440 });
    const created = dataOf<{ secret: string }>(
      await call(under(), 'POST', TOTP_ROUTES.create, { expiration_minutes: 1440 }, issued.session_token),
    );
    const pending: Enrolled = {
      userId: issued.user_id,
      sessionToken: issued.session_token,
      secret: created.secret,
      recoveryCodes: [],
    };
    await fail(pending, 12);
    expectSignedIn(pending, await authenticate(pending.sessionToken, rightCode(pending)));
    expect(await lockNotices()).toEqual([]);
  });
});
