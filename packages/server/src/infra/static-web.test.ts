// The built web app: assets, index.html on every page route with the app project's test token.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app';
import { testDatabaseKinds } from '../test-support/database';
import { ALLOWED_ORIGINS_PLACEHOLDER, CLIENTSIDE_SERVICES_PATH, PAGE_ROUTES } from './static-web';

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
      `<!doctype html><html lang="en"><head><meta name="gatehouse-allowed-origins" content="${ALLOWED_ORIGINS_PLACEHOLDER}"></head><body></body></html>`,
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

  it('serves the client-side services page framable by the allowed origins only, and names them in the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: CLIENTSIDE_SERVICES_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const origins = [t.ctx.config.publicUrl, ...(await t.ctx.projects.allowedOrigins())];
    expect(origins.length).toBeGreaterThan(0);
    const listed = /content="([^"]*)"/.exec(response.body)?.[1]?.split(' ') ?? [];
    expect(new Set(listed)).toEqual(new Set(origins));
    const csp = String(response.headers['content-security-policy']);
    const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(new Set(ancestors)).toEqual(new Set(["'self'", ...origins]));
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
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
