// Issue 14 items 3 and 4 "Tests that show it": importing twice changes nothing (a dump of every user table compared
// byte for byte), malformed rows reported and skipped one by one, a taken e-mail skipped without a half-written
// user, export → import into an empty database gives the same users, an imported TOTP secret and an imported
// argon2id password sign in through the SDK routes, the profile document right after a deferred batch. Every kind.
import { ROUTES } from '@gatehouse/protocol';
import { hash } from '@node-rs/argon2';
import { count, eq, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { getAddress } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cryptoWallets, userEmails, userPhoneNumbers, users } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createTestClock, signIn } from '../sessions/test-fixtures';
import { TOTP_ROUTES } from '../totps';
import { loadUser } from '../users';
import { exportUsers } from './export-users';
import { importUsers } from './import-users';
import type { PortableUser } from './portable-user';
import { importExportFile } from './run-import';
import {
  coseEs256PublicKey,
  portableUser,
  SAMPLE_ARGON2_HASH,
  syntheticUser,
  toJsonLines,
} from './test-helpers';

const USER_TABLES = [
  'users',
  'user_emails',
  'user_phone_numbers',
  'passwords',
  'totps',
  'totp_recovery_codes',
  'webauthn_registrations',
  'oauth_registrations',
  'crypto_wallets',
] as const;

