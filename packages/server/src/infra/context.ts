// The seam between the platform (app.ts, config, auth, envelope) and the features: everything a service needs
// arrives through AppContext (per app) and RequestContext (per call).
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { PasswordKit } from '../features/passwords/kit';
import type { ResolvedSession } from '../features/sessions/session-lookup';
import type { SessionState } from '../features/sessions/session-state';
import type { WebhookWorker } from '../features/webhooks/worker';
import type { BasicCredentials, ProjectCache, TokenMode } from './auth';
import type { TrustedProxies } from './client-address';
import type { Database } from './db/client';
import type { projects } from './db/schema';
import type { Health } from './health';
import type { Metrics, PrometheusMetrics } from './metrics';
import type { PurgeSchedule } from './purge';
import type { LimiterStoreKind } from './rate-limit-store';
import type { CaptchaGate, RateLimitSettings, RateLimits } from './rate-limits';
import type { SecretBox } from './secret-box';

export type ProjectRecord = typeof projects.$inferSelect;

export type RuntimeEnvironment = 'development' | 'test' | 'production';

/** Parsed and validated configuration (infra/config.ts builds it from the environment). */
/** Issue 26 item 1: how /console and /admin/v1 are exposed (AppConfig.consoleExposure). */
export interface ConsoleExposureConfig {
  listener: { host: string; port: number } | null;
  publicUrl: string | null;
  allowedIps: readonly string[] | null;
}

export interface AppConfig {
  env: RuntimeEnvironment;
  port: number;
  host: string;
  /** The server's own public origin, e.g. http://localhost:3000 (no trailing slash). */
  publicUrl: string;
  /** postgres://… or null for PGlite. */
  databaseUrl: string | null;
  /**
   * redis://… or rediss://… (REDIS_URL), or null: when set, rate-limit counters live in Redis, shared by every
   * instance (issue 9 item 1; otherwise PostgreSQL with DATABASE_URL, memory on PGlite).
   */
  redisUrl: string | null;
  /** PGlite folder; null keeps it in memory. */
  dataDir: string | null;
  /**
   * The key-encryption secret (SECRET_KEY, at least 32 characters): encrypts signing keys at rest and derives the
   * passcode HMAC key (issue 8 item 4). Null when unset: development then uses one generated into DATA_DIR;
   * production refuses to start.
   */
  secretKey: string | null;
  /**
   * The SECRET_KEY this database was encrypted under before a rotation (SECRET_KEY_PREVIOUS, at least 32
   * characters), or null. At start-up, rows still under it are re-encrypted under secretKey (infra/secret-key.ts).
   */
  secretKeyPrevious: string | null;
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
  /** Issue 26 item 1: folder of the built operator console (apps/console/dist), or null to serve no /console. */
  consoleDistDir: string | null;
  /**
   * Folder of the built script tag (packages/server/dist/script-tag, issue 21 item 2: /gatehouse.js and its
   * modules, infra/script-tag.ts), or null to serve none.
   */
  scriptTagDir: string | null;
  /** Maximum request body in bytes. */
  bodyLimit: number;
  /** Telemetry rows kept per project before the oldest are dropped. */
  telemetryLimit: number;
  /** Seconds between purges of expired rows (infra/purge.ts); 0 turns the timer off. */
  purgeIntervalSeconds: number;
  /** Hours a dev-outbox message is kept before the purge deletes it. */
  outboxRetentionHours: number;
  /**
   * WEBHOOK_WORKER_INTERVAL_MS (issue 25 item 2, features/webhooks/worker.ts): how often this instance looks for due
   * webhook deliveries; 0: this instance delivers none (other instances on the database still do).
   */
  webhookWorkerIntervalMs: number;
  /** Issue 25 item 1: days an event stays in the event log before the purge deletes it. */
  eventRetentionDays: number;
  /** RATE_LIMITS: named limits replacing the defaults of infra/rate-limit-settings.ts (buildApp's rateLimits win). */
  rateLimits: Partial<RateLimitSettings>;
  /**
   * TRUSTED_PROXIES (issue 9 item 2, infra/client-address.ts): the X-Forwarded-For hops to believe, as a hop count
   * or proxy addresses/CIDRs; null ignores X-Forwarded-For and takes the socket's address.
   */
  trustedProxies: TrustedProxies | null;
  /** GET /metrics (issue 9 item 4, features/metrics): off unless METRICS_TOKEN or METRICS_ENABLED turn it on. */
  metrics: MetricsSettings;
  /** ADMIN_API_KEY (issue 25 item 3, features/admin): the bootstrap admin API key with every scope; null: none. */
  adminApiKey: string | null;
  /**
   * CONSOLE_OWNER_EMAIL (issue 26 item 2, features/operators): at start, a user with this address (lower-cased) in the
   * operators project holds the console's owner role; null: none is ensured.
   */
  consoleOwnerEmail: string | null;
  /**
   * Issue 26 item 1, where the console and the admin API are exposed (features/console/console-exposure.ts):
   * CONSOLE_PORT / CONSOLE_BIND (a listener of their own; null: the main one), CONSOLE_PUBLIC_URL (the origin operators
   * open; null: PUBLIC_URL, or the listener's loopback addresses), CONSOLE_ALLOWED_IPS (addresses and CIDRs; null: any).
   */
  consoleExposure: ConsoleExposureConfig;
  /**
   * BREACH_RANGE_API_URL (issue 10 item 1, features/passwords/breached.ts): a k-anonymity range API (the Pwned
   * Passwords protocol: GET <url>/<5 hex>) asked before the offline list, without a trailing slash; null: the
   * offline list alone.
   */
  breachRangeApiUrl: string | null;
  /**
   * DEV_ALLOWED_ORIGINS (issue 21 item 3, infra/dev-origins.ts): origins of apps under development (a Vite server on
   * :5173) that the development project allows besides its own, for calls and for redirect URLs at any path on
   * them. Always empty in production, which refuses the variable.
   */
  devAllowedOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * SHUTDOWN_DRAIN_SECONDS (issue 23 item 7, infra/health.ts): on SIGTERM, how long /health/ready answers 503 while
   * requests are still served, before the server stops listening — at least the balancer's time to notice.
   */
  shutdownDrainSeconds: number;
}

