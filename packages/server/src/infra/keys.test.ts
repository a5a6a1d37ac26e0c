import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { compactVerify, createLocalJWKSet, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProject } from '../features/projects/project-service';
import {
  type DatabaseKind,
  openTestDatabase,
  resetDatabase,
  testDatabaseKinds,
} from '../test-support/database';
import { ProjectCache } from './auth';
import { loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { signingKeys } from './db/schema';
import {
  createKeyStore,
  JWKS_GRACE_MS,
  type KeyStore,
  reencryptSigningKeys,
  SESSION_JWT_LIFETIME_MS,
  type SigningKey,
} from './keys';
import { createSecretBox, SecretDecryptionError } from './secret-box';
import { checkSecretKey, SecretKeyMismatchError } from './secret-key';

const DAY_MS = 24 * 60 * 60_000;

function newSecretBox() {
  return createSecretBox(randomBytes(32).toString('base64url'));
}

describe.each(testDatabaseKinds())('signing keys on %s', (kind: DatabaseKind) => {
  let handle: DatabaseHandle;
  let projectA: string;
  let projectB: string;
  const secrets = newSecretBox();

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await resetDatabase(handle);
    const ctx = {
      db: handle.db,
      config: loadConfig({}),
      projects: new ProjectCache({ db: handle.db, excludeDevelopment: false }),
    };
    const create = async (name: string) =>
      (
        await createProject(ctx, {
          name,
          allowedOrigins: [],
          allowedRedirectUrls: [],
          enabledProducts: ['emailMagicLinks'],
        })
      ).project.id;
    projectA = await create('A');
    projectB = await create('B');
  });

  /** Every column of every signing_keys row as text (what a database dump shows). */
  async function dumpSigningKeys(): Promise<string> {
    const result = await handle.db.execute(sql`SELECT x::text AS row FROM signing_keys x`);
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
  }

  /** The private JWK of a key as stored: decrypted from its row under the right secret (the key is not extractable). */
  async function storedPrivateJwk(key: SigningKey, box = secrets): Promise<JWK> {
    const [row] = await handle.db.select().from(signingKeys).where(eq(signingKeys.kid, key.kid));
    const plaintext = box.decrypt(
      'session-signing-key',
      row!.privateKeyCiphertext,
      `${key.projectId}/${key.kid}`,
    );
    const jwk = JSON.parse(new TextDecoder().decode(plaintext)) as JWK;
    expect(jwk.d).toMatch(/^[\w-]{43}$/);
    return jwk;
  }

  /** The stored private key really is the key that signs: a JWT it signs verifies with the published key. */
  async function expectSameKey(jwk: JWK, key: SigningKey, store: KeyStore): Promise<void> {
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .sign(await importJWK(jwk, 'ES256'));
    const jwks = createLocalJWKSet({ keys: await store.publicKeys(key.projectId, new Date('2030-01-01')) });
    await expect(compactVerify(jwt, jwks)).resolves.toBeTruthy();
  }

  it('creates one ES256 key per project, caches it, and shares it with another instance through the table', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const first = createKeyStore({ db: handle.db, secrets, rotateAfterMs: DAY_MS });
    const second = createKeyStore({ db: handle.db, secrets, rotateAfterMs: DAY_MS });
    // Two instances asking at the same instant (on PostgreSQL on two connections) end with one key.
    const [a, b, c] = await Promise.all([
      first.currentSigningKey(projectA, now),
      first.currentSigningKey(projectA, now),
      second.currentSigningKey(projectA, now),
    ]);
    expect(a).toBe(b);
    expect(c.kid).toBe(a.kid);
    expect(await first.currentSigningKey(projectA, now)).toBe(a);
    expect(await handle.db.select().from(signingKeys)).toHaveLength(1);
    const jwks = await first.publicKeys(projectA, now);
    expect(jwks).toHaveLength(1);
    expect(jwks[0]).toMatchObject({ kid: a.kid, alg: 'ES256', use: 'sig', kty: 'EC', crv: 'P-256' });
    expect(jwks[0]).not.toHaveProperty('d');

    const other = await second.currentSigningKey(projectB, now);
    expect(other.kid).not.toBe(a.kid);
    expect(other.projectId).toBe(projectB);
    expect(await handle.db.select().from(signingKeys)).toHaveLength(2);
  });

  it('publishes only the project’s own keys: another project’s key verifies none of its JWTs', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const store = createKeyStore({ db: handle.db, secrets });
    const keyA = await store.currentSigningKey(projectA, now);
    const keyB = await store.currentSigningKey(projectB, now);
    const jwksA = await store.publicKeys(projectA, now);
    const jwksB = await store.publicKeys(projectB, now);
    expect(jwksA.map((key) => key.kid)).toEqual([keyA.kid]);
    expect(jwksB.map((key) => key.kid)).toEqual([keyB.kid]);

    // A JWT signed by B's key, even one claiming A's kid, fails against A's JWKS.
    for (const kid of [keyB.kid, keyA.kid]) {
      const forged = await new SignJWT({ aud: [projectA] })
        .setProtectedHeader({ alg: 'ES256', kid })
        .sign(keyB.privateKey);
      await expect(compactVerify(forged, createLocalJWKSet({ keys: jwksA }))).rejects.toThrow();
    }
    const genuine = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: keyA.kid })
      .sign(keyA.privateKey);
    await expect(compactVerify(genuine, createLocalJWKSet({ keys: jwksA }))).resolves.toBeTruthy();
    await expect(compactVerify(genuine, createLocalJWKSet({ keys: jwksB }))).rejects.toThrow();
  });

  it('rotates after the configured age, keeps the old kid published until its last JWT expired, then drops it', async () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    const store = createKeyStore({ db: handle.db, secrets, rotateAfterMs: DAY_MS });
    const old = await store.currentSigningKey(projectA, t0);
    // The last JWT the old key can sign: one millisecond before it retires, valid for the whole JWT lifetime.
    const lastSignedAt = t0.getTime() + DAY_MS - 1;
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: old.kid })
      .setIssuedAt(Math.floor(lastSignedAt / 1000))
      .sign(old.privateKey);
    expect((await store.currentSigningKey(projectA, new Date(lastSignedAt))).kid).toBe(old.kid);

    const t1 = new Date(t0.getTime() + DAY_MS + 1000);
    const current = await store.currentSigningKey(projectA, t1);
    expect(current.kid).not.toBe(old.kid);
    const published = (await store.publicKeys(projectA, t1)).map((key) => key.kid);
    expect(published).toEqual([current.kid, old.kid]);
    // A JWT signed by the old key just before it retired still verifies against the JWKS.
    const jwks = createLocalJWKSet({ keys: await store.publicKeys(projectA, t1) });
    await expect(compactVerify(jwt, jwks)).resolves.toBeTruthy();

    // Published until retires_at + JWT lifetime + grace, and not a millisecond after.
    const [row] = await handle.db.select().from(signingKeys).where(eq(signingKeys.kid, old.kid));
    expect(row!.retiresAt.getTime()).toBe(t0.getTime() + DAY_MS);
    const unpublishedAt = t0.getTime() + DAY_MS + SESSION_JWT_LIFETIME_MS + JWKS_GRACE_MS;
    expect(row!.expiresAt.getTime()).toBe(unpublishedAt);
    const kidsAt = async (ms: number) =>
      (await store.publicKeys(projectA, new Date(ms))).map((key) => key.kid);
    expect(await kidsAt(lastSignedAt + SESSION_JWT_LIFETIME_MS)).toContain(old.kid);
    expect(await kidsAt(unpublishedAt - 1)).toContain(old.kid);
    expect(await kidsAt(unpublishedAt)).toEqual([current.kid]);

    // At the next rotation the expired row leaves the table.
    await store.currentSigningKey(projectA, new Date(t1.getTime() + DAY_MS + 1000));
    const kids = (await handle.db.select({ kid: signingKeys.kid }).from(signingKeys)).map((r) => r.kid);
    expect(kids).not.toContain(old.kid);
    expect(kids).toContain(current.kid);
  });

  it('rotates one project without touching another’s keys', async () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    const store = createKeyStore({ db: handle.db, secrets, rotateAfterMs: DAY_MS });
    const a0 = await store.currentSigningKey(projectA, t0);
    const b0 = await store.currentSigningKey(projectB, t0);
    const later = new Date(t0.getTime() + 3 * DAY_MS);
    const a1 = await store.currentSigningKey(projectA, later);
    expect(a1.kid).not.toBe(a0.kid);
    // A's expired key is gone, B's (expired too, but B signed nothing since) stays until B rotates.
    const kids = (await handle.db.select({ kid: signingKeys.kid }).from(signingKeys)).map((r) => r.kid);
    expect(kids.sort()).toEqual([a1.kid, b0.kid].sort());
    expect(await store.publicKeys(projectB, later)).toEqual([]);
  });

  it('publishes a public key that really is the signing key (and never the private part)', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const store = createKeyStore({ db: handle.db, secrets });
    const key = await store.currentSigningKey(projectA, now);
    const jwt = await new SignJWT({ a: 1 })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .sign(key.privateKey);
    const [jwk] = await store.publicKeys(projectA, now);
    const publicKey = await importJWK(jwk!, 'ES256');
    await expect(compactVerify(jwt, publicKey)).resolves.toBeTruthy();
    const { d } = await storedPrivateJwk(key);
    expect(JSON.stringify(await store.publicKeys(projectA, now))).not.toContain(d);
  });

  it('issue 8: the rows hold no private key material in the clear, and another secret cannot decrypt them', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const store = createKeyStore({ db: handle.db, secrets });
    const keyA = await store.currentSigningKey(projectA, now);
    const keyB = await store.currentSigningKey(projectB, now);
    const dump = await dumpSigningKeys();
    expect(dump).toContain(keyA.kid);
    for (const key of [keyA, keyB]) {
      const d = (await storedPrivateJwk(key)).d!;
      expect(dump).not.toContain(d);
      // Nor as hex or standard base64 of the raw scalar.
      const raw = Buffer.from(d, 'base64url');
      expect(dump).not.toContain(raw.toString('hex'));
      expect(dump).not.toContain(raw.toString('base64').replace(/=+$/, ''));
    }

    const [row] = await handle.db.select().from(signingKeys).where(eq(signingKeys.kid, keyA.kid));
    const context = `${projectA}/${keyA.kid}`;
    // The right secret and row decrypt to the key in use…
    await expectSameKey(await storedPrivateJwk(keyA), keyA, store);
    // …another secret does not, nor does the same ciphertext under another row or project.
    expect(() => newSecretBox().decrypt('session-signing-key', row!.privateKeyCiphertext, context)).toThrow(
      SecretDecryptionError,
    );
    expect(() =>
      secrets.decrypt('session-signing-key', row!.privateKeyCiphertext, `${projectB}/${keyA.kid}`),
    ).toThrow(/SECRET_KEY/);
    expect(() =>
      secrets.decrypt('session-signing-key', row!.privateKeyCiphertext, `${projectA}/${keyB.kid}`),
    ).toThrow(SecretDecryptionError);
  });

  it('a key store under another secret refuses to use the keys, naming SECRET_KEY', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    await checkSecretKey({ db: handle.db, secrets, previous: null, reencryptions: [], now });
    await createKeyStore({ db: handle.db, secrets }).currentSigningKey(projectA, now);
    const intruder = createKeyStore({ db: handle.db, secrets: newSecretBox() });
    // The stored key does not decrypt…
    await expect(intruder.currentSigningKey(projectA, now)).rejects.toThrow(SecretDecryptionError);
    // …and no key is created under the other secret either (the recorded fingerprint differs).
    await expect(intruder.currentSigningKey(projectB, now)).rejects.toThrow(SecretKeyMismatchError);
    await expect(intruder.currentSigningKey(projectB, now)).rejects.toThrow(/SECRET_KEY does not match/);
    expect(await handle.db.select().from(signingKeys)).toHaveLength(1);
  });

  it('records the fingerprint with the first key when none is recorded (a database emptied under the app)', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    await createKeyStore({ db: handle.db, secrets }).currentSigningKey(projectA, now);
    await expect(
      checkSecretKey({ db: handle.db, secrets: newSecretBox(), previous: null, reencryptions: [], now }),
    ).rejects.toThrow(SecretKeyMismatchError);
    await expect(
      checkSecretKey({ db: handle.db, secrets, previous: null, reencryptions: [], now }),
    ).resolves.toEqual({ outcome: 'matched' });
  });

  it('re-encrypts every key under a new secret, keeping kids and public keys', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const store = createKeyStore({ db: handle.db, secrets, rotateAfterMs: DAY_MS });
    const keyA = await store.currentSigningKey(projectA, now);
    await store.currentSigningKey(projectB, now);
    const dBefore = (await storedPrivateJwk(keyA)).d;
    const before = await handle.db.select().from(signingKeys).orderBy(signingKeys.kid);
    const next = newSecretBox();
    const count = await handle.db.transaction((tx) =>
      reencryptSigningKeys.run(tx, { from: secrets, to: next }),
    );
    expect(count).toBe(2);
    const after = await handle.db.select().from(signingKeys).orderBy(signingKeys.kid);
    expect(after.map((row) => [row.kid, row.publicJwk])).toEqual(
      before.map((row) => [row.kid, row.publicJwk]),
    );
    const rowA = after.find((row) => row.kid === keyA.kid)!;
    const context = `${projectA}/${keyA.kid}`;
    expect(() => secrets.decrypt('session-signing-key', rowA.privateKeyCiphertext, context)).toThrow(
      SecretDecryptionError,
    );
    expect((await storedPrivateJwk(keyA, next)).d).toBe(dBefore);
    await expectSameKey(await storedPrivateJwk(keyA, next), keyA, store);
    // A store under the new secret signs with the same key.
    const renewed = createKeyStore({ db: handle.db, secrets: next, rotateAfterMs: DAY_MS });
    expect((await renewed.currentSigningKey(projectA, now)).kid).toBe(keyA.kid);

    // A row that does not decrypt under the old secret rolls the whole re-encryption back.
    await expect(
      handle.db.transaction((tx) => reencryptSigningKeys.run(tx, { from: secrets, to: newSecretBox() })),
    ).rejects.toThrow(SecretDecryptionError);
    expect(
      (await handle.db.select().from(signingKeys).orderBy(signingKeys.kid)).map(
        (row) => row.privateKeyCiphertext,
      ),
    ).toEqual(after.map((row) => row.privateKeyCiphertext));
  });
});
