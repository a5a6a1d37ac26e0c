// Session JWTs (issue 2 "Sessions"): ES256, signed with the current key of the `signing_keys` table, verifiable by
// app servers against /v1/sessions/jwks/{project_id}. Claims: sub, iss (config.publicUrl), aud [project_id], iat,
// nbf, exp (5 minutes, never past the session) and the `https://gatehouse.dev/session` claim.
// Performance (issue 2 benchmark): the background refresh (SPEC §4, every 180000 ms) would otherwise sign a JWT on
// every call; a still-fresh JWT issued for the same expires_at and factors is reused from a small LRU instead.
import type { Session } from '@gatehouse/protocol';
import { SignJWT } from 'jose';
import type { AppContext } from '../../infra/context';
import type { Database } from '../../infra/db/client';
import { createKeyStore, type KeyStore, SESSION_JWT_LIFETIME_MS, SIGNING_ALGORITHM } from '../../infra/keys';

export const SESSION_CLAIM = 'https://gatehouse.dev/session';

/** A cached JWT is reused only while it has more than this left (the SDK refreshes every 3 minutes). */
const REUSE_MIN_REMAINING_MS = 60_000;
const JWT_CACHE_SIZE = 10_000;

interface CachedJwt {
  jwt: string;
  expMs: number;
  sessionExpiresAtMs: number;
  factorsKey: string;
}

export interface SessionRuntime {
  keys: KeyStore;
  jwts: Map<string, CachedJwt>;
}

// Per database (one per app instance): the key store caches the signing key, the map caches JWTs. Neither is state
// another instance needs: every instance can sign with any current key and all keys are in the shared table.
const runtimes = new WeakMap<Database, SessionRuntime>();

export function sessionRuntime(ctx: Pick<AppContext, 'db'>): SessionRuntime {
  let runtime = runtimes.get(ctx.db);
  if (!runtime) {
    runtime = { keys: createKeyStore({ db: ctx.db }), jwts: new Map() };
    runtimes.set(ctx.db, runtime);
  }
  return runtime;
}

/** Replaces the key store of this database (tests use a short rotation age). */
export function configureSessionKeys(ctx: Pick<AppContext, 'db'>, options: { rotateAfterMs: number }): void {
  runtimes.set(ctx.db, {
    keys: createKeyStore({ db: ctx.db, rotateAfterMs: options.rotateAfterMs }),
    jwts: new Map(),
  });
}

/**
 * Forgets the cached signing key and JWTs of this database. Needed when the tables were emptied under a running
 * app (test resets): the cached key would otherwise sign JWTs whose kid is no longer published.
 */
export function resetSessionRuntime(ctx: Pick<AppContext, 'db'>): void {
  runtimes.delete(ctx.db);
}

export function forgetSessionJwt(ctx: Pick<AppContext, 'db'>, sessionId: string): void {
  sessionRuntime(ctx).jwts.delete(sessionId);
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
  const runtime = sessionRuntime(ctx);
  const cached = runtime.jwts.get(input.sessionId);
  if (
    cached === undefined ||
    cached.sessionExpiresAtMs !== input.sessionExpiresAtMs ||
    cached.factorsKey !== input.factorsKey ||
    cached.expMs - ctx.clock.now().getTime() <= REUSE_MIN_REMAINING_MS
  ) {
    return null;
  }
  // LRU: move to the newest end.
  runtime.jwts.delete(input.sessionId);
  runtime.jwts.set(input.sessionId, cached);
  return cached.jwt;
}

export async function sessionJwt(ctx: AppContext, input: SessionJwtInput): Promise<string> {
  const runtime = sessionRuntime(ctx);
  const reused = reusableSessionJwt(ctx, {
    sessionId: input.session.session_id,
    sessionExpiresAtMs: input.sessionExpiresAtMs,
    factorsKey: input.factorsKey,
  });
  if (reused !== null) return reused;
  const nowMs = ctx.clock.now().getTime();
  const key = await runtime.keys.currentSigningKey(new Date(nowMs));
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
  runtime.jwts.delete(session.session_id);
  runtime.jwts.set(session.session_id, {
    jwt,
    expMs: exp * 1000,
    sessionExpiresAtMs: input.sessionExpiresAtMs,
    factorsKey: input.factorsKey,
  });
  if (runtime.jwts.size > JWT_CACHE_SIZE) {
    const oldest = runtime.jwts.keys().next();
    if (!oldest.done) runtime.jwts.delete(oldest.value);
  }
  return jwt;
}
