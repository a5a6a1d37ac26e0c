// Issue 26 item 3 (Projects and settings): each setting says where it comes from (project file, environment,
// console, default) as start-up would apply it; what the file or the environment sets cannot be changed through the
// API; the "would this URL be allowed?" checker answers exactly what a login link answers; a support operator (no
// projects:read) is refused all of it.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GatehouseApp } from '../../app';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, TEST_ORIGIN, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { errorTypeOf, operatorCall, signInOperator } from '../operators/test-helpers';
import { DEV_PROJECT_ID } from '../projects/project-service';
import { rowsOf } from '../users/user-sql';

interface Detail {
  id: string;
  name: string;
  allowed_redirect_urls: string[];
  setting_sources: Record<string, string>;
  allowlist: Record<
    'allowed_origins' | 'allowed_redirect_urls',
    Array<{ value: string; source: string; stored: boolean }>
  >;
  oauth_providers: Array<Record<string, unknown>>;
  setting_defaults: Record<string, unknown>;
  server_limits: { sms_daily_limit: { value: number; source: string } };
}

describe.each(testDatabaseKinds())('project settings and their sources on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const detail = async (app: GatehouseApp, id: string): Promise<Detail> => {
    const response = await adminCall(app, { method: 'GET', path: `/projects/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { project: Detail }).project;
  };
  const check = (app: GatehouseApp, id: string, body: object, key?: string) =>
    adminCall(app, {
      method: 'POST',
      path: `/projects/${id}/redirect-url-check`,
      body,
      ...(key ? { key } : {}),
    });
  const sendLink = (url: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: '/magic_links/email/login_or_create',
      publicToken: t.publicToken,
      body: { email: 'someone@example.com', login_magic_link_url: url, signup_magic_link_url: url },
      headers: { origin: TEST_ORIGIN },
    });

  /** A second instance started with a project file (a Development entry and a project of its own) and DEV_ALLOWED_ORIGINS. */
  async function withFile(): Promise<GatehouseApp> {
    const file = join(tmpdir(), `gatehouse-settings-sources-${process.pid}-${kind}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        projects: [
          {
            name: 'Development',
            allowed_origins: ['http://localhost:5173'],
            allowed_redirect_urls: ['http://localhost:5173/landing'],
            enabled_products: ['emailMagicLinks', 'passwords'],
            settings: { require_second_factor: true },
          },
          {
            name: 'Filed shop',
            allowed_origins: ['https://filed.example.com'],
            allowed_redirect_urls: ['https://filed.example.com/authenticate'],
            settings: { sms_daily_limit: 9 },
            oauth_providers: { github: { client_id: 'github-client-1', client_secret: 'github-secret-1' } },
          },
        ],
      }),
    );
    return t.sibling({
      config: {
        adminApiKey: TEST_ADMIN_KEY,
        projectFile: file,
        devAllowedOrigins: ['http://localhost:4000'],
      },
    });
  }

  it('a console project: its own members come from the console, untouched settings are the defaults', async () => {
    const before = await detail(t.app, t.project.id);
    expect(before.setting_sources).toMatchObject({
      name: 'console',
      allowed_redirect_urls: 'console',
      enabled_products: 'console',
      'settings.sms_daily_limit': 'default',
      'settings.require_second_factor': 'default',
      'settings.reauthentication_window_minutes': 'default',
      oauth_providers: 'project_file',
    });
    expect(before.setting_defaults).toMatchObject({
      reauthentication_window_minutes: 10,
      sms_daily_limit: null,
    });
    expect(before.allowlist.allowed_redirect_urls).toEqual([
      { value: t.project.allowedRedirectUrls[0], source: 'console', stored: true },
    ]);
    expect(before.oauth_providers).toEqual([]);
    expect(typeof before.server_limits.sms_daily_limit.value).toBe('number');
    const changed = await adminCall(t.app, {
      method: 'PATCH',
      path: `/projects/${t.project.id}`,
      body: { settings: { sms_daily_limit: 7 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // PATCH answers with the sources too.
    expect((changed.json() as { project: Detail }).project.setting_sources['settings.sms_daily_limit']).toBe(
      'console',
    );
  });

  it('a project of the file and the development project say what the file and the environment set', async () => {
    const app = await withFile();
    const listed = (await adminCall(app, { method: 'GET', path: '/projects' })).json() as {
      items: Array<{ id: string; name: string }>;
    };
    const filed = listed.items.find((project) => project.name === 'Filed shop')!;
    const shop = await detail(app, filed.id);
    expect(shop.setting_sources).toMatchObject({
      name: 'project_file',
      allowed_origins: 'project_file',
      allowed_redirect_urls: 'project_file',
      enabled_products: 'project_file',
      'settings.sms_daily_limit': 'project_file',
      'settings.require_second_factor': 'default',
    });
    expect(shop.oauth_providers).toEqual([
      {
        provider: 'github',
        client_id: 'github-client-1',
        callback_url: `${app.gatehouse.config.publicUrl}/v1/public/oauth/github/callback`,
        one_tap: false,
        scopes: null,
        source: 'project_file',
      },
    ]);
    expect(JSON.stringify(shop)).not.toContain('github-secret-1');

    const dev = await detail(app, DEV_PROJECT_ID);
    expect(dev.setting_sources).toMatchObject({
      name: 'default',
      allowed_origins: 'console',
      enabled_products: 'project_file',
      'settings.require_second_factor': 'project_file',
      'settings.sms_daily_limit': 'default',
    });
    const publicUrl = app.gatehouse.config.publicUrl;
    expect(dev.allowlist.allowed_origins).toContainEqual({
      value: publicUrl,
      source: 'environment',
      stored: true,
    });
    expect(dev.allowlist.allowed_origins).toContainEqual({
      value: 'http://localhost:4000',
      source: 'environment',
      stored: false,
    });
    expect(dev.allowlist.allowed_origins).toContainEqual({
      value: 'http://localhost:5173',
      source: 'project_file',
      stored: false,
    });
    expect(dev.allowlist.allowed_redirect_urls).toContainEqual({
      value: `${publicUrl}/authenticate`,
      source: 'environment',
      stored: true,
    });
    expect(dev.allowlist.allowed_redirect_urls).toContainEqual({
      value: 'http://localhost:5173/landing',
      source: 'project_file',
      stored: false,
    });
  });

  it('the development project: what the file or the environment sets is refused, the console adds its own', async () => {
    const app = await withFile();
    const dev = await detail(app, DEV_PROJECT_ID);
    const patch = (body: object) =>
      adminCall(app, { method: 'PATCH', path: `/projects/${DEV_PROJECT_ID}`, body });
    const refusals = [
      [{ settings: { require_second_factor: false } }, 'project file'],
      [{ enabled_products: ['emailMagicLinks'] }, 'project file'],
      [{ allowed_redirect_urls: dev.allowed_redirect_urls.slice(1) }, 'PUBLIC_URL'],
    ] as const;
    for (const [body, words] of refusals) {
      const refused = await patch(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error_message).toContain(words);
    }
    // Sent back unchanged, what the file sets is no change at all (the console sends whole lists).
    const added = 'http://localhost:3000/welcome';
    const changed = await patch({
      allowed_redirect_urls: [...dev.allowed_redirect_urls, added],
      settings: { require_second_factor: true, sms_daily_limit: 4 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (changed.json() as { project: Detail }).project;
    expect(after.allowlist.allowed_redirect_urls).toContainEqual({
      value: added,
      source: 'console',
      stored: true,
    });
    expect(after.setting_sources['settings.sms_daily_limit']).toBe('console');
  });

  it('the checker answers what a login link answers, before and after a redirect URL is published', async () => {
    const url = 'https://shop.example.com/welcome';
    const refusedLink = await sendLink(url);
    expect(refusedLink.statusCode).toBe(400);
    const refused = await check(t.app, t.project.id, { url });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toEqual({
      allowed: false,
      url: null,
      rule: null,
      matched_entry: null,
      reason: refusedLink.json().error_message,
    });
    // Against a draft: allowed, while the stored allowlist (and so a login link) still refuses it.
    const draft = await check(t.app, t.project.id, { url, allowed_redirect_urls: [url] });
    expect(draft.json()).toMatchObject({ allowed: true, rule: 'exact', matched_entry: url });
    expect((await sendLink(url)).statusCode).toBe(400);

    const published = await adminCall(t.app, {
      method: 'PATCH',
      path: `/projects/${t.project.id}`,
      body: { allowed_redirect_urls: [...t.project.allowedRedirectUrls, url] },
    });
    expect(published.statusCode).toBe(200);
    // At once on this instance: the change cleared the project cache.
    expect((await sendLink(url)).statusCode).toBe(200);
    const withQuery = await check(t.app, t.project.id, { url: `${url}?next=/cart` });
    expect(withQuery.json()).toEqual({
      allowed: true,
      url: `${url}?next=/cart`,
      rule: 'exact',
      matched_entry: url,
      reason: expect.stringContaining(url),
    });
    for (const bad of ['javascript:alert(1)', 'https://shop.example.com.evil.test/welcome', `${url}/more`]) {
      const answer = (await check(t.app, t.project.id, { url: bad })).json();
      expect(answer.allowed, bad).toBe(false);
      expect(answer.reason).toContain('login_magic_link_url');
    }
    const [event] = rowsOf<{ payload: { fields: string[] } }>(
      await t.ctx.db.execute(sql`SELECT payload FROM events WHERE type = 'project.updated'`),
    );
    expect(event?.payload.fields).toEqual(['allowed_redirect_urls']);
  });

  it('the development project allows any path on its origins, DEV_ALLOWED_ORIGINS included, and says so', async () => {
    const app = await withFile();
    const answer = (await check(app, DEV_PROJECT_ID, { url: 'http://localhost:4000/any/page' })).json();
    expect(answer).toMatchObject({
      allowed: true,
      rule: 'development_origin',
      matched_entry: 'http://localhost:4000',
    });
    const fromFile = (await check(app, DEV_PROJECT_ID, { url: 'http://localhost:5173/landing' })).json();
    expect(fromFile).toMatchObject({
      allowed: true,
      rule: 'exact',
      matched_entry: 'http://localhost:5173/landing',
    });
  });

  it('projects:read may check but not change; without it, and for a support operator, 403 insufficient_scope', async () => {
    const made = async (scopes: string[]) =>
      (
        (
          await adminCall(t.app, { method: 'POST', path: '/api-keys', body: { name: scopes[0], scopes } })
        ).json() as {
          key: string;
        }
      ).key;
    const reader = await made(['projects:read']);
    expect((await check(t.app, t.project.id, { url: 'https://x.example.com/' }, reader)).statusCode).toBe(
      200,
    );
    const noProjects = await made(['users:read']);
    const refused = await check(t.app, t.project.id, { url: 'https://x.example.com/' }, noProjects);
    expect(errorTypeOf(refused)).toEqual({ status: 403, error_type: 'insufficient_scope' });

    const support = await signInOperator(t, { email: 'desk@example.com', role: 'support' });
    const path = `/projects/${t.project.id}`;
    for (const call of [
      { method: 'GET', path },
      { method: 'PATCH', path, body: { allowed_redirect_urls: ['https://evil.example.com/'] } },
      { method: 'POST', path: `${path}/redirect-url-check`, body: { url: 'https://x.example.com/' } },
    ] as const) {
      expect(errorTypeOf(await operatorCall(t, support, call)), call.method).toEqual({
        status: 403,
        error_type: 'insufficient_scope',
      });
    }
    const owner = await signInOperator(t, { email: 'boss@example.com', role: 'owner' });
    expect((await operatorCall(t, owner, { method: 'GET', path })).statusCode).toBe(200);
  });
});
