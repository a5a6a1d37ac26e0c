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

/** What Vite writes into the built index.html's head: the icon, the module script, the style sheet. */
const ICON = '<link rel="icon" href="data:image/svg+xml,%3Csvg%3E%3C/svg%3E" />';
const STYLESHEET = '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">';
const APP_HEAD = `${ICON}<script type="module" crossorigin src="/assets/main-abc123.js"></script><link rel="modulepreload" href="/assets/chunk-abc123.js">${STYLESHEET}`;

/** What Chromium sends when a person opens an address (a navigation). */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
};

describe.each(testDatabaseKinds())('static web app on %s', (kind) => {
  const dist = mkdtempSync(join(tmpdir(), 'gatehouse-dist-'));
  let t: TestApp;
  let missing: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><html lang="en"><head><meta name="gatehouse-public-token" content="%GATEHOUSE_PUBLIC_TOKEN%">${APP_HEAD}</head><body><div id="root"></div></body></html>`,
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

  // Issue 22 finding 2: a browser is never shown raw JSON for a page address.
  it.each(['/nope', '/account/extra', '/a/b/c', '/index.html', '/nope?x=1'])(
    'answers a browser navigation to %s with the app page and status 404 (the app shows "Page not found")',
    async (url) => {
      const devToken = (await t.app.inject({ method: 'GET', url: '/dev/project' })).json().public_token;
      const response = await t.app.inject({ method: 'GET', url, headers: NAVIGATION });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain(`content="${devToken}"`);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it.each([
    '/sdk/v1/nope',
    '/sdk/nope',
    '/v1/nope',
    '/v1/public/oauth',
    '/dev/nope',
    '/.well-known/nope',
    '/assets/nope.js',
    '/clientside-services/nope',
  ])('keeps the JSON 404 of the wire protocol at %s, even for a browser navigation', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: NAVIGATION });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ status_code: 404, error_type: 'not_found' });
  });

  it('answers the JSON 404 at an unknown page address to fetch() and to a POST, even accepting HTML', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'application/json' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/nope', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error_type: 'not_found' });
    }
    const posted = await t.app.inject({ method: 'POST', url: '/nope', headers: NAVIGATION, payload: {} });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toMatchObject({ error_type: 'not_found' });
  });

  it.each(PAGE_ROUTES.filter((route) => route !== '/'))(
    'redirects %s/ (a trailing slash) to the page, keeping the query',
    async (route) => {
      const plain = await t.app.inject({ method: 'GET', url: `${route}/`, headers: NAVIGATION });
      expect(plain.statusCode).toBe(301);
      expect(plain.headers.location).toBe(route);
      const withQuery = await t.app.inject({
        method: 'GET',
        url: `${route}/?token=abc&x=%2F%2Fevil.example`,
      });
      expect(withQuery.statusCode).toBe(301);
      expect(withQuery.headers.location).toBe(`${route}?token=abc&x=%2F%2Fevil.example`);
    },
  );

  it('the OAuth failure page wears the app’s style sheet and icon (no script) and links back to sign in', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/public/oauth/google/callback?code=abc',
      headers: NAVIGATION,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(STYLESHEET);
    expect(response.body).toContain(ICON);
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toContain('modulepreload');
    expect(response.body).toContain('<a href="/" class="button">Back to sign in</a>');
    expect(response.body).toContain('<h1 id="page-heading">Sign-in could not continue</h1>');
  });

  it('without a web app build the OAuth failure page keeps its own style and offers no sign-in page', async () => {
    const response = await missing.app.inject({
      method: 'GET',
      url: '/v1/public/oauth/google/callback?code=abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<style>');
    expect(response.body).not.toContain('Back to sign in');
    expect(response.body).toContain('data-testid="oauth-error"');
  });

  it('answers a browser navigation to an unknown address with 404 and the build hint when dist is missing', async () => {
    const response = await missing.app.inject({ method: 'GET', url: '/nope', headers: NAVIGATION });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('npm run build');
  });

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
