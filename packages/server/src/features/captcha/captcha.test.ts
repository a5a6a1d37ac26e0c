// Issue 9 item 3 through the app: the challenge route, bootstrap's captcha_settings per client, and a guarded call
// (guardCall past a soft threshold) answered with the plain-text 'Captcha required' of wire-format.md §3.2 to the
// Gatehouse SDK — which then passes with a solved token, once — and never to the Stytch SDK, which meets the hard
// limit's 429 instead.
import { CAPTCHA_REQUIRED_TEXT, type CaptchaChallenge } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SdkFeature } from '../../app';
import { CAPTCHA_SITE_KEY } from '../../infra/captcha';
import { sendData } from '../../infra/context';
import { projects } from '../../infra/db/schema';
import { guardCall } from '../../infra/rate-limits';
import { contextOf } from '../../infra/request-context';
import { createTestApp, GENEROUS_LIMITS, sdkRequest, type TestApp } from '../../test-support/app';
import {
  NON_SOLVING_SDK_CLIENT,
  SOLVING_SDK_CLIENT,
  STYTCH_SDK_CLIENT,
  solveCaptcha,
} from '../../test-support/captcha';
import { testDatabaseKinds } from '../../test-support/database';
import { createTestClock } from '../sessions/test-fixtures';

const GUARDED = '/test/guarded';

/** A protected call as the limit wiring makes them: guardCall with the route path as the action. */
const guardedFeature: SdkFeature = {
  name: 'guarded',
  register: async (sdk: FastifyInstance, ctx) => {
    sdk.post(GUARDED, async (request, reply) => {
      const body = (request.body ?? {}) as { captcha_token?: string };
      const context = contextOf(request);
      await guardCall(ctx, context, {
        checks: [{ limit: 'otpSendsPerIp', kind: 'ip', key: context.ip }],
        message: 'Too many sends from this address.',
        action: GUARDED,
        captchaToken: body.captcha_token ?? null,
      });
      return sendData(reply, {});
    });
  },
};

describe.each(testDatabaseKinds())('captcha on %s', (kind) => {
  let t: TestApp;
  const clock = createTestClock();

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      clock,
      features: [guardedFeature],
      // Soft threshold at 2 sends, hard limit at 4 (per IP).
      rateLimits: { ...GENEROUS_LIMITS, otpSendsPerIp: { points: 4, durationSeconds: 600, softPoints: 2 } },
    });
  });
  beforeEach(async () => {
    await t.reset();
    // Limiter counters live as long as the app: each test starts in fresh windows.
    clock.advance(24 * 3600_000);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (client: string, body: object = {}) =>
    sdkRequest(t.app, {
      method: 'POST',
      url: GUARDED,
      publicToken: t.publicToken,
      body,
      headers: { 'x-sdk-client': client },
    });

  const challenge = async (action: string, client = SOLVING_SDK_CLIENT): Promise<CaptchaChallenge> => {
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: '/captcha/challenge',
      publicToken: t.publicToken,
      body: { action },
      headers: { 'x-sdk-client': client },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.challenge;
  };

  const bootstrapCaptcha = async (client: string) =>
    (
      await sdkRequest(t.app, {
        method: 'GET',
        url: `/projects/bootstrap/${t.publicToken}`,
        publicToken: t.publicToken,
        headers: { 'x-sdk-client': client },
      })
    ).json().data.captcha_settings;

  it('bootstrap: on for the SDK with a solver, off for the Stytch SDK, the SDK without a solver, and when the project turns it off', async () => {
    expect(await bootstrapCaptcha(SOLVING_SDK_CLIENT)).toEqual({ enabled: true, siteKey: CAPTCHA_SITE_KEY });
    expect(await bootstrapCaptcha(STYTCH_SDK_CLIENT)).toEqual({ enabled: false });
    expect(await bootstrapCaptcha(NON_SOLVING_SDK_CLIENT)).toEqual({ enabled: false });
    await t.ctx.db
      .update(projects)
      .set({ settings: { ...t.project.settings, captcha_settings: { enabled: false } } })
      .where(eq(projects.id, t.project.id));
    t.ctx.projects.clear();
    expect(await bootstrapCaptcha(SOLVING_SDK_CLIENT)).toEqual({ enabled: false });
  });

  it('the challenge route hands out a signed challenge bound to the action and project; a bad action is a 400', async () => {
    const issued = await challenge('/magic_links/email/login_or_create');
    expect(issued.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.parameters).toMatchObject({
      algorithm: 'SHA-256',
      data: { action: '/magic_links/email/login_or_create', project: t.project.id },
    });
    for (const action of ['', 'magic_links', '/../x', `/${'a'.repeat(300)}`, 42]) {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url: '/captcha/challenge',
        publicToken: t.publicToken,
        body: { action },
      });
      expect(response.statusCode).toBe(400);
    }
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/captcha/challenge',
      payload: { action: '/x' },
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('past the soft threshold the SDK gets the plain-text answer, passes once with a solved token, and a replay is refused', async () => {
    expect((await call(SOLVING_SDK_CLIENT)).statusCode).toBe(200);
    expect((await call(SOLVING_SDK_CLIENT)).statusCode).toBe(200);
    const asked = await call(SOLVING_SDK_CLIENT);
    expect(asked.statusCode).toBe(429);
    expect(asked.headers['content-type']).toMatch(/^text\/plain/);
    expect(asked.body).toContain(CAPTCHA_REQUIRED_TEXT);

    const token = await solveCaptcha(await challenge(GUARDED));
    expect((await call(SOLVING_SDK_CLIENT, { captcha_token: token })).statusCode).toBe(200);
    const replay = await call(SOLVING_SDK_CLIENT, { captcha_token: token });
    expect(replay.statusCode).toBe(429);
    expect(replay.body).toBe(CAPTCHA_REQUIRED_TEXT);
    // A token solved for another call is refused too.
    const foreign = await solveCaptcha(await challenge('/otps/sms/login_or_create'));
    expect((await call(SOLVING_SDK_CLIENT, { captcha_token: foreign })).body).toBe(CAPTCHA_REQUIRED_TEXT);
    // The hard limit still holds for a solving client: the 4th counted send was the last.
    const fresh = await solveCaptcha(await challenge(GUARDED));
    expect((await call(SOLVING_SDK_CLIENT, { captcha_token: fresh })).statusCode).toBe(200);
    const spent = await call(SOLVING_SDK_CLIENT, {
      captcha_token: await solveCaptcha(await challenge(GUARDED)),
    });
    expect(spent.statusCode).toBe(429);
    expect(spent.json().error_type).toBe('too_many_requests');
  });

  it('the Stytch SDK under pressure is never asked for a captcha: it meets the JSON 429 of the hard limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await call(STYTCH_SDK_CLIENT);
      statuses.push(response.statusCode);
      expect(response.body).not.toContain(CAPTCHA_REQUIRED_TEXT);
      if (response.statusCode === 429) {
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json().error_type).toBe('too_many_requests');
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
