// Issue 24 item 4: "a file that looks like another provider's format is named as such". Before an import, the first
// rows of the file are compared with the fields each format has and the others lack; when they clearly belong to
// another format than the one asked for, the import is refused with a sentence naming it (not a row-by-row list of
// "name is not an object"). Only fields that tell the formats apart count; a file that matches none, or several,
// is read as asked (its rows then say what is wrong with each).
import type { ImportSource } from '../portable-user';
import { isRecord } from './common';

/** How many rows are looked at: enough to see past a first odd row, few enough to stay instant on any file. */
const SAMPLE_ROWS = 5;

export const SOURCE_LABELS: Record<ImportSource, string> = {
  stytch: 'Stytch',
  clerk: 'Clerk',
  auth0: 'Auth0',
  gatehouse: 'Gatehouse',
};

/** Fields of one JSON row that only this format has (a row with any of them votes for it). */
const JSON_MARKERS: Record<ImportSource, readonly string[]> = {
  // PortableUser (portable-user.ts): snake_case lists no provider's export shares. Not `external_id`: Stytch's and
  // Clerk's User objects have one too (the application's own id for the user).
  gatehouse: ['oauth_registrations', 'password_requires_reset'],
  // Stytch's User object: ids of each sub-record, and its lists' own names.
  stytch: ['biometric_registrations', 'providers', 'crypto_wallets', 'webauthn_registrations'],
  // Clerk's Backend API User: camel-free but distinct names.
  clerk: [
    'email_addresses',
    'external_accounts',
    'primary_email_address_id',
    'password_enabled',
    'unsafe_metadata',
  ],
  // Auth0's bulk import / user export, and its password-hash export (`_id.$oid`, `passwordHash`).
  auth0: [
    'email_verified',
    'app_metadata',
    'user_metadata',
    'custom_password_hash',
    'mfa_factors',
    'identities',
    'passwordHash',
    '_id',
    'given_name',
    'family_name',
  ],
};

/** CSV header columns only Clerk's dashboard export has. */
const CLERK_COLUMNS = [
  'primary_email_address',
  'password_digest',
  'password_hasher',
  'verified_email_addresses',
];

/** The format the file's first rows belong to, or null when they match none or more than one. */
export function detectExportFormat(text: string): ImportSource | null {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body === '') return null;
  if (body[0] !== '[' && body[0] !== '{') {
    const header = body.slice(0, body.indexOf('\n') < 0 ? body.length : body.indexOf('\n'));
    const columns = header.split(',').map((column) => column.trim().replace(/^"|"$/g, ''));
    return CLERK_COLUMNS.some((column) => columns.includes(column)) ? 'clerk' : null;
  }
  const rows = sampleRows(body);
  const votes = new Set<ImportSource>();
  for (const row of rows) {
    for (const source of Object.keys(JSON_MARKERS) as ImportSource[]) {
      if (JSON_MARKERS[source].some((field) => field in row)) votes.add(source);
    }
  }
  // Stytch's user ids have our form too, but Stytch rows carry `user_id` and Gatehouse rows `external_id`.
  if (votes.has('gatehouse') && votes.has('stytch')) votes.delete('stytch');
  return votes.size === 1 ? [...votes][0]! : null;
}

/** The first rows as objects: of a JSON array, a `{ results: [...] }` answer, or JSON lines. */
function sampleRows(body: string): Array<Record<string, unknown>> {
  const found: Array<Record<string, unknown>> = [];
  try {
    const whole: unknown = JSON.parse(body);
    const list = Array.isArray(whole)
      ? whole
      : isRecord(whole) && Array.isArray(whole.results)
        ? whole.results
        : isRecord(whole) && Array.isArray(whole.users)
          ? whole.users
          : [whole];
    for (const value of list.slice(0, SAMPLE_ROWS)) if (isRecord(value)) found.push(value);
    return found;
  } catch {
    // JSON lines: the first readable lines.
  }
  for (const line of body.split('\n')) {
    if (found.length >= SAMPLE_ROWS) break;
    try {
      const value: unknown = JSON.parse(line);
      if (isRecord(value)) found.push(value);
    } catch {
      // A bad line is its row's problem, not the format's.
    }
  }
  return found;
}

/** The sentence of a refused file: which format it looks like and the option that reads it. */
export function otherFormatMessage(asked: ImportSource, detected: ImportSource): string {
  return `The file looks like an export from ${SOURCE_LABELS[detected]}, not from ${SOURCE_LABELS[asked]}: import it with --from ${detected} (backend API: "from": "${detected}").`;
}
