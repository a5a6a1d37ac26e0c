// Captcha helpers for tests (issue 9 item 3): X-SDK-Client blobs of the clients that can and cannot solve a
// challenge, and a solver (altcha-lib's, in this process) that turns a challenge into the `captcha_token` the SDK
// would send.
import {
  CAPTCHA_CAPABILITY,
  type CaptchaChallenge,
  encodeCaptchaToken,
  GATEHOUSE_SDK_IDENTIFIER,
} from '@gatehouse/protocol';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const blob = (sdk: object) =>
  Buffer.from(JSON.stringify({ sdk, app: { identifier: 'localhost' } })).toString('base64');

/** The Gatehouse SDK given a solver (it may be asked for a captcha). */
export const SOLVING_SDK_CLIENT = blob({
  identifier: GATEHOUSE_SDK_IDENTIFIER,
  version: '0.1.0',
  captcha: CAPTCHA_CAPABILITY,
});
/** The Gatehouse SDK without a solver. */
export const NON_SOLVING_SDK_CLIENT = blob({ identifier: GATEHOUSE_SDK_IDENTIFIER, version: '0.1.0' });
/** @stytch/vanilla-js 4.x as wire-format.md §2.1 shows it (never asked for a captcha). */
export const STYTCH_SDK_CLIENT = blob({ identifier: 'Stytch.js Javascript SDK', version: '4.13.1' });

/** Solves `challenge` (bounded by its counter range) and encodes the token. */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey, timeout: 30_000 });
  if (solution === null) throw new Error('the captcha challenge was not solved within 30 s');
  return encodeCaptchaToken({ challenge, solution });
}