const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe.each(testDatabaseKinds())('users import and export on %s', (kind) => {
  const clock = createTestClock('2030-01-01T00:00:15.000Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  /** Every row of every user table as JSON text, in a stable order. */
  async function dump(): Promise<string> {
    const parts: string[] = [];
    for (const table of USER_TABLES) {
      const result = await t.ctx.db.execute(
        sql.raw(
          `SELECT coalesce(json_agg(row_to_json(r) ORDER BY r.id), '[]'::json)::text AS rows FROM ${table} r`,
        ),
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
        rows: string;
      }>;
      parts.push(`${table}: ${rows[0]?.rows}`);
    }
    return parts.join('\n');
  }

  function importRows(list: PortableUser[], batchSize = 500) {
    return importUsers(t.ctx, {
      projectId: t.project.id,
      users: list.map((user, index) => ({ row: index + 1, user })),
      batchSize,
    });
  }

  async function exported(): Promise<PortableUser[]> {
    const list: PortableUser[] = [];
    for await (const user of exportUsers(t.ctx, { projectId: t.project.id, pageSize: 7 })) list.push(user);
    return list;
  }

  it('imports every kind of record, and importing the same file again changes nothing', async () => {
    const publicKey = coseEs256PublicKey();
    const list = Array.from({ length: 60 }, (_, n) => syntheticUser(n, { publicKey }));
    const first = await importRows(list, 16);
    expect(first).toEqual({ imported: 60, already_imported: 0, skipped: [], dropped: [] });
    const before = await dump();
    expect(before).toContain(
      'credential-25'.length > 0 ? Buffer.from('credential-25').toString('base64url') : '',
    );

    const second = await importRows(list, 16);
    expect(second).toEqual({ imported: 0, already_imported: 60, skipped: [], dropped: [] });
    expect(await dump()).toBe(before);
    // And through the file path (parser + pipeline), as `npm run import` runs it.
    const third = await importExportFile(t.ctx, {
      projectId: t.project.id,
      source: 'gatehouse',
      text: toJsonLines(list),
    });
    expect(third).toEqual({ imported: 0, already_imported: 60, skipped: [], dropped: [] });
    expect(await dump()).toBe(before);
  });

  it('refreshes the profile document once per imported user (deferred triggers, migration 0014)', async () => {
    const ada = portableUser({
      emails: [
        { email: 'Ada@Example.com', verified: true },
        { email: 'ada2@example.com', verified: false },
      ],
      phone_numbers: [{ phone_number: '+14155550123', verified: true }],
      password_hash: SAMPLE_ARGON2_HASH,
      totps: [{ secret_base32: TOTP_SECRET }],
      crypto_wallets: [
        {
          crypto_wallet_address: '0x52908400098527886e0f7030069857d2e4169ee7',
          crypto_wallet_type: 'ethereum',
        },
      ],
      oauth_registrations: [{ provider_type: 'github', provider_subject: '1234' }],
    });
    await importRows([ada]);
    const [row] = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.externalId, ada.external_id));
    const user = await loadUser(t.ctx, row!.id);
    expect(user?.emails.map((e) => [e.email, e.verified])).toEqual([
      ['ada@example.com', true],
      ['ada2@example.com', false],
    ]);
    expect(user?.phone_numbers[0]?.phone_number).toBe('+14155550123');
    expect(user?.password).not.toBeNull();
    expect(user?.totps).toEqual([expect.objectContaining({ verified: true })]);
    // EIP-55 checksum form, as a wallet sign-in stores it.
    expect(user?.crypto_wallets[0]?.crypto_wallet_address).toBe(
      getAddress('0x52908400098527886e0f7030069857d2e4169ee7'),
    );
    expect(user?.providers[0]).toMatchObject({ provider_type: 'github', provider_subject: '1234' });
    expect(user?.created_at).toBe('2024-05-01T10:00:00Z');
  });

  it('reports malformed rows one by one and imports the others', async () => {
    const good = portableUser({ emails: [{ email: 'good@example.com', verified: true }] });
    const later = portableUser({ emails: [{ email: 'later@example.com', verified: true }] });
    const lines = [
      JSON.stringify(good),
      '{ not json',
      JSON.stringify(portableUser({ external_id: 'bad-email', emails: [{ email: 'nope', verified: true }] })),
      JSON.stringify(
        portableUser({
          external_id: 'bad-phone',
          phone_numbers: [{ phone_number: '555-0100', verified: true }],
        }),
      ),
      JSON.stringify(portableUser({ external_id: 'bad-hash', password_hash: '$md5$abc' })),
      JSON.stringify(portableUser({ external_id: 'bad-totp', totps: [{ secret_base32: 'not base32!' }] })),
      JSON.stringify(
        portableUser({
          external_id: 'bad-key',
          webauthn_registrations: [
            {
              credential_id: 'AAAA',
              public_key: Buffer.from('not a cose key').toString('base64url'),
              sign_count: 0,
              transports: [],
              domain: 'localhost',
              name: '',
              authenticator_type: '',
            },
          ],
        }),
      ),
      JSON.stringify(
        portableUser({
          external_id: 'bad-wallet',
          crypto_wallets: [{ crypto_wallet_address: '0x1234', crypto_wallet_type: 'ethereum' }],
        }),
      ),
      JSON.stringify({ ...portableUser({ external_id: 'bad-meta' }), untrusted_metadata: 'text' }),
      JSON.stringify(portableUser({ external_id: 'bad-time', created_at: '0000-01-01T00:00:00.000Z' })),
      JSON.stringify(later),
    ];
    const summary = await importExportFile(t.ctx, {
      projectId: t.project.id,
      source: 'gatehouse',
      text: lines.join('\n'),
    });
    expect(summary.imported).toBe(2);
    expect(summary.skipped.map((s) => [s.row, s.external_id, s.reason])).toEqual([
      [2, null, 'malformed_row'],
      [3, 'bad-email', 'invalid_email'],
      [4, 'bad-phone', 'invalid_phone_number'],
      [5, 'bad-hash', 'unsupported_password_hash'],
      [6, 'bad-totp', 'invalid_totp_secret'],
      [7, 'bad-key', 'invalid_webauthn_registration'],
      [8, 'bad-wallet', 'invalid_crypto_wallet'],
      [9, 'bad-meta', 'malformed_row'],
      [10, 'bad-time', 'malformed_row'],
    ]);
    for (const skipped of summary.skipped) expect(skipped.message.length).toBeGreaterThan(0);
    const [{ value }] = (await t.ctx.db.select({ value: count() }).from(users)) as [{ value: number }];
    expect(value).toBe(2);
  });

  it('skips a row whose e-mail another user owns, writing none of it', async () => {
    const owner = await signIn(t.ctx, t.project, 'ada@example.com');
    const before = await dump();
    const taker = portableUser({
      external_id: 'taker',
      emails: [{ email: 'ADA@example.com', verified: true }],
      phone_numbers: [{ phone_number: '+14155550199', verified: true }],
      crypto_wallets: [
        {
          crypto_wallet_address: '0x52908400098527886e0f7030069857d2e4169ee7',
          crypto_wallet_type: 'ethereum',
        },
      ],
      password_hash: SAMPLE_ARGON2_HASH,
    });
    // Two rows of one file claiming one phone number: the first wins, the second is skipped.
    const first = portableUser({
      external_id: 'first',
      phone_numbers: [{ phone_number: '+14155550142', verified: true }],
    });
    const second = portableUser({
      external_id: 'second',
      phone_numbers: [{ phone_number: '+1 415 555 0142', verified: true }],
      emails: [{ email: 'second@example.com', verified: true }],
    });
    const summary = await importRows([taker, first, second]);
    expect(summary.imported).toBe(1);
    expect(summary.skipped.map((s) => [s.row, s.external_id, s.reason])).toEqual([
      [1, 'taker', 'email_taken'],
      [3, 'second', 'phone_number_taken'],
    ]);
    // Nothing of the skipped rows: not their user, phone number, wallet or password.
    expect(await t.ctx.db.select().from(users).where(eq(users.externalId, 'taker'))).toEqual([]);
    expect(
      await t.ctx.db.select().from(userPhoneNumbers).where(eq(userPhoneNumbers.phoneNumber, '+14155550199')),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(cryptoWallets)).toEqual([]);
    expect((await loadUser(t.ctx, owner.user_id))?.emails).toHaveLength(1);
    // The owner's rows are as they were; only "first" was added.
    const after = await dump();
    expect(after).not.toBe(before);
    await t.ctx.db.delete(users).where(eq(users.externalId, 'first'));
    expect(await dump()).toBe(before);
  });

  it('retries a batch refused by a unique index row by row, importing every row once', async () => {
    // A concurrent sign-up stands in: inside the batch's first transaction, after its checks, another user takes
    // the e-mail of the batch's second row, so the batch's INSERT fails on the unique index and rolls back.
    const list = Array.from({ length: 5 }, (_, n) =>
      portableUser({ external_id: `race-${n}`, emails: [{ email: `race${n}@example.com`, verified: true }] }),
    );
    let armed = true;
    const db = t.ctx.db;
    const racing = new Proxy(db, {
      get(target, key) {
        if (key !== 'transaction') return Reflect.get(target, key);
        return (work: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) => {
            if (!armed) return work(tx);
            armed = false;
            const intruding = new Proxy(tx, {
              get(txTarget, txKey) {
                const value = Reflect.get(txTarget, txKey);
                if (txKey !== 'insert') return typeof value === 'function' ? value.bind(txTarget) : value;
                return (table: unknown) =>
                  table !== users
                    ? txTarget.insert(table as typeof users)
                    : {
                        values: async (rows: (typeof users.$inferInsert)[]) => {
                          await txTarget
                            .insert(users)
                            .values({ id: 'user-test-intruder', projectId: t.project.id });
                          await txTarget.insert(userEmails).values({
                            id: 'email-test-intruder',
                            userId: 'user-test-intruder',
                            projectId: t.project.id,
                            email: 'race1@example.com',
                          });
                          return txTarget.insert(users).values(rows);
                        },
                      };
              },
            });
            return work(intruding);
          });
      },
    });
    const summary = await importUsers(
      { ...t.ctx, db: racing },
      { projectId: t.project.id, users: list.map((user, index) => ({ row: index + 1, user })) },
    );
    expect(armed).toBe(false);
    expect(summary).toEqual({ imported: 5, already_imported: 0, skipped: [], dropped: [] });
    const [{ value }] = (await t.ctx.db.select({ value: count() }).from(userEmails)) as [{ value: number }];
    expect(value).toBe(5);
  });

  it('keeps the row’s user id when it has our form and is free, and makes a new one otherwise', async () => {
    const id = 'user-test-3f1b2c4d-1111-4222-8333-944455566677';
    const summary = await importRows([
      portableUser({ external_id: 'a', user_id: id }),
      portableUser({ external_id: 'b', user_id: id }),
      portableUser({ external_id: 'c', user_id: 'auth0|123' }),
    ]);
    expect(summary.imported).toBe(3);
    const rows = await t.ctx.db.select({ id: users.id, externalId: users.externalId }).from(users);
    const byExternal = Object.fromEntries(rows.map((row) => [row.externalId, row.id]));
    expect(byExternal.a).toBe(id);
    expect(byExternal.b).toMatch(/^user-test-/);
    expect(byExternal.b).not.toBe(id);
    expect(byExternal.c).toMatch(/^user-test-/);
  });

  it('export → import into an empty database gives the same users', async () => {
    const publicKey = coseEs256PublicKey();
    await importRows(Array.from({ length: 30 }, (_, n) => syntheticUser(n, { publicKey })));
    // A user made by a sign-in, not an import, is exported too.
    await signIn(t.ctx, t.project, 'native@example.com');
    const original = await exported();
    expect(original).toHaveLength(31);
    const withTotp = original.find((user) => user.totps.length > 0)!;
    expect(withTotp.totps[0]?.secret_base32).toBe(TOTP_SECRET);
    const withKey = original.find((user) => user.webauthn_registrations.length > 0)!;
    expect(withKey.webauthn_registrations[0]?.public_key).toBe(publicKey);
    expect(withKey.password_hash).toBe(SAMPLE_ARGON2_HASH);

    // Into the same project: every user is found, the native one by its id.
    const same = await importExportFile(t.ctx, {
      projectId: t.project.id,
      source: 'gatehouse',
      text: toJsonLines(original),
    });
    expect(same).toEqual({ imported: 0, already_imported: 31, skipped: [], dropped: [] });

    await t.reset();
    const summary = await importExportFile(t.ctx, {
      projectId: t.project.id,
      source: 'gatehouse',
      text: toJsonLines(original),
    });
    expect(summary).toEqual({ imported: 31, already_imported: 0, skipped: [], dropped: [] });
    expect(await exported()).toEqual(original);
  });

  it('an imported TOTP secret authenticates through POST /sdk/v1/totps/authenticate', async () => {
    await importRows([
      portableUser({
        emails: [{ email: 'ada@example.com', verified: true }],
        totps: [{ secret_base32: TOTP_SECRET }],
      }),
    ]);
    // The sign-in finds the imported user by the e-mail it owns.
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const code = new TOTP({ secret: TOTP_SECRET, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: clock.now().getTime(),
    });
    const wrong = await sdkRequest(t.app, {
      method: 'POST',
      url: TOTP_ROUTES.authenticate,
      publicToken: t.publicToken,
      sessionToken: ada.session_token,
      body: { totp_code: code === '000000' ? '111111' : '000000', session_duration_minutes: 60 },
    });
    expect(wrong.statusCode).toBe(401);
    const answer = await sdkRequest(t.app, {
      method: 'POST',
      url: TOTP_ROUTES.authenticate,
      publicToken: t.publicToken,
      sessionToken: ada.session_token,
      body: { totp_code: code, session_duration_minutes: 60 },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.__user.user_id).toBe(ada.user_id);
  });

  it('an imported argon2id password signs in through POST /sdk/v1/passwords/authenticate', async () => {
    const password = 'Imported-Kettle-Orbit-4471';
    const stored = await hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await importRows([
      portableUser({ emails: [{ email: 'grace@example.com', verified: true }], password_hash: stored }),
    ]);
    const post = (body: unknown) =>
      sdkRequest(t.app, {
        method: 'POST',
        url: ROUTES.passwords.authenticate,
        publicToken: t.publicToken,
        body,
      });
    const wrong = await post({
      email: 'grace@example.com',
      password: 'Not-The-Password-9921',
      session_duration_minutes: 30,
    });
    expect(wrong.statusCode).toBe(401);
    const answer = await post({ email: 'grace@example.com', password, session_duration_minutes: 30 });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.user.emails[0].email).toBe('grace@example.com');
  });
});
