// Issue 22 finding 10: the favicon answers at /favicon.svg and /favicon.ico (no 404), with or without a web build,
// and the web app's copy for Vite's dev server is the same image.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/app';
import { FAVICON_ICO_PATH, FAVICON_LINK_TAG, FAVICON_PATH, FAVICON_SVG } from './favicon';

describe('favicon', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', config: { webDistDir: null } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([FAVICON_PATH, FAVICON_ICO_PATH])('answers %s with the SVG mark', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toBe(FAVICON_SVG);
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('links the served path', () => {
    expect(FAVICON_LINK_TAG).toBe('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });

  it("is the same image as the web app's public/favicon.svg", () => {
    const copy = readFileSync(new URL('../../../../apps/web/public/favicon.svg', import.meta.url), 'utf8');
    expect(copy).toBe(FAVICON_SVG);
  });
});
