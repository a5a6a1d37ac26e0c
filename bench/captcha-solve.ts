// Time to solve the captcha's proof of work at each difficulty step (issue 9 "Tests that show it": "the median
// time to solve a challenge at each difficulty"). Challenges come from the server's own issueChallenge
// (packages/server/src/infra/captcha.ts), one per run, at each step of DIFFICULTY_STEPS (the step is reached by
// asking for `fromChallenges` challenges first, from an address used for nothing else).
//
// Two solvers:
// - Chromium (launched like the E2E suite): the web app's solving — `solveChallengeWorkers` from `altcha/lib`
//   racing min(4, hardwareConcurrency) Web Workers that run ALTCHA's SHA worker (altcha/dist/workers/sha.js),
//   served from a loopback page as the app serves its own (apps/web/src/captcha-solver.ts);
// - Node, one thread: `solveChallenge` from `altcha/lib` with its Web Crypto SHA-256 derivation, the same code the
//   browser's worker runs (a lower bound for a one-core device).
// Bounded: at most RUNS_PER_STEP runs per step, and a step stops once its runs took STEP_BUDGET_MS together (after
// at least MIN_RUNS runs).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { FastifyBaseLogger } from 'fastify';
import { CHALLENGE_TTL_MS, DIFFICULTY_STEPS, issueChallenge } from '../packages/server/src/infra/captcha';
import type { ProjectRecord, RequestContext } from '../packages/server/src/infra/context';
import { memoryLimiters } from '../packages/server/src/infra/rate-limit-store';
import { RateLimits } from '../packages/server/src/infra/rate-limits';
import { createSecretBox } from '../packages/server/src/infra/secret-box';
import { launchChromium } from './first-render';
import { type BenchResult, median } from './report';

const RUNS_PER_STEP = 15;
const MIN_RUNS = 3;
const STEP_BUDGET_MS = 10_000;
const MAX_WORKERS = 4;

type Challenge = Awaited<ReturnType<typeof issueChallenge>>;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Challenges as the server hands them out at step `stepIndex`, one fresh address per challenge. */
function challengeMaker() {
  const clock = { now: () => new Date() };
  const ctx = {
    clock,
    secrets: createSecretBox(randomBytes(32).toString('base64url')),
    limits: new RateLimits({
      createLimiter: memoryLimiters,
      clock,
      log: { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger,
    }),
  };
  const project = { id: 'project-bench', settings: {} } as ProjectRecord;
  let address = 0;
  return async (stepIndex: number): Promise<Challenge> => {
    address += 1;
    const request = { project, ip: `bench-address-${address}` } as RequestContext;
    for (let i = 0; i < DIFFICULTY_STEPS[stepIndex]!.fromChallenges; i += 1) {
      await issueChallenge(ctx, request, '/magic_links/email/login_or_create');
    }
    return issueChallenge(ctx, request, '/magic_links/email/login_or_create');
  };
}

/** A loopback page whose `solve(challenge)` is the web app's worker solving; answers the solve time in ms. */
async function startSolverPage(): Promise<{ url: string; server: Server }> {
  // The package exports its workers to `import` only.
  const workerSource = readFileSync(fileURLToPath(import.meta.resolve('altcha/workers/sha')), 'utf8');
  const bundle = await build({
    stdin: {
      contents: `
        import { solveChallengeWorkers } from 'altcha/lib';
        window.solve = async (challenge, concurrency) => {
          const start = performance.now();
          const solution = await solveChallengeWorkers({
            challenge, concurrency, createWorker: () => new Worker('/sha.js'), timeout: 60000,
          });
          if (!solution) throw new Error('not solved');
          return { ms: performance.now() - start, counter: solution.counter };
        };`,
      resolveDir: import.meta.dirname,
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  });
  const solverJs = bundle.outputFiles[0]!.text;
  const server = createServer((request, response) => {
    const body =
      request.url === '/solver.js'
        ? solverJs
        : request.url === '/sha.js'
          ? workerSource
          : '<!doctype html><title>solve</title><script type="module" src="/solver.js"></script>';
    const type = request.url?.endsWith('.js') ? 'text/javascript' : 'text/html';
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

async function measure(
  solve: (challenge: Challenge) => Promise<number>,
  next: (step: number) => Promise<Challenge>,
) {
  const perStep: number[][] = [];
  for (let step = 0; step < DIFFICULTY_STEPS.length; step += 1) {
    const times: number[] = [];
    let spent = 0;
    while (times.length < RUNS_PER_STEP && (times.length < MIN_RUNS || spent < STEP_BUDGET_MS)) {
      const ms = await solve(await next(step));
      times.push(ms);
      spent += ms;
    }
    perStep.push(times);
  }
  return perStep;
}

export async function run(): Promise<BenchResult> {
  const next = challengeMaker();
  const { deriveKey } = (await import('altcha/lib')).sha;
  const { solveChallenge } = await import('altcha/lib');

  const node = await measure(async (challenge) => {
    const start = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
    if (solution === null) throw new Error('not solved in Node');
    return performance.now() - start;
  }, next);

  const { url, server } = await startSolverPage();
  const browser = await launchChromium();
  let chromium: number[][];
  let workers = 0;
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'solve' in window);
    workers = await page.evaluate(
      (max) => Math.max(1, Math.min(max, navigator.hardwareConcurrency || 2)),
      MAX_WORKERS,
    );
    chromium = await measure(
      async (challenge) =>
        (
          await page.evaluate(
            ([c, n]) =>
              (window as unknown as { solve: (c: unknown, n: number) => Promise<{ ms: number }> }).solve(
                c,
                n,
              ),
            [challenge, workers] as const,
          )
        ).ms,
      next,
    );
  } finally {
    await browser.close();
    server.close();
  }

  const round = (ms: number) => Math.round(ms);
  return {
    rows: DIFFICULTY_STEPS.map((step, index) => ({
      label: `step ${index}: from ${step.fromChallenges} challenges/IP, counter < ${step.maxCounter.toLocaleString('en')}`,
      figures: {
        'Chromium median ms': round(median(chromium[index]!)),
        'Chromium p90 ms': round(percentile(chromium[index]!, 90)),
        'Node 1-thread median ms': round(median(node[index]!)),
        'Node p90 ms': round(percentile(node[index]!, 90)),
        runs: `${chromium[index]!.length}/${node[index]!.length}`,
      },
    })),
    notes: [
      `Chromium: ALTCHA's SHA worker × ${workers} (the web app's solver); Node: the same Web Crypto derivation, one thread.`,
      'The counter of a challenge is drawn in [max/2, max): the work is SHA-256 digests up to it, split over the workers.',
      `A challenge (and its token) lives ${CHALLENGE_TTL_MS / 60_000} minutes; the window of challenges per IP is captchaChallengesPerIp's.`,
    ],
  };
}
