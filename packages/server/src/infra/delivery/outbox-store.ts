// The dev outbox (DESIGN.md "Real parts": e-mail and SMS/WhatsApp land here when no provider is configured).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { OutgoingMessage } from '../context';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';
import { extractCodes, extractLinks } from './extract';

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  links: string[];
  codes: string[];
  created_at: string;
}

export async function storeInOutbox(db: Database, message: OutgoingMessage, now: Date): Promise<string> {
  const id = `outbox-${randomUUID()}`;
  await db.insert(outboxMessages).values({
    id,
    projectId: message.projectId,
    channel: message.channel,
    to: message.to,
    subject: message.subject ?? null,
    text: message.text,
    html: message.html ?? null,
    links: extractLinks(message.text),
    codes: extractCodes(message.text),
    createdAt: now,
  });
  return id;
}

/**
 * Newest first; `to` matches case-insensitively (e-mail addresses), phone numbers compare as written; `channel`
 * keeps one channel (the console's filter).
 */
export async function listOutbox(
  db: Database,
  options: { to: string | null; limit: number; projectId?: string; channel?: OutboxMessage['channel'] },
): Promise<OutboxMessage[]> {
  const filters = [
    options.to === null ? undefined : sql`lower(${outboxMessages.to}) = lower(${options.to})`,
    options.projectId === undefined ? undefined : eq(outboxMessages.projectId, options.projectId),
    options.channel === undefined ? undefined : eq(outboxMessages.channel, options.channel),
  ];
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(and(...filters))
    .orderBy(desc(outboxMessages.seq))
    .limit(options.limit);
  return rows.map(toOutboxMessage);
}

/** One message of a project's outbox, or null (another project's message is as absent as a missing one). */
export async function findOutboxMessage(
  db: Database,
  options: { projectId: string; id: string },
): Promise<OutboxMessage | null> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, options.id), eq(outboxMessages.projectId, options.projectId)))
    .limit(1);
  return row === undefined ? null : toOutboxMessage(row);
}

function toOutboxMessage(row: typeof outboxMessages.$inferSelect): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    links: row.links,
    codes: row.codes,
    created_at: row.createdAt.toISOString(),
  };
}
