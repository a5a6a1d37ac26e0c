// Security headers on every answer (issue 8 item 3, security-tests.md XS-04): pages, assets, /sdk/v1 JSON, the
// JWKS, /dev pages, 404s, errors and the router's own bad-URL answers; HSTS only over https. What the policy lets
// the pages do in Chromium is measured by e2e/tests/security-headers.spec.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES } from '@gatehouse/protocol';
import type { LightMyRequestResponse } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sdkRequest, TEST_ORIGIN, type TestApp } from '../test-support/app';
import { testDatabaseKinds } from '../test-support/database';
import {
  capturedHeaders,
  clientsideServicesPolicy,
  contentSecurityPolicyDirectives,
  createSecurityHeaders,
  HSTS_MAX_AGE_SECONDS,
  securityHeaderOptions,
} from './security-headers';

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];

/** Each header once (a string, not an array: no duplicate from two places), with the agreed value. */
function expectSecurityHeaders(response: LightMyRequestResponse, options: { https: boolean }): void {
  const { headers } = response;
  const csp = headers['content-security-policy'];
  expect(typeof csp).toBe('string');
  const directives = String(csp).split(';');
  expect(directives.slice(0, EXPECTED_CSP.length)).toEqual(EXPECTED_CSP);
  expect(directives.includes('upgrade-insecure-requests')).toBe(options.https);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  if (options.https) {
    expect(headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
  } else {
    expect(headers['strict-transport-security']).toBeUndefined();
  }
}

describe.each(testDatabaseKinds())('security headers on %s', (kind) => {
  const dist = mkdtempSync(join(tmpdir(), 'gatehouse-headers-'));
  let http: TestApp;
  let https: TestApp;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dist, 'assets', 'main-abc.js'), 'console.log(1);');
    http = await createTestApp({ kind, config: { webDistDir: dist } });
    http.app.get('/boom', async () => {
      throw new Error('unexpected');
    });
    https = await createTestApp({ kind, config: { publicUrl: 'https://auth.example.com' } });
  });
  afterAll(async () => {
    await http.close();
    await https.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const answers: [string, (t: TestApp) => Promise<LightMyRequestResponse>, number][] = [
    ['a page', (t) => t.app.inject({ method: 'GET', url: '/authenticate?token=abc' }), 200],
    ['an asset', (t) => t.app.inject({ method: 'GET', url: '/assets/main-abc.js' }), 200],
    [
      'an /sdk/v1 answer',
      (t) =>
        sdkRequest(t.app, {
          method: 'GET',
          url: ROUTES.bootstrap(t.publicToken),
          publicToken: t.publicToken,
          headers: { origin: TEST_ORIGIN },
        }),
      200,
    ],
    [
      'a CORS preflight',
      (t) =>
        t.app.inject({
          method: 'OPTIONS',
          url: '/sdk/v1/sessions/authenticate',
          headers: { origin: TEST_ORIGIN, 'access-control-request-method': 'POST' },
        }),
      204,
    ],
    ['the JWKS', (t) => t.app.inject({ method: 'GET', url: `/v1/sessions/jwks/${t.project.id}` }), 200],
    ['the dev outbox page', (t) => t.app.inject({ method: 'GET', url: '/dev/outbox' }), 200],
    ['the dev outbox script', (t) => t.app.inject({ method: 'GET', url: '/dev/outbox/outbox.js' }), 200],
    ['/dev/project', (t) => t.app.inject({ method: 'GET', url: '/dev/project' }), 200],
    ['a 404', (t) => t.app.inject({ method: 'GET', url: '/nope' }), 404],
    ['an /sdk/v1 404', (t) => t.app.inject({ method: 'GET', url: '/sdk/v1/nope' }), 404],
    [
      'a 401',
      (t) => sdkRequest(t.app, { method: 'GET', url: '/users/me', publicToken: 'public-token-test-nope' }),
      401,
    ],
    ['a schema error', (t) => t.app.inject({ method: 'GET', url: '/dev/outbox/messages?limit=x' }), 400],
    ['the router’s bad-URL answer', (t) => t.app.inject({ method: 'GET', url: '/dev/%FF' }), 400],
  ];

  it.each(answers)('are on %s (http: no HSTS)', async (_name, request, status) => {
    const response = await request(http);
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response, { https: false });
  });

  it('are on an unexpected 500 too', async () => {
    const response = await http.app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expectSecurityHeaders(response, { https: false });
  });

  it.each(answers.filter(([name]) => !['a page', 'an asset'].includes(name)))(
    'add HSTS (one year) on %s when PUBLIC_URL is https',
    async (_name, request, status) => {
      const response = await request(https);
      expect(response.statusCode).toBe(status);
      expectSecurityHeaders(response, { https: true });
    },
  );

  it('keep the per-page headers without contradicting them', async () => {
    const response = await http.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const asset = await http.app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});

describe('the One Tap script origins in the policy (issue 11)', () => {
  const config = { publicUrl: 'https://auth.example.com' };

  it('add nothing when no project uses One Tap', () => {
    const directives = contentSecurityPolicyDirectives(config, { oneTapScriptOrigins: [] });
    expect(directives).toEqual(contentSecurityPolicyDirectives(config));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['frame-src']).toBeUndefined();
  });

  it("allow a configured script origin for scripts only, and Google's for its script, frame, calls and style", () => {
    const standIn = contentSecurityPolicyDirectives(config, {
      oneTapScriptOrigins: ['http://127.0.0.1:4100'],
    });
    expect(standIn['script-src']).toEqual(["'self'", 'http://127.0.0.1:4100']);
    expect(standIn['connect-src']).toEqual(["'self'"]);
    expect(standIn['frame-src']).toBeUndefined();
    const google = contentSecurityPolicyDirectives(config, {
      oneTapScriptOrigins: ['https://accounts.google.com'],
    });
    expect(google['script-src']).toEqual(["'self'", 'https://accounts.google.com']);
    expect(google['frame-src']).toEqual(["'self'", 'https://accounts.google.com']);
    expect(google['connect-src']).toEqual(["'self'", 'https://accounts.google.com']);
    expect(google['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com']);
  });
});

