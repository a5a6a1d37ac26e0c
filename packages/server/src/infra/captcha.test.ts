// The captcha gate (issue 9 item 3): who is asked (project setting and X-SDK-Client), bootstrap's matching
// captcha_settings, difficulty steps, and the token rules — a good token passes once; a missing, malformed,
// forged, replayed, expired, foreign-action or foreign-project one is answered 'Captcha required' again.
import { randomBytes } from 'node:crypto';
import type { CaptchaChallenge } from '@gatehouse/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createTestClock, type TestClock } from '../features/sessions/test-fixtures';
import {
  NON_SOLVING_SDK_CLIENT,
  SOLVING_SDK_CLIENT,
  STYTCH_SDK_CLIENT,
  solveCaptcha,
} from '../test-support/captcha';
import {
  CAPTCHA_SITE_KEY,
  CaptchaRequiredError,
  CHALLENGE_TTL_MS,
  captchaSettingsFor,
  clientCanSolveCaptcha,
  createCaptchaGate,
  DIFFICULTY_STEPS,
  issueChallenge,
  maxCounterFor,
} from './captcha';
import type { ProjectRecord, RequestContext } from './context';
import type { Metrics } from './metrics';
import { memoryLimiters } from './rate-limit-store';
import { RateLimits } from './rate-limits';
import { createSecretBox } from './secret-box';

const ACTION = '/magic_links/email/login_or_create';

const silentLog = () =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & {
    info: ReturnType<typeof vi.fn>;
  };

function project(id: string, enabled = true): ProjectRecord {
  return {
    id,
    settings: {
      captcha_settings: enabled ? { enabled: true, siteKey: CAPTCHA_SITE_KEY } : { enabled: false },
    },
  } as ProjectRecord;
}

function setup(options: { clock?: TestClock; secret?: string } = {}) {
  const clock = options.clock ?? createTestClock();
  const log = silentLog();
  const metrics = { captchaChallenged: vi.fn() } as unknown as Metrics & {
    captchaChallenged: ReturnType<typeof vi.fn>;
  };
  const ctx = {
    clock,
    secrets: createSecretBox(options.secret ?? randomBytes(32).toString('base64url')),
    limits: new RateLimits({ createLimiter: memoryLimiters, clock, log }),
    metrics,
  };
  const gate = createCaptchaGate(ctx);
  const requestFor = (p: ProjectRecord, sdkClient: string | null = SOLVING_SDK_CLIENT): RequestContext =>
    ({ project: p, ip: '203.0.113.7', sdkClient, log }) as unknown as RequestContext;
  return { ctx, gate, clock, log, metrics, requestFor };
}

async function refused(work: Promise<unknown>): Promise<void> {
  await expect(work).rejects.toBeInstanceOf(CaptchaRequiredError);
}

