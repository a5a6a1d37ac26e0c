// One Delivery for e-mail and SMS/WhatsApp (issue 2 "Delivery", DESIGN.md "Real parts"): SMTP through nodemailer
// when config.smtpUrl is set, a Twilio-compatible HTTP API when config.sms is set, the dev outbox otherwise —
// outside production only.
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import { type AppConfig, type Clock, type Delivery, type OutgoingMessage, systemClock } from '../context';
import type { Database } from '../db/client';
import { type Metrics, noMetrics } from '../metrics';
import { storeInOutbox } from './outbox-store';
import { createSmsSender, DeliveryError } from './sms';

export { extractCodes, extractLinks } from './extract';
export type { MessageLogEntry, MessageLogQuery } from './message-log';
export { findMessageLogEntry, listMessageLog, loggingSends } from './message-log';
export type { OutboxMessage } from './outbox-store';
export { findOutboxMessage, listOutbox, storeInOutbox } from './outbox-store';
export { createSmsSender, DeliveryError } from './sms';

export interface CreateDeliveryOptions {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
  clock?: Clock;
}

// security-tests.md IV-07: a CR or LF in a value that reaches mail headers is refused, never passed on.
function assertHeaderSafe(message: OutgoingMessage): void {
  if (/[\r\n]/.test(message.to) || /[\r\n]/.test(message.subject ?? '')) {
    throw new DeliveryError('Recipient and subject must not contain line breaks.');
  }
}

export function createDelivery(options: CreateDeliveryOptions): Delivery {
  const { config, db, log } = options;
  const clock = options.clock ?? systemClock;
  const mailer = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  const sms = config.sms ? createSmsSender({ config: config.sms }) : null;

  return {
    async send(message) {
      assertHeaderSafe(message);
      if (message.channel === 'email' && mailer) {
        let info: { response?: unknown; messageId?: unknown };
        try {
          info = await mailer.sendMail({
            from: config.mailFrom,
            to: message.to,
            subject: message.subject ?? '',
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
          });
        } catch (error) {
          throw new DeliveryError(`The SMTP server refused the message: ${(error as Error).message}`, 'smtp');
        }
        // TK-05: no token or code in logs; only what went where.
        log.info({ channel: 'email' }, 'e-mail handed to SMTP');
        return {
          provider: 'smtp',
          // The server's reply line ("250 2.0.0 Ok: queued as 4F2…"): what the message log shows.
          answer: typeof info.response === 'string' ? info.response.slice(0, 500) : null,
          providerMessageId: typeof info.messageId === 'string' ? info.messageId.slice(0, 200) : null,
        };
      }
      if (message.channel !== 'email' && sms) {
        const receipt = await sms.send(message);
        log.info({ channel: message.channel }, 'message handed to the SMS provider');
        return receipt;
      }
      // Issue 8 item 3 (security-tests.md AT-03): production never stores a message, which holds a login token
      // or a passcode, in the outbox table. Start-up refuses projects whose products lack a provider; this
      // catches what changed since (a project added by another instance): the send fails like a refused one.
      if (config.env === 'production') {
        throw new DeliveryError(
          message.channel === 'email'
            ? 'No SMTP server is configured (SMTP_URL); production does not store e-mails in the dev outbox.'
            : `No SMS provider is configured (TWILIO_*) for ${message.channel}; production does not store text messages in the dev outbox.`,
        );
      }
      const id = await storeInOutbox(db, message, clock.now());
      log.info({ channel: message.channel, outboxId: id }, 'message stored in the dev outbox (/dev/outbox)');
      return { provider: 'outbox', answer: null, providerMessageId: null, outboxId: id };
    },
  };
}

/**
 * Issue 9 item 4: counts each message once the delivery accepted it (a refused send throws and is not counted),
 * whichever Delivery the app uses (SMTP, SMS provider, dev outbox, or one a test injects).
 */
export function countingSends(delivery: Delivery, metrics: Metrics): Delivery {
  if (metrics === noMetrics) return delivery;
  return {
    async send(message) {
      const receipt = await delivery.send(message);
      metrics.sent(message.channel);
      return receipt;
    },
  };
}
