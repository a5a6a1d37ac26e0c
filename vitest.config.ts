import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The test files under `dirs` that replace modules (vi.mock, vi.doMock): they need a module graph of their own, so
 * they run in the isolated twin of their project; every other file of the project shares its worker's graph.
 */
function filesMockingModules(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => join(dir, file))
      .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8'))),
  );
}

const WIDGET_TEST_DIRS = ['packages/react/src', 'apps/web/src', 'apps/console/src'];
const WIDGET_TESTS = WIDGET_TEST_DIRS.map((dir) => `${dir}/**/*.test.{ts,tsx}`);
const WIDGET_MOCKING = filesMockingModules(WIDGET_TEST_DIRS);
const SDK_TESTS = ['packages/sdk/src/**/*.test.ts'];
const SDK_MOCKING = filesMockingModules(['packages/sdk/src']);

// One config, several projects: the server (and the Stytch clients against it, and the docs) in Node, the SDK and the
// widget in happy-dom, each with an isolated twin for the files that mock modules.
// Workspace packages resolve to their TypeScript source through the `@gatehouse/source` condition (their other
// exports name the source too; only a packed tarball's name the build).
export default defineConfig({
  resolve: { conditions: ['@gatehouse/source', ...defaultClientConditions] },
  test: {
    // Four test files at a time on this 2-core machine: the server's files mostly wait on PostgreSQL, PGlite and
    // worker threads, so vitest's default here (one file at a time) left the cores idle. Measured on the magic-link,
    // user and session files (15 files, PGlite and PostgreSQL): 186 s → 117 s.
    maxWorkers: 4,
    globalSetup: ['vitest.global-setup.ts'],
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
          exclude: ['packages/server/src/**/*.compat.test.ts'],
          environment: 'node',
          // A worker runs its server files one after another in one module graph instead of importing the app's
          // ~1,000 modules again for each file (~1.2 s of CPU a file here), and keeps the migrated PGlite
          // template it loaded (test-support/database.ts). The server keeps no state in modules (DESIGN.md
          // conventions 12): each test builds its own app and context; no server file mocks a module. A server
          // test that needs vi.mock, or module state of its own, must not rely on a fresh module graph here.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The published Stytch clients against the server. Each file gets a fresh module graph: the Stytch
          // browser SDK binds the jsdom window it finds when it is imported (test-support/stytch-headless.ts), so a
          // second file in a shared graph would drive a client bound to the first file's closed window (a clean-clone
          // run lost its session cookies that way, at load 27). 60 s a test: each one signs in through several calls.
          name: 'server-compat',
          include: ['packages/server/src/**/*.compat.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Issue 22 Deliver 5: the committed screenshots every SPEC §2 screen must have (e2e/support/spec-screens.ts).
          // Issue 27 item 4: the docs' links, configuration keys, generated pages and code samples (scripts/docs).
          name: 'docs',
          include: ['e2e/support/**/*.test.ts', 'scripts/docs/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          // Like the widget's below: one module graph per worker, except for the files that mock modules.
          name: 'sdk',
          include: SDK_TESTS,
          exclude: SDK_MOCKING,
          environment: 'happy-dom',
          isolate: false,
        },
      },
      // Only when some SDK test mocks a module (none does now): a project without files fails a run of it alone.
      ...(SDK_MOCKING.length > 0
        ? [
            {
              extends: true as const,
              test: { name: 'sdk-isolated', include: SDK_MOCKING, environment: 'happy-dom' as const },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'react',
          include: WIDGET_TESTS,
          exclude: WIDGET_MOCKING,
          environment: 'happy-dom',
          setupFiles: ['packages/react/src/test-setup.ts'],
          // A flow through several screens with user-event takes 2.5–3.6 s here at rest and passed 5 s at a load
          // average of 16; 15 s keeps a loaded machine from failing a test that works.
          testTimeout: 15_000,
          // A worker runs its widget files in one module graph, as the server's: importing React, Testing Library
          // and the widget again for each of ~90 files was most of this project's CPU. Measured alone on this
          // 2-core machine: 239 s of CPU and 124 s wall isolated, 77 s and 40 s shared. Each file still gets a
          // fresh happy-dom window and Testing Library unmounts after each test; a file that mocks a module runs in
          // 'react-isolated' (filesMockingModules), and a lazy chunk a file waits for may already be loaded.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'react-isolated',
          include: WIDGET_MOCKING,
          environment: 'happy-dom',
          setupFiles: ['packages/react/src/test-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
