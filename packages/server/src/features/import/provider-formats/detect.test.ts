// Issue 24 item 4: a file of another provider's format is named as such. Each provider's fixture is recognised as its
// own format and as no other, and a file that matches no format (or one row of nothing) is left to its parser.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures';
import { IMPORT_SOURCES } from '../portable-user';
import { detectExportFormat, otherFormatMessage } from './detect';

describe('detectExportFormat', () => {
  it.each(IMPORT_SOURCES)('recognises the %s fixture as its own format', (source) => {
    expect(detectExportFormat(readFixture(source))).toBe(source);
  });

  it('reads the first rows of a JSON array, a users.search answer and JSON lines', () => {
    const auth0 = { email: 'a@example.com', email_verified: true, user_id: 'auth0|1' };
    expect(detectExportFormat(JSON.stringify([auth0]))).toBe('auth0');
    expect(detectExportFormat(`${JSON.stringify(auth0)}\n{oops\n`)).toBe('auth0');
    const stytch = { user_id: 'user-test-1', emails: [], providers: [] };
    expect(detectExportFormat(JSON.stringify({ results: [stytch] }))).toBe('stytch');
    // Auth0's password-hash export (NDJSON from its support).
    const hashes = { _id: { $oid: '5f0c' }, email: 'b@example.com', passwordHash: '$2b$10$…' };
    expect(detectExportFormat(JSON.stringify(hashes))).toBe('auth0');
    expect(detectExportFormat(JSON.stringify({ id: 'user_1', email_addresses: [] }))).toBe('clerk');
  });

  it("reads Stytch and Clerk User objects with their `external_id` as theirs, not as Gatehouse's", () => {
    const stytch = { user_id: 'user-test-1', external_id: 'legacy-1', emails: [], providers: [] };
    expect(detectExportFormat(JSON.stringify([stytch]))).toBe('stytch');
    const clerk = { id: 'user_1', external_id: 'legacy-1', email_addresses: [], external_accounts: [] };
    expect(detectExportFormat(JSON.stringify([clerk]))).toBe('clerk');
  });

  it('answers null for what matches no format, or several', () => {
    expect(detectExportFormat('')).toBeNull();
    expect(detectExportFormat('id,email\n1,a@example.com\n')).toBeNull();
    expect(detectExportFormat(JSON.stringify([{ email: 'a@example.com' }]))).toBeNull();
    expect(detectExportFormat(JSON.stringify([{ email_verified: true, providers: [] }]))).toBeNull();
  });

  it('names the format and the option that reads it', () => {
    expect(otherFormatMessage('clerk', 'auth0')).toBe(
      'The file looks like an export from Auth0, not from Clerk: import it with --from auth0 (backend API: "from": "auth0").',
    );
  });
});
