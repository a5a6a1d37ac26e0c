// Issue 14 item 3: a user whose stored hash came from an import (bcrypt, Firebase scrypt, PBKDF2, salted SHA, …)
// signs in through POST /passwords/authenticate with the old password, and that sign-in replaces the row with
// argon2id; a wrong password is refused and leaves the imported hash as it was. Runs on every database kind.
import { createHash, pbkdf2Sync } from 'node:crypto';
import { ROUTES } from '@gatehouse/protocol';
import { hash as argon2Hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwords } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { bcryptHash } from '../import/fixtures/bcrypt';
import { firebaseScryptHash, phc } from '../import/password-schemes';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { createPasswordHasher } from './hashing';
import { WRONG_PASSWORD_MESSAGE } from './service';
import { STRONG, STRONG_2 } from './test-helpers';

const P = ROUTES.passwords;
const SALT = new Uint8Array(Buffer.from('fixed-salt-16byt'));

/** Legacy hashes of `password`, with cheap parameters (the schemes themselves are tested in password-schemes.test.ts). */
async function legacyHashes(password: string): Promise<Record<string, string>> {
  const firebase = {
    memCost: 10,
    rounds: 8,
    saltSeparator: new Uint8Array([7]),
    signerKey: new Uint8Array(64).fill(42),
    salt: SALT,
  };
  const bytes = Buffer.from(password, 'utf8');
  return {
    bcrypt: await bcryptHash(password, { cost: 4, salt: SALT }),
    'firebase-scrypt': phc.firebaseScrypt({
      ...firebase,
      hash: await firebaseScryptHash(password, firebase),
    }),
    'pbkdf2-sha256': phc.pbkdf2({
      digest: 'sha256',
      iterations: 1000,
      salt: SALT,
      hash: new Uint8Array(pbkdf2Sync(password, SALT, 1000, 32, 'sha256')),
    }),
    'salted-sha512': phc.saltedSha({
      digest: 'sha512',
      position: 'suffix',
      salt: SALT,
      hash: new Uint8Array(
        createHash('sha512')
          .update(Buffer.concat([bytes, SALT]))
          .digest(),
      ),
    }),
    // 1 = Argon2i: an argon2 variant other than argon2id is also legacy.
    argon2i: await argon2Hash(password, { algorithm: 1, memoryCost: 1024, timeCost: 1, salt: SALT }),
  };
}

describe.each(testDatabaseKinds())('sign-in with an imported password hash on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;
  let hashes: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
    hashes = await legacyHashes(STRONG);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const post = (url: string, body: unknown) =>
    sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, body });

  /** A user with an e-mail and a password row, whose hash is then replaced by the imported one. */
  async function userWithStoredHash(email: string, stored: string): Promise<string> {
    const created = await post(P.create, { email, password: STRONG, session_duration_minutes: 30 });
    expect(created.statusCode, created.body).toBe(200);
    const userId = created.json().data.user_id as string;
    await t.ctx.db.update(passwords).set({ hash: stored }).where(eq(passwords.userId, userId));
    return userId;
  }

  async function storedHash(userId: string): Promise<string | undefined> {
    const [row] = await t.ctx.db
      .select({ hash: passwords.hash })
      .from(passwords)
      .where(eq(passwords.userId, userId));
    return row?.hash;
  }

  it.each(['bcrypt', 'firebase-scrypt', 'pbkdf2-sha256', 'salted-sha512', 'argon2i'])(
    'a %s hash signs in with the old password and is then argon2id; a wrong password leaves it',
    async (scheme) => {
      const stored = hashes[scheme]!;
      const userId = await userWithStoredHash(`${scheme}@example.com`, stored);

      const wrong = await post(P.authenticate, { email: `${scheme}@example.com`, password: STRONG_2 });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        error_type: 'unauthorized_credentials',
        error_message: WRONG_PASSWORD_MESSAGE,
      });
      expect(await storedHash(userId)).toBe(stored);

      const ok = await post(P.authenticate, {
        email: `${scheme}@example.com`,
        password: STRONG,
        session_duration_minutes: 30,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.user_id).toBe(userId);
      expect(await storedHash(userId)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      // The upgraded row still takes the same password (and is not rehashed again).
      const again = await post(P.authenticate, {
        email: `${scheme}@example.com`,
        password: STRONG,
        session_duration_minutes: 30,
      });
      expect(again.statusCode).toBe(200);
    },
  );

  it('an imported hash beyond the work bounds refuses every password without hashing', async () => {
    const userId = await userWithStoredHash(
      'huge@example.com',
      '$argon2id$v=19$m=4194304,t=2,p=1$Zml4ZWQtc2FsdC0xNmJ5dA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    const started = performance.now();
    const response = await post(P.authenticate, { email: 'huge@example.com', password: STRONG });
    expect(response.statusCode).toBe(401);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await storedHash(userId)).toMatch(/^\$argon2id\$v=19\$m=4194304,/);
  });
});

describe('the hasher on an imported hash (EN-02)', () => {
  it('runs one argon2id verify beside the legacy one, so a cheap scheme costs what an unknown address costs', async () => {
    const verified: string[] = [];
    const pool = {
      hash: (password: string, options: object) => argon2Hash(password, options),
      verify: async (stored: string) => {
        verified.push(stored);
        return false;
      },
      close: async () => {},
    };
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }, { pool });
    const stored = (await legacyHashes(STRONG))['salted-sha512']!;
    expect(await hasher.verify(stored, STRONG)).toEqual({ valid: true, needsRehash: true });
    expect(await hasher.verify(stored, STRONG_2)).toEqual({ valid: false, needsRehash: false });
    expect(verified).toHaveLength(2);
    expect(verified[0]).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });
});
