// Google One Tap, server side (issue 11 item 2; SPEC §2 "A provider marked one_tap shows a Google One Tap prompt",
// SPEC §4 One Tap states, SPEC §8 One Tap errors; wire-format.md §8 oneTapStart / oneTapSubmit).
//
// start: the widget asks for the project's Google client id and a CSRF token. The token is random (256 bits), only
// its SHA-256 is stored, it lives ONE_TAP_LIFETIME_MS and is consumed by the first submit that presents it,
// whatever that submit's outcome. The ID token's nonce is derived from it (oneTapNonce): the widget hands the nonce
// to Google's script, Google signs it into the ID token, and submit recomputes it from the CSRF token — so an ID
// token minted for another prompt (or another site) cannot be replayed here (security-tests.md TK-06, V10.5.1).
//
// submit: the ID token is verified with jose against Google's key set (the google preset's JWKS URL, overridable in
// the project file): RS256 only, audience = the project's client id, issuer accounts.google.com or
// https://accounts.google.com (exactly the configured issuer when overridden), expiry, nonce. Then the sign-in ends
// in completeProviderLogin like every provider callback: the user is keyed by (google, sub), and linked by e-mail
// only when Google asserts the address verified (presets/google.ts).
//
// The SPEC §4 states other than none are error types (@gatehouse/protocol ONE_TAP_ERROR_TYPES), checked in this
// order by both calls so the widget learns a configuration problem at start, before the prompt shows:
//   oauth_config_not_found        no Google client in the project file;
//   default_provider_not_allowed  a Google client without `one_tap: true`;
//   origin_not_allowed_for_client the page cannot host One Tap (no Origin, or not https; http only on localhost,
//                                 Google's own rule for authorised JavaScript origins);
//   no_login_redirect_urls_set / no_signup_redirect_urls_set  nowhere to send the user afterwards;
//   invalid_client                (submit) the ID token was issued to another client id than the project's.

import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { AppContext, ProjectRecord, RequestContext } from '../../infra/context';
import { constantTimeEqual, newId, randomToken, sha256 } from '../../infra/crypto';
import { oauthOneTapRequests } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { redirectAllowlist, resolveRedirectUrl } from '../magic-links/redirect-url';
import { oauthProviderConfig, type ResolvedProviderConfig } from './config';
import { completeProviderLogin } from './login';
import { GOOGLE_ISSUER, GOOGLE_ISSUERS, GOOGLE_JWKS_URL, googlePreset } from './presets/google';
import { UNBOUND_ONE_TAP_CHALLENGE } from './store';

/** A prompt must be answered within 10 minutes (the same bound as an OAuth `state`, security-tests.md TK-02). */
export const ONE_TAP_LIFETIME_MS = 10 * 60_000;
/** Leeway on the ID token's exp/iat/nbf against the server clock (TK-08 allows at most 60 s). */
export const ID_TOKEN_CLOCK_TOLERANCE_SECONDS = 30;
/** Google signs ID tokens with RS256; no other algorithm is accepted (no `none`, no HMAC with a public key). */
const ID_TOKEN_ALGORITHMS = ['RS256'];
const CSRF_TOKEN_BYTES = 32;
/** The scopes One Tap grants (Google's ID token carries the openid, email and profile claims). */
const ONE_TAP_SCOPES = ['openid', 'email', 'profile'];

/** What the One Tap calls need from the rest of the OAuth feature; tests may swap either. */
export interface OneTapDependencies {
  providerConfig: typeof oauthProviderConfig;
  completeProviderLogin: typeof completeProviderLogin;
}

export const DEFAULT_ONE_TAP_DEPENDENCIES: OneTapDependencies = {
  providerConfig: oauthProviderConfig,
  completeProviderLogin,
};

export interface OneTapStartAnswer {
  google_client_id: string;
  csrf_token: string;
  oauth_callback_id: string;
  /** The nonce to give Google's script (oneTapNonce(csrf_token)); the widget may also derive it itself. */
  nonce: string;
  /** The project file's `one_tap_script_url`, when set: the widget loads this instead of Google's GSI script. */
  google_script_url?: string;
}

