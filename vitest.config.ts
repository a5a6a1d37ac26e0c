import { defineConfig } from 'vitest/config';

// One config, three projects: the server runs in Node, the SDK and the widget in happy-dom.
// Workspace packages resolve to their TypeScript source through the `@gatehouse/source` condition.
export default defineConfig({
  resolve: { conditions: ['@gatehouse/source'] },
  test: {
    // Four test files at a time on this 2-core machine: the server's files mostly wait on PostgreSQL, PGlite and
    // worker threads, so vitest's default here (one file at a time) left the cores idle. Measured on the magic-link,
    // user and session files (15 files, PGlite and PostgreSQL): 186 s → 117 s.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'protocol',
          include: ['packages/protocol/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'sdk',
          include: ['packages/sdk/src/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          include: ['packages/react/src/**/*.test.{ts,tsx}', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
