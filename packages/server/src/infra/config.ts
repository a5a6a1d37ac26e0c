// Configuration from environment variables, validated once at start (issue 1 "Server core"): a wrong value stops
// start-up with a message that names the key and what is allowed, instead of failing later on a request.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_PRODUCTS, PRODUCTS, type Product } from '@gatehouse/protocol';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import {
  checkOAuthProviders,
  type OAuthProviderDeclarations,
  OAuthProvidersFileSchema,
} from '../features/oauth/file-schema';
import { checkWebhooks, type WebhookDeclaration, WebhooksFileSchema } from '../features/webhooks/file-schema';
import { parseAddressList, parseTrustedProxies, type TrustedProxies } from './client-address';
import type { AppConfig, ConsoleExposureConfig, MetricsSettings, RuntimeEnvironment } from './context';
import type { ProjectSettings } from './db/schema';
import {
  DEV_ALLOWED_ORIGINS,
  DEV_ALLOWED_ORIGINS_IN_PRODUCTION,
  parseDevAllowedOrigins,
} from './dev-origins';
import { SERVER_PACKAGE_ROOT } from './package-root';
import { DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimitSettings } from './rate-limits';
import { ThemeSchema } from './theme-schema';

/** A configuration or project-file problem; the message names the key and the allowed values. */
export class ConfigError extends Error {
  readonly key: string;

  constructor(key: string, message: string) {
    super(`Invalid configuration: ${key} ${message}`);
    this.name = 'ConfigError';
    this.key = key;
  }
}

export type Environment = Record<string, string | undefined>;

const ENVIRONMENTS: readonly RuntimeEnvironment[] = ['development', 'test', 'production'];
const LOG_LEVELS: readonly AppConfig['logLevel'][] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

/** Fastify's default body limit (security-tests.md IV-02: "Fastify default 1 MiB → 413"). */
export const DEFAULT_BODY_LIMIT = 1_048_576;
export const DEFAULT_TELEMETRY_LIMIT = 10_000;
export const DEFAULT_TWILIO_API_BASE_URL = 'https://api.twilio.com';
/** PURGE_INTERVAL_SECONDS: expired rows are purged every 10 minutes (infra/purge.ts). */
export const DEFAULT_PURGE_INTERVAL_SECONDS = 600;
/** OUTBOX_RETENTION_HOURS: a day of dev-outbox messages stays readable at /dev/outbox. */
export const DEFAULT_OUTBOX_RETENTION_HOURS = 24;
/**
 * WEBHOOK_WORKER_INTERVAL_MS: due webhook deliveries are looked for every second (issue 25 item 2: the first retry
 * within 10 s).
 */
export const DEFAULT_WEBHOOK_WORKER_INTERVAL_MS = 1000;
/** EVENT_RETENTION_DAYS: the event log keeps 90 days (issue 25 item 1); the purge deletes older events in batches. */
export const DEFAULT_EVENT_RETENTION_DAYS = 90;

/** `<repo>/apps/web/dist`, resolved from this package's folder so the cwd does not matter. */
export const DEFAULT_WEB_DIST_DIR = resolve(SERVER_PACKAGE_ROOT, '../../apps/web/dist');

/** `<repo>/apps/console/dist`: issue 26 item 1, the operator console (features/console). */
export const DEFAULT_CONSOLE_DIST_DIR = resolve(SERVER_PACKAGE_ROOT, '../../apps/console/dist');

/** `<server package>/dist/script-tag`, where scripts/lib/script-tag-build.mjs writes the script tag. */
export const DEFAULT_SCRIPT_TAG_DIR = resolve(SERVER_PACKAGE_ROOT, 'dist/script-tag');

/** DATA_DIR values that keep PGlite in memory (nothing persisted). */
const IN_MEMORY_DATA_DIRS = new Set([':memory:', 'memory']);

/**
 * Builds the AppConfig from environment variables; `overrides` win over the environment (tests, buildApp).
 * Throws ConfigError naming the first bad key.
 */
