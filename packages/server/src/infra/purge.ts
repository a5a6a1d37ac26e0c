// security-tests.md LD-04 "Expired tokens and nonces are purged" (issue 8 item 5): rows nobody can use any more are
// deleted on a timer, in bounded batches, so tables do not grow without bound — login links, password reset links,
// passcodes, WebAuthn challenges, OAuth states, OAuth tokens and One Tap prompts past expires_at (used or not), sessions past expires_at (ended), dev-outbox messages older than
// the retention, and the message log, webhook deliveries and events past the event retention. Signing keys leave their table at rotation (infra/keys.ts); telemetry is trimmed on insert.
//
// Feature-neutral: it compares one time column with the clock and never decides validity. Every feature already
// refuses a row past its expires_at on the server clock (security-tests.md TK-02), so deleting it changes no
// outcome: an unknown login link, session or challenge fails with the same error as an expired one; only a purged
// passcode is reported as otp_code_not_found instead of unable_to_auth_otp_code. And a clock that later jumps back
// cannot revive a row that is gone.
//
// Several instances may purge at once: each batch locks the rows it deletes with FOR UPDATE SKIP LOCKED, so
// purgers (and a request updating a row) never wait for each other; a skipped row goes in a later batch.
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig, AppContext } from './context';
import {
  cryptoWalletChallenges,
  events,
  magicLinkTokens,
  messageLog,
  oauthOneTapRequests,
  oauthStates,
  oauthTokens,
  otpCodes,
  outboxMessages,
  passwordResetTokens,
  sessions,
  totps,
  webauthnChallenges,
  webhookDeliveries,
} from './db/schema';

/** Rows deleted by one statement: bounds its locks, its run time (well under the statement timeout) and its WAL. */
export const PURGE_BATCH_SIZE = 1000;
/** Statements per table per cycle: a backlog is worked off over several cycles instead of in one long burst. */
export const PURGE_MAX_BATCHES_PER_TABLE = 10;

const HOUR_MS = 3_600_000;

export type PurgedTable =
  | 'magic_link_tokens'
  | 'password_reset_tokens'
  | 'otp_codes'
  | 'webauthn_challenges'
  | 'sessions'
  | 'oauth_states'
  | 'oauth_tokens'
  | 'oauth_one_tap_requests'
  | 'crypto_wallet_challenges'
  | 'totps'
  | 'events'
  | 'webhook_deliveries'
  | 'outbox_messages'
  | 'message_log';

interface PurgeTarget {
  name: PurgedTable;
  table: PgTable;
  id: PgColumn;
  /** Rows whose `time` is before the cutoff go. */
  time: PgColumn;
  /**
   * Whether `time` has an index (schema.ts): then the oldest rows are found through it. outbox_messages has none on
   * created_at; its batches take the first old rows a scan meets, which on an append-only table are near the start.
   */
  indexed: boolean;
  cutoff(now: Date, config: Pick<AppConfig, 'outboxRetentionHours' | 'eventRetentionDays'>): Date;
}

const atNow = (now: Date): Date => now;

