// Issue 25 item 2: "several workers across instances (FOR UPDATE SKIP LOCKED), at least once, retried on failure
// with backoff (first retry within 10 s, then growing to hours, about a day in all), an endpoint disabled after a
// day of failures".
//
// Every instance runs one loop (createWebhookWorker, started and stopped by app.ts like the purge). A cycle claims
// due deliveries in one statement — SELECT … FOR UPDATE SKIP LOCKED, so two instances never take the same row, and
// the claim moves next_attempt_at forward by a lease: a worker that dies mid-attempt leaves the row to come back
// once the lease ends (at least once; the receiver deduplicates on webhook-id). The attempt's result is written
// only if the row is still the one claimed (its attempt count is the fencing token), so a worker whose lease ran
// out never overwrites the attempt that took over.

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../infra/context';
import { type HostResolver, resolveDeliveryTarget, systemResolver, WebhookUrlRefused } from './address-guard';
import { ATTEMPT_TIMEOUT_MS, type AttemptOutcome, postWebhook } from './post-webhook';
import { webhookHeaders, webhookSecretKey } from './signature';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait after each failed attempt (Standard Webhooks' recommended schedule, as Svix runs it): 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h — eight attempts over about 27 hours. After the last, the delivery is dead.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
/** A claimed delivery comes back to the queue after this if its worker never reports (well above the timeout). */
export const DELIVERY_LEASE_MS = 60 * SECOND;
/** Deliveries one cycle claims and attempts at once. */
export const DELIVERY_BATCH_SIZE = 20;
/** An endpoint failing without a success for this long is disabled until an operator re-enables it. */
export const DISABLE_AFTER_FAILING_MS = 24 * HOUR;

/** What a cycle needs (tests pass production mode and a resolver of their own). */
export interface WebhookWorkerDeps {
  db: AppContext['db'];
  secrets: AppContext['secrets'];
  clock: AppContext['clock'];
  log: FastifyBaseLogger;
  /** Production: https only and public addresses only, checked at every attempt (address-guard.ts). */
  production: boolean;
  resolve?: HostResolver;
  batchSize?: number;
  timeoutMs?: number;
}

/** A cycle's work, for logs and tests. */
export interface DeliveryCycleReport {
  attempted: number;
  succeeded: number;
  failed: number;
  /** Endpoints this cycle disabled. */
  disabled: string[];
}

interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  body: string;
  attempts: number;
  url: string;
  secret_ciphertext: Uint8Array;
}

/** The deps of a cycle over the app's context. */
export function webhookWorkerDeps(ctx: AppContext): WebhookWorkerDeps {
  return {
    db: ctx.db,
    secrets: ctx.secrets,
    clock: ctx.clock,
    log: ctx.log,
    production: ctx.config.env === 'production',
  };
}

/** One cycle: claims up to a batch of due deliveries and attempts them concurrently. */
export async function deliverDueWebhooks(deps: WebhookWorkerDeps): Promise<DeliveryCycleReport> {
  const claimed = await claimDueDeliveries(deps);
  const report: DeliveryCycleReport = { attempted: claimed.length, succeeded: 0, failed: 0, disabled: [] };
  await Promise.all(
    claimed.map(async (delivery) => {
      const outcome = await attempt(deps, delivery);
      if (outcome.ok) report.succeeded += 1;
      else report.failed += 1;
      const disabled = await recordOutcome(deps, delivery, outcome);
      if (disabled) report.disabled.push(delivery.endpoint_id);
    }),
  );
  return report;
}

/**
 * Due deliveries of enabled endpoints, oldest due first, locked and leased in one statement (its own short
 * transaction): rows another worker holds are skipped, not waited for.
 */
async function claimDueDeliveries(deps: WebhookWorkerDeps): Promise<ClaimedDelivery[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + DELIVERY_LEASE_MS);
  const result = await deps.db.execute(sql`
    WITH due AS (
      SELECT delivery.id FROM webhook_deliveries AS delivery
      JOIN webhook_endpoints AS endpoint ON endpoint.id = delivery.endpoint_id
      WHERE delivery.status IN ('pending', 'failed')
        AND delivery.next_attempt_at <= ${now.toISOString()}::timestamptz
        AND endpoint.disabled_at IS NULL
      ORDER BY delivery.next_attempt_at
      LIMIT ${deps.batchSize ?? DELIVERY_BATCH_SIZE}
      FOR UPDATE OF delivery SKIP LOCKED)
    UPDATE webhook_deliveries AS delivery
    SET attempts = delivery.attempts + 1, next_attempt_at = ${lease.toISOString()}::timestamptz,
      last_attempt_at = ${now.toISOString()}::timestamptz
    FROM due, webhook_endpoints AS endpoint
    WHERE delivery.id = due.id AND endpoint.id = delivery.endpoint_id
    RETURNING delivery.id, delivery.endpoint_id, delivery.event_id, delivery.body, delivery.attempts, endpoint.url,
      endpoint.secret_ciphertext`);
  return (result as unknown as { rows: ClaimedDelivery[] }).rows;
}

