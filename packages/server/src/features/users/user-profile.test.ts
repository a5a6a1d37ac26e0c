// users.profile (migration 0005_user_profile_triggers): the wire User kept by PostgreSQL triggers for the session
// check (issue 2). Every change of the user or of a sub-record must show in the next read, and concurrent
// sub-record writes for one user must never lose one (READ COMMITTED: lock the user row, then recompute).
import type { User } from '@gatehouse/protocol';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../infra/crypto';
import {
  cryptoWallets,
  passwords,
  userEmails,
  userPhoneNumbers,
  users,
  webauthnRegistrations,
} from '../../infra/db/schema';
import { createTestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { findOrCreateUserByEmail, loadUser, updateUser } from './user-service';
import { rowsOf } from './user-sql';

describe.each(testDatabaseKinds())('users.profile on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  async function newUser(email: string): Promise<string> {
    const found = await findOrCreateUserByEmail(t.ctx, {
      project: t.project,
      tokenMode: 'test',
      email,
      status: 'active',
    });
    return found.userId;
  }

  async function profile(userId: string): Promise<User> {
    const user = await loadUser(t.ctx, userId);
    if (!user) throw new Error(`no user ${userId}`);
    return user;
  }

  it('is the wire User from the first insert on, and follows name, metadata and status changes', async () => {
    const userId = await newUser('ada@example.com');
    const before = await profile(userId);
    expect(before).toMatchObject({
      user_id: userId,
      status: 'active',
      name: { first_name: '', middle_name: '', last_name: '' },
      emails: [{ email: 'ada@example.com', verified: false }],
      phone_numbers: [],
      password: null,
      untrusted_metadata: {},
    });
    expect(before.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    await updateUser(t.ctx, { userId, name: { first_name: 'Ada' }, untrustedMetadata: { theme: 'dark' } });
    await t.ctx.db.update(users).set({ status: 'pending' }).where(eq(users.id, userId));
    expect(await profile(userId)).toMatchObject({
      status: 'pending',
      name: { first_name: 'Ada' },
      untrusted_metadata: { theme: 'dark' },
    });
  });

  it('follows inserts, updates and deletes of every sub-record table', async () => {
    const userId = await newUser('ada@example.com');
    const projectId = t.project.id;
    const walletId = newId('crypto-wallet', 'test');
    const passwordId = newId('password', 'test');
    const phoneId = newId('phone-number', 'test');
    await t.ctx.db
      .insert(cryptoWallets)
      .values({ id: walletId, userId, projectId, address: '0xabc', walletType: 'ethereum' });
    await t.ctx.db.insert(passwords).values({ id: passwordId, userId, hash: '$argon2id$x' });
    await t.ctx.db
      .insert(userPhoneNumbers)
      .values({ id: phoneId, userId, projectId, phoneNumber: '+15550001' });
    expect(await profile(userId)).toMatchObject({
      crypto_wallets: [
        {
          crypto_wallet_id: walletId,
          crypto_wallet_address: '0xabc',
          crypto_wallet_type: 'ethereum',
          verified: false,
        },
      ],
      password: { password_id: passwordId, requires_reset: false },
      phone_numbers: [{ phone_id: phoneId, phone_number: '+15550001', verified: false }],
    });

    await t.ctx.db.update(userPhoneNumbers).set({ verified: true }).where(eq(userPhoneNumbers.id, phoneId));
    await t.ctx.db.update(passwords).set({ requiresReset: true }).where(eq(passwords.id, passwordId));
    expect(await profile(userId)).toMatchObject({
      phone_numbers: [{ phone_id: phoneId, verified: true }],
      password: { requires_reset: true },
    });

    await t.ctx.db.delete(cryptoWallets).where(eq(cryptoWallets.id, walletId));
    await t.ctx.db.delete(passwords).where(eq(passwords.id, passwordId));
    await t.ctx.db.delete(userPhoneNumbers).where(eq(userPhoneNumbers.id, phoneId));
    expect(await profile(userId)).toMatchObject({ crypto_wallets: [], password: null, phone_numbers: [] });
  });

  it('a sign_count bump alone does not rewrite the user row; a sign-in (last_used_at) and a rename do', async () => {
    const userId = await newUser('ada@example.com');
    const registrationId = newId('webauthn-registration', 'test');
    await t.ctx.db.insert(webauthnRegistrations).values({
      id: registrationId,
      userId,
      projectId: t.project.id,
      credentialId: 'cred-1',
      publicKey: new Uint8Array([1]),
      domain: 'localhost',
      name: 'Laptop',
    });
    const version = async () =>
      rowsOf<{ xmin: string }>(
        await t.ctx.db.execute(sql`SELECT xmin::text AS xmin FROM users WHERE id = ${userId}`),
      )[0]!.xmin;
    const added = (await profile(userId)).webauthn_registrations as {
      created_at: string;
      last_used_at: unknown;
    }[];
    // Issue 22 Deliver 2 (migration 0016): the account page's list shows when a passkey was added and last used.
    expect(added[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(added[0]?.last_used_at).toBeNull();
    const before = await version();
    await t.ctx.db
      .update(webauthnRegistrations)
      .set({ signCount: 7 })
      .where(eq(webauthnRegistrations.id, registrationId));
    expect(await version()).toBe(before);
    const usedAt = new Date('2026-01-02T03:04:05.678Z');
    await t.ctx.db
      .update(webauthnRegistrations)
      .set({ signCount: 8, lastUsedAt: usedAt })
      .where(eq(webauthnRegistrations.id, registrationId));
    expect(await version()).not.toBe(before);
    expect((await profile(userId)).webauthn_registrations).toMatchObject([
      { webauthn_registration_id: registrationId, last_used_at: '2026-01-02T03:04:05Z' },
    ]);
    const used = await version();
    await t.ctx.db
      .update(webauthnRegistrations)
      .set({ name: 'Phone' })
      .where(eq(webauthnRegistrations.id, registrationId));
    expect(await version()).not.toBe(used);
    expect((await profile(userId)).webauthn_registrations).toMatchObject([
      { webauthn_registration_id: registrationId, name: 'Phone' },
    ]);
  });

  it('10 e-mails added in parallel transactions for one user all end up in the document', async () => {
    const userId = await newUser('ada@example.com');
    const projectId = t.project.id;
    const added = Array.from({ length: 10 }, (_, index) => `parallel-${index}@example.com`);
    await Promise.all(
      added.map((email) =>
        t.ctx.db.transaction(async (tx) => {
          await tx.insert(userEmails).values({ id: newId('email', 'test'), userId, projectId, email });
          // Keeps the transaction open after its recompute, so the others' triggers run while it is uncommitted
          // (on PostgreSQL; PGlite has one connection and runs the transactions one after another).
          await tx.execute(sql`SELECT pg_sleep(0.02)`);
        }),
      ),
    );
    const emails = (await profile(userId)).emails.map((entry) => entry.email).sort();
    expect(emails).toEqual(['ada@example.com', ...added].sort());
  });

  it('parallel changes of the user row and its sub-records lose nothing', async () => {
    const userId = await newUser('ada@example.com');
    const projectId = t.project.id;
    await Promise.all([
      ...Array.from({ length: 5 }, (_, index) =>
        t.ctx.db.transaction(async (tx) => {
          await tx
            .insert(userEmails)
            .values({ id: newId('email', 'test'), userId, projectId, email: `e${index}@x.io` });
          await tx.execute(sql`SELECT pg_sleep(0.02)`);
        }),
      ),
      ...Array.from({ length: 5 }, (_, index) =>
        updateUser(t.ctx, { userId, untrustedMetadata: { [`k${index}`]: index } }),
      ),
    ]);
    const user = await profile(userId);
    expect(user.emails).toHaveLength(6);
    expect(user.untrusted_metadata).toEqual({ k0: 0, k1: 1, k2: 2, k3: 3, k4: 4 });
  });

  it('deleting the user (cascading to its sub-records) leaves no user behind', async () => {
    const userId = await newUser('ada@example.com');
    await t.ctx.db.delete(users).where(eq(users.id, userId));
    expect(await loadUser(t.ctx, userId)).toBeNull();
  });
});