const PURGE_TARGETS: readonly PurgeTarget[] = [
  {
    name: 'magic_link_tokens',
    table: magicLinkTokens,
    id: magicLinkTokens.id,
    time: magicLinkTokens.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  {
    name: 'password_reset_tokens',
    table: passwordResetTokens,
    id: passwordResetTokens.id,
    time: passwordResetTokens.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  {
    name: 'otp_codes',
    table: otpCodes,
    id: otpCodes.id,
    time: otpCodes.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  {
    name: 'webauthn_challenges',
    table: webauthnChallenges,
    id: webauthnChallenges.id,
    time: webauthnChallenges.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  {
    name: 'sessions',
    table: sessions,
    id: sessions.id,
    time: sessions.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  // Issue 11: OAuth states (a start never called back) and the tokens of the redirect to the app.
  {
    name: 'oauth_states',
    table: oauthStates,
    id: oauthStates.id,
    time: oauthStates.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  {
    name: 'oauth_tokens',
    table: oauthTokens,
    id: oauthTokens.id,
    time: oauthTokens.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  // Issue 11 item 2: One Tap prompts never submitted.
  {
    name: 'oauth_one_tap_requests',
    table: oauthOneTapRequests,
    id: oauthOneTapRequests.id,
    time: oauthOneTapRequests.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  // Issue 12: wallet sign-in challenges never redeemed (and used ones, once their time is up).
  {
    name: 'crypto_wallet_challenges',
    table: cryptoWalletChallenges,
    id: cryptoWalletChallenges.id,
    time: cryptoWalletChallenges.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  {
    // Unconfirmed authenticator apps past their expiration_minutes (confirmed ones have no expiry: NULL never
    // compares below the cutoff). Their recovery codes go with them (ON DELETE CASCADE).
    name: 'totps',
    table: totps,
    id: totps.id,
    time: totps.expiresAt,
    indexed: true,
    cutoff: atNow,
  },
  // Issue 25 item 1: the event log's retention (EVENT_RETENTION_DAYS), oldest first through events_occurred_idx.
  {
    name: 'events',
    table: events,
    id: events.id,
    time: events.occurredAt,
    indexed: true,
    cutoff: (now, config) => new Date(now.getTime() - config.eventRetentionDays * 24 * HOUR_MS),
  },
  // Issue 25 item 2: the webhook delivery log follows the event log's retention (a delivery still pending that old
  // belongs to an endpoint disabled for months), oldest first through webhook_deliveries_created_idx.
  {
    name: 'webhook_deliveries',
    table: webhookDeliveries,
    id: webhookDeliveries.id,
    time: webhookDeliveries.createdAt,
    indexed: true,
    cutoff: (now, config) => new Date(now.getTime() - config.eventRetentionDays * 24 * HOUR_MS),
  },
  {
    name: 'outbox_messages',
    table: outboxMessages,
    id: outboxMessages.id,
    time: outboxMessages.createdAt,
    indexed: false,
    cutoff: (now, config) => new Date(now.getTime() - config.outboxRetentionHours * HOUR_MS),
  },
  // Issue 26 item 3: the message log (status and provider answer, no body) follows the event log's retention,
  // oldest first through message_log_created_idx.
  {
    name: 'message_log',
    table: messageLog,
    id: messageLog.id,
    time: messageLog.createdAt,
    indexed: true,
    cutoff: (now, config) => new Date(now.getTime() - config.eventRetentionDays * 24 * HOUR_MS),
  },
];

export interface PurgeOptions {
  /** Default PURGE_BATCH_SIZE. */
  batchSize?: number;
  /** Default PURGE_MAX_BATCHES_PER_TABLE. */
  maxBatchesPerTable?: number;
}

export interface PurgeReport {
  /** Rows deleted per table in this cycle. */
  deleted: Record<PurgedTable, number>;
  /** Tables whose batch budget ran out while expired rows may remain: the next cycle continues with them. */
  unfinished: PurgedTable[];
}

/** One purge cycle over every table, on ctx.clock. Throws on a database error (the schedule logs it). */
export async function purgeExpired(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  options: PurgeOptions = {},
): Promise<PurgeReport> {
  const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
  const maxBatches = options.maxBatchesPerTable ?? PURGE_MAX_BATCHES_PER_TABLE;
  const now = ctx.clock.now();
  const report: PurgeReport = {
    deleted: {
      magic_link_tokens: 0,
      password_reset_tokens: 0,
      otp_codes: 0,
      webauthn_challenges: 0,
      sessions: 0,
      oauth_states: 0,
      oauth_tokens: 0,
      oauth_one_tap_requests: 0,
      crypto_wallet_challenges: 0,
      totps: 0,
      events: 0,
      webhook_deliveries: 0,
      outbox_messages: 0,
      message_log: 0,
    },
    unfinished: [],
  };
  for (const target of PURGE_TARGETS) {
    const cutoff = target.cutoff(now, ctx.config);
    let batches = 0;
    let last = batchSize;
    // A short batch means nothing deletable was left (rows locked by someone else wait for a later cycle).
    while (last === batchSize && batches < maxBatches) {
      const result = await ctx.db.execute(purgeBatchStatement(target, cutoff, batchSize));
      last = (result as unknown as { rows: unknown[] }).rows.length;
      report.deleted[target.name] += last;
      batches += 1;
    }
    if (last === batchSize) report.unfinished.push(target.name);
  }
  return report;
}

/**
 * One batch: at most `limit` rows of the table whose time is before `cutoff`, oldest first where the time column
 * is indexed, skipping rows another transaction holds. Exported for the plan check in purge.test.ts.
 */
export function purgeBatchStatement(target: PurgeTarget | PurgedTable, cutoff: Date, limit: number): SQL {
  const { table, id, time, indexed } =
    typeof target === 'string' ? PURGE_TARGETS.find((each) => each.name === target)! : target;
  return sql`
    DELETE FROM ${table} WHERE ${id} IN (
      SELECT ${id} FROM ${table}
      WHERE ${time} < ${cutoff.toISOString()}::timestamptz
      ${indexed ? sql`ORDER BY ${time}` : sql.empty()}
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING 1 AS gone`;
}

/** The app's purge timer (ctx.purge). */
export interface PurgeSchedule {
  /** Starts the timer (buildApp does once the app is ready; with an interval of 0 it never fires). */
  start(): void;
  /** Runs one cycle now, or joins the one already running; never rejects (failures are logged). */
  runNow(): Promise<void>;
  /** No more cycles; resolves once a running cycle has finished (the app closes the database after this). */
  stop(): Promise<void>;
}

export interface PurgeScheduleOptions {
  /** Milliseconds from the end of one cycle to the start of the next; 0 never runs one on its own. */
  intervalMs: number;
  /** One cycle (purgeExpired over the app's context). */
  cycle: () => Promise<PurgeReport>;
  log: FastifyBaseLogger;
}

/**
 * Runs `cycle` every intervalMs. The next cycle is only scheduled once the previous one ended, so cycles never
 * overlap in one app, however slow the database; the timer is unref'd so it never keeps the process alive.
 */
export function createPurgeSchedule(options: PurgeScheduleOptions): PurgeSchedule {
  const { intervalMs, cycle, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let started = false;
  let stopped = false;

  const schedule = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!started || stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      void runNow();
    }, intervalMs);
    timer.unref();
  };

  const runNow = (): Promise<void> => {
    if (running !== null) return running;
    running = cycle()
      .then(
        (report) => {
          const total = Object.values(report.deleted).reduce((sum, count) => sum + count, 0);
          if (total > 0)
            log.info({ deleted: report.deleted, unfinished: report.unfinished }, 'purged expired rows');
        },
        (error: unknown) => {
          // A failed cycle (the database is down, a statement timed out) is retried at the next interval.
          log.error({ err: error }, 'purging expired rows failed');
        },
      )
      .finally(() => {
        running = null;
        schedule();
      });
    return running;
  };

  return {
    start() {
      started = true;
      if (running === null) schedule();
    },
    runNow,
    async stop() {
      stopped = true;
      schedule();
      await running;
    },
  };
}