export function loadConfig(env: Environment, overrides: Partial<AppConfig> = {}): AppConfig {
  const value = (key: string): string | null => {
    const raw = env[key];
    if (raw === undefined) return null;
    const trimmed = raw.trim();
    return trimmed === '' ? null : trimmed;
  };

  const envName = oneOf('NODE_ENV', value('NODE_ENV'), ENVIRONMENTS, 'development');
  const production = (overrides.env ?? envName) === 'production';
  const port = integer('PORT', value('PORT'), { min: 0, max: 65_535, fallback: 3000 });
  // Issue 8 item 3: a development server is reachable from this machine only unless HOST says otherwise; in
  // production (usually a container behind a proxy) every interface.
  const host = value('HOST') ?? (production ? '0.0.0.0' : '127.0.0.1');
  const publicPort = overrides.port ?? port;
  // Production fails closed: no public URL is guessed there (login links and origins depend on it).
  if (production && value('PUBLIC_URL') === null && overrides.publicUrl === undefined) {
    throw new ConfigError(
      'PUBLIC_URL',
      'is not set; production needs the https:// origin visitors reach the server at, such as https://auth.example.com',
    );
  }
  const publicUrl = httpOrigin('PUBLIC_URL', value('PUBLIC_URL') ?? `http://localhost:${publicPort}`);
  const databaseUrl = urlWithScheme('DATABASE_URL', value('DATABASE_URL'), ['postgres:', 'postgresql:']);
  // Issue 9 item 1: rate-limit counters shared by every instance in Redis (infra/rate-limit-store.ts).
  const redisUrl = urlWithScheme('REDIS_URL', value('REDIS_URL'), ['redis:', 'rediss:']);
  const dataDirValue = value('DATA_DIR') ?? './data';
  const dataDir = IN_MEMORY_DATA_DIRS.has(dataDirValue) ? null : resolve(dataDirValue);
  const secretKey = secret('SECRET_KEY', value('SECRET_KEY'));
  const secretKeyPrevious = secret('SECRET_KEY_PREVIOUS', value('SECRET_KEY_PREVIOUS'));
  const smtpUrl = urlWithScheme('SMTP_URL', value('SMTP_URL'), ['smtp:', 'smtps:']);
  const mailFrom = mailbox(
    'MAIL_FROM',
    value('MAIL_FROM') ?? `Gatehouse <no-reply@${new URL(publicUrl).hostname}>`,
  );
  const sms = smsConfig(value);
  if (value('SMS_ALLOWED_COUNTRIES') !== null) {
    // Issue 9 item 1: the allowlist is per project now. A deployment that still sets the variable would silently
    // lose its SMS-pumping guard, so start-up says where the setting went.
    throw new ConfigError(
      'SMS_ALLOWED_COUNTRIES',
      'is no longer read; allowed: set "sms_allowed_countries" (e.g. ["US","CA"]) in the settings of each project in the project file',
    );
  }
  const projectFile = value('PROJECT_FILE') === null ? null : resolve(value('PROJECT_FILE')!);
  const webDistValue = value('WEB_DIST_DIR');
  const webDistDir = webDistValue === null ? DEFAULT_WEB_DIST_DIR : resolve(webDistValue);
  const consoleDistValue = value('CONSOLE_DIST_DIR');
  const consoleDistDir = consoleDistValue === null ? DEFAULT_CONSOLE_DIST_DIR : resolve(consoleDistValue);
  const scriptTagValue = value('SCRIPT_TAG_DIR');
  const scriptTagDir = scriptTagValue === null ? DEFAULT_SCRIPT_TAG_DIR : resolve(scriptTagValue);
  const bodyLimit = integer('BODY_LIMIT', value('BODY_LIMIT'), {
    min: 1024,
    max: 104_857_600,
    fallback: DEFAULT_BODY_LIMIT,
  });
  const telemetryLimit = integer('TELEMETRY_LIMIT', value('TELEMETRY_LIMIT'), {
    min: 0,
    max: 10_000_000,
    fallback: DEFAULT_TELEMETRY_LIMIT,
  });
  const purgeIntervalSeconds = integer('PURGE_INTERVAL_SECONDS', value('PURGE_INTERVAL_SECONDS'), {
    min: 0,
    max: 86_400,
    fallback: DEFAULT_PURGE_INTERVAL_SECONDS,
  });
  const outboxRetentionHours = integer('OUTBOX_RETENTION_HOURS', value('OUTBOX_RETENTION_HOURS'), {
    min: 1,
    max: 8760,
    fallback: DEFAULT_OUTBOX_RETENTION_HOURS,
  });
  const webhookWorkerIntervalMs = integer('WEBHOOK_WORKER_INTERVAL_MS', value('WEBHOOK_WORKER_INTERVAL_MS'), {
    min: 0,
    max: 60_000,
    fallback: DEFAULT_WEBHOOK_WORKER_INTERVAL_MS,
  });
  const eventRetentionDays = integer('EVENT_RETENTION_DAYS', value('EVENT_RETENTION_DAYS'), {
    min: 1,
    max: 36_500,
    fallback: DEFAULT_EVENT_RETENTION_DAYS,
  });
  // Issue 23 item 7: 0 stops at once (one instance, development); behind a balancer, its check interval × fall.
  const shutdownDrainSeconds = integer('SHUTDOWN_DRAIN_SECONDS', value('SHUTDOWN_DRAIN_SECONDS'), {
    min: 0,
    max: 300,
    fallback: 0,
  });
  const logLevel = oneOf('LOG_LEVEL', value('LOG_LEVEL'), LOG_LEVELS, envName === 'test' ? 'silent' : 'info');
  const rateLimits = rateLimitOverrides('RATE_LIMITS', value('RATE_LIMITS'));
  const trustedProxies = trustedProxyList('TRUSTED_PROXIES', value('TRUSTED_PROXIES'));
  const metrics = metricsSettings(value, overrides.host ?? host);
  // Issue 25 item 3: the bootstrap admin API key (every scope); more keys are made through the API. Unset: the admin
  // API answers 401 until a key exists.
  const adminApiKey = secret('ADMIN_API_KEY', value('ADMIN_API_KEY'));
  // Issue 26 item 2: the console's first owner, ensured at every start (features/operators/console-owner.ts).
  const consoleOwnerEmail = emailAddress('CONSOLE_OWNER_EMAIL', value('CONSOLE_OWNER_EMAIL'));
  const consoleExposure = consoleExposureSettings(value, production, port);
  // Issue 21 item 3: origins of apps under development that call the development project (infra/dev-origins.ts).
  const devAllowedOrigins = devOrigins(DEV_ALLOWED_ORIGINS, value(DEV_ALLOWED_ORIGINS), production);
  // Issue 10 item 1: an optional k-anonymity range API for breached passwords (only 5 hex characters of the SHA-1
  // leave the server); unset, the offline list alone answers.
  const breachRangeApiUrl = urlWithScheme('BREACH_RANGE_API_URL', value('BREACH_RANGE_API_URL'), [
    'http:',
    'https:',
  ]);

  const config: AppConfig = {
    env: envName,
    port,
    host,
    publicUrl,
    databaseUrl,
    redisUrl,
    dataDir,
    secretKey,
    secretKeyPrevious,
    smtpUrl,
    mailFrom,
    sms,
    projectFile,
    webDistDir,
    consoleDistDir,
    scriptTagDir,
    bodyLimit,
    telemetryLimit,
    purgeIntervalSeconds,
    outboxRetentionHours,
    webhookWorkerIntervalMs,
    eventRetentionDays,
    rateLimits,
    trustedProxies,
    metrics,
    adminApiKey,
    consoleOwnerEmail,
    consoleExposure,
    breachRangeApiUrl: breachRangeApiUrl === null ? null : breachRangeApiUrl.replace(/\/+$/, ''),
    devAllowedOrigins,
    logLevel,
    shutdownDrainSeconds,
    ...overrides,
  };
  // Overrides come from code (tests, embedding apps); the same rules apply so a typo there fails just as loudly.
  if (overrides.publicUrl !== undefined) config.publicUrl = httpOrigin('publicUrl', overrides.publicUrl);
  if (overrides.consoleOwnerEmail !== undefined && overrides.consoleOwnerEmail !== null) {
    config.consoleOwnerEmail = emailAddress('consoleOwnerEmail', overrides.consoleOwnerEmail);
  }
  if (overrides.devAllowedOrigins !== undefined) {
    config.devAllowedOrigins = devOrigins(
      'devAllowedOrigins',
      overrides.devAllowedOrigins.join(','),
      config.env === 'production',
    );
  }
  return config;
}

