// Issue 24 "Tests that show it", for Clerk and Stytch: files written from each provider's own documentation
// (fixtures/from-docs/, README-clerk-stytch.md there), kept apart from the fixtures the parsers were written against,
// imported into a real database — every user with a password signs in with it (6-character ones included) and the
// wrong password is refused, usernames and signup dates are stored, a username-only row is reported as
// `no_sign_in_identifier` and not created, a user banned in Clerk cannot sign in, and the summary names every
// dropped field of every row.
import { readFileSync } from 'node:fs';
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cryptoWallets, oauthRegistrations, passwords, users } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn } from '../otps/test-helpers';
import type { ImportSummary } from './import-users';
import type { ImportSource } from './portable-user';
import { importExportFile } from './run-import';

const readDocsFixture = (name: string) =>
  readFileSync(new URL(`./fixtures/from-docs/${name}`, import.meta.url), 'utf8');
const stytchDocsId = (n: number) => `user-test-d0c50000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The summary's report of dropped fields as row → field paths (each reason is checked to be a sentence). */
function droppedFields(summary: ImportSummary) {
  for (const { fields } of summary.dropped) {
    for (const { reason } of fields) expect(reason).toMatch(/^[A-Z"].{20,}\.$/);
  }
  return summary.dropped.map(({ row, external_id, fields }) => ({
    row,
    external_id,
    fields: fields.map(({ field }) => field),
  }));
}

/** Each sign-in verifies a real bcrypt/scrypt/PBKDF2/argon2 hash and then stores argon2id: slow on a busy machine. */
const HASHING_TEST_TIMEOUT = 120_000;

describe.each(testDatabaseKinds())('Clerk and Stytch files from their documentation on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const post = (url: string, body: unknown) =>
    sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, body });
  const signIn = (email: string, password: string) =>
    post(ROUTES.passwords.authenticate, { email, password, session_duration_minutes: 30 });
  const importFile = (source: ImportSource, name: string) =>
    importExportFile(t.ctx, { projectId: t.project.id, source, text: readDocsFixture(name) });
  const userByExternalId = async (externalId: string) =>
    (await t.ctx.db.select().from(users).where(eq(users.externalId, externalId)))[0];

  /** The same password with its last character changed is refused, then the right one signs in. */
  async function expectSignsIn(email: string, password: string): Promise<void> {
    const wrong = `${password.slice(0, -1)}${password.endsWith('a') ? 'b' : 'a'}`;
    const refused = await signIn(email, wrong);
    expect(refused.statusCode, `${email} / ${wrong}`).toBe(401);
    expect(refused.json().error_type).toBe('unauthorized_credentials');
    const answer = await signIn(email, password);
    expect(answer.statusCode, `${email}: ${answer.body}`).toBe(200);
  }

  it(
    'Clerk dashboard CSV: passwords (a 6-character one too) sign in, usernames stored, the username-only row reported',
    async () => {
      const summary = await importFile('clerk', 'clerk-export.csv');
      expect(summary.imported).toBe(4);
      expect(summary.skipped.map(({ row, external_id, reason }) => ({ row, external_id, reason }))).toEqual([
        { row: 3, external_id: 'user_2dDocsGrace00000000002', reason: 'no_sign_in_identifier' },
        { row: 7, external_id: 'user_2dDocsMd5000000000006', reason: 'unsupported_password_hash' },
      ]);
      expect(summary.skipped[0]!.message).toContain('only a username and a password');
      // The documented dashboard export has 13 columns and Gatehouse reads each of them.
      expect(droppedFields(summary)).toEqual([]);

      expect(await userByExternalId('user_2dDocsGrace00000000002')).toBeUndefined();
      expect((await userByExternalId('user_2dDocsAda0000000000001'))!.username).toBe('ada_lovelace');
      expect((await userByExternalId('user_2dDocsArgon00000000004'))!.username).toBe('kjohnson');
      expect((await userByExternalId('user_2dDocsShort00000000003'))!.username).toBeNull();

      await expectSignsIn('ada@clerk-docs.example', 'Clerk-Docs-Engine-1843');
      // Issue 24 item 1: 6 characters, as Clerk (through Firebase) allowed.
      await expectSignsIn('lin@clerk-docs.example', 'q7Rz2k');
      await expectSignsIn('kat@clerk-docs.example', 'Clerk-Docs-Orbit-1962');
      const ok = await signIn('ada@clerk-docs.example', 'Clerk-Docs-Engine-1843');
      expect(ok.json().data.user.username).toBe('ada_lovelace');
    },
    HASHING_TEST_TIMEOUT,
  );

  it(
    'Clerk Backend API users: banned → blocked, created_at, Google link, wallet, every dropped field named',
    async () => {
      const summary = await importFile('clerk', 'clerk-users.json');
      expect(summary.imported).toBe(2);
      expect(summary.skipped.map(({ row, external_id, reason }) => ({ row, external_id, reason }))).toEqual([
        { row: 3, external_id: 'user_2dApiUsernameOnly0000003', reason: 'no_sign_in_identifier' },
      ]);
      expect(droppedFields(summary)).toEqual([
        {
          row: 1,
          external_id: 'user_2dApiBanned000000000001',
          fields: [
            'external_accounts[1]',
            'password_enabled',
            'totp_enabled',
            'backup_code_enabled',
            'private_metadata',
          ],
        },
        {
          row: 2,
          external_id: 'user_2dApiWallet000000000002',
          fields: ['passkeys[0]', 'locked', 'external_id', 'image_url', 'legal_accepted_at'],
        },
      ]);

      const mallory = (await userByExternalId('user_2dApiBanned000000000001'))!;
      expect(mallory).toMatchObject({
        username: 'mallory',
        createdAt: new Date(1700000000000),
        trustedMetadata: { plan: 'pro' },
        untrustedMetadata: { theme: 'dark' },
      });
      expect(mallory.blockedAt).not.toBeNull();
      expect(
        await t.ctx.db
          .select({ provider: oauthRegistrations.providerType, subject: oauthRegistrations.providerSubject })
          .from(oauthRegistrations)
          .where(eq(oauthRegistrations.userId, mallory.id)),
      ).toEqual([{ provider: 'google', subject: '104857600000000000777' }]);
      const wendy = (await userByExternalId('user_2dApiWallet000000000002'))!;
      expect(wendy.createdAt).toEqual(new Date(1690000000000));
      const wallets = await t.ctx.db
        .select({ address: cryptoWallets.address })
        .from(cryptoWallets)
        .where(eq(cryptoWallets.userId, wendy.id));
      // Stored in the wallet feature's own (EIP-55) form.
      expect(wallets.map(({ address }) => address.toLowerCase())).toEqual([
        '0x52908400098527886e0f7030069857d2e4169ee7',
      ]);

      // Issue 24 item 2: banned in Clerk, refused here (by e-mail passcode: Clerk's API gave no password).
      const sent = await post(ROUTES.otps.loginOrCreate('email'), { email: 'mallory@clerk-api.example' });
      expect(sent.statusCode).toBe(200);
      const byCode = await post(ROUTES.otps.authenticate, {
        token: codeIn(delivery.last()),
        method_id: sent.json().data.method_id,
        session_duration_minutes: 30,
      });
      expect(byCode.statusCode).toBe(403);
      expect(byCode.json().error_type).toBe('user_blocked');
    },
    HASHING_TEST_TIMEOUT,
  );

  it(
    'Stytch User objects: scrypt, 6-character bcrypt and PBKDF2 sign in, created_at kept, every dropped field named',
    async () => {
      const summary = await importFile('stytch', 'stytch-users.jsonl');
      expect(summary.imported).toBe(4);
      expect(summary.skipped.map(({ row, external_id, reason }) => ({ row, external_id, reason }))).toEqual([
        { row: 5, external_id: stytchDocsId(5), reason: 'unsupported_password_hash' },
      ]);
      expect(droppedFields(summary)).toEqual([
        { row: 1, external_id: stytchDocsId(1), fields: ['totps[0]', 'biometric_registrations[0]'] },
        { row: 2, external_id: stytchDocsId(2), fields: ['totps[0]', 'webauthn_registrations[0]'] },
        { row: 3, external_id: stytchDocsId(3), fields: ['external_id', 'password'] },
        { row: 4, external_id: stytchDocsId(4), fields: ['roles'] },
      ]);

      const created = await t.ctx.db
        .select({ id: users.id, createdAt: users.createdAt })
        .from(users)
        .orderBy(users.id);
      expect(created).toEqual([
        { id: stytchDocsId(1), createdAt: new Date('2021-12-29T12:33:09Z') },
        { id: stytchDocsId(2), createdAt: new Date('2022-03-14T09:26:53Z') },
        { id: stytchDocsId(3), createdAt: new Date('2023-01-02T03:04:05Z') },
        { id: stytchDocsId(4), createdAt: new Date('2023-06-30T23:59:59Z') },
      ]);
      // The API's password object carries no hash: that user has none here (and the report said so).
      expect(
        await t.ctx.db
          .select()
          .from(passwords)
          .where(eq(passwords.userId, stytchDocsId(3))),
      ).toEqual([]);

      await expectSignsIn('sam@stytch-docs.example', 'Stytch-Docs-Scrypt-Fjord-77');
      await expectSignsIn('sho@stytch-docs.example', 'm4Xw9z');
      await expectSignsIn('pia@stytch-docs.example', 'Stytch-Docs-Pbkdf2-Lagoon-31');
    },
    HASHING_TEST_TIMEOUT,
  );
});
