// Starts the real Gatehouse server as a child process on a free loopback port, with a fresh database and the dev
// outbox, and waits until it answers.
//
// What starts is what `npm start` runs: the server bundle (scripts/lib/server-build.mjs, built by
// ./global-setup.ts when stale), not server.ts through tsx, which loads ~1,000 modules one by one (about 2.5 s of
// CPU of each start here). Its database is a fresh copy of a migrated PGlite data folder (./global-setup.ts), not
// PGlite in memory, whose initdb is about 3 s of CPU of each start. Per start, measured on this 2-core machine
// under load: 7.3 s of CPU before, 1.9 s after.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PRODUCTS } from '../../packages/protocol/src/products';
import { DEFAULT_RATE_LIMITS } from '../../packages/server/src/infra/rate-limits';
import { ensureServerBuild, SERVER_BUNDLE, serverBuildIsStale } from '../../scripts/lib/server-build.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const SERVER_ENTRY = join(ROOT, 'packages', 'server', 'src', 'server.ts');
const START_TIMEOUT_MS = 60_000;

/**
 * Set by ./global-setup.ts: a migrated PGlite data folder each server starts from a copy of. Unset (a start
 * outside Playwright's global setup), a server runs PGlite in memory and migrates it itself.
 */
export const DATA_TEMPLATE_ENV = 'GATEHOUSE_E2E_DATA_TEMPLATE';
/** `1`: run packages/server/src/server.ts through tsx instead of the bundle (to debug a start from source). */
export const FROM_SOURCE_ENV = 'GATEHOUSE_E2E_SERVER_FROM_SOURCE';

/**
 * Issue 9 item 1: a worker's tests share one server and all come from 127.0.0.1, so the default per-IP budgets
 * (20 sign-ups an hour, 1 send a second per address, …) would refuse later tests. Every limit is generous here;
 * a spec that tests a limit passes its own RATE_LIMITS in `env`.
 */
export const GENEROUS_RATE_LIMITS = JSON.stringify(
  Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { points: 10_000, durationSeconds: 60 }]),
  ),
);

export interface RunningServer {
  /** http://localhost:<port> (localhost, not 127.0.0.1: WebAuthn and non-secure cookies need it). */
  url: string;
  port: number;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** Ports this worker has handed out (see freePort). */
let portsHandedOut = 0;
// E2E_PORT_BASE moves the blocks, so two checkouts can run their E2E suites at once without meeting.
const WORKER_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 20_000);
const PORTS_PER_WORKER = 500;

/** Whether `port` can be bound on 127.0.0.1 right now. */
function canListen(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      probe.close(() => resolve(bound));
    });
  });
}

/**
 * A port for a server this worker is about to start. Within a Playwright worker each gets a block of its own below
 * the kernel's ephemeral range (20000 + 500 × TEST_PARALLEL_INDEX, in turn): an ephemeral port (`listen(0)`) is
 * free when probed but can be handed to another worker's probe before this server binds it, and that race once
 * started a server on a port another worker's server held (EADDRINUSE, or worse, the other server answering the
 * readiness check). Outside a worker (global setup, benches) it is an ephemeral port.
 */
export async function freePort(): Promise<number> {
  const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX);
  if (Number.isInteger(parallelIndex) && parallelIndex >= 0) {
    for (let attempt = 0; attempt < PORTS_PER_WORKER; attempt += 1) {
      const port = WORKER_PORT_BASE + parallelIndex * PORTS_PER_WORKER + (portsHandedOut % PORTS_PER_WORKER);
      portsHandedOut += 1;
      if ((await canListen(port)) !== null) return port;
    }
  }
  const port = await canListen(0);
  if (port === null) throw new Error('No free port on 127.0.0.1');
  return port;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface StartServerOptions {
  /** Extra environment for the server (e.g. PROJECT_FILE). */
  env?: Record<string, string>;
  /** A fixed port, for a test that must know the URL before the start (e.g. an OAuth redirect URI). */
  port?: number;
  /** Run packages/server/src/server.ts through tsx instead of the bundle (default: FROM_SOURCE_ENV is `1`). */
  fromSource?: boolean;
}

/** The command that runs the server: the bundle as `npm start` runs it, or server.ts through tsx. */
async function serverCommand(fromSource: boolean): Promise<string[]> {
  if (fromSource) return ['--conditions=@gatehouse/source', '--import', 'tsx', SERVER_ENTRY];
  // Normally fresh from the global setup; a start outside it builds here.
  if (serverBuildIsStale() && (await ensureServerBuild()) !== 0) {
    throw new Error('The server bundle failed to build (scripts/lib/server-build.mjs)');
  }
  return ['--enable-source-maps', SERVER_BUNDLE];
}

/** A copy of the migrated template folder for one server, or null to run PGlite in memory. */
export function copyDataTemplate(): string | null {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (!template) return null;
  const dir = mkdtempSync(join(dirname(template), 'gatehouse-e2e-data-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * The runner's environment without the shared stores CI exports for the server tests (.ci/run): an E2E server
 * inheriting REDIS_URL kept its rate-limit counters in the one Redis every server and run shares, so a spec with
 * a soft threshold of 1 (captcha.spec.ts) met another spec's sends from 127.0.0.1 and failed in CI only. A spec
 * that wants Redis or PostgreSQL passes it in `env`.
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const {
    REDIS_URL: _redis,
    DATABASE_URL: _database,
    TEST_DATABASE_URL: _testDatabase,
    ...rest
  } = process.env;
  return rest;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const chunks: string[] = [];
  const command = await serverCommand(options.fromSource ?? process.env[FROM_SOURCE_ENV] === '1');
  const dataDir = options.env?.DATA_DIR === undefined ? copyDataTemplate() : null;
  const child = spawn(process.execPath, command, {
    cwd: ROOT,
    env: {
      ...inheritedEnv(),
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir ?? ':memory:',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
      RATE_LIMITS: GENEROUS_RATE_LIMITS,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const output = () => chunks.join('');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited(child);
    clearTimeout(timer);
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
  };

  // Wait for a condition (the server answering), not a fixed time; give up early if the process dies.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The Gatehouse server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${url}/dev/project`);
      if (response.ok) return { url, port, output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The Gatehouse server did not answer within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * A server whose development project (the one the web app's page carries) has every product and this Google client:
 * a PROJECT_FILE entry named 'Development' configures it at start (configureDevProject, outside production). `stop`
 * also removes the project file.
 */
export async function startServerWithDevGoogle(options: {
  google: Record<string, unknown>;
  port?: number;
}): Promise<RunningServer> {
  return startServerWithDevProject({
    entry: { oauth_providers: { google: options.google } },
    ...(options.port === undefined ? {} : { port: options.port }),
  });
}

/**
 * A server whose development project is configured by a PROJECT_FILE entry named 'Development' (every product on,
 * plus `entry`: OAuth clients, settings such as `require_second_factor`). `stop` also removes the project file.
 */
export async function startServerWithDevProject(options: {
  entry: Record<string, unknown>;
  port?: number;
}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-project-'));
  const projectFile = join(dir, 'projects.json');
  writeFileSync(
    projectFile,
    JSON.stringify({
      projects: [{ name: 'Development', enabled_products: [...PRODUCTS], ...options.entry }],
    }),
  );
  const server = await startServer({
    ...(options.port === undefined ? {} : { port: options.port }),
    env: { PROJECT_FILE: projectFile },
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
