// Issue 27 item 4, "every code sample in the docs is run by a test": the docs checks that need a running server
// (the convention: docs/writing-docs.md). One development server for all of them: PGlite in memory, loopback, a
// free port whose URL replaces http://localhost:3000 in the shell samples. It runs the `sh runnable` and
// `ts runnable` samples, serves the `ts server` samples' sessions, and answers the admin API reference's check.
// The checks that need no server are docs.test.ts's.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type GatehouseApp } from '../../packages/server/src/app';
import { openTestDatabase } from '../../packages/server/src/test-support/database';
import { freePort } from '../../packages/server/src/test-support/free-port';
import { ADMIN_API_REFERENCE, adminApiReference } from './generate';
import { ROOT, samplesTagged, where } from './pages';

let server: GatehouseApp;
let base: string;
/** The server's bootstrap admin key, given to the shell samples as $ADMIN_API_KEY (docs/writing-docs.md). */
const ADMIN_API_KEY = randomBytes(32).toString('hex');
/** A project of the project file, as a site has one: its id, public token and secret (printed once at start). */
let project: { id: string; publicToken: string; secret: string };
let projectDir: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  projectDir = mkdtempSync(join(tmpdir(), 'gatehouse-docs-'));
  const projectFile = join(projectDir, 'projects.json');
  writeFileSync(
    projectFile,
    JSON.stringify({ projects: [{ name: 'Docs', allowed_origins: [base], enabled_products: ['otp'] }] }),
  );
  server = await buildApp({
    database: await openTestDatabase('pglite'),
    config: {
      env: 'development',
      port,
      host: '127.0.0.1',
      publicUrl: base,
      dataDir: null,
      secretKey: randomBytes(32).toString('base64'),
      adminApiKey: ADMIN_API_KEY,
      projectFile,
      webDistDir: null,
      consoleDistDir: null,
      scriptTagDir: null,
      purgeIntervalSeconds: 0,
      webhookWorkerIntervalMs: 0,
      logLevel: 'silent',
    },
  });
  await server.listen({ port, host: '127.0.0.1' });
  const [created] = server.gatehouseStartup.createdProjects;
  if (created === undefined) throw new Error('The project file made no project');
  project = { id: created.project.id, publicToken: created.project.publicTokenTest, secret: created.secret };
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (projectDir) rmSync(projectDir, { recursive: true, force: true });
});

describe('the admin API reference', () => {
  it('lists every route of the OpenAPI document the server serves', async () => {
    const response = await fetch(`${base}/admin/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(readFileSync(ADMIN_API_REFERENCE, 'utf8')).toBe(adminApiReference(await response.json()));
  });
});

describe('code samples', () => {
  it.each(samplesTagged(/^sh$/, 'runnable').map((s) => [where(s), s] as const))(
    'sh runnable %s runs against a server and succeeds',
    async (_at, sample) => {
      const script = `set -euo pipefail\n${sample.code.replaceAll('http://localhost:3000', base)}`;
      const result = await run('bash', ['-c', script]);
      expect(result).toEqual({ status: 0, stderr: '', stdout: expect.any(String) });
      // A field the sample read that the answer lacked prints as "undefined" (node -p): a changed answer shape.
      expect(result.stdout).not.toMatch(/\bundefined\b/);
    },
  );

  it.each(samplesTagged(/^ts$/, 'runnable').map((s) => [where(s), s] as const))(
    'ts runnable %s runs against a server and succeeds',
    async (_at, sample) => {
      const file = sampleFile(sample.page, sample.line, 'mts');
      writeFileSync(file, sample.code.replaceAll('http://localhost:3000', base));
      const result = await run(process.execPath, ['--conditions=@gatehouse/source', '--import', 'tsx', file]);
      expect(result).toEqual({ status: 0, stderr: '', stdout: expect.any(String) });
    },
  );

  it.each(samplesTagged(/^ts$/, 'server').map((s) => [where(s), s] as const))(
    'ts server %s: GET /api/me answers a signed-in user 200 with their id, and 401 without a valid session',
    async (_at, sample) => {
      const user = await signInByEmailPasscode(`docs-${sample.line}@example.com`);
      // The sample reads the server's URL and its project's id and secret from the environment, as a site does.
      const file = sampleFile(sample.page, sample.line, 'ts');
      writeFileSync(file, sample.code);
      const environment = {
        GATEHOUSE_URL: base,
        GATEHOUSE_PROJECT_ID: project.id,
        GATEHOUSE_SECRET: project.secret,
      };
      const saved = Object.fromEntries(Object.keys(environment).map((key) => [key, process.env[key]]));
      Object.assign(process.env, environment);
      // The stytch library warns once about an http base URL in `env` (the sample says so); nothing else may warn.
      const warnings: string[] = [];
      const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
        warnings.push(args.join(' '));
      });
      let app: FastifyInstance;
      try {
        ({ app } = (await import(/* @vite-ignore */ file)) as { app: FastifyInstance });
      } finally {
        for (const [key, value] of Object.entries(saved)) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
      }
      try {
        const me = (cookie?: string) =>
          app.inject({ method: 'GET', url: '/api/me', headers: cookie === undefined ? {} : { cookie } });
        const signedIn = await me(`theme=dark; gatehouse_session_jwt=${user.jwt}`);
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        expect(signedIn.json()).toMatchObject({ user_id: user.user_id });
        expect((await me()).statusCode).toBe(401);
        // A JWT no key of the project signed.
        const forged = await me('gatehouse_session_jwt=eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln');
        expect(forged.statusCode).toBe(401);
      } finally {
        warn.mockRestore();
        await app.close();
      }
      expect(
        warnings.filter((warning) => !warning.startsWith("[Stytch] Warning: Using a custom 'env'")),
      ).toEqual([]);
    },
  );
});

/**
 * Where a sample is written to run: under .tmp/ (git ignores it) in the repository, so its imports resolve from
 * the workspace's node_modules and vitest transforms it (it does not transform files under node_modules).
 */
function sampleFile(page: string, line: number, extension: string): string {
  const dir = join(ROOT, '.tmp', 'docs-samples');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${page.replace(/[^a-z0-9]+/gi, '-')}-${line}.${extension}`);
}

/** Calls the browser SDK API as the SDK does (HTTP Basic of the public token, the page's origin). */
async function sdk(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${project.publicToken}:${project.publicToken}`)}`,
      'content-type': 'application/json',
      origin: base,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** A real sign-in: a passcode e-mailed to the dev outbox, read there and entered. */
async function signInByEmailPasscode(email: string): Promise<{ user_id: string; jwt: string }> {
  const sent = await sdk('/otps/email/login_or_create', { email });
  const outbox = (await (
    await fetch(`${base}/dev/outbox/messages?to=${encodeURIComponent(email)}`)
  ).json()) as {
    messages: Array<{ codes: string[] }>;
  };
  const code = outbox.messages[0]?.codes[0];
  if (code === undefined) throw new Error(`No passcode in the outbox for ${email}`);
  const session = await sdk('/otps/authenticate', { method_id: sent.method_id, token: code });
  return { user_id: String(session.user_id), jwt: String(session.session_jwt) };
}

/**
 * A child process, awaited without blocking this one (the server the samples call runs in this process), killed
 * after 15 s.
 */
function run(
  command: string,
  args: string[],
  input = '',
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      timeout: 15_000,
      env: { ...process.env, ADMIN_API_KEY },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (status) => resolvePromise({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}
