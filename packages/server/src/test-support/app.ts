// The app under test: one database per test file (PGlite's cold start is 1–2 s), tables emptied by reset(),
// and a fresh project after each reset. Route tests go through app.inject() with the SDK's own headers.
import { randomBytes } from 'node:crypto';
import { GATEHOUSE_SDK_IDENTIFIER, PRODUCTS } from '@gatehouse/protocol';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp, type GatehouseApp, type SdkFeature } from '../app';
import type { Argon2Parameters } from '../features/passwords/hashing';
import { createPasswordWorkers, type PasswordWorkers } from '../features/passwords/kit';
import { createProject } from '../features/projects/project-service';
import { forgetSigningKeys } from '../features/sessions';
import type { AppConfig, AppContext, Clock, Delivery, ProjectRecord } from '../infra/context';
import type { DatabaseHandle } from '../infra/db/client';
import { DEFAULT_REDIS_KEY_PREFIX, type LimiterStoreKind } from '../infra/rate-limit-store';
import { DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimitSettings } from '../infra/rate-limits';
import { contextOf } from '../infra/request-context';
import { type DatabaseKind, openTestDatabase, resetDatabase, type TestDatabaseOptions } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * Limits no functional test reaches (each app's limiters live as long as the app, so a test file's many sends
 * from one inject address would otherwise add up). Tests of the limits themselves set their own.
 */
export const GENEROUS_LIMITS: Partial<RateLimitSettings> = Object.fromEntries(
  (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]).map((name) => [
    name,
    { points: 10_000, durationSeconds: 60 },
  ]),
);
export const TEST_REDIRECT_URL = 'http://localhost:3000/authenticate';

const PASSWORD_WORKERS = Symbol.for('gatehouse.test.passwordWorkers');

/**
 * One pair of password threads (argon2, zxcvbn) for every test app of this process, kept on globalThis so that files
 * with module graphs of their own share it too. A test app used to start its own and load zxcvbn's dictionaries
 * again (~0.45 s of CPU each, hundreds of apps a run). The threads are unref'd: they never keep the process alive.
 */
function sharedPasswordWorkers(): PasswordWorkers {
  const holder = globalThis as { [PASSWORD_WORKERS]?: PasswordWorkers };
  holder[PASSWORD_WORKERS] ??= createPasswordWorkers();
  return holder[PASSWORD_WORKERS];
}

export interface TestApp {
  app: GatehouseApp;
  ctx: AppContext;
  handle: DatabaseHandle;
  /** The key prefix of the app's counters in a shared store (its siblings share it). */
  limiterKeyPrefix: string;
  /** The current test project (replaced by reset(): read it after each reset, do not destructure it early). */
  project: ProjectRecord;
  /** The current project's TEST public token (replaced by reset() too). */
  publicToken: string;
  /** Empties every table, clears the caches and creates a fresh test project. */
  reset(): Promise<void>;
  /**
   * A second app on the same database with other options (rate limits, key rotation, clock): its caches and
   * limiters are its own, as another instance's would be. Closed with this one.
   */
  sibling(
    options: Pick<
      BuildAppOptions,
      'rateLimits' | 'keyRotationMs' | 'clock' | 'delivery' | 'config' | 'limiterStore'
    >,
  ): Promise<GatehouseApp>;
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  kind: DatabaseKind;
  clock?: Clock;
  delivery?: Delivery;
  config?: Partial<AppConfig>;
  /** Extra /sdk/v1 routes for the test (they run behind the real auth hook, CORS and error handling). */
  features?: readonly SdkFeature[];
  /** Default GENEROUS_LIMITS: only tests of a limit set it (to the limit they test). */
  rateLimits?: Partial<RateLimitSettings>;
  /** PostgreSQL: the app's database connections go through this proxy (test-support/tcp-proxy.ts). */
  databaseVia?: TestDatabaseOptions['via'];
  /**
   * Where rate-limit counters live (default memory, one set per app). 'postgres' needs kind 'postgres'; 'redis'
   * uses REDIS_URL (or config.redisUrl) with a key prefix of its own, shared by the app's siblings only, so test
   * files sharing one Redis never count each other's calls.
   */
  limiterStore?: LimiterStoreKind;
  /** Cheaper argon2id parameters (app.ts BuildAppOptions.argon2), shared by the app's siblings. */
  argon2?: Argon2Parameters;
}

