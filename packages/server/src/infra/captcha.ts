// The self-hosted proof-of-work captcha (issue 9 item 3; SPEC §7; wire-format.md §3.2–3.4), ALTCHA v2 challenges
// made and checked with altcha-lib 2. No third-party host is ever contacted.
//
// - Who is asked: guardCall (infra/rate-limits.ts) asks this gate when a call is past a soft threshold. The gate
//   challenges only when the project has the captcha on (its `captcha_settings.enabled`) AND the caller said in its
//   X-SDK-Client blob that it can solve one: the Gatehouse SDK with a solver sets `sdk.captcha` to
//   CAPTCHA_CAPABILITY. The Stytch SDK (whose reCAPTCHA retry cannot work here, wire-format.md §3.4) and unknown
//   clients never are: they meet the hard limit's 429 instead. Bootstrap tells the same callers the same thing
//   (captchaSettingsFor, below), so a page loads the solver only when it may be asked to use it (SPEC §1).
// - The answer: 429 with `text/plain` 'Captcha required' (wire-format.md §3.2 step 3: non-2xx, non-JSON, text
//   containing it). 429 because the condition is RFC 6585's "too many requests in a given amount of time" — the
//   soft threshold — and proxies and dashboards that count 429s count these too; the body, not the status, tells
//   the SDK the way out. No Retry-After: a solved challenge may retry at once.
// - The challenge: deterministic ALTCHA v2 (the server picks the counter and signs the key it derives, so a
//   check is one HMAC), SHA-256 with cost 1. Its signed `data` binds it to the action (the protected route's path
//   relative to /sdk/v1), the project, when it was issued and when it expires (CHALLENGE_TTL_MS on ctx.clock:
//   altcha-lib's own `expiresAt` is checked against the system clock, so it is not used). The HMAC keys are derived
//   from SECRET_KEY per project (secret box purpose 'captcha-challenge'), so a token of one project is forged in
//   another's eyes even before `data` is read.
// - Single use across instances: a good token is spent in the shared limiter store (limit `captchaTokenUses`,
//   points 1, keyed on the challenge signature; a use that finds it counted more than once is refused, so an
//   override of its points cannot turn it into a multi-use set). Limiter windows are fixed (numbered from ctx.clock), so a token
//   is only accepted inside the window it was issued in, and expires at that window's end at the latest: every
//   accepted use therefore hits the same counter, and a replay always finds it spent. With the default day-long
//   window this shortens only tokens issued in the last minutes before 00:00 UTC.
// - Difficulty rises with pressure: DIFFICULTY_STEPS, from the challenges the same IP asked for in the current
//   window of `captchaChallengesPerIp`.
import { randomInt } from 'node:crypto';
import {
  CAPTCHA_CAPABILITY,
  CAPTCHA_REQUIRED_TEXT,
  type CaptchaChallenge,
  type CaptchaSettings,
  GATEHOUSE_SDK_IDENTIFIER,
  ROUTES,
  SDK_API_PREFIX,
} from '@gatehouse/protocol';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyReply } from 'fastify';
import type { AppContext, ProjectRecord, RequestContext } from './context';
import { isApiError } from './errors';
import type { CaptchaGate, LimitKeyKind, RateLimits } from './rate-limits';
import type { SecretBox } from './secret-box';

/** ALTCHA v2 key derivation of our challenges: one SHA-256 per try (Web Crypto in the browser's workers). */
export const CAPTCHA_ALGORITHM = 'SHA-256';

/** How long a challenge (and the token solved from it) stays good: a solve takes seconds, a retry follows at once. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The work of a challenge by pressure (issue 9 item 3 "difficulty rises with pressure"). `fromChallenges` is how
 * many challenges the same IP already asked for in the current window of `captchaChallengesPerIp` (10 minutes by
 * default); the counter the solver must reach is drawn in [maxCounter / 2, maxCounter), so the work is between
 * half and all of maxCounter SHA-256 digests. Measured by bench/captcha-solve.ts (Chromium, the web app's solver
 * with 2 workers on an idle 2-core machine; medians): 0.13 s, 0.23 s, 0.42 s, 1.0 s and 2.0 s. A person
 * asked once waits a fraction of a second; an address that asked 40 times in 10 minutes pays seconds per call.
 */
export const DIFFICULTY_STEPS: readonly { fromChallenges: number; maxCounter: number }[] = [
  { fromChallenges: 0, maxCounter: 20_000 },
  { fromChallenges: 5, maxCounter: 50_000 },
  { fromChallenges: 10, maxCounter: 100_000 },
  { fromChallenges: 20, maxCounter: 250_000 },
  { fromChallenges: 40, maxCounter: 500_000 },
];

/** The counter bound of the step for `challengesSoFar` earlier challenges of one IP. */
export function maxCounterFor(challengesSoFar: number): number {
  let maxCounter = DIFFICULTY_STEPS[0]!.maxCounter;
  for (const step of DIFFICULTY_STEPS)
    if (challengesSoFar >= step.fromChallenges) maxCounter = step.maxCounter;
  return maxCounter;
}

