// Issue 14 item 4: the Gatehouse export, one PortableUser per line (export-users.ts writes it). Each line is checked
// on its own; a bad line is reported and skipped (item 3), blank lines are ignored.
import type { ParsedExport, PortableUser } from '../portable-user';

export function parseGatehouseExport(text: string): ParsedExport {
  const parsed: ParsedExport = { users: [], skipped: [] };
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    const row = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      parsed.skipped.push({
        row,
        external_id: null,
        reason: 'malformed_row',
        message: 'The line is not JSON.',
      });
      continue;
    }
    const problem = portableUserProblem(value);
    if (problem !== null) {
      const externalId = isRecord(value) && typeof value.external_id === 'string' ? value.external_id : null;
      parsed.skipped.push({ row, external_id: externalId, reason: 'malformed_row', message: problem });
      continue;
    }
    parsed.users.push({ row, user: value as PortableUser, dropped: [] });
  }
  return parsed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first thing wrong with a line's shape, or null. (Values are checked again where they are written.) */
function portableUserProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'The line is not a JSON object.';
  if (typeof value.external_id !== 'string' || value.external_id === '') return 'external_id is missing.';
  for (const key of [
    'emails',
    'phone_numbers',
    'oauth_registrations',
    'totps',
    'webauthn_registrations',
    'crypto_wallets',
  ] as const) {
    if (!Array.isArray(value[key])) return `${key} is not a list.`;
  }
  if (!isRecord(value.name)) return 'name is not an object.';
  if (value.password_hash !== null && typeof value.password_hash !== 'string')
    return 'password_hash is not a string.';
  // Issue 20 item 6: absent in exports from before it (read as false).
  if (value.password_requires_reset !== undefined && typeof value.password_requires_reset !== 'boolean')
    return 'password_requires_reset is not true or false.';
  // Issue 24 items 2 and 3: absent in exports from before them (read as false and null).
  if (value.blocked !== undefined && typeof value.blocked !== 'boolean')
    return 'blocked is not true or false.';
  if (value.username !== undefined && value.username !== null && typeof value.username !== 'string')
    return 'username is not a string.';
  return null;
}
