// SMS and WhatsApp over a Twilio-compatible Messages API (issue 2 "Delivery"): POST
// {apiBaseUrl}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To/From/Body, Basic auth sid:token; WhatsApp
// numbers are written `whatsapp:+…`.
import type { AppConfig, DeliveryReceipt, OutgoingMessage } from '../context';

export type SmsConfig = NonNullable<AppConfig['sms']>;

export class DeliveryError extends Error {
  /** Who refused it, for the message log: smtp, sms_api, or none (no provider, or refused before any). */
  readonly provider: string;
  constructor(message: string, provider = 'none') {
    super(message);
    this.name = 'DeliveryError';
    this.provider = provider;
  }
}

export interface SmsSender {
  /** The provider's message sid and status (Twilio answers 201 with `{ sid, status: "queued" }`) for the log. */
  send(message: OutgoingMessage): Promise<DeliveryReceipt>;
}

export function createSmsSender(options: { config: SmsConfig; fetch?: typeof fetch }): SmsSender {
  const { config } = options;
  const doFetch = options.fetch ?? fetch;
  const url = `${config.apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      if (message.channel === 'email')
        throw new DeliveryError('The SMS sender cannot send e-mail.', 'sms_api');
      const whatsapp = message.channel === 'whatsapp';
      const form = new URLSearchParams({
        To: whatsapp ? `whatsapp:${message.to}` : message.to,
        From: whatsapp ? `whatsapp:${config.whatsappFrom ?? config.from}` : config.from,
        Body: message.text,
      });
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new DeliveryError(
          `The ${message.channel} provider could not be reached: ${(error as Error).message}`,
          'sms_api',
        );
      }
      if (!response.ok) {
        const detail = await providerMessage(response);
        throw new DeliveryError(
          `The ${message.channel} provider refused the message (HTTP ${response.status}${detail ? `: ${detail}` : ''}).`,
          'sms_api',
        );
      }
      return { provider: 'sms_api', ...(await acceptedAnswer(response)) };
    },
  };
}

/** What the provider said about an accepted message: its sid and status, if its answer is Twilio's JSON. */
async function acceptedAnswer(
  response: Response,
): Promise<Pick<DeliveryReceipt, 'answer' | 'providerMessageId'>> {
  let text = '';
  try {
    text = (await response.text()).slice(0, 10_000);
  } catch {
    return { answer: `HTTP ${response.status}`, providerMessageId: null };
  }
  try {
    const json = JSON.parse(text) as { sid?: unknown; status?: unknown };
    const sid = typeof json.sid === 'string' ? json.sid.slice(0, 200) : null;
    const status = typeof json.status === 'string' ? json.status.slice(0, 100) : null;
    return { answer: `HTTP ${response.status}${status ? ` ${status}` : ''}`, providerMessageId: sid };
  } catch {
    return { answer: `HTTP ${response.status}`, providerMessageId: null };
  }
}

async function providerMessage(response: Response): Promise<string> {
  try {
    const text = await response.text();
    try {
      const json = JSON.parse(text) as { message?: unknown; code?: unknown };
      if (typeof json.message === 'string') return json.message.slice(0, 300);
    } catch {
      // not JSON: fall through to the raw text
    }
    return text.slice(0, 300);
  } catch {
    return '';
  }
}
