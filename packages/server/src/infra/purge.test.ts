// security-tests.md LD-04 "Expired tokens and nonces are purged": one cycle on an injected clock removes what is
// past expiry and nothing else; a batch bound smaller than the backlog still ends, and the next cycle goes on.
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestClock, signIn } from '../features/sessions/test-fixtures';
import { createTestApp, sdkRequest, type TestApp } from '../test-support/app';
import { testDatabaseKinds } from '../test-support/database';
import { DEFAULT_EVENT_RETENTION_DAYS, DEFAULT_OUTBOX_RETENTION_HOURS } from './config';
import { newId } from './crypto';
import {
  events,
  magicLinkTokens,
  messageLog,
  otpCodes,
  outboxMessages,
  passwordResetTokens,
  sessions,
  signingKeys,
  userEmails,
  users,
  webauthnChallenges,
} from './db/schema';
import {
  createPurgeSchedule,
  PURGE_BATCH_SIZE,
  type PurgeReport,
  purgeBatchStatement,
  purgeExpired,
} from './purge';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = '2030-01-01T00:00:00.000Z';

describe.each(testDatabaseKinds())('purge of expired rows on %s', (kind) => {
  const clock = createTestClock(T0);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    clock.set(T0);
    await t.reset();
  });

  const at = (offsetMs: number): Date => new Date(clock.now().getTime() + offsetMs);

  /** A signed-in user (real sign-in path), for the rows that belong to one. */
  async function user() {
    return signIn(t.ctx, t.project, `user-${randomBytes(4).toString('hex')}@example.com`);
  }

  async function addLoginLink(
    owner: { user_id: string; emailId: string },
    expiresAt: Date,
    usedAt: Date | null,
  ) {
    const id = newId('magic-link', 'test');
    await t.ctx.db.insert(magicLinkTokens).values({
      id,
      projectId: t.project.id,
      userId: owner.user_id,
      emailId: owner.emailId,
      tokenHash: randomBytes(32),
      kind: 'login',
      redirectUrl: 'http://localhost:3000/authenticate',
      expiresAt,
      usedAt,
      createdAt: at(-HOUR),
    });
    return id;
  }

  async function addResetLink(
    owner: { user_id: string; emailId: string },
    expiresAt: Date,
    usedAt: Date | null,
  ) {
    const id = newId('password-reset', 'test');
    await t.ctx.db.insert(passwordResetTokens).values({
      id,
      projectId: t.project.id,
      userId: owner.user_id,
      emailId: owner.emailId,
      tokenHash: randomBytes(32),
      redirectUrl: 'http://localhost:3000/reset-password',
      expiresAt,
      usedAt,
      createdAt: at(-HOUR),
    });
    return id;
  }

  async function addPasscode(
    owner: { user_id: string; emailId: string },
    expiresAt: Date,
    usedAt: Date | null,
  ) {
    const id = newId('otp', 'test');
    await t.ctx.db.insert(otpCodes).values({
      id,
      projectId: t.project.id,
      userId: owner.user_id,
      methodId: owner.emailId,
      channel: 'email',
      destination: 'someone@example.com',
      codeHash: randomBytes(32),
      expiresAt,
      usedAt,
      createdAt: at(-HOUR),
    });
    return id;
  }

  async function addChallenge(expiresAt: Date, usedAt: Date | null) {
    const id = newId('webauthn-challenge', 'test');
    await t.ctx.db.insert(webauthnChallenges).values({
      id,
      projectId: t.project.id,
      userId: null,
      challengeHash: randomBytes(32),
      ceremony: 'authentication_primary',
      rpId: 'localhost',
      isPasskey: true,
      expiresAt,
      usedAt,
      createdAt: at(-HOUR),
    });
    return id;
  }

  async function addOutboxMessage(createdAt: Date) {
    const id = `outbox-${randomBytes(8).toString('hex')}`;
    await t.ctx.db
      .insert(outboxMessages)
      .values({ id, channel: 'email', to: 'someone@example.com', text: 'hello', createdAt });
    return id;
  }

  /** Issue 26 item 3: a message-log row (no body) at `createdAt`. */
  async function addLoggedMessage(createdAt: Date) {
    const id = `message-${randomBytes(8).toString('hex')}`;
    await t.ctx.db.insert(messageLog).values({
      id,
      projectId: t.project.id,
      channel: 'sms',
      to: '+15550100',
      status: 'sent',
      provider: 'sms_api',
      createdAt,
    });
    return id;
  }

  /** Issue 25 item 1: an event in the log at `occurredAt`. */
  async function addEvent(occurredAt: Date) {
    const id = `event-${randomBytes(8).toString('hex')}`;
    await t.ctx.db
      .insert(events)
      .values({ id, projectId: t.project.id, type: 'user.updated', actorType: 'system', occurredAt });
    return id;
  }

  async function idsOf(
    table: typeof magicLinkTokens | typeof passwordResetTokens | typeof otpCodes | typeof webauthnChallenges,
  ) {
    return (await t.ctx.db.select({ id: table.id }).from(table)).map((row) => row.id).sort();
  }

  async function otherTables() {
    const [userCount] = await t.ctx.db.select({ n: count() }).from(users);
    const [emailCount] = await t.ctx.db.select({ n: count() }).from(userEmails);
    const [keyCount] = await t.ctx.db.select({ n: count() }).from(signingKeys);
    return { users: userCount?.n, emails: emailCount?.n, keys: keyCount?.n };
  }

  it('one cycle deletes every row past expiry and keeps live rows, used-but-unexpired rows and other tables', async () => {
    const ada = await user();
    // Sessions through the real sign-in path: one ends after 5 minutes, one lasts an hour.
    const ending = await signIn(t.ctx, t.project, ada.email, { sessionDurationMinutes: 5 });
    const lasting = await signIn(t.ctx, t.project, ada.email, { sessionDurationMinutes: 60 });
    clock.advance(10 * MINUTE);

    const expired = {
      links: [await addLoginLink(ada, at(-MINUTE), null), await addLoginLink(ada, at(-1), at(-2 * MINUTE))],
      resets: [await addResetLink(ada, at(-MINUTE), null), await addResetLink(ada, at(-1), at(-2 * MINUTE))],
      passcodes: [await addPasscode(ada, at(-MINUTE), null), await addPasscode(ada, at(-1), at(-MINUTE))],
      challenges: [await addChallenge(at(-MINUTE), null), await addChallenge(at(-1), at(-2 * MINUTE))],
      outbox: [await addOutboxMessage(at(-(DEFAULT_OUTBOX_RETENTION_HOURS * HOUR + 1)))],
      events: [await addEvent(at(-(DEFAULT_EVENT_RETENTION_DAYS * 24 * HOUR + 1)))],
      messages: [await addLoggedMessage(at(-(DEFAULT_EVENT_RETENTION_DAYS * 24 * HOUR + 1)))],
    };
    const kept = {
      links: [await addLoginLink(ada, at(MINUTE), null), await addLoginLink(ada, at(MINUTE), at(-MINUTE))],
      resets: [await addResetLink(ada, at(MINUTE), null), await addResetLink(ada, at(MINUTE), at(-MINUTE))],
      passcodes: [await addPasscode(ada, at(MINUTE), null), await addPasscode(ada, at(MINUTE), at(-MINUTE))],
      challenges: [await addChallenge(at(MINUTE), null), await addChallenge(at(MINUTE), at(-MINUTE))],
      outbox: [await addOutboxMessage(at(-(DEFAULT_OUTBOX_RETENTION_HOURS - 1) * HOUR))],
      events: [await addEvent(at(-(DEFAULT_EVENT_RETENTION_DAYS * 24 - 1) * HOUR))],
      messages: [await addLoggedMessage(at(-(DEFAULT_EVENT_RETENTION_DAYS * 24 - 1) * HOUR))],
    };
    const before = await otherTables();

    const report = await purgeExpired(t.ctx);

    expect(report).toEqual<PurgeReport>({
      deleted: {
        magic_link_tokens: expired.links.length,
        password_reset_tokens: expired.resets.length,
        otp_codes: expired.passcodes.length,
        webauthn_challenges: expired.challenges.length,
        // Only `ending`: ada's first session (30 minutes by default) and `lasting` are live.
        sessions: 1,
        // features/totps/totps.test.ts purges unconfirmed authenticator apps.
        totps: 0,
        // features/oauth/oauth.test.ts purges its states and tokens.
        oauth_states: 0,
        oauth_tokens: 0,
        // features/oauth/one-tap.test.ts purges its One Tap prompts.
        oauth_one_tap_requests: 0,
        // features/crypto-wallets/crypto-wallets.security.test.ts purges its challenges.
        crypto_wallet_challenges: 0,
        events: expired.events.length,
        // features/webhooks/webhooks.test.ts purges its delivery log.
        webhook_deliveries: 0,
        outbox_messages: expired.outbox.length,
        message_log: expired.messages.length,
      },
      unfinished: [],
    });
    expect(await idsOf(magicLinkTokens)).toEqual([...kept.links].sort());
    expect(await idsOf(passwordResetTokens)).toEqual([...kept.resets].sort());
    expect(await idsOf(otpCodes)).toEqual([...kept.passcodes].sort());
    expect(await idsOf(webauthnChallenges)).toEqual([...kept.challenges].sort());
    expect(
      (await t.ctx.db.select({ id: outboxMessages.id }).from(outboxMessages)).map((row) => row.id),
    ).toEqual(kept.outbox);
    const loggedIds = (await t.ctx.db.select({ id: messageLog.id }).from(messageLog)).map((row) => row.id);
    expect(loggedIds).toContain(kept.messages[0]);
    expect(loggedIds).not.toContain(expired.messages[0]);
    const eventIds = (await t.ctx.db.select({ id: events.id }).from(events)).map((row) => row.id);
    expect(eventIds).toContain(kept.events[0]);
    expect(eventIds).not.toContain(expired.events[0]);
    const sessionIds = (await t.ctx.db.select({ id: sessions.id }).from(sessions))
      .map((row) => row.id)
      .sort();
    expect(sessionIds).toEqual([ada.session.session_id, lasting.session.session_id].sort());
    expect(sessionIds).not.toContain(ending.session.session_id);
    expect(await otherTables()).toEqual(before);

    // The kept session still works; the purged one fails as an expired one did (SPEC §4: session_not_found).
    const live = await sdkRequest(t.app, {
      method: 'POST',
      url: '/sessions/authenticate',
      publicToken: t.publicToken,
      sessionToken: lasting.session_token,
      body: {},
    });
    expect(live.statusCode).toBe(200);
    const gone = await sdkRequest(t.app, {
      method: 'POST',
      url: '/sessions/authenticate',
      publicToken: t.publicToken,
      sessionToken: ending.session_token,
      body: {},
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error_type).toBe('session_not_found');

    // Nothing left to do: a second cycle deletes nothing.
    // Every table, however many the purge covers (issue 11 added OAuth states, tokens and One Tap prompts).
    expect(Object.values((await purgeExpired(t.ctx)).deleted).filter((count) => count !== 0)).toEqual([]);
  });

  it('a batch bound below the backlog ends the cycle, and the next cycle continues where it stopped', async () => {
    const ada = await user();
    const expired = [];
    for (let index = 0; index < 7; index += 1)
      expired.push(await addChallenge(at(-(index + 1) * MINUTE), null));
    const live = await addChallenge(at(MINUTE), null);

    const first = await purgeExpired(t.ctx, { batchSize: 2, maxBatchesPerTable: 2 });
    expect(first.deleted.webauthn_challenges).toBe(4);
    expect(first.unfinished).toEqual(['webauthn_challenges']);
    // Indexed expiry: the oldest go first.
    expect(await idsOf(webauthnChallenges)).toEqual([...expired.slice(0, 3), live].sort());

    const second = await purgeExpired(t.ctx, { batchSize: 2, maxBatchesPerTable: 2 });
    expect(second.deleted.webauthn_challenges).toBe(3);
    expect(second.unfinished).toEqual([]);
    expect(await idsOf(webauthnChallenges)).toEqual([live]);
    // The user's own rows were never in the way.
    expect((await t.ctx.db.select({ id: users.id }).from(users)).map((row) => row.id)).toEqual([ada.user_id]);
  });

  it('two purgers at once (two instances) delete each expired row exactly once', async () => {
    const sibling = await t.sibling({ clock });
    for (let index = 0; index < 30; index += 1)
      await addOutboxMessage(at(-(DEFAULT_OUTBOX_RETENTION_HOURS + 1) * HOUR));
    const reports = await Promise.all([
      purgeExpired(t.ctx, { batchSize: 5 }),
      purgeExpired(sibling.gatehouse, { batchSize: 5 }),
    ]);
    expect(reports.reduce((sum, report) => sum + report.deleted.outbox_messages, 0)).toBe(30);
    const [left] = await t.ctx.db.select({ n: count() }).from(outboxMessages);
    expect(left?.n).toBe(0);
  });

  it("the app's schedule runs a cycle on the app's clock and context", async () => {
    await addChallenge(at(-MINUTE), null);
    await t.ctx.purge.runNow();
    const [left] = await t.ctx.db.select({ n: count() }).from(webauthnChallenges);
    expect(left?.n).toBe(0);
  });

  it('an app with PURGE_INTERVAL_SECONDS set purges by itself once ready', async () => {
    await addChallenge(at(-MINUTE), null);
    const instance = await t.sibling({ clock, config: { purgeIntervalSeconds: 1 } });
    await instance.ready();
    const started = performance.now();
    for (;;) {
      const [left] = await t.ctx.db.select({ n: count() }).from(webauthnChallenges);
      if (left?.n === 0) break;
      expect(performance.now() - started, 'the timer should have purged').toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Closed (its timer stopped, see the schedule tests below) before the next tests need expired rows to stay.
    await instance.close();
  });

  it('a purge batch finds its rows through the expiry index', async () => {
    for (let index = 0; index < 50; index += 1) await addChallenge(at((index - 10) * MINUTE), null);
    // Told to avoid sequential scans, the planner takes the index if (and only if) the statement can use it: a small
    // test table would otherwise be scanned whatever the statement looks like.
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const explained = await tx.execute(
        sql`EXPLAIN ${purgeBatchStatement('webauthn_challenges', clock.now(), PURGE_BATCH_SIZE)}`,
      );
      return (explained as unknown as { rows: { 'QUERY PLAN': string }[] }).rows;
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('webauthn_challenges_expires_idx');
  });
});

