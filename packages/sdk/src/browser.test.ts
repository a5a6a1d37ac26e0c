// @vitest-environment node
// SPEC §8: "Server-side use of the client throws an error telling the developer to call it only in the browser."
import { describe, expect, it } from 'vitest';
import * as sdk from './index';
import { createFakeCookieJar, createFakeFetch, createMemoryStorage } from './test-support/fakes';

describe('outside a browser', () => {
  it('importing the SDK touches no browser global', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof sdk.createClient).toBe('function');
  });

  it('createClient throws a UsageError that says to call it in the browser only', () => {
    expect(() => sdk.createClient('public-token-test-x', {})).toThrow(sdk.UsageError);
    expect(() => sdk.createClient('public-token-test-x')).toThrow(/only be used in the browser/);
  });

  it('still throws when only some browser dependencies are injected', () => {
    expect(() =>
      sdk.createClient('public-token-test-x', { dependencies: { storage: createMemoryStorage() } }),
    ).toThrow(/browser/);
  });

  it('works when every browser dependency is injected', async () => {
    const fake = createFakeFetch();
    const client = sdk.createClient('public-token-test-x', {
      baseUrl: 'https://auth.example.com',
      dependencies: {
        fetch: fake.fetch as never,
        storage: createMemoryStorage(),
        cookies: createFakeCookieJar(),
        location: { origin: 'https://app.example.com', hostname: 'app.example.com', host: 'app.example.com' },
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
        random: () => 0.5,
        now: () => Date.now(),
        crypto: globalThis.crypto,
        onStorage: () => () => {},
      },
    });
    await expect(client.bootstrap.get()).resolves.toMatchObject({ emailDomains: ['example.com'] });
    client.dispose();
  });
});
