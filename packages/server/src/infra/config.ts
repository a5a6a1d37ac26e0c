// Configuration from environment variables, validated once at start (issue 1 "Server core"): a wrong value stops
// start-up with a message that names the key and what is allowed, instead of failing later on a request.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PRODUCTS, type Product } from '@gatehouse/protocol';
import type { AppConfig, RuntimeEnvironment } from './context';
import type { ProjectSettings } from './db/schema';
import { SERVER_PACKAGE_ROOT } from './package-root';

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

/** `<repo>/apps/web/dist`, resolved from this package's folder so the cwd does not matter. */
export const DEFAULT_WEB_DIST_DIR = resolve(SERVER_PACKAGE_ROOT, '../../apps/web/dist');

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
  const port = integer('PORT', value('PORT'), { min: 0, max: 65_535, fallback: 3000 });
  const host = value('HOST') ?? '0.0.0.0';
  const publicPort = overrides.port ?? port;
  const publicUrl = httpOrigin('PUBLIC_URL', value('PUBLIC_URL') ?? `http://localhost:${publicPort}`);
  const databaseUrl = urlWithScheme('DATABASE_URL', value('DATABASE_URL'), ['postgres:', 'postgresql:']);
  const dataDirValue = value('DATA_DIR') ?? './data';
  const dataDir = IN_MEMORY_DATA_DIRS.has(dataDirValue) ? null : resolve(dataDirValue);
  const secretKey = secret('SECRET_KEY', value('SECRET_KEY'));
  const smtpUrl = urlWithScheme('SMTP_URL', value('SMTP_URL'), ['smtp:', 'smtps:']);
  const mailFrom = mailbox(
    'MAIL_FROM',
    value('MAIL_FROM') ?? `Gatehouse <no-reply@${new URL(publicUrl).hostname}>`,
  );
  const sms = smsConfig(value);
  const smsAllowedCountries = regionList('SMS_ALLOWED_COUNTRIES', value('SMS_ALLOWED_COUNTRIES'));
  const projectFile = value('PROJECT_FILE') === null ? null : resolve(value('PROJECT_FILE')!);
  const webDistValue = value('WEB_DIST_DIR');
  const webDistDir = webDistValue === null ? DEFAULT_WEB_DIST_DIR : resolve(webDistValue);
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
  const logLevel = oneOf('LOG_LEVEL', value('LOG_LEVEL'), LOG_LEVELS, envName === 'test' ? 'silent' : 'info');

  const config: AppConfig = {
    env: envName,
    port,
    host,
    publicUrl,
    databaseUrl,
    dataDir,
    secretKey,
    smtpUrl,
    mailFrom,
    sms,
    smsAllowedCountries,
    projectFile,
    webDistDir,
    bodyLimit,
    telemetryLimit,
    purgeIntervalSeconds,
    outboxRetentionHours,
    logLevel,
    ...overrides,
  };
  // Overrides come from code (tests, embedding apps); the same rules apply so a typo there fails just as loudly.
  if (overrides.publicUrl !== undefined) config.publicUrl = httpOrigin('publicUrl', overrides.publicUrl);
  return config;
}

