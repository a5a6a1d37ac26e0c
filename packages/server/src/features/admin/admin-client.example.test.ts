// Issue 25 item 3, DEVELOPERS rule 5: the admin API is done when "a client generated from the OpenAPI document" uses
// it from outside the workspace. examples/admin-client is copied out of the repository and installed from its own
// lockfile; openapi-typescript generates its client types from this server's /admin/v1/openapi.json (validating the
// document with Redocly's parser on the way: an invalid document fails here), `tsc` checks the script against them
// (a route whose answer the document does not describe leaves `data` untyped and the build fails), and the script
// runs against the server: a project changed, a scoped key made, a call outside the key's scope refused.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';

const run = promisify(execFile);
const EXAMPLE = join(import.meta.dirname, '..', '..', '..', '..', '..', 'examples', 'admin-client');

/** npm's own `npm_*` variables (set when `npm test` runs us) would make the example's npm act on this workspace. */
function exampleEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
  }
  return { ...env, ...extra };
}

describe('examples/admin-client: a client generated from /admin/v1/openapi.json', () => {
  let t: TestApp;
  let dir: string;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', config: { adminApiKey: TEST_ADMIN_KEY } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-admin-client-'));
    cpSync(EXAMPLE, dir, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    await t.close();
  });

  it('installs, generates, type-checks and runs against the server', { timeout: 240_000 }, async () => {
    const env = exampleEnv({ GATEHOUSE_URL: origin, GATEHOUSE_ADMIN_KEY: TEST_ADMIN_KEY });
    const npm = (args: string[]) => run('npm', args, { cwd: dir, env, timeout: 180_000 });
    await npm(['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
    await npm(['run', 'generate']);
    await npm(['run', 'build']);
    const { stdout } = await npm(['start', '--silent']);
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    // The script changes the first project not declared in a project file (here the development project).
    expect(report).toMatchObject({
      key_scopes: ['projects:read', 'webhooks:read'],
      webhook_endpoints: 0,
      refused_status: 403,
      refused_error_type: 'insufficient_scope',
    });
    expect(report.redirect_urls).toContain('https://app.example.com/authenticate');
    const [project] = await t.ctx.db.query.projects.findMany({
      where: (p, { eq }) => eq(p.id, String(report.project_id)),
    });
    expect(project?.allowedRedirectUrls).toContain('https://app.example.com/authenticate');
  });
});
