// Signing keys for session JWTs (issue 2 "Sessions"; issue 8 item 4 "Keys at rest"; DESIGN.md "Tokens and keys":
// jose). Asymmetric ES256 keys live in the `signing_keys` table so every instance signs and verifies alike.
//
// Per project: each project has its own keys, and /v1/sessions/jwks/{project_id} publishes only that project's,
// so a key of one tenant can never verify a JWT of another (security-tests.md TK-08 "a token from another tenant's
// key"; RFC 8725 §3.9).
//
// At rest: the private JWK is stored only as AES-256-GCM ciphertext under SECRET_KEY (infra/secret-box.ts),
// bound to its project and kid, so a copy of the database cannot mint a session.
//
// Rotation: a key signs until it is older than `rotateAfterMs`; the first signature after that makes a new key.
// The old public key stays in the JWKS until every JWT it signed has expired (retires_at + JWT lifetime + grace),
// after which the row is deleted. Creation runs under a per-project advisory lock, so instances sharing the
// database agree on one current key per project.
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { randomToken } from './crypto';
import type { Database } from './db/client';
import { signingKeys } from './db/schema';
import type { SecretBox } from './secret-box';
import { assertSecretKeyRecorded, type Reencryption } from './secret-key';

export const SIGNING_ALGORITHM = 'ES256';

/** SPEC §9 does not name it; Stytch and security-tests.md SS-03 use 5 minutes for the session JWT. */
export const SESSION_JWT_LIFETIME_MS = 5 * 60_000;

/** Default age after which a new signing key takes over (configurable per key store). */
export const DEFAULT_KEY_ROTATION_MS = 7 * 24 * 60 * 60_000;

/** Extra time a retired key stays published: clock skew between verifiers plus JWKS caches (≤ 60 s leeway, TK-08). */
export const JWKS_GRACE_MS = 10 * 60_000;

export interface SigningKey {
  kid: string;
  projectId: string;
  privateKey: CryptoKey;
  retiresAt: Date;
}

export interface PublicJwk extends JWK {
  kid: string;
  alg: string;
  use: 'sig';
}

export interface KeyStore {
  /** The key that signs this project's JWTs now; creates (and caches) one when none is current. */
  currentSigningKey(projectId: string, now: Date): Promise<SigningKey>;
  /** Every public key of the project whose JWTs may still be alive at `now`, newest first. */
  publicKeys(projectId: string, now: Date): Promise<PublicJwk[]>;
  /** Drops the cached signing keys; the next call reads the table again. */
  forget(): void;
}

export interface KeyStoreOptions {
  db: Database;
  /** Encrypts new private keys and decrypts stored ones (ctx.secrets). */
  secrets: SecretBox;
  rotateAfterMs?: number;
}

// Transaction-level advisory lock (class, project) so two instances do not both mint a key for one project at the
// same rotation instant. Projects whose ids hash alike merely queue behind each other.
const ROTATION_LOCK_CLASS = 7_241_331;
/** A cached key is re-read from the table after this (real time), so a row removed behind our back is dropped. */
const RECHECK_MS = 5 * 60_000;
/** Bound of the per-app cache of current keys (one entry per project that signed recently). */
const CACHE_SIZE = 10_000;

/** AES-GCM associated data of a private key: moving the ciphertext to another row or project breaks it. */
function privateKeyContext(projectId: string, kid: string): string {
  return `${projectId}/${kid}`;
}

