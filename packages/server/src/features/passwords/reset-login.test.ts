// Issue 10 'Login without a password' (SPEC §2 PasswordResetForm; reset-login.ts): POST /magic_links/authenticate
// redeems a password reset token once, proves the address, answers the login-link AuthenticateResponse with an
// e-mail factor and leaves the password alone; the reset's PKCE applies; unknown, used and expired tokens answer as
// login links do. Runs on every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetTokens, passwords } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { UNABLE_TO_AUTH_MESSAGE } from '../magic-links';
import { fakeClock, linkIn, pkcePair, recordingDelivery } from '../magic-links/test-helpers';
import { nextLinkMessage, STRONG, STRONG_2 } from './test-helpers';

const P = ROUTES.passwords;
const MINUTE = 60_000;

describe.each(testDatabaseKinds())('login without a password (reset token as login link) on %s', (kind) => {
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
      ...(sessionToken ? { sessionToken } : {}),
    });

  async function signUp(email = 'ada@example.com') {
    const response = await post(P.create, { email, password: STRONG, session_duration_minutes: 30 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { user_id: string; session_token: string; email_id: string };
  }

  async function resetToken(email = 'ada@example.com', extra: Record<string, unknown> = {}) {
    const before = delivery.messages.length;
    const response = await post(P.emailResetStart, { email, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return linkIn(await nextLinkMessage(delivery.messages, before)).token;
  }

  const loginWith = (token: string, extra: Record<string, unknown> = {}) =>
    post(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 30, ...extra });

  const expectUnableToAuth = (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      error_type: 'unable_to_auth_magic_link',
      error_message: UNABLE_TO_AUTH_MESSAGE,
    });
  };

  it('signs in with an e-mail factor, proves the address and uses the token up', async () => {
    const created = await signUp();
    const token = await resetToken();

    const response = await loginWith(token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.user_id).toBe(created.user_id);
    expect(data.method_id).toBe(created.email_id);
    expect(typeof data.session_token).toBe('string');
    expect(typeof data.session_jwt).toBe('string');
    expect(data.user.emails).toEqual([
      { email_id: created.email_id, email: 'ada@example.com', verified: true },
    ]);
    expect(data.session.authentication_factors).toEqual([
      expect.objectContaining({
        type: 'magic_link',
        delivery_method: 'email',
        email_factor: { email_id: created.email_id, email_address: 'ada@example.com' },
      }),
    ]);
    const session = await post(ROUTES.sessionsAuthenticate, {}, data.session_token);
    expect(session.statusCode).toBe(200);

    // This sign-up's address was unverified: its first proof resets the account to it, so the password set before
    // it is gone (issue 20 item 1, features/users/first-proof.ts). A verified account keeps it (the next test).
    expect(await t.ctx.db.select().from(passwords)).toEqual([]);

    // Single use, across both endpoints.
    expectUnableToAuth(await loginWith(token));
    const reset = await post(P.emailReset, { token, password: STRONG_2, session_duration_minutes: 30 });
    expect(reset.statusCode).toBe(401);
    expect(reset.json().error_type).toBe('unable_to_reset_password');
    const [row] = await t.ctx.db.select().from(passwordResetTokens);
    expect(row?.usedAt).not.toBeNull();
  });

  it('a verified account keeps its password usable after a login without a password', async () => {
    await signUp();
    // The address is proven once (a password reset), so a later login is not the account's first proof.
    const first = await post(P.emailReset, {
      token: await resetToken(),
      password: STRONG_2,
      session_duration_minutes: 30,
    });
    expect(first.statusCode, first.body).toBe(200);
    const kept = first.json().data.session_token as string;
    const [before] = await t.ctx.db.select().from(passwords);

    clock.advance(1000);
    expect((await loginWith(await resetToken())).statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(passwords);
    expect(after).toEqual(before);
    expect((await post(ROUTES.sessionsAuthenticate, {}, kept)).statusCode).toBe(200);
    const login = await post(P.authenticate, {
      email: 'ada@example.com',
      password: STRONG_2,
      session_duration_minutes: 30,
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('a token already used by a reset cannot sign in', async () => {
    await signUp();
    const token = await resetToken();
    const reset = await post(P.emailReset, { token, password: STRONG_2, session_duration_minutes: 30 });
    expect(reset.statusCode).toBe(200);
    expectUnableToAuth(await loginWith(token));
  });

  it('unknown, superseded and expired reset tokens answer exactly as an unknown login link', async () => {
    await signUp();
    const unknown = await loginWith('not-a-token-of-anything');
    expectUnableToAuth(unknown);
    const strip = (body: string) => body.replace(/request-id-[^"]+/, 'ID');

    const superseded = await resetToken();
    const expiring = await resetToken();
    const old = await loginWith(superseded);
    expect(strip(old.body)).toBe(strip(unknown.body));

    clock.advance(31 * MINUTE);
    const expired = await loginWith(expiring);
    expect(strip(expired.body)).toBe(strip(unknown.body));
    // An expired token is consumed when presented: a clock that jumps back does not revive it (TK-02).
    clock.advance(-31 * MINUTE);
    expectUnableToAuth(await loginWith(expiring));
    const reset = await post(P.emailReset, { token: expiring, password: STRONG_2 });
    expect(reset.json().error_type).toBe('unable_to_reset_password');
  });

  it("PKCE: the reset's challenge needs its verifier (as POST /passwords/email/reset); a refusal leaves the token usable", async () => {
    await signUp();
    const pair = pkcePair(5);
    const token = await resetToken('ada@example.com', { code_challenge: pair.challenge });

    const missing = await loginWith(token);
    const resetMissing = await post(P.emailReset, { token, password: STRONG_2 });
    expect(missing.statusCode).toBe(resetMissing.statusCode);
    expect(missing.json().error_type).toBe('missing_pkce');
    expect(resetMissing.json().error_type).toBe('missing_pkce');

    const wrong = pkcePair(6).verifier;
    const mismatch = await loginWith(token, { code_verifier: wrong });
    const resetMismatch = await post(P.emailReset, { token, password: STRONG_2, code_verifier: wrong });
    expect(mismatch.statusCode).toBe(resetMismatch.statusCode);
    expect(mismatch.json().error_type).toBe('pkce_mismatch');
    expect(resetMismatch.json().error_type).toBe('pkce_mismatch');
    // The SDK's fallback (wire-format.md §6) retries only on a message that mentions pkce.
    expect(mismatch.json().error_message).toContain('pkce');

    const ok = await loginWith(token, { code_verifier: pair.verifier });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a verifier sent for a reset issued without a challenge is a pkce error the SDK retries without it', async () => {
    await signUp();
    const token = await resetToken();
    const stray = await loginWith(token, { code_verifier: pkcePair(7).verifier });
    expect(stray.json().error_type).toBe('pkce_mismatch');
    expect((await loginWith(token)).statusCode).toBe(200);
  });

  it('a pending user (login_or_create as pending) is activated, as by a login link', async () => {
    const send = await post(ROUTES.magicLinksEmailLoginOrCreate, {
      email: 'grace@example.com',
      create_user_as_pending: true,
    });
    expect(send.statusCode).toBe(200);
    const token = await resetToken('grace@example.com');
    const response = await loginWith(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.user.status).toBe('active');
  });
});
