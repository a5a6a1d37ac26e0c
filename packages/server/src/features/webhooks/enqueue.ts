// Issue 25 item 2: "Delivery through a durable queue in the database (rows written with the event)". recordEvent
// (features/audit/record-event.ts) calls this with its own executor right after the event's INSERT, so inside a
// transaction the deliveries exist exactly when the event does. One INSERT … SELECT: one pending delivery per
// enabled endpoint of the project whose filters match, and nothing (one indexed lookup) when none does.
import { sql } from 'drizzle-orm';
import type { EventExecutor, EventRecord } from '../audit/record-event';

/**
 * The body every attempt of the event's deliveries sends, frozen at enqueue (the signature covers exact bytes, and
 * a replay must send what the first attempt sent): the Standard Webhooks envelope `{ type, timestamp, data }`.
 */
export function webhookBody(type: string, timestamp: string, data: unknown): string {
  return JSON.stringify({ type, timestamp, data });
}

/**
 * Inserts the deliveries of one event; returns how many. The filter test is eventTypeMatches (features/audit) in
 * SQL: `*`, the exact type, or `<prefix>.*` with the type starting with `<prefix>.` (starts_with, not LIKE, whose
 * `_` would be a wildcard in `sign_in.*`).
 */
export async function enqueueWebhookDeliveries(executor: EventExecutor, event: EventRecord): Promise<number> {
  const body = webhookBody(event.type, event.occurred_at, event);
  const result = await executor.execute(sql`INSERT INTO webhook_deliveries
      (id, endpoint_id, project_id, event_id, event_type, body, status, attempts, next_attempt_at, created_at)
    SELECT 'webhook-delivery-' || gen_random_uuid()::text, endpoint.id, endpoint.project_id, ${event.id},
      ${event.type}, ${body}, 'pending', 0, ${event.occurred_at}::timestamptz, ${event.occurred_at}::timestamptz
    FROM webhook_endpoints AS endpoint
    WHERE endpoint.project_id = ${event.project_id}
      AND endpoint.disabled_at IS NULL
      AND EXISTS (
        SELECT 1 FROM unnest(endpoint.event_filters) AS filter(value)
        WHERE filter.value = '*' OR filter.value = ${event.type}
          OR (right(filter.value, 2) = '.*' AND starts_with(${event.type}, left(filter.value, -1))))
    RETURNING 1 AS queued`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
