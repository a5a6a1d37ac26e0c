import { compactVerify, createLocalJWKSet, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type DatabaseKind,
  openTestDatabase,
  resetDatabase,
  testDatabaseKinds,
} from '../test-support/database';
import type { DatabaseHandle } from './db/client';
import { signingKeys } from './db/schema';
import { createKeyStore, SESSION_JWT_LIFETIME_MS } from './keys';

const DAY_MS = 24 * 60 * 60_000;

describe.each(testDatabaseKinds())('signing keys on %s', (kind: DatabaseKind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await resetDatabase(handle);
  });

  it('creates one ES256 key, caches it, and shares it with another instance through the table', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const first = createKeyStore({ db: handle.db, rotateAfterMs: DAY_MS });
    const second = createKeyStore({ db: handle.db, rotateAfterMs: DAY_MS });
    const [a, b] = await Promise.all([first.currentSigningKey(now), first.currentSigningKey(now)]);
    expect(a).toBe(b);
    expect((await second.currentSigningKey(now)).kid).toBe(a.kid);
    expect(await handle.db.select().from(signingKeys)).toHaveLength(1);
    const jwks = await first.publicKeys(now);
    expect(jwks).toHaveLength(1);
    expect(jwks[0]).toMatchObject({ kid: a.kid, alg: 'ES256', use: 'sig', kty: 'EC', crv: 'P-256' });
    expect(jwks[0]).not.toHaveProperty('d');
  });

  it('rotates after the configured age, keeps the old kid published until its JWTs expired, then drops it', async () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    const store = createKeyStore({ db: handle.db, rotateAfterMs: DAY_MS });
    const old = await store.currentSigningKey(t0);
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: old.kid })
      .setIssuedAt(Math.floor(t0.getTime() / 1000) + 86_399)
      .sign(old.privateKey);

    const t1 = new Date(t0.getTime() + DAY_MS + 1000);
    const current = await store.currentSigningKey(t1);
    expect(current.kid).not.toBe(old.kid);
    const published = (await store.publicKeys(t1)).map((key) => key.kid);
    expect(published).toEqual([current.kid, old.kid]);
    // A JWT signed by the old key just before it retired still verifies against the JWKS.
    const jwks = createLocalJWKSet({ keys: await store.publicKeys(t1) });
    await expect(compactVerify(jwt, jwks)).resolves.toBeTruthy();

    // Long after every JWT of the old key expired it leaves the JWKS (and the table at the next rotation).
    const t2 = new Date(t0.getTime() + DAY_MS + SESSION_JWT_LIFETIME_MS + 60 * 60_000);
    expect((await store.publicKeys(t2)).map((key) => key.kid)).toEqual([current.kid]);
    await store.currentSigningKey(new Date(t1.getTime() + DAY_MS + 1000));
    const kids = (await handle.db.select({ kid: signingKeys.kid }).from(signingKeys)).map((row) => row.kid);
    expect(kids).not.toContain(old.kid);
    expect(kids).toContain(current.kid);
  });

  it('publishes a public key that really is the signing key (and never the private part)', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const store = createKeyStore({ db: handle.db });
    const key = await store.currentSigningKey(now);
    const jwt = await new SignJWT({ a: 1 })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .sign(key.privateKey);
    const [jwk] = await store.publicKeys(now);
    const publicKey = await importJWK(jwk!, 'ES256');
    await expect(compactVerify(jwt, publicKey)).resolves.toBeTruthy();
    expect(JSON.stringify(await store.publicKeys(now))).not.toContain('"d"');
  });
});
