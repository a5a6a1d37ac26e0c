// The SMS provider on loopback (DESIGN.md "Real parts": a loopback HTTP server records the API calls): answers the
// Twilio-compatible Messages API (infra/delivery/sms.ts) and keeps each call's form. Accepts with 201 and Twilio's
// `{ sid, status: "queued" }`; `refuseWith(status, body)` makes it refuse until `accept()`.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsStandIn {
  /** Each call's form fields (To, From, Body), in order (tests empty it between cases). */
  texts: Record<string, string>[];
  /** `http://127.0.0.1:<port>`, for config.sms.apiBaseUrl. */
  url: string;
  refuseWith(status: number, body: unknown): void;
  accept(): void;
  close(): Promise<void>;
}

export const SMS_STAND_IN_SID = 'SM123';

export async function startSmsStandIn(): Promise<SmsStandIn> {
  const texts: Record<string, string>[] = [];
  let refusal: { status: number; body: unknown } | null = null;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      texts.push(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
      response.writeHead(refusal?.status ?? 201, { 'content-type': 'application/json' });
      response.end(JSON.stringify(refusal?.body ?? { sid: SMS_STAND_IN_SID, status: 'queued' }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    texts,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refuseWith(status, body) {
      refusal = { status, body };
    },
    accept() {
      refusal = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
