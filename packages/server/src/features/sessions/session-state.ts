// The per-app state of sessions (DESIGN.md convention 12), built once by buildApp and kept on ctx.sessions:
// the batched session lookup (behind the session cache, session-cache.ts), the signing
// keys and the cache of recently issued JWTs. Nothing here is state another instance needs: every instance reads
// the same session rows and signing keys from the database.

import type { Clock } from '../../infra/context';
import type { Database } from '../../infra/db/client';
import { createKeyStore, type KeyStore } from '../../infra/keys';
import type { SecretBox } from '../../infra/secret-box';
import type { KeptAnswers } from './session-answer';
import { SessionCache } from './session-cache';
import type { CachedJwt } from './session-jwt';
import { SESSION_LOOKUP_SLOTS, SessionLookupBatcher } from './session-lookup';

export interface SessionState {
  /** Where a check reads its row: the cache in front of the batched lookup, told of every write by app.ts. */
  cache: SessionCache;
  keys: KeyStore;
  /** Session id → its newest JWT (an LRU, bounded by session-jwt.ts JWT_CACHE_SIZE). */
  jwts: Map<string, CachedJwt>;
  /** Session id → its last check's answer and what it was built from (session-answer.ts, bounded alike). */
  answers: KeptAnswers;
}

export interface SessionStateOptions {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** SECRET_KEY's box (ctx.secrets): signing keys are stored encrypted under it. */
  secrets: SecretBox;
  /** Age after which a new signing key takes over (infra/keys.ts default: 7 days). */
  keyRotationMs?: number;
  /** The session cache's clock (session-cache.ts; app.ts subscribes the cache to every write). */
  cacheClock: Clock;
}

export function createSessionState(options: SessionStateOptions): SessionState {
  const batcher = new SessionLookupBatcher(options.db, SESSION_LOOKUP_SLOTS[options.kind]);
  return {
    cache: new SessionCache(batcher, options.cacheClock),
    keys: createKeyStore({
      db: options.db,
      secrets: options.secrets,
      ...(options.keyRotationMs !== undefined ? { rotateAfterMs: options.keyRotationMs } : {}),
    }),
    jwts: new Map(),
    answers: new Map(),
  };
}

/**
 * Forgets the cached signing key and JWTs, for when the signing_keys table changed behind this app's back (a
 * table emptied under a running app, keys re-encrypted by another instance): the cached key would otherwise sign
 * JWTs whose kid is no longer published. The next JWT loads the current key from the table.
 */
export function forgetSigningKeys(state: SessionState): void {
  state.keys.forget();
  state.jwts.clear();
  state.answers.clear();
}
