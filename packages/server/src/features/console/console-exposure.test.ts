// Issue 26 item 1: "an option serves /console and /admin/v1 on a separate listener or host with an IP allowlist".
// The settings as start-up reads them (a bad value names its key), then each option on a real app: the allowlist
// answers 403 before any key is read, a host of its own hides both from every other Host, and a listener of its own
// (real sockets) is the only one that answers them, while the main listener still serves everything else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../infra/config';
import type { ConsoleExposureConfig } from '../../infra/context';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { findOperatorsProject } from '../operators';

const NONE: ConsoleExposureConfig = { listener: null, publicUrl: null, allowedIps: null };

describe('the console exposure settings', () => {
  it('are off by default', () => {
    expect(loadConfig({}).consoleExposure).toEqual(NONE);
  });

  it('read a listener, a public URL and an allowlist', () => {
    const config = loadConfig({
      CONSOLE_PORT: '4001',
      CONSOLE_PUBLIC_URL: 'http://console.example.test:4001',
      CONSOLE_ALLOWED_IPS: '10.0.0.0/8, 192.0.2.7 ,::1',
    });
    expect(config.consoleExposure).toEqual({
      listener: { host: '127.0.0.1', port: 4001 },
      publicUrl: 'http://console.example.test:4001',
      allowedIps: ['10.0.0.0/8', '192.0.2.7', '::1'],
    });
    expect(loadConfig({ CONSOLE_PORT: '4001', CONSOLE_BIND: '0.0.0.0' }).consoleExposure.listener).toEqual({
      host: '0.0.0.0',
      port: 4001,
    });
  });

  it.each([
    [{ CONSOLE_PORT: '3000' }, 'CONSOLE_PORT'],
    [{ CONSOLE_PORT: '70000' }, 'CONSOLE_PORT'],
    [{ CONSOLE_BIND: '127.0.0.1' }, 'CONSOLE_BIND'],
    [{ CONSOLE_PORT: '4001', CONSOLE_BIND: 'console.example' }, 'CONSOLE_BIND'],
    [{ CONSOLE_PUBLIC_URL: 'console.example.test' }, 'CONSOLE_PUBLIC_URL'],
    [{ CONSOLE_ALLOWED_IPS: '10.0.0.0/8,not-an-address' }, 'CONSOLE_ALLOWED_IPS'],
    [{ CONSOLE_ALLOWED_IPS: '0.0.0.0/0' }, 'CONSOLE_ALLOWED_IPS'],
    [{ CONSOLE_ALLOWED_IPS: 'loopback' }, 'CONSOLE_ALLOWED_IPS'],
  ])('refuse %o, naming %s', (env, key) => {
    expect(() => loadConfig({ PORT: '3000', ...env })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: '3000', ...env })).toThrowError(key);
  });

  it('ask production for an https console URL when the console has a listener of its own', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://auth.example.com',
      SECRET_KEY: 'k'.repeat(43),
      DATABASE_URL: 'postgres://db.example/gatehouse',
    };
    expect(() => loadConfig({ ...production, CONSOLE_PORT: '4001' })).toThrowError('CONSOLE_PUBLIC_URL');
    expect(() =>
      loadConfig({ ...production, CONSOLE_PORT: '4001', CONSOLE_PUBLIC_URL: 'http://console.example.com' }),
    ).toThrowError('CONSOLE_PUBLIC_URL');
  });
});

describe.each(testDatabaseKinds())('where /console and /admin/v1 answer, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  it('from anywhere, by default', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/admin/v1/me', remoteAddress: '203.0.113.9' });
    expect(me.statusCode).toBe(401);
    expect(me.json().error_type).toBe('admin_unauthorized');
  });

  it('only from CONSOLE_ALLOWED_IPS: 403 console_address_not_allowed before any key is read, the rest unchanged', async () => {
    const app = await t.sibling({
      config: { consoleExposure: { ...NONE, allowedIps: ['10.0.0.0/8', '2001:db8::/32'] } },
    });
    for (const url of ['/admin/v1/me', '/admin/v1/openapi.json', '/console', '/console/users?q=a']) {
      const refused = await app.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer not-even-checked' },
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error_type).toBe('console_address_not_allowed');
    }
    for (const remoteAddress of ['10.1.2.3', '::ffff:10.1.2.3', '2001:db8::7']) {
      const me = await app.inject({ method: 'GET', url: '/admin/v1/me', remoteAddress });
      expect(me.statusCode, remoteAddress).toBe(401);
    }
    // The sign-in API and health do not move.
    const health = await app.inject({ method: 'GET', url: '/health/live', remoteAddress: '203.0.113.9' });
    expect(health.statusCode).toBe(200);
  });

  it('only under the console’s own host (CONSOLE_PUBLIC_URL), not found under any other', async () => {
    const app = await t.sibling({
      config: { consoleExposure: { ...NONE, publicUrl: 'http://console.localhost:3000' } },
    });
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/admin/v1/me',
      headers: { host: 'localhost:3000' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error_type).not.toBe('admin_unauthorized');
    const own = await app.inject({
      method: 'GET',
      url: '/admin/v1/me',
      headers: { host: 'Console.localhost:3000' },
    });
    expect(own.statusCode).toBe(401);
    const health = await app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { host: 'localhost:3000' },
    });
    expect(health.statusCode).toBe(200);
  });

  it('only on a listener of their own (real sockets); the main listener answers everything else', async () => {
    const app = await t.sibling({
      config: { consoleExposure: { ...NONE, listener: { host: '127.0.0.1', port: 0 } } },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const consoleAddress = await app.gatehouseConsole.listen();
    expect(consoleAddress).not.toBeNull();
    const main = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const own = `http://127.0.0.1:${consoleAddress?.port}`;

    expect((await fetch(`${main}/admin/v1/me`)).status).toBe(404);
    expect((await fetch(`${main}/health/live`)).status).toBe(200);
    const me = await fetch(`${own}/admin/v1/me`);
    expect(me.status).toBe(401);
    expect(((await me.json()) as { error_type: string }).error_type).toBe('admin_unauthorized');
    expect((await fetch(`${own}/health/live`)).status).toBe(200);
    // The console's listener answers the console's needs only: the operators' widget calls /sdk/v1 (here without a
    // token: its own 401), and nothing else of the app.
    expect((await fetch(`${own}/sdk/v1/projects/bootstrap/x`)).status).not.toBe(404);
    expect((await fetch(`${own}/dev/project`)).status).toBe(404);
    expect((await fetch(`${main}/dev/project`)).status).toBe(200);
    // Routes registered before the exposure hook (the backend API's JWKS) are held to it as well.
    const jwks = `/v1/sessions/jwks/${t.project.id}`;
    expect((await fetch(`${own}${jwks}`)).status).toBe(404);
    expect((await fetch(`${main}${jwks}`)).status).toBe(200);

    await app.close();
    await expect(fetch(`${own}/health/live`)).rejects.toThrow();
  });

  it('let operators sign in where the console is: its origins join the operators project', async () => {
    const app = await t.sibling({
      config: {
        consoleExposure: {
          ...NONE,
          listener: { host: '127.0.0.1', port: 4321 },
          publicUrl: 'http://ops.localhost:4321',
        },
      },
    });
    await app.ready();
    const project = await findOperatorsProject(app.gatehouse);
    expect(project?.allowedOrigins).toEqual(
      expect.arrayContaining(['http://ops.localhost:4321', 'http://127.0.0.1:4321', 'http://localhost:4321']),
    );
    expect(project?.allowedRedirectUrls).toContain('http://ops.localhost:4321/console/authenticate');
  });
});
