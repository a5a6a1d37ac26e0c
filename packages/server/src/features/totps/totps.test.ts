// Issue 13 "Tests that show it" (TOTP): codes from otpauth at fixed times on the injected clock — accepted once,
// ±1 step accepted, ±2 refused, replay refused (also 16 at once); recovery codes single use; the stored secret not
// readable in its row, recovery codes only as hashes; enrolment rules, limits and purge. Every database kind.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, totpRecoveryCodes, totps, userEmails } from '../../infra/db/schema';
import { purgeExpired } from '../../infra/purge';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { recordingDelivery } from '../magic-links/test-helpers';
import { noticesSettled } from '../notices';
import { createTestClock } from '../sessions/test-fixtures';
import { call, dataOf, expectError, signedInUser } from '../webauthn/test-helpers';
import { TOTP_ROUTES } from './routes';
import { codeAt } from './totp-code';

const STEP_MS = 30_000;

interface Created {
  totp_id: string;
  secret: string;
  otpauth_uri: string;
  qr_code: string;
  recovery_codes: string[];
  user_id: string;
  __user: { totps: { totp_id: string; verified: boolean }[] };
}

interface Authenticated {
  session_token: string;
  totp_id: string;
  session: { authentication_factors: Record<string, unknown>[] };
  __user: { totps: { totp_id: string; verified: boolean }[] };
}