export interface OneTapSubmitBody {
  id_token: string;
  csrf_token: string;
  oauth_callback_id: string;
  login_redirect_url?: string | undefined;
  signup_redirect_url?: string | undefined;
  code_challenge?: string | undefined;
}

/**
 * The ID-token nonce of a prompt: base64url(SHA-256("gatehouse-one-tap-nonce:" + csrf_token)). A hash, so the CSRF
 * token itself never travels to Google, and domain-separated from the stored hash of the token.
 */
export function oneTapNonce(csrfToken: string): string {
  return Buffer.from(sha256(`gatehouse-one-tap-nonce:${csrfToken}`)).toString('base64url');
}

// ---------------------------------------------------------------------------------------------------------------
// Checks (each a small named function, DESIGN.md convention 1).

/** oauth_config_not_found / default_provider_not_allowed: the project's Google client, enabled for One Tap. */
async function googleOneTapClient(
  ctx: AppContext,
  projectId: string,
  dependencies: OneTapDependencies,
): Promise<ResolvedProviderConfig> {
  const config = await dependencies.providerConfig(ctx, projectId, 'google');
  if (config === null) {
    throw new ApiError('oauth_config_not_found', 'No Google OAuth client is configured for this project.');
  }
  if (!config.oneTap) {
    throw new ApiError(
      'default_provider_not_allowed',
      'The Google OAuth client of this project is not enabled for One Tap (set "one_tap": true).',
    );
  }
  return config;
}

