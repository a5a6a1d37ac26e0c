// The /sdk/v1 platform (wire-format.md §2–3): envelope, request ids, Basic auth, unknown routes, failures,
// start-up. CORS and hostile input: platform.security.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import {
  basicAuth,
  createTestApp,
  probeFeature,
  sdkRequest,
  TEST_ORIGIN,
  type TestApp,
} from './test-support/app';
import { testDatabaseKinds } from './test-support/database';

const REQUEST_ID =
  /^request-id-(test|live)-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(testDatabaseKinds())('platform on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      config: { bodyLimit: 4096 },
      features: [probeFeature],
    });
    // A failure the platform did not expect.
    t.app.get('/boom', async () => {
      throw new Error('secret internals: password=hunter2');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('envelope and request ids', () => {
    it('wraps success in data with request_id and status_code, and sends X-Request-Id', async () => {
      const response = await sdkRequest(t.app, {
        method: 'GET',
        url: `/projects/bootstrap/${t.publicToken}`,
        publicToken: t.publicToken,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data.status_code).toBe(200);
      expect(body.data.request_id).toMatch(REQUEST_ID);
      expect(response.headers['x-request-id']).toBe(body.data.request_id);
      expect(body.data.request_id.startsWith('request-id-test-')).toBe(true);
    });

    it('gives every answer a distinct request id, also errors and unknown routes', async () => {
      const ids = new Set<string>();
      for (const url of ['/nope', '/sdk/v1/nope', '/dev/project']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.headers['x-request-id']).toMatch(REQUEST_ID);
        ids.add(String(response.headers['x-request-id']));
      }
      expect(ids.size).toBe(3);
    });

    it('names the live mode for a live token and never takes the id from the client', async () => {
      const response = await sdkRequest(t.app, {
        method: 'GET',
        url: `/projects/bootstrap/${t.project.publicTokenLive}`,
        publicToken: t.project.publicTokenLive,
        headers: { 'x-request-id': 'request-id-test-attacker' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.request_id).toMatch(/^request-id-live-/);
      expect(response.headers['x-request-id']).not.toBe('request-id-test-attacker');
    });
  });

  describe('Basic authorization', () => {
    it('sets sessionToken to null when the password half repeats the public token', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: { session_duration_minutes: 30 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        session_token: null,
        mode: 'test',
        project_id: t.project.id,
      });
    });

    it('passes a session token through and resolves the live token to live mode', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.project.publicTokenLive,
        sessionToken: 'session-token-abc',
        body: { session_duration_minutes: 30 },
      });
      expect(response.json().data).toMatchObject({ session_token: 'session-token-abc', mode: 'live' });
    });

    it.each([
      ['no header', undefined],
      ['not Basic', 'Bearer public-token-test-x'],
      ['not base64 of a pair', 'Basic bm9jb2xvbg=='],
      ['unknown token', basicAuth('public-token-test-00000000-0000-4000-8000-000000000000')],
      ['foreign format', basicAuth('sk_live_123')],
    ])('refuses %s with 401 invalid_public_token', async (_name, authorization) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (authorization !== undefined) headers.authorization = authorization;
      const response = await t.app.inject({
        method: 'POST',
        url: '/sdk/v1/test/typed',
        headers,
        payload: '{"session_duration_minutes":1}',
      });
      expect(response.statusCode).toBe(401);
      const body = response.json();
      expect(body).toEqual({
        status_code: 401,
        request_id: expect.stringMatching(REQUEST_ID),
        error_type: 'invalid_public_token',
        error_message: expect.any(String),
        error_url: expect.stringContaining('invalid_public_token'),
      });
      expect(response.headers['content-type']).toContain('application/json');
    });

    it('sees a new project at once after reset (the cache is cleared)', async () => {
      const old = t.publicToken;
      await t.reset();
      expect(
        (await sdkRequest(t.app, { method: 'GET', url: `/projects/bootstrap/${old}`, publicToken: old }))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await sdkRequest(t.app, {
            method: 'GET',
            url: `/projects/bootstrap/${t.publicToken}`,
            publicToken: t.publicToken,
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('unknown routes and failures', () => {
    it('answers an unknown route with 404 not_found', async () => {
      for (const url of ['/nope', '/sdk/v1/nope']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({
          status_code: 404,
          error_type: 'not_found',
          request_id: expect.stringMatching(REQUEST_ID),
        });
      }
    });

    it('lets the SDK read a 404 cross-origin', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/sdk/v1/nope',
        headers: { origin: TEST_ORIGIN },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    });

    it('answers an unexpected failure with 500 internal_server_error and no internals', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toMatchObject({ status_code: 500, error_type: 'internal_server_error' });
      expect(body.error_message).toContain(body.request_id);
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain('Error:');
    });
  });

  describe('GET /dev/project', () => {
    it('returns the development project token outside production', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/dev/project' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.project_id).toBe('project-test-development');
      expect(body.public_token).toMatch(/^public-token-test-[0-9a-f-]{36}$/);
      const bootstrap = await sdkRequest(t.app, {
        method: 'GET',
        url: `/projects/bootstrap/${body.public_token}`,
        publicToken: body.public_token,
      });
      expect(bootstrap.statusCode).toBe(200);
    });
  });
});

describe.each(testDatabaseKinds())('start-up with a project file on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-app-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the declared projects, reports their secrets once, and serves them', async () => {
    const file = join(dir, 'projects.json');
    writeFileSync(
      file,
      JSON.stringify({
        projects: [
          {
            name: 'Shop',
            allowed_origins: ['https://shop.example'],
            settings: { disable_sdk_watermark: true },
          },
        ],
      }),
    );
    const t = await createTestApp({ kind, config: { projectFile: file } });
    try {
      const [created] = t.app.gatehouseStartup.createdProjects;
      expect(created?.project.name).toBe('Shop');
      expect(created?.secret).toMatch(/^secret-/);
      const token = created!.project.publicTokenTest;
      const response = await sdkRequest(t.app, {
        method: 'GET',
        url: `/projects/bootstrap/${token}`,
        publicToken: token,
        headers: { origin: 'https://shop.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.disable_sdk_watermark).toBe(true);
      expect(t.app.gatehouseStartup.devProject?.id).toBe('project-test-development');
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a bad project file, naming the key', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ projects: [{ name: 'Shop', enabled_products: ['sso'] }] }));
    await expect(createTestApp({ kind, config: { projectFile: file } })).rejects.toThrow(
      /PROJECT_FILE projects\[0\]\.enabled_products\[0\] is "sso"; allowed values: oauth/,
    );
  });
});

describe('production', () => {
  it('has no /dev routes and still creates no dev project', async () => {
    const app = await buildApp({
      config: {
        env: 'production',
        dataDir: null,
        webDistDir: null,
        publicUrl: 'https://auth.example.com',
        secretKey: 'production-test-secret-key-0123456789abcdef',
      },
      logger: false,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/dev/project' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error_type).toBe('not_found');
      expect(response.json().request_id).toMatch(/^request-id-live-/);
      expect(app.gatehouseStartup.devProject).toBeNull();
    } finally {
      await app.close();
    }
  });
});
