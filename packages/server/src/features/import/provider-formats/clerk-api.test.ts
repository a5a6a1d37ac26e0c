// Issue 24 items 2-4: Clerk's Backend API users (JSON) on the file written from Clerk's documentation
// (fixtures/from-docs/clerk-users.json) and on the cases around it: banned → blocked, Unix-millisecond created_at,
// the primary address first, external accounts as OAuth links where Gatehouse has the provider, and every field
// that is not imported reported by its path.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseClerkApiUsers } from './clerk-api';

const docsJson = readFileSync(new URL('../fixtures/from-docs/clerk-users.json', import.meta.url), 'utf8');

const oneUser = (fields: Record<string, unknown>) =>
  parseClerkApiUsers(
    JSON.stringify([
      {
        id: 'user_1',
        email_addresses: [
          { id: 'idn_1', email_address: 'a@clerk.example', verification: { status: 'verified' } },
        ],
        ...fields,
      },
    ]),
  );
const verified = { status: 'verified' };

describe('Clerk Backend API users', () => {
  it('reads the file written from Clerk’s documentation', () => {
    const parsed = parseClerkApiUsers(docsJson);
    expect(parsed.skipped).toEqual([]);
    const [mallory, wendy, ghost] = parsed.users;
    expect(mallory!.user).toMatchObject({
      external_id: 'user_2dApiBanned000000000001',
      user_id: null,
      username: 'mallory',
      blocked: true,
      created_at: '2023-11-14T22:13:20.000Z',
      name: { first_name: 'Mallory', last_name: 'Banned' },
      emails: [{ email: 'mallory@clerk-api.example', verified: true }],
      oauth_registrations: [{ provider_type: 'google', provider_subject: '104857600000000000777' }],
      password_hash: null,
      totps: [],
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: { theme: 'dark' },
    });
    expect(mallory!.dropped).toEqual([
      { field: 'external_accounts[1]', reason: 'Gatehouse has no "hubspot" OAuth provider.' },
      { field: 'password_enabled', reason: expect.stringContaining('no password digest') },
      { field: 'totp_enabled', reason: expect.stringContaining('no TOTP secret') },
      { field: 'backup_code_enabled', reason: expect.stringContaining('recovery codes') },
      { field: 'private_metadata', reason: expect.stringContaining('shown to the browser') },
    ]);
    // The primary address first although Clerk lists it second; the unverified one stays unverified.
    expect(wendy!.user).toMatchObject({
      blocked: false,
      username: null,
      created_at: '2023-07-22T04:26:40.000Z',
      emails: [
        { email: 'wendy@clerk-api.example', verified: true },
        { email: 'wendy.old@clerk-api.example', verified: false },
      ],
      phone_numbers: [{ phone_number: '+14155550166', verified: true }],
      crypto_wallets: [
        {
          crypto_wallet_address: '0x52908400098527886e0f7030069857d2e4169ee7',
          crypto_wallet_type: 'ethereum',
        },
      ],
    });
    expect(wendy!.dropped.map(({ field }) => field)).toEqual([
      'passkeys[0]',
      'locked',
      'external_id',
      'image_url',
      'legal_accepted_at',
    ]);
    // Parsed; the import refuses it (no_sign_in_identifier): a username and a password Clerk's API does not give.
    expect(ghost!.user).toMatchObject({
      username: 'ghost_writer',
      emails: [],
      created_at: '2023-03-28T10:40:00.000Z',
    });
  });

  it('reads a { data: [...] } answer and JSON lines', () => {
    const row = { id: 'user_d', email_addresses: [] };
    expect(parseClerkApiUsers(JSON.stringify({ data: [row], total_count: 1 })).users).toHaveLength(1);
    expect(
      parseClerkApiUsers(`${JSON.stringify(row)}\n${JSON.stringify({ ...row, id: 'user_e' })}\n`).users,
    ).toHaveLength(2);
  });

  it('maps Clerk provider names to Gatehouse keys and reports the providers Gatehouse lacks', () => {
    const parsed = oneUser({
      external_accounts: [
        { provider: 'oauth_github', provider_user_id: '42' },
        { provider: 'oauth_linkedin_oidc', provider_user_id: 'li-1' },
        { provider: 'oauth_notion', provider_user_id: 'n-1' },
      ],
    });
    expect(parsed.users[0]!.user.oauth_registrations).toEqual([
      { provider_type: 'github', provider_subject: '42' },
      { provider_type: 'linkedin', provider_subject: 'li-1' },
    ]);
    expect(parsed.users[0]!.dropped).toEqual([
      { field: 'external_accounts[2]', reason: 'Gatehouse has no "notion" OAuth provider.' },
    ]);
    expect(oneUser({ external_accounts: [{ provider: 'oauth_google' }] }).skipped[0]!.message).toContain(
      'provider_user_id',
    );
  });

  it('imports verified wallets, reports unverified ones, and refuses an address of no chain', () => {
    const solana = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
    const parsed = oneUser({
      web3_wallets: [
        { web3_wallet: solana, verification: verified },
        { web3_wallet: '0x52908400098527886E0F7030069857D2E4169EE7', verification: { status: 'unverified' } },
      ],
    });
    expect(parsed.users[0]!.user.crypto_wallets).toEqual([
      { crypto_wallet_address: solana, crypto_wallet_type: 'solana' },
    ]);
    expect(parsed.users[0]!.dropped.map(({ field }) => field)).toEqual(['web3_wallets[1]']);
    expect(
      oneUser({ web3_wallets: [{ web3_wallet: 'nope!', verification: verified }] }).skipped[0],
    ).toMatchObject({
      reason: 'malformed_row',
    });
  });

  it('reports a username Gatehouse cannot store, SAML accounts and unknown keys; not empty or bookkeeping fields', () => {
    const parsed = oneUser({
      username: 'has space',
      saml_accounts: [{ id: 'samlacc_1' }],
      favourite_colour: 'teal',
      object: 'user',
      updated_at: 1700000000000,
      last_sign_in_at: 1700000000000,
      private_metadata: {},
      external_id: null,
      banned: false,
    });
    expect(parsed.users[0]!.user.username).toBeNull();
    expect(parsed.users[0]!.dropped.map(({ field }) => field)).toEqual([
      'username',
      'saml_accounts[0]',
      'favourite_colour',
    ]);
  });

  it.each([
    [{ id: 7 }, 'id'],
    [{ banned: 'yes' }, 'banned'],
    [{ created_at: 'soon' }, 'created_at'],
    [{ email_addresses: [{ email_address: 'not mail' }] }, 'email_addresses[0]'],
    [{ public_metadata: [] }, 'public_metadata'],
  ])('refuses a row with %j', (fields, field) => {
    const parsed = oneUser(fields);
    expect(parsed.users).toEqual([]);
    expect(parsed.skipped[0]).toMatchObject({ row: 1, reason: 'malformed_row' });
    expect(parsed.skipped[0]!.message).toContain(field);
  });
});
