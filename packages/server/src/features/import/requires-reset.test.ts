// Issue 20 item 6: a password's `requires_reset` survives an export and an import (it was dropped before, so a
// password flagged as breached signed in again after a move). Export writes `password_requires_reset`, the
// Gatehouse and Stytch readers restore it, and the right password then answers `reset_password` (SPEC §4). An
// export from before the field still imports (read as false); a value that is not a boolean is refused with its row.
// Every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwords, userEmails } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { exportUsers } from './export-users';
import type { PortableUser } from './portable-user';
import { importExportFile } from './run-import';
import { portableUser, toJsonLines } from './test-helpers';

const PASSWORD = 'Imported-Kettle-Orbit-4471';

describe.each(testDatabaseKinds())('a password’s requires_reset across export and import on %s', (kind) => {
  let t: TestApp;
  let stored: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    stored = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  const withPassword = (email: string, extra: Partial<PortableUser> = {}) =>
    portableUser({ emails: [{ email, verified: true }], password_hash: stored, ...extra });

  const importText = (source: 'gatehouse' | 'stytch', text: string) =>
    importExportFile(t.ctx, { projectId: t.project.id, source, text });

  async function exported(): Promise<PortableUser[]> {
    const list: PortableUser[] = [];
    for await (const user of exportUsers(t.ctx, { projectId: t.project.id })) list.push(user);
    return list;
  }

  const signInWithPassword = (email: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.passwords.authenticate,
      publicToken: t.publicToken,
      body: { email, password: PASSWORD, session_duration_minutes: 30 },
    });

  async function flagForReset(email: string): Promise<void> {
    const [owner] = await t.ctx.db
      .select({ userId: userEmails.userId })
      .from(userEmails)
      .where(eq(userEmails.email, email));
    await t.ctx.db.update(passwords).set({ requiresReset: true }).where(eq(passwords.userId, owner!.userId));
  }

  it('round trip: a password that must be reset is exported so, and after the import the right password answers reset_password', async () => {
    expect(
      await importText(
        'gatehouse',
        toJsonLines([withPassword('grace@example.com'), withPassword('ada@example.com')]),
      ),
    ).toMatchObject({ imported: 2, skipped: [] });
    // As a breached password found at a sign-in would (features/passwords requireReset).
    await flagForReset('grace@example.com');
    const original = await exported();
    const byEmail = new Map(original.map((user) => [user.emails[0]?.email, user]));
    expect(byEmail.get('grace@example.com')?.password_requires_reset).toBe(true);
    expect(byEmail.get('ada@example.com')?.password_requires_reset).toBe(false);

    await t.reset();
    expect(await importText('gatehouse', toJsonLines(original))).toMatchObject({ imported: 2, skipped: [] });
    const grace = await signInWithPassword('grace@example.com');
    expect(grace.json().error_type).toBe('reset_password');
    expect((await signInWithPassword('ada@example.com')).statusCode).toBe(200);
    // And the export of the import is the export it came from.
    expect(await exported()).toEqual(original);
  });

  it('a user without a password exports false, and true without a password_hash imports nothing to reset', async () => {
    await importText(
      'gatehouse',
      toJsonLines([
        portableUser({
          emails: [{ email: 'nopass@example.com', verified: true }],
          password_requires_reset: true,
        }),
      ]),
    );
    const [user] = await exported();
    expect(user).toMatchObject({ password_hash: null, password_requires_reset: false });
  });

  it('an export from before the field imports as false; a value that is not true or false refuses its row only', async () => {
    const { password_requires_reset: _absent, ...older } = withPassword('older@example.com');
    const bad = { ...withPassword('bad@example.com'), password_requires_reset: 'yes' };
    const summary = await importText('gatehouse', toJsonLines([older as PortableUser, bad as never]));
    expect(summary.imported).toBe(1);
    expect(summary.skipped).toEqual([
      expect.objectContaining({ row: 2, reason: 'malformed_row', external_id: bad.external_id }),
    ]);
    expect((await signInWithPassword('older@example.com')).statusCode).toBe(200);
    expect((await exported())[0]?.password_requires_reset).toBe(false);
  });

  it('Stytch: the user’s password.requires_reset carries over with its hash', async () => {
    const stytchUser = (n: number, email: string, requiresReset: boolean) => ({
      user_id: `user-test-0000000${n}-2222-4222-8222-222222222222`,
      status: 'active',
      name: { first_name: 'Grace', middle_name: '', last_name: 'Hopper' },
      emails: [{ email_id: `email-test-${n}`, email, verified: true }],
      phone_numbers: [],
      providers: [],
      password: {
        password_id: `password-test-${n}`,
        requires_reset: requiresReset,
        hash_type: 'argon_2id',
        hash: stored,
      },
    });
    const text = `${JSON.stringify(stytchUser(1, 'flagged@stytch.example', true))}\n${JSON.stringify(
      stytchUser(2, 'fine@stytch.example', false),
    )}\n`;
    expect(await importText('stytch', text)).toMatchObject({ imported: 2, skipped: [] });
    expect((await signInWithPassword('flagged@stytch.example')).json().error_type).toBe('reset_password');
    expect((await signInWithPassword('fine@stytch.example')).statusCode).toBe(200);
  });
});
