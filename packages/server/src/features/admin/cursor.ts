// Issue 25 item 3: the admin API's cursors — opaque to callers (base64url of a small JSON object naming the last row
// of the previous page), checked on the way back in so a forged or truncated one is a 400, never a 500.
import { ApiError } from '../../infra/errors';

export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** The cursor's fields (each a string), or 400 invalid_admin_request. */
export function decodeCursor<K extends string>(cursor: string, keys: readonly K[]): Record<K, string> {
  const invalid = () => new ApiError('invalid_admin_request', 'The cursor is not one this API gave.');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof value !== 'object' || value === null) throw invalid();
  const record = value as Record<string, unknown>;
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const field = record[key];
    if (typeof field !== 'string' || field.length === 0 || field.length > 512) throw invalid();
    out[key] = field;
  }
  return out;
}