/**
 * Issue 26 item 1: "an option serves /console and /admin/v1 on a separate listener or host with an IP allowlist".
 * CONSOLE_PORT (with CONSOLE_BIND, loopback unless set) gives them a listener of their own; CONSOLE_PUBLIC_URL is the
 * origin operators open (a host of its own on the main listener, or the public name of the separate one);
 * CONSOLE_ALLOWED_IPS limits who may call them (the client address as TRUSTED_PROXIES reads it).
 */
function consoleExposureSettings(
  value: (key: string) => string | null,
  production: boolean,
  mainPort: number,
): ConsoleExposureConfig {
  const portValue = value('CONSOLE_PORT');
  const port =
    portValue === null ? null : integer('CONSOLE_PORT', portValue, { min: 1, max: 65_535, fallback: 0 });
  if (port !== null && port === mainPort) {
    throw new ConfigError('CONSOLE_PORT', `is ${port}, the main PORT too; allowed: another port, or unset`);
  }
  const bind = value('CONSOLE_BIND');
  if (bind !== null && port === null) {
    throw new ConfigError(
      'CONSOLE_BIND',
      'is set without CONSOLE_PORT; allowed: set CONSOLE_PORT too, or unset',
    );
  }
  if (bind !== null && isIP(bind) === 0 && bind !== 'localhost') {
    throw new ConfigError('CONSOLE_BIND', `is "${bind}"; allowed: an IPv4 or IPv6 address such as 127.0.0.1`);
  }
  const publicValue = value('CONSOLE_PUBLIC_URL');
  const publicUrl = publicValue === null ? null : httpOrigin('CONSOLE_PUBLIC_URL', publicValue);
  if (production && publicUrl !== null && !publicUrl.startsWith('https://')) {
    throw new ConfigError('CONSOLE_PUBLIC_URL', `is ${publicUrl}; production needs an https:// origin`);
  }
  if (production && port !== null && publicUrl === null) {
    throw new ConfigError(
      'CONSOLE_PUBLIC_URL',
      'is not set while CONSOLE_PORT is; production needs the https:// origin operators open the console at',
    );
  }
  const ipsValue = value('CONSOLE_ALLOWED_IPS');
  let allowedIps: string[] | null = null;
  if (ipsValue !== null) {
    const parsed = parseAddressList(ipsValue);
    if ('problem' in parsed) throw new ConfigError('CONSOLE_ALLOWED_IPS', parsed.problem);
    allowedIps = parsed.value;
  }
  return {
    listener: port === null ? null : { host: bind ?? '127.0.0.1', port },
    publicUrl,
    allowedIps,
  };
}

