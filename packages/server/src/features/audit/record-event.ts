// Issue 25 item 1: writing one event. Called with the transaction of the change it records where the change has one
// (a session issued, a user created), so the event exists exactly when the change does; otherwise with the
// database (a failed sign-in changes nothing else). The request's IP, user agent and id come from its context.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../infra/context';
import type { Database } from '../../infra/db/client';
import { enqueueWebhookDeliveries } from '../webhooks/enqueue';
import type { EventActor, EventPayloads, EventType } from './event-types';

/** The database or a transaction: one INSERT is all an event takes. */
export type EventExecutor = Pick<Database, 'execute'>;

/** One event as the caller states it. */
export interface NewEvent<T extends EventType = EventType> {
  /** Null only for an instance-wide admin action (an admin API key made or revoked). */
  projectId: string | null;
  type: T;
  actor: EventActor;
  /** The user the event is about (null: none, e.g. a failed sign-in of an unknown address). */
  subjectUserId: string | null;
  /** The request that caused it (its id when known); null for the CLI and background work. */
  request: (Pick<RequestContext, 'ip' | 'userAgent'> & { requestId?: string | null }) | null;
  payload: EventPayloads[T];
}

/** An event as stored (what the admin API lists and webhooks deliver). */
export interface EventRecord {
  id: string;
  seq: number;
  project_id: string | null;
  type: EventType;
  occurred_at: string;
  actor: { type: EventActor['type']; id: string | null };
  subject_user_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  request_id: string | null;
  payload: Record<string, unknown>;
}

/** `event-<uuid>`: also the Standard Webhooks `webhook-id` of its deliveries. */
export function newEventId(): string {
  return `event-${randomUUID()}`;
}

export async function recordEvent<T extends EventType>(
  executor: EventExecutor,
  event: NewEvent<T>,
  at: Date = new Date(),
): Promise<EventRecord> {
  const id = newEventId();
  const actorId = 'id' in event.actor ? event.actor.id : null;
  const result = await executor.execute(sql`INSERT INTO events
      (id, project_id, type, occurred_at, actor_type, actor_id, subject_user_id, ip_address, user_agent, request_id,
       payload)
    VALUES (${id}, ${event.projectId}, ${event.type}, ${at.toISOString()}::timestamptz, ${event.actor.type},
      ${actorId}, ${event.subjectUserId}, ${event.request?.ip ?? null}, ${event.request?.userAgent ?? null},
      ${event.request?.requestId ?? null}, ${JSON.stringify(event.payload)}::jsonb)
    RETURNING seq`);
  const rows = (result as unknown as { rows: Array<{ seq: number | string }> }).rows;
  const record: EventRecord = {
    id,
    seq: Number(rows[0]?.seq ?? 0),
    project_id: event.projectId,
    type: event.type,
    occurred_at: at.toISOString(),
    actor: { type: event.actor.type, id: actorId },
    subject_user_id: event.subjectUserId,
    ip_address: event.request?.ip ?? null,
    user_agent: event.request?.userAgent ?? null,
    request_id: event.request?.requestId ?? null,
    payload: event.payload as Record<string, unknown>,
  };
  // Issue 25 item 2: the event's webhook deliveries, queued by the same executor (the same transaction). Endpoints
  // belong to projects: an instance-wide event has none.
  if (record.project_id !== null) await enqueueWebhookDeliveries(executor, record);
  return record;
}
