// Issue 26 item 3 (Messages, Webhooks): the two screens' search parameters, checked on the way in like
// search-params.ts does for the others (an edited address falls back to the defaults), so a filtered list, an open
// message or a chosen endpoint is a link.
import { cursorsOf } from './components/pagination';

export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_STATUSES = ['sent', 'failed', 'outbox'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export interface MessagesSearch {
  to?: string;
  channel?: MessageChannel;
  status?: MessageStatus;
  /** The message shown in the detail dialog. */
  message?: string;
}

export interface WebhooksSearch {
  /** The endpoint whose settings and delivery log are shown. */
  endpoint?: string;
  /** Cursors of the delivery log's pages (the last one is current). */
  cursors?: string[];
}

function text(value: unknown, max: number): string | undefined {
  const string = typeof value === 'number' ? String(value) : value;
  return typeof string === 'string' && string.trim() !== '' ? string.trim().slice(0, max) : undefined;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as T;
}

export function validateMessagesSearch(search: Record<string, unknown>): MessagesSearch {
  const channel = (MESSAGE_CHANNELS as readonly unknown[]).includes(search.channel)
    ? (search.channel as MessageChannel)
    : undefined;
  const status = (MESSAGE_STATUSES as readonly unknown[]).includes(search.status)
    ? (search.status as MessageStatus)
    : undefined;
  return defined({ to: text(search.to, 320), channel, status, message: text(search.message, 200) });
}

export function validateWebhooksSearch(search: Record<string, unknown>): WebhooksSearch {
  return defined({ endpoint: text(search.endpoint, 200), cursors: cursorsOf(search.cursors) });
}
