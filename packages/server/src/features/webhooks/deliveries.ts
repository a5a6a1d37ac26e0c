// Issue 25 item 2: "a delivery log with status, latency and response excerpt, replay of one delivery or a time
// range, and a test event" — the service functions the admin API calls. A replay is a new delivery row of the same
// message (same event id, hence the same `webhook-id`, and the same body bytes): the original's log stays as it
// was, and a receiver that already processed the message recognizes it.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { webhookDeliveries, webhookEndpoints } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { newEventId } from '../audit';
import { webhookBody } from './enqueue';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookDeliveryStatus = DeliveryRow['status'];

/** The type of the test event: not in the event catalogue, since nothing happened (see sendWebhookTestEvent). */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export const MAX_DELIVERY_PAGE = 100;

/** A delivery as the admin API shows it (the body is not listed: it is the event, readable in the event log). */
export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_response_excerpt: string | null;
  last_error: string | null;
  created_at: string;
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    last_status_code: row.lastStatusCode,
    last_latency_ms: row.lastLatencyMs,
    last_response_excerpt: row.lastResponseExcerpt,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

function newDeliveryId(): string {
  return `webhook-delivery-${randomUUID()}`;
}

/**
 * A project's deliveries, newest first, optionally of one endpoint, one event or some statuses. `before` is the
 * previous page's last delivery ({ created_at, id }), for cursor pagination.
 */
export async function listWebhookDeliveries(
  ctx: Pick<AppContext, 'db'>,
  options: {
    projectId: string;
    endpointId?: string;
    eventId?: string;
    statuses?: WebhookDeliveryStatus[];
    before?: { created_at: string; id: string };
    limit?: number;
  },
): Promise<WebhookDelivery[]> {
  const filters: SQL[] = [eq(webhookDeliveries.projectId, options.projectId)];
  if (options.endpointId !== undefined) filters.push(eq(webhookDeliveries.endpointId, options.endpointId));
  if (options.eventId !== undefined) filters.push(eq(webhookDeliveries.eventId, options.eventId));
  if (options.statuses !== undefined) filters.push(inArray(webhookDeliveries.status, options.statuses));
  if (options.before !== undefined) {
    const at = new Date(options.before.created_at);
    filters.push(
      or(
        lt(webhookDeliveries.createdAt, at),
        and(eq(webhookDeliveries.createdAt, at), lt(webhookDeliveries.id, options.before.id)),
      )!,
    );
  }
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(...filters))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(Math.min(Math.max(options.limit ?? 50, 1), MAX_DELIVERY_PAGE));
  return rows.map(toWebhookDelivery);
}

async function findDelivery(
  ctx: Pick<AppContext, 'db'>,
  ids: { projectId: string; deliveryId: string },
): Promise<DeliveryRow> {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, ids.deliveryId), eq(webhookDeliveries.projectId, ids.projectId)))
    .limit(1);
  if (row === undefined)
    throw new ApiError('webhook_delivery_not_found', 'No such webhook delivery in this project.');
  return row;
}

export async function getWebhookDelivery(
  ctx: Pick<AppContext, 'db'>,
  ids: { projectId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  return toWebhookDelivery(await findDelivery(ctx, ids));
}

/** Sends one delivery's message again, now, as a new delivery (whatever the original's status). */
export async function replayWebhookDelivery(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  ids: { projectId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  const original = await findDelivery(ctx, ids);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      id: newDeliveryId(),
      endpointId: original.endpointId,
      projectId: original.projectId,
      eventId: original.eventId,
      eventType: original.eventType,
      body: original.body,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  return toWebhookDelivery(row!);
}

/**
 * Replays an endpoint's deliveries created in [from, to) whose status is one of `statuses` (default: dead, the
 * messages that never arrived — e.g. while the endpoint was down): one new delivery per message, none for a
 * message that already has one pending or being retried. Returns how many were queued.
 */
export async function replayWebhookDeliveries(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: {
    projectId: string;
    endpointId: string;
    from: Date;
    to: Date;
    statuses?: WebhookDeliveryStatus[];
  },
): Promise<number> {
  const [endpoint] = await ctx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.id, options.endpointId), eq(webhookEndpoints.projectId, options.projectId)),
    )
    .limit(1);
  if (endpoint === undefined) {
    throw new ApiError('webhook_endpoint_not_found', 'No such webhook endpoint in this project.');
  }
  const statuses = options.statuses ?? ['dead'];
  if (statuses.length === 0) return 0;
  const now = ctx.clock.now().toISOString();
  const result = await ctx.db.execute(sql`INSERT INTO webhook_deliveries
      (id, endpoint_id, project_id, event_id, event_type, body, status, attempts, next_attempt_at, created_at)
    SELECT 'webhook-delivery-' || gen_random_uuid()::text, endpoint_id, project_id, event_id, event_type, body,
      'pending', 0, ${now}::timestamptz, ${now}::timestamptz
    FROM (
      SELECT DISTINCT ON (event_id) endpoint_id, project_id, event_id, event_type, body
      FROM webhook_deliveries AS original
      WHERE endpoint_id = ${endpoint.id}
        AND created_at >= ${options.from.toISOString()}::timestamptz
        AND created_at < ${options.to.toISOString()}::timestamptz
        AND status IN (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries AS queued
          WHERE queued.endpoint_id = original.endpoint_id AND queued.event_id = original.event_id
            AND queued.status IN ('pending', 'failed'))
      ORDER BY event_id, created_at DESC) AS messages
    RETURNING 1 AS queued`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Queues a `webhook.test` message to one endpoint only, whatever its filters. It is not written to the event log:
 * nothing happened to a user or the project, and the event catalogue (features/audit) lists what did; the admin
 * API call that asks for it is itself recorded as an operator action there. Its id is a fresh event id, so the
 * receiver sees the same headers as for a real event.
 */
export async function sendWebhookTestEvent(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  ids: { projectId: string; endpointId: string },
): Promise<WebhookDelivery> {
  const [endpoint] = await ctx.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, ids.endpointId), eq(webhookEndpoints.projectId, ids.projectId)))
    .limit(1);
  if (endpoint === undefined) {
    throw new ApiError('webhook_endpoint_not_found', 'No such webhook endpoint in this project.');
  }
  const now = ctx.clock.now();
  const eventId = newEventId();
  const body = webhookBody(WEBHOOK_TEST_EVENT_TYPE, now.toISOString(), {
    id: eventId,
    project_id: ids.projectId,
    type: WEBHOOK_TEST_EVENT_TYPE,
    occurred_at: now.toISOString(),
    endpoint_id: endpoint.id,
  });
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      id: newDeliveryId(),
      endpointId: endpoint.id,
      projectId: ids.projectId,
      eventId,
      eventType: WEBHOOK_TEST_EVENT_TYPE,
      body,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  return toWebhookDelivery(row!);
}
