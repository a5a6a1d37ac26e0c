// Issue 9 item 3: the self-hosted proof-of-work captcha (ALTCHA v2 challenges). SPEC §7 / wire-format.md §3.2–3.4:
// a protected call under pressure answers a non-JSON, non-2xx text containing 'Captcha required'; a client that can
// solve one fetches a challenge for that call (its path relative to /sdk/v1 is the action), solves it and retries
// once with `captcha_token` in the same body.

/** The text of the answer that asks for a captcha (wire-format.md §3.2: the SDK matches on it). */
export const CAPTCHA_REQUIRED_TEXT = 'Captcha required';

/** The name the Gatehouse SDK gives itself in the X-SDK-Client blob (wire-format.md §2.1 `sdk.identifier`). */
export const GATEHOUSE_SDK_IDENTIFIER = 'Gatehouse JavaScript SDK';

/**
 * What the Gatehouse SDK writes in `sdk.captcha` of its X-SDK-Client blob when the page gave it a solver: only such
 * a caller is ever asked for a captcha, or told by bootstrap that the captcha is on. The Stytch SDK and unknown
 * clients never say it, so they meet the hard limit's 429 instead (issue 9 item 3).
 */
export const CAPTCHA_CAPABILITY = 'altcha';

/** The parameters of an ALTCHA v2 challenge (altcha-lib 2 `ChallengeParameters`), signed by the server. */
export interface CaptchaChallengeParameters {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
  keySignature?: string;
  memoryCost?: number;
  parallelism?: number;
  expiresAt?: number;
  data?: Record<string, string | number | boolean | null>;
}

/** An ALTCHA v2 challenge (altcha-lib 2 `Challenge`), as the challenge route hands it out. */
export interface CaptchaChallenge {
  parameters: CaptchaChallengeParameters;
  signature?: string;
}

/** What a solver found (altcha-lib 2 `Solution`). */
export interface CaptchaSolution {
  counter: number;
  derivedKey: string;
  time?: number;
}

/** POST /captcha/challenge: the action is the protected route's path relative to /sdk/v1. */
export interface CaptchaChallengeRequest {
  action: string;
}

export interface CaptchaChallengeResponse {
  request_id: string;
  status_code: number;
  challenge: CaptchaChallenge;
}

/**
 * The `captcha_token` of a retried call: base64 of the JSON `{challenge, solution}` (the payload the ALTCHA widget
 * produces). Shared so the solver (web app) and the verifier (server) agree on one encoding.
 */
export function encodeCaptchaToken(payload: {
  challenge: CaptchaChallenge;
  solution: CaptchaSolution;
}): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