/** The limiter stores every limit test runs on: memory, plus PostgreSQL and Redis when their services are set. */
export function testLimiterStoreKinds(): LimiterStoreKind[] {
  return [
    'memory',
    ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
    ...(process.env.REDIS_URL ? (['redis'] as const) : []),
  ];
}

/** The database a test of `store` runs on: PostgreSQL for the PostgreSQL store, else PGlite. */
export function databaseKindFor(store: LimiterStoreKind): DatabaseKind {
  return store === 'postgres' ? 'postgres' : 'pglite';
}

/** Deletes a test app's Redis counters (its own prefix only) when it closes. */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    const pattern = `${DEFAULT_REDIS_KEY_PREFIX}:${prefix}:*`;
    let cursor = '0';
    // Bounded: a test app writes a few hundred keys at most.
    for (let round = 0; round < 1000; round += 1) {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
  } catch {
    // A Redis a test broke on purpose: its keys expire on their own (twice their window).
  } finally {
    client.disconnect();
  }
}

/** The configuration of every test app: env 'test', nothing persisted, no static files, no SMTP/SMS. */
export function testConfig(overrides: Partial<AppConfig> = {}): Partial<AppConfig> {
  return {
    env: 'test',
    port: 3000,
    publicUrl: 'http://localhost:3000',
    databaseUrl: null,
    dataDir: null,
    redisUrl: null,
    smtpUrl: null,
    sms: null,
    projectFile: null,
    webDistDir: null,
    consoleDistDir: null,
    scriptTagDir: null,
    logLevel: 'silent',
    // Tests run one purge cycle themselves (infra/purge.test.ts), on their own clock.
    purgeIntervalSeconds: 0,
    // Tests that deliver webhooks run cycles themselves (features/webhooks), on their own clock.
    webhookWorkerIntervalMs: 0,
    ...overrides,
  };
}

