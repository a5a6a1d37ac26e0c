// The app under test: one database per test file (PGlite's cold start is 1–2 s), tables emptied by reset(),
// and a fresh project after each reset. Route tests go through app.inject() with the SDK's own headers.
import { randomBytes } from 'node:crypto';
import { PRODUCTS } from '@gatehouse/protocol';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp, type GatehouseApp, type SdkFeature } from '../app';
import { createProject } from '../features/projects/project-service';
import { forgetSigningKeys } from '../features/sessions';
import type { AppConfig, AppContext, Clock, Delivery, ProjectRecord } from '../infra/context';
import type { DatabaseHandle } from '../infra/db/client';
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

export interface TestApp {
  app: GatehouseApp;
  ctx: AppContext;
  handle: DatabaseHandle;
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
    options: Pick<BuildAppOptions, 'rateLimits' | 'keyRotationMs' | 'clock' | 'delivery' | 'config'>,
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
}

/** The configuration of every test app: env 'test', nothing persisted, no static files, no SMTP/SMS. */
export function testConfig(overrides: Partial<AppConfig> = {}): Partial<AppConfig> {
  return {
    env: 'test',
    port: 3000,
    publicUrl: 'http://localhost:3000',
    databaseUrl: null,
    dataDir: null,
    smtpUrl: null,
    sms: null,
    projectFile: null,
    webDistDir: null,
    logLevel: 'silent',
    // Tests run one purge cycle themselves (infra/purge.test.ts), on their own clock.
    purgeIntervalSeconds: 0,
    ...overrides,
  };
}

export async function createTestApp(options: CreateTestAppOptions): Promise<TestApp> {
  const handle = await openTestDatabase(
    options.kind,
    options.databaseVia ? { via: options.databaseVia } : {},
  );
  const appOptions: BuildAppOptions = {
    // One SECRET_KEY per test app, shared by its siblings as the instances of one deployment share theirs (with
    // none set, each app would make its own in-memory secret and the database would refuse the sibling).
    config: testConfig({ secretKey: randomBytes(32).toString('base64url'), ...options.config }),
    database: handle,
    clock: options.clock,
    delivery: options.delivery,
    features: options.features,
    rateLimits: options.rateLimits ?? GENEROUS_LIMITS,
    logger: false,
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
      const sibling = await buildApp({
        ...appOptions,
        ...overrides,
        config: { ...appOptions.config, ...overrides.config },
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
        sdk: { identifier: 'Gatehouse test', version: '4.13.1' },
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
