// The E2E test fixtures: import { test, expect } from '../support/fixtures'.
// - `server` (worker-scoped): a real Gatehouse server for this worker, see ./server.ts. Test files that run in
//   the same worker share it (and its outbox and users): use unique e-mail addresses per test;
// - `baseURL`: the server's URL, so page.goto('/') works;
// - `devProject`: the dev project's id and public token (GET /dev/project);
// - `consoleErrors`: console errors and uncaught page errors seen during the test.
import { test as base, expect } from '@playwright/test';
import { type RunningServer, startServer } from './server';

export interface DevProject {
  project_id: string;
  public_token: string;
}

interface WorkerFixtures {
  server: RunningServer;
}

interface TestFixtures {
  devProject: DevProject;
  consoleErrors: string[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructured first argument.
    async ({}, use) => {
      const server = await startServer();
      // Helpers such as waitForMessage() default to this worker's server.
      process.env.GATEHOUSE_E2E_BASE_URL = server.url;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  devProject: async ({ server, request }, use) => {
    const response = await request.get(`${server.url}/dev/project`);
    expect(response.status()).toBe(200);
    await use((await response.json()) as DevProject);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url } = message.location();
      errors.push(url ? `${message.text()} (${url})` : message.text());
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await use(errors);
  },
});

export { expect };
