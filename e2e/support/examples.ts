// The example apps of examples/ as an outsider gets them (issue 21 item 4): the three packages packed into fresh
// tarballs, each example copied out of the repository and installed from those tarballs with its own lockfile
// (never from workspace source), built, and run on a port of its own. A packaging mistake (a missing file, a
// wrong `exports` entry, React bundled twice, a type that does not compile against React 18) fails here.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { packPackages } from '../../scripts/lib/packages-build.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
export const EXAMPLES_DIR = join(ROOT, 'examples');

export interface ExampleWorkspace {
  /** A temporary folder laid out like the repository: dist/packages/*.tgz and examples/<name>. */
  root: string;
  /** Tarball paths by package name. */
  tarballs: Record<string, string>;
  exampleDir(name: string): string;
  cleanup(): void;
}

/**
 * Packs the packages into <tmp>/dist/packages and copies examples/ (without node_modules or build output) to
 * <tmp>/examples, so each example's `file:../../dist/packages/…` dependencies point at the fresh tarballs.
 */
export async function prepareExamples(): Promise<ExampleWorkspace> {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-examples-'));
  const tarballs = await packPackages({ destination: join(root, 'dist', 'packages') });
  cpSync(EXAMPLES_DIR, join(root, 'examples'), {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|\.next|dist)$/.test(source),
  });
  return {
    root,
    tarballs,
    exampleDir: (name) => join(root, 'examples', name),
    cleanup: () => rmSync(root, { recursive: true, force: true, maxRetries: 5 }),
  };
}

/**
 * The environment of a command run in an example: npm's own `npm_*` variables (set because `npm test` runs us)
 * would make the example's npm act on this repository's workspace settings.
 */
export function exampleEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toLowerCase().startsWith('npm_')) env[key] = value;
  }
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', ...extra };
}

/** Runs a command to completion; rejects with its output when it fails or runs past `timeoutMs`. */
export function runInExample(
  cwd: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: exampleEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 240_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else
        reject(new Error(`${command} ${args.join(' ')} in ${cwd} ended with ${code ?? signal}:\n${output}`));
    });
  });
}

/**
 * `npm ci` from the example's lockfile: every third-party version as committed, the @gatehouse packages from the
 * tarballs (their lockfile entries carry no integrity, since every pack makes a new tarball).
 */
export async function installExample(dir: string): Promise<void> {
  const lockFile = join(dir, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
    packages: Record<string, { integrity?: string }>;
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/@gatehouse/')) delete entry.integrity;
  }
  writeFileSync(lockFile, JSON.stringify(lock, null, 2));
  await runInExample(dir, 'npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
}

export interface RunningProcess {
  stop(): Promise<void>;
  output(): string;
}

/** Starts a long-running command (a Next.js server) and resolves once `url` answers. */
export async function startInExample(
  cwd: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; url: string; timeoutMs?: number },
): Promise<RunningProcess> {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: exampleEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The whole process group: `next start` runs its server in a child of its own.
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    const timer = setTimeout(() => process.kill(-(child.pid ?? 0), 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (true) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited early:\n${output}`);
    try {
      const response = await fetch(options.url);
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.url} did not answer within the deadline:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { stop, output: () => output };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a built single-page app (a Vite build, a plain page) on 127.0.0.1:`port`, as any static host would:
 * files by path, index.html for every other path, `transformHtml` applied to the HTML (the plain page's two
 * settings).
 */
export async function serveStatic(
  dir: string,
  port: number,
  transformHtml: (html: string) => string = (html) => html,
): Promise<StaticServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      file = join(dir, 'index.html');
      body = readFileSync(file);
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    response.end(type.startsWith('text/html') ? transformHtml(body.toString('utf8')) : body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    // localhost: the origin the server is told to allow (and a secure context, like every E2E page).
    url: `http://localhost:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs steps side by side and waits for all of them (no step left writing into a folder being removed). */
export async function allSettledOrThrow(steps: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(steps);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
}
