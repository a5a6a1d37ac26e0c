import { defineConfig } from 'vitest/config';

// One config, three projects: the server runs in Node, the SDK and the widget in happy-dom.
// Workspace packages resolve to their TypeScript source through the `@gatehouse/source` condition.
export default defineConfig({
  resolve: { conditions: ['@gatehouse/source'] },
  test: {
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