/** What the bootstrap's and the gate's `siteKey` name: where the SDK fetches a challenge. */
export const CAPTCHA_SITE_KEY = SDK_API_PREFIX + ROUTES.captchaChallenge;

/**
 * Thrown by the gate; the error handler answers it as the plain text of wire-format.md §3.2 (not JSON). `action`:
 * the protected call it was asked for (the event log's `captcha.required { action }`, issue 25 item 1).
 */
export class CaptchaRequiredError extends Error {
  readonly statusCode = 429;
  readonly action: string;
  /** Issue 26 item 3 (Security): why — no token yet (`missing`) or a token refused; null when not from the gate. */
  readonly reason: CaptchaRefusal | null;
  constructor(action = '', reason: CaptchaRefusal | null = null) {
    super(CAPTCHA_REQUIRED_TEXT);
    this.name = 'CaptchaRequiredError';
    this.action = action;
    this.reason = reason;
  }
}

/** wire-format.md §3.2 step 3 / §3.4: non-2xx, `text/plain`, body containing 'Captcha required'. */
export function sendCaptchaRequired(reply: FastifyReply): FastifyReply {
  return reply.code(429).type('text/plain; charset=utf-8').send(CAPTCHA_REQUIRED_TEXT);
}

/** Whether the project has the self-hosted captcha on (its stored `captcha_settings`). */
export function projectCaptchaEnabled(project: Pick<ProjectRecord, 'settings'>): boolean {
  return project.settings.captcha_settings?.enabled === true;
}

/** The `sdk` of an X-SDK-Client blob (base64 JSON, wire-format.md §2.1); null when absent or undecodable. */
function sdkOfClient(sdkClient: string | null): { identifier?: unknown; captcha?: unknown } | null {
  if (sdkClient === null || sdkClient.length > 4096) return null;
  try {
    const blob = JSON.parse(Buffer.from(sdkClient, 'base64').toString('utf8')) as {
      sdk?: { identifier?: unknown; captcha?: unknown };
    };
    return typeof blob?.sdk === 'object' && blob.sdk !== null ? blob.sdk : null;
  } catch {
    return null;
  }
}

/** Whether the caller names itself the Gatehouse SDK (X-SDK-Client); the Stytch SDK and unknown callers do not. */
export function clientIsGatehouseSdk(sdkClient: string | null): boolean {
  return sdkOfClient(sdkClient)?.identifier === GATEHOUSE_SDK_IDENTIFIER;
}

/**
 * Whether the X-SDK-Client blob is the Gatehouse SDK saying it holds a solver. Anything else — the Stytch SDK
 * ("Stytch.js Javascript SDK"), no header, an undecodable one — cannot solve.
 */
export function clientCanSolveCaptcha(sdkClient: string | null): boolean {
  const sdk = sdkOfClient(sdkClient);
  return sdk?.identifier === GATEHOUSE_SDK_IDENTIFIER && sdk.captcha === CAPTCHA_CAPABILITY;
}

/**
 * The bootstrap's `captcha_settings` for this caller (wire-format.md §4.11): on only when the project has it on
 * and the caller can solve it. The Stytch SDK always reads `{enabled:false}` (else it would load reCAPTCHA from
 * Google, §3.5).
 */
export function captchaSettingsFor(request: Pick<RequestContext, 'project' | 'sdkClient'>): CaptchaSettings {
  return projectCaptchaEnabled(request.project) && clientCanSolveCaptcha(request.sdkClient)
    ? { enabled: true, siteKey: CAPTCHA_SITE_KEY }
    : { enabled: false };
}

/** The two HMAC secrets of a project's challenges (hex of 32-byte HKDF subkeys of SECRET_KEY). */
function challengeSecrets(secrets: SecretBox, projectId: string) {
  const hex = (use: string) =>
    Buffer.from(secrets.deriveKey('captcha-challenge', `${projectId}/${use}`)).toString('hex');
  return { hmacSignatureSecret: hex('challenge'), hmacKeySignatureSecret: hex('derived-key') };
}

/** The current window of `captchaTokenUses` (the store counter a token is spent in), in ms. */
function tokenWindow(limits: RateLimits, nowMs: number): { index: number; endMs: number } {
  const durationMs = limits.settings.captchaTokenUses.durationSeconds * 1000;
  const index = Math.floor(nowMs / durationMs);
  return { index, endMs: (index + 1) * durationMs };
}

/** An action as the routes name it: a path relative to /sdk/v1 (the SDK retries the same path, so it knows the action). */
export const ACTION_PATTERN = '^/[a-z0-9_/]{1,200}$';

type ChallengeContext = Pick<AppContext, 'secrets' | 'limits' | 'clock'>;

/**
 * A challenge for `action`, harder the more this IP asked for in the current window (429 past that budget).
 */
export async function issueChallenge(
  ctx: ChallengeContext,
  request: Pick<RequestContext, 'project' | 'ip'>,
  action: string,
): Promise<CaptchaChallenge> {
  return (await issueChallengeWithWork(ctx, request, action)).challenge;
}

