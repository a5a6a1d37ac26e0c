// Issue 25 item 2 tests: "a loopback HTTP receiver that verifies signatures" (DESIGN.md "Real parts": webhooks in
// tests). Its check is its own few lines of node:crypto, written from the specification, not signature.ts's: a
// mistake shared by the signer and the check would otherwise pass unseen.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The receiver's own signature check, with the endpoint secret the test registered for the path. */
  verified: boolean;
}

export interface TestReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedWebhook[];
  /** The secret requests to `path` are verified with. */
  secretFor(path: string, secret: string): void;
  /** Statuses to answer in turn (then 200); a number answers every request with it. */
  answer(statuses: number[] | number): void;
  close(): Promise<void>;
}

/** The Standard Webhooks check: one `v1,` signature is HMAC-SHA256(key, "<id>.<timestamp>.<body>"). */
export function receiverVerifies(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    if (!entry.startsWith('v1,')) return false;
    const given = Buffer.from(entry.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startTestReceiver(): Promise<TestReceiver> {
  const received: ReceivedWebhook[] = [];
  const secrets = new Map<string, string>();
  let queue: number[] = [];
  let always: number | null = null;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const secret = secrets.get(path);
      received.push({
        path,
        headers: request.headers,
        body,
        verified: secret !== undefined && receiverVerifies(secret, request.headers, body),
      });
      const status = always ?? queue.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status >= 200 && status < 300 ? 'ok' : `failed with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    secretFor(path, secret) {
      secrets.set(path, secret);
    },
    answer(statuses) {
      if (typeof statuses === 'number') {
        always = statuses;
        queue = [];
      } else {
        always = null;
        queue = [...statuses];
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
