// Issue 25 item 3: the admin API's gate — "Authentication: … an admin API key (`ADMIN_API_KEY` environment variable
// for the bootstrap key, more keys with scopes created through the API, stored hashed, shown once, last-used time);
// 401 without credentials, 403 outside a key's scope. Every call is an event." — and its OpenAPI document.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { rowsOf } from '../users/user-sql';
import { ADMIN_SCOPES } from './admin-scopes';

describe.each(testDatabaseKinds())('the admin API gate on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const rows = async (query: SQL) => rowsOf<Record<string, unknown>>(await t.ctx.db.execute(query));
  const events = (type: string) =>
    rows(
      sql`SELECT actor_type, actor_id, project_id, request_id, payload FROM events WHERE type = ${type} ORDER BY seq`,
    );

  it('answers 401 admin_unauthorized without a key, with a wrong key, a Basic header or a key of another form', async () => {
    for (const key of [null, `${TEST_ADMIN_KEY}x`, 'gh_admin_AAAA', TEST_ADMIN_KEY.slice(0, -1)]) {
      const response = await adminCall(t.app, { method: 'GET', path: '/api-keys', key });
      expect(response.statusCode, String(key)).toBe(401);
      expect(response.json()).toMatchObject({ status_code: 401, error_type: 'admin_unauthorized' });
    }
    const basic = await t.app.inject({
      method: 'GET',
      url: '/admin/v1/api-keys',
      headers: { authorization: `Basic ${Buffer.from(`x:${TEST_ADMIN_KEY}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
    // Refused calls act on nothing and are not admin actions.
    expect(await events('admin_api.called')).toEqual([]);
  });

  it('without ADMIN_API_KEY, no key opens the API', async () => {
    const closed = await t.sibling({ config: { adminApiKey: null } });
    expect((await adminCall(closed, { method: 'GET', path: '/api-keys' })).statusCode).toBe(401);
  });

  it('the bootstrap key makes a scoped key, shown once and stored only as a hash; the key works within its scopes, 403 outside, 401 once revoked', async () => {
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'reader', scopes: ['keys:read'] },
    });
    expect(made.statusCode).toBe(201);
    const { api_key, key } = made.json() as { api_key: Record<string, unknown>; key: string };
    expect(key).toMatch(/^gh_admin_[A-Za-z0-9_-]{43}$/);
    expect(api_key).toMatchObject({
      name: 'reader',
      scopes: ['keys:read'],
      created_by: 'bootstrap',
      revoked_at: null,
    });
    expect(String(api_key.prefix)).toBe(key.slice(0, 15));
    const stored = JSON.stringify(await rows(sql`SELECT * FROM admin_api_keys`), (_name, value) =>
      typeof value === 'bigint' ? String(value) : value,
    );
    expect(stored).not.toContain(key.slice(9));

    const listed = await adminCall(t.app, { method: 'GET', path: '/api-keys', key });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.slice(9));
    const [row] = (listed.json() as { items: Array<Record<string, unknown>> }).items;
    expect(row?.last_used_at).not.toBeNull();

    const beyond = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      key,
      body: { name: 'x', scopes: ['keys:read'] },
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({ error_type: 'insufficient_scope' });

    const revoked = await adminCall(t.app, { method: 'DELETE', path: `/api-keys/${String(api_key.id)}` });
    expect(revoked.statusCode).toBe(200);
    expect((await adminCall(t.app, { method: 'GET', path: '/api-keys', key })).statusCode).toBe(401);

    expect((await events('admin_api_key.created')).map((e) => e.payload)).toEqual([
      { key_id: api_key.id, name: 'reader', scopes: ['keys:read'] },
    ]);
    expect((await events('admin_api_key.revoked')).map((e) => e.actor_id)).toEqual(['bootstrap']);
  });

  it('a key cannot give scopes beyond its own, and a schema error changes nothing', async () => {
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'keys', scopes: ['keys:read', 'keys:write'] },
    });
    const { key } = made.json() as { key: string };
    const wider = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      key,
      body: { name: 'wider', scopes: ['users:write'] },
    });
    expect(wider.statusCode).toBe(400);
    expect(wider.json()).toMatchObject({ error_type: 'invalid_admin_request' });
    for (const body of [
      { name: 'x', scopes: ['everything'] },
      { name: '', scopes: ['keys:read'] },
      { scopes: [] },
    ]) {
      expect((await adminCall(t.app, { method: 'POST', path: '/api-keys', body })).statusCode).toBe(400);
    }
    expect(await rows(sql`SELECT count(*)::int AS n FROM admin_api_keys`)).toEqual([{ n: 1 }]);
  });

  it('every authenticated call is an admin_api.called event with the key, route, status, IP and request id', async () => {
    const response = await adminCall(t.app, { method: 'GET', path: '/api-keys' });
    const missing = await adminCall(t.app, { method: 'DELETE', path: '/api-keys/admin-api-key-nope' });
    expect(missing.statusCode).toBe(404);
    const called = await events('admin_api.called');
    expect(called).toEqual([
      {
        actor_type: 'admin_api_key',
        actor_id: 'bootstrap',
        project_id: null,
        request_id: response.headers['x-request-id'],
        payload: { method: 'GET', route: '/admin/v1/api-keys', status_code: 200 },
      },
      expect.objectContaining({
        payload: { method: 'DELETE', route: '/admin/v1/api-keys/:key_id', status_code: 404 },
      }),
    ]);
  });

  it('serves an OpenAPI 3.1 document of every admin route, each with its scope and a bearer scheme', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { description?: string; operationId?: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.adminApiKey).toEqual({ type: 'http', scheme: 'bearer' });
    const adminRoutes = t.app.gatehouseRoutes.filter(
      (route) => route.url.startsWith('/admin/v1/') && route.url !== '/admin/v1/openapi.json',
    );
    expect(adminRoutes.length).toBeGreaterThan(0);
    const operationIds = new Set<string>();
    for (const route of adminRoutes) {
      const path = route.url.slice('/admin/v1'.length).replace(/:([a-z_]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${path}`).toBeDefined();
      expect(ADMIN_SCOPES).toContain(route.config.adminScope);
      expect(operation?.description).toContain(`Scope: \`${route.config.adminScope}\``);
      expect(operation?.operationId, `${route.method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      operationIds.add(String(operation?.operationId));
    }
    expect(operationIds.size).toBe(adminRoutes.length);
  });
});