describe.each(testDatabaseKinds())('TOTP on %s', (kind) => {
  const clock = createTestClock();
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
    // 15 s into a step, so ±1 step stays inside the window whichever way the clock is read.
    clock.set('2030-01-01T00:00:15.000Z');
  });

  async function enrol(sessionToken: string, body: Record<string, unknown> = { expiration_minutes: 60 }) {
    return dataOf<Created>(await call(t, 'POST', TOTP_ROUTES.create, body, sessionToken));
  }

  function authenticate(sessionToken: string, code: string) {
    return call(
      t,
      'POST',
      TOTP_ROUTES.authenticate,
      { totp_code: code, session_duration_minutes: 60 },
      sessionToken,
    );
  }

  function recover(sessionToken: string, code: string) {
    return call(
      t,
      'POST',
      TOTP_ROUTES.recover,
      { recovery_code: code, session_duration_minutes: 60 },
      sessionToken,
    );
  }

  async function enrolled(email = 'ada@example.com') {
    const ada = await signedInUser(t, email);
    const created = await enrol(ada.sessionToken);
    const confirmed = dataOf<Authenticated>(
      await authenticate(ada.sessionToken, codeAt(created.secret, clock.now().getTime())),
    );
    // The next code must be of a later step.
    clock.advance(STEP_MS);
    return { ada, created, sessionToken: confirmed.session_token };
  }

  const sessionCount = async () => (await t.ctx.db.select({ n: count() }).from(sessions))[0]?.n;

  describe('POST /totps', () => {
    it('answers the secret, an otpauth QR code as an SVG data URL and ten recovery codes (wire-format.md §4.8)', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const created = await enrol(ada.sessionToken);
      expect(created.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(created.otpauth_uri).toBe(
        `otpauth://totp/Test%20project:ada%40example.com?issuer=Test%20project&secret=${created.secret}&algorithm=SHA1&digits=6&period=30`,
      );
      expect(created.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(created.qr_code.split(',')[1]!, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg /);
      expect(created.recovery_codes).toHaveLength(10);
      expect(new Set(created.recovery_codes).size).toBe(10);
      for (const code of created.recovery_codes)
        expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
      expect(created.user_id).toBe(ada.userId);
      expect(created.__user.totps).toEqual([{ totp_id: created.totp_id, verified: false }]);
    });

    it('stores the secret encrypted and the recovery codes only as hashes', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const created = await enrol(ada.sessionToken);
      const [row] = await t.ctx.db.select().from(totps).where(eq(totps.id, created.totp_id));
      const stored = Buffer.from(row!.secretCiphertext);
      expect(stored.includes(Buffer.from(created.secret))).toBe(false);
      expect(stored.toString('latin1')).not.toContain(created.secret);
      const codes = await t.ctx.db.select().from(totpRecoveryCodes);
      expect(codes).toHaveLength(10);
      const everything = JSON.stringify(codes.map((c) => Buffer.from(c.codeHash).toString('latin1')));
      for (const code of created.recovery_codes) {
        expect(everything).not.toContain(code);
        expect(everything).not.toContain(code.replaceAll('-', ''));
      }
    });

    it('needs a session', async () => {
      expectError(
        await call(t, 'POST', TOTP_ROUTES.create, { expiration_minutes: 60 }),
        401,
        'unauthorized_credentials',
      );
    });

    it('refuses a second authenticator app while one is confirmed, and replaces an unconfirmed one', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const first = await enrol(ada.sessionToken);
      const second = await enrol(ada.sessionToken);
      const rows = await t.ctx.db.select({ id: totps.id }).from(totps);
      expect(rows).toEqual([{ id: second.totp_id }]);
      expect(first.totp_id).not.toBe(second.totp_id);
      const confirmed = dataOf<Authenticated>(
        await authenticate(ada.sessionToken, codeAt(second.secret, clock.now().getTime())),
      );
      expectError(
        await call(t, 'POST', TOTP_ROUTES.create, { expiration_minutes: 60 }, confirmed.session_token),
        409,
        'active_totp_exists',
      );
    });

    it('checks expiration_minutes (5..1440) and its type', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      expectError(
        await call(t, 'POST', TOTP_ROUTES.create, { expiration_minutes: 4 }, ada.sessionToken),
        400,
        'invalid_expiration_minutes',
      );
      expectError(
        await call(t, 'POST', TOTP_ROUTES.create, { expiration_minutes: 1441 }, ada.sessionToken),
        400,
        'invalid_expiration_minutes',
      );
      const wrongType = await call(
        t,
        'POST',
        TOTP_ROUTES.create,
        { expiration_minutes: '60' },
        ada.sessionToken,
      );
      expect(wrongType.statusCode).toBe(400);
      expect(await t.ctx.db.select().from(totps)).toEqual([]);
    });
  });

  describe('POST /totps/authenticate', () => {
    it('confirms the enrolment and adds an authenticator_app factor to the session', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const created = await enrol(ada.sessionToken);
      const data = dataOf<Authenticated>(
        await authenticate(ada.sessionToken, codeAt(created.secret, clock.now().getTime())),
      );
      expect(data.totp_id).toBe(created.totp_id);
      expect(data.__user.totps).toEqual([{ totp_id: created.totp_id, verified: true }]);
      const types = data.session.authentication_factors.map((factor) => factor.type);
      expect(types).toContain('totp');
      expect(data.session.authentication_factors.find((factor) => factor.type === 'totp')).toMatchObject({
        delivery_method: 'authenticator_app',
        authenticator_app_factor: { totp_id: created.totp_id },
      });
      // The factor was added to the caller's session, not to a new one.
      expect(await sessionCount()).toBe(1);
    });

    it('accepts a code once per step, ±1 step of drift, and refuses ±2 steps', async () => {
      const { created, sessionToken } = await enrolled();
      const now = clock.now().getTime();
      expectError(
        await authenticate(sessionToken, codeAt(created.secret, now - 2 * STEP_MS)),
        401,
        'unable_to_auth_totp_code',
      );
      expectError(
        await authenticate(sessionToken, codeAt(created.secret, now + 2 * STEP_MS)),
        401,
        'unable_to_auth_totp_code',
      );
      const previous = codeAt(created.secret, now - STEP_MS);
      // now − 1 step is the step the enrolment used: already spent.
      expectError(await authenticate(sessionToken, previous), 401, 'unable_to_auth_totp_code');
      const current = codeAt(created.secret, now);
      const accepted = dataOf<Authenticated>(await authenticate(sessionToken, current));
      expectError(await authenticate(accepted.session_token, current), 401, 'unable_to_auth_totp_code');
      const next = codeAt(created.secret, now + STEP_MS);
      const later = dataOf<Authenticated>(await authenticate(accepted.session_token, next));
      // An older step after a newer one is a replay too.
      expectError(await authenticate(later.session_token, current), 401, 'unable_to_auth_totp_code');
    });

    it('gives exactly one session to 16 concurrent uses of one code', async () => {
      const { created, sessionToken } = await enrolled();
      const code = codeAt(created.secret, clock.now().getTime());
      const answers = await Promise.all(Array.from({ length: 16 }, () => authenticate(sessionToken, code)));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.statusCode !== 200))
        expectError(answer, 401, 'unable_to_auth_totp_code');
    });

    it('refuses malformed codes, users without an app, and an enrolment past its expiry', async () => {
      const bob = await signedInUser(t, 'bob@example.com');
      expectError(await authenticate(bob.sessionToken, '123456'), 404, 'totp_not_found');
      const created = await enrol(bob.sessionToken, { expiration_minutes: 5 });
      expectError(await authenticate(bob.sessionToken, 'abcdef'), 401, 'unable_to_auth_totp_code');
      const tooLong = await call(
        t,
        'POST',
        TOTP_ROUTES.authenticate,
        { totp_code: '1'.repeat(65) },
        bob.sessionToken,
      );
      expect(tooLong.statusCode).toBe(400);
      clock.advance(5 * 60_000);
      expectError(
        await authenticate(bob.sessionToken, codeAt(created.secret, clock.now().getTime())),
        404,
        'totp_not_found',
      );
      expectError(await authenticate('', '123456'), 401, 'unauthorized_credentials');
    });

    it('throttles wrong codes per user from the fifth (429 even for the right code) and the window ends it', async () => {
      const limited = await t.sibling({
        rateLimits: { secondFactorFailuresPerUser: { points: 5, durationSeconds: 300 } },
      });
      const lt = { ...t, app: limited } as TestApp;
      const ada = await signedInUser(lt, 'ada@example.com');
      const made = dataOf<Created>(
        await call(lt, 'POST', TOTP_ROUTES.create, { expiration_minutes: 60 }, ada.sessionToken),
      );
      const wrong = codeAt(made.secret, clock.now().getTime() + 10 * STEP_MS);
      for (let i = 0; i < 5; i += 1) {
        expectError(
          await call(lt, 'POST', TOTP_ROUTES.authenticate, { totp_code: wrong }, ada.sessionToken),
          401,
          'unable_to_auth_totp_code',
        );
      }
      const right = codeAt(made.secret, clock.now().getTime());
      const refused = await call(
        lt,
        'POST',
        TOTP_ROUTES.authenticate,
        { totp_code: right },
        ada.sessionToken,
      );
      expectError(refused, 429, 'too_many_requests');
      expect(refused.headers['retry-after']).toBeDefined();
      // Recovery codes share the budget (security-tests.md BF-06).
      expectError(
        await call(
          lt,
          'POST',
          TOTP_ROUTES.recover,
          { recovery_code: made.recovery_codes[0] },
          ada.sessionToken,
        ),
        429,
        'too_many_requests',
      );
      clock.advance(300_000);
      const ok = await call(
        lt,
        'POST',
        TOTP_ROUTES.authenticate,
        { totp_code: codeAt(made.secret, clock.now().getTime()) },
        ada.sessionToken,
      );
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('recovery codes', () => {
    it('signs in with a recovery code once (case and hyphens ignored) and adds a recovery_code factor', async () => {
      const { created, sessionToken } = await enrolled();
      // The notice goes only to an address the user proved (DESIGN.md convention 13).
      await t.ctx.db.update(userEmails).set({ verified: true });
      const code = created.recovery_codes[3]!;
      const data = dataOf<Authenticated>(
        await recover(sessionToken, code.toUpperCase().replaceAll('-', ' ')),
      );
      expect(data.totp_id).toBe(created.totp_id);
      expect(
        data.session.authentication_factors.find((factor) => factor.type === 'recovery_code'),
      ).toMatchObject({
        delivery_method: 'recovery_code',
        recovery_code_factor: { totp_recovery_code_id: expect.any(String) },
      });
      expectError(await recover(data.session_token, code), 401, 'unable_to_auth_recovery_code');
      // BF-06: the owner is told, with how many remain, and the mail carries no link.
      await expect.poll(() => delivery.messages.at(-1)?.subject).toMatch(/recovery code was used/);
      expect(delivery.last()).toMatchObject({ channel: 'email', to: 'ada@example.com' });
      expect(delivery.last().text).toContain('9 recovery codes are left');
      expect(delivery.last().html).not.toContain('href');
      const listed = dataOf<{ user_id: string; totps: Record<string, unknown>[] }>(
        await call(t, 'POST', TOTP_ROUTES.recoveryCodes, undefined, data.session_token),
      );
      expect(listed.totps).toEqual([
        { totp_id: created.totp_id, verified: true, recovery_codes: [], recovery_codes_remaining: 9 },
      ]);
    });

    it('tells no unproven address about a used code', async () => {
      const { created, sessionToken } = await enrolled();
      // The fixture's user proved their address; this one has not.
      await t.ctx.db.update(userEmails).set({ verified: false });
      const before = delivery.messages.length;
      await recover(sessionToken, created.recovery_codes[0]!);
      // The notice goes out after the answer: wait for every one started before saying none was sent.
      await noticesSettled(t.ctx);
      expect(delivery.messages.length).toBe(before);
    });

    it('refuses codes of an unconfirmed app, of another user, and nonsense', async () => {
      const ada = await signedInUser(t, 'ada@example.com');
      const pending = await enrol(ada.sessionToken);
      expectError(
        await recover(ada.sessionToken, pending.recovery_codes[0]!),
        401,
        'unable_to_auth_recovery_code',
      );
      const bob = await enrolled('bob@example.com');
      expectError(
        await recover(ada.sessionToken, bob.created.recovery_codes[0]!),
        401,
        'unable_to_auth_recovery_code',
      );
      expectError(await recover(ada.sessionToken, 'not a code'), 401, 'unable_to_auth_recovery_code');
      const [unused] = await t.ctx.db
        .select({ n: count() })
        .from(totpRecoveryCodes)
        .where(eq(totpRecoveryCodes.totpId, bob.created.totp_id));
      expect(unused?.n).toBe(10);
    });

    it('gives exactly one session to 16 concurrent uses of one recovery code', async () => {
      const { created, sessionToken } = await enrolled();
      const answers = await Promise.all(
        Array.from({ length: 16 }, () => recover(sessionToken, created.recovery_codes[0]!)),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    });
  });

  it('DELETE /users/totps/{id} removes the app and its recovery codes', async () => {
    const { created, sessionToken } = await enrolled();
    const answer = await call(t, 'DELETE', `/users/totps/${created.totp_id}`, undefined, sessionToken);
    expect(answer.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(totps)).toEqual([]);
    expect(await t.ctx.db.select().from(totpRecoveryCodes)).toEqual([]);
  });

  it('purges unconfirmed apps past their expiry and keeps confirmed ones', async () => {
    const { created } = await enrolled();
    const bob = await signedInUser(t, 'bob@example.com');
    await enrol(bob.sessionToken, { expiration_minutes: 5 });
    clock.advance(6 * 60_000);
    const report = await purgeExpired(t.ctx);
    expect(report.deleted.totps).toBe(1);
    expect((await t.ctx.db.select({ id: totps.id }).from(totps)).map((row) => row.id)).toEqual([
      created.totp_id,
    ]);
  });
});