/** issueChallenge, with the work it asks for (its step's maxCounter: the event log's `captcha.issued`). */
export async function issueChallengeWithWork(
  ctx: ChallengeContext,
  request: Pick<RequestContext, 'project' | 'ip'>,
  action: string,
): Promise<{ challenge: CaptchaChallenge; maxCounter: number }> {
  const check = { limit: 'captchaChallengesPerIp', kind: 'ip', key: request.ip } as const;
  const earlier = (await ctx.limits.peek(check)).consumed;
  await ctx.limits.consume(check, 'Too many captcha challenges from this address. Try again later.');
  const maxCounter = maxCounterFor(earlier);
  const nowMs = ctx.clock.now().getTime();
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: 1,
    counter: randomInt(Math.floor(maxCounter / 2), maxCounter),
    deriveKey,
    data: {
      action,
      project: request.project.id,
      issued_at: nowMs,
      expires_at: Math.min(nowMs + CHALLENGE_TTL_MS, tokenWindow(ctx.limits, nowMs).endMs),
    },
    ...challengeSecrets(ctx.secrets, request.project.id),
  });
  return { challenge, maxCounter };
}

/** Why a token was refused (logged; never sent: the answer is always the same 'Captcha required'). */
export type CaptchaRefusal = 'missing' | 'malformed' | 'forged' | 'foreign' | 'expired' | 'replayed';

interface TokenPayload {
  challenge: CaptchaChallenge & { signature: string };
  solution: { counter: number; derivedKey: string };
}

function decodeToken(token: string): TokenPayload | null {
  if (token.length > 8192) return null;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<TokenPayload> | null;
    const challenge = value?.challenge;
    const solution = value?.solution;
    if (
      typeof challenge !== 'object' ||
      challenge === null ||
      typeof challenge.signature !== 'string' ||
      typeof challenge.parameters !== 'object' ||
      challenge.parameters === null ||
      typeof solution !== 'object' ||
      solution === null
    ) {
      return null;
    }
    return value as TokenPayload;
  } catch {
    return null;
  }
}

type GateContext = Pick<AppContext, 'secrets' | 'limits' | 'clock' | 'metrics'>;

export interface CaptchaGateOptions {
  /**
   * Issue 26 item 3 (Security, "captcha solved"): told of every accepted token, before the protected call goes on.
   * app.ts records it in the event log (features/audit), which infra does not know about.
   */
  onSolved?: (request: RequestContext, action: string) => Promise<void>;
}

/** The CaptchaGate of one app (built by buildApp onto ctx.captcha). */
export function createCaptchaGate(ctx: GateContext, options: CaptchaGateOptions = {}): CaptchaGate {
  const refuse = (
    request: RequestContext,
    action: string,
    reason: CaptchaRefusal,
    keyKinds: readonly LimitKeyKind[],
  ): never => {
    // Issue 9 item 4: the kind of the pressured keys and the action, never the identifier or the token.
    request.log.info({ action, reason, keyKinds }, 'captcha required');
    ctx.metrics.captchaChallenged(action);
    throw new CaptchaRequiredError(action, reason);
  };

  async function check(
    request: RequestContext,
    token: string | null,
    action: string,
  ): Promise<CaptchaRefusal | null> {
    if (token === null || token === '') return 'missing';
    const payload = decodeToken(token);
    if (payload === null) return 'malformed';
    let verified: boolean;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        ...challengeSecrets(ctx.secrets, request.project.id),
      });
      verified = result.verified;
    } catch {
      return 'malformed';
    }
    if (!verified) return 'forged';
    const data = payload.challenge.parameters.data ?? {};
    if (data.action !== action || data.project !== request.project.id) return 'foreign';
    const nowMs = ctx.clock.now().getTime();
    const { issued_at: issuedAt, expires_at: expiresAt } = data;
    if (typeof issuedAt !== 'number' || typeof expiresAt !== 'number') return 'malformed';
    if (nowMs >= expiresAt || nowMs < issuedAt) return 'expired';
    // Spent in one store counter only if every use falls in the window it was issued in (see the header).
    if (tokenWindow(ctx.limits, nowMs).index !== tokenWindow(ctx.limits, issuedAt).index) return 'expired';
    const spend = {
      limit: 'captchaTokenUses',
      kind: 'captcha_token',
      key: payload.challenge.signature,
    } as const;
    try {
      await ctx.limits.consume(spend, CAPTCHA_REQUIRED_TEXT);
    } catch (error) {
      if (isApiError(error) && error.errorType === 'too_many_requests') return 'replayed';
      throw error;
    }
    // Single use whatever RATE_LIMITS says of captchaTokenUses' points: only the first use counts. Two racing
    // uses both read 2 and both fail (closed), never both pass.
    if ((await ctx.limits.peek(spend)).consumed > 1) return 'replayed';
    return null;
  }

  return {
    canChallenge: (request) =>
      projectCaptchaEnabled(request.project) && clientCanSolveCaptcha(request.sdkClient),
    async verify(request, token, action, keyKinds = []) {
      const refusal = await check(request, token, action);
      if (refusal !== null) refuse(request, action, refusal, keyKinds);
      await options.onSolved?.(request, action);
    },
  };
}
