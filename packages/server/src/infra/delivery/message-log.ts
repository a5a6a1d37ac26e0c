// Issue 26 item 3 (Messages): the message log — every send with its status and the provider's answer, whichever
// way it went (schema.ts messageLog). Written around the app's Delivery (app.ts), so a Delivery supplied by the
// embedding code is logged too (provider `custom`). The body is never logged: in development it stays in the dev
// outbox under the same id and the list joins it while it is kept (OUTBOX_RETENTION_HOURS).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Delivery, DeliveryReceipt, OutgoingMessage } from '../context';
import type { Database } from '../db/client';
import { messageLog, outboxMessages } from '../db/schema';
import { DeliveryError } from './sms';

export type MessageStatus = 'sent' | 'failed' | 'outbox';

export interface MessageLogEntry {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject: string | null;
  status: MessageStatus;
  provider: string;
  provider_answer: string | null;
  provider_message_id: string | null;
  created_at: string;
  /** The body, links and codes while the dev outbox keeps the message; null and empty otherwise. */
  text: string | null;
  html: string | null;
  links: string[];
  codes: string[];
}

export interface MessageLogQuery {
  projectId: string;
  to?: string;
  channel?: MessageLogEntry['channel'];
  status?: MessageStatus;
  limit: number;
}

const ANSWER_MAX = 500;

/** `delivery` with every send written to the message log: accepted ones with the receipt, refused ones with why. */
export function loggingSends(
  delivery: Delivery,
  options: { db: Database; clock: Clock; log: FastifyBaseLogger },
): Delivery {
  const record = async (
    message: OutgoingMessage,
    entry: {
      status: MessageStatus;
      receipt: DeliveryReceipt | null;
      failure?: { text: string; provider: string };
    },
  ) => {
    try {
      await options.db.insert(messageLog).values({
        id: entry.receipt?.outboxId ?? `message-${randomUUID()}`,
        projectId: message.projectId,
        channel: message.channel,
        to: message.to.slice(0, 320),
        subject: message.channel === 'email' ? (message.subject ?? null) : null,
        status: entry.status,
        provider: entry.receipt?.provider ?? entry.failure?.provider ?? 'custom',
        providerAnswer: (entry.failure?.text ?? entry.receipt?.answer ?? null)?.slice(0, ANSWER_MAX) ?? null,
        providerMessageId: entry.receipt?.providerMessageId ?? null,
        createdAt: options.clock.now(),
      });
    } catch (error) {
      // The message went (or failed) whatever the log says: a log write that fails never fails the sign-in.
      options.log.warn({ err: error, channel: message.channel }, 'the message log could not record a send');
    }
  };
  return {
    async send(message) {
      let receipt: DeliveryReceipt | undefined;
      try {
        receipt = (await delivery.send(message)) ?? undefined;
      } catch (error) {
        const failure = {
          text: error instanceof Error ? error.message : String(error),
          provider: error instanceof DeliveryError ? error.provider : 'custom',
        };
        await record(message, { status: 'failed', receipt: null, failure });
        throw error;
      }
      await record(message, {
        status: receipt?.provider === 'outbox' ? 'outbox' : 'sent',
        receipt: receipt ?? null,
      });
      return receipt;
    },
  };
}

/** Newest first; `to` compares case-insensitively (e-mail addresses), on message_log_project_to_idx. */
export async function listMessageLog(db: Database, query: MessageLogQuery): Promise<MessageLogEntry[]> {
  const rows = await db
    .select({ log: messageLog, outbox: outboxMessages })
    .from(messageLog)
    .leftJoin(outboxMessages, eq(outboxMessages.id, messageLog.id))
    .where(
      and(
        eq(messageLog.projectId, query.projectId),
        query.to === undefined ? undefined : sql`lower(${messageLog.to}) = lower(${query.to})`,
        query.channel === undefined ? undefined : eq(messageLog.channel, query.channel),
        query.status === undefined ? undefined : eq(messageLog.status, query.status),
      ),
    )
    .orderBy(desc(messageLog.seq))
    .limit(query.limit);
  return rows.map(({ log, outbox }) => toEntry(log, outbox));
}

/** One logged message of a project, or null (another project's is as absent as a missing one). */
export async function findMessageLogEntry(
  db: Database,
  options: { projectId: string; id: string },
): Promise<MessageLogEntry | null> {
  const [row] = await db
    .select({ log: messageLog, outbox: outboxMessages })
    .from(messageLog)
    .leftJoin(outboxMessages, eq(outboxMessages.id, messageLog.id))
    .where(and(eq(messageLog.id, options.id), eq(messageLog.projectId, options.projectId)))
    .limit(1);
  return row === undefined ? null : toEntry(row.log, row.outbox);
}

function toEntry(
  log: typeof messageLog.$inferSelect,
  outbox: typeof outboxMessages.$inferSelect | null,
): MessageLogEntry {
  return {
    id: log.id,
    channel: log.channel,
    to: log.to,
    subject: log.subject,
    status: log.status,
    provider: log.provider,
    provider_answer: log.providerAnswer,
    provider_message_id: log.providerMessageId,
    created_at: log.createdAt.toISOString(),
    text: outbox?.text ?? null,
    html: outbox?.html ?? null,
    links: outbox?.links ?? [],
    codes: outbox?.codes ?? [],
  };
}
