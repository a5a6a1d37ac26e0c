// Issue 26 item 1: the console's pages and files — index.html at /console and every /console/* page with the
// operators project's token, the hashed assets under /console/assets/, a clear page without a build, and the
// security headers of every other page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_TOKEN_PLACEHOLDER } from '../../infra/static-web';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { findOperatorsProject } from '../operators';
import { CONSOLE_MISSING_BUILD_PAGE, registerConsole } from './console-routes';

const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
};
const OPERATORS_TOKEN = 'public-token-test-operators-0123';
const INDEX = `<!doctype html><html lang="en"><head><meta name="gatehouse-public-token" content="${PUBLIC_TOKEN_PLACEHOLDER}"><script type="module" crossorigin src="/console/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

describe.each(testDatabaseKinds())('the console at /console on %s', (kind) => {
  const dist = mkdtempSync(join(tmpdir(), 'gatehouse-console-dist-'));
  let token: string | null = OPERATORS_TOKEN;
  let t: TestApp;
  let missing: TestApp;
  let wired: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("console");');
    writeFileSync(join(dist, 'assets', '.secret'), 'hidden');
    // The test apps serve no console of their own (testConfig: consoleDistDir null): registered here with the token.
    t = await createTestApp({ kind });
    await registerConsole(t.app, t.ctx, { distDir: dist, operatorsPublicToken: async () => token });
    missing = await createTestApp({ kind });
    await registerConsole(missing.app, missing.ctx, {
      distDir: join(dist, 'does-not-exist'),
      operatorsPublicToken: async () => OPERATORS_TOKEN,
    });
    // As app.ts wires it from config.consoleDistDir (no operators project yet: no token).
    wired = await createTestApp({ kind, config: { consoleDistDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    await missing.close();
    await wired.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/console',
    '/console/',
    '/console/users',
    '/console/users/user-test-123?cursors=%5B%22abc%22%5D',
    '/console/activity?query=type%3Asign_in.*',
    '/console/authenticate?stytch_token_type=magic_links&token=abc',
    '/console/no-such-page',
  ])('serves index.html at %s with the operators project’s token and the pages’ headers', async (url) => {
    token = OPERATORS_TOKEN;
    const response = await t.app.inject({ method: 'GET', url, headers: NAVIGATION });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`content="${OPERATORS_TOKEN}"`);
    expect(response.body).not.toContain(PUBLIC_TOKEN_PLACEHOLDER);
    expect(response.body).toContain('/console/assets/index-abc123.js');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });

  it('answers HEAD like GET', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/console/users' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('escapes the token and leaves it empty when there is no operators project', async () => {
    token = 'public-token-"><script>';
    const escaped = await t.app.inject({ method: 'GET', url: '/console' });
    expect(escaped.body).not.toContain('"><script>');
    expect(escaped.body).toContain('public-token-&quot;&gt;&lt;script&gt;');
    token = null;
    const none = await t.app.inject({ method: 'GET', url: '/console' });
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('name="gatehouse-public-token" content=""');
    token = OPERATORS_TOKEN;
  });

  it('serves the hashed assets with a long cache life and the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/console/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toBe('console.log("console");');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/console/assets/../index.html', '/console/assets/%2e%2e/index.html'])(
    'answers %s (normalised to a page) with the page, never the raw file',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain(PUBLIC_TOKEN_PLACEHOLDER);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it.each(['/console/assets/nope.js', '/console/assets/.secret'])(
    'answers %s with a JSON 404, even to a browser navigation',
    async (url) => {
      for (const headers of [{}, NAVIGATION]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.body).not.toContain('hidden');
      }
    },
  );

  it('says the console is not built when the build is missing', async () => {
    const response = await missing.app.inject({ method: 'GET', url: '/console/users', headers: NAVIGATION });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(CONSOLE_MISSING_BUILD_PAGE);
    expect(response.body).toContain('npm run build');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('is served by the app itself from config.consoleDistDir, with the operators project’s token', async () => {
    const page = await wired.app.inject({ method: 'GET', url: '/console/overview', headers: NAVIGATION });
    expect(page.statusCode).toBe(200);
    const operators = await findOperatorsProject(wired.ctx);
    expect(operators?.publicTokenTest).toMatch(/^public-token-test-/);
    expect(page.body).toContain(`name="gatehouse-public-token" content="${operators?.publicTokenTest}"`);
    const asset = await wired.app.inject({ method: 'GET', url: '/console/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
  });

  it('leaves the rest of the server alone: no console without a dist folder, the API 404s as before', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/consoles' });
    expect(page.statusCode).toBe(404);
    const none = await missing.app.inject({ method: 'GET', url: '/admin/v1/nope' });
    expect(none.statusCode).toBe(404);
    const untouched = await createTestApp({ kind });
    try {
      const response = await untouched.app.inject({ method: 'GET', url: '/console' });
      expect(response.statusCode).toBe(404);
    } finally {
      await untouched.close();
    }
  });
});
