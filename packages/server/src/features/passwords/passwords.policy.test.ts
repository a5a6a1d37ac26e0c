// Issue 10 "Tests that show it", through the routes: the captcha guards every protected password call (past the
// soft threshold of its IP budget, for a client that can solve one; infra/captcha.ts), the argon2 parameters of a
// stored hash are upgraded at the next sign-in, and a project's LUDS policy shapes strength_check and refuses a
// weak password at create. Runs on every database kind.
import { CAPTCHA_REQUIRED_TEXT, ROUTES } from '@gatehouse/protocol';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwords } from '../../infra/db/schema';
import { basicAuth, createTestApp, GENEROUS_LIMITS, type TestApp } from '../../test-support/app';
import { SOLVING_SDK_CLIENT, STYTCH_SDK_CLIENT, solveCaptcha } from '../../test-support/captcha';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { createPasswordHasher } from './hashing';
import { nextLinkMessage, STRONG, STRONG_2 } from './test-helpers';

const P = ROUTES.passwords;
const SETUP_IP = '192.0.2.1';

describe.each(testDatabaseKinds())('password policies through the routes on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      clock,
      delivery,
      // A captcha from the 2nd protected call of an IP (soft threshold 1), far from the hard limits.
      rateLimits: {
        ...GENEROUS_LIMITS,
        passwordCallsPerIp: { points: 50, durationSeconds: 60, softPoints: 1 },
        passwordResetSendsPerIp: { points: 50, durationSeconds: 600, softPoints: 1 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    // Each test in fresh limiter windows.
    clock.advance(24 * 3600_000);
  });

  const post = (
    url: string,
    body: unknown,
    options: { ip?: string; client?: string; sessionToken?: string } = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: `/sdk/v1${url}`,
      remoteAddress: options.ip ?? SETUP_IP,
      headers: {
        authorization: basicAuth(t.publicToken, options.sessionToken ?? null),
        'content-type': 'application/json',
        ...(options.client ? { 'x-sdk-client': options.client } : {}),
      },
      payload: JSON.stringify(body),
    });

  async function signUp(email = 'ada@example.com') {
    const response = await post(P.create, { email, password: STRONG, session_duration_minutes: 30 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { user_id: string; session_token: string };
  }

  async function solvedFor(action: string): Promise<string> {
    const response = await post('/captcha/challenge', { action }, { client: SOLVING_SDK_CLIENT });
    expect(response.statusCode).toBe(200);
    return solveCaptcha(response.json().data.challenge);
  }

  const isCaptchaRequired = (response: LightMyRequestResponse) =>
    response.statusCode === 429 &&
    /^text\/plain/.test(String(response.headers['content-type'])) &&
    response.body.includes(CAPTCHA_REQUIRED_TEXT);

  it('captcha: every protected password call asks a solving client past the soft threshold, passes with a solved token once, and never asks the Stytch SDK', async () => {
    const { session_token } = await signUp();
    const before = delivery.messages.length;
    expect((await post(P.emailResetStart, { email: 'ada@example.com' })).statusCode).toBe(200);
    const { token } = linkIn(await nextLinkMessage(delivery.messages, before));
    const calls: Array<{ url: string; body: () => Record<string, unknown>; session?: boolean }> = [
      { url: P.create, body: () => ({ email: `new-${Math.random()}@example.com`, password: STRONG }) },
      { url: P.authenticate, body: () => ({ email: 'ada@example.com', password: STRONG }) },
      { url: P.emailResetStart, body: () => ({ email: 'ada@example.com' }) },
      { url: P.emailReset, body: () => ({ token: `${token}-not-it`, password: STRONG_2 }) },
      {
        url: P.existingPasswordReset,
        body: () => ({ email: 'nobody@example.com', existing_password: STRONG, new_password: STRONG_2 }),
      },
      { url: P.sessionReset, body: () => ({ password: 'aaaaaaaaaa' }), session: true },
    ];
    for (const [index, call] of calls.entries()) {
      const ip = `198.51.100.${index + 10}`;
      // session/reset: the caller's session (each call below ends in weak_password, after the guard and before it would rotate it).
      const sessionToken = call.session ? session_token : undefined;
      const send = (client: string, extra: Record<string, unknown> = {}) =>
        post(
          call.url,
          { ...call.body(), ...extra },
          { ip, client, ...(sessionToken ? { sessionToken } : {}) },
        );
      const first = await send(SOLVING_SDK_CLIENT);
      expect(isCaptchaRequired(first), `${call.url} first call: ${first.body}`).toBe(false);
      const asked = await send(SOLVING_SDK_CLIENT);
      expect(isCaptchaRequired(asked), `${call.url} past the soft threshold: ${asked.body}`).toBe(true);
      const solved = await solvedFor(call.url);
      const passed = await send(SOLVING_SDK_CLIENT, { captcha_token: solved });
      expect(isCaptchaRequired(passed), `${call.url} with a solved token: ${passed.body}`).toBe(false);
      const replay = await send(SOLVING_SDK_CLIENT, { captcha_token: solved });
      expect(isCaptchaRequired(replay), `${call.url} replayed token`).toBe(true);
      const foreign = await send(SOLVING_SDK_CLIENT, {
        captcha_token: await solvedFor('/otps/sms/login_or_create'),
      });
      expect(isCaptchaRequired(foreign), `${call.url} token of another action`).toBe(true);
      const stytch = await send(STYTCH_SDK_CLIENT);
      expect(isCaptchaRequired(stytch), `${call.url} from the Stytch SDK`).toBe(false);
    }
    // strength_check is not protected (wire-format.md §4.10 sends no captcha_token).
    for (let i = 0; i < 3; i += 1) {
      const check = await post(
        P.strengthCheck,
        { password: STRONG },
        { client: SOLVING_SDK_CLIENT, ip: '198.51.100.99' },
      );
      expect(check.statusCode).toBe(200);
    }
    // 18 captchas solved in this process and a dozen argon2id hashes: ~20 s alone, more on a shared machine.
  }, 180_000);

  it('a hash stored with older argon2 parameters is upgraded at the next sign-in; the password still works', async () => {
    const { user_id } = await signUp();
    const weaker = createPasswordHasher({ memoryCost: 4096, timeCost: 1, parallelism: 1 });
    const old = await weaker.hash(STRONG);
    expect(old).toMatch(/^\$argon2id\$v=19\$m=4096,t=1,p=1\$/);
    await t.ctx.db.update(passwords).set({ hash: old }).where(eq(passwords.userId, user_id));
    const stored = async () =>
      (await t.ctx.db.select().from(passwords).where(eq(passwords.userId, user_id)))[0]?.hash;

    // A wrong password changes nothing.
    expect((await post(P.authenticate, { email: 'ada@example.com', password: STRONG_2 })).statusCode).toBe(
      401,
    );
    expect(await stored()).toBe(old);

    const login = await post(P.authenticate, {
      email: 'ada@example.com',
      password: STRONG,
      session_duration_minutes: 30,
    });
    expect(login.statusCode, login.body).toBe(200);
    const upgraded = await stored();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(upgraded).not.toBe(old);
    expect((await t.ctx.passwords.verify(upgraded!, STRONG)).valid).toBe(true);

    const again = await post(P.authenticate, {
      email: 'ada@example.com',
      password: STRONG,
      session_duration_minutes: 30,
    });
    expect(again.statusCode, again.body).toBe(200);
    // Already current: the next sign-in leaves it as it is.
    expect(await stored()).toBe(upgraded);
  });

  it('LUDS: strength_check answers the missing characters and complexity, and create refuses a weak password', async () => {
    await t.ctx.db.execute(
      sql`UPDATE projects SET settings = settings || '{"password_config": {"luds_minimum_count": 12, "luds_complexity": 4}}'::jsonb`,
    );
    t.ctx.projects.clear();

    const weak = await post(P.strengthCheck, { password: 'qzkvbtmw' });
    expect(weak.statusCode).toBe(200);
    expect(weak.json().data).toEqual({
      // ResponseCommon (wire-format.md §3.1), then the strength answer (§4.10).
      status_code: 200,
      request_id: expect.any(String),
      valid_password: false,
      score: expect.any(Number),
      breached_password: false,
      breach_detection_on_create: true,
      strength_policy: 'luds',
      feedback: {
        suggestions: [],
        warning: '',
        luds_requirements: {
          has_lower_case: true,
          has_upper_case: false,
          has_digit: false,
          has_symbol: false,
          missing_characters: 4,
          missing_complexity: 3,
        },
      },
    });
    const good = await post(P.strengthCheck, { password: 'Qzkv-Btmw-4471' });
    expect(good.json().data).toMatchObject({
      valid_password: true,
      strength_policy: 'luds',
      feedback: { luds_requirements: { missing_characters: 0, missing_complexity: 0 } },
    });

    const refused = await post(P.create, { email: 'ada@example.com', password: 'qzkvbtmwqzkvbtmw' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error_type: 'weak_password',
      error_message: 'This password does not meet the project’s requirements for length and character types.',
    });
    expect(await t.ctx.db.select().from(passwords)).toEqual([]);
    const created = await post(P.create, {
      email: 'ada@example.com',
      password: 'Qzkv-Btmw-4471',
      session_duration_minutes: 30,
    });
    expect(created.statusCode, created.body).toBe(200);
  });
});
