// The built web app: assets, index.html on every page route with the app project's test token.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../features/projects/project-service';
import { createTestApp, type TestApp } from '../test-support/app';
import { testDatabaseKinds } from '../test-support/database';
import {
  ALLOWED_ORIGINS_PLACEHOLDER,
  CLIENTSIDE_SERVICES_PATH,
  PAGE_ROUTES,
  PUBLIC_TOKEN_PLACEHOLDER,
} from './static-web';

describe.each(testDatabaseKinds())('static web app on %s', (kind) => {
  const dist = mkdtempSync(join(tmpdir(), 'gatehouse-dist-'));
  let t: TestApp;
  let missing: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="gatehouse-public-token" content="%GATEHOUSE_PUBLIC_TOKEN%"></head><body></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log("app");');
    mkdirSync(join(dist, 'clientside-services'));
    writeFileSync(
      join(dist, 'clientside-services', 'index.html'),
      `<!doctype html><html lang="en"><head><meta name="gatehouse-allowed-origins" content="${ALLOWED_ORIGINS_PLACEHOLDER}"><meta name="gatehouse-public-token" content="${PUBLIC_TOKEN_PLACEHOLDER}"></head><body></body></html>`,
    );
    writeFileSync(join(dist, 'assets', '.secret'), 'hidden');
    t = await createTestApp({ kind, config: { webDistDir: dist } });
    missing = await createTestApp({ kind, config: { webDistDir: join(dist, 'does-not-exist') } });
  });
  afterAll(async () => {
    await t.close();
    await missing.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(PAGE_ROUTES)('serves index.html at %s with the dev project’s test token', async (url) => {
    const response = await t.app.inject({ method: 'GET', url: `${url}?token=abc` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const devToken = (await t.app.inject({ method: 'GET', url: '/dev/project' })).json().public_token;
    expect(response.body).toContain(`content="${devToken}"`);
    expect(response.body).not.toContain('%GATEHOUSE_PUBLIC_TOKEN%');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets with a long cache life', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it.each(['/assets/nope.js', '/assets/.secret', '/assets/../index.html', '/index.html', '/other-page'])(
    'answers %s with a JSON 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('hidden');
    },
  );

  /** The page's listed origins, bound token, and CSP frame-ancestors. */
  function servicesPage(response: { body: string; headers: Record<string, unknown> }) {
    const meta = (name: string) =>
      new RegExp(`name="${name}" content="([^"]*)"`).exec(response.body)?.[1] ?? null;
    const csp = String(response.headers['content-security-policy']);
    return {
      listed: (meta('gatehouse-allowed-origins') ?? '').split(' ').filter(Boolean),
      token: meta('gatehouse-public-token'),
      ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [],
      csp,
    };
  }

  const tenant = async (name: string, origin: string) =>
    (
      await createProject(t.ctx, {
        name,
        allowedOrigins: [origin],
        allowedRedirectUrls: [`${origin}/authenticate`],
        enabledProducts: ['oauth'],
      })
    ).project;

  it('XS-04: the client-side services page served for project A’s token lists A’s origins only — in the page and in frame-ancestors — and is bound to that token', async () => {
    const a = await tenant('Tenant A', 'https://tenant-a.example');
    const b = await tenant('Tenant B', 'https://tenant-b.example');
    for (const token of [a.publicTokenTest, a.publicTokenLive]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${CLIENTSIDE_SERVICES_PATH}?public_token=${encodeURIComponent(token)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const page = servicesPage(response);
      const expected = new Set([t.ctx.config.publicUrl, ...a.allowedOrigins]);
      expect(new Set(page.listed)).toEqual(expected);
      expect(new Set(page.ancestors)).toEqual(new Set(["'self'", ...expected]));
      expect(page.token).toBe(token);
      // Nothing of tenant B's, nor of the development project's (127.0.0.1), anywhere in the answer.
      expect(response.body).not.toContain('tenant-b.example');
      expect(response.body).not.toContain('127.0.0.1');
      expect(page.csp).not.toContain('tenant-b.example');
      expect(page.csp).toContain("default-src 'none'");
      expect(page.csp).toContain("script-src 'self'");
      expect(page.csp).toContain("connect-src 'self'");
      expect(page.csp).not.toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
    const forB = servicesPage(
      await t.app.inject({
        method: 'GET',
        url: `${CLIENTSIDE_SERVICES_PATH}?public_token=${b.publicTokenLive}`,
      }),
    );
    expect(new Set(forB.ancestors)).toEqual(
      new Set(["'self'", t.ctx.config.publicUrl, 'https://tenant-b.example']),
    );
    expect(forB.listed).not.toContain('https://tenant-a.example');
  });

  it('XS-04: served without a token, or with one no project has, the page lists no project’s origin and only the server may frame it', async () => {
    await tenant('Tenant C', 'https://tenant-c.example');
    for (const query of [
      '',
      '?public_token=public-token-test-00000000-0000-4000-8000-000000000000',
      '?public_token=%3Cx%3E',
      '?public_token=a&public_token=b',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `${CLIENTSIDE_SERVICES_PATH}${query}` });
      expect(response.statusCode, query).toBe(200);
      const page = servicesPage(response);
      expect(page.listed, query).toEqual([t.ctx.config.publicUrl]);
      expect(new Set(page.ancestors), query).toEqual(new Set(["'self'", t.ctx.config.publicUrl]));
      expect(page.token, query).toBe('');
      expect(response.body, query).not.toContain('tenant-c.example');
      expect(page.csp, query).not.toContain('tenant-c.example');
    }
  });

  it('answers the client-side services page with 503 when the build is missing', async () => {
    const response = await missing.app.inject({ method: 'GET', url: CLIENTSIDE_SERVICES_PATH });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('tells the operator to build when dist is missing', async () => {
    const response = await missing.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('npm run build');
  });
});
