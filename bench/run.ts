// `npm run bench`: runs every benchmark and prints its figures (benchmarks print; they are not tests).
// `npm run bench -- startup` runs only the named ones. To add one: write bench/<name>.ts exporting
// `async function run(): Promise<BenchResult>` and list it in BENCHMARKS below.

import type { BenchResult } from './report';
import { formatResult } from './report';

export interface Benchmark {
  name: string;
  description: string;
  run(): Promise<BenchResult>;
}

const BENCHMARKS: Benchmark[] = [
  {
    name: 'startup',
    description: '`npm start` (warm) to the first 200 on /',
    run: async () => (await import('./startup')).run(),
  },
  {
    name: 'embedded-memory',
    description: 'server RSS at rest (embedded default, PostgreSQL) and under a load (issue 23 item 1)',
    run: async () => (await import('./embedded-memory')).run(),
  },
  {
    name: 'session-check',
    description: 'POST /sdk/v1/sessions/authenticate throughput and latency',
    run: async () => (await import('./session-check')).run(),
  },
  {
    name: 'password-sign-in',
    description: 'password sign-ins vs raw argon2id, session-check p99 at rest and under password load',
    run: async () => (await import('./password-sign-in')).run(),
  },
  {
    name: 'password-timing',
    description:
      'EN-02: password login and reset start, existing vs unknown address (medians, Mann-Whitney p)',
    run: async () => (await import('./password-timing')).run(),
  },
  {
    name: 'limiter-cost',
    description: 'time a rate limiter adds to a login-link send: memory, PostgreSQL and Redis stores',
    run: async () => (await import('./limiter-cost')).run(),
  },
  {
    name: 'wallet-authenticate',
    description: 'CPU and signature checks of one wallet authenticate, by path (issue 20 item 2)',
    run: async () => (await import('./wallet-authenticate')).run(),
  },
  {
    name: 'import-users',
    description: 'users imported per second: 100,000 on PostgreSQL, 10,000 on PGlite (issue 14)',
    run: async () => (await import('./import-users')).run(),
  },
  {
    name: 'million-users',
    description:
      'session-check p99, password sign-in and login-link send latency at 1M users against 1k (PostgreSQL; issue 23 item 6)',
    run: async () => (await import('./million-users')).run(),
  },
  {
    name: 'console-users-list',
    description:
      "the console's users list (GET /admin/v1/…/users): pages, filters and search at 1M users (PostgreSQL; issue 26)",
    run: async () => (await import('./console-users-list')).run(),
  },
  {
    name: 'widget-size',
    description: 'mountLogin bundled for the browser, gzip',
    run: async () => (await import('./widget-size')).run(),
  },
  {
    name: 'first-render',
    description: 'widget bundle starts → e-mail input visible, Chromium',
    run: async () => (await import('./first-render')).run(),
  },
  {
    name: 'captcha-solve',
    description: 'time to solve a captcha challenge at each difficulty step, Chromium workers and Node',
    run: async () => (await import('./captcha-solve')).run(),
  },
];

const wanted = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
const unknown = wanted.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}

let failed = false;
for (const benchmark of BENCHMARKS) {
  if (wanted.length > 0 && !wanted.includes(benchmark.name)) continue;
  console.log(`\n## ${benchmark.name} — ${benchmark.description}`);
  try {
    console.log(formatResult(await benchmark.run()));
  } catch (error) {
    failed = true;
    console.error(`${benchmark.name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
