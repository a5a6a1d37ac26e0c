// Issue 14 item 3: Clerk's dashboard CSV on its fixture (a BOM, CRLF, quoted commas, quotes and a line break), each
// password_hasher's digest format mapped to PHC, and the rows refused one by one.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures';
import { verifyLegacyPassword } from '../password-schemes';
import { clerkDigestToPhc, parseClerkExport } from './clerk';
import { parseCsv } from './csv';

const fixture = readFixture('clerk');
const HEADER =
  'id,first_name,last_name,username,primary_email_address,primary_phone_number,verified_email_addresses,unverified_email_addresses,verified_phone_numbers,unverified_phone_numbers,totp_secret,password_digest,password_hasher';

describe('CSV (RFC 4180)', () => {
  it("reads quoted commas, doubled quotes and line breaks, a BOM and CRLF, with each record's first line", () => {
    const records = parseCsv('\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\nlines",z\r\n\r\n3,,\r\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, y', 'say "hi"'] },
      { line: 3, fields: ['2', 'two\nlines', 'z'] },
      { line: 6, fields: ['3', '', ''] },
    ]);
  });

  it('reads a last record without a line end, and refuses a quote that never closes', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
    expect(() => parseCsv('a,b\n1,"open')).toThrow(/line 2/);
  });
});