describe('purge schedule', () => {
  const silentLog = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & {
    info: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
  const emptyReport = (): PurgeReport => ({
    deleted: {
      magic_link_tokens: 0,
      password_reset_tokens: 0,
      otp_codes: 0,
      webauthn_challenges: 0,
      sessions: 0,
      totps: 0,
      oauth_states: 0,
      oauth_tokens: 0,
      oauth_one_tap_requests: 0,
      crypto_wallet_challenges: 0,
      events: 0,
      webhook_deliveries: 0,
      outbox_messages: 0,
      message_log: 0,
    },
    unfinished: [],
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    silentLog.info.mockReset();
    silentLog.error.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a cycle every interval, never two at once, and stops after the running one on stop()', async () => {
    const releases: (() => void)[] = [];
    const cycle = vi.fn(
      () =>
        new Promise<PurgeReport>((resolve) => {
          releases.push(() => resolve(emptyReport()));
        }),
    );
    const schedule = createPurgeSchedule({ intervalMs: 1000, cycle, log: silentLog });
    // Nothing before start() (buildApp starts it once the app is ready).
    await vi.advanceTimersByTimeAsync(5000);
    expect(cycle).toHaveBeenCalledTimes(0);
    schedule.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(cycle).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(cycle).toHaveBeenCalledTimes(1);
    // A slow cycle: however many intervals pass, no second one starts, and runNow joins the running one.
    await vi.advanceTimersByTimeAsync(10_000);
    void schedule.runNow();
    expect(cycle).toHaveBeenCalledTimes(1);
    releases.shift()?.();
    // The next interval counts from the end of the previous cycle.
    await vi.advanceTimersByTimeAsync(999);
    expect(cycle).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(cycle).toHaveBeenCalledTimes(2);

    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    releases.shift()?.();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cycle).toHaveBeenCalledTimes(2);
  });

  it('logs a failed cycle instead of throwing, and tries again at the next interval', async () => {
    const cycle = vi.fn(async (): Promise<PurgeReport> => {
      throw new Error('database down');
    });
    const schedule = createPurgeSchedule({ intervalMs: 1000, cycle, log: silentLog });
    schedule.start();
    await expect(schedule.runNow()).resolves.toBeUndefined();
    expect(silentLog.error).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(cycle).toHaveBeenCalledTimes(2);
    expect(silentLog.error).toHaveBeenCalledTimes(2);
    await schedule.stop();
  });

  it('an interval of 0 never runs a cycle by itself', async () => {
    const cycle = vi.fn(async () => emptyReport());
    const schedule = createPurgeSchedule({ intervalMs: 0, cycle, log: silentLog });
    schedule.start();
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(cycle).not.toHaveBeenCalled();
    await schedule.runNow();
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(cycle).toHaveBeenCalledTimes(1);
    await schedule.stop();
  });
});
