// Issue 24 items 1, 2, 3 and 6, end to end through the SDK routes: an imported password shorter than today's rules
// signs in (and its owner is asked to change it through the reset path), a blocked user is refused at every sign-in
// and its sessions at once, usernames are stored, shown and unique per project whatever their case, and an export
// imported elsewhere keeps blocked, username, created_at and requires_reset. Every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwords, users } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn } from '../otps/test-helpers';
import { nextLinkMessage } from '../passwords/test-helpers';
import { exportUsers } from './export-users';
import { bcryptHash } from './fixtures/bcrypt';
import type { PortableUser } from './portable-user';
import { importExportFile } from './run-import';
import { portableUser, toJsonLines } from './test-helpers';

/** 5 characters (Auth0's documented example, "hello", is also 5, but is on the breach list); Gatehouse asks 8 of a new one. */
const SHORT = 'k3Tz!';
const LONG = 'Imported-Kettle-Orbit-4471';

describe.each(testDatabaseKinds())('imported accounts on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;
  let shortHash: string;
  let longHash: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
    const salt = new Uint8Array(Buffer.from('imported-salt-16'));
    shortHash = await bcryptHash(SHORT, { cost: 4, salt });
    longHash = await bcryptHash(LONG, { cost: 4, salt });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const post = (url: string, body: unknown, sessionToken?: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      body,
      ...(sessionToken ? { sessionToken } : {}),
    });
  const signIn = (email: string, password: string) =>
    post(ROUTES.passwords.authenticate, { email, password, session_duration_minutes: 30 });
  const importRows = (rows: PortableUser[]) =>
    importExportFile(t.ctx, { projectId: t.project.id, source: 'gatehouse', text: toJsonLines(rows) });
  const withPassword = (email: string, hash: string, extra: Partial<PortableUser> = {}) =>
    portableUser({ emails: [{ email, verified: true }], password_hash: hash, ...extra });

  async function exported(): Promise<PortableUser[]> {
    const list: PortableUser[] = [];
    for await (const user of exportUsers(t.ctx, { projectId: t.project.id })) list.push(user);
    return list;
  }

  it('a 5-character imported password signs in, the wrong one is refused, and its owner is asked to change it', async () => {
    expect(await importRows([withPassword('short@example.com', shortHash)])).toMatchObject({ imported: 1 });

    const wrong = await signIn('short@example.com', 'k3Tz?');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error_type).toBe('unauthorized_credentials');

    const ok = await signIn('short@example.com', SHORT);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.session_token).toEqual(expect.any(String));
    // The reset path that exists: a reset link to the address, saying why.
    const asked = await nextLinkMessage(delivery.messages, 0);
    expect(asked).toMatchObject({ channel: 'email', to: 'short@example.com' });
    expect(asked.subject).toMatch(/choose a new .* password/);
    expect(asked.text).toContain('stytch_token_type=reset_password');

    // A new password is still held to the rules: 8 characters at least.
    const created = await post(ROUTES.passwords.create, { email: 'new@example.com', password: 'abc12' });
    expect(created.statusCode).toBe(400);
    expect(created.json().error_type).toBe('invalid_password');
  });

  it('a password that meets the rules signs in without a change request', async () => {
    await importRows([withPassword('long@example.com', longHash)]);
    expect((await signIn('long@example.com', LONG)).statusCode).toBe(200);
    // The argon2id upgrade happened; no e-mail with a link went out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(delivery.messages.filter((message) => /https?:\/\//.test(message.text))).toHaveLength(0);
  });

  it('a blocked user is refused at a password and a passcode sign-in, and the right password tells nothing more', async () => {
    await importRows([withPassword('banned@example.com', longHash, { blocked: true })]);
    const [row] = await t.ctx.db.select().from(users);
    expect(row!.blockedAt).not.toBeNull();
    expect(row!.blockedReason).toMatch(/imported/);

    expect((await signIn('banned@example.com', 'not-the-password')).statusCode).toBe(401);
    const refused = await signIn('banned@example.com', LONG);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_type).toBe('user_blocked');

    const sent = await post(ROUTES.otps.loginOrCreate('email'), { email: 'banned@example.com' });
    expect(sent.statusCode).toBe(200);
    const code = codeIn(delivery.last());
    const byCode = await post(ROUTES.otps.authenticate, {
      token: code,
      method_id: sent.json().data.method_id,
      session_duration_minutes: 30,
    });
    expect(byCode.statusCode).toBe(403);
    expect(byCode.json().error_type).toBe('user_blocked');
  });

  it('a user blocked while signed in is refused at the next session check', async () => {
    await importRows([withPassword('later@example.com', longHash)]);
    const ok = await signIn('later@example.com', LONG);
    const token = ok.json().data.session_token as string;
    expect((await post(ROUTES.sessionsAuthenticate, {}, token)).statusCode).toBe(200);

    await t.ctx.db.update(users).set({ blockedAt: clock.now(), blockedReason: 'test' });
    const refused = await post(ROUTES.sessionsAuthenticate, {}, token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error_type).toBe('user_unauthenticated');
  });

  it('usernames are stored, shown in the user object, and unique per project whatever their case', async () => {
    const summary = await importRows([
      withPassword('ada@example.com', longHash, { external_id: 'a', username: 'Ada_L' }),
      withPassword('eve@example.com', longHash, { external_id: 'b', username: 'ada_l' }),
    ]);
    expect(summary.imported).toBe(1);
    expect(summary.skipped).toEqual([
      expect.objectContaining({ row: 2, external_id: 'b', reason: 'username_taken' }),
    ]);
    const ok = await signIn('ada@example.com', LONG);
    expect(ok.json().data.user.username).toBe('Ada_L');
  });

  it('a row with only a username and a password is reported, not created', async () => {
    const summary = await importRows([
      portableUser({ external_id: 'lonely', emails: [], username: 'lonely', password_hash: longHash }),
    ]);
    expect(summary.imported).toBe(0);
    expect(summary.skipped).toEqual([
      expect.objectContaining({
        external_id: 'lonely',
        reason: 'no_sign_in_identifier',
        message: expect.stringContaining('only a username and a password'),
      }),
    ]);
    expect(await t.ctx.db.select().from(users)).toHaveLength(0);
  });

  it('export → import keeps blocked, username, created_at and requires_reset', async () => {
    await importRows([
      withPassword('one@example.com', longHash, {
        external_id: 'one',
        username: 'one',
        blocked: true,
        created_at: '2019-03-04T05:06:07.000Z',
      }),
      withPassword('two@example.com', longHash, { external_id: 'two', password_requires_reset: true }),
    ]);
    const original = await exported();
    expect(original.map((user) => [user.username, user.blocked, user.created_at])).toEqual(
      expect.arrayContaining([
        ['one', true, '2019-03-04T05:06:07.000Z'],
        [null, false, '2024-05-01T10:00:00.000Z'],
      ]),
    );
    await t.reset();
    expect(await importRows(original)).toMatchObject({ imported: 2, skipped: [], dropped: [] });
    const again = await exported();
    const strip = (list: PortableUser[]) =>
      list
        .map(({ password_hash: _hash, ...rest }) => rest)
        .sort((a, b) => a.external_id.localeCompare(b.external_id));
    expect(strip(again)).toEqual(strip(original));
    const [flagged] = await t.ctx.db
      .select({ requiresReset: passwords.requiresReset })
      .from(passwords)
      .where(eq(passwords.requiresReset, true));
    expect(flagged).toEqual({ requiresReset: true });
  });
});