/** An e-mail address (one `@`, a dotted domain, no spaces), lower-cased; null when unset. */
function emailAddress(key: string, raw: string | null): string | null {
  if (raw === null) return null;
  if (raw.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) {
    throw new ConfigError(key, `is "${raw}"; allowed: one e-mail address, such as owner@example.com`);
  }
  return raw.toLowerCase();
}

/**
 * DEV_ALLOWED_ORIGINS (issue 21 item 3): extra origins of the development project, refused in production (which
 * never serves that project: a deployment setting it expects something that would not happen, so it does not start).
 */
function devOrigins(key: string, raw: string | null, production: boolean): string[] {
  if (raw === null || raw.trim() === '') return [];
  if (production) throw new ConfigError(key, DEV_ALLOWED_ORIGINS_IN_PRODUCTION);
  const parsed = parseDevAllowedOrigins(raw);
  if ('problem' in parsed) throw new ConfigError(key, parsed.problem);
  return parsed.value;
}

/** One limit as RATE_LIMITS states it (infra/rate-limits.ts RateLimit). */
const RateLimitSchema = Type.Object(
  {
    points: Type.Integer({ minimum: 1 }),
    durationSeconds: Type.Integer({ minimum: 1, maximum: 31_536_000 }),
    softPoints: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

/** RATE_LIMITS: the limits to replace, by name (the names of DEFAULT_RATE_LIMITS, so the schema follows them). */
const RateLimitOverridesSchema = Type.Object(
  Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, Type.Optional(RateLimitSchema)]),
  ) as Record<RateLimitName, ReturnType<typeof Type.Optional<typeof RateLimitSchema>>>,
  { additionalProperties: false },
);

/**
 * RATE_LIMITS: JSON that replaces named limits, e.g. `{"otpSendsPerIp":{"points":20,"durationSeconds":600,
 * "softPoints":10}}`; the others keep their defaults (infra/rate-limit-settings.ts).
 */
function rateLimitOverrides(key: string, raw: string | null): Partial<RateLimitSettings> {
  if (raw === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(key, 'is not JSON; allowed: {"<limit name>": {"points": n, "durationSeconds": n}}');
  }
  // `boolean` errors (a property the schema forbids) repeat the additionalProperties error next to them.
  const first = [...Value.Errors(RateLimitOverridesSchema, parsed)].find(
    (error) => error.keyword !== 'boolean',
  );
  if (first?.keyword === 'additionalProperties') {
    const [name] = (first.params as { additionalProperties?: string[] }).additionalProperties ?? [];
    throw new ConfigError(
      key,
      `names an unknown limit "${name}"; allowed names: ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')}`,
    );
  }
  if (first !== undefined) {
    const at = jsonPath(first.instancePath);
    throw new ConfigError(key, `${at === '' ? '' : `${at} `}${first.message}`);
  }
  const limits = parsed as Partial<RateLimitSettings>;
  for (const [name, limit] of Object.entries(limits)) {
    if (limit?.softPoints !== undefined && limit.softPoints > limit.points) {
      throw new ConfigError(key, `${name}.softPoints must not exceed ${name}.points`);
    }
  }
  return limits;
}

/** TRUSTED_PROXIES (issue 9 item 2, infra/client-address.ts): a hop count or proxy addresses and CIDRs. */
function trustedProxyList(key: string, raw: string | null): TrustedProxies | null {
  if (raw === null) return null;
  const parsed = parseTrustedProxies(raw);
  if ('problem' in parsed) throw new ConfigError(key, parsed.problem);
  return parsed.value;
}

/** A HOST that only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * GET /metrics (issue 9 item 4): on with METRICS_TOKEN (scrapers send it as a bearer token), or with
 * METRICS_ENABLED=true for callers on this machine only — allowed only while HOST is loopback, so a tokenless
 * endpoint is never reachable from elsewhere by configuration. METRICS_ENABLED=false turns it off even with a token.
 */
function metricsSettings(value: (key: string) => string | null, host: string): MetricsSettings {
  const token = secret('METRICS_TOKEN', value('METRICS_TOKEN'));
  const switched = oneOf('METRICS_ENABLED', value('METRICS_ENABLED'), ['true', 'false'] as const, null);
  const processMetrics = oneOf(
    'METRICS_PROCESS',
    value('METRICS_PROCESS'),
    ['true', 'false'] as const,
    'true',
  );
  const enabled = switched === null ? token !== null : switched === 'true';
  if (enabled && token === null && !isLoopbackHost(host)) {
    throw new ConfigError(
      'METRICS_ENABLED',
      `is true without METRICS_TOKEN while HOST is "${host}" (reachable from other machines); allowed: set METRICS_TOKEN (at least ${SECRET_KEY_MIN_LENGTH} random characters) for scrapers, or listen on loopback only (HOST=127.0.0.1)`,
    );
  }
  return { enabled, token, processMetrics: processMetrics === 'true' };
}

function oneOf<T extends string, F extends T | null>(
  key: string,
  raw: string | null,
  allowed: readonly T[],
  fallback: F,
): T | F {
  if (raw === null) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigError(key, `is "${raw}"; allowed values: ${allowed.join(', ')}`);
}

