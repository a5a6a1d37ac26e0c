// The rate-limit core (issue 9 item 1): windows follow the app's clock, a spent budget is a 429 with Retry-After,
// and guardCall counts nothing for a refused call and asks for a captcha only past a soft threshold.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createTestClock } from '../features/sessions/test-fixtures';
import type { RequestContext } from './context';
import { ApiError } from './errors';
import { memoryLimiters } from './rate-limit-store';
import { type CaptchaGate, guardCall, type LimitCheck, RateLimits } from './rate-limits';

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
const request = { ip: '203.0.113.1' } as RequestContext;

function limitsAt(clock = createTestClock()) {
  const limits = new RateLimits({
    overrides: {
      otpSendsPerIp: { points: 3, durationSeconds: 60, softPoints: 2 },
      otpSendsPerRecipient: { points: 10, durationSeconds: 60 },
    },
    createLimiter: memoryLimiters,
    clock,
    log,
  });
  return { limits, clock };
}

const byIp: LimitCheck = { limit: 'otpSendsPerIp', kind: 'ip', key: '203.0.113.1' };
const byRecipient: LimitCheck = { limit: 'otpSendsPerRecipient', kind: 'email', key: 'hash-of-ada' };

async function refusal(work: Promise<unknown>): Promise<ApiError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('RateLimits', () => {
  it('trips at the budget with Retry-After to the end of the window, and recovers in the next window', async () => {
    const { limits, clock } = limitsAt();
    clock.set('2030-01-01T00:00:10Z');
    for (let i = 0; i < 3; i += 1) await limits.consume(byIp, 'slow down');
    const error = await refusal(limits.consume(byIp, 'slow down'));
    expect(error).toMatchObject({ statusCode: 429, errorType: 'too_many_requests', message: 'slow down' });
    expect(error.headers['Retry-After']).toBe('50');
    expect(log.warn).toHaveBeenCalledWith({ limit: 'otpSendsPerIp', keyKind: 'ip' }, 'rate limit reached');
    clock.set('2030-01-01T00:01:00Z');
    await expect(limits.consume(byIp, 'slow down')).resolves.toBeUndefined();
    expect(await limits.peek(byIp)).toEqual({ consumed: 1, msBeforeNext: 60_000 });
  });

  it('keeps keys and limits apart', async () => {
    const { limits } = limitsAt();
    for (let i = 0; i < 3; i += 1) await limits.consume(byIp, 'x');
    await expect(limits.consume({ ...byIp, key: '203.0.113.2' }, 'x')).resolves.toBeUndefined();
    await expect(limits.consume(byRecipient, 'x')).resolves.toBeUndefined();
  });
});

describe('the memory store', () => {
  it('keeps the count of a window longer than 12.4 days (Node runs a timer past 2^31 ms at once)', async () => {
    const limits = new RateLimits({
      overrides: { otpSendsPerIp: { points: 3, durationSeconds: 30 * 86_400 } },
      createLimiter: memoryLimiters,
      clock: createTestClock(),
      log,
    });
    await limits.penalize(byIp);
    // An overflowing expiry timer fires after 1 ms, before this 5 ms one.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await limits.peek(byIp)).consumed).toBe(1);
  });
});

describe('guardCall', () => {
  const checks = [byIp, byRecipient];
  const gate = (canChallenge: boolean): CaptchaGate & { verify: ReturnType<typeof vi.fn> } => ({
    canChallenge: () => canChallenge,
    verify: vi.fn(async () => undefined),
  });

  it('takes a point of every check; past the soft threshold it asks the captcha, when the caller can solve one', async () => {
    const { limits } = limitsAt();
    const captcha = gate(true);
    const call = (captchaToken: string | null) =>
      guardCall({ limits, captcha }, request, {
        checks,
        message: 'x',
        action: '/otps/email/login_or_create',
        captchaToken,
      });
    await call(null);
    await call(null);
    expect(captcha.verify).not.toHaveBeenCalled();
    expect((await limits.peek(byIp)).consumed).toBe(2);
    await call('token');
    expect(captcha.verify).toHaveBeenCalledWith(request, 'token', '/otps/email/login_or_create', ['ip']);
    expect((await limits.peek(byIp)).consumed).toBe(3);
  });

  it('counts nothing when the captcha refuses, nor when a budget is spent', async () => {
    const { limits } = limitsAt();
    const captcha = gate(true);
    captcha.verify.mockRejectedValue(new Error('Captcha required'));
    await limits.consume(byIp, 'x');
    await limits.consume(byIp, 'x');
    await expect(
      guardCall({ limits, captcha }, request, { checks, message: 'x', action: 'a', captchaToken: null }),
    ).rejects.toThrow('Captcha required');
    expect((await limits.peek(byIp)).consumed).toBe(2);
    expect((await limits.peek(byRecipient)).consumed).toBe(0);
    await limits.consume(byIp, 'x');
    const error = await refusal(
      guardCall({ limits, captcha }, request, { checks, message: 'spent', action: 'a', captchaToken: 't' }),
    );
    expect(error).toMatchObject({ statusCode: 429, message: 'spent' });
    expect((await limits.peek(byRecipient)).consumed).toBe(0);
  });

  it('gives back the points it took when a later check is spent', async () => {
    const { limits } = limitsAt();
    // byRecipient, the second check, is spent; byIp, taken first, must end where it started.
    const recipientBudget = limits.settings[byRecipient.limit].points;
    for (let i = 0; i < recipientBudget; i += 1) await limits.consume(byRecipient, 'x');
    const ipBefore = (await limits.peek(byIp)).consumed;
    const error = await refusal(
      guardCall({ limits, captcha: gate(true) }, request, {
        checks,
        message: 'spent',
        action: 'a',
        captchaToken: null,
      }),
    );
    expect(error).toMatchObject({ statusCode: 429, message: 'spent' });
    expect((await limits.peek(byIp)).consumed).toBe(ipBefore);
    expect((await limits.peek(byRecipient)).consumed).toBe(recipientBudget);
  });

  it('never challenges a caller who cannot solve a captcha: the hard limit answers instead', async () => {
    const { limits } = limitsAt();
    const captcha = gate(false);
    const call = () =>
      guardCall({ limits, captcha }, request, { checks, message: 'x', action: 'a', captchaToken: null });
    await call();
    await call();
    await call();
    expect(captcha.verify).not.toHaveBeenCalled();
    expect((await refusal(call())).statusCode).toBe(429);
  });
});