/** origin_not_allowed_for_client: One Tap renders only on https pages, or http on localhost (Google's rule). */
export function assertOneTapOrigin(origin: string | null): void {
  let url: URL | null = null;
  try {
    url = origin === null ? null : new URL(origin);
  } catch {
    url = null;
  }
  const allowed =
    url !== null && (url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost'));
  if (!allowed) {
    throw new ApiError(
      'origin_not_allowed_for_client',
      "One Tap cannot render because the current host is not allowed for this project: One Tap needs an https origin (or http://localhost) listed among the Google client's authorised JavaScript origins.",
    );
  }
}

/** no_login_redirect_urls_set / no_signup_redirect_urls_set: somewhere to send the user after the sign-in. */
export function assertRedirectUrlsSet(
  project: Pick<ProjectRecord, 'allowedRedirectUrls'>,
  requested: { login: string | null; signup: string | null },
): void {
  if (project.allowedRedirectUrls.length > 0) return;
  if (requested.login === null) {
    throw new ApiError(
      'no_login_redirect_urls_set',
      'No login redirect URL was given and the project has no allowed redirect URL to use.',
    );
  }
  if (requested.signup === null) {
    throw new ApiError(
      'no_signup_redirect_urls_set',
      'No signup redirect URL was given and the project has no allowed redirect URL to use.',
    );
  }
}

function invalidCsrfToken(): ApiError {
  return new ApiError(
    'invalid_csrf_token',
    'The One Tap CSRF token is unknown, already used or expired; start One Tap again.',
  );
}

/** The prompt named by the CSRF token, deleted in the same statement (single use, whatever happens next). */
async function consumeOneTapRequest(
  ctx: AppContext,
  rc: Pick<RequestContext, 'project' | 'tokenMode'>,
  body: Pick<OneTapSubmitBody, 'csrf_token' | 'oauth_callback_id'>,
): Promise<{ startedAt: Date }> {
  const [row] = await ctx.db
    .delete(oauthOneTapRequests)
    .where(
      and(
        eq(oauthOneTapRequests.csrfTokenHash, sha256(body.csrf_token)),
        eq(oauthOneTapRequests.projectId, rc.project.id),
      ),
    )
    .returning();
  if (row === undefined) throw invalidCsrfToken();
  const sameCallback = constantTimeEqual(sha256(row.id), sha256(body.oauth_callback_id));
  const live = row.expiresAt.getTime() > ctx.clock.now().getTime();
  if (!sameCallback || !live || row.tokenMode !== rc.tokenMode) throw invalidCsrfToken();
  return { startedAt: row.createdAt };
}

// ---------------------------------------------------------------------------------------------------------------
// ID-token verification.

/** Google's key sets by URL, one per app (DESIGN.md convention 12: dies with the app's context). */
const keySets = new WeakMap<object, Map<string, JWTVerifyGetKey>>();
/** Key-set URLs come from the project file, so there are few; the bound only guards against a runaway config. */
const MAX_KEY_SETS_PER_APP = 64;

/**
 * The remote key set at `url` for the app of `ctx`: jose caches the keys (10 minutes) and refetches on an unknown
 * `kid` at most once per 30 s (security-tests.md FT-05: a rotated key set is picked up, a flood of unknown kids is
 * not a flood of fetches). Only configured URLs are ever fetched, never one named by a token (`jku`).
 */
export function googleKeySet(ctx: object, url: string): JWTVerifyGetKey {
  let sets = keySets.get(ctx);
  if (sets === undefined) {
    sets = new Map();
    keySets.set(ctx, sets);
  }
  let keySet = sets.get(url);
  if (keySet === undefined) {
    if (sets.size >= MAX_KEY_SETS_PER_APP) sets.clear();
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    sets.set(url, keySet);
  }
  return keySet;
}

function invalidIdToken(message = 'The Google ID token is invalid or expired.'): ApiError {
  return new ApiError('invalid_id_token', message);
}

export interface VerifyIdTokenOptions {
  idToken: string;
  clientId: string;
  /** The configured issuer: Google's (either form accepted), or an override taken exactly. */
  issuer: string;
  keySet: JWTVerifyGetKey;
  nonce: string;
  /**
   * When the prompt started (its start call). An ID token without a nonce is accepted only if Google issued it
   * after that moment (see below); null: a nonce is required.
   */
  promptStartedAt: Date | null;
  now: Date;
  log?: FastifyBaseLogger;
}

/** Verifies a One Tap ID token (see the file header); answers its claims or throws invalid_client / invalid_id_token. */
export async function verifyOneTapIdToken(options: VerifyIdTokenOptions): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(options.idToken, options.keySet, {
      algorithms: ID_TOKEN_ALGORITHMS,
      issuer: options.issuer === GOOGLE_ISSUER ? [...GOOGLE_ISSUERS] : options.issuer,
      audience: options.clientId,
      currentDate: options.now,
      clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'aud') {
      throw new ApiError(
        'invalid_client',
        "The ID token was issued to another client ID than this project's Google client; the client ID must match the one in the project file.",
      );
    }
    if (error instanceof joseErrors.JOSEError && !isKeySetFailure(error)) throw invalidIdToken();
    // The key set could not be fetched or read (Google down, a bad override): logged, and the sign-in refused
    // like a bad token (FT-05: that provider fails, nothing else does).
    options.log?.warn({ err: error }, 'One Tap: the Google key set could not be used');
    throw invalidIdToken('The Google signing keys could not be fetched; try again.');
  }
  if (payload.nonce === undefined) {
    assertIssuedDuringPrompt(payload, options);
    return payload;
  }
  const expected = sha256(options.nonce);
  const received = sha256(typeof payload.nonce === 'string' ? payload.nonce : '');
  if (!constantTimeEqual(expected, received)) throw invalidIdToken();
  return payload;
}

/**
 * Issue 14 item 1, a deviation the wire protocol forces (README "Where the wire protocol decides against the
 * catalogue", TK-06): the Stytch pre-built UI starts Google's prompt without a nonce (its `initialize` passes
 * client_id, callback, auto_select, context, itp_support and use_fedcm_for_prompt only), so its ID tokens carry
 * none. Such a token is bound to the prompt by time instead: Google must have issued it (`iat`) after this
 * prompt's start, which the page holding the single-use CSRF token asked for. A token captured from an earlier
 * sign-in is older than any prompt started since, so it cannot be replayed once its own prompt is spent; what the
 * nonce adds (a token stolen while another prompt of the attacker is still open) is what this gives up.
 */
function assertIssuedDuringPrompt(payload: JWTPayload, options: VerifyIdTokenOptions): void {
  if (options.promptStartedAt === null || typeof payload.iat !== 'number') throw invalidIdToken();
  const earliest = options.promptStartedAt.getTime() / 1000 - ID_TOKEN_CLOCK_TOLERANCE_SECONDS;
  if (payload.iat < earliest) throw invalidIdToken();
}