describe('the client-side services page policy (issue 14 item 1)', () => {
  it('lets the allowed origins frame the page, and nothing else in: no origin can add a directive', () => {
    const policy = clientsideServicesPolicy({ publicUrl: 'https://auth.example.com' }, [
      'https://site.example',
      'http://localhost:3000',
      'https://site.example',
      "https://evil.example; script-src 'unsafe-inline'",
      'https://x.example/path',
      '*',
      '',
    ]);
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'self' https://site.example http://localhost:3000",
      'upgrade-insecure-requests',
    ]);
    expect(clientsideServicesPolicy({ publicUrl: 'http://localhost:3000' }, [])).toBe(
      "default-src 'none'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
    );
  });
});

describe('the headers taken once from helmet (issue 23 item 3)', () => {
  it.each(['http://localhost:3000', 'https://auth.example.com'])(
    'are what helmet writes on a real response, name for name and byte for byte (%s)',
    (publicUrl) => {
      const request = new IncomingMessage(new Socket());
      const response = new ServerResponse(request);
      response.setHeader('X-Powered-By', 'something');
      helmet(securityHeaderOptions({ publicUrl }))(request, response, () => {});
      const written = Object.fromEntries(
        Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
      );
      expect(createSecurityHeaders({ publicUrl })).toEqual(written);
      // helmet's eleven, and HSTS over https; X-Powered-By removed.
      expect(Object.keys(written)).toHaveLength(publicUrl.startsWith('https:') ? 12 : 11);
      expect(written['x-powered-by']).toBeUndefined();
    },
  );

  it('refuse a middleware that does not finish at once, rather than keep half its headers', () => {
    const late = ((_request: unknown, response: ServerResponse, next: () => void) => {
      response.setHeader('x-one', '1');
      setTimeout(next, 0);
    }) as unknown as Parameters<typeof capturedHeaders>[0];
    expect(() => capturedHeaders(late)).toThrow(/synchronously/);
  });
});
