// Configuration is validated at start: each bad key stops start-up with a message naming it and what is allowed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configError } from '../test-support/config-error';
import {
  DEFAULT_CONSOLE_DIST_DIR,
  DEFAULT_SCRIPT_TAG_DIR,
  DEFAULT_WEB_DIST_DIR,
  loadConfig,
  loadProjectFile,
  mailFromDomain,
  parseProjectFile,
} from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      redisUrl: null,
      dataDir: resolve('./data'),
      secretKey: null,
      secretKeyPrevious: null,
      smtpUrl: null,
      mailFrom: 'Gatehouse <no-reply@localhost>',
      sms: null,
      projectFile: null,
      webDistDir: DEFAULT_WEB_DIST_DIR,
      consoleDistDir: DEFAULT_CONSOLE_DIST_DIR,
      scriptTagDir: DEFAULT_SCRIPT_TAG_DIR,
      bodyLimit: 1_048_576,
      telemetryLimit: 10_000,
      purgeIntervalSeconds: 600,
      outboxRetentionHours: 24,
      webhookWorkerIntervalMs: 1000,
      eventRetentionDays: 90,
      rateLimits: {},
      trustedProxies: null,
      metrics: { enabled: false, token: null, processMetrics: true },
      adminApiKey: null,
      consoleOwnerEmail: null,
      consoleExposure: { listener: null, publicUrl: null, allowedIps: null },
      breachRangeApiUrl: null,
      devAllowedOrigins: [],
      logLevel: 'info',
      shutdownDrainSeconds: 0,
    });
    expect(DEFAULT_WEB_DIST_DIR.endsWith(join('apps', 'web', 'dist'))).toBe(true);
    expect(DEFAULT_CONSOLE_DIST_DIR.endsWith(join('apps', 'console', 'dist'))).toBe(true);
    expect(DEFAULT_SCRIPT_TAG_DIR.endsWith(join('packages', 'server', 'dist', 'script-tag'))).toBe(true);
  });

  it('reads every key', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '::1',
      PUBLIC_URL: 'https://auth.example.com',
      DATABASE_URL: 'postgres://u:p@db:5432/gatehouse',
      REDIS_URL: 'rediss://:secret@cache:6380/2',
      DATA_DIR: ':memory:',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Example <login@example.com>',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
      TWILIO_WHATSAPP_FROM: '+14155238886',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:9999/',
      PROJECT_FILE: 'projects.json',
      WEB_DIST_DIR: 'web',
      CONSOLE_DIST_DIR: 'console',
      SCRIPT_TAG_DIR: 'script-tag',
      LOG_LEVEL: 'warn',
      BODY_LIMIT: '2048',
      TELEMETRY_LIMIT: '0',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '::1',
      publicUrl: 'https://auth.example.com',
      databaseUrl: 'postgres://u:p@db:5432/gatehouse',
      redisUrl: 'rediss://:secret@cache:6380/2',
      dataDir: null,
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      mailFrom: 'Example <login@example.com>',
      sms: {
        accountSid: 'AC123',
        authToken: 'token',
        from: '+15005550006',
        whatsappFrom: '+14155238886',
        apiBaseUrl: 'http://127.0.0.1:9999',
      },
      projectFile: resolve('projects.json'),
      webDistDir: resolve('web'),
      consoleDistDir: resolve('console'),
      scriptTagDir: resolve('script-tag'),
      logLevel: 'warn',
      bodyLimit: 2048,
      telemetryLimit: 0,
    });
  });

  it('CONSOLE_OWNER_EMAIL (issue 26 item 2): one address, lower-cased; anything else stops start-up naming the key', () => {
    expect(loadConfig({ CONSOLE_OWNER_EMAIL: ' Owner@Example.COM ' }).consoleOwnerEmail).toBe(
      'owner@example.com',
    );
    expect(loadConfig({}, { consoleOwnerEmail: 'A@B.example' }).consoleOwnerEmail).toBe('a@b.example');
    for (const bad of ['owner', 'a@b', 'a b@example.com', 'a@b.example,c@d.example']) {
      expect(() => loadConfig({ CONSOLE_OWNER_EMAIL: bad })).toThrow(
        /Invalid configuration: CONSOLE_OWNER_EMAIL is ".*"; allowed: one e-mail address/,
      );
    }
  });

  it('listens on loopback only outside production unless HOST says otherwise, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://auth.example.com' }).host).toBe(
      '0.0.0.0',
    );
    expect(loadConfig({}, { env: 'production', publicUrl: 'https://auth.example.com' }).host).toBe('0.0.0.0');
  });

  it('derives PUBLIC_URL outside production only: production refuses to start without it, naming the key', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const error = configError(() => loadConfig({ NODE_ENV: 'production' }));
    expect(error.key).toBe('PUBLIC_URL');
    expect(error.message).toContain(
      'Invalid configuration: PUBLIC_URL is not set; production needs the https://',
    );
    // The environment decides through an override too (buildApp passes the config as overrides).
    expect(configError(() => loadConfig({}, { env: 'production' })).key).toBe('PUBLIC_URL');
    expect(loadConfig({}, { env: 'production', publicUrl: 'https://a.example' }).publicUrl).toBe(
      'https://a.example',
    );
  });

  it('reads SECRET_KEY and SECRET_KEY_PREVIOUS, refusing either when shorter than 32 characters', () => {
    const secret = 'a'.repeat(32);
    const previous = 'b'.repeat(44);
    expect(loadConfig({ SECRET_KEY: secret, SECRET_KEY_PREVIOUS: previous })).toMatchObject({
      secretKey: secret,
      secretKeyPrevious: previous,
    });
    expect(() => loadConfig({ SECRET_KEY: secret, SECRET_KEY_PREVIOUS: 'b'.repeat(31) })).toThrow(
      'Invalid configuration: SECRET_KEY_PREVIOUS is 31 characters long; allowed: at least 32 random characters',
    );
    expect(() => loadConfig({ SECRET_KEY: 'a'.repeat(31) })).toThrow(/SECRET_KEY is 31 characters long/);
  });

  it('reads RATE_LIMITS as named limits over the defaults, refusing unknown names and bad values', () => {
    expect(
      loadConfig({ RATE_LIMITS: '{"otpSendsPerIp":{"points":20,"durationSeconds":600,"softPoints":10}}' })
        .rateLimits,
    ).toEqual({ otpSendsPerIp: { points: 20, durationSeconds: 600, softPoints: 10 } });
    expect(configError(() => loadConfig({ RATE_LIMITS: '{"sendsPerIp":{}}' })).message).toMatch(
      /^Invalid configuration: RATE_LIMITS .*allowed names: .*otpSendsPerRecipient/,
    );
    expect(
      configError(() => loadConfig({ RATE_LIMITS: '{"otpSendsPerIp":{"points":0,"durationSeconds":1}}' }))
        .key,
    ).toBe('RATE_LIMITS');
    expect(
      configError(() =>
        loadConfig({ RATE_LIMITS: '{"otpSendsPerIp":{"points":2,"durationSeconds":1,"softPoints":3}}' }),
      ).message,
    ).toContain('otpSendsPerIp.softPoints must not exceed otpSendsPerIp.points');
    expect(configError(() => loadConfig({ RATE_LIMITS: 'nope' })).message).toContain(
      'RATE_LIMITS is not JSON',
    );
  });

  it('refuses SMS_ALLOWED_COUNTRIES, saying the allowlist moved to the project file (issue 9 item 1)', () => {
    expect(() => loadConfig({ SMS_ALLOWED_COUNTRIES: 'US' })).toThrow(
      /SMS_ALLOWED_COUNTRIES is no longer read; allowed: set "sms_allowed_countries"/,
    );
  });

  it('reads TRUSTED_PROXIES as a hop count or proxy addresses and CIDRs, refusing anything else by name', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '1' }).trustedProxies).toBe(1);
    expect(
      loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,fd00::/8,loopback,192.0.2.7' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback', '192.0.2.7']);
    for (const [raw, problem] of [
      ['0', 'is 0; allowed: a hop count from 1 to 16'],
      ['17', 'is 17; allowed: a hop count'],
      ['true', 'has "true": not an IPv4 or IPv6 address'],
      ['10.0.0.0/33', 'has "10.0.0.0/33": the prefix length must be 1 to 32'],
      ['::/0', 'has "::/0": trusts every address'],
      ['0.0.0.0/0', 'has "0.0.0.0/0": trusts every address'],
      ['10.0.0.1,,10.0.0.2', 'has "": an empty entry'],
      ['10.0.0.300', 'has "10.0.0.300": not an IPv4 or IPv6 address'],
      ['fe80::1%eth0', 'has "fe80::1%eth0": not an IPv4 or IPv6 address'],
      ['2001:db8::/129', 'has "2001:db8::/129": the prefix length must be 1 to 128'],
    ]) {
      const error = configError(() => loadConfig({ TRUSTED_PROXIES: raw }));
      expect(error.key).toBe('TRUSTED_PROXIES');
      expect(error.message).toContain(`TRUSTED_PROXIES ${problem}`);
    }
  });

  it('turns GET /metrics on with METRICS_TOKEN, or METRICS_ENABLED on a loopback HOST only', () => {
    const token = 'm'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({
      enabled: true,
      token,
      processMetrics: true,
    });
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_ENABLED: 'false' }).metrics.enabled).toBe(false);
    expect(loadConfig({ METRICS_ENABLED: 'true', METRICS_PROCESS: 'false' }).metrics).toEqual({
      enabled: true,
      token: null,
      processMetrics: false,
    });
    expect(loadConfig({ METRICS_ENABLED: 'true', HOST: '::1' }).metrics.enabled).toBe(true);
    // A tokenless endpoint reachable from other machines is refused at start.
    const open = configError(() => loadConfig({ METRICS_ENABLED: 'true', HOST: '0.0.0.0' }));
    expect(open.key).toBe('METRICS_ENABLED');
    expect(open.message).toContain('without METRICS_TOKEN while HOST is "0.0.0.0"');
    expect(
      configError(() =>
        loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example', METRICS_ENABLED: 'true' }),
      ).key,
    ).toBe('METRICS_ENABLED');
    expect(
      loadConfig({ METRICS_ENABLED: 'true', HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics.enabled,
    ).toBe(true);
    expect(configError(() => loadConfig({ METRICS_TOKEN: 'short' })).message).toContain(
      'METRICS_TOKEN is 5 characters long',
    );
    expect(configError(() => loadConfig({ METRICS_ENABLED: 'yes' })).message).toContain(
      'METRICS_ENABLED is "yes"; allowed values: true, false',
    );
  });

  it('normalises PUBLIC_URL to its origin and lets overrides win', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://auth.example.com/' }).publicUrl).toBe(
      'https://auth.example.com',
    );
    expect(loadConfig({ PORT: '1' }, { port: 4000, env: 'test' })).toMatchObject({
      port: 4000,
      env: 'test',
      publicUrl: 'http://localhost:4000',
    });
    expect(loadConfig({}, { env: 'test' }).logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it.each([
    ['NODE_ENV', { NODE_ENV: 'staging' }, 'development, test, production'],
    ['PORT', { PORT: 'eighty' }, 'whole number from 0 to 65535'],
    ['PORT', { PORT: '70000' }, 'whole number from 0 to 65535'],
    ['PUBLIC_URL', { PUBLIC_URL: 'localhost:3000' }, 'http:, https:'],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }, 'absolute http:// or https:// URL'],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://example.com' }, 'http:, https:'],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://example.com/auth' }, 'no path'],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/x' }, 'postgres:, postgresql:'],
    ['REDIS_URL', { REDIS_URL: 'memcached://cache:11211' }, 'redis:, rediss:'],
    ['REDIS_URL', { REDIS_URL: 'cache:6379' }, 'redis:, rediss:'],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }, 'smtp:, smtps:'],
    ['MAIL_FROM', { MAIL_FROM: 'nobody' }, 'an e-mail address'],
    ['MAIL_FROM', { MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' }, 'an e-mail address'],
    ['TWILIO_AUTH_TOKEN', { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+15005550006' }, 'together'],
    ['TWILIO_ACCOUNT_SID', { TWILIO_API_BASE_URL: 'http://127.0.0.1:1' }, 'together'],
    ['TWILIO_FROM', { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '555-1234' }, 'E.164'],
    [
      'TWILIO_WHATSAPP_FROM',
      {
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+15005550006',
        TWILIO_WHATSAPP_FROM: 'whatsapp',
      },
      'E.164',
    ],
    [
      'TWILIO_API_BASE_URL',
      {
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE_URL: 'file:///x',
      },
      'http:, https:',
    ],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }, 'fatal, error, warn, info, debug, trace, silent'],
    ['BODY_LIMIT', { BODY_LIMIT: '1mb' }, 'whole number from 1024'],
    ['BODY_LIMIT', { BODY_LIMIT: '10' }, 'whole number from 1024'],
    ['TELEMETRY_LIMIT', { TELEMETRY_LIMIT: '-1' }, 'whole number from 0'],
  ])('names %s and what is allowed', (key, env, allowed) => {
    const error = configError(() => loadConfig(env));
    expect(error.key).toBe(key);
    expect(error.message).toContain(key);
    expect(error.message).toContain(allowed);
  });

  it('checks a publicUrl override too', () => {
    expect(configError(() => loadConfig({}, { publicUrl: 'nope' })).key).toBe('publicUrl');
  });

  it('reads PURGE_INTERVAL_SECONDS (0 turns the purge off) and OUTBOX_RETENTION_HOURS (at least 1)', () => {
    expect(loadConfig({ PURGE_INTERVAL_SECONDS: '0', OUTBOX_RETENTION_HOURS: '2' })).toMatchObject({
      purgeIntervalSeconds: 0,
      outboxRetentionHours: 2,
    });
    expect(configError(() => loadConfig({ PURGE_INTERVAL_SECONDS: '-1' })).key).toBe(
      'PURGE_INTERVAL_SECONDS',
    );
    expect(configError(() => loadConfig({ OUTBOX_RETENTION_HOURS: '0' })).key).toBe('OUTBOX_RETENTION_HOURS');
  });

  it('reads SHUTDOWN_DRAIN_SECONDS (issue 23 item 7; default 0, at most 300)', () => {
    expect(loadConfig({}).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '3' }).shutdownDrainSeconds).toBe(3);
    expect(configError(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '301' })).key).toBe(
      'SHUTDOWN_DRAIN_SECONDS',
    );
    expect(configError(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '2.5' })).key).toBe(
      'SHUTDOWN_DRAIN_SECONDS',
    );
  });

  it('reads DEV_ALLOWED_ORIGINS outside production (issue 21 item 3), refusing an entry that is not a plain origin by name', () => {
    expect(
      loadConfig({ DEV_ALLOWED_ORIGINS: 'http://localhost:5173, http://127.0.0.1:3001' }).devAllowedOrigins,
    ).toEqual(['http://localhost:5173', 'http://127.0.0.1:3001']);
    expect(
      loadConfig({ NODE_ENV: 'test', DEV_ALLOWED_ORIGINS: 'http://localhost:5173' }).devAllowedOrigins,
    ).toEqual(['http://localhost:5173']);
    expect(loadConfig({ DEV_ALLOWED_ORIGINS: '  ' }).devAllowedOrigins).toEqual([]);
    for (const [entry, problem] of [
      ['http://localhost:5173/authenticate', 'has a path ("/authenticate")'],
      ['http://localhost:*', 'has a wildcard'],
      ['http://localhost:5173?debug=1', 'has a query'],
      ['localhost:5173', 'has scheme "localhost:"'],
    ]) {
      const error = configError(() => loadConfig({ DEV_ALLOWED_ORIGINS: `http://localhost:3001,${entry}` }));
      expect(error.key).toBe('DEV_ALLOWED_ORIGINS');
      expect(error.message).toContain(
        `Invalid configuration: DEV_ALLOWED_ORIGINS has "${entry}", which ${problem}`,
      );
      expect(error.message).toContain('such as http://localhost:5173,http://127.0.0.1:3001');
    }
    // Code passing the configuration (buildApp, tests) meets the same rules.
    expect(loadConfig({}, { devAllowedOrigins: ['http://localhost:5173'] }).devAllowedOrigins).toEqual([
      'http://localhost:5173',
    ]);
    expect(configError(() => loadConfig({}, { devAllowedOrigins: ['http://localhost:5173/'] })).key).toBe(
      'devAllowedOrigins',
    );
  });

  it('refuses DEV_ALLOWED_ORIGINS in production, whatever its value, saying where origins go there', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://auth.example.com' };
    for (const value of ['http://localhost:5173', 'not an origin']) {
      const error = configError(() => loadConfig({ ...production, DEV_ALLOWED_ORIGINS: value }));
      expect(error.key).toBe('DEV_ALLOWED_ORIGINS');
      expect(error.message).toContain(
        'Invalid configuration: DEV_ALLOWED_ORIGINS is set, but production never serves',
      );
      expect(error.message).toContain('allowed_origins');
      expect(error.message).toContain('PROJECT_FILE');
    }
    // The environment decides through an override too, and so does an override of the origins.
    expect(
      configError(() =>
        loadConfig(
          { DEV_ALLOWED_ORIGINS: 'http://localhost:5173' },
          { env: 'production', publicUrl: 'https://auth.example.com' },
        ),
      ).key,
    ).toBe('DEV_ALLOWED_ORIGINS');
    expect(
      configError(() =>
        loadConfig(
          {},
          {
            env: 'production',
            publicUrl: 'https://auth.example.com',
            devAllowedOrigins: ['http://localhost:5173'],
          },
        ),
      ).key,
    ).toBe('devAllowedOrigins');
    // Unset (or empty, as in a .env file) is fine.
    expect(loadConfig({ ...production, DEV_ALLOWED_ORIGINS: '' }).devAllowedOrigins).toEqual([]);
  });

  it('ignores empty values (unset in a .env file)', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' })).toMatchObject({ port: 3000, databaseUrl: null });
  });
});

