// The seam between the platform (app.ts, config, auth, envelope) and the features: everything a route needs
// arrives through AppContext and the request decorations declared here.
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Database } from './db/client';
import type { projects } from './db/schema';

export type ProjectRecord = typeof projects.$inferSelect;

export type RuntimeEnvironment = 'development' | 'test' | 'production';

/** Parsed and validated configuration (infra/config.ts builds it from the environment). */
export interface AppConfig {
  env: RuntimeEnvironment;
  port: number;
  host: string;
  /** The server's own public origin, e.g. http://localhost:3000 (no trailing slash). */
  publicUrl: string;
  /** postgres://… or null for PGlite. */
  databaseUrl: string | null;
  /** PGlite folder; null keeps it in memory. */
  dataDir: string | null;
  /** smtp(s)://… or null: every e-mail goes to the dev outbox. */
  smtpUrl: string | null;
  /** The From address of e-mails. */
  mailFrom: string;
  /** Twilio-compatible Messages API for SMS and WhatsApp, or null (dev outbox). */
  sms: {
    accountSid: string;
    authToken: string;
    from: string;
    whatsappFrom: string | null;
    apiBaseUrl: string;
  } | null;
  /** Path of the project file (JSON) validated at start, or null. */
  projectFile: string | null;
  /** Folder of the built web app (apps/web/dist), or null to serve no static files. */
  webDistDir: string | null;
  /** Maximum request body in bytes. */
  bodyLimit: number;
  /** Telemetry rows kept per project before the oldest are dropped. */
  telemetryLimit: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export type DeliveryChannel = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: DeliveryChannel;
  /** E-mail address or E.164 phone number. */
  to: string;
  projectId: string | null;
  subject?: string;
  text: string;
  html?: string;
}

/** One interface for e-mail and SMS/WhatsApp (issue 2 "Delivery"). */
export interface Delivery {
  send(message: OutgoingMessage): Promise<void>;
}

export interface AppContext {
  config: AppConfig;
  db: Database;
  clock: Clock;
  delivery: Delivery;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** `request-id-<mode>-<uuid>`, also sent as the X-Request-Id header (wire-format.md §3). */
    requestId: string;
    /** The project named by the Basic authorization's public token (null on routes that take none). */
    project: ProjectRecord | null;
    /** 'test' when the public token contains `public-token-test` (wire-format.md §1.2). */
    tokenMode: 'test' | 'live';
    /** The password half of Basic authorization when it is a session token (not the public token again). */
    sessionToken: string | null;
  }
}

/** wire-format.md §3.1: every success is `{ data: { request_id, status_code, ...fields } }`. */
export function sendData<T extends object>(reply: FastifyReply, fields: T, statusCode = 200): FastifyReply {
  return reply
    .code(statusCode)
    .send({ data: { request_id: reply.request.requestId, status_code: statusCode, ...fields } });
}

/**
 * sendData for a body rendered as JSON text: `fieldsJson` is the members after request_id and status_code
 * (`"a":1,"b":{…}`, no braces). The hot session check splices stored JSON text in instead of parsing and
 * re-serializing it (issue 2 performance); Fastify sends a string with a JSON content type as it is.
 */
export function sendDataJson(reply: FastifyReply, fieldsJson: string, statusCode = 200): FastifyReply {
  const head = `{"data":{"request_id":${JSON.stringify(reply.request.requestId)},"status_code":${statusCode}`;
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(fieldsJson === '' ? `${head}}}` : `${head},${fieldsJson}}}`);
}
