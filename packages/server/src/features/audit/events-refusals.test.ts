// Issue 25 item 1, the refusals of the abuse guard: each call a rate limit refuses is one rate_limit.hit naming the
// limit, each 'Captcha required' one captcha.required naming the action; on a route that signs in they are also
// sign_in.failed (rate_limited, captcha), on a send they are not; an allowed call writes neither. No captcha token
// or code in any event. Every database kind.
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, GENEROUS_LIMITS, type TestApp } from '../../test-support/app';
import { NON_SOLVING_SDK_CLIENT, SOLVING_SDK_CLIENT, solveCaptcha } from '../../test-support/captcha';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn } from '../otps/test-helpers';
import { signInMethodOf } from './refusal-events';
import { EVENT_USER_AGENT, eventCount, eventsSince, loggedEvents, sdkPost } from './test-helpers';

describe('signInMethodOf', () => {
  it('names the method of the routes that verify a credential, and nothing for sends or other routes', () => {
    expect(signInMethodOf('/sdk/v1/otps/authenticate')).toBe('otp');
    expect(signInMethodOf('/sdk/v1/totps/recover')).toBe('recovery_code');
    expect(signInMethodOf('/sdk/v1/otps/email/login_or_create')).toBeNull();
    expect(signInMethodOf('/sdk/v1/sessions/authenticate')).toBeNull();
    expect(signInMethodOf('/otps/authenticate')).toBeNull();
    expect(signInMethodOf(undefined)).toBeNull();
  });
});

describe.each(testDatabaseKinds())('refusal events on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      clock,
      delivery,
      rateLimits: {
        ...GENEROUS_LIMITS,
        // Two e-mail passcodes per recipient; one link redemption per IP; past one passcode check, a captcha.
        otpSendsPerRecipient: { points: 2, durationSeconds: 600 },
        magicLinkAuthenticationsPerIp: { points: 1, durationSeconds: 600 },
        otpAuthenticationsPerIp: { points: 100, durationSeconds: 600, softPoints: 1 },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  let day = 0;
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    // A day later each test: fresh limiter windows (counters live as long as the app).
    day += 1;
    clock.set(new Date(Date.UTC(2030, 0, 1) + day * 86_400_000));
  });

  it('a send refused by its limit is rate_limit.hit (no sign_in.failed); the allowed sends write none', async () => {
    const send = () => sdkPost(t, ROUTES.otps.loginOrCreate('email'), { email: 'ada@example.com' });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const mark = await eventCount(t);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(await eventsSince(t, mark)).toEqual([
      ['rate_limit.hit', null, 'anonymous', { rule: 'otpSendsPerRecipient' }],
    ]);
    expect((await loggedEvents(t)).filter((row) => row.type === 'rate_limit.hit')).toHaveLength(1);
    expect((await loggedEvents(t))[mark]).toMatchObject({
      projectId: t.project.id,
      userAgent: EVENT_USER_AGENT,
      requestId: refused.json().request_id,
    });
  });

  it('a sign-in refused by its limit is rate_limit.hit and sign_in.failed rate_limited', async () => {
    const redeem = () =>
      sdkPost(t, ROUTES.magicLinksAuthenticate, { token: 'y'.repeat(44), session_duration_minutes: 30 });
    expect((await redeem()).statusCode).toBe(401);
    const mark = await eventCount(t);
    expect((await redeem()).statusCode).toBe(429);
    expect(await eventsSince(t, mark)).toEqual([
      ['rate_limit.hit', null, 'anonymous', { rule: 'magicLinkAuthenticationsPerIp' }],
      ['sign_in.failed', null, 'anonymous', { method: 'magic_link', reason: 'rate_limited' }],
    ]);
  });

  it('a captcha asked of a sign-in is captcha.required with the action and sign_in.failed captcha; a client that cannot solve one is not asked', async () => {
    const sent = await sdkPost(t, ROUTES.otps.loginOrCreate('email'), { email: 'bo@example.com' });
    const code = codeIn(delivery.last());
    const authenticate = (client: string) =>
      sdkPost(
        t,
        ROUTES.otps.authenticate,
        { method_id: sent.json().data.method_id, token: code, session_duration_minutes: 30 },
        { headers: { 'x-sdk-client': client } },
      );
    // The first check is under the soft threshold: no captcha asked, a session started.
    const first = await authenticate(SOLVING_SDK_CLIENT);
    expect(first.statusCode).toBe(200);
    const mark = await eventCount(t);
    const challenged = await authenticate(SOLVING_SDK_CLIENT);
    expect(challenged.statusCode).toBe(429);
    expect(challenged.body).toContain('Captcha required');
    // Past the soft threshold, a client without a solver meets the code's own answer (already used), no captcha.
    expect((await authenticate(NON_SOLVING_SDK_CLIENT)).statusCode).toBe(401);
    const rows = await eventsSince(t, mark);
    expect(rows).toEqual([
      ['captcha.required', null, 'anonymous', { action: ROUTES.otps.authenticate, reason: 'missing' }],
      ['sign_in.failed', null, 'anonymous', { method: 'otp', reason: 'captcha' }],
      ['sign_in.failed', sent.json().data.user_id, 'anonymous', { method: 'otp', reason: 'used' }],
    ]);
    const everything = JSON.stringify(await loggedEvents(t));
    expect(everything.includes(code)).toBe(false);
  });

  it('issue 26 item 3: a challenge handed out is captcha.issued with its work, an accepted token captcha.solved, a refused one captcha.required with why', async () => {
    const sent = await sdkPost(t, ROUTES.otps.loginOrCreate('email'), { email: 'cy@example.com' });
    const code = codeIn(delivery.last());
    const userId = sent.json().data.user_id;
    const authenticate = (captchaToken?: string) =>
      sdkPost(
        t,
        ROUTES.otps.authenticate,
        {
          method_id: sent.json().data.method_id,
          token: code,
          session_duration_minutes: 30,
          ...(captchaToken === undefined ? {} : { captcha_token: captchaToken }),
        },
        { headers: { 'x-sdk-client': SOLVING_SDK_CLIENT } },
      );
    expect((await authenticate()).statusCode).toBe(200);
    const mark = await eventCount(t);
    expect((await authenticate(Buffer.from('not a token').toString('base64'))).statusCode).toBe(429);
    const challenge = await sdkPost(t, ROUTES.captchaChallenge, { action: ROUTES.otps.authenticate });
    expect(challenge.statusCode).toBe(200);
    // Solved and accepted; the code itself was used by the first call.
    expect((await authenticate(await solveCaptcha(challenge.json().data.challenge))).statusCode).toBe(401);
    expect(await eventsSince(t, mark)).toEqual([
      ['captcha.required', null, 'anonymous', { action: ROUTES.otps.authenticate, reason: 'malformed' }],
      ['sign_in.failed', null, 'anonymous', { method: 'otp', reason: 'captcha' }],
      ['captcha.issued', null, 'anonymous', { action: ROUTES.otps.authenticate, max_counter: 20_000 }],
      ['captcha.solved', null, 'anonymous', { action: ROUTES.otps.authenticate }],
      ['sign_in.failed', userId, 'anonymous', { method: 'otp', reason: 'used' }],
    ]);
  });
});
