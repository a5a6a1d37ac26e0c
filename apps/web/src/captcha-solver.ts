// The proof-of-work solver (issue 9 item 3), loaded only when bootstrap says the captcha is on (captcha.ts imports
// it lazily; SPEC §1 "a captcha provider is loaded by the application wrapper when a flag is on"). It is ALTCHA's
// own worker-based solving: `solveChallengeWorkers` from the `altcha` package's lib entry, racing Web Workers that
// run the package's SHA worker (Web Crypto digests, no WebAssembly). Vite's `?worker` import emits that worker as
// a file of this app's own origin, so the CSP's `script-src 'self'` (which workers fall back to) allows it — the
// ALTCHA widget's own blob:/data: workers would need `worker-src blob:` — and no third-party host is contacted.
import type { CaptchaChallenge } from '@gatehouse/sdk';
import { encodeCaptchaToken } from '@gatehouse/sdk';
import { solveChallengeWorkers } from 'altcha/lib';
import ShaWorker from 'altcha/workers/sha?worker';

/** Workers racing on one challenge: enough to use a laptop's cores, few enough to leave the page responsive. */
const MAX_WORKERS = 4;
/** A challenge's counter is bounded (server DIFFICULTY_STEPS); this only stops a wedged solve. */
const SOLVE_TIMEOUT_MS = 60_000;

/** Solves `challenge` in workers and encodes the `captcha_token` of the retried call. */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<string> {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
  const solution = await solveChallengeWorkers({
    challenge: challenge as Parameters<typeof solveChallengeWorkers>[0]['challenge'],
    concurrency: Math.max(1, Math.min(MAX_WORKERS, cores)),
    createWorker: () => new ShaWorker(),
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (solution === null) throw new Error('The captcha challenge was not solved in time.');
  return encodeCaptchaToken({ challenge, solution });
}