export function createKeyStore(options: KeyStoreOptions): KeyStore {
  const { db, secrets } = options;
  const rotateAfterMs = options.rotateAfterMs ?? DEFAULT_KEY_ROTATION_MS;
  const cache = new Map<string, { key: SigningKey; cachedAt: number }>();
  const pending = new Map<string, Promise<SigningKey>>();
  // Bumped by forget(): a load that started before it must not put its (possibly stale) key back in the cache.
  let generation = 0;

  async function loadOrCreate(projectId: string, now: Date): Promise<SigningKey> {
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROTATION_LOCK_CLASS}, hashtext(${projectId}))`);
      const [current] = await tx
        .select()
        .from(signingKeys)
        .where(and(eq(signingKeys.projectId, projectId), gt(signingKeys.retiresAt, now)))
        .orderBy(desc(signingKeys.createdAt))
        .limit(1);
      if (current) return current;
      // Before writing anything: the new key is encrypted under this app's secret, so that secret must be the
      // database's (and a concurrent SECRET_KEY rotation waits for this transaction, or this one for it).
      await assertSecretKeyRecorded(tx, secrets);
      // The project's keys whose every JWT has expired leave the table (and so the JWKS) now.
      await tx
        .delete(signingKeys)
        .where(and(eq(signingKeys.projectId, projectId), lt(signingKeys.expiresAt, now)));
      const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
      const kid = `jwk-${randomToken(12)}`;
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM };
      const retiresAt = new Date(now.getTime() + rotateAfterMs);
      const [created] = await tx
        .insert(signingKeys)
        .values({
          kid,
          projectId,
          algorithm: SIGNING_ALGORITHM,
          publicJwk: { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' },
          privateKeyCiphertext: secrets.encrypt(
            'session-signing-key',
            new TextEncoder().encode(JSON.stringify(privateJwk)),
            privateKeyContext(projectId, kid),
          ),
          createdAt: now,
          retiresAt,
          // Published until the last JWT it can sign (at retiresAt) has expired, plus skew and cache time.
          expiresAt: new Date(retiresAt.getTime() + SESSION_JWT_LIFETIME_MS + JWKS_GRACE_MS),
        })
        .returning();
      return created!;
    });
    const plaintext = secrets.decrypt(
      'session-signing-key',
      row.privateKeyCiphertext,
      privateKeyContext(row.projectId, row.kid),
    );
    const privateJwk = JSON.parse(new TextDecoder().decode(plaintext)) as JWK;
    const privateKey = (await importJWK(privateJwk, SIGNING_ALGORITHM)) as CryptoKey;
    return { kid: row.kid, projectId: row.projectId, privateKey, retiresAt: row.retiresAt };
  }

  function remember(projectId: string, key: SigningKey): void {
    cache.delete(projectId);
    cache.set(projectId, { key, cachedAt: Date.now() });
    if (cache.size > CACHE_SIZE) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
  }

  return {
    async currentSigningKey(projectId, now) {
      // Hot path: the key is cached in memory until it retires (issue 2 "cache the signing key in memory").
      // Re-read from the table now and then (real time) so a key row removed behind our back is not used for long.
      const cached = cache.get(projectId);
      if (
        cached &&
        cached.key.retiresAt.getTime() > now.getTime() &&
        Date.now() - cached.cachedAt < RECHECK_MS
      ) {
        return cached.key;
      }
      let load = pending.get(projectId);
      if (!load) {
        const started = generation;
        load = loadOrCreate(projectId, now)
          .then((key) => {
            if (started === generation) remember(projectId, key);
            return key;
          })
          .finally(() => {
            pending.delete(projectId);
          });
        pending.set(projectId, load);
      }
      return load;
    },
    forget() {
      generation += 1;
      cache.clear();
    },
    async publicKeys(projectId, now) {
      const rows = await db
        .select({ publicJwk: signingKeys.publicJwk })
        .from(signingKeys)
        .where(and(eq(signingKeys.projectId, projectId), gt(signingKeys.expiresAt, now)))
        .orderBy(desc(signingKeys.createdAt));
      return rows.map((row) => row.publicJwk as unknown as PublicJwk);
    },
  };
}

/**
 * SECRET_KEY rotation (infra/secret-key.ts checkSecretKey): every signing key's private part, decrypted under the
 * previous secret and encrypted under the new one, in the caller's transaction. The kids and public keys stay, so
 * JWTs signed before the rotation keep verifying.
 */
export const reencryptSigningKeys: Reencryption = {
  name: 'signing keys',
  async run(tx, { from, to }) {
    const rows = await tx
      .select({
        kid: signingKeys.kid,
        projectId: signingKeys.projectId,
        privateKeyCiphertext: signingKeys.privateKeyCiphertext,
      })
      .from(signingKeys)
      .for('update');
    for (const row of rows) {
      const context = privateKeyContext(row.projectId, row.kid);
      const plaintext = from.decrypt('session-signing-key', row.privateKeyCiphertext, context);
      await tx
        .update(signingKeys)
        .set({ privateKeyCiphertext: to.encrypt('session-signing-key', plaintext, context) })
        .where(eq(signingKeys.kid, row.kid));
    }
    return rows.length;
  },
};
