// `npm start` runs the server from one esbuild bundle (scripts/lib/server-build.mjs), not from the TypeScript the
// other tests load: this builds that bundle, starts it on a free loopback port with a fresh data folder, and signs
// up with a password through it. So a dependency the bundle cannot carry (a native addon such as @node-rs/argon2,
// a file a package loads relative to itself, a worker) fails here instead of at the README's first command.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ensureServerBuild, SERVER_DIR } from '../../../scripts/lib/server-build.mjs';
import { freePort } from './test-support/free-port';

const OUT_DIR = join(SERVER_DIR, 'dist', `bundle-test-${process.pid}`);
const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bundle-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(OUT_DIR, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves with the development project's public token once the server printed it and listens (bounded). */
function started(process: ChildProcess, budgetMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    let token: string | null = null;
    const timer = setTimeout(() => reject(new Error(`no start within ${budgetMs} ms:\n${output}`)), budgetMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      token ??= /public token (public-token-test-[\w-]+)/.exec(output)?.[1] ?? null;
      if (token !== null && output.includes('Server listening')) {
        clearTimeout(timer);
        resolve(token);
      }
    };
    process.stdout?.on('data', read);
    process.stderr?.on('data', read);
    process.on('exit', (code) => reject(new Error(`the bundle exited with ${code}:\n${output}`)));
  });
}

it('the bundle `npm start` runs starts, and a password sign-up through it hashes and answers', async () => {
  const outfile = join(OUT_DIR, 'server.mjs');
  expect(await ensureServerBuild({ force: true, outfile })).toBe(0);
  const port = await freePort();
  child = spawn(process.execPath, [outfile], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A fresh data folder means initdb and every migration before the first line: alone that is ~4 s, but vitest runs
  // four files at once on two cores (a clean-clone run once took over 30 s here with nothing printed yet).
  const publicToken = await started(child, 90_000);
  const response = await fetch(`http://127.0.0.1:${port}/sdk/v1/passwords`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email: 'bundle@example.com',
      password: 'correct horse battery staple 42',
      session_duration_minutes: 30,
    }),
  });
  const body = (await response.json()) as { data?: { user_id?: string } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(body.data?.user_id).toMatch(/^user-/);
}, 150_000);