/** Signs and sends one attempt; a refused URL or an undecryptable secret is a failed attempt like any other. */
async function attempt(deps: WebhookWorkerDeps, delivery: ClaimedDelivery): Promise<AttemptOutcome> {
  const failed = (error: string): AttemptOutcome => ({
    ok: false,
    statusCode: null,
    latencyMs: 0,
    excerpt: null,
    error,
  });
  let key: Uint8Array | null;
  try {
    const secret = deps.secrets.decrypt(
      'webhook-secret',
      new Uint8Array(delivery.secret_ciphertext),
      delivery.endpoint_id,
    );
    key = webhookSecretKey(new TextDecoder().decode(secret));
  } catch {
    key = null;
  }
  if (key === null) return failed('the endpoint secret cannot be read under this SECRET_KEY');
  let target: Awaited<ReturnType<typeof resolveDeliveryTarget>>;
  try {
    // Issue 25 item 2: "the check at delivery time, not only at save time".
    target = await resolveDeliveryTarget(delivery.url, {
      production: deps.production,
      resolve: deps.resolve ?? systemResolver,
    });
  } catch (error) {
    if (error instanceof WebhookUrlRefused) return failed(`refused: ${error.message}`);
    throw error;
  }
  // Standard Webhooks: the timestamp is the attempt's (receivers refuse old ones), the id the event's.
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  return postWebhook(target, {
    headers: webhookHeaders(key, { id: delivery.event_id, timestamp, body: delivery.body }),
    body: delivery.body,
    timeoutMs: deps.timeoutMs ?? ATTEMPT_TIMEOUT_MS,
  });
}

/**
 * Writes the attempt into the delivery log and the endpoint's failure streak; true when this failure disabled the
 * endpoint. Nothing is written when the row is no longer the one this worker claimed.
 */
async function recordOutcome(
  deps: WebhookWorkerDeps,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const now = deps.clock.now();
  const retryDelay = RETRY_DELAYS_MS[delivery.attempts - 1];
  const status = outcome.ok ? 'succeeded' : retryDelay === undefined ? 'dead' : 'failed';
  const next = status === 'failed' ? new Date(now.getTime() + retryDelay!).toISOString() : null;
  const disableBefore = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS).toISOString();
  return deps.db.transaction(async (tx) => {
    const updated = await tx.execute(sql`UPDATE webhook_deliveries
      SET status = ${status}, next_attempt_at = ${next}::timestamptz, last_status_code = ${outcome.statusCode},
        last_latency_ms = ${outcome.latencyMs}, last_response_excerpt = ${outcome.excerpt},
        last_error = ${outcome.error}
      WHERE id = ${delivery.id} AND attempts = ${delivery.attempts} AND status IN ('pending', 'failed')
      RETURNING 1 AS recorded`);
    if ((updated as unknown as { rows: unknown[] }).rows.length === 0) return false;
    if (outcome.ok) {
      await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = NULL
        WHERE id = ${delivery.endpoint_id} AND failing_since IS NOT NULL`);
      return false;
    }
    const endpoint = await tx.execute(sql`UPDATE webhook_endpoints
      SET failing_since = COALESCE(failing_since, ${now.toISOString()}::timestamptz),
        disabled_at = CASE
          WHEN disabled_at IS NULL AND failing_since <= ${disableBefore}::timestamptz
          THEN ${now.toISOString()}::timestamptz ELSE disabled_at END
      WHERE id = ${delivery.endpoint_id}
      RETURNING disabled_at = ${now.toISOString()}::timestamptz AS disabled_now`);
    const [row] = (endpoint as unknown as { rows: Array<{ disabled_now: boolean }> }).rows;
    if (row?.disabled_now) {
      deps.log.warn(
        { endpoint_id: delivery.endpoint_id },
        'webhook endpoint disabled after a day of failed deliveries; an operator must re-enable it',
      );
      return true;
    }
    return false;
  });
}

/** The app's delivery loop (ctx.webhooks). */
export interface WebhookWorker {
  /** Starts the loop (buildApp does once the app is ready; with an interval of 0 it never runs on its own). */
  start(): void;
  /** Runs one cycle now, or joins the one running; never rejects (failures are logged). */
  runNow(): Promise<DeliveryCycleReport | null>;
  /** No more cycles; resolves once a running cycle has finished (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Runs a cycle every intervalMs, and at once again after a full batch (a backlog drains at the speed of the
 * receivers, not of the timer). Cycles never overlap within an app; the timer is unref'd.
 */
export function createWebhookWorker(options: {
  intervalMs: number;
  cycle: () => Promise<DeliveryCycleReport>;
  batchSize?: number;
  log: FastifyBaseLogger;
}): WebhookWorker {
  const { intervalMs, cycle, log } = options;
  const batchSize = options.batchSize ?? DELIVERY_BATCH_SIZE;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<DeliveryCycleReport | null> | null = null;
  let started = false;
  let stopped = false;

  const schedule = (delayMs: number): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!started || stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      void runNow();
    }, delayMs);
    timer.unref();
  };

  const runNow = (): Promise<DeliveryCycleReport | null> => {
    if (running !== null) return running;
    let full = false;
    running = cycle()
      .then(
        (report) => {
          full = report.attempted >= batchSize;
          return report;
        },
        (error: unknown) => {
          // The database is down or a statement timed out: the claimed rows come back when their lease ends.
          log.error({ err: error }, 'delivering webhooks failed');
          return null;
        },
      )
      .finally(() => {
        running = null;
        schedule(full ? 0 : intervalMs);
      });
    return running;
  };

  return {
    start() {
      started = true;
      if (running === null) schedule(intervalMs);
    },
    runNow,
    async stop() {
      stopped = true;
      schedule(0);
      await running;
    },
  };
}