function oneOf<T extends string>(key: string, raw: string | null, allowed: readonly T[], fallback: T): T {
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

/** A comma-separated list of ISO 3166-1 alpha-2 regions (`US,CA`), upper-cased; null when unset. */
function regionList(key: string, raw: string | null): string[] | null {
  if (raw === null) return null;
  const regions = raw.split(',').map((entry) => entry.trim().toUpperCase());
  for (const region of regions) {
    if (!/^[A-Z]{2}$/.test(region)) {
      throw new ConfigError(
        key,
        `has "${region}"; allowed: ISO 3166-1 alpha-2 region codes such as US,CA,GB`,
      );
    }
  }
  return [...new Set(regions)];
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
// Project file (PROJECT_FILE): projects declared as JSON and upserted at start.

/** One project as declared in the project file; settings are merged over the defaults. */
export interface ProjectDeclaration {
  name: string;
  allowedOrigins: string[];
  allowedRedirectUrls: string[];
  enabledProducts: Product[];
  settings: Partial<ProjectSettings>;
}

const PROJECT_KEYS = new Set([
  'name',
  'allowed_origins',
  'allowed_redirect_urls',
  'enabled_products',
  'settings',
]);
const SETTINGS_KEYS: ReadonlySet<keyof ProjectSettings> = new Set<keyof ProjectSettings>([
  'disable_sdk_watermark',
  'cname_domain',
  'email_domains',
  'captcha_settings',
  'pkce_required_for_email_magic_links',
  'pkce_required_for_password_resets',
  'pkce_required_for_oauth',
  'password_config',
  'rbac_policy',
]);

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
  const list = Array.isArray(parsed) ? parsed : isPlainObject(parsed) ? parsed.projects : undefined;
  if (!Array.isArray(list)) {
    throw new ConfigError(
      'PROJECT_FILE',
      'must be a JSON object { "projects": [ ... ] } or an array of projects',
    );
  }
  if (isPlainObject(parsed)) {
    for (const key of Object.keys(parsed)) {
      if (key !== 'projects')
        throw new ConfigError(`PROJECT_FILE ${key}`, 'is not a known key; allowed keys: projects');
    }
  }
  const names = new Set<string>();
  return list.map((entry, index) => {
    const declaration = parseProject(entry, `projects[${index}]`);
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

function parseProject(entry: unknown, at: string): ProjectDeclaration {
  const fail = (path: string, message: string): never => {
    throw new ConfigError(`PROJECT_FILE ${at}${path}`, message);
  };
  if (!isPlainObject(entry)) return fail('', 'must be an object');
  for (const key of Object.keys(entry)) {
    if (!PROJECT_KEYS.has(key))
      fail(`.${key}`, `is not a known key; allowed keys: ${[...PROJECT_KEYS].join(', ')}`);
  }
  const name = entry.name;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) {
    fail('.name', 'must be a non-empty string of at most 200 characters');
  }
  // Origins must be bare http(s) origins so they compare exactly with the Origin header (security-tests CS-03).
  const allowedOrigins = stringArray(entry.allowed_origins ?? [], `${at}.allowed_origins`).map(
    (origin, index) => httpOrigin(`PROJECT_FILE ${at}.allowed_origins[${index}]`, origin),
  );
  const allowedRedirectUrls = stringArray(
    entry.allowed_redirect_urls ?? [],
    `${at}.allowed_redirect_urls`,
  ).map((raw, index) => {
    let url: URL | null = null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (
      url === null ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username !== '' ||
      url.hash !== ''
    ) {
      fail(
        `.allowed_redirect_urls[${index}]`,
        `is "${raw}"; allowed: an absolute http(s) URL without credentials or fragment`,
      );
    }
    return url!.toString();
  });
  const products = stringArray(entry.enabled_products ?? ['emailMagicLinks'], `${at}.enabled_products`);
  for (const [index, product] of products.entries()) {
    if (!(PRODUCTS as readonly string[]).includes(product)) {
      fail(`.enabled_products[${index}]`, `is "${product}"; allowed values: ${PRODUCTS.join(', ')}`);
    }
  }
  const settings = parseSettings(entry.settings ?? {}, `${at}.settings`);
  return {
    name: (name as string).trim(),
    allowedOrigins: [...new Set(allowedOrigins)],
    allowedRedirectUrls: [...new Set(allowedRedirectUrls)],
    enabledProducts: [...new Set(products)] as Product[],
    settings,
  };
}

function parseSettings(raw: unknown, at: string): Partial<ProjectSettings> {
  const fail = (path: string, message: string): never => {
    throw new ConfigError(`PROJECT_FILE ${at}${path}`, message);
  };
  if (!isPlainObject(raw)) return fail('', 'must be an object');
  const settings: Partial<ProjectSettings> = {};
  for (const [key, entry] of Object.entries(raw)) {
    switch (key) {
      case 'disable_sdk_watermark':
      case 'pkce_required_for_email_magic_links':
      case 'pkce_required_for_password_resets':
      case 'pkce_required_for_oauth':
        if (typeof entry !== 'boolean') fail(`.${key}`, 'must be true or false');
        settings[key] = entry as boolean;
        break;
      case 'cname_domain':
        if (entry !== null && (typeof entry !== 'string' || !/^[a-z0-9.-]+$/i.test(entry))) {
          fail(`.${key}`, 'must be null or a host name such as login.example.com');
        }
        settings.cname_domain = entry as string | null;
        break;
      case 'email_domains':
        settings.email_domains = stringArray(entry, `${at}.${key}`);
        break;
      case 'captcha_settings':
        if (
          !isPlainObject(entry) ||
          !(
            entry.enabled === false ||
            (entry.enabled === true && typeof entry.siteKey === 'string' && entry.siteKey !== '')
          )
        ) {
          fail(`.${key}`, 'must be { "enabled": false } or { "enabled": true, "siteKey": "<key>" }');
        }
        settings.captcha_settings = (entry as { enabled: boolean }).enabled
          ? { enabled: true, siteKey: (entry as { siteKey: string }).siteKey }
          : { enabled: false };
        break;
      case 'password_config':
        if (
          entry !== null &&
          !(
            isPlainObject(entry) &&
            Number.isInteger(entry.luds_complexity) &&
            Number.isInteger(entry.luds_minimum_count) &&
            (entry.luds_complexity as number) >= 0 &&
            (entry.luds_complexity as number) <= 4 &&
            (entry.luds_minimum_count as number) >= 0 &&
            (entry.luds_minimum_count as number) <= 64
          )
        ) {
          fail(`.${key}`, 'must be null or { "luds_complexity": 0..4, "luds_minimum_count": 0..64 }');
        }
        settings.password_config =
          entry === null
            ? null
            : {
                luds_complexity: (entry as { luds_complexity: number }).luds_complexity,
                luds_minimum_count: (entry as { luds_minimum_count: number }).luds_minimum_count,
              };
        break;
      case 'rbac_policy':
        if (entry !== null && !isPlainObject(entry))
          fail(`.${key}`, 'must be null or an object { roles, resources }');
        settings.rbac_policy = entry as Record<string, unknown> | null;
        break;
      default:
        fail(`.${key}`, `is not a known setting; allowed keys: ${[...SETTINGS_KEYS].join(', ')}`);
    }
  }
  return settings;
}

function stringArray(raw: unknown, at: string): string[] {
  if (!Array.isArray(raw) || raw.some((entry) => typeof entry !== 'string')) {
    throw new ConfigError(`PROJECT_FILE ${at}`, 'must be an array of strings');
  }
  return raw as string[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
