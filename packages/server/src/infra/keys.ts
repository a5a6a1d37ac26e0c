// Signing keys for session JWTs (issue 2 "Sessions"; DESIGN.md "Tokens and keys": jose). Asymmetric ES256 keys live
// in the `signing_keys` table so every instance signs and verifies alike; app servers verify against the JWKS at
// /v1/sessions/jwks/{project_id}. Rotation: a key signs until it is older than `rotateAfterMs`, then a new key takes
// over; the old public key stays in the JWKS until every JWT it signed has expired (retires_at + JWT lifetime +
// leeway), after which the row is deleted.
import { desc, gt, lt, sql } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { randomToken } from './crypto';
import type { Database } from './db/client';
import { signingKeys } from './db/schema';

export const SIGNING_ALGORITHM = 'ES256';

/** SPEC §9 does not name it; Stytch and security-tests.md SS-03 use 5 minutes for the session JWT. */
export const SESSION_JWT_LIFETIME_MS = 5 * 60_000;

/** Default age after which a new signing key takes over (configurable per key store). */
export const DEFAULT_KEY_ROTATION_MS = 7 * 24 * 60 * 60_000;

/** Extra time a retired key stays published: clock skew between verifiers plus JWKS caches (≤ 60 s leeway, TK-08). */
const JWKS_GRACE_MS = 10 * 60_000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  retiresAt: Date;
}

export interface PublicJwk extends JWK {
  kid: string;
  alg: string;
  use: 'sig';
}

export interface KeyStore {
  /** The key that signs now; creates (and caches) one when none is current. */
  currentSigningKey(now: Date): Promise<SigningKey>;
  /** Every public key whose JWTs may still be alive at `now`, newest first. */
  publicKeys(now: Date): Promise<PublicJwk[]>;
  /** Drops the cached signing key; the next call reads the table again. */
  forget(): void;
}

export interface KeyStoreOptions {
  db: Database;
  rotateAfterMs?: number;
}

// A transaction-level advisory lock so two instances do not both mint a key at the same rotation instant.
const ROTATION_LOCK_ID = 7_241_331;
const RECHECK_MS = 5 * 60_000;

export function createKeyStore(options: KeyStoreOptions): KeyStore {
  const { db } = options;
  const rotateAfterMs = options.rotateAfterMs ?? DEFAULT_KEY_ROTATION_MS;
  let cached: SigningKey | null = null;
  let cachedAt = 0;
  let pending: Promise<SigningKey> | null = null;

  async function loadOrCreate(now: Date): Promise<SigningKey> {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROTATION_LOCK_ID})`);
      const [current] = await tx
        .select()
        .from(signingKeys)
        .where(gt(signingKeys.retiresAt, now))
        .orderBy(desc(signingKeys.createdAt))
        .limit(1);
      if (current) return current;
      // Keys whose every JWT has expired leave the table (and so the JWKS) now.
      await tx.delete(signingKeys).where(lt(signingKeys.expiresAt, now));
      const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
      const kid = `jwk-${randomToken(12)}`;
      const retiresAt = new Date(now.getTime() + rotateAfterMs);
      const [created] = await tx
        .insert(signingKeys)
        .values({
          kid,
          algorithm: SIGNING_ALGORITHM,
          publicJwk: { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' },
          privateJwk: { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM },
          createdAt: now,
          retiresAt,
          expiresAt: new Date(retiresAt.getTime() + SESSION_JWT_LIFETIME_MS + JWKS_GRACE_MS),
        })
        .returning();
      return created!;
    });
    const privateKey = (await importJWK(row.privateJwk as JWK, SIGNING_ALGORITHM)) as CryptoKey;
    return { kid: row.kid, privateKey, retiresAt: row.retiresAt };
  }

  return {
    async currentSigningKey(now) {
      // Hot path: the key is cached in memory until it retires (issue 2 "cache the signing key in memory").
      // Re-read from the table now and then (real time) so a key row removed behind our back is not used for long.
      if (cached && cached.retiresAt.getTime() > now.getTime() && Date.now() - cachedAt < RECHECK_MS)
        return cached;
      if (!pending) {
        pending = loadOrCreate(now).finally(() => {
          pending = null;
        });
      }
      cached = await pending;
      cachedAt = Date.now();
      return cached;
    },
    forget() {
      cached = null;
      cachedAt = 0;
    },
    async publicKeys(now) {
      const rows = await db
        .select({ publicJwk: signingKeys.publicJwk })
        .from(signingKeys)
        .where(gt(signingKeys.expiresAt, now))
        .orderBy(desc(signingKeys.createdAt));
      return rows.map((row) => row.publicJwk as unknown as PublicJwk);
    },
  };
}
