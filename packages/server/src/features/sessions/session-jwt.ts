// Session JWTs (issue 2 "Sessions"): ES256, signed with the project's current key of the `signing_keys` table
// (issue 8 item 4: keys per project), verifiable by app servers against /v1/sessions/jwks/{project_id}. Claims:
// sub, iss (config.publicUrl), aud [project_id], iat, nbf, exp (5 minutes, never past the session) and the
// `https://stytch.com/session` claim — Stytch's name, so the published `stytch` Node library's authenticateJwt
// verifies Gatehouse JWTs offline (issue 13 item 2; it reads exactly that claim).
// Performance (issue 2 benchmark): the background refresh (SPEC §4, every 180000 ms) would otherwise sign a JWT on
// every call; a still-fresh JWT issued for the same expires_at and factors is reused from a small LRU instead.
import type { Session } from '@gatehouse/protocol';
import { createLocalJWKSet, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../infra/context';
import { SESSION_JWT_LIFETIME_MS, SIGNING_ALGORITHM } from '../../infra/keys';

export const SESSION_CLAIM = 'https://stytch.com/session';

/** A cached JWT is reused only while it has more than this left (the SDK refreshes every 3 minutes). */
const REUSE_MIN_REMAINING_MS = 60_000;
/** Bound of the per-app JWT cache (ctx.sessions.jwts). */
export const JWT_CACHE_SIZE = 10_000;

export interface CachedJwt {
  jwt: string;
  expMs: number;
  sessionExpiresAtMs: number;
  factorsKey: string;
}

/**
 * Puts `value` at the newest end of a per-session map (a Map iterates in insertion order) and drops the oldest past
 * JWT_CACHE_SIZE: the LRU of the JWTs here and of the answers (session-answer.ts).
 */
export function keepNewest<V>(map: Map<string, V>, sessionId: string, value: V): void {
  map.delete(sessionId);
  map.set(sessionId, value);
  if (map.size > JWT_CACHE_SIZE) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}

export function forgetSessionJwt(ctx: Pick<AppContext, 'sessions'>, sessionId: string): void {
  ctx.sessions.jwts.delete(sessionId);
  ctx.sessions.answers.delete(sessionId);
}

export interface SessionJwtInput {
  projectId: string;
  session: Session;
  sessionExpiresAtMs: number;
  /** Identity of the factor list (its stored JSON text), part of the reuse key. */
  factorsKey: string;
}

export interface ReusableSessionJwtInput {
  sessionId: string;
  sessionExpiresAtMs: number;
  factorsKey: string;
}

/**
 * The cached JWT of this session when it is still fresh and was issued for the same expires_at and factors, else
 * null. Synchronous and needs no parsed Session, so the background refresh (a hit) builds nothing to sign.
 */
export function reusableSessionJwt(ctx: AppContext, input: ReusableSessionJwtInput): string | null {
  const { jwts } = ctx.sessions;
  const cached = jwts.get(input.sessionId);
  if (
    cached === undefined ||
    cached.sessionExpiresAtMs !== input.sessionExpiresAtMs ||
    cached.factorsKey !== input.factorsKey ||
    cached.expMs - ctx.clock.now().getTime() <= REUSE_MIN_REMAINING_MS
  ) {
    return null;
  }
  keepNewest(jwts, input.sessionId, cached);
  return cached.jwt;
}

export async function sessionJwt(ctx: AppContext, input: SessionJwtInput): Promise<string> {
  const { jwts, keys } = ctx.sessions;
  const reused = reusableSessionJwt(ctx, {
    sessionId: input.session.session_id,
    sessionExpiresAtMs: input.sessionExpiresAtMs,
    factorsKey: input.factorsKey,
  });
  if (reused !== null) return reused;
  const nowMs = ctx.clock.now().getTime();
  const key = await keys.currentSigningKey(input.projectId, new Date(nowMs));
  const iat = Math.floor(nowMs / 1000);
  const exp = Math.min(iat + SESSION_JWT_LIFETIME_MS / 1000, Math.floor(input.sessionExpiresAtMs / 1000));
  const { session } = input;
  const jwt = await new SignJWT({
    [SESSION_CLAIM]: {
      id: session.session_id,
      started_at: session.started_at,
      last_accessed_at: session.last_accessed_at,
      expires_at: session.expires_at,
      attributes: session.attributes,
      authentication_factors: session.authentication_factors,
    },
  })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setSubject(session.user_id)
    .setIssuer(ctx.config.publicUrl)
    .setAudience([input.projectId])
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  keepNewest(jwts, session.session_id, {
    jwt,
    expMs: exp * 1000,
    sessionExpiresAtMs: input.sessionExpiresAtMs,
    factorsKey: input.factorsKey,
  });
  return jwt;
}

/**
 * Backend API sessions.authenticate with a session_jwt (issue 13 item 2): the JWT's signature (one of the project's
 * published keys), issuer and audience are checked; an expired JWT is accepted (Stytch: "You may provide a JWT that
 * needs to be refreshed and is expired according to its exp claim"), since the session row decides whether the
 * session still lives. Answers the session id, or null when the JWT is not one of this project's.
 */
export async function sessionIdOfJwt(
  ctx: AppContext,
  input: { projectId: string; jwt: string },
): Promise<string | null> {
  const keys = await ctx.sessions.keys.publicKeys(input.projectId, ctx.clock.now());
  const keySet = createLocalJWKSet({ keys: keys as never });
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(input.jwt, keySet, {
      algorithms: [SIGNING_ALGORITHM],
      issuer: ctx.config.publicUrl,
      audience: input.projectId,
      currentDate: ctx.clock.now(),
    }));
  } catch (error) {
    // jose checks the signature before the claims: an expired JWT's payload is authentic.
    if (!(error instanceof joseErrors.JWTExpired)) return null;
    payload = error.payload;
    if (payload.iss !== ctx.config.publicUrl) return null;
    const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audience.includes(input.projectId)) return null;
  }
  const claim = payload[SESSION_CLAIM] as { id?: unknown } | undefined;
  return typeof claim?.id === 'string' ? claim.id : null;
}
