// The dev outbox from a test: poll GET /dev/outbox/messages?to= until a matching message arrives (a wait for a
// condition, not a sleep). The server stores every e-mail/SMS/WhatsApp there when no provider is configured.

export type OutboxChannel = 'email' | 'sms' | 'whatsapp';

/** One message as GET /dev/outbox/messages returns it (packages/server/src/infra/delivery/outbox-store.ts). */
export interface OutboxMessage {
  id: string;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** The http(s) links in the text (e.g. the login link). */
  links: string[];
  /** The one-time passcodes in the text. */
  codes: string[];
  created_at: string;
}

export interface ListMessagesOptions {
  /** Recipient: e-mail address (case-insensitive) or E.164 phone number. */
  to: string;
  /** Defaults to the worker's server (set by the `server` fixture). */
  baseURL?: string;
}

export interface WaitForMessageOptions extends ListMessagesOptions {
  channel?: OutboxChannel;
  /** Extra condition, e.g. to skip a message an earlier step already used. */
  where?: (message: OutboxMessage) => boolean;
  timeoutMs?: number;
}

/** The messages for a recipient, newest first. */
export async function listMessages(options: ListMessagesOptions): Promise<OutboxMessage[]> {
  const baseURL = options.baseURL ?? process.env.GATEHOUSE_E2E_BASE_URL;
  if (!baseURL) throw new Error('listMessages: no baseURL (use the `server` fixture or pass baseURL)');
  const response = await fetch(`${baseURL}/dev/outbox/messages?to=${encodeURIComponent(options.to)}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /dev/outbox/messages answered ${response.status}`);
  const body = (await response.json()) as { messages?: OutboxMessage[] };
  if (!Array.isArray(body.messages))
    throw new Error(`Unexpected /dev/outbox/messages body: ${JSON.stringify(body)}`);
  return body.messages;
}

/** Resolves with the newest matching message; rejects after timeoutMs (default 10 s) saying what was there. */
export async function waitForMessage(options: WaitForMessageOptions): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let seen: OutboxMessage[] = [];
  while (true) {
    seen = await listMessages(options);
    const newest = seen.find(
      (message) =>
        (options.channel === undefined || message.channel === options.channel) &&
        (options.where?.(message) ?? true),
    );
    if (newest) return newest;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `No ${options.channel ?? ''} message to ${options.to} arrived in the dev outbox within ${options.timeoutMs ?? 10_000} ms; it holds ${seen.length} for them.`,
  );
}
