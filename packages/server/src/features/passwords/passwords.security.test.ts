// Issue 10 "Tests that show it" (security): a reset link redeemed 16 times at once resets once (TK-01); wrong
// passwords throttle the account from the 5th failure, even the right password, from any IP, and recover after the
// window (BF-01, BF-03; injected clock); a 1 MB password is a quick 400 (BF-07); no password or reset token is
// stored or logged in the clear (TK-05). Runs on every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type GatehouseApp } from '../../app';
import { passwords, sessions } from '../../infra/db/schema';
import { DEFAULT_RATE_LIMITS } from '../../infra/rate-limits';
import { sdkRequest, TEST_ORIGIN, TEST_REDIRECT_URL, testConfig } from '../../test-support/app';
import { openTestDatabase, testDatabaseKinds } from '../../test-support/database';
import { limitTestApp } from '../../test-support/limits';
import { snapshotTables } from '../../test-support/snapshot';
import { fakeClock, linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { createProject } from '../projects/project-service';
import { CHEAP_ARGON2, nextLinkMessage, nthMessage, STRONG, STRONG_2 } from './test-helpers';

const P = ROUTES.passwords;
const IP = '198.51.100.20';

describe.each(testDatabaseKinds())('password security on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  const h = limitTestApp({
    kind,
    clock,
    delivery,
    ip: IP,
    // What is tested is throttling, single use and refusals, not the hash's cost: cheap argon2id keeps the attempts
    // quick (production's parameters cost ~4 s of hashing threads' CPU over this file).
    argon2: CHEAP_ARGON2,
    beforeEachTest: () => {
      clock.set(new Date('2030-01-01T00:00:00.000Z'));
      delivery.messages.length = 0;
    },
  });

  async function signUp(email = 'ada@example.com') {
    const response = await h.post(P.create, { email, password: STRONG, session_duration_minutes: 30 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { user_id: string; session_token: string };
  }

  async function resetToken(email = 'ada@example.com'): Promise<string> {
    const before = delivery.messages.length;
    expect((await h.post(P.emailResetStart, { email })).statusCode).toBe(200);
    return linkIn(await nextLinkMessage(delivery.messages, before)).token;
  }

  it("AT-01: a password sign-up with someone else's address loses its password and its session when the owner proves the address", async () => {
    // The attacker signs up first with the victim's address (POST /passwords proves nothing).
    const attacker = await signUp('victim@example.com');
    const sessionCheck = (sessionToken: string) => h.post(ROUTES.sessionsAuthenticate, {}, { sessionToken });
    expect((await sessionCheck(attacker.session_token)).statusCode).toBe(200);
    // The owner signs in with a login link: the first proof of any identifier of that account.
    const signInWithLink = async () => {
      const before = delivery.messages.length;
      expect(
        (await h.post(ROUTES.magicLinksEmailLoginOrCreate, { email: 'victim@example.com' })).statusCode,
      ).toBe(200);
      const { token } = linkIn(await nextLinkMessage(delivery.messages, before));
      const redeemed = await h.post(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 30 });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      return redeemed.json().data as { user_id: string; session_token: string };
    };
    const owner = await signInWithLink();
    expect(owner.user_id).toBe(attacker.user_id);
    // The attacker's session is gone, and so is their password (issue 20 item 1: the account holds nothing set up
    // before the proof); it signs in to nothing.
    expect((await sessionCheck(attacker.session_token)).json().error_type).toBe('session_not_found');
    const replay = await h.post(P.authenticate, {
      email: 'victim@example.com',
      password: STRONG,
      session_duration_minutes: 30,
    });
    expect(replay.json().error_type).toBe('unauthorized_credentials');
    expect((await sessionCheck(owner.session_token)).statusCode).toBe(200);
    // Only the first proof does this: the owner sets a password, and a later login link keeps it and the session.
    const token = await resetToken('victim@example.com');
    const reset = await h.post(P.emailReset, { token, password: STRONG_2, session_duration_minutes: 30 });
    expect(reset.statusCode, reset.body).toBe(200);
    const kept = reset.json().data as { session_token: string };
    clock.advance(2000);
    await signInWithLink();
    expect((await sessionCheck(kept.session_token)).statusCode).toBe(200);
    const login = await h.post(P.authenticate, {
      email: 'victim@example.com',
      password: STRONG_2,
      session_duration_minutes: 30,
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('TK-01: 16 concurrent redemptions of one reset link give exactly one reset and one session', async () => {
    await signUp();
    const token = await resetToken();
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        h.post(P.emailReset, { token, password: STRONG_2, session_duration_minutes: 30 }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(15);
    expect(await h.t.ctx.db.select({ n: count() }).from(sessions)).toEqual([{ n: 1 }]);
  });

  it('TK-01: 16 concurrent redemptions of one reset token across reset and login-without-password give one success', async () => {
    const created = await signUp();
    const [stored] = await h.t.ctx.db.select().from(passwords);
    const token = await resetToken();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? h.post(P.emailReset, { token, password: STRONG_2, session_duration_minutes: 30 })
          : h.post(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 30 }),
      ),
    );
    const winners = answers.filter((answer) => answer.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(15);
    // The winner's session is the only one: the sign-up's ended either way (a reset ends the other sessions; the
    // login is this unverified address's first proof, AT-01), and no loser made one.
    const [winner] = winners;
    const viaReset = winner!.json().data.session.authentication_factors[0].type === 'password';
    const left = await h.t.ctx.db.select({ id: sessions.id }).from(sessions);
    expect(left).toEqual([{ id: winner!.json().data.session.session_id }]);
    // A reset sets the new password; a login is the unproven address's first proof, which removes the old one.
    const [after] = await h.t.ctx.db.select().from(passwords);
    if (viaReset) expect(after!.hash).not.toBe(stored!.hash);
    else expect(after).toBeUndefined();
    expect(winner!.json().data.user_id).toBe(created.user_id);
  });

  it("AT-01: a login without a password by the address's owner ends a password sign-up's session and password", async () => {
    const attacker = await signUp('victim@example.com');
    const token = await resetToken('victim@example.com');
    const owner = await h.post(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 30 });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().data.user.emails[0].verified).toBe(true);
    const sessionCheck = (sessionToken: string) => h.post(ROUTES.sessionsAuthenticate, {}, { sessionToken });
    expect((await sessionCheck(attacker.session_token)).json().error_type).toBe('session_not_found');
    expect((await sessionCheck(owner.json().data.session_token)).statusCode).toBe(200);
    const replay = await h.post(P.authenticate, { email: 'victim@example.com', password: STRONG });
    expect(replay.json().error_type).toBe('unauthorized_credentials');
  });

  it('BF-01/BF-03: from the 5th failure the account answers 429 (even the right password, any IP) until the window ends', async () => {
    await h.useLimits({ passwordFailuresPerAccount: DEFAULT_RATE_LIMITS.passwordFailuresPerAccount });
    await signUp();
    const attempt = (password: string, ip = IP) =>
      h.post(P.authenticate, { email: 'ada@example.com', password }, { ip });
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(STRONG_2, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    const throttled = await attempt(STRONG);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error_type).toBe('too_many_requests');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(300);
    expect((await attempt(STRONG, '192.0.2.99')).statusCode).toBe(429);
    // An unknown address is throttled alike (EN-01: the answers do not tell them apart).
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await h.post(P.authenticate, { email: 'nobody@example.com', password: STRONG })).statusCode,
      ).toBe(401);
    }
    expect((await h.post(P.authenticate, { email: 'nobody@example.com', password: STRONG })).statusCode).toBe(
      429,
    );

    clock.advance(Number(throttled.headers['retry-after']) * 1000);
    expect((await attempt(STRONG)).statusCode).toBe(200);
  });

  it('BF-01: a success resets the account counter', async () => {
    await h.useLimits({ passwordFailuresPerAccount: DEFAULT_RATE_LIMITS.passwordFailuresPerAccount });
    await signUp();
    const attempt = (password: string) => h.post(P.authenticate, { email: 'ada@example.com', password });
    for (let i = 0; i < 4; i += 1) expect((await attempt(STRONG_2)).statusCode).toBe(401);
    expect((await attempt(STRONG)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await attempt(STRONG_2)).statusCode).toBe(401);
    expect((await attempt(STRONG)).statusCode).toBe(200);
  });

  it('BF-01: a sign-in after 5 or more failures in a row e-mails the owner a notice; after fewer, none', async () => {
    await h.useLimits({
      passwordFailuresPerAccount: DEFAULT_RATE_LIMITS.passwordFailuresPerAccount,
      passwordFailureStreaksPerAccount: DEFAULT_RATE_LIMITS.passwordFailureStreaksPerAccount,
    });
    await signUp();
    const attempt = (password: string, ip = IP) =>
      h.post(P.authenticate, { email: 'ada@example.com', password, session_duration_minutes: 30 }, { ip });
    // 4 failures, then a success: no notice (and the streak starts again).
    for (let i = 0; i < 4; i += 1) expect((await attempt(STRONG_2)).statusCode).toBe(401);
    expect((await attempt(STRONG)).statusCode).toBe(200);
    expect(delivery.messages).toEqual([]);
    // 5 failures from rotating IPs, the throttle, its window's end, then the right password.
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(STRONG_2, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    const throttled = await attempt(STRONG);
    expect(throttled.statusCode).toBe(429);
    clock.advance(Number(throttled.headers['retry-after']) * 1000);
    expect((await attempt(STRONG)).statusCode).toBe(200);
    const notice = await nthMessage(delivery.messages, 1);
    expect(notice).toMatchObject({ channel: 'email', to: 'ada@example.com', projectId: h.t.project.id });
    expect(notice.subject).toContain('after 5 failed attempts');
    expect(notice.text).toContain('5 failed attempts in a row');
    expect(notice.text).toContain('If it was not you');
    expect(notice.text).toContain('reset it');
    expect(notice.html).toContain('5 failed attempts in a row');
    // The success reset the streak: the next sign-in sends nothing.
    expect((await attempt(STRONG)).statusCode).toBe(200);
    expect(delivery.messages).toHaveLength(1);
  });

  it('BF-07: a 1 MB password is refused quickly with a 400 and nothing is hashed or written', async () => {
    const before = await snapshotTables(h.t.ctx.db);
    const huge = 'a'.repeat(1_000_000);
    for (const [url, body] of [
      [P.create, { email: 'ada@example.com', password: huge }],
      [P.authenticate, { email: 'ada@example.com', password: huge }],
      [P.strengthCheck, { password: huge }],
    ] as const) {
      const started = performance.now();
      const response = await h.post(url, body);
      expect(performance.now() - started).toBeLessThan(500);
      expect(response.statusCode).toBe(400);
    }
    // Over 256 code points but under the schema's bound: the kit's own 400.
    const long = await h.post(P.create, { email: 'ada@example.com', password: 'Ab1!'.repeat(70) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error_type).toBe('invalid_password');
    expect(await snapshotTables(h.t.ctx.db)).toEqual(before);
  });

  it('TK-05: no password or reset token is stored in the clear', async () => {
    await signUp();
    const token = await resetToken();
    expect((await h.post(P.emailReset, { token, password: STRONG_2 })).statusCode).toBe(200);
    const pending = await resetToken();
    const dump = JSON.stringify(await snapshotTables(h.t.ctx.db));
    for (const secret of [STRONG, STRONG_2, token, pending]) expect(dump).not.toContain(secret);
    const [row] = await h.t.ctx.db.select().from(passwords);
    expect(row?.hash.startsWith('$argon2id$')).toBe(true);
  });
});

