// Issue 14 item 3: the Stytch reader on its fixture (users as users.get answers them, hashes as passwords.migrate
// takes them) and on the cases a real export has: a JSON array, a users.search answer, a bad line among good ones.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture, stytchId } from '../fixtures';
import { parseStytchExport } from './stytch';

const fixture = readFixture('stytch');

function oneUser(row: Record<string, unknown>) {
  return parseStytchExport(JSON.stringify([{ user_id: stytchId(50), emails: [], ...row }]));
}

describe('Stytch export', () => {
  it('reads the fixture: 10 users, the md_5 and bad-address rows refused', () => {
    const parsed = parseStytchExport(fixture);
    expect(parsed.users).toHaveLength(10);
    expect(parsed.skipped).toEqual([
      expect.objectContaining({ row: 11, external_id: stytchId(11), reason: 'unsupported_password_hash' }),
      expect.objectContaining({ row: 12, external_id: stytchId(12), reason: 'malformed_row' }),
    ]);
    expect(parsed.skipped[1]!.message).toContain('not-an-email');
  });

  it('keeps the Stytch user id, names, contacts, the Google link and metadata', () => {
    const [first] = parseStytchExport(fixture).users;
    expect(first!.row).toBe(1);
    expect(first!.user).toMatchObject({
      external_id: stytchId(1),
      user_id: stytchId(1),
      status: 'active',
      created_at: '2024-02-11T09:30:00.000Z',
      name: { first_name: 'First1', middle_name: '', last_name: 'Last1' },
      emails: [{ email: 'ada@stytch.example', verified: true }],
      phone_numbers: [{ phone_number: '+14155550101', verified: true }],
      oauth_registrations: [{ provider_type: 'google', provider_subject: '104857600000000000001' }],
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(first!.user.password_hash).toMatch(/^\$2a\$10\$/);
  });

  it('reads the passwordless user: TOTP secret, passkey, GitHub link, wallet, an unverified address', () => {
    const user = parseStytchExport(fixture).users[9]!.user;
    expect(user.password_hash).toBeNull();
    expect(user.emails).toEqual([
      { email: 'jy@stytch.example', verified: true },
      { email: 'jy.old@stytch.example', verified: false },
    ]);
    expect(user.totps).toEqual([{ secret_base32: 'JBSWY3DPEHPK3PXPKRSXG5DTOR4XI2LB' }]);
    expect(user.webauthn_registrations).toEqual([
      expect.objectContaining({
        credential_id: 'c3R5dGNoLWZpeHR1cmUtY3JlZC0x',
        domain: 'localhost',
        sign_count: 0,
        transports: ['internal'],
        authenticator_type: 'platform',
      }),
    ]);
    expect(user.oauth_registrations).toEqual([{ provider_type: 'github', provider_subject: '5550010' }]);
    expect(user.crypto_wallets).toEqual([
      { crypto_wallet_address: '0x8ba1f109551bd432803012645ac136ddd64dba72', crypto_wallet_type: 'ethereum' },
    ]);
  });

  it('reads the same users from a JSON array and from a users.search answer', () => {
    const lines = fixture.trim().split('\n');
    const rows = lines.map((line) => JSON.parse(line));
    const fromLines = parseStytchExport(fixture);
    expect(parseStytchExport(JSON.stringify(rows))).toEqual(fromLines);
    expect(parseStytchExport(JSON.stringify({ results: rows, results_metadata: { total: 12 } }))).toEqual(
      fromLines,
    );
  });

  it('refuses a line that is not JSON and goes on with the next', () => {
    const lines = fixture.trim().split('\n');
    const parsed = parseStytchExport([lines[0], '{"user_id": ', lines[1]].join('\n'));
    expect(parsed.users.map(({ row }) => row)).toEqual([1, 3]);
    expect(parsed.skipped).toEqual([
      { row: 2, external_id: null, reason: 'malformed_row', message: 'The line is not JSON.' },
    ]);
  });

  it('throws only when the whole file is unreadable', () => {
    expect(() => parseStytchExport('[{"user_id": ')).toThrow();
    expect(() => parseStytchExport('not json at all')).toThrow();
    expect(parseStytchExport('')).toEqual({ users: [], skipped: [] });
  });

  it('makes a new id for a user id that is not of our form', () => {
    const parsed = parseStytchExport(JSON.stringify([{ user_id: 'user-test-legacy', emails: [] }]));
    expect(parsed.users[0]!.user).toMatchObject({ external_id: 'user-test-legacy', user_id: null });
  });

  it.each([
    [{ user_id: 42 }, 'user_id'],
    [{ user_id: '' }, 'user_id'],
    [{ status: 'deleted' }, 'status'],
    [{ emails: 'a@b.example' }, 'emails'],
    [{ phone_numbers: [{ phone_number: '+1 555', verified: true }] }, 'phone'],
    [{ emails: [{ email: 'a@b.example', verified: 'yes' }] }, 'verified'],
    [
      { crypto_wallets: [{ crypto_wallet_address: '0x12', crypto_wallet_type: 'ethereum' }] },
      'crypto_wallets',
    ],
    [{ totps: [{ totp_id: 't', verified: true, secret: 'not base32!' }] }, 'totps[0].secret'],
    [{ created_at: 'yesterday' }, 'created_at'],
  ])('refuses a row with %j', (row, field) => {
    const parsed = oneUser(row);
    expect(parsed.users).toEqual([]);
    expect(parsed.skipped[0]).toMatchObject({ row: 1, reason: 'malformed_row' });
    expect(parsed.skipped[0]!.message).toContain(field);
  });

  it('leaves out a passkey without its public key, an unverified TOTP and an unknown OAuth provider', () => {
    const parsed = oneUser({
      webauthn_registrations: [{ webauthn_registration_id: 'w', domain: 'localhost', name: 'old key' }],
      totps: [{ totp_id: 't', verified: false, secret: 'JBSWY3DPEHPK3PXP' }],
      providers: [{ provider_type: 'Okta', provider_subject: 'x' }],
    });
    expect(parsed.users[0]!.user).toMatchObject({
      webauthn_registrations: [],
      totps: [],
      oauth_registrations: [],
    });
    // Issue 24 item 4: each one reported, with why.
    expect(parsed.users[0]!.dropped).toEqual([
      { field: 'providers[0]', reason: 'Gatehouse has no "okta" OAuth provider.' },
      { field: 'totps[0]', reason: expect.stringContaining('never verified') },
      { field: 'webauthn_registrations[0]', reason: expect.stringContaining('public_key') },
    ]);
  });

  describe('passwords.migrate hashes', () => {
    const hashOf = (migrate: Record<string, unknown>) => oneUser(migrate);

    it('reads a hash beside the user fields as well as inside the password object', () => {
      const parsed = hashOf({
        hash_type: 'bcrypt',
        hash: '$2b$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K',
      });
      expect(parsed.users[0]!.user.password_hash).toBe(
        '$2b$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K',
      );
    });

    it('maps scrypt_config to a PHC string (N as ln) and checks key_length', () => {
      const ok = hashOf({
        hash_type: 'scrypt',
        hash: Buffer.alloc(32, 1).toString('base64'),
        scrypt_config: {
          salt: 'c2FsdA==',
          n_parameter: 16384,
          r_parameter: 8,
          p_parameter: 1,
          key_length: 32,
        },
      });
      expect(ok.users[0]!.user.password_hash).toBe(
        `$scrypt$ln=14,r=8,p=1$c2FsdA$${Buffer.alloc(32, 1).toString('base64').replace(/=+$/, '')}`,
      );
      const badLength = hashOf({
        hash_type: 'scrypt',
        hash: Buffer.alloc(32, 1).toString('base64'),
        scrypt_config: {
          salt: 'c2FsdA==',
          n_parameter: 16384,
          r_parameter: 8,
          p_parameter: 1,
          key_length: 64,
        },
      });
      expect(badLength.skipped[0]).toMatchObject({ reason: 'malformed_row' });
      const notPowerOfTwo = hashOf({
        hash_type: 'scrypt',
        hash: Buffer.alloc(32, 1).toString('base64'),
        scrypt_config: {
          salt: 'c2FsdA==',
          n_parameter: 1000,
          r_parameter: 8,
          p_parameter: 1,
          key_length: 32,
        },
      });
      expect(notPowerOfTwo.skipped[0]!.message).toContain('power of two');
    });

    it('refuses N beyond the bound as unsupported', () => {
      const parsed = hashOf({
        hash_type: 'scrypt',
        hash: Buffer.alloc(32, 1).toString('base64'),
        scrypt_config: {
          salt: 'c2FsdA==',
          n_parameter: 2 ** 21,
          r_parameter: 8,
          p_parameter: 1,
          key_length: 32,
        },
      });
      expect(parsed.skipped[0]).toMatchObject({ reason: 'unsupported_password_hash' });
    });

    it('refuses SHA-1 salted on both sides, md_5, phpass and unknown types', () => {
      const both = hashOf({
        hash_type: 'sha_1',
        hash: 'a9993e364706816aba3e25717850c26c9cd0d89d',
        sha_1_config: { prepend_salt: 'a', append_salt: 'c' },
      });
      expect(both.skipped[0]).toMatchObject({ reason: 'unsupported_password_hash' });
      expect(hashOf({ hash_type: 'phpass', hash: '$P$Bxxxxxxxx' }).skipped[0]).toMatchObject({
        reason: 'unsupported_password_hash',
      });
      expect(hashOf({ hash_type: 'rot13', hash: 'x' }).skipped[0]).toMatchObject({ reason: 'malformed_row' });
      expect(hashOf({ hash_type: 'bcrypt', hash: '$2b$10$short' }).skipped[0]).toMatchObject({
        reason: 'malformed_row',
      });
    });
  });
});

describe('Stytch export, issue 24: what is not imported is reported', () => {
  const docs = readFileSync(new URL('../fixtures/from-docs/stytch-users.jsonl', import.meta.url), 'utf8');

  it('reads the file written from Stytch’s documentation: created_at, hashes, and each dropped field', () => {
    const parsed = parseStytchExport(docs);
    expect(parsed.skipped.map(({ row, reason }) => [row, reason])).toEqual([
      [5, 'unsupported_password_hash'],
    ]);
    expect(
      parsed.users.map(({ user }) => [user.created_at, user.password_hash?.split('$')[1] ?? null]),
    ).toEqual([
      ['2021-12-29T12:33:09.000Z', 'scrypt'],
      ['2022-03-14T09:26:53.000Z', '2a'],
      ['2023-01-02T03:04:05.000Z', null],
      ['2023-06-30T23:59:59.000Z', 'pbkdf2-sha256'],
    ]);
    expect(parsed.users.map(({ dropped }) => dropped.map(({ field }) => field))).toEqual([
      ['totps[0]', 'biometric_registrations[0]'],
      ['totps[0]', 'webauthn_registrations[0]'],
      ['external_id', 'password'],
      ['roles'],
    ]);
    const reasons = parsed.users.flatMap(({ dropped }) => dropped.map(({ reason }) => reason));
    expect(reasons).toEqual([
      expect.stringContaining('no TOTP secret'),
      expect.stringContaining('no biometric sign-in'),
      expect.stringContaining('never verified'),
      expect.stringContaining('public_key'),
      expect.stringContaining('user_id'),
      expect.stringContaining('No password hash'),
      expect.stringContaining('no roles'),
    ]);
  });

  it('reports a wallet of another chain, a lock and unknown keys; not the envelope, empty values or the default role', () => {
    const parsed = oneUser({
      crypto_wallets: [
        {
          crypto_wallet_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          crypto_wallet_type: 'bitcoin',
        },
      ],
      is_locked: true,
      favourite_colour: 'teal',
      request_id: 'request-id-test-1',
      status_code: 200,
      roles: ['stytch_user'],
      external_id: null,
      biometric_registrations: [],
      lock_expires_at: null,
    });
    expect(parsed.users[0]!.user.crypto_wallets).toEqual([]);
    expect(parsed.users[0]!.dropped).toEqual([
      {
        field: 'crypto_wallets[0]',
        reason: 'Gatehouse signs in Ethereum and Solana wallets, not "bitcoin".',
      },
      { field: 'is_locked', reason: expect.stringContaining('temporary') },
      { field: 'favourite_colour', reason: expect.stringContaining("Not a field of Stytch's User object") },
    ]);
  });

  it('does not report a password object that carries its hash', () => {
    const parsed = oneUser({
      password: {
        password_id: 'password-test-1',
        requires_reset: false,
        hash_type: 'bcrypt',
        hash: '$2b$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K',
      },
    });
    expect(parsed.users[0]!.dropped).toEqual([]);
  });
});
