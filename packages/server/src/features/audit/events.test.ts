// Issue 25 item 1, what is recorded so far: a sign-up and sign-in write user.created and session.created (with the
// method, the factors, the request's address, user agent and id) in their transactions; a refused password writes
// sign_in.failed with why (and no user for an unknown address); a sign-out writes session.revoked; a blocked user's
// right password writes sign_in.failed `blocked`; an import writes import.completed (not a dry run). And no secret
// — a session token, a password, a passcode, a hash — is in any stored event. Every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, passwords, users } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { importExportFile } from '../import/run-import';
import { portableUser, toJsonLines } from '../import/test-helpers';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn } from '../otps/test-helpers';
import { STRONG, STRONG_2 } from '../passwords/test-helpers';

describe.each(testDatabaseKinds())('the event log on %s', (kind) => {
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

  const post = (url: string, body: unknown, sessionToken?: string) =>
    sdkRequest(t.app, {
      method: 'POST',
      url,
      publicToken: t.publicToken,
      body,
      headers: { 'user-agent': 'EventTest/1.0' },
      ...(sessionToken ? { sessionToken } : {}),
    });
  const logged = () => t.ctx.db.select().from(events).orderBy(asc(events.seq));

  it('a sign-up, a wrong password, an unknown address, a sign-in and a sign-out, each as it happened', async () => {
    const created = await post(ROUTES.passwords.create, {
      email: 'ada@example.com',
      password: STRONG,
      session_duration_minutes: 30,
    });
    expect(created.statusCode).toBe(200);
    const userId = created.json().data.user_id as string;
    const firstSession = created.json().data.session.session_id as string;
    expect(
      (await post(ROUTES.passwords.authenticate, { email: 'ada@example.com', password: STRONG_2 }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(ROUTES.passwords.authenticate, { email: 'nobody@example.com', password: STRONG_2 }))
        .statusCode,
    ).toBe(401);
    const signedIn = await post(ROUTES.passwords.authenticate, {
      email: 'ada@example.com',
      password: STRONG,
      session_duration_minutes: 30,
    });
    const token = signedIn.json().data.session_token as string;
    expect((await post(ROUTES.sessionsRevoke, {}, token)).statusCode).toBe(200);

    const rows = await logged();
    expect(rows.map((row) => [row.type, row.subjectUserId, row.payload])).toEqual([
      ['user.created', userId, { method: 'email', imported: false }],
      ['password.set', userId, {}],
      [
        'session.created',
        userId,
        { session_id: firstSession, method: 'password', delivery_method: 'knowledge', factors: ['password'] },
      ],
      ['sign_in.failed', userId, { method: 'password', reason: 'wrong_password' }],
      ['sign_in.failed', null, { method: 'password', reason: 'unknown_user' }],
      ['session.created', userId, expect.objectContaining({ method: 'password' })],
      ['session.revoked', userId, expect.objectContaining({ reason: 'sign_out' })],
    ]);
    const sessionCreated = rows[2]!;
    expect(sessionCreated).toMatchObject({
      projectId: t.project.id,
      actorType: 'user',
      actorId: userId,
      userAgent: 'EventTest/1.0',
      requestId: created.json().data.request_id,
    });
    expect(sessionCreated.ipAddress).toEqual(expect.any(String));
    expect(sessionCreated.id).toMatch(/^event-/);
    expect(rows.every((row) => row.occurredAt.toISOString() === '2030-01-01T00:00:00.000Z')).toBe(true);
  });

  it('a blocked user’s right password is recorded as refused, and an import as completed (not a dry run)', async () => {
    const created = await post(ROUTES.passwords.create, { email: 'eve@example.com', password: STRONG });
    const userId = created.json().data.user_id as string;
    await t.ctx.db.update(users).set({ blockedAt: clock.now(), blockedReason: 'test' });
    expect(
      (await post(ROUTES.passwords.authenticate, { email: 'eve@example.com', password: STRONG })).statusCode,
    ).toBe(403);
    const text = toJsonLines([portableUser({ external_id: 'x' })]);
    await importExportFile(t.ctx, { projectId: t.project.id, source: 'gatehouse', text, dryRun: true });
    await importExportFile(t.ctx, { projectId: t.project.id, source: 'gatehouse', text });
    const rows = (await logged()).filter(
      (row) => !['user.created', 'password.set', 'session.created'].includes(row.type),
    );
    expect(rows.map((row) => [row.type, row.subjectUserId, row.actorType, row.payload])).toEqual([
      ['sign_in.failed', userId, 'anonymous', { method: 'password', reason: 'blocked' }],
      [
        'import.completed',
        null,
        'system',
        { source: 'gatehouse', imported: 1, already_imported: 0, skipped: 0, dry_run: false },
      ],
    ]);
  });

  it('holds no secret: no session token or JWT, password, passcode or hash appears in any event', async () => {
    const created = await post(ROUTES.passwords.create, {
      email: 'sam@example.com',
      password: STRONG,
      session_duration_minutes: 30,
    });
    const sent = await post(ROUTES.otps.loginOrCreate('email'), { email: 'otp@example.com' });
    const code = codeIn(delivery.last());
    const byCode = await post(ROUTES.otps.authenticate, {
      token: code,
      method_id: sent.json().data.method_id,
      session_duration_minutes: 30,
    });
    await post(ROUTES.passwords.authenticate, { email: 'sam@example.com', password: STRONG_2 });
    const [stored] = await t.ctx.db.select({ hash: passwords.hash }).from(passwords);
    const secrets = [
      created.json().data.session_token,
      created.json().data.session_jwt,
      byCode.json().data.session_token,
      byCode.json().data.session_jwt,
      STRONG,
      STRONG_2,
      code,
      stored!.hash,
    ] as string[];
    const everything = JSON.stringify(await logged());
    expect(everything.length).toBeGreaterThan(100);
    for (const secret of secrets) expect(everything.includes(secret), secret.slice(0, 12)).toBe(false);
  });
});