describe('mailFromDomain', () => {
  it('reads the domain of either form', () => {
    expect(mailFromDomain('Gatehouse <no-reply@Mail.Example.com>')).toBe('mail.example.com');
    expect(mailFromDomain('login@example.org')).toBe('example.org');
    expect(mailFromDomain('nobody')).toBeNull();
  });
});

describe('project file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-projects-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const valid = {
    projects: [
      {
        name: 'Shop',
        allowed_origins: ['https://shop.example.com/', 'https://shop.example.com'],
        allowed_redirect_urls: ['https://shop.example.com/authenticate'],
        enabled_products: ['emailMagicLinks', 'passkeys'],
        settings: {
          disable_sdk_watermark: true,
          password_config: { luds_complexity: 3, luds_minimum_count: 10 },
          captcha_settings: { enabled: true, siteKey: 'k' },
        },
      },
    ],
  };

  it('reads a valid file (and a bare array), normalising origins', () => {
    const path = join(dir, 'ok.json');
    writeFileSync(path, JSON.stringify(valid));
    const [shop] = loadProjectFile(path);
    expect(shop).toEqual({
      name: 'Shop',
      allowedOrigins: ['https://shop.example.com'],
      allowedRedirectUrls: ['https://shop.example.com/authenticate'],
      enabledProducts: ['emailMagicLinks', 'passkeys'],
      settings: {
        disable_sdk_watermark: true,
        password_config: { luds_complexity: 3, luds_minimum_count: 10 },
        captcha_settings: { enabled: true, siteKey: 'k' },
      },
      oauthProviders: null,
      webhooks: [],
    });
    expect(parseProjectFile(valid.projects)).toHaveLength(1);
    expect(parseProjectFile([{ name: 'Minimal' }])[0]).toMatchObject({
      enabledProducts: ['emailMagicLinks'],
      allowedOrigins: [],
    });
  });

  it('reads the SMS-pumping settings, upper-casing and de-duplicating regions (issue 9 item 1)', () => {
    const [shop] = parseProjectFile(
      withProject({ settings: { sms_daily_limit: 200, sms_allowed_countries: ['us', 'CA', 'US'] } }),
    );
    expect(shop?.settings).toEqual({ sms_daily_limit: 200, sms_allowed_countries: ['US', 'CA'] });
    expect(parseProjectFile(withProject({ settings: { sms_allowed_countries: null } }))[0]?.settings).toEqual(
      {
        sms_allowed_countries: null,
      },
    );
  });

  it('names a missing or unparsable file', () => {
    expect(configError(() => loadProjectFile(join(dir, 'missing.json'))).message).toMatch(
      /PROJECT_FILE cannot be read.*ENOENT/,
    );
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{ "projects": [');
    expect(configError(() => loadProjectFile(path)).message).toContain('PROJECT_FILE is not valid JSON');
  });

  const withProject = (patch: Record<string, unknown>) => ({
    projects: [{ ...valid.projects[0], ...patch }],
  });

  it.each([
    ['the top level', 'nope', 'PROJECT_FILE', '"projects"'],
    ['an unknown top-level key', { projects: [], extra: 1 }, 'PROJECT_FILE extra', 'allowed keys: projects'],
    ['a missing name', withProject({ name: '' }), 'PROJECT_FILE projects[0].name', 'non-empty string'],
    [
      'an unknown key',
      withProject({ colour: 'red' }),
      'PROJECT_FILE projects[0].colour',
      'allowed keys: name, allowed_origins',
    ],
    [
      'an origin with a path',
      withProject({ allowed_origins: ['https://a.example/x'] }),
      'PROJECT_FILE projects[0].allowed_origins[0]',
      'origin only',
    ],
    [
      'a non-http origin',
      withProject({ allowed_origins: ['javascript:alert(1)'] }),
      'PROJECT_FILE projects[0].allowed_origins[0]',
      'http:, https:',
    ],
    [
      'origins that are not strings',
      withProject({ allowed_origins: [1] }),
      'PROJECT_FILE projects[0].allowed_origins[0]',
      'is 1; allowed: an origin string',
    ],
    [
      'origins that are not an array',
      withProject({ allowed_origins: 'https://a.example' }),
      'PROJECT_FILE projects[0].allowed_origins',
      'allowed: an array of origin strings',
    ],
    ['a project without a name', { projects: [{}] }, 'PROJECT_FILE projects[0].name', 'is required'],
    ['a project that is not an object', [42], 'PROJECT_FILE projects[0]', 'is 42; allowed: an object'],
    [
      'a non-string e-mail domain deep in settings',
      withProject({ settings: { email_domains: ['example.com', false] } }),
      'PROJECT_FILE projects[0].settings.email_domains[1]',
      'is false',
    ],
    [
      'a relative redirect URL',
      withProject({ allowed_redirect_urls: ['/authenticate'] }),
      'PROJECT_FILE projects[0].allowed_redirect_urls[0]',
      'absolute http(s) URL',
    ],
    [
      'a redirect URL with credentials',
      withProject({ allowed_redirect_urls: ['https://u@a.example/x'] }),
      'PROJECT_FILE projects[0].allowed_redirect_urls[0]',
      'without credentials',
    ],
    [
      'an unknown product',
      withProject({ enabled_products: ['sso'] }),
      'PROJECT_FILE projects[0].enabled_products[0]',
      'oauth, crypto, emailMagicLinks, otp, passwords, passkeys',
    ],
    [
      'an unknown setting',
      withProject({ settings: { colour_scheme: 'dark' } }),
      'PROJECT_FILE projects[0].settings.colour_scheme',
      'allowed keys: disable_sdk_watermark',
    ],
    [
      'a non-boolean flag',
      withProject({ settings: { pkce_required_for_oauth: 'yes' } }),
      'PROJECT_FILE projects[0].settings.pkce_required_for_oauth',
      'true or false',
    ],
    [
      'captcha without a site key',
      withProject({ settings: { captcha_settings: { enabled: true } } }),
      'PROJECT_FILE projects[0].settings.captcha_settings',
      'siteKey',
    ],
    [
      'a bad password_config',
      withProject({ settings: { password_config: { luds_complexity: 9, luds_minimum_count: 1 } } }),
      'PROJECT_FILE projects[0].settings.password_config',
      '0..4',
    ],
    [
      'an unknown key in password_config',
      withProject({ settings: { password_config: { luds_complexity: 1, luds_minimum_count: 1, x: 1 } } }),
      'PROJECT_FILE projects[0].settings.password_config',
      'allowed: null or { "luds_complexity": 0..4',
    ],
    [
      'a bad cname_domain',
      withProject({ settings: { cname_domain: 'https://x' } }),
      'PROJECT_FILE projects[0].settings.cname_domain',
      'host name',
    ],
    [
      'an sms_allowed_countries entry that is not a region code',
      withProject({ settings: { sms_allowed_countries: ['US', '+44'] } }),
      'PROJECT_FILE projects[0].settings.sms_allowed_countries',
      'ISO 3166-1 alpha-2',
    ],
    [
      'a negative sms_daily_limit',
      withProject({ settings: { sms_daily_limit: -1 } }),
      'PROJECT_FILE projects[0].settings.sms_daily_limit',
      'SMS and WhatsApp passcodes per day',
    ],
    [
      'a duplicated name',
      { projects: [valid.projects[0], valid.projects[0]] },
      'PROJECT_FILE projects[1].name',
      'declared twice',
    ],
  ])('names %s', (_name, file, key, allowed) => {
    const error = configError(() => parseProjectFile(file));
    expect(error.key).toBe(key);
    expect(error.message).toContain(allowed);
  });
});

describe('BREACH_RANGE_API_URL (issue 10 item 1)', () => {
  it('is null when unset, an http(s) URL without its trailing slash when set', () => {
    expect(loadConfig({}).breachRangeApiUrl).toBeNull();
    expect(
      loadConfig({ BREACH_RANGE_API_URL: 'https://api.pwnedpasswords.com/range/' }).breachRangeApiUrl,
    ).toBe('https://api.pwnedpasswords.com/range');
  });

  it('refuses a value that is not an http(s) URL, naming the key', () => {
    expect(() => loadConfig({ BREACH_RANGE_API_URL: 'ftp://example.com/range' })).toThrow(
      /BREACH_RANGE_API_URL/,
    );
    expect(() => loadConfig({ BREACH_RANGE_API_URL: 'not a url' })).toThrow(/BREACH_RANGE_API_URL/);
  });
});