function integer(
  key: string,
  raw: string | null,
  range: { min: number; max: number; fallback: number },
): number {
  if (raw === null) return range.fallback;
  if (!/^\d+$/.test(raw)) {
    throw new ConfigError(key, `is "${raw}"; allowed: a whole number from ${range.min} to ${range.max}`);
  }
  const parsed = Number(raw);
  if (parsed < range.min || parsed > range.max) {
    throw new ConfigError(key, `is ${parsed}; allowed: a whole number from ${range.min} to ${range.max}`);
  }
  return parsed;
}

/** An http(s) origin without path, query or trailing slash (wire-format.md §1.1: no slash normalisation). */
function httpOrigin(key: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      key,
      `is "${raw}"; allowed: an absolute http:// or https:// URL such as https://auth.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(key, `has scheme "${url.protocol}"; allowed schemes: http:, https:`);
  }
  if (
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== ''
  ) {
    throw new ConfigError(
      key,
      `is "${raw}"; allowed: an origin only (scheme, host and port), no path, query or credentials`,
    );
  }
  return url.origin;
}

/** SECRET_KEY_MIN_LENGTH characters at least: `openssl rand -base64 32` prints 44. */
export const SECRET_KEY_MIN_LENGTH = 32;

function secret(key: string, raw: string | null): string | null {
  if (raw === null) return null;
  if (raw.length < SECRET_KEY_MIN_LENGTH) {
    throw new ConfigError(
      key,
      `is ${raw.length} characters long; allowed: at least ${SECRET_KEY_MIN_LENGTH} random characters (openssl rand -base64 32)`,
    );
  }
  return raw;
}

function urlWithScheme(key: string, raw: string | null, schemes: readonly string[]): string | null {
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(key, `is not a URL; allowed: a URL with scheme ${schemes.join(' or ')}`);
  }
  if (!schemes.includes(url.protocol)) {
    throw new ConfigError(key, `has scheme "${url.protocol}"; allowed schemes: ${schemes.join(', ')}`);
  }
  return raw;
}

const EMAIL_PATTERN = /^[^\s@<>"]+@[^\s@<>"]+$/;

/** `addr@example.com` or `Name <addr@example.com>`; no CR/LF (mail header injection). */
function mailbox(key: string, raw: string): string {
  const match = /^(?:[^<>\r\n]*<([^<>\r\n]+)>|([^<>\r\n]+))$/.exec(raw);
  const address = match?.[1] ?? match?.[2];
  if (address === undefined || !EMAIL_PATTERN.test(address.trim())) {
    throw new ConfigError(
      key,
      `is "${raw}"; allowed: an e-mail address, optionally as "Name <address@example.com>"`,
    );
  }
  return raw;
}

const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

/** The domain of the From address, used as the bootstrap `email_domains` default (wire-format.md §4.11). */
export function mailFromDomain(mailFrom: string): string | null {
  const address = /<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const at = address.lastIndexOf('@');
  return at === -1
    ? null
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase() || null;
}

/** Twilio-compatible Messages API: all of SID, token and From, or none of them. */
function smsConfig(value: (key: string) => string | null): AppConfig['sms'] {
  const accountSid = value('TWILIO_ACCOUNT_SID');
  const authToken = value('TWILIO_AUTH_TOKEN');
  const from = value('TWILIO_FROM');
  const whatsappFrom = value('TWILIO_WHATSAPP_FROM');
  const apiBaseUrl = value('TWILIO_API_BASE_URL');
  const anySet = [accountSid, authToken, from, whatsappFrom, apiBaseUrl].some((entry) => entry !== null);
  if (!anySet) return null;
  const required: [string, string | null][] = [
    ['TWILIO_ACCOUNT_SID', accountSid],
    ['TWILIO_AUTH_TOKEN', authToken],
    ['TWILIO_FROM', from],
  ];
  for (const [key, entry] of required) {
    if (entry === null) {
      throw new ConfigError(
        key,
        'is missing; allowed: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together (or none of the TWILIO_* keys)',
      );
    }
  }
  if (!E164_PATTERN.test(from!)) {
    throw new ConfigError('TWILIO_FROM', `is "${from}"; allowed: an E.164 phone number such as +15005550006`);
  }
  if (whatsappFrom !== null && !E164_PATTERN.test(whatsappFrom)) {
    throw new ConfigError(
      'TWILIO_WHATSAPP_FROM',
      `is "${whatsappFrom}"; allowed: an E.164 phone number such as +14155238886`,
    );
  }
  const base =
    urlWithScheme('TWILIO_API_BASE_URL', apiBaseUrl, ['http:', 'https:']) ?? DEFAULT_TWILIO_API_BASE_URL;
  return {
    accountSid: accountSid!,
    authToken: authToken!,
    from: from!,
    whatsappFrom,
    apiBaseUrl: base.replace(/\/+$/, ''),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Project file (PROJECT_FILE): projects declared as JSON and upserted at start. Its shape is one TypeBox schema
// (issue 8 item 6); Value.Errors gives the JSON path of a problem. Each schema's `description` says what is
// allowed, in the same "allowed: …" words as the environment keys above. What a schema cannot say (exact
// origins, absolute redirect URLs, unique names) is checked after it.

/** One project as declared in the project file; settings are merged over the defaults. */
export interface ProjectDeclaration {
  name: string;
  allowedOrigins: string[];
  allowedRedirectUrls: string[];
  enabledProducts: Product[];
  settings: Partial<ProjectSettings>;
  /** Issue 11: the project's OAuth clients, or null when the file does not say (the stored ones are kept). */
  oauthProviders: OAuthProviderDeclarations | null;
  /**
   * Issue 25 item 2: the project's webhook endpoints (features/webhooks), replacing the file's endpoints of the
   * previous start; empty when the file names none (endpoints added through the admin API are kept either way).
   */
  webhooks: WebhookDeclaration[];
  /**
   * Issue 24 item 5: `settings.password_migration_secret` in plain text, kept apart from `settings` so it is stored
   * only encrypted; null removes it, absent keeps the stored one.
   */
  passwordMigrationSecret?: string | null;
}

const FLAG = Type.Boolean({ description: 'allowed: true or false' });

const ProjectSettingsSchema = Type.Object(
  {
    disable_sdk_watermark: Type.Optional(FLAG),
    cname_domain: Type.Optional(
      Type.Union([Type.Null(), Type.String({ pattern: '^[A-Za-z0-9.-]+$' })], {
        description: 'allowed: null or a host name such as login.example.com',
      }),
    ),
    email_domains: Type.Optional(
      Type.Array(Type.String(), { description: 'allowed: an array of domain names such as example.com' }),
    ),
    captcha_settings: Type.Optional(
      Type.Union(
        [
          Type.Object({ enabled: Type.Literal(false) }, { additionalProperties: false }),
          Type.Object(
            { enabled: Type.Literal(true), siteKey: Type.String({ minLength: 1 }) },
            { additionalProperties: false },
          ),
        ],
        { description: 'allowed: { "enabled": false } or { "enabled": true, "siteKey": "<key>" }' },
      ),
    ),
    pkce_required_for_email_magic_links: Type.Optional(FLAG),
    pkce_required_for_password_resets: Type.Optional(FLAG),
    pkce_required_for_oauth: Type.Optional(FLAG),
    password_config: Type.Optional(
      Type.Union(
        [
          Type.Null(),
          Type.Object(
            {
              luds_complexity: Type.Integer({ minimum: 0, maximum: 4 }),
              luds_minimum_count: Type.Integer({ minimum: 0, maximum: 64 }),
            },
            { additionalProperties: false },
          ),
        ],
        { description: 'allowed: null or { "luds_complexity": 0..4, "luds_minimum_count": 0..64 }' },
      ),
    ),
    rbac_policy: Type.Optional(
      Type.Union([Type.Null(), Type.Object({})], {
        description: 'allowed: null or an object { roles, resources }',
      }),
    ),
    // Issue 9 item 1, security-tests.md BF-05 (SMS pumping): both refuse before any provider is called.
    sms_daily_limit: Type.Optional(
      Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 10_000_000 })], {
        description:
          'allowed: null (the server default, RATE_LIMITS paidSendsPerProject) or a whole number 0..10000000 of SMS and WhatsApp passcodes per day',
      }),
    ),
    sms_allowed_countries: Type.Optional(
      Type.Union([Type.Null(), Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$' }), { maxItems: 300 })], {
        description:
          'allowed: null (every country) or an array of ISO 3166-1 alpha-2 region codes such as ["US", "CA"]',
      }),
    ),
    // Issue 12 item 1: contract wallets' EIP-1271 signatures are checked through this JSON-RPC (features/crypto-wallets).
    ethereum_rpc_url: Type.Optional(
      Type.Union([Type.Null(), Type.String({ pattern: '^https?://', maxLength: 2048 })], {
        description: 'allowed: null (no contract wallets) or an http(s) Ethereum JSON-RPC URL',
      }),
    ),
    // Issue 24 item 5: lazy migration from the old provider (features/passwords/lazy-migration.ts). The secret is
    // taken out of the settings by toDeclaration and stored encrypted (infra/password-migration-secret.ts).
    password_migration_url: Type.Optional(
      Type.Union([Type.Null(), Type.String({ pattern: '^https?://', maxLength: 2048 })], {
        description:
          "allowed: null (no lazy migration) or the old provider's https:// sign-in endpoint (http:// only outside production)",
      }),
    ),
    password_migration_secret: Type.Optional(
      Type.Union([Type.Null(), Type.String({ pattern: '^[\\x21-\\x7e]{16,512}$' })], {
        description:
          'allowed: null (no Authorization header) or a secret of 16 to 512 printable characters without spaces, sent as a bearer token',
      }),
    ),
    // Issue 13 item 1: users with an authenticator app must step up with a code (features/totps/second-factor.ts).
    require_second_factor: Type.Optional(FLAG),
    // Issue 20 (infra/project-settings.ts): the step-up window, the ceiling on guessing, the cap on link lifetimes.
    reauthentication_window_minutes: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1440, description: 'allowed: a whole number of minutes 1..1440' }),
    ),
    max_consecutive_failures: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'allowed: a whole number 1..100' }),
    ),
    max_link_expiration_minutes: Type.Optional(
      Type.Integer({
        minimum: 5,
        maximum: 10_080,
        description: 'allowed: a whole number of minutes 5..10080',
      }),
    ),
    // Issue 26 "Branding": the widget's theme, sent by bootstrap (infra/theme-schema.ts).
    // Not a union with null, so a mistake is named at its own key (settings.theme.colors.primary); the admin API's
    // null removes the key before this check.
    theme: Type.Optional(ThemeSchema),
  },
  { additionalProperties: false, description: 'allowed: an object of settings' },
);

/** The settings a project file (and the admin API, features/projects/project-admin.ts) may declare. */
export const DECLARABLE_SETTINGS: readonly string[] = Object.keys(ProjectSettingsSchema.properties);

const ProjectSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'allowed: a non-empty string of at most 200 characters',
    }),
    allowed_origins: Type.Optional(
      Type.Array(Type.String({ description: 'allowed: an origin string such as https://app.example.com' }), {
        description: 'allowed: an array of origin strings',
      }),
    ),
    allowed_redirect_urls: Type.Optional(
      Type.Array(
        Type.String({ description: 'allowed: a URL string such as https://app.example.com/authenticate' }),
        { description: 'allowed: an array of URL strings' },
      ),
    ),
    enabled_products: Type.Optional(
      Type.Array(Type.Enum(PRODUCTS, { description: `allowed values: ${PRODUCTS.join(', ')}` }), {
        description: 'allowed: an array of product names',
      }),
    ),
    settings: Type.Optional(ProjectSettingsSchema),
    // Issue 11 item 1: OAuth clients per provider (features/oauth/file-schema.ts).
    oauth_providers: Type.Optional(OAuthProvidersFileSchema),
    // Issue 25 item 2: webhook endpoints (features/webhooks/file-schema.ts).
    webhooks: Type.Optional(WebhooksFileSchema),
  },
  { additionalProperties: false, description: 'allowed: an object { name, allowed_origins, … }' },
);

/** The project file: `{ "projects": [ … ] }` (a bare array is read as its `projects`). */
export const ProjectFileSchema = Type.Object(
  { projects: Type.Array(ProjectSchema, { description: 'allowed: an array of projects' }) },
  { additionalProperties: false },
);

type ProjectFile = Static<typeof ProjectFileSchema>;
type ProjectEntry = ProjectFile['projects'][number];

/**
 * Reads and validates the project file: `{ "projects": [ { name, allowed_origins, allowed_redirect_urls,
 * enabled_products, settings } ] }` (a bare array of projects is accepted too). Throws ConfigError naming the
 * JSON path of the first problem.
 */
export function loadProjectFile(path: string): ProjectDeclaration[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      'PROJECT_FILE',
      `cannot be read (${path}): ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError('PROJECT_FILE', `is not valid JSON (${path}): ${(error as Error).message}`);
  }
  return parseProjectFile(parsed);
}

