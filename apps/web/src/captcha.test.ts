// Issue 9 item 3 / SPEC §1: the solver chunk loads only when bootstrap says the captcha is on (or when the server
// actually asks), once, and a failed load is tried again.
import { DEFAULT_BOOTSTRAP } from '@gatehouse/sdk';
import { describe, expect, it, vi } from 'vitest';
import { createLazyCaptcha } from './captcha';

const CHALLENGE = {
  parameters: { algorithm: 'SHA-256', nonce: 'aa', salt: 'bb', cost: 1, keyLength: 32, keyPrefix: 'cc' },
  signature: 'dd',
};
const bootstrapWith = (enabled: boolean) =>
  Promise.resolve({
    ...DEFAULT_BOOTSTRAP,
    captchaSettings: enabled
      ? { enabled: true as const, siteKey: '/sdk/v1/captcha/challenge' }
      : { enabled: false as const },
  });

describe('createLazyCaptcha', () => {
  it('never loads the solver when bootstrap says the captcha is off', async () => {
    const load = vi.fn(async () => ({ solveCaptcha: async () => 'token' }));
    await createLazyCaptcha(load).preloadWhenEnabled(bootstrapWith(false));
    expect(load).not.toHaveBeenCalled();
  });

  it('preloads once when it is on, and solves with the loaded module', async () => {
    const solveCaptcha = vi.fn(async () => 'token');
    const load = vi.fn(async () => ({ solveCaptcha }));
    const captcha = createLazyCaptcha(load);
    await captcha.preloadWhenEnabled(bootstrapWith(true));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await captcha.solve(CHALLENGE)).toBe('token');
    expect(solveCaptcha).toHaveBeenCalledWith(CHALLENGE);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load does not break the page and is tried again when a challenge comes', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ solveCaptcha: async () => 'token' });
    const captcha = createLazyCaptcha(load);
    await expect(captcha.preloadWhenEnabled(bootstrapWith(true))).resolves.toBeUndefined();
    expect(await captcha.solve(CHALLENGE)).toBe('token');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
