// The web app's captcha solver for the SDK (issue 9 item 3). The solver code (captcha-solver.ts: ALTCHA's worker
// solving) is a separate chunk: preloaded once bootstrap reports `captcha_settings.enabled` (so a challenge costs
// the person only the solve), and never requested when it is off (SPEC §1).
import type { BootstrapData, CaptchaSolver } from '@gatehouse/sdk';

type SolverModule = Pick<typeof import('./captcha-solver'), 'solveCaptcha'>;

export interface LazyCaptcha {
  /** What the SDK calls on 'Captcha required' (loads the solver on first use if preload did not). */
  solve: CaptchaSolver;
  /** Starts loading the solver when bootstrap says the captcha is on; does nothing otherwise. */
  preloadWhenEnabled(bootstrap: Promise<BootstrapData>): Promise<void>;
}

export function createLazyCaptcha(
  load: () => Promise<SolverModule> = () => import('./captcha-solver'),
): LazyCaptcha {
  let loading: Promise<SolverModule> | null = null;
  const get = () => {
    // A failed load (offline for a moment) is tried again on the next call.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    solve: async (challenge) => (await get()).solveCaptcha(challenge),
    async preloadWhenEnabled(bootstrap) {
      const data = await bootstrap;
      if (data.captchaSettings.enabled) await get().catch(() => undefined);
    },
  };
}
