// Issue 14 item 3: Auth0's bulk import JSON on its fixture, and custom_password_hash as Auth0's schema page documents
// it, including the page's own example users.
import { describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures';
import { verifyLegacyPassword } from '../password-schemes';
import { parseAuth0Export } from './auth0';

const fixture = readFixture('auth0');

const withHash = (custom: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  parseAuth0Export(
    JSON.stringify([
      { user_id: 'auth0|x', email: 'x@auth0.example', custom_password_hash: custom, ...extra },
    ]),
  );

describe('Auth0 bulk import file', () => {
  it('reads the fixture: 11 users (the row without user_id keyed by its e-mail); md5 and hmac refused', () => {
    const parsed = parseAuth0Export(fixture);
    expect(parsed.users).toHaveLength(11);
    expect(parsed.users[10]!.user.external_id).toBe('auth0-email:fg@auth0.example');
    expect(parsed.skipped).toEqual([
      expect.objectContaining({
        row: 11,
        external_id: 'auth0|a0md5hash0',
        reason: 'unsupported_password_hash',
      }),
      expect.objectContaining({
        row: 12,
        external_id: 'auth0|a0hmacsha1',
        reason: 'unsupported_password_hash',
      }),
    ]);
  });

  it('maps names, verified state, phone, TOTP factor and both metadata objects', () => {
    const [first, second] = parseAuth0Export(fixture).users;
    expect(first!.user).toMatchObject({
      external_id: 'auth0|a0bcrypt01',
      user_id: null,
      name: { first_name: 'Ta', middle_name: '', last_name: 'Zero' },
      emails: [{ email: 'ta@auth0.example', verified: true }],
      phone_numbers: [{ phone_number: '+14155550133', verified: true }],
      totps: [{ secret_base32: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U' }],
      trusted_metadata: { roles: ['admin'], plan: 'premium' },
      untrusted_metadata: { theme: 'light' },
    });
    expect(first!.user.password_hash).toMatch(/^\$2b\$10\$/);
    expect(second!.user.emails).toEqual([{ email: 'ul@auth0.example', verified: false }]);
  });

  it('splits `name` when given_name and family_name are absent, and ignores an e-mail used as the name', () => {
    const parsed = parseAuth0Export(
      JSON.stringify([
        { user_id: 'a', email: 'a@auth0.example', name: 'Grace Brewster Hopper' },
        { user_id: 'b', email: 'b@auth0.example', name: 'b@auth0.example' },
      ]),
    );
    expect(parsed.users[0]!.user.name).toEqual({
      first_name: 'Grace',
      middle_name: '',
      last_name: 'Brewster Hopper',
    });
    expect(parsed.users[1]!.user.name).toEqual({ first_name: '', middle_name: '', last_name: '' });
  });

  it('throws only when the file is not JSON', () => {
    expect(() => parseAuth0Export('[{"email": ')).toThrow();
    expect(parseAuth0Export('[]')).toEqual({ users: [], skipped: [] });
  });

  it.each([
    [{ user_id: 'a', email: 'not an email' }, 'email'],
    [{ user_id: 'a', email: 'a@auth0.example', email_verified: 'true' }, 'email_verified'],
    [{ user_id: 'a', email: 'a@auth0.example', phone_number: '555-0100-999' }, 'phone_number'],
    [{ user_id: 'a', email: 'a@auth0.example', app_metadata: [] }, 'app_metadata'],
    [{ user_id: 'a', email: 'a@auth0.example', password_hash: 'plain' }, 'password_hash'],
    [{ email: 'a@auth0.example', blocked: 'yes' }, 'blocked'],
    [{ email: 'a@auth0.example', created_at: 'yesterday' }, 'created_at'],
    [{ name: 'No Id Nor Email' }, 'user_id and email are both missing'],
    ['a string', 'not a JSON object'],
  ])('refuses %j', (row, message) => {
    const parsed = parseAuth0Export(JSON.stringify([row, { user_id: 'ok', email: 'ok@auth0.example' }]));
    expect(parsed.skipped).toEqual([expect.objectContaining({ row: 1, reason: 'malformed_row' })]);
    expect(parsed.skipped[0]!.message).toContain(message);
    expect(parsed.users.map(({ row: at }) => at)).toEqual([2]);
  });

  describe("custom_password_hash (the schema page's examples)", () => {
    it('bcrypt "hello" ($2b$10$, the page\'s example) verifies', async () => {
      const parsed = withHash({
        algorithm: 'bcrypt',
        hash: { value: '$2b$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K' },
      });
      expect(await verifyLegacyPassword(parsed.users[0]!.user.password_hash!, 'hello')).toBe(true);
    });

    it('sha256 with a prefix salt (mary@contoso.com) becomes salted-sha256 pos=prefix', () => {
      const parsed = withHash({
        algorithm: 'sha256',
        hash: { value: 'd24e794fce503c3ddb1cd1ba1dd5d9b250cf9917336a0316fefd87fecf79200f', encoding: 'hex' },
        salt: { value: 'abc123', position: 'prefix' },
      });
      expect(parsed.users[0]!.user.password_hash).toBe(
        `$salted-sha256$pos=prefix$YWJjMTIz$${Buffer.from('d24e794fce503c3ddb1cd1ba1dd5d9b250cf9917336a0316fefd87fecf79200f', 'hex').toString('base64').replace(/=+$/, '')}`,
      );
    });

    it('argon2 and pbkdf2-sha512 PHC values (edward and cecil) are kept; pbkdf2-md4 (terrell) is unsupported', () => {
      const argon = withHash({
        algorithm: 'argon2',
        hash: {
          value:
            '$argon2id$v=19$m=65536,t=2,p=1$J6Q/82PCyaNpYKRELJyTZg$m04qUAB8rexWDR4+/0f+SFB+4XMFxt7YAvAq2UycYos',
        },
      });
      expect(argon.users[0]!.user.password_hash).toBe(
        '$argon2id$v=19$m=65536,t=2,p=1$J6Q/82PCyaNpYKRELJyTZg$m04qUAB8rexWDR4+/0f+SFB+4XMFxt7YAvAq2UycYos',
      );
      const cecil =
        '$pbkdf2-sha512$i=100000,l=64$KNyFsA2rWoE$I2CQGI9H0JxdDf3kERRI97kPCGxh0KWBIV3MxyaS191gDGfzVBGyS4BibhgqWQ0/ails8mHuU9ckASxHOOq58w';
      expect(withHash({ algorithm: 'pbkdf2', hash: { value: cecil } }).users[0]!.user.password_hash).toBe(
        cecil,
      );
      const terrell = withHash({
        algorithm: 'pbkdf2',
        hash: {
          value:
            '$pbkdf2-md4$i=100000,l=64$+N375B8q0Fw$fp2R9KAM4hK/votGHC5Fu+jhqbxUD8+Nic/EMSGvNC3UP/k7wSHI0uXluHRSkZfl/BOheYqNOemayG90ZaSSQw',
          encoding: 'utf8',
        },
      });
      expect(terrell.skipped[0]).toMatchObject({ reason: 'unsupported_password_hash' });
    });

    it("fills Auth0's PBKDF2 defaults (i=100000, l=64) when the parameters are omitted", () => {
      const hash = Buffer.alloc(64, 3).toString('base64').replace(/=+$/, '');
      const parsed = withHash({ algorithm: 'pbkdf2', hash: { value: `$pbkdf2-sha256$$c2FsdA$${hash}` } });
      expect(parsed.users[0]!.user.password_hash).toBe(`$pbkdf2-sha256$i=100000,l=64$c2FsdA$${hash}`);
    });

    it.each([
      ['md4', { algorithm: 'md4', hash: { value: 'AbuUujgF0pPPkJPSFRTpmA==', encoding: 'base64' } }],
      [
        'ldap',
        {
          algorithm: 'ldap',
          hash: {
            value: '{SSHA384}/cgEjdoZh85DhurDeOQEMO1rMlAur93SVPbYe5XSD4lF7nNuvrBju5hUeg9A6agRemgSXGl5YuE=',
            encoding: 'utf8',
          },
        },
      ],
      [
        'hmac',
        {
          algorithm: 'hmac',
          hash: {
            value: 'cg7f42jH39/2EaAU4wNd4s2lKIk=',
            encoding: 'base64',
            digest: 'sha1',
            key: { value: '736868', encoding: 'hex' },
          },
        },
      ],
      [
        'a ucs2 password',
        {
          algorithm: 'sha1',
          hash: { value: 'a9993e364706816aba3e25717850c26c9cd0d89d', encoding: 'hex' },
          password: { encoding: 'ucs2' },
        },
      ],
    ])('skips %s as unsupported_password_hash', (_name, custom) => {
      expect(withHash(custom).skipped[0]).toMatchObject({ reason: 'unsupported_password_hash' });
    });

    it.each([
      ['a SHA digest of the wrong length', { algorithm: 'sha1', hash: { value: 'abcd', encoding: 'hex' } }],
      [
        'a salt in the middle',
        {
          algorithm: 'sha1',
          hash: { value: 'a9993e364706816aba3e25717850c26c9cd0d89d', encoding: 'hex' },
          salt: { value: 'x', position: 'middle' },
        },
      ],
      ['scrypt without keylen', { algorithm: 'scrypt', hash: { value: 'abcd', encoding: 'hex' } }],
      [
        'scrypt whose hash is not keylen bytes',
        { algorithm: 'scrypt', hash: { value: 'abcd', encoding: 'hex' }, keylen: 32 },
      ],
      [
        'scrypt with a cost that is not a power of two',
        { algorithm: 'scrypt', hash: { value: 'abcd', encoding: 'hex' }, keylen: 2, cost: 1000 },
      ],
      ['an unknown algorithm', { algorithm: 'rot13', hash: { value: 'x' } }],
      ['argon2 that is not PHC', { algorithm: 'argon2', hash: { value: 'deadbeef' } }],
    ])('refuses %s as malformed', (_name, custom) => {
      expect(withHash(custom).skipped[0]).toMatchObject({ reason: 'malformed_row' });
    });

    it('refuses password_hash together with custom_password_hash', () => {
      const parsed = withHash(
        {
          algorithm: 'bcrypt',
          hash: { value: '$2b$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K' },
        },
        { password_hash: '$2b$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K' },
      );
      expect(parsed.skipped[0]!.message).toContain('mutually exclusive');
    });
  });
});

const one = (row: Record<string, unknown>) => parseAuth0Export(JSON.stringify([row]));

describe('Auth0, issue 24 item 2', () => {
  it("scrypt: the schema page's example (carmella, cost 4096) verifies; omitted parameters take Auth0's defaults", async () => {
    const carmella = withHash({
      algorithm: 'scrypt',
      hash: { value: '097f6197e1b41538f723e32aa7a68e8d76227d8e432ce5faa4882a913032db29', encoding: 'hex' },
      salt: { value: 'abc123', encoding: 'utf8' },
      keylen: 32,
      cost: 4096,
    });
    const stored = carmella.users[0]!.user.password_hash!;
    expect(stored).toMatch(/^\$scrypt\$ln=12,r=8,p=1\$YWJjMTIz\$/);
    expect(await verifyLegacyPassword(stored, 'password')).toBe(true);
    expect(await verifyLegacyPassword(stored, 'passwore')).toBe(false);
    const defaults = withHash({
      algorithm: 'scrypt',
      hash: { value: 'AAECAw', encoding: 'base64' },
      keylen: 4,
    });
    expect(defaults.users[0]!.user.password_hash).toBe('$scrypt$ln=14,r=8,p=1$$AAECAw');
  });

  it('a SHA salt without position is a prefix (the schema default)', () => {
    const parsed = withHash({
      algorithm: 'sha1',
      hash: { value: 'a9993e364706816aba3e25717850c26c9cd0d89d', encoding: 'hex' },
      salt: { value: 'x' },
    });
    expect(parsed.users[0]!.user.password_hash).toMatch(/^\$salted-sha1\$pos=prefix\$eA\$/);
  });

  it('blocked, username and created_at are read', () => {
    const parsed = one({
      user_id: 'auth0|b',
      email: 'b@auth0.example',
      blocked: true,
      username: 'bee',
      created_at: '2020-10-06T15:30:15.123Z',
    });
    expect(parsed.users[0]!.user).toMatchObject({
      blocked: true,
      username: 'bee',
      created_at: '2020-10-06T15:30:15.123Z',
    });
    expect(one({ user_id: 'a', email: 'a@auth0.example' }).users[0]!.user.blocked).toBe(false);
  });

  it('a row without user_id is keyed by its lower-cased e-mail; one without either is refused', () => {
    const parsed = parseAuth0Export(JSON.stringify([{ email: 'Mixed@Auth0.Example' }, { user_id: ' ' }]));
    expect(parsed.users[0]!.user.external_id).toBe('auth0-email:mixed@auth0.example');
    expect(parsed.skipped).toEqual([
      expect.objectContaining({
        row: 2,
        reason: 'malformed_row',
        message: 'user_id and email are both missing.',
      }),
    ]);
  });

  it('mfa_factors of every kind: TOTP, phone and e-mail as verified identifiers; the rest reported', () => {
    const parsed = one({
      user_id: 'm',
      email: 'm@auth0.example',
      mfa_factors: [
        { totp: { secret: 'JBTWY3DPEHPK3PNP' } },
        { phone: { value: '+14155550123' } },
        { email: { value: 'M2@Auth0.example' } },
        { push: { value: 'x' } },
        { totp: { secret: '2PRXZWZAYYDAWCD' } },
        { phone: { value: 'not a number' } },
      ],
    });
    const { user, dropped } = parsed.users[0]!;
    expect(user.totps).toEqual([{ secret_base32: 'JBTWY3DPEHPK3PNP' }]);
    expect(user.phone_numbers).toEqual([{ phone_number: '+14155550123', verified: true }]);
    expect(user.emails).toEqual([
      { email: 'm@auth0.example', verified: false },
      { email: 'm2@auth0.example', verified: true },
    ]);
    expect(dropped.map(({ field }) => field)).toEqual(['mfa_factors[3]', 'mfa_factors[4]', 'mfa_factors[5]']);
  });

  it('social identities become OAuth links; Auth0 database identities are not links; other providers are reported', () => {
    const parsed = one({
      user_id: 'auth0|x',
      email: 'x@auth0.example',
      identities: [
        { provider: 'auth0', user_id: 'x', connection: 'Username-Password-Authentication', isSocial: false },
        { provider: 'google-oauth2', user_id: '1035', connection: 'google-oauth2', isSocial: true },
        {
          provider: 'github',
          user_id: 42,
          connection: 'github',
          isSocial: true,
          profileData: { nickname: 'x' },
        },
        { provider: 'windowslive', user_id: '4cf0', connection: 'windowslive', isSocial: true },
        { provider: 'samlp', user_id: 'x@corp', connection: 'corp', isSocial: false, access_token: 'secret' },
      ],
    });
    const { user, dropped } = parsed.users[0]!;
    expect(user.oauth_registrations).toEqual([
      { provider_type: 'google', provider_subject: '1035' },
      { provider_type: 'github', provider_subject: '42' },
    ]);
    expect(dropped.map(({ field }) => field)).toEqual([
      'identities[2].profileData',
      'identities[3]',
      'identities[4]',
    ]);
    expect(dropped[1]!.reason).toContain('windowslive');
  });

  it("reports every profile field Gatehouse lacks, but not Auth0's bookkeeping", () => {
    const parsed = one({
      user_id: 'auth0|p',
      email: 'p@auth0.example',
      given_name: 'Pat',
      family_name: 'Doe',
      name: 'Patricia Doe',
      nickname: 'pat',
      picture: 'https://example.com/p.png',
      multifactor: ['guardian'],
      locale: 'en',
      updated_at: '2024-01-01T00:00:00Z',
      last_login: '2024-01-01T00:00:00Z',
      last_ip: '203.0.113.1',
      logins_count: 3,
      emails: [],
    });
    expect(parsed.users[0]!.dropped.map(({ field }) => field)).toEqual([
      'name',
      'nickname',
      'picture',
      'multifactor',
      'locale',
    ]);
  });
});