export async function createTestApp(options: CreateTestAppOptions): Promise<TestApp> {
  const limiterStore = options.limiterStore ?? 'memory';
  if (limiterStore === 'postgres' && options.kind !== 'postgres') {
    throw new Error("limiterStore 'postgres' needs kind 'postgres'");
  }
  const redisUrl =
    limiterStore === 'redis' ? (options.config?.redisUrl ?? process.env.REDIS_URL ?? null) : null;
  if (limiterStore === 'redis' && redisUrl === null) throw new Error("limiterStore 'redis' needs REDIS_URL");
  const limiterKeyPrefix = `test-${randomBytes(6).toString('hex')}`;
  const handle = await openTestDatabase(
    options.kind,
    options.databaseVia ? { via: options.databaseVia } : {},
  );
  const appOptions: BuildAppOptions = {
    // One SECRET_KEY per test app, shared by its siblings as the instances of one deployment share theirs (with
    // none set, each app would make its own in-memory secret and the database would refuse the sibling).
    config: testConfig({ secretKey: randomBytes(32).toString('base64url'), ...options.config, redisUrl }),
    database: handle,
    limiterStore,
    limiterKeyPrefix,
    clock: options.clock,
    delivery: options.delivery,
    features: options.features,
    rateLimits: options.rateLimits ?? GENEROUS_LIMITS,
    logger: false,
    ...(options.argon2 ? { argon2: options.argon2 } : {}),
    passwordWorkers: sharedPasswordWorkers(),
  };
  const siblings: GatehouseApp[] = [];
  let app: GatehouseApp;
  try {
    app = await buildApp(appOptions);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const ctx = app.gatehouse;
  const newProject = async (): Promise<ProjectRecord> =>
    (
      await createProject(ctx, {
        name: 'Test project',
        allowedOrigins: [TEST_ORIGIN],
        allowedRedirectUrls: [TEST_REDIRECT_URL],
        enabledProducts: PRODUCTS,
      })
    ).project;

  const project = await newProject();
  const testApp: TestApp = {
    app,
    ctx,
    handle,
    limiterKeyPrefix,
    project,
    publicToken: project.publicTokenTest,
    reset: async () => {
      await resetDatabase(handle);
      // Emptied tables take the signing keys and projects with them: drop what the apps cache of both.
      for (const each of [app, ...siblings]) {
        each.gatehouse.projects.clear();
        forgetSigningKeys(each.gatehouse.sessions);
      }
      const fresh = await newProject();
      testApp.project = fresh;
      testApp.publicToken = fresh.publicTokenTest;
    },
    sibling: async (overrides) => {
      // The same limiter store and key prefix unless told otherwise: siblings share every budget, as instances do.
      const siblingRedisUrl =
        overrides.limiterStore === 'redis' && redisUrl === null ? (process.env.REDIS_URL ?? null) : redisUrl;
      const sibling = await buildApp({
        ...appOptions,
        ...overrides,
        config: { ...appOptions.config, redisUrl: siblingRedisUrl, ...overrides.config },
      });
      siblings.push(sibling);
      return sibling;
    },
    close: async () => {
      try {
        for (const sibling of siblings) await sibling.close();
        await app.close();
      } finally {
        await handle.close();
        if (redisUrl !== null) await deleteRedisKeys(redisUrl, limiterKeyPrefix);
      }
    },
  };
  return testApp;
}

/**
 * POST /sdk/v1/test/typed behind the real auth hook: a typed body (`session_duration_minutes` number, optional
 * `nested.list` of strings, no other keys), answering what the platform set on the request. For platform tests.
 */
export const probeFeature: SdkFeature = {
  name: 'probe',
  register: async (sdk) => {
    sdk.post(
      '/test/typed',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              session_duration_minutes: { type: 'number' },
              nested: { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } },
            },
            required: ['session_duration_minutes'],
            additionalProperties: false,
          },
        },
      },
      async (request) => {
        const context = contextOf(request);
        return {
          data: {
            echoed: request.body,
            session_token: context.sessionToken,
            mode: context.tokenMode,
            project_id: context.project.id,
          },
        };
      },
    );
  },
};

/** `Basic base64(public_token:session_token)`; without a session the public token is repeated (wire-format.md §2). */
export function basicAuth(publicToken: string, sessionToken?: string | null): string {
  return `Basic ${Buffer.from(`${publicToken}:${sessionToken ?? publicToken}`, 'utf8').toString('base64')}`;
}

export interface SdkRequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
  /** Path under /sdk/v1 (`/sessions/authenticate`) or a full path starting with `/sdk/v1`. */
  url: string;
  publicToken: string;
  sessionToken?: string | null;
  /** A JSON value (serialised), or a string sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request with the headers the SDK sends (wire-format.md §2): Basic auth, JSON content type, X-SDK-Client. */
export function sdkRequest(app: GatehouseApp, options: SdkRequestOptions): Promise<LightMyRequestResponse> {
  const url = options.url.startsWith('/sdk/v1') ? options.url : `/sdk/v1${options.url}`;
  const headers: Record<string, string> = {
    authorization: basicAuth(options.publicToken, options.sessionToken),
    'content-type': 'application/json',
    'x-sdk-client': Buffer.from(
      JSON.stringify({
        sdk: { identifier: GATEHOUSE_SDK_IDENTIFIER, version: '0.1.0' },
        app: { identifier: 'localhost' },
      }),
    ).toString('base64'),
    ...options.headers,
  };
  const request: InjectOptions = { method: options.method, url, headers };
  if (options.body !== undefined) {
    request.payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return app.inject(request);
}
