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
import { freePort, startServer } from './server';

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
  options: { env?: Record<string, string>; timeoutMs?: number; lowPriority?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    // `nice -n 19`: the command and every process it starts take only what CPU the tests leave.
    const [file, fileArgs] = options.lowPriority ? ['nice', ['-n', '19', command, ...args]] : [command, args];
    const child = spawn(file, fileArgs, {
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
export async function installExample(
  dir: string,
  options: { lowPriority?: boolean; timeoutMs?: number } = {},
): Promise<void> {
  const lockFile = join(dir, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
    packages: Record<string, { integrity?: string }>;
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/@gatehouse/')) delete entry.integrity;
  }
  writeFileSync(lockFile, JSON.stringify(lock, null, 2));
  await runInExample(
    dir,
    'npm',
    ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    options,
  );
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

/** What the examples spec needs of the running example apps: plain data, so another process may hand it over. */
export interface ExampleAppsInfo {
  root: string;
  tarballs: Record<string, string>;
  /** The Gatehouse server the three examples sign in against (their origins allowed by DEV_ALLOWED_ORIGINS). */
  gatehouseUrl: string;
  project: { project_id: string; public_token: string };
  viteUrl: string;
  nextUrl: string;
  plainUrl: string;
}

export interface ExampleApps {
  info: ExampleAppsInfo;
  /** Stops every server and removes the workspace. */
  stop(): Promise<void>;
}

/** The workspace of `info` again, in the process that reads it. */
export function workspaceOf(info: ExampleAppsInfo): Omit<ExampleWorkspace, 'cleanup'> {
  return {
    root: info.root,
    tarballs: info.tarballs,
    exampleDir: (name) => join(info.root, 'examples', name),
  };
}

/**
 * The packages packed, the three examples copied out, installed from the tarballs, built against a Gatehouse server
 * started for them, and served: pack, two installs (Next.js is ~380 MB from the npm cache), two builds, about a
 * minute of this machine's two cores. What is started by the time a step fails is stopped again. `lowPriority`: the
 * installs and builds run at the lowest CPU priority, for a start beside running tests (./examples-early.ts), so
 * that they take only the CPU the tests leave.
 */
export async function startExampleApps(options: { lowPriority?: boolean } = {}): Promise<ExampleApps> {
  const { lowPriority = false } = options;
  // Starved of CPU by the tests, a build may take several times its minute.
  const step = { lowPriority, timeoutMs: lowPriority ? 540_000 : 240_000 };
  const workspace = await prepareExamples();
  const running: Array<() => Promise<void>> = [];
  const stop = async () => {
    await Promise.all(running.map((each) => each().catch(() => {})));
    workspace.cleanup();
  };
  try {
    const [vitePort, nextPort, plainPort] = [await freePort(), await freePort(), await freePort()];
    const nextUrl = `http://localhost:${nextPort}`;
    const gatehouse = await startServer({
      env: {
        DEV_ALLOWED_ORIGINS: [vitePort, nextPort, plainPort]
          .map((port) => `http://localhost:${port}`)
          .join(','),
      },
    });
    running.push(() => gatehouse.stop());
    const response = await fetch(`${gatehouse.url}/dev/project`);
    const project = (await response.json()) as ExampleAppsInfo['project'];

    const viteDir = workspace.exampleDir('vite-react');
    const nextDir = workspace.exampleDir('nextjs');
    const settings = {
      VITE_GATEHOUSE_URL: gatehouse.url,
      VITE_GATEHOUSE_PUBLIC_TOKEN: project.public_token,
      NEXT_PUBLIC_GATEHOUSE_URL: gatehouse.url,
      NEXT_PUBLIC_GATEHOUSE_PUBLIC_TOKEN: project.public_token,
      GATEHOUSE_PROJECT_ID: project.project_id,
    };
    let viteUrl = '';
    let plainUrl = '';
    await allSettledOrThrow([
      (async () => {
        await installExample(viteDir, step);
        // `npm run build` is `tsc --noEmit && vite build`: the widget's types compile against React 18's.
        await runInExample(viteDir, 'npm', ['run', 'build'], { env: settings, ...step });
        const viteApp = await serveStatic(join(viteDir, 'dist'), vitePort);
        running.push(() => viteApp.close());
        viteUrl = viteApp.url;
      })(),
      (async () => {
        await installExample(nextDir, step);
        // `next build` type-checks the app (its "Running TypeScript" step) and builds it.
        await runInExample(nextDir, 'npm', ['run', 'build'], { env: settings, ...step });
        const nextApp = await startInExample(nextDir, 'npx', ['next', 'start', '--port', String(nextPort)], {
          env: settings,
          url: nextUrl,
        });
        running.push(() => nextApp.stop());
      })(),
      (async () => {
        const plainPage = await serveStatic(workspace.exampleDir('plain-html'), plainPort, (html) =>
          html
            .replaceAll('http://localhost:3000', gatehouse.url)
            .replace('public-token-test-REPLACE-ME', project.public_token),
        );
        running.push(() => plainPage.close());
        plainUrl = plainPage.url;
      })(),
    ]);
    return {
      info: {
        root: workspace.root,
        tarballs: workspace.tarballs,
        gatehouseUrl: gatehouse.url,
        project,
        viteUrl,
        nextUrl,
        plainUrl,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