/** A token whose challenge was changed after signing (`mutate` edits a copy). */
function tampered(token: string, mutate: (challenge: CaptchaChallenge & Record<string, unknown>) => void) {
  const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  mutate(payload.challenge);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

describe('who is asked for a captcha', () => {
  it('only the Gatehouse SDK that holds a solver, on a project with the captcha on', () => {
    const { gate, requestFor } = setup();
    expect(gate.canChallenge(requestFor(project('p1')))).toBe(true);
    expect(gate.canChallenge(requestFor(project('p1', false)))).toBe(false);
    for (const client of [STYTCH_SDK_CLIENT, NON_SOLVING_SDK_CLIENT, null, 'not base64 json', '']) {
      expect(gate.canChallenge(requestFor(project('p1'), client))).toBe(false);
    }
  });

  it('bootstrap says the same: the Stytch SDK always reads {enabled:false}', () => {
    const { requestFor } = setup();
    expect(captchaSettingsFor(requestFor(project('p1')))).toEqual({
      enabled: true,
      siteKey: CAPTCHA_SITE_KEY,
    });
    expect(captchaSettingsFor(requestFor(project('p1'), STYTCH_SDK_CLIENT))).toEqual({ enabled: false });
    expect(captchaSettingsFor(requestFor(project('p1'), null))).toEqual({ enabled: false });
    expect(captchaSettingsFor(requestFor(project('p1', false)))).toEqual({ enabled: false });
  });

  it('reads an X-SDK-Client that claims the Stytch name with a captcha field as unable to solve', () => {
    const forged = Buffer.from(
      JSON.stringify({ sdk: { identifier: 'Stytch.js Javascript SDK', captcha: 'altcha' } }),
    ).toString('base64');
    expect(clientCanSolveCaptcha(forged)).toBe(false);
  });
});

describe('tokens', () => {
  it('accepts a good token once; a replay is refused, also from a second gate on the same store', async () => {
    const { ctx, gate, requestFor, metrics } = setup();
    const request = requestFor(project('p1'));
    const token = await solveCaptcha(await issueChallenge(ctx, request, ACTION));
    await gate.verify(request, token, ACTION);
    await refused(gate.verify(request, token, ACTION));
    // Another instance sharing the limiter store (here: the same RateLimits) spends from the same set.
    const other = createCaptchaGate(ctx);
    await refused(other.verify(request, token, ACTION));
    expect(metrics.captchaChallenged).toHaveBeenCalledWith(ACTION);
  });

  it('stays single use when RATE_LIMITS gives captchaTokenUses more points', async () => {
    const clock = createTestClock();
    const ctx = {
      clock,
      secrets: createSecretBox(randomBytes(32).toString('base64url')),
      limits: new RateLimits({
        overrides: { captchaTokenUses: { points: 100, durationSeconds: 60 } },
        createLimiter: memoryLimiters,
        clock,
        log: silentLog(),
      }),
      metrics: { captchaChallenged: vi.fn() } as unknown as Metrics,
    };
    const gate = createCaptchaGate(ctx);
    const request = {
      project: project('p1'),
      ip: '203.0.113.7',
      log: silentLog(),
    } as unknown as RequestContext;
    const token = await solveCaptcha(await issueChallenge(ctx, request, ACTION));
    await gate.verify(request, token, ACTION);
    await refused(gate.verify(request, token, ACTION));
  });

  it('refuses a missing, empty or malformed token and reports each challenge with the key kinds, not the key', async () => {
    const { gate, requestFor, log, metrics } = setup();
    const request = requestFor(project('p1'));
    await refused(gate.verify(request, null, ACTION, ['email']));
    await refused(gate.verify(request, '', ACTION));
    await refused(gate.verify(request, 'bm90IGpzb24=', ACTION));
    await refused(gate.verify(request, Buffer.from('{"challenge":1}').toString('base64'), ACTION));
    expect(metrics.captchaChallenged).toHaveBeenCalledTimes(4);
    expect(log.info).toHaveBeenCalledWith(
      { action: ACTION, reason: 'missing', keyKinds: ['email'] },
      'captcha required',
    );
  });

  it('refuses a token solved for another action', async () => {
    const { ctx, gate, requestFor } = setup();
    const request = requestFor(project('p1'));
    const token = await solveCaptcha(await issueChallenge(ctx, request, '/otps/sms/login_or_create'));
    await refused(gate.verify(request, token, ACTION));
  });

  it('refuses a token solved for another project (its own signature and data name the other one)', async () => {
    const { ctx, gate, requestFor } = setup();
    const token = await solveCaptcha(await issueChallenge(ctx, requestFor(project('p2')), ACTION));
    await refused(gate.verify(requestFor(project('p1')), token, ACTION));
    // And the token still works where it belongs: the refusal spent nothing.
    await gate.verify(requestFor(project('p2')), token, ACTION);
  });

  it('refuses an expired token (ctx.clock), and one dated in the future', async () => {
    const clock = createTestClock('2030-01-01T12:00:00.000Z');
    const { ctx, gate, requestFor } = setup({ clock });
    const request = requestFor(project('p1'));
    const token = await solveCaptcha(await issueChallenge(ctx, request, ACTION));
    clock.advance(CHALLENGE_TTL_MS);
    await refused(gate.verify(request, token, ACTION));
    clock.advance(-2 * CHALLENGE_TTL_MS);
    await refused(gate.verify(request, token, ACTION));
  });

  it('refuses forged tokens: edited data, a wrong key, a challenge signed under another SECRET_KEY', async () => {
    const { ctx, gate, requestFor } = setup();
    const request = requestFor(project('p1'));
    const otherAction = await solveCaptcha(await issueChallenge(ctx, request, '/otps/sms/login_or_create'));
    await refused(
      gate.verify(
        request,
        tampered(otherAction, (challenge) => {
          challenge.parameters.data = { ...challenge.parameters.data, action: ACTION };
        }),
        ACTION,
      ),
    );
    const good = await solveCaptcha(await issueChallenge(ctx, request, ACTION));
    const payload = JSON.parse(Buffer.from(good, 'base64').toString('utf8'));
    payload.solution.derivedKey = '00'.repeat(32);
    await refused(gate.verify(request, Buffer.from(JSON.stringify(payload)).toString('base64'), ACTION));
    await refused(
      gate.verify(
        request,
        tampered(good, (challenge) => delete challenge.signature),
        ACTION,
      ),
    );

    const elsewhere = setup();
    const foreignSecret = await solveCaptcha(await issueChallenge(elsewhere.ctx, request, ACTION));
    await refused(gate.verify(request, foreignSecret, ACTION));
    // The untouched good token still passes: refusals spend nothing.
    await gate.verify(request, good, ACTION);
  });

  it('accepts a token only in the store window it was issued in, so a spent token can never be replayed', async () => {
    const clock = createTestClock('2030-01-01T23:59:58.000Z');
    const { ctx, gate, requestFor } = setup({ clock });
    const request = requestFor(project('p1'));
    const challenge = await issueChallenge(ctx, request, ACTION);
    // Expires at the window's end (00:00 UTC with the day-long default), not 5 minutes later.
    expect(challenge.parameters.data?.expires_at).toBe(Date.parse('2030-01-02T00:00:00.000Z'));
    const token = await solveCaptcha(challenge);
    clock.advance(1_000);
    await gate.verify(request, token, ACTION);
    clock.advance(1_000);
    await refused(gate.verify(request, token, ACTION));
  });
});

describe('difficulty rises with pressure', () => {
  it('follows the documented steps up to the cap', () => {
    expect(maxCounterFor(0)).toBe(DIFFICULTY_STEPS[0]!.maxCounter);
    expect(maxCounterFor(4)).toBe(DIFFICULTY_STEPS[0]!.maxCounter);
    expect(maxCounterFor(5)).toBe(DIFFICULTY_STEPS[1]!.maxCounter);
    expect(maxCounterFor(1_000_000)).toBe(DIFFICULTY_STEPS.at(-1)!.maxCounter);
    for (let i = 1; i < DIFFICULTY_STEPS.length; i += 1) {
      expect(DIFFICULTY_STEPS[i]!.maxCounter).toBeGreaterThan(DIFFICULTY_STEPS[i - 1]!.maxCounter);
    }
  });

  it("one IP's sixth challenge in a window needs more work than its first; another IP starts low", async () => {
    const { ctx, requestFor } = setup();
    const request = requestFor(project('p1'));
    const counterOf = async (r: RequestContext) => {
      const token = await solveCaptcha(await issueChallenge(ctx, r, ACTION));
      return JSON.parse(Buffer.from(token, 'base64').toString('utf8')).solution.counter as number;
    };
    const first = await counterOf(request);
    expect(first).toBeLessThan(DIFFICULTY_STEPS[0]!.maxCounter);
    for (let i = 0; i < 4; i += 1) await issueChallenge(ctx, request, ACTION);
    const sixth = await counterOf(request);
    expect(sixth).toBeGreaterThanOrEqual(DIFFICULTY_STEPS[1]!.maxCounter / 2);
    expect(sixth).toBeLessThan(DIFFICULTY_STEPS[1]!.maxCounter);
    const stranger = { ...request, ip: '198.51.100.9' } as RequestContext;
    expect(await counterOf(stranger)).toBeLessThan(DIFFICULTY_STEPS[0]!.maxCounter);
  });

  it('answers 429 past the per-IP challenge budget', async () => {
    const clock = createTestClock();
    const log = silentLog();
    const ctx = {
      clock,
      secrets: createSecretBox(randomBytes(32).toString('base64url')),
      limits: new RateLimits({
        overrides: { captchaChallengesPerIp: { points: 2, durationSeconds: 60 } },
        createLimiter: memoryLimiters,
        clock,
        log,
      }),
    };
    const request = { project: project('p1'), ip: '203.0.113.7' } as RequestContext;
    await issueChallenge(ctx, request, ACTION);
    await issueChallenge(ctx, request, ACTION);
    await expect(issueChallenge(ctx, request, ACTION)).rejects.toMatchObject({
      statusCode: 429,
      errorType: 'too_many_requests',
    });
  });
});