/** Validates an already parsed project file (see loadProjectFile). */
export function parseProjectFile(parsed: unknown): ProjectDeclaration[] {
  const file = Array.isArray(parsed) ? { projects: parsed } : parsed;
  if (typeof file !== 'object' || file === null) {
    throw new ConfigError(
      'PROJECT_FILE',
      'must be a JSON object { "projects": [ ... ] } or an array of projects',
    );
  }
  if (!Value.Check(ProjectFileSchema, file)) throw projectFileError(file);
  const names = new Set<string>();
  return file.projects.map((entry, index) => {
    const declaration = toDeclaration(entry, `projects[${index}]`);
    if (names.has(declaration.name)) {
      throw new ConfigError(
        `PROJECT_FILE projects[${index}].name`,
        `"${declaration.name}" is declared twice; names must be unique`,
      );
    }
    names.add(declaration.name);
    return declaration;
  });
}

/** The checks a schema cannot express, and the mapping to the declaration (snake_case keys → camelCase). */
function toDeclaration(entry: ProjectEntry, at: string): ProjectDeclaration {
  // Origins must be bare http(s) origins so they compare exactly with the Origin header (security-tests CS-03).
  const allowedOrigins = (entry.allowed_origins ?? []).map((origin, index) =>
    httpOrigin(`PROJECT_FILE ${at}.allowed_origins[${index}]`, origin),
  );
  const allowedRedirectUrls = (entry.allowed_redirect_urls ?? []).map((raw, index) =>
    redirectUrl(`PROJECT_FILE ${at}.allowed_redirect_urls[${index}]`, raw),
  );
  const settings: Partial<ProjectSettings> = { ...entry.settings } as Partial<ProjectSettings>;
  if (settings.sms_allowed_countries) {
    // Regions compare upper-case (libphonenumber-js reports 'US').
    settings.sms_allowed_countries = [
      ...new Set(settings.sms_allowed_countries.map((region) => region.toUpperCase())),
    ];
  }
  // Issue 24 item 5: the migration secret leaves the settings here; the project's settings keep only its ciphertext.
  const passwordMigrationSecret = entry.settings?.password_migration_secret;
  delete (settings as { password_migration_secret?: unknown }).password_migration_secret;
  if (settings.password_migration_url) {
    settings.password_migration_url = urlWithScheme(
      `PROJECT_FILE ${at}.settings.password_migration_url`,
      settings.password_migration_url,
      ['http:', 'https:'],
    );
  }
  if (settings.ethereum_rpc_url) {
    settings.ethereum_rpc_url = urlWithScheme(
      `PROJECT_FILE ${at}.settings.ethereum_rpc_url`,
      settings.ethereum_rpc_url,
      ['http:', 'https:'],
    );
  }
  let oauthProviders: OAuthProviderDeclarations | null = null;
  if (entry.oauth_providers !== undefined) {
    const checked = checkOAuthProviders(entry.oauth_providers);
    if ('problem' in checked) {
      throw new ConfigError(
        `PROJECT_FILE ${at}.oauth_providers.${checked.problem.path}`,
        checked.problem.message,
      );
    }
    oauthProviders = checked.declarations;
  }
  let webhooks: WebhookDeclaration[] = [];
  if (entry.webhooks !== undefined) {
    const checked = checkWebhooks(entry.webhooks as Array<{ url: string; secret: string; events: string[] }>);
    if ('problem' in checked) {
      throw new ConfigError(`PROJECT_FILE ${at}.webhooks${checked.problem.path}`, checked.problem.message);
    }
    webhooks = checked.declarations;
  }
  return {
    name: entry.name.trim(),
    oauthProviders,
    webhooks,
    allowedOrigins: [...new Set(allowedOrigins)],
    allowedRedirectUrls: [...new Set(allowedRedirectUrls)],
    enabledProducts: [...new Set<Product>(entry.enabled_products ?? DEFAULT_PRODUCTS)],
    settings,
    ...(passwordMigrationSecret === undefined ? {} : { passwordMigrationSecret }),
  };
}

