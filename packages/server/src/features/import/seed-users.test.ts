// Issue 23 item 6: the seeded data is data the app accepts — a seeded user signs in with the seed's password, a seeded
// session token authenticates and carries its user's whole profile, and a seeded TOTP secret decrypts — so the
// seeding script (`npm run seed`) cannot rot while the schema moves on.
import { ROUTES } from '@gatehouse/protocol';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cryptoWallets,
  oauthRegistrations,
  passwords,
  sessions,
  totps,
  userEmails,
  userPhoneNumbers,
  users,
  webauthnRegistrations,
} from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { CHEAP_ARGON2, STRONG } from '../passwords/test-helpers';
import { decryptSecret } from '../totps/service';
import {
  SEED_MIX,
  type SeededUsers,
  seedEmail,
  seedPhone,
  seedSessionToken,
  seedUsers,
  sqlTextExecutor,
} from './seed-users';

const USERS = 1000;

describe.each(testDatabaseKinds())('seedUsers on %s', (kind) => {
  let t: TestApp;
  let seeded: SeededUsers;
  beforeAll(async () => {
    t = await createTestApp({ kind, argon2: CHEAP_ARGON2 });
    const passwordHash = await t.ctx.passwords.hash(STRONG);
    // Two batches and a start above 0, as a second run continuing the first would.
    seeded = await seedUsers(t.ctx, sqlTextExecutor(t.handle.execute), {
      projectId: t.project.id,
      tokenMode: 'test',
      users: USERS,
      start: 5,
      passwordHash,
      batchSize: 600,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes every user with identifiers, factors and a session in the documented proportions', async () => {
    const countOf = async (table: typeof users | typeof sessions | typeof userEmails) =>
      (await t.ctx.db.select({ n: count() }).from(table))[0]?.n;
    expect(seeded.users).toBe(USERS);
    expect(await countOf(users)).toBe(USERS);
    expect(await countOf(userEmails)).toBe(USERS);
    expect(await countOf(sessions)).toBe(USERS);
    const expected = (has: (n: number) => boolean) =>
      Array.from({ length: USERS }, (_, index) => index + 5).filter(has).length;
    const [phones] = await t.ctx.db.select({ n: count() }).from(userPhoneNumbers);
    const [passwordRows] = await t.ctx.db.select({ n: count() }).from(passwords);
    const [oauthRows] = await t.ctx.db.select({ n: count() }).from(oauthRegistrations);
    const [passkeys] = await t.ctx.db.select({ n: count() }).from(webauthnRegistrations);
    const [totpRows] = await t.ctx.db.select({ n: count() }).from(totps);
    const [wallets] = await t.ctx.db.select({ n: count() }).from(cryptoWallets);
    expect(phones?.n).toBe(expected(SEED_MIX.hasPhone));
    expect(passwordRows?.n).toBe(expected(SEED_MIX.hasPassword));
    expect(oauthRows?.n).toBe(expected(SEED_MIX.hasOauth));
    expect(passkeys?.n).toBe(expected(SEED_MIX.hasPasskey));
    expect(totpRows?.n).toBe(expected(SEED_MIX.hasTotp));
    expect(wallets?.n).toBe(expected(SEED_MIX.hasWallet));
    // The TOTP secrets are stored as an enrolment stores them: they decrypt under the app's SECRET_KEY.
    const [totp] = await t.ctx.db.select().from(totps).limit(1);
    expect(decryptSecret(t.ctx, totp!)).toMatch(/^[A-Z2-7]+$/);
  });

  it('signs a seeded user in with the seed password', async () => {
    const n = 10; // has a password and, by SEED_MIX, an OAuth link
    expect(SEED_MIX.hasPassword(n) && SEED_MIX.hasOauth(n)).toBe(true);
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.passwords.authenticate,
      publicToken: t.publicToken,
      body: { email: seedEmail(n), password: STRONG, session_duration_minutes: 30 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json().data.user;
    expect(user.emails[0].email).toBe(seedEmail(n));
    expect(user.providers).toHaveLength(1);
    expect(user.password).not.toBeNull();
  });

  it('authenticates a seeded session token, with the profile kept as the triggers keep it', async () => {
    const n = 17; // a phone and a passkey
    expect(SEED_MIX.hasPhone(n) && SEED_MIX.hasPasskey(n)).toBe(true);
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsAuthenticate,
      publicToken: t.publicToken,
      sessionToken: seedSessionToken(seeded.sessionTokenPrefix, n),
      body: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json().data.user;
    expect(user.phone_numbers[0].phone_number).toBe(seedPhone(n));
    expect(user.webauthn_registrations).toHaveLength(1);
    // The stored document equals what the triggers would compute now (a no-op update recomputes it).
    const [before] = await t.ctx.db
      .select({ profile: users.profile })
      .from(users)
      .where(eq(users.id, user.user_id));
    await t.ctx.db.update(users).set({ profile: '' }).where(eq(users.id, user.user_id));
    const [after] = await t.ctx.db
      .select({ profile: users.profile })
      .from(users)
      .where(eq(users.id, user.user_id));
    expect(before?.profile).toBe(after?.profile);
  });

  it('refuses a session token the seed did not make', async () => {
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsAuthenticate,
      publicToken: t.publicToken,
      sessionToken: seedSessionToken(seeded.sessionTokenPrefix, USERS + 5),
      body: {},
    });
    expect(response.statusCode).toBe(404);
  });
});
