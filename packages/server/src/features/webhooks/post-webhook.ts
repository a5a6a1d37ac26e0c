// Issue 25 item 2: one HTTP attempt of a delivery. node:http(s) rather than fetch, for the one thing fetch cannot
// do here: the socket connects to the address address-guard.ts checked (the `lookup` option answers with it), never
// to a second resolution of the name. Redirects are not followed (a 3xx is a failure): following one would reach
// an address nobody checked.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { DeliveryTarget } from './address-guard';

/** Issue 25 item 2 "retried on failure": an attempt that has not answered by then failed. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** "a delivery log with status, latency and response excerpt": the first KiB of the answer is kept. */
export const RESPONSE_EXCERPT_BYTES = 1024;
export const WEBHOOK_USER_AGENT = 'Gatehouse-Webhooks/1';

export interface AttemptOutcome {
  /** A 2xx answer. */
  ok: boolean;
  /** The answer's status, or null when none came (timeout, connection refused, TLS error). */
  statusCode: number | null;
  /** Milliseconds from the request's start to the answer's headers (or to the failure). */
  latencyMs: number;
  /** The first RESPONSE_EXCERPT_BYTES of the answer's body, as text. */
  excerpt: string | null;
  /** Why no answer came, or null. */
  error: string | null;
}

/** POSTs `body` with `headers` to the target, connected to its checked address. Never rejects. */
export function postWebhook(
  target: DeliveryTarget,
  options: { headers: Record<string, string>; body: string; timeoutMs?: number },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    // net.connect asks for every address (autoSelectFamily) or for one: answer with the checked one either way.
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(
        null,
        [{ address: target.address, family: target.family }],
      );
    } else {
      callback(null, target.address, target.family);
    }
  };
  return new Promise((resolve) => {
    let settled = false;
    let latencyMs: number | null = null;
    const finish = (outcome: Omit<AttemptOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: latencyMs ?? elapsed() });
    };
    const transport = target.url.protocol === 'https:' ? https : http;
    const request = transport.request(target.url, {
      method: 'POST',
      headers: {
        ...options.headers,
        'content-length': String(Buffer.byteLength(options.body)),
        'user-agent': WEBHOOK_USER_AGENT,
      },
      lookup: pinned,
      // A fresh connection per attempt: a pooled socket could be one opened to another address.
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${options.timeoutMs ?? ATTEMPT_TIMEOUT_MS} ms`));
    }, options.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
    request.on('response', (response) => {
      latencyMs = elapsed();
      const statusCode = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        finish({
          ok: statusCode >= 200 && statusCode < 300,
          statusCode,
          excerpt: excerptOf(Buffer.concat(chunks)),
          error: null,
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_EXCERPT_BYTES) {
          const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept);
          chunks.push(part);
          kept += part.length;
        }
        // Enough for the log: the rest of a large answer is not read.
        if (kept >= RESPONSE_EXCERPT_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({ ok: false, statusCode: null, excerpt: null, error: error.code ?? error.message });
    });
    request.end(options.body);
  });
}

/** Text of the first bytes of an answer; NUL (which a PostgreSQL text column refuses) becomes U+FFFD. */
function excerptOf(bytes: Buffer): string | null {
  if (bytes.length === 0) return null;
  return bytes.toString('utf8').replaceAll('\u0000', '\uFFFD');
}
