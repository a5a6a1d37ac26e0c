// The script tag's files as the server answers them (issue 21 item 2), from a real build into a temp folder
// (scripts/lib/script-tag-build.mjs): the type, the caching (ETag and 304, five minutes on /gatehouse.js, a year
// and immutable on the hashed alias and the module files), cross-origin loading (CORS `*`, CORP cross-origin), and
// nothing outside the folder. The database plays no part, so PGlite only.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildScriptTag,
  MODULE_FOLDER,
  SCRIPT_FILE,
  type ScriptTagBuild,
} from '../../../../scripts/lib/script-tag-build.mjs';
import { createTestApp, type TestApp } from '../test-support/app';
import {
  IMMUTABLE_CACHE_CONTROL,
  JAVASCRIPT_CONTENT_TYPE,
  matchesEtag,
  SCRIPT_TAG_CACHE_CONTROL,
  SCRIPT_TAG_PATH,
} from './script-tag';

const REACT_VERSION = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'react', 'package.json'), 'utf8'),
).version as string;

describe('script tag', () => {
  const outdir = join(mkdtempSync(join(tmpdir(), 'gatehouse-script-tag-')), 'script-tag');
  let built: ScriptTagBuild;
  let t: TestApp;
  let missing: TestApp;

  beforeAll(async () => {
    built = await buildScriptTag({ outdir });
    t = await createTestApp({ kind: 'pglite', config: { scriptTagDir: outdir } });
    missing = await createTestApp({
      kind: 'pglite',
      config: { scriptTagDir: join(outdir, 'does-not-exist') },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await missing?.close();
    rmSync(join(outdir, '..'), { recursive: true, force: true });
  });

  function expectCrossOrigin(headers: Record<string, unknown>): void {
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
  }

  it('serves /gatehouse.js as JavaScript, cached five minutes, loadable from any origin, with its version', async () => {
    const response = await t.app.inject({ method: 'GET', url: SCRIPT_TAG_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(JAVASCRIPT_CONTENT_TYPE);
    expect(response.headers['cache-control']).toBe(SCRIPT_TAG_CACHE_CONTROL);
    expect(response.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expectCrossOrigin(response.headers);
    expect(response.headers.etag).toBe(`"${built.hash}"`);
    expect(response.rawPayload.equals(readFileSync(join(outdir, SCRIPT_FILE)))).toBe(true);
    // The header comment names the version, which is also Gatehouse.version.
    expect(response.body.startsWith(`/*! Gatehouse script tag ${REACT_VERSION} `)).toBe(true);
    expect(built.version).toBe(REACT_VERSION);
    expect(response.body).toContain(JSON.stringify(REACT_VERSION));
  });

  it('answers 304 to a matching If-None-Match, and the file again to a stale one', async () => {
    const etag = `"${built.hash}"`;
    const same = await t.app.inject({
      method: 'GET',
      url: SCRIPT_TAG_PATH,
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['cache-control']).toBe(SCRIPT_TAG_CACHE_CONTROL);
    expectCrossOrigin(same.headers);
    const listed = await t.app.inject({
      method: 'GET',
      url: SCRIPT_TAG_PATH,
      headers: { 'if-none-match': `"0000000000000000", W/${etag}` },
    });
    expect(listed.statusCode).toBe(304);
    const stale = await t.app.inject({
      method: 'GET',
      url: SCRIPT_TAG_PATH,
      headers: { 'if-none-match': '"0000000000000000"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body.length).toBeGreaterThan(1000);
  });

  it('serves the hashed alias with the same bytes, immutable for a year', async () => {
    const script = await t.app.inject({ method: 'GET', url: SCRIPT_TAG_PATH });
    const alias = await t.app.inject({ method: 'GET', url: `/${built.hashedFile}` });
    expect(built.hashedFile).toBe(`gatehouse.${built.hash}.js`);
    expect(alias.statusCode).toBe(200);
    expect(alias.headers['content-type']).toBe(JAVASCRIPT_CONTENT_TYPE);
    expect(alias.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(alias.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectCrossOrigin(alias.headers);
    expect(alias.rawPayload.equals(script.rawPayload)).toBe(true);
    // Another build's hash is not this one.
    const other = await t.app.inject({ method: 'GET', url: '/gatehouse.0123456789abcdef.js' });
    expect(other.statusCode).toBe(404);
  });

  it('serves the widget module and a lazy chunk at their hashed names with the same headers', async () => {
    const widget = built.lazyFiles['packages/react/src/script-tag/widget-entry.ts'];
    expect(widget).toMatch(/^widget-entry-[A-Z0-9]+\.js$/);
    const chunk = readdirSync(join(outdir, MODULE_FOLDER)).find((file) => file.startsWith('chunk-'));
    expect(chunk).toBeDefined();
    for (const file of [widget, chunk]) {
      const response = await t.app.inject({ method: 'GET', url: `/${MODULE_FOLDER}/${file}` });
      expect(response.statusCode, file).toBe(200);
      expect(response.headers['content-type']).toBe(JAVASCRIPT_CONTENT_TYPE);
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      expectCrossOrigin(response.headers);
      expect(response.rawPayload.equals(readFileSync(join(outdir, MODULE_FOLDER, file!)))).toBe(true);
    }
    // gatehouse.js imports the widget module by its hashed name.
    const script = readFileSync(join(outdir, SCRIPT_FILE), 'utf8');
    expect(script).toContain(JSON.stringify(widget));
  });

  it('bundles the React layer (preact/compat) into the widget module, and the SDK only once (the module files take gatehouse.js’s)', () => {
    const modules = readdirSync(join(outdir, MODULE_FOLDER)).map((file) =>
      readFileSync(join(outdir, MODULE_FOLDER, file), 'utf8'),
    );
    const script = readFileSync(join(outdir, SCRIPT_FILE), 'utf8');
    // A message of the SDK's CaptchaRequiredError (errors.ts): in gatehouse.js, in no module file.
    const sdkError = 'the server refused the solved captcha';
    expect(script).toContain(sdkError);
    expect(modules.filter((source) => source.includes(sdkError))).toEqual([]);
    expect(built.exposed).toContain('packages/sdk/src/errors.ts');
    // The widget's React is preact/compat (scripts/lib/script-tag-build.mjs says why), in the module files only:
    // React itself is in no file, and gatehouse.js holds no renderer.
    const inputs = Object.keys(built.modules.inputs);
    expect(inputs.some((input) => input.includes('node_modules/preact/compat/'))).toBe(true);
    expect(inputs.filter((input) => /node_modules\/react(-dom)?\//.test(input))).toEqual([]);
    expect([script, ...modules].some((source) => source.includes('https://react.dev/errors/'))).toBe(false);
    // Preact's renderer marks its vnodes with this property name; only the module files carry it.
    expect(script).not.toContain('__v');
    expect(modules.some((source) => source.includes('__v'))).toBe(true);
  });

  it('answers 404 for unknown names and refuses every way out of the folder', async () => {
    for (const url of [
      `/${MODULE_FOLDER}/widget-entry-NOPE.js`,
      `/${MODULE_FOLDER}/..%2F..%2Fpackage.json`,
      `/${MODULE_FOLDER}/..%2f${SCRIPT_FILE}`,
      `/${MODULE_FOLDER}/%2e%2e`,
      `/${MODULE_FOLDER}/../../package.json`,
      `/${MODULE_FOLDER}/chunk.map`,
      `/${MODULE_FOLDER}/.hidden.js`,
      '/gatehouse.%2e%2e%2fpackage.js',
      '/gatehouse.js.map',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('answers 503 with an explanation in JavaScript when the script tag is not built', async () => {
    for (const url of [SCRIPT_TAG_PATH, `/${built.hashedFile}`]) {
      const response = await missing.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['content-type']).toBe(JAVASCRIPT_CONTENT_TYPE);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('npm run build');
      expect(response.body).toMatch(/^\/\* Gatehouse: the script tag has not been built/);
    }
    const chunk = await missing.app.inject({ method: 'GET', url: `/${MODULE_FOLDER}/chunk-ABC.js` });
    expect(chunk.statusCode).toBe(404);
  });

  it('matchesEtag reads a list, weak tags and *', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true);
    expect(matchesEtag('*', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
  });
});
