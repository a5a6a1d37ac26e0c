// Issue 25 item 3: projects and their settings through the admin API — read without secrets, changed under the
// project file's own rules (a change that takes effect at once: a redirect URL added is allowed for the next login
// link), each change a project.updated event with before and after; a project-file project is read-only.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { rowsOf } from '../users/user-sql';

describe.each(testDatabaseKinds())('projects through the admin API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const rows = async (query: SQL) => rowsOf<Record<string, unknown>>(await t.ctx.db.execute(query));
  const path = () => `/projects/${t.project.id}`;
  const sendLink = (url: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: '/magic_links/email/login_or_create',
      publicToken: t.publicToken,
      body: { email: 'someone@example.com', login_magic_link_url: url, signup_magic_link_url: url },
      headers: { origin: 'http://localhost:3000' },
    });

  it('lists and reads projects with their public tokens and settings, never the secret or its hash', async () => {
    const listed = await adminCall(t.app, { method: 'GET', path: '/projects' });
    expect(listed.statusCode).toBe(200);
    const { items } = listed.json() as { items: Array<Record<string, unknown>> };
    expect(items.map((project) => project.id)).toContain(t.project.id);
    const one = await adminCall(t.app, { method: 'GET', path: path() });
    expect(one.json()).toMatchObject({
      project: { id: t.project.id, public_token_test: t.publicToken, from_project_file: false },
    });
    const hash = Buffer.from(t.project.secretHash).toString('hex');
    expect(listed.body.toLowerCase()).not.toContain(hash);
    expect(listed.body).not.toContain('secret_hash');
    expect(one.body).not.toContain('password_migration_secret_ciphertext');
  });

  it('a redirect URL added through the API is allowed for the next login link, and the change is an event', async () => {
    const url = 'https://shop.example.com/welcome';
    expect((await sendLink(url)).statusCode).toBe(400);
    const before = t.project.allowedRedirectUrls;
    const changed = await adminCall(t.app, {
      method: 'PATCH',
      path: path(),
      body: { allowed_redirect_urls: [...before, url], settings: { sms_daily_limit: 25 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      project: { allowed_redirect_urls: [...before, url], settings: { sms_daily_limit: 25 } },
    });
    expect((await sendLink(url)).statusCode).toBe(200);
    const [event] = await rows(
      sql`SELECT actor_id, project_id, payload FROM events WHERE type = 'project.updated'`,
    );
    expect(event).toMatchObject({
      actor_id: 'bootstrap',
      project_id: t.project.id,
      payload: {
        fields: ['allowed_redirect_urls', 'settings'],
        before: { allowed_redirect_urls: before },
        after: { allowed_redirect_urls: [...before, url] },
      },
    });
  });

  it('refuses what the project file would refuse, and a secret setting, changing nothing', async () => {
    for (const body of [
      { allowed_origins: ['https://shop.example.com/path'] },
      { allowed_redirect_urls: ['javascript:alert(1)'] },
      { enabled_products: ['teleportation'] },
      { settings: { sms_daily_limit: -1 } },
      { settings: { password_migration_secret: 'hunter2hunter2' } },
    ]) {
      const response = await adminCall(t.app, { method: 'PATCH', path: path(), body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error_type: 'invalid_admin_request' });
    }
    expect((await adminCall(t.app, { method: 'PATCH', path: path(), body: {} })).statusCode).toBe(400);
    expect(await rows(sql`SELECT count(*)::int AS n FROM events WHERE type = 'project.updated'`)).toEqual([
      { n: 0 },
    ]);
    const [stored] = await rows(sql`SELECT updated_at FROM projects WHERE id = ${t.project.id}`);
    expect(new Date(String(stored?.updated_at)).getTime()).toBe(t.project.updatedAt.getTime());
  });

  it('a project declared in the project file is read-only here; a projects:read key cannot change any', async () => {
    const file = join(tmpdir(), `gatehouse-admin-projects-${process.pid}-${kind}.json`);
    writeFileSync(file, JSON.stringify([{ name: t.project.name }]));
    const withFile = await t.sibling({ config: { adminApiKey: TEST_ADMIN_KEY, projectFile: file } });
    const refused = await adminCall(withFile, {
      method: 'PATCH',
      path: path(),
      body: { allowed_origins: ['https://a.example.com'] },
    });
    expect(refused.json()).toMatchObject({ status_code: 400, error_type: 'invalid_admin_request' });
    expect(refused.json().error_message).toContain('project file');

    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'reader', scopes: ['projects:read'] },
    });
    const { key } = made.json() as { key: string };
    expect((await adminCall(t.app, { method: 'GET', path: '/projects', key })).statusCode).toBe(200);
    const forbidden = await adminCall(t.app, { method: 'PATCH', path: path(), key, body: { name: 'x' } });
    expect(forbidden.statusCode).toBe(403);
  });
});
