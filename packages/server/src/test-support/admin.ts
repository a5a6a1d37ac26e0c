// Admin API tests (issue 25 item 3): the bootstrap key every admin test app is built with, and a typed inject helper.
import type { LightMyRequestResponse } from 'fastify';
import type { GatehouseApp } from '../app';

export const TEST_ADMIN_KEY = 'admin-bootstrap-key-for-tests-0123456789abcdef';

export interface AdminCall {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Relative to /admin/v1, with its query string. */
  path: string;
  body?: unknown;
  /** The bearer key; default TEST_ADMIN_KEY, null sends no Authorization header. */
  key?: string | null;
}

export async function adminCall(app: GatehouseApp, call: AdminCall): Promise<LightMyRequestResponse> {
  const key = call.key === undefined ? TEST_ADMIN_KEY : call.key;
  return app.inject({
    method: call.method,
    url: `/admin/v1${call.path}`,
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
}
