// DESIGN.md convention 2: buildApp(options) makes the app; only server.ts listens. Tests use app.inject().
// The /sdk/v1 plugin holds the request-context hook (public token → project, Origin, product, session); features
// add their routes to it through the FEATURES list below. Everything that lives as long as the app (caches,
// batchers, limiters, key sets) is built here onto its AppContext (DESIGN.md convention 12).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SDK_API_PREFIX } from '@gatehouse/protocol';
import Fastify, {
  type FastifyContextConfig,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { ADMIN_ROUTE_MODULES, registerAdminApi } from './features/admin';
import { recordCaptchaSolved, refusalEventsHook } from './features/audit';
import { registerBackendApiRoutes } from './features/backend-api';
import { registerCaptchaRoutes } from './features/captcha';
import {
  type ConsoleExposure,
  consoleOrigins,
  registerConsole,
  registerConsoleExposure,
} from './features/console';
import { registerCryptoWalletRoutes } from './features/crypto-wallets';
import { registerDevRoutes } from './features/dev';
import { registerEventRoutes } from './features/events';
import { registerImportRoutes } from './features/import';
import { registerMagicLinkRoutes } from './features/magic-links';
import { registerMetricsRoutes } from './features/metrics';
import { reencryptOAuthSecrets, registerOAuthPublicRoutes, registerOAuthRoutes } from './features/oauth';
import { oneTapScriptOrigins } from './features/oauth/file-schema';
import { registerOneTapRoutes } from './features/oauth/one-tap-routes';
import { ensureConsoleOwner, ensureOperatorsProject, findOperatorsProject } from './features/operators';
import { registerOtpRoutes } from './features/otps';
import { registerOutboxRoutes } from './features/outbox';
import { registerPasswordRoutes } from './features/passwords';
import type { Argon2Parameters } from './features/passwords/hashing';
import { createPasswordKit, type PasswordWorkers } from './features/passwords/kit';
import { registerBootstrapRoutes } from './features/projects/bootstrap-routes';
import {
  type CreatedProject,
  configureDevProject,
  DEV_PROJECT_NAME,
  devProjectAllowlist,
  ensureDevProject,
  syncProjectFile,
} from './features/projects/project-service';
import { registerJwksRoutes, registerSessionRoutes, resolveSession } from './features/sessions';
import { SESSION_CACHE_CHANNEL } from './features/sessions/session-cache';
import { createSessionState } from './features/sessions/session-state';
import { stepUpOnRoute } from './features/sessions/step-up';
import { reencryptTotpSecrets, registerTotpRoutes } from './features/totps';
import { registerUserRoutes } from './features/users';
import { registerWebauthnRoutes } from './features/webauthn';
import {
  createWebhookWorker,
  deliverDueWebhooks,
  reencryptWebhookSecrets,
  webhookWorkerDeps,
} from './features/webhooks';
import { ProjectCache } from './infra/auth';
import { createCaptchaGate } from './infra/captcha';
import { createSingleAddressWatch, trustProxyOption } from './infra/client-address';
import { loadConfig, loadProjectFile } from './infra/config';
import type { AppConfig, AppContext, Clock, Delivery, ProjectRecord } from './infra/context';
import { systemClock } from './infra/context';
import { registerCorsPreflight } from './infra/cors';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from './infra/db/client';
import { countingSends, createDelivery, loggingSends } from './infra/delivery';
import { createOriginRefusalNotice } from './infra/dev-origins';
import { registerFavicon } from './infra/favicon';
import { createHealth, type Health, latestMigrationMillis, registerHealthRoutes } from './infra/health';
import {
  createRequestIdGenerator,
  errorHandlerWith,
  frameworkErrorHandler,
  MAX_PARAM_LENGTH,
  notFoundHandler,
  registerJsonBodyParser,
} from './infra/http-errors';
import { endConnectionsAsTheyIdle } from './infra/keep-alive-close';
import { reencryptSigningKeys } from './infra/keys';
import { createPrometheusMetrics, noMetrics } from './infra/metrics';
import { reencryptPasswordMigrationSecrets } from './infra/password-migration-secret';
import { assertProductionReady } from './infra/production-checks';
import { createPurgeSchedule, purgeExpired } from './infra/purge';
import {
  chooseLimiterStore,
  type LimiterStore,
  type LimiterStoreKind,
  openLimiterStore,
} from './infra/rate-limit-store';
import { type RateLimitSettings, RateLimits } from './infra/rate-limits';
import { createRequestContextHook } from './infra/request-context';
import { sharedSchemaCompilers } from './infra/schema-compilers';
import { registerScriptTag } from './infra/script-tag';
import { createSecretBox } from './infra/secret-box';
import { checkSecretKey, type ResolvedSecretKey, resolveSecretKey } from './infra/secret-key';
import {
  createSecurityHeaders,
  registerSecurityHeaders,
  withSecurityHeaders,
} from './infra/security-headers';
import { type PageNotFound, registerStaticWeb } from './infra/static-web';
import { refuseUndecodableInput } from './infra/undecodable-input';

/** The server's package version: the admin API's in its OpenAPI document, and the System screen's. */
const SERVER_VERSION = '0.1.0';
const ADMIN_API_VERSION = SERVER_VERSION;

export interface BuildAppOptions {
  /** Merged over the defaults of loadConfig({}) — server.ts passes the full config read from the environment. */
  config?: Partial<AppConfig>;
  /** An open database; when absent one is opened from config (and closed with the app). */
  database?: DatabaseHandle;
  clock?: Clock;
  delivery?: Delivery;
  /** Fastify/pino logger options; default `{ level: config.logLevel }`. */
  logger?: boolean | object;
  /** Production: id or name of the project whose token the served web app gets (env APP_PROJECT_ID). */
  appProjectId?: string | null;
  /** More /sdk/v1 features after FEATURES (tests register probe routes behind the real auth hook this way). */
  features?: readonly SdkFeature[];
  /** Rate limits over the defaults of infra/rate-limit-settings.ts. */
  rateLimits?: Partial<RateLimitSettings>;
  /**
   * Where rate-limit counters live, instead of the choice from the configuration (REDIS_URL → Redis, a PostgreSQL
   * database → PostgreSQL, else memory; infra/rate-limit-store.ts). Tests pick one explicitly.
   */
  limiterStore?: LimiterStoreKind;
  /** Before every counter key in a shared store (tests: one per test app, shared by its siblings). */
  limiterKeyPrefix?: string;
  /** Age after which a new session-JWT signing key takes over (default 7 days). */
  keyRotationMs?: number;
  /**
   * Parameters of the argon2id hashes this app makes (default OWASP_ARGON2ID). Tests of what happens around a
   * password — ceilings, throttles — use cheap ones so that a hundred attempts take milliseconds, not minutes.
   */
  argon2?: Argon2Parameters;
  /**
   * The password kit's threads, started and closed by the caller (features/passwords/kit.ts PasswordWorkers): a test
   * process shares one pair between its apps. Absent: the app starts its own and closes them with itself.
   */
  passwordWorkers?: PasswordWorkers;
}

/** What start-up did, for server.ts to print. */
export interface StartupReport {
  /** The development project (null in production). */
  devProject: ProjectRecord | null;
  /** Projects created from the project file on this start, with their secrets (shown once). */
  createdProjects: CreatedProject[];
  /** Issue 26 item 2: the reserved project of the console's operators (features/operators). */
  operatorsProject: ProjectRecord | null;
}

/** A route as registered (tests walk this list: products, hostile input on every route). */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

export type GatehouseApp = FastifyInstance & {
  gatehouse: AppContext;
  gatehouseStartup: StartupReport;
  /** Every route of the app, in registration order (HEAD routes Fastify adds for GETs excluded). */
  gatehouseRoutes: readonly RegisteredRoute[];
  /** Readiness and draining (infra/health.ts): server.ts drains through it on SIGTERM. */
  gatehouseHealth: Health;
  /** Issue 26 item 1: server.ts starts the console's own listener through it (CONSOLE_PORT). */
  gatehouseConsole: ConsoleExposure;
};

/** A feature that adds routes under /sdk/v1 (routes relative to the prefix; the auth hook already ran). */
export interface SdkFeature {
  name: string;
  register(sdk: FastifyInstance, ctx: AppContext): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// FEATURES: every sign-in method registers here, one line each (ROADMAP.md: passkeys, OTPs, passwords, OAuth,
// crypto wallets, TOTP plug in the same way).
export const FEATURES: readonly SdkFeature[] = [
  { name: 'sessions', register: registerSessionRoutes },
  { name: 'users', register: registerUserRoutes },
  { name: 'magic-links', register: registerMagicLinkRoutes },
  { name: 'otps', register: registerOtpRoutes },
  { name: 'webauthn', register: registerWebauthnRoutes },
  { name: 'passwords', register: registerPasswordRoutes },
  { name: 'captcha', register: registerCaptchaRoutes },
  { name: 'oauth', register: registerOAuthRoutes },
  { name: 'oauth-one-tap', register: (sdk, ctx) => registerOneTapRoutes(sdk, ctx) },
  { name: 'crypto-wallets', register: registerCryptoWalletRoutes },
  { name: 'totps', register: registerTotpRoutes },
];
// ---------------------------------------------------------------------------------------------------------------

export async function buildApp(options: BuildAppOptions = {}): Promise<GatehouseApp> {
  const config = loadConfig({}, options.config);
  // Before the database opens: a missing production secret or a bad development secret file stops start-up first.
  const secretKey = resolveSecretKey(config);
  const ownsDatabase = options.database === undefined;
  const handle =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  // What assemble opened before it failed (the Redis connection of the limiter store).
  const opened: Array<() => Promise<void>> = [];
  try {
    return await assemble(config, secretKey, handle, ownsDatabase, options, opened);
  } catch (error) {
    for (const close of opened) await close();
    if (ownsDatabase) await handle.close();
    throw error;
  }
}

async function assemble(
  config: AppConfig,
  secretKey: ResolvedSecretKey,
  handle: DatabaseHandle,
  ownsDatabase: boolean,
  options: BuildAppOptions,
  opened: Array<() => Promise<void>>,
): Promise<GatehouseApp> {
  const declarations = config.projectFile === null ? [] : loadProjectFile(config.projectFile);
  // Outside production, an entry named like the development project configures it (configureDevProject), and its
  // origins and redirect URLs join DEV_ALLOWED_ORIGINS as the project's extras (devProjectAllowlist).
  const devDeclaration =
    config.env === 'production' ? undefined : declarations.find((entry) => entry.name === DEV_PROJECT_NAME);
  // Issue 11: the pages may load a One Tap script only from the origins the project file's google clients name.
  const securityHeaders = createSecurityHeaders(config, {
    oneTapScriptOrigins: oneTapScriptOrigins(declarations),
  });
  const app = Fastify({
    logger: (options.logger ?? { level: config.logLevel }) as FastifyServerOptions['logger'],
    // Performance: no per-request log lines; errors are logged by the error handler with their request_id.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    genReqId: createRequestIdGenerator(config.env === 'production' ? 'live' : 'test'),
    // Never take a request id from the client.
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    // Issue 9 item 2 (BF-02): request.ip is the socket's address unless TRUSTED_PROXIES names the hops to believe.
    trustProxy: trustProxyOption(config.trustedProxies),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: withSecurityHeaders(securityHeaders, frameworkErrorHandler),
    // `"30"` for a number is a schema error, extra keys are not silently dropped, every problem is reported.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
    // Fastify's compilers, their output shared by every app of the process (infra/schema-compilers.ts).
    schemaController: { compilersFactory: sharedSchemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;

  const secrets = createSecretBox(secretKey.secret);
  // Issue 9 item 1: the counters every instance shares (or this process's, on PGlite). Closed with the app, after
  // the server stopped taking requests.
  const limiterStore: LimiterStore = await openLimiterStore({
    kind: chooseLimiterStore({
      ...(options.limiterStore !== undefined ? { requested: options.limiterStore } : {}),
      redisUrl: config.redisUrl,
      databaseKind: handle.kind,
    }),
    pool: handle.pool,
    redisUrl: config.redisUrl,
    ...(options.limiterKeyPrefix !== undefined ? { keyPrefix: options.limiterKeyPrefix } : {}),
    log: app.log,
  });
  opened.push(() => limiterStore.close());
  app.addHook('onClose', () => limiterStore.close());
  // Issue 9 item 4: counters in a registry of this app's own, only when GET /metrics may expose them.
  const prometheus = config.metrics.enabled
    ? createPrometheusMetrics({ processMetrics: config.metrics.processMetrics })
    : null;
  const metrics = prometheus ?? noMetrics;
  // Issue 10 item 1: hashing, strength and breached passwords; its dictionaries and list load on first use, its
  // hashing threads start with the first hash and stop with the app.
  const passwords = createPasswordKit({
    breachRangeApiUrl: config.breachRangeApiUrl,
    ...(options.argon2 ? { argon2: options.argon2 } : {}),
    ...(options.passwordWorkers ? { workers: options.passwordWorkers } : {}),
    warn: (message) => app.log.warn(message),
  });
  app.addHook('onClose', () => passwords.close());
  // Issue 23 item 7: readiness for balancers and supervisors (GET /health/ready, below); issue 26 item 3: the
  // console's System screen reads the same checks through ctx.instance.
  const health = createHealth({
    db: handle.db,
    latestMigrationMillis: latestMigrationMillis(MIGRATIONS_FOLDER),
    redisReady: limiterStore.ping,
  });
  const ctx: AppContext = {
    config,
    db: handle.db,
    clock: options.clock ?? systemClock,
    // Issue 26 item 3: every send is logged (status, provider answer, never the body), then counted.
    delivery: countingSends(
      loggingSends(options.delivery ?? createDelivery({ config, db: handle.db, log: app.log }), {
        db: handle.db,
        clock: options.clock ?? systemClock,
        log: app.log,
      }),
      metrics,
    ),
    log: app.log,
    secrets,
    projects: new ProjectCache({
      db: handle.db,
      excludeDevelopment: config.env === 'production',
      development: devProjectAllowlist(config, devDeclaration),
    }),
    sessions: createSessionState({
      db: handle.db,
      kind: handle.kind,
      secrets,
      ...(options.keyRotationMs !== undefined ? { keyRotationMs: options.keyRotationMs } : {}),
      // Issue 23 item 3: session rows cached, told of every write below.
      cacheClock: options.clock ?? systemClock,
    }),
    limits: new RateLimits({
      overrides: { ...config.rateLimits, ...options.rateLimits },
      createLimiter: limiterStore.createLimiter,
      clock: options.clock ?? systemClock,
      log: app.log,
      metrics,
    }),
    // Set just below: the gate reads ctx's secrets, limits, clock and metrics.
    captcha: null,
    metrics,
    // LD-04: expired rows are purged on a timer (started on ready); the cycle reads ctx when it runs.
    purge: createPurgeSchedule({
      intervalMs: config.purgeIntervalSeconds * 1000,
      cycle: async () => {
        const report = await purgeExpired(ctx);
        // PostgreSQL counters of past windows (Redis and memory expire their own).
        const counters = await limiterStore.purgeExpired();
        if (counters > 0) app.log.info({ deleted: counters }, 'purged expired rate-limit counters');
        return report;
      },
      log: app.log,
    }),
    // Issue 25 item 2: this instance's webhook delivery loop (started on ready); the cycle reads ctx when it runs.
    webhooks: createWebhookWorker({
      intervalMs: config.webhookWorkerIntervalMs,
      cycle: () => deliverDueWebhooks(webhookWorkerDeps(ctx)),
      log: app.log,
    }),
    passwords,
    instance: {
      databaseKind: handle.kind,
      limiterStore: limiterStore.kind,
      health,
      version: SERVER_VERSION,
      startedAt: (options.clock ?? systemClock).now(),
      prometheus,
    },
  };

  // Issue 9 item 3: the self-hosted proof-of-work captcha asked for past a soft threshold.
  ctx.captcha = createCaptchaGate(ctx, {
    // Issue 26 item 3: an accepted token is `captcha.solved` in the event log (features/audit).
    onSolved: (request, action) => recordCaptchaSolved(ctx, request, action),
  });

  // Issue 23 item 3: the session cache hears of every write a check reads (migrations 0028/0029's triggers), made
  // by this instance or any other, from now until the app closes; on PostgreSQL a hit first awaits the barrier
  // (features/sessions/session-cache.ts).
  const sessionCache = ctx.sessions.cache;
  const subscription = await handle.subscribeToSessionWrites(SESSION_CACHE_CHANNEL, {
    notify: (payload) => sessionCache.invalidate(payload),
    lost: (reason) => {
      sessionCache.suspend();
      app.log.warn({ err: reason }, 'session cache suspended: lost the connection that hears of writes');
    },
    restored: () => {
      sessionCache.resume();
      app.log.info('session cache resumed: hearing of writes again');
    },
  });
  sessionCache.useBarrier(subscription.barrier);
  opened.push(() => subscription.close());
  app.addHook('onClose', () => subscription.close());

  app.decorate('gatehouse', ctx);
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, config: route.config ?? {} });
    }
  });
  app.decorate('gatehouseRoutes', routes);
  app.decorateRequest('requestId', {
    getter(this: { id: string }) {
      return this.id;
    },
  });
  app.decorateRequest('gatehouse', null);
  app.decorateRequest('basicCredentials', null);
  // The purge timer runs while the app does: from ready until close, stopped before the database closes (a
  // running cycle finishes first).
  app.addHook('onReady', async () => ctx.purge.start());
  // Fastify's close waits for every connection; a keep-alive one busy at that moment is ended once answered
  // (infra/keep-alive-close.ts), not after keepAliveTimeout.
  app.addHook('preClose', async () => endConnectionsAsTheyIdle(app.server));
  app.addHook('preClose', () => ctx.purge.stop());
  // The webhook loop likewise: a delivery in flight finishes (or its lease brings it back to another instance).
  app.addHook('onReady', async () => ctx.webhooks.start());
  app.addHook('preClose', () => ctx.webhooks.stop());
  if (ownsDatabase) app.addHook('onClose', () => handle.close());

  app.setErrorHandler(errorHandlerWith({ databaseUnavailability: handle.unavailability, metrics }));
  // Issue 22 finding 2: a browser navigation to an unknown page gets the web app's "Page not found" (status 404),
  // once registerStaticWeb below has said how; everything else the JSON 404 of wire-format.md §3.
  let pageNotFound: PageNotFound | null = null;
  app.setNotFoundHandler(
    (request, reply) => pageNotFound?.(request, reply) ?? notFoundHandler(request, reply),
  );
  registerJsonBodyParser(app);
  // The security headers and (wire-format.md §3) a request id on every answer, errors included.
  registerSecurityHeaders(app, securityHeaders);
  app.addHook('onRequest', refuseUndecodableInput);
  // Issue 9 item 2: without TRUSTED_PROXIES, warn once when the traffic looks like it comes through a proxy.
  if (config.trustedProxies === null) {
    app.addHook('onRequest', createSingleAddressWatch({ env: config.env, log: app.log }));
  }

  await useSecretKey(ctx, secretKey);

  const startup: StartupReport = { devProject: null, createdProjects: [], operatorsProject: null };
  if (config.projectFile !== null) {
    const others = declarations.filter((entry) => entry !== devDeclaration);
    startup.createdProjects = (await syncProjectFile(ctx, others)).created;
  }
  await assertProductionReady(ctx, { appProjectId: options.appProjectId ?? null });
  if (config.env !== 'production') {
    startup.devProject = (await ensureDevProject(ctx)).project;
    if (devDeclaration !== undefined) startup.devProject = await configureDevProject(ctx, devDeclaration);
  }
  // Issue 26 item 2: the console's operators project, and its first owner from CONSOLE_OWNER_EMAIL (idempotent, and
  // serialised between instances starting together).
  startup.operatorsProject = (
    await ensureOperatorsProject(ctx, { extraOrigins: consoleOrigins(config) })
  ).project;
  if (config.consoleOwnerEmail !== null) await ensureConsoleOwner(ctx, config.consoleOwnerEmail);
  app.decorate('gatehouseStartup', startup);

  await app.register(
    async (sdk) => {
      // Issue 21 item 3: outside production, a refused origin is named once in the log (a browser hides why).
      const noticeRefusal = createOriginRefusalNotice({
        production: config.env === 'production',
        log: app.log,
      });
      sdk.addHook(
        'onRequest',
        createRequestContextHook(ctx, { resolveSession, noticeOriginRefusal: noticeRefusal }),
      );
      // Issue 20 item 3 (SS-08): the routes that write on the user's credentials check the session's second factor
      // and how recently it signed in, as features/sessions/step-up.ts lists them.
      sdk.addHook('onRoute', stepUpOnRoute(ctx));
      // Issue 25 item 1: a call refused by a rate limit or the captcha is an event (features/audit/refusal-events.ts).
      sdk.addHook('onError', refusalEventsHook(ctx));
      // Unknown /sdk/v1 routes still get CORS headers so the SDK can read the 404.
      sdk.setNotFoundHandler(notFoundHandler);
      registerCorsPreflight(sdk, { production: config.env === 'production', noticeRefusal });
      await registerBootstrapRoutes(sdk, ctx);
      await registerEventRoutes(sdk, ctx);
      for (const feature of [...FEATURES, ...(options.features ?? [])]) await feature.register(sdk, ctx);
    },
    { prefix: SDK_API_PREFIX },
  );

  await registerJwksRoutes(app, ctx);
  // Issue 13 item 2: Stytch's backend API for the application's own server (HTTP Basic of project id and secret).
  await registerBackendApiRoutes(app, ctx);
  // Issue 14 items 3 and 4: users import and export, by the same Basic auth.
  await registerImportRoutes(app, ctx);
  // Issue 26 item 1: where /console and /admin/v1 answer (a listener or host of their own, an IP allowlist).
  app.decorate('gatehouseConsole', registerConsoleExposure(app, config.consoleExposure));
  // Issue 25 item 3: the admin API (bearer admin API keys; OpenAPI at /admin/v1/openapi.json).
  await registerAdminApi(app, ctx, { modules: ADMIN_ROUTE_MODULES, version: ADMIN_API_VERSION });
  // Issue 11: the OAuth start and callback are browser navigations under /v1/public (wire-format.md §1.3).
  await registerOAuthPublicRoutes(app, ctx);
  await registerMetricsRoutes(app, { settings: config.metrics, metrics: prometheus });
  // Issue 23 item 7: GET /health/live and /health/ready for balancers and supervisors.
  app.decorate('gatehouseHealth', health);
  registerHealthRoutes(app, health);
  if (config.env !== 'production') {
    await registerOutboxRoutes(app, ctx);
    await registerDevRoutes(app, ctx);
  }
  // Issue 21 item 2: /gatehouse.js, the widget for plain pages by one script tag.
  await registerScriptTag(app, ctx);
  // Issue 22 finding 10: /favicon.svg and /favicon.ico, with or without a web build.
  await registerFavicon(app);
  // Issue 26 item 1: the operator console at /console. Its pages carry the operators project's public token (issue 26
  // item 2: operators sign in through that project's widget).
  await registerConsole(app, ctx, {
    distDir: config.consoleDistDir,
    operatorsPublicToken: async () => (await findOperatorsProject(ctx))?.publicTokenTest ?? null,
  });
  pageNotFound = await registerStaticWeb(app, ctx, { appProjectId: options.appProjectId ?? null });

  // Not made ready here: callers (tests) may still add routes or hooks before the first inject/listen.
  return app as GatehouseApp;
}

