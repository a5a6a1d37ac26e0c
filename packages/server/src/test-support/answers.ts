// Reading /sdk/v1 answers in route tests (wire-format.md §3): the `data` of a success, or the status and error_type
// of a refusal. Shared by every feature's test helpers.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export function dataOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  const body = response.json() as { data?: T };
  if (response.statusCode !== 200 || body.data === undefined) {
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  }
  return body.data;
}

export function expectError(response: LightMyRequestResponse, status: number, errorType: string): void {
  expect({
    status: response.statusCode,
    type: (response.json() as { error_type?: string }).error_type,
  }).toEqual({ status, type: errorType });
}
