// Helpers of the rate-limit tests (issue 9 item 1): SDK calls from a chosen client address, and the shape every
// limited call answers with (429 too_many_requests in the wire error shape, with Retry-After).
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { GatehouseApp } from '../app';
import { basicAuth } from './app';

/** A POST under /sdk/v1 with the SDK's headers, from `ip` (inject's remoteAddress: the socket address). */
export function postFrom(
  app: GatehouseApp,
  options: { url: string; publicToken: string; body: unknown; ip: string; sessionToken?: string | null },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/sdk/v1${options.url}`,
    remoteAddress: options.ip,
    headers: {
      authorization: basicAuth(options.publicToken, options.sessionToken ?? null),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(options.body),
  });
}

/**
 * A refusal by a spent budget: 429, the wire error JSON (wire-format.md §3.2) with type too_many_requests and a
 * message, and a Retry-After of whole seconds within the limit's window.
 */
export function expectLimited(
  response: LightMyRequestResponse,
  options: { windowSeconds: number; message?: RegExp | string },
): void {
  expect(response.statusCode).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status_code: 429, error_type: 'too_many_requests' });
  expect(body.error_message).toEqual(expect.any(String));
  if (options.message !== undefined) expect(body.error_message).toMatch(options.message);
  expect(typeof body.request_id).toBe('string');
  const retryAfter = String(response.headers['retry-after']);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(options.windowSeconds);
}