/**
 * Issue 8 item 4: refuses a SECRET_KEY that is not the one this database was encrypted under, or rotates from
 * SECRET_KEY_PREVIOUS (infra/secret-key.ts), before anything reads or writes encrypted rows.
 */
async function useSecretKey(ctx: AppContext, secretKey: ResolvedSecretKey): Promise<void> {
  if (secretKey.source === 'file-created') {
    ctx.log.info(
      { path: secretKey.path },
      'generated a development SECRET_KEY (set SECRET_KEY in production)',
    );
  }
  const previous = ctx.config.secretKeyPrevious;
  const check = await checkSecretKey({
    db: ctx.db,
    secrets: ctx.secrets,
    previous: previous === null ? null : createSecretBox(previous),
    reencryptions: [
      reencryptSigningKeys,
      reencryptOAuthSecrets,
      reencryptTotpSecrets,
      reencryptWebhookSecrets,
      reencryptPasswordMigrationSecrets,
    ],
    now: ctx.clock.now(),
    ...(secretKey.source === 'ephemeral'
      ? { mismatchHint: 'SECRET_KEY is not set and DATA_DIR is in memory, so this start made a new one' }
      : {}),
  });
  if (check.outcome === 'rotated') {
    ctx.log.info({ reencrypted: check.reencrypted }, 'SECRET_KEY rotated: re-encrypted under the new secret');
  } else if (check.outcome === 'previous-unused') {
    ctx.log.warn('SECRET_KEY_PREVIOUS is set, but this database is already under SECRET_KEY: unset it');
  }
}