function isKeySetFailure(error: InstanceType<typeof joseErrors.JOSEError>): boolean {
  return error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid;
}

// ---------------------------------------------------------------------------------------------------------------
// The two calls.

/** POST /sdk/v1/oauth/google/onetap/start. */
export async function startOneTap(
  ctx: AppContext,
  rc: RequestContext,
  options: { origin: string | null; dependencies?: OneTapDependencies },
): Promise<OneTapStartAnswer> {
  const dependencies = options.dependencies ?? DEFAULT_ONE_TAP_DEPENDENCIES;
  const client = await googleOneTapClient(ctx, rc.project.id, dependencies);
  assertOneTapOrigin(options.origin);
  assertRedirectUrlsSet(rc.project, { login: null, signup: null });
  const csrfToken = randomToken(CSRF_TOKEN_BYTES);
  const id = newId('oauth-one-tap', rc.tokenMode);
  const now = ctx.clock.now();
  await ctx.db.insert(oauthOneTapRequests).values({
    id,
    projectId: rc.project.id,
    tokenMode: rc.tokenMode,
    csrfTokenHash: sha256(csrfToken),
    expiresAt: new Date(now.getTime() + ONE_TAP_LIFETIME_MS),
    createdAt: now,
  });
  return {
    google_client_id: client.clientId,
    csrf_token: csrfToken,
    oauth_callback_id: id,
    nonce: oneTapNonce(csrfToken),
    ...(client.oneTapScriptUrl === null ? {} : { google_script_url: client.oneTapScriptUrl }),
  };
}

/** POST /sdk/v1/oauth/google/onetap/submit → where the browser goes next, with the single-use oauth token. */
export async function submitOneTap(
  ctx: AppContext,
  rc: RequestContext,
  options: { origin: string | null; body: OneTapSubmitBody; dependencies?: OneTapDependencies },
): Promise<{ redirect_url: string }> {
  const { body } = options;
  const dependencies = options.dependencies ?? DEFAULT_ONE_TAP_DEPENDENCIES;
  const client = await googleOneTapClient(ctx, rc.project.id, dependencies);
  assertOneTapOrigin(options.origin);
  const requested = {
    login: body.login_redirect_url ?? null,
    signup: body.signup_redirect_url ?? null,
  };
  assertRedirectUrlsSet(rc.project, requested);
  // RD-01: an URL off the allowlist is refused before the prompt is spent (completeProviderLogin checks again).
  for (const [kind, requestedUrl] of [
    ['login', requested.login],
    ['signup', requested.signup],
  ] as const) {
    resolveRedirectUrl({
      requested: requestedUrl,
      ...redirectAllowlist(rc.project),
      kind,
      field: `${kind}_redirect_url`,
    });
  }
  const prompt = await consumeOneTapRequest(ctx, rc, body);
  const claims = await verifyOneTapIdToken({
    idToken: body.id_token,
    clientId: client.clientId,
    issuer: client.endpoints.issuer ?? GOOGLE_ISSUER,
    keySet: googleKeySet(ctx, client.endpoints.jwks ?? GOOGLE_JWKS_URL),
    nonce: oneTapNonce(body.csrf_token),
    promptStartedAt: prompt.startedAt,
    now: ctx.clock.now(),
    log: rc.log,
  });
  const profile = googlePreset.mapProfile({
    tokens: { id_token: body.id_token },
    idTokenClaims: claims as Record<string, unknown>,
  });
  const { redirectUrl } = await dependencies.completeProviderLogin(ctx, rc, {
    projectId: rc.project.id,
    provider: 'google',
    profile,
    tokens: { access_token: '', id_token: body.id_token, refresh_token: '', scopes: ONE_TAP_SCOPES },
    loginRedirectUrl: requested.login,
    signupRedirectUrl: requested.signup,
    // Issue 20 item 6: bound to the app's challenge when it sent one (Gatehouse's SDK, where the project requires
    // PKCE); otherwise marked as One Tap's, which the Stytch services page cannot bind (store.ts).
    codeChallenge: body.code_challenge ?? UNBOUND_ONE_TAP_CHALLENGE,
  });
  return { redirect_url: redirectUrl };
}
