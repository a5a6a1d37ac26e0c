// security-tests.md IV-04 / issue 8 item 3: a NUL or an undecodable byte sequence in a path parameter, a query
// string or the Basic authorization header is a 400 on every route, and nothing is written. Table-driven over the
// app's real route list (app.gatehouseRoutes, recorded as buildApp registers them), HEAD included.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, type TestApp } from '../test-support/app';
import { testDatabaseKinds } from '../test-support/database';
import { snapshotTables } from '../test-support/snapshot';

/** Path parameter values that are not decodable text: NUL, invalid escapes, invalid or overlong UTF-8, surrogates. */
const BAD_PATH_VALUES = ['%00', 'a%00b', '%FF', '%C3%28', '%E0%80%80', '%ED%A0%80', '%', '%zz', 'a\u0000b'];
/** Query strings with the same kinds of bytes, as values and as names. */
const BAD_QUERIES = ['x=%00', 'to=a%00b', '%00=1', 'to=%FF', 'to=%C3%28', 'to=%E0%80%80', 'to=%', 'to=%g1'];
/** `Basic` + base64 of bytes that are not UTF-8 text, or text with NUL/control characters; and not base64 at all. */
function badAuthorizations(publicToken: string): [string, string][] {
  const basic = (bytes: Buffer) => `Basic ${bytes.toString('base64')}`;
  return [
    ['NUL in the session token', basic(Buffer.from(`${publicToken}:session\u0000token`))],
    ['NUL in the public token', basic(Buffer.from(`public-token-test\u0000:x`))],
    ['a control character', basic(Buffer.from(`${publicToken}:\u0001`))],
    [
      'invalid UTF-8',
      basic(Buffer.concat([Buffer.from(`${publicToken}:`), Buffer.from([0xff, 0xfe, 0xc3, 0x28])])),
    ],
    [
      'an overlong UTF-8 NUL',
      basic(Buffer.concat([Buffer.from(`${publicToken}:`), Buffer.from([0xc0, 0x80])])),
    ],
    ['not base64', 'Basic not*base64!'],
  ];
}

describe.each(testDatabaseKinds())('undecodable input on every route on %s', (kind) => {
  const dist = mkdtempSync(join(tmpdir(), 'gatehouse-undecodable-'));
  let t: TestApp;
  let routes: { method: string; url: string }[];

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dist, 'assets', 'main.js'), 'console.log(1);');
    // Issue 26 item 1: the console's pages and files (the same folder serves as its build here) are swept too.
    t = await createTestApp({ kind, config: { webDistDir: dist, consoleDistDir: dist } });
    // HEAD answers GET routes too (Fastify adds them): hostile input gets the same 400 there.
    routes = t.app.gatehouseRoutes.flatMap((route) =>
      route.method === 'GET' ? [route, { ...route, method: 'HEAD' }] : [route],
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('collected the route list of the real app (every family is in it)', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /sdk/v1/projects/bootstrap/:public_token',
        'POST /sdk/v1/sessions/authenticate',
        'POST /sdk/v1/events',
        'OPTIONS /sdk/v1/*',
        'PUT /sdk/v1/webauthn/update/:id',
        'GET /v1/sessions/jwks/:project_id',
        'GET /dev/outbox/messages',
        'GET /assets/*',
        'GET /authenticate',
        'GET /console',
        'GET /console/*',
        'GET /console/assets/*',
      ]),
    );
    expect(routes.length).toBeGreaterThan(40);
  });

  /** The route's URL with each parameter set to `value` (a wildcard too). */
  const fill = (url: string, value: string) =>
    url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value === 'x' ? 'main.js' : value);

  async function send(
    method: string,
    url: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const request: InjectOptions = {
      method: method as InjectOptions['method'],
      url,
      headers: { authorization: basicAuth(t.publicToken), origin: 'http://localhost:3000', ...headers },
    };
    if (method === 'POST' || method === 'PUT') {
      request.headers = { ...request.headers, 'content-type': 'application/json' };
      request.payload = '{}';
    }
    return t.app.inject(request);
  }

  it('still serves valid escapes: UTF-8 characters, emoji and escaped reserved characters', async () => {
    for (const url of [
      '/dev/outbox/messages?to=%C3%A9t%C3%A9%40example.com',
      '/dev/outbox/messages?to=%F0%9F%98%80',
      '/dev/outbox/messages?to=a%2Fb%26c',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ messages: [] });
    }
  });

  it('answers NUL and undecodable bytes in path parameters, query strings and the Basic header with 400 on every route, writing nothing', async () => {
    const before = await snapshotTables(t.ctx.db);
    const failures: string[] = [];
    const check = (
      method: string,
      label: string,
      response: LightMyRequestResponse,
      expected: (body: Record<string, unknown>) => boolean,
    ) => {
      let body: Record<string, unknown> = {};
      try {
        body = response.json();
      } catch {
        // not JSON: a failure below
      }
      // HEAD answers carry no body: the status (and the request id header) must still say 400.
      const shapeOk =
        method === 'HEAD'
          ? typeof response.headers['x-request-id'] === 'string'
          : typeof body.request_id === 'string' && expected(body);
      if (response.statusCode !== 400 || !shapeOk) {
        failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    };
    const isPathError = (body: Record<string, unknown>) =>
      Array.isArray(body.params) &&
      String((body.params as { message: string }[])[0]?.message).includes('valid URL');
    const isQueryError = (body: Record<string, unknown>) =>
      Array.isArray(body.query) &&
      String((body.query as { message: string }[])[0]?.message).includes('valid query');
    const isHeaderError = (body: Record<string, unknown>) =>
      body.error_type === 'invalid_authorization_header';

    for (const { method, url } of routes) {
      const hasParameter = /:[A-Za-z_]+|\*$/.test(url);
      for (const value of BAD_PATH_VALUES) {
        // A route without parameters gets the bytes appended to its last segment.
        const target = hasParameter ? fill(url, value) : `${url === '/' ? '/x' : url}${value}`;
        check(method, `${method} ${target}`, await send(method, target), isPathError);
      }
      const valid = fill(url, 'x');
      for (const query of BAD_QUERIES) {
        check(method, `${method} ${valid}?${query}`, await send(method, `${valid}?${query}`), isQueryError);
      }
      for (const [name, authorization] of badAuthorizations(t.publicToken)) {
        check(
          method,
          `${method} ${valid} with ${name}`,
          await send(method, valid, { authorization }),
          isHeaderError,
        );
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshotTables(t.ctx.db)).toEqual(before);
  });
});
