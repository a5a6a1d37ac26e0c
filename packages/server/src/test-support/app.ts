// The app under test: one database per test file (PGlite's cold start is 1–2 s), tables emptied by reset(),
// and a fresh project after each reset. Route tests go through app.inject() with the SDK's own headers.
import { PRODUCTS } from '@gatehouse/protocol';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type GatehouseApp, type SdkFeature } from '../app';
import { createProject } from '../features/projects/project-service';
import { resetSessionRuntime } from '../features/sessions';
import { invalidateProjectCache } from '../infra/auth';
import type { AppConfig, AppContext, Clock, Delivery, ProjectRecord } from '../infra/context';
import type { DatabaseHandle } from '../infra/db/client';
import { type DatabaseKind, openTestDatabase, resetDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';
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
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  kind: DatabaseKind;
  clock?: Clock;
  delivery?: Delivery;
  config?: Partial<AppConfig>;
  /** Extra /sdk/v1 routes for the test (they run behind the real auth hook, CORS and error handling). */
  features?: readonly SdkFeature[];
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
    ...overrides,
  };
}

export async function createTestApp(options: CreateTestAppOptions): Promise<TestApp> {
  const handle = await openTestDatabase(options.kind);
  let app: GatehouseApp;
  try {
    app = await buildApp({
      config: testConfig(options.config),
      database: handle,
      clock: options.clock,
      delivery: options.delivery,
      features: options.features,
      logger: false,
    });
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
      // Emptied tables take the signing keys and projects with them: drop what the app caches of both.
      invalidateProjectCache(ctx);
      resetSessionRuntime(ctx);
      const fresh = await newProject();
      testApp.project = fresh;
      testApp.publicToken = fresh.publicTokenTest;
    },
    close: async () => {
      try {
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
      async (request) => ({
        data: {
          echoed: request.body,
          session_token: request.sessionToken,
          mode: request.tokenMode,
          project_id: request.project?.id ?? null,
        },
      }),
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