/** How GET /metrics is served (features/metrics). */
export interface MetricsSettings {
  /** Off: the route answers 404 and nothing is counted. */
  enabled: boolean;
  /**
   * METRICS_TOKEN: scrapers send `Authorization: Bearer <token>`. Null: only callers on this machine are served
   * (a loopback socket and no proxy headers).
   */
  token: string | null;
  /** METRICS_PROCESS: also prom-client's process metrics (CPU, memory, event-loop lag, GC). */
  processMetrics: boolean;
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

/**
 * What a delivery says about a message it accepted (issue 26 item 3, the message log): where it went, the provider's
 * answer and its id for the message. A Delivery that returns nothing is logged as `custom`, sent.
 */
export interface DeliveryReceipt {
  provider: 'smtp' | 'sms_api' | 'outbox';
  answer: string | null;
  providerMessageId: string | null;
  /** The dev outbox's id for the stored message (the log row takes the same id, so the body is found from it). */
  outboxId?: string;
}

/** One interface for e-mail and SMS/WhatsApp (issue 2 "Delivery"). */
export interface Delivery {
  // biome-ignore lint/suspicious/noConfusingVoidType: a Delivery written before the receipt (a test's, an embedder's) returns nothing.
  send(message: OutgoingMessage): Promise<DeliveryReceipt | void>;
}

/**
 * What lives as long as the app (DESIGN.md convention 12): built once by buildApp, never in module-level maps, so
 * two apps in one process (tests, two instances on one database) never share a cache by accident.
 */
export interface AppContext {
  config: AppConfig;
  db: Database;
  clock: Clock;
  delivery: Delivery;
  log: FastifyBaseLogger;
  /** Encryption and key derivation under SECRET_KEY (infra/secret-box.ts): keys at rest, the passcode HMAC key. */
  secrets: SecretBox;
  /** Public token → project, cached briefly (infra/auth.ts). */
  projects: ProjectCache;
  /** Session lookups, signing keys and the JWT cache (features/sessions). */
  sessions: SessionState;
  /** Rate limits (infra/rate-limits.ts); their counters live in the store infra/rate-limit-store.ts picks. */
  limits: RateLimits;
  /** The self-hosted captcha asked for under pressure (infra/captcha.ts), or null when none is wired. */
  captcha: CaptchaGate | null;
  /** Counters for operators (infra/metrics.ts). */
  metrics: Metrics;
  /** The timer that purges expired rows (infra/purge.ts); stopped when the app closes. */
  purge: PurgeSchedule;
  /** The webhook delivery loop (features/webhooks/worker.ts); started on ready, stopped when the app closes. */
  webhooks: WebhookWorker;
  /**
   * Password hashing, strength and breached-password checks (features/passwords/kit.ts, issue 10 item 1): its
   * zxcvbn dictionaries and breached list are built once per app, on first use.
   */
  passwords: PasswordKit;
  /** Issue 26 item 3 (System, GET /admin/v1/system): what this instance runs on, built by buildApp. */
  instance: InstanceInfo;
}

/** What an instance runs on and how it is doing (issue 26 item 3, the console's System screen). */
export interface InstanceInfo {
  databaseKind: 'pglite' | 'postgres';
  /** Where rate-limit counters live (infra/rate-limit-store.ts). */
  limiterStore: LimiterStoreKind;
  /** Readiness (infra/health.ts): the same checks as GET /health/ready. */
  health: Health;
  /** The server's package version. */
  version: string;
  startedAt: Date;
  /** The counters of GET /metrics when they are on (METRICS_ENABLED / METRICS_TOKEN), else null. */
  prometheus: PrometheusMetrics | null;
}

/**
 * DESIGN.md convention 11: what one /sdk/v1 call is about, resolved once by the request-context hook
 * (infra/request-context.ts) and handed to services as plain data — services never see a FastifyRequest.
 */
export interface RequestContext {
  project: ProjectRecord;
  /** 'test' when the public token is the project's test token (wire-format.md §1.2). */
  tokenMode: TokenMode;
  /** The password half of Basic authorization when it is a session token (not the public token again). */
  sessionToken: string | null;
  /**
   * The caller's live session, resolved when the route asks for one (`config.session` 'required' or
   * 'optional'); null otherwise, or when an optional session token names no live session.
   */
  session: ResolvedSession | null;
  /** The client address: the socket's, or the hop TRUSTED_PROXIES points at (infra/client-address.ts). */
  ip: string;
  /** The User-Agent header, bounded and storable. */
  userAgent: string;
  /**
   * The X-SDK-Client header as sent (base64 JSON telemetry, wire-format.md §2.1), or null: it names the SDK, which
   * tells whether the caller can solve a captcha (infra/captcha.ts). Decoded only when that is asked.
   */
  sdkClient: string | null;
  /** `request-id-<mode>-<uuid>`, also sent as X-Request-Id. */
  requestId: string;
  /** The request's logger (its lines carry the request id). */
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** `request-id-<mode>-<uuid>`, also sent as the X-Request-Id header (wire-format.md §3). */
    requestId: string;
    /** Set by the request-context hook on /sdk/v1 routes that take a public token; read it with contextOf. */
    gatehouse: RequestContext | null;
    /** The Basic authorization as the request-hygiene hook read it (once per request); null when there is none. */
    basicCredentials: BasicCredentials | null;
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
