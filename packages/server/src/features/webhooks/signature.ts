// Issue 25 item 2: signing by the Standard Webhooks specification (https://www.standardwebhooks.com, "Signature
// scheme"): a `whsec_` secret is the base64 of the key bytes; each attempt carries `webhook-id` (the event id, the
// same on every retry so receivers can deduplicate), `webhook-timestamp` (the attempt's time in whole seconds) and
// `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`. A few lines of node:crypto instead
// of the `standardwebhooks` package; signature.test.ts checks them against the specification's published vector.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The specification recommends 24 to 64 random bytes. */
export const WEBHOOK_SECRET_MIN_BYTES = 24;
export const WEBHOOK_SECRET_MAX_BYTES = 64;
const GENERATED_SECRET_BYTES = 32;

/** A new `whsec_` secret (32 random bytes). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(GENERATED_SECRET_BYTES).toString('base64')}`;
}

/**
 * The key bytes of a `whsec_<base64>` secret, or null when it is not one (no prefix, not base64, too short or too
 * long).
 */
export function webhookSecretKey(secret: string): Uint8Array | null {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return null;
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const key = Buffer.from(encoded, 'base64');
  if (key.length < WEBHOOK_SECRET_MIN_BYTES || key.length > WEBHOOK_SECRET_MAX_BYTES) return null;
  return new Uint8Array(key);
}

export interface SignedMessage {
  /** `webhook-id`. */
  id: string;
  /** `webhook-timestamp`: seconds since the epoch. */
  timestamp: number;
  /** The exact bytes sent (the signature covers them). */
  body: string;
}

/** `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`. */
export function signWebhook(key: Uint8Array, message: SignedMessage): string {
  const mac = createHmac('sha256', key)
    .update(`${message.id}.${message.timestamp}.${message.body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one attempt, plus the content type. */
export function webhookHeaders(key: Uint8Array, message: SignedMessage): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': signWebhook(key, message),
  };
}

/**
 * A receiver's check (the specification's "Verifying webhook signatures"): one of the space-separated `v1,`
 * signatures matches, compared in constant time, and the timestamp is within `toleranceSeconds` of `nowSeconds`.
 * Gatehouse only sends; this is what its tests' receiver and the documentation's example run.
 */
export function verifyWebhook(options: {
  secret: string;
  headers: { id: string | undefined; timestamp: string | undefined; signature: string | undefined };
  body: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): boolean {
  const { id, timestamp, signature } = options.headers;
  const key = webhookSecretKey(options.secret);
  if (key === null || id === undefined || timestamp === undefined || signature === undefined) return false;
  if (!/^\d+$/.test(timestamp)) return false;
  const seconds = Number(timestamp);
  if (Math.abs(options.nowSeconds - seconds) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(
    signWebhook(key, { id, timestamp: seconds, body: options.body }).slice(3),
    'base64',
  );
  return signature.split(' ').some((candidate) => {
    const [version, mac] = candidate.split(',', 2);
    if (version !== 'v1' || mac === undefined) return false;
    const given = Buffer.from(mac, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