describe('Clerk export', () => {
  it('reads the fixture: 11 users, the md5 and bad-phone rows refused (lines 14 and 15)', () => {
    const parsed = parseClerkExport(fixture);
    expect(parsed.users).toHaveLength(11);
    expect(parsed.skipped).toEqual([
      expect.objectContaining({
        row: 14,
        external_id: 'user_2clerkMd5Hash0',
        reason: 'unsupported_password_hash',
      }),
      expect.objectContaining({ row: 15, external_id: 'user_2clerkBadPhone', reason: 'malformed_row' }),
    ]);
  });

  it('reads the first user across its quoted line break: e-mails and phones with their verified state, TOTP', () => {
    const [first, second] = parseClerkExport(fixture).users;
    expect(first!.row).toBe(2);
    expect(second!.row).toBe(4);
    expect(first!.user).toMatchObject({
      external_id: 'user_2clerkBcrypt01',
      user_id: null,
      name: { first_name: 'Jo', last_name: 'Doe, Jr.' },
      emails: [
        { email: 'jo@clerk.example', verified: true },
        { email: 'jo.work@clerk.example', verified: true },
        { email: 'jo.old@clerk.example', verified: false },
      ],
      phone_numbers: [
        { phone_number: '+14155550111', verified: true },
        { phone_number: '+442071838750', verified: false },
      ],
      totps: [{ secret_base32: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' }],
    });
    expect(first!.user.password_hash).toMatch(/^\$2b\$10\$/);
  });

  it('imports a user without a password (phone only)', () => {
    const user = parseClerkExport(fixture).users.find(
      ({ user }) => user.external_id === 'user_2clerkPhoneOnly',
    )!.user;
    expect(user).toMatchObject({
      emails: [],
      password_hash: null,
      phone_numbers: [{ phone_number: '+14155550122', verified: true }],
    });
  });

  it('finds columns by name, in any order', () => {
    const parsed = parseClerkExport('primary_email_address,id\nzed@clerk.example,user_x\n');
    expect(parsed.users[0]!.user).toMatchObject({
      external_id: 'user_x',
      emails: [{ email: 'zed@clerk.example', verified: false }],
    });
  });

  it('throws only without a header that has an id column', () => {
    expect(() => parseClerkExport('name,email\nx,y\n')).toThrow(/id/);
    expect(parseClerkExport('')).toEqual({ users: [], skipped: [] });
  });

  it.each([
    ['a row without id', `${HEADER}\n,A,B,,a@clerk.example,,,,,,,,`, 'id is missing'],
    ['an address that is not one', `${HEADER}\nuser_1,A,B,,not-mail,,,,,,,,`, 'not an e-mail'],
    ['a digest without its hasher', `${HEADER}\nuser_1,A,B,,a@clerk.example,,,,,,,$2b$10$x,`, 'go together'],
    ['a bad TOTP secret', `${HEADER}\nuser_1,A,B,,a@clerk.example,,,,,,abc,,`, 'totp_secret'],
  ])('refuses %s and keeps the rows after it', (_name, text, message) => {
    const parsed = parseClerkExport(`${text}\nuser_2,C,D,,c@clerk.example,,,,,,,,\n`);
    expect(parsed.skipped).toEqual([expect.objectContaining({ row: 2, reason: 'malformed_row' })]);
    expect(parsed.skipped[0]!.message).toContain(message);
    expect(parsed.users.map(({ user }) => user.external_id)).toEqual(['user_2']);
  });

  describe('password_hasher digests', () => {
    it('maps pbkdf2_sha256 (base64 salt) and pbkdf2_sha256_django (text salt) differently', () => {
      expect(
        clerkDigestToPhc(
          'pbkdf2_sha256',
          `pbkdf2_sha256$1000$c2FsdA==$${Buffer.alloc(32).toString('base64')}`,
        ),
      ).toMatch(/^\$pbkdf2-sha256\$i=1000,l=32\$c2FsdA\$/);
      expect(
        clerkDigestToPhc(
          'pbkdf2_sha256_django',
          `pbkdf2_sha256$1000$c2FsdA==$${Buffer.alloc(32).toString('base64')}`,
        ),
      ).toMatch(/^\$pbkdf2-sha256\$i=1000,l=32\$YzJGc2RBPT0\$/);
    });

    it("reads Django's own published hash format (salt text, base64 hash) and verifies it", async () => {
      // Django PBKDF2PasswordHasher writes algorithm$iterations$salt$b64(hash).
      const phcString = clerkDigestToPhc(
        'pbkdf2_sha256_django',
        `pbkdf2_sha256$1$salt$${Buffer.from('120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b', 'hex').toString('base64')}`,
      );
      // PBKDF2-HMAC-SHA256("password", "salt", 1, 32) = 120fb6cf… (the common published test vector).
      expect(await verifyLegacyPassword(phcString, 'password')).toBe(true);
    });

    it('reads pbkdf2_sha1 salts as hex when they are hex, else as text, and checks the key length', () => {
      const hash = Buffer.alloc(20, 2).toString('hex');
      expect(clerkDigestToPhc('pbkdf2_sha1', `pbkdf2_sha1$1000$73616c74$${hash}`)).toContain('$c2FsdA$');
      expect(clerkDigestToPhc('pbkdf2_sha1', `pbkdf2_sha1$1000$salt!$${hash}`)).toContain('$c2FsdCE$');
      expect(() => clerkDigestToPhc('pbkdf2_sha1', `pbkdf2_sha1$1000$73616c74$${hash}$32`)).toThrow(
        /key length/,
      );
    });

    it("maps scrypt_firebase's six segments and an unsalted sha256", async () => {
      const stored = clerkDigestToPhc(
        'scrypt_firebase',
        'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==$42xEC+ixf3L2lw==$jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==$Bw==$8$14',
      );
      expect(await verifyLegacyPassword(stored, 'user1password')).toBe(true);
      const sha = clerkDigestToPhc('sha256', createHash('sha256').update('test').digest('hex'));
      expect(await verifyLegacyPassword(sha, 'test')).toBe(true);
      expect(() => clerkDigestToPhc('scrypt_firebase', 'a$b$c')).toThrow(/segments|<hash>/);
    });

    it.each(['md5', 'phpass', 'bcrypt_sha256_django', 'scrypt_werkzeug', 'sha256_salted', 'awscognito'])(
      'skips %s as unsupported_password_hash',
      (hasher) => {
        expect(() => clerkDigestToPhc(hasher, 'whatever')).toThrow(
          expect.objectContaining({ reason: 'unsupported_password_hash' }),
        );
      },
    );

    it('refuses a digest that does not match its hasher', () => {
      expect(() => clerkDigestToPhc('argon2id', '$argon2i$v=19$m=4096,t=3,p=1$c29tZXNhbHQ$AAAA')).toThrow(
        expect.objectContaining({ reason: 'malformed_row' }),
      );
    });
  });
});

describe('Clerk export, issue 24: usernames, created_at, and what is not imported', () => {
  const docsCsv = readFileSync(new URL('../fixtures/from-docs/clerk-export.csv', import.meta.url), 'utf8');
  const oneRow = (columns: Record<string, string>) => {
    const names = ['id', 'primary_email_address', ...Object.keys(columns)];
    const values = ['user_1', 'a@clerk.example', ...Object.values(columns)].map((value) =>
      /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value,
    );
    return parseClerkExport(`${names.join(',')}\n${values.join(',')}\n`);
  };

  it('reads usernames from the file written from Clerk’s documentation and leaves nothing of it out', () => {
    const parsed = parseClerkExport(docsCsv);
    expect(parsed.users.map(({ user }) => [user.external_id, user.username])).toEqual([
      ['user_2dDocsAda0000000000001', 'ada_lovelace'],
      ['user_2dDocsGrace00000000002', 'grace_hopper'],
      ['user_2dDocsShort00000000003', null],
      ['user_2dDocsArgon00000000004', 'kjohnson'],
      ['user_2dDocsPhone00000000005', null],
    ]);
    // The username-only row is parsed; the import refuses it (validate-row.ts, no_sign_in_identifier).
    expect(parsed.users[1]!.user).toMatchObject({ emails: [], phone_numbers: [] });
    expect(parsed.users.every(({ dropped }) => dropped.length === 0)).toBe(true);
  });

  it('keeps the row and reports a username Gatehouse cannot store (the first fixture row’s has a line break)', () => {
    const [first] = parseClerkExport(fixture).users;
    expect(first!.user.username).toBeNull();
    expect(first!.dropped).toEqual([
      { field: 'username', reason: expect.stringContaining('128 characters') },
    ]);
  });

  it('reads a created_at column as ISO 8601 or Unix milliseconds, and refuses one that is neither', () => {
    expect(oneRow({ created_at: '2022-02-02T10:00:00Z' }).users[0]!.user.created_at).toBe(
      '2022-02-02T10:00:00.000Z',
    );
    expect(oneRow({ created_at: '1700000000000' }).users[0]!.user.created_at).toBe(
      '2023-11-14T22:13:20.000Z',
    );
    expect(oneRow({ created_at: 'last week' }).skipped[0]).toMatchObject({ reason: 'malformed_row' });
  });

  it('maps public and unsafe metadata, reports private metadata, and refuses metadata that is not a JSON object', () => {
    const parsed = oneRow({
      public_metadata: '{"plan":"pro"}',
      unsafe_metadata: '{"theme":"dark"}',
      private_metadata: '{"stripe":"cus_1"}',
    });
    expect(parsed.users[0]!.user).toMatchObject({
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(parsed.users[0]!.dropped).toEqual([
      { field: 'private_metadata', reason: expect.stringContaining('shown to the browser') },
    ]);
    expect(oneRow({ private_metadata: '{}' }).users[0]!.dropped).toEqual([]);
    expect(oneRow({ public_metadata: '[1]' }).skipped[0]!.message).toContain('public_metadata');
    expect(oneRow({ unsafe_metadata: '{oops' }).skipped[0]!.message).toContain('unsafe_metadata');
  });

  it('reports backup codes and every other column that holds a value, by name', () => {
    expect(
      oneRow({ backup_codes: 'a1b2c3,d4e5f6', favourite_colour: 'teal', empty: '' }).users[0]!.dropped,
    ).toEqual([
      { field: 'backup_codes', reason: expect.stringContaining('recovery codes') },
      { field: 'favourite_colour', reason: expect.stringContaining('Not a column') },
    ]);
    expect(oneRow({ backup_codes_enabled: 'true' }).users[0]!.dropped.map(({ field }) => field)).toEqual([
      'backup_codes_enabled',
    ]);
    expect(oneRow({ backup_codes_enabled: 'false' }).users[0]!.dropped).toEqual([]);
    const beyond = parseClerkExport('id,primary_email_address\nuser_1,a@clerk.example,stray,\n');
    expect(beyond.users[0]!.dropped.map(({ field }) => field)).toEqual(['column 3']);
  });

  it('reads a JSON file as Clerk Backend API users', () => {
    const parsed = parseClerkExport(
      `\uFEFF ${JSON.stringify([{ id: 'user_j', email_addresses: [], username: 'jay' }])}`,
    );
    expect(parsed.users[0]!.user).toMatchObject({ external_id: 'user_j', username: 'jay' });
  });
});
