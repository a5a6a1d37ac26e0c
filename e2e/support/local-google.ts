// A Playwright `test` whose worker runs a local OpenID provider standing in for Google and a Gatehouse server whose
// development project signs in with it (e2e/tests/oauth-google.spec.ts, stytch-ui-more.spec.ts). The OAuth redirect
// URI must name Gatehouse's port before the provider (and then Gatehouse) starts, hence the port fixture.
import { type LocalProvider, startLocalProvider } from '../../packages/server/src/test-support/oidc-provider';
import { test as base } from './fixtures';
import { freePort, type RunningServer, startServerWithDevProject } from './server';

export interface LocalGoogleFixtures {
  gatehousePort: number;
  provider: LocalProvider;
  server: RunningServer;
}

/** `entry`: more of the development project's PROJECT_FILE entry (settings such as PKCE), beside Google. */
export function testWithLocalGoogle(entry: Record<string, unknown> = {}) {
  return base.extend<object, LocalGoogleFixtures>({
    gatehousePort: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructured first argument.
      async ({}, use) => use(await freePort()),
      { scope: 'worker' },
    ],
    provider: [
      async ({ gatehousePort }, use) => {
        const provider = await startLocalProvider({
          redirectUris: [`http://localhost:${gatehousePort}/v1/public/oauth/google/callback`],
        });
        await use(provider);
        await provider.close();
      },
      { scope: 'worker' },
    ],
    server: [
      async ({ gatehousePort, provider }, use) => {
        const server = await startServerWithDevProject({
          port: gatehousePort,
          entry: {
            oauth_providers: {
              google: {
                client_id: provider.clientId,
                client_secret: provider.clientSecret,
                endpoints: provider.endpoints,
              },
            },
            ...entry,
          },
        });
        process.env.GATEHOUSE_E2E_BASE_URL = server.url;
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
  });
}