describe('password logs', () => {
  const lines: string[] = [];
  const delivery = recordingDelivery();
  let app: GatehouseApp;
  let close: () => Promise<void>;
  let publicToken: string;

  beforeAll(async () => {
    const handle = await openTestDatabase('pglite');
    app = await buildApp({
      config: testConfig(),
      database: handle,
      delivery,
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
    const { project } = await createProject(app.gatehouse, {
      name: 'Log test',
      allowedOrigins: [TEST_ORIGIN],
      allowedRedirectUrls: [TEST_REDIRECT_URL],
      enabledProducts: ['passwords', 'emailMagicLinks'],
    });
    publicToken = project.publicTokenTest;
    close = async () => {
      await app.close();
      await handle.close();
    };
  });
  afterAll(async () => {
    await close?.();
  });

  it('TK-05: no password or reset token appears in the log, even at trace level', async () => {
    const post = (url: string, body: unknown) => sdkRequest(app, { method: 'POST', url, publicToken, body });
    expect((await post(P.create, { email: 'ada@example.com', password: STRONG })).statusCode).toBe(200);
    expect((await post(P.authenticate, { email: 'ada@example.com', password: STRONG_2 })).statusCode).toBe(
      401,
    );
    expect((await post(P.emailResetStart, { email: 'ada@example.com' })).statusCode).toBe(200);
    const { token } = linkIn(await nthMessage(delivery.messages, 1));
    expect((await post(P.emailReset, { token, password: STRONG_2 })).statusCode).toBe(200);
    expect((await post(P.emailReset, { token, password: STRONG })).statusCode).toBe(401);
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    for (const secret of [STRONG, STRONG_2, token]) expect(log).not.toContain(secret);
  });
});
