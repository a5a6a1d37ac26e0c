// Security properties of the /sdk/v1 platform (security-tests.md): CORS and origin checks (CS-01, CS-03) and
// hostile input on every route (IV-01 malformed JSON and wrong types, IV-02 size and depth, IV-03 content type,
// IV-04 NUL and lone surrogates, IV-06 prototype pollution). Bad input is a 4xx and changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProject } from './features/projects/project-service';
import { telemetryEvents } from './infra/db/schema';
import { createTestApp, probeFeature, sdkRequest, TEST_ORIGIN, type TestApp } from './test-support/app';
import { testDatabaseKinds } from './test-support/database';

const REQUEST_ID =
  /^request-id-(test|live)-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function telemetryCount(t: TestApp): Promise<number> {
  const rows = await t.ctx.db.select({ count: sql<number>`count(*)::int` }).from(telemetryEvents);
  return Number(rows[0]?.count ?? 0);
}

describe.each(testDatabaseKinds())('platform security on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, features: [probeFeature] });
  });
  beforeEach(async () => {
    await t.ctx.db.delete(telemetryEvents);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('CORS', () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/sdk/v1/sessions/authenticate',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-sdk-client,x-sdk-parent-host',
        },
      });

    it('answers a preflight from an allowed origin with the SDK headers and methods', async () => {
      const response = await preflight(TEST_ORIGIN);
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
      expect(String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(
        expect.arrayContaining(['authorization', 'content-type', 'x-sdk-client', 'x-sdk-parent-host']),
      );
      expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual([
        'GET',
        'POST',
        'PUT',
        'DELETE',
      ]);
      expect(response.headers.vary).toContain('Origin');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    });

    // security-tests.md CS-03: look-alikes, null, scheme downgrade, another port.
    it.each([
      'https://evil.test',
      'null',
      'http://localhost:3000.evil.test',
      'http://evillocalhost:3000',
      'https://localhost:3000',
      'http://localhost:3001',
    ])('refuses a preflight from %s without CORS headers', async (origin) => {
      const response = await preflight(origin);
      expect(response.statusCode).toBe(403);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.json().error_type).toBe('origin_not_allowed');
    });

    it('echoes an allowed origin exactly on the actual request', async () => {
      const response = await sdkRequest(t.app, {
        method: 'GET',
        url: `/projects/bootstrap/${t.publicToken}`,
        publicToken: t.publicToken,
        headers: { origin: TEST_ORIGIN },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
      expect(response.headers.vary).toContain('Origin');
    });

    it('refuses an actual request whose origin the project does not allow with 403 origin_not_allowed', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: { session_duration_minutes: 30 },
        headers: { origin: 'https://evil.test' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_type).toBe('origin_not_allowed');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('refuses an origin that only another project allows, but lets the browser read why', async () => {
      await createProject(t.ctx, {
        name: 'Other',
        allowedOrigins: ['https://other.example'],
        allowedRedirectUrls: [],
        enabledProducts: ['emailMagicLinks'],
      });
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: { session_duration_minutes: 30 },
        headers: { origin: 'https://other.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_type).toBe('origin_not_allowed');
      expect(response.headers['access-control-allow-origin']).toBe('https://other.example');
    });

    it('lets the browser read a 401 for a bad token from an allowed origin, but not from an unknown one', async () => {
      const bad = {
        method: 'POST' as const,
        url: '/test/typed',
        publicToken: 'public-token-test-nope',
        body: { session_duration_minutes: 1 },
      };
      const allowed = await sdkRequest(t.app, { ...bad, headers: { origin: TEST_ORIGIN } });
      expect(allowed.statusCode).toBe(401);
      expect(allowed.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
      const foreign = await sdkRequest(t.app, { ...bad, headers: { origin: 'https://evil.test' } });
      expect(foreign.statusCode).toBe(401);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('allows the server’s own origin (pages it serves are same-origin)', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: { session_duration_minutes: 30 },
        headers: { origin: t.ctx.config.publicUrl },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('schema errors and bad input', () => {
    it('answers "30" for a number with an ajv-6-style schema error (no coercion)', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: { session_duration_minutes: '30' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status_code: 400,
        request_id: expect.stringMatching(REQUEST_ID),
        error_message: 'Request does not match expected schema',
        body: [
          {
            keyword: 'type',
            dataPath: '.session_duration_minutes',
            schemaPath: '#/properties/session_duration_minutes/type',
            params: { type: 'number' },
            message: 'should be number',
          },
        ],
      });
    });

    it('reports every problem, nested paths in ajv 6 notation', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: { nested: { list: ['a', 5] }, extra: true },
      });
      expect(response.statusCode).toBe(400);
      const items = response.json().body as { keyword: string; dataPath: string; message: string }[];
      expect(items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            keyword: 'required',
            dataPath: '',
            message: "should have required property 'session_duration_minutes'",
          }),
          expect.objectContaining({ keyword: 'additionalProperties', dataPath: '' }),
          expect.objectContaining({
            keyword: 'type',
            dataPath: '.nested.list[1]',
            message: 'should be string',
          }),
        ]),
      );
    });

    it.each([
      ['truncated', '{"session_duration_minutes": 3'],
      ['trailing comma', '{"session_duration_minutes": 3,}'],
      ['NaN', '{"session_duration_minutes": NaN}'],
      ['single quotes', "{'session_duration_minutes': 3}"],
      ['prototype pollution', '{"session_duration_minutes": 3, "__proto__": {"isAdmin": true}}'],
      [
        'constructor pollution',
        '{"session_duration_minutes": 3, "constructor": {"prototype": {"isAdmin": true}}}',
      ],
    ])('answers malformed JSON (%s) with a 400 schema error', async (_name, payload) => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: payload,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error_message).toBe('Request does not match expected schema');
      expect(body.body).toEqual([
        expect.objectContaining({ dataPath: expect.any(String), message: expect.any(String) }),
      ]);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });

    it.each([
      ['NUL', '{"session_duration_minutes": 3, "nested": {"list": ["a\\u0000b"]}}', '.nested.list[0]'],
      [
        'a lone surrogate',
        '{"session_duration_minutes": 3, "nested": {"list": ["\\ud800"]}}',
        '.nested.list[0]',
      ],
    ])('refuses %s in a string with a 400 naming the field', async (_name, payload, dataPath) => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().body[0].dataPath).toBe(dataPath);
    });

    it('accepts a well-formed surrogate pair (emoji)', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: '{"session_duration_minutes": 3, "nested": {"list": ["\\ud83d\\ude00"]}}',
      });
      expect(response.statusCode).toBe(200);
    });

    it('treats an empty JSON body as no body (the SDK sends Content-Type on bodiless POST/DELETE)', async () => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
      });
      // No body: the route's schema decides (here: a schema error, not a JSON parse error).
      expect(response.statusCode).toBe(400);
      expect(response.json().body[0].keyword).toBe('type');
    });

    it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
      'refuses a %s body with 415 unsupported_media_type (CS-01, IV-03)',
      async (contentType) => {
        const response = await sdkRequest(t.app, {
          method: 'POST',
          url: '/test/typed',
          publicToken: t.publicToken,
          body: 'session_duration_minutes=3',
          headers: { 'content-type': contentType },
        });
        expect(response.statusCode).toBe(415);
        expect(response.json().error_type).toBe('unsupported_media_type');
      },
    );

    it('answers an oversized body with 413 request_too_large and stores nothing', async () => {
      const batch = [
        {
          telemetry: { pad: 'x'.repeat(1_100_000) },
          event: { public_token: t.publicToken, event_name: 'big', details: {} },
        },
      ];
      const response = await t.app.inject({
        method: 'POST',
        url: '/sdk/v1/events',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(batch),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ status_code: 413, error_type: 'request_too_large' });
      expect(await telemetryCount(t)).toBe(0);
    });

    // IV-02: depth and size. The walker that looks for NUL is iterative, so depth cannot overflow the stack.
    it.each([
      [
        '10,000 levels of nesting',
        `{"session_duration_minutes":3,"nested":{"list":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`,
      ],
      [
        'deep nesting holding a NUL',
        `{"session_duration_minutes":3,"nested":${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}}`,
      ],
      [
        '10,000 array items',
        `{"session_duration_minutes":3,"nested":{"list":[${Array(10_000).fill(1).join(',')}]}}`,
      ],
    ])('answers %s with a 4xx, never a 5xx', async (_name, payload) => {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/test/typed',
        publicToken: t.publicToken,
        body: payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error_message).toBe('Request does not match expected schema');
    });

    it('answers a Content-Length that does not match the body with a 400', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/sdk/v1/test/typed',
        headers: {
          authorization: `Basic ${Buffer.from(`${t.publicToken}:${t.publicToken}`).toString('base64')}`,
          'content-type': 'application/json',
          'content-length': '5',
        },
        payload: '{"session_duration_minutes":3}',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });

    it('writes nothing for a batch that fails the schema', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/sdk/v1/events',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify([
          { telemetry: {}, event: { public_token: t.publicToken, event_name: 'ok', details: {} } },
          { telemetry: {}, event: { public_token: t.publicToken, event_name: 42, details: {} } },
        ]),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().body[0].dataPath).toBe('[1].event.event_name');
      expect(await telemetryCount(t)).toBe(0);
    });
  });
});