/** An absolute http(s) URL without credentials or fragment (where login links may send the visitor back to). */
function redirectUrl(key: string, raw: string): string {
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (
    url === null ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    url.hash !== ''
  ) {
    throw new ConfigError(
      key,
      `is "${raw}"; allowed: an absolute http(s) URL without credentials or fragment`,
    );
  }
  return url.toString();
}

/**
 * The first problem Value.Errors reports, as a ConfigError naming its JSON path. A union's branch errors are
 * noise (one of them was meant, which one is a guess): the union's own error is reported with what it allows.
 * `boolean` errors repeat what the `additionalProperties` error next to them says.
 */
function projectFileError(file: object): ConfigError {
  const first = [...Value.Errors(ProjectFileSchema, file)].find(
    (error) => error.keyword !== 'boolean' && !error.schemaPath.includes('/anyOf/'),
  );
  if (first === undefined) return new ConfigError('PROJECT_FILE', 'does not match the project file schema');
  const path = jsonPath(first.instancePath);
  const schema = schemaAt(first.schemaPath);
  const key = (member: string) => `PROJECT_FILE ${path === '' ? member : `${path}.${member}`}`;
  if (first.keyword === 'additionalProperties') {
    const [unknown] = (first.params as { additionalProperties?: string[] }).additionalProperties ?? [];
    const allowed = Object.keys((schema as { properties?: object } | null)?.properties ?? {});
    return new ConfigError(key(unknown ?? '?'), `is not a known key; allowed keys: ${allowed.join(', ')}`);
  }
  if (first.keyword === 'required') {
    const [missing] = (first.params as { requiredProperties?: string[] }).requiredProperties ?? [];
    return new ConfigError(key(missing ?? '?'), 'is required');
  }
  const value = valueAt(file, first.instancePath);
  const allowed = (schema as { description?: unknown } | null)?.description;
  // A secret's value is never repeated into the start-up log (issue 24 item 5: password_migration_secret).
  const shown = SECRET_KEY_NAMES.test(path) ? 'a value not shown (a secret)' : preview(value);
  return new ConfigError(
    path === '' ? 'PROJECT_FILE' : `PROJECT_FILE ${path}`,
    `is ${shown}; ${typeof allowed === 'string' ? allowed : first.message}`,
  );
}

/** `/projects/0/settings/cname_domain` → `projects[0].settings.cname_domain`. */
function jsonPath(instancePath: string): string {
  let path = '';
  for (const segment of instancePath.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(key) ? `[${key}]` : path === '' ? key : `.${key}`;
  }
  return path;
}

function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The sub-schema a Value.Errors `schemaPath` points at (for its description or its property names). */
function schemaAt(schemaPath: string): unknown {
  let node: unknown = ProjectFileSchema;
  for (const segment of pointerSegments(schemaPath)) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function valueAt(root: unknown, instancePath: string): unknown {
  let node = root;
  for (const segment of pointerSegments(instancePath)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** Project-file keys whose values are secrets: a problem with one names the key, never the value. */
const SECRET_KEY_NAMES = /(secret|private_key)$/;

/** A short JSON rendering of the offending value for the message. */
function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
