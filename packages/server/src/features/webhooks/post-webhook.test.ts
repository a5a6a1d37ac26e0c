// Issue 25 item 2: one attempt — connected to the checked address whatever the name would resolve to now (DNS
// rebinding), bounded in time and in what it keeps of the answer, no redirect followed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDeliveryTarget } from './address-guard';
import { postWebhook, RESPONSE_EXCERPT_BYTES, WEBHOOK_USER_AGENT } from './post-webhook';

describe('postWebhook', () => {
  let server: Server;
  let port: number;
  const seen: Array<{ host: string | undefined; agent: string | undefined; body: string }> = [];
  let handler: (request: IncomingMessage, response: ServerResponse) => void = () => {};

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          host: request.headers.host,
          agent: request.headers['user-agent'],
          body: Buffer.concat(chunks).toString(),
        });
        handler(request, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A name no DNS knows, pinned by the resolver to this test's server. */
  const target = (path = '/in') =>
    resolveDeliveryTarget(`http://receiver.hooks.test:${port}${path}`, {
      production: false,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });

  it('connects to the checked address, sending the name as the Host', async () => {
    handler = (_request, response) => response.writeHead(204).end();
    seen.length = 0;
    const outcome = await postWebhook(await target(), { headers: { 'webhook-id': 'x' }, body: '{"a":1}' });
    expect(outcome).toMatchObject({ ok: true, statusCode: 204, excerpt: null, error: null });
    expect(seen).toEqual([
      { host: `receiver.hooks.test:${port}`, agent: WEBHOOK_USER_AGENT, body: '{"a":1}' },
    ]);
  });

  it('keeps the first KiB of a long answer, without NUL', async () => {
    handler = (_request, response) => response.writeHead(500).end(`\u0000${'x'.repeat(100_000)}`);
    const outcome = await postWebhook(await target(), { headers: {}, body: '{}' });
    expect(outcome.ok).toBe(false);
    expect(outcome.statusCode).toBe(500);
    expect(Buffer.byteLength(outcome.excerpt!)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES + 2);
    expect(outcome.excerpt!.startsWith('\uFFFDxxx')).toBe(true);
  });

  it('does not follow a redirect', async () => {
    handler = (_request, response) => response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    seen.length = 0;
    const outcome = await postWebhook(await target(), { headers: {}, body: '{}' });
    expect(outcome).toMatchObject({ ok: false, statusCode: 302 });
    expect(seen).toHaveLength(1);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    handler = () => {};
    const outcome = await postWebhook(await target(), { headers: {}, body: '{}', timeoutMs: 150 });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'no answer within 150 ms' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(140);
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await postWebhook(
      await resolveDeliveryTarget(`http://127.0.0.1:${closedPort}/`, {
        production: false,
        resolve: async () => [],
      }),
      { headers: {}, body: '{}' },
    );
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'ECONNREFUSED' });
  });
});
