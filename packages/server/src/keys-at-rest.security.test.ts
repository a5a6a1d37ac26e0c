// Issue 8 item 4 "Keys at rest", through the real app on PGlite and (with TEST_DATABASE_URL) PostgreSQL: a copy
// of the database alone can neither mint a session (signing keys are encrypted under SECRET_KEY) nor test codes
// offline (the passcode HMAC key derives from SECRET_KEY); another SECRET_KEY is refused at start; SECRET_KEY
// rotation re-encrypts and keeps earlier JWTs verifiable; each project's JWKS holds only its own keys
// (security-tests.md TK-05, TK-08 "a token from another tenant's key").
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, recordingDelivery } from './features/magic-links/test-helpers';
import { codeKey, hashCode } from './features/otps/code';
import { OTP_ROUTES } from './features/otps/routes';
import { codeIn } from './features/otps/test-helpers';
import { createProject } from './features/projects';
import { signIn } from './features/sessions/test-fixtures';
import { otpCodes, secretFingerprints, signingKeys } from './infra/db/schema';
import { createSecretBox, type SecretBox, SecretDecryptionError } from './infra/secret-box';
import { createTestApp, sdkRequest, type TestApp } from './test-support/app';
import { testDatabaseKinds } from './test-support/database';

const SECRET_KEY = 'keys-at-rest-test-secret-0123456789abcdef';
const MISMATCH =
  /^Invalid configuration: SECRET_KEY does not match the key that encrypted this database's signing keys; start with the original SECRET_KEY, or rotate it as the README describes/;

function anotherSecret(): string {
  return randomBytes(32).toString('base64url');
}

describe.each(testDatabaseKinds())('keys at rest on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery, config: { secretKey: SECRET_KEY } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
    await t.reset();
    delivery.messages.length = 0;
  });

  async function jwks(projectId = t.project.id): Promise<JSONWebKeySet> {
    const response = await t.app.inject({ method: 'GET', url: `/v1/sessions/jwks/${projectId}` });
    expect(response.statusCode).toBe(200);
    return response.json() as JSONWebKeySet;
  }

  /** The stored private JWK of a kid, decrypted under `secrets`. */
  async function storedPrivateJwk(kid: string, secrets: SecretBox): Promise<JWK> {
    const [row] = await t.ctx.db.select().from(signingKeys).where(eq(signingKeys.kid, kid));
    const context = `${row!.projectId}/${kid}`;
    return JSON.parse(
      new TextDecoder().decode(secrets.decrypt('session-signing-key', row!.privateKeyCiphertext, context)),
    ) as JWK;
  }

  /** Every column of every table as text: what a database dump shows. */
  async function dumpDatabase(): Promise<string> {
    const tables = await t.ctx.db.execute(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
    );
    let text = '';
    for (const { tablename } of (tables as unknown as { rows: { tablename: string }[] }).rows) {
      const result = await t.ctx.db.execute(sql.raw(`SELECT x::text AS row FROM "${tablename}" x`));
      text += JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    }
    return text;
  }

  it('TK-05: no table holds a signing key’s private part in the clear; another secret cannot decrypt it', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const kid = decodeProtectedHeader(ada.session_jwt).kid!;
    const privateJwk = await storedPrivateJwk(kid, t.ctx.secrets);
    expect(privateJwk.d).toMatch(/^[\w-]{43}$/);
    const dump = await dumpDatabase();
    expect(dump).toContain(kid);
    expect(dump).not.toContain(privateJwk.d);
    expect(dump).not.toContain(Buffer.from(privateJwk.d!, 'base64url').toString('hex'));
    // The decrypted key is the one that signed the session's JWT.
    const resigned = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .sign(await importJWK(privateJwk, 'ES256'));
    await expect(jwtVerify(resigned, createLocalJWKSet(await jwks()))).resolves.toBeTruthy();
    await expect(storedPrivateJwk(kid, createSecretBox(anotherSecret()))).rejects.toThrow(
      SecretDecryptionError,
    );
  });

  it('refuses to start with another SECRET_KEY, naming it, and starts with the original one', async () => {
    await signIn(t.ctx, t.project, 'ada@example.com');
    await expect(t.sibling({ config: { secretKey: anotherSecret() } })).rejects.toThrow(MISMATCH);
    await expect(
      t.sibling({ config: { secretKey: anotherSecret(), secretKeyPrevious: anotherSecret() } }),
    ).rejects.toThrow(/SECRET_KEY_PREVIOUS does not match it either/);
    const same = await t.sibling({ config: { secretKey: SECRET_KEY } });
    expect(same.gatehouse.secrets.fingerprint).toBe(t.ctx.secrets.fingerprint);
  });

  it('rotates SECRET_KEY with SECRET_KEY_PREVIOUS: keys re-encrypted, earlier JWTs still verify, the old secret refused', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const kid = decodeProtectedHeader(ada.session_jwt).kid!;
    const before = await storedPrivateJwk(kid, t.ctx.secrets);

    const newSecret = anotherSecret();
    const rotated = await t.sibling({ config: { secretKey: newSecret, secretKeyPrevious: SECRET_KEY } });
    // Re-encrypted under the new secret: same key, and the old secret no longer opens it.
    expect(await storedPrivateJwk(kid, rotated.gatehouse.secrets)).toEqual(before);
    await expect(storedPrivateJwk(kid, t.ctx.secrets)).rejects.toThrow(SecretDecryptionError);
    const [fingerprint] = await t.ctx.db.select().from(secretFingerprints);
    expect(fingerprint!.fingerprint).toBe(createSecretBox(newSecret).fingerprint);

    // The kid is still published by the rotated server, and the JWT signed before the rotation verifies.
    const response = await rotated.inject({ method: 'GET', url: `/v1/sessions/jwks/${t.project.id}` });
    const keys = response.json() as JSONWebKeySet;
    expect(keys.keys.map((key) => key.kid)).toEqual([kid]);
    await expect(
      jwtVerify(ada.session_jwt, createLocalJWKSet(keys), {
        audience: t.project.id,
        currentDate: clock.now(),
      }),
    ).resolves.toBeTruthy();
    // The rotated server signs with the re-encrypted key.
    const bob = await signIn(rotated.gatehouse, t.project, 'bob@example.com');
    expect(decodeProtectedHeader(bob.session_jwt).kid).toBe(kid);

    // Starting again with both keys is a no-op; the old key alone is now refused.
    await t.sibling({ config: { secretKey: newSecret, secretKeyPrevious: SECRET_KEY } });
    await expect(t.sibling({ config: { secretKey: SECRET_KEY } })).rejects.toThrow(MISMATCH);
  });

  it('TK-08: a project’s JWKS holds only its own keys, so another tenant’s key verifies none of its JWTs', async () => {
    const other = (
      await createProject(t.ctx, {
        name: 'Other',
        allowedOrigins: [],
        allowedRedirectUrls: [],
        enabledProducts: ['emailMagicLinks'],
      })
    ).project;
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const eve = await signIn(t.ctx, other, 'eve@example.com');
    const ownKid = decodeProtectedHeader(ada.session_jwt).kid!;
    const otherKid = decodeProtectedHeader(eve.session_jwt).kid!;
    expect(otherKid).not.toBe(ownKid);
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([ownKid]);
    expect((await jwks(other.id)).keys.map((key) => key.kid)).toEqual([otherKid]);

    const keySet = createLocalJWKSet(await jwks());
    // Even without an audience check, the other project's JWT finds no key here.
    await expect(jwtVerify(eve.session_jwt, keySet, { currentDate: clock.now() })).rejects.toThrow(
      /no applicable key/,
    );
    // The other project's key forging a JWT for this project, under this project's kid: refused.
    const foreignKey = await t.ctx.sessions.keys.currentSigningKey(other.id, clock.now());
    const forged = await new SignJWT({ sub: eve.user_id })
      .setProtectedHeader({ alg: 'ES256', kid: ownKid })
      .setAudience([t.project.id])
      .setIssuer(t.ctx.config.publicUrl)
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(clock.now().getTime() / 1000) + 300)
      .sign(foreignKey.privateKey);
    await expect(jwtVerify(forged, keySet, { currentDate: clock.now() })).rejects.toThrow(/signature/);
    await expect(
      jwtVerify(ada.session_jwt, keySet, { audience: t.project.id, currentDate: clock.now() }),
    ).resolves.toBeTruthy();
  });

  it('TK-05: passcodes still verify, and a code’s HMAC depends on SECRET_KEY', async () => {
    const send = (app = t.app) =>
      sdkRequest(app, {
        method: 'POST',
        url: OTP_ROUTES.loginOrCreate('sms'),
        publicToken: t.publicToken,
        body: { phone_number: '+14155550123' },
      });
    const authenticate = (app: typeof t.app, token: string, method_id: string) =>
      sdkRequest(app, {
        method: 'POST',
        url: OTP_ROUTES.authenticate,
        publicToken: t.publicToken,
        body: { token, method_id, session_duration_minutes: 30 },
      });

    const sent = (await send()).json().data;
    const code = codeIn(delivery.last());
    const [row] = await t.ctx.db.select().from(otpCodes).where(eq(otpCodes.methodId, sent.method_id));
    const under = (secrets: SecretBox) =>
      Buffer.from(hashCode({ key: codeKey({ secrets, projectId: t.project.id }), codeId: row!.id, code }));
    expect(Buffer.from(row!.codeHash)).toEqual(under(t.ctx.secrets));
    expect(Buffer.from(row!.codeHash)).not.toEqual(under(createSecretBox(anotherSecret())));
    expect((await authenticate(t.app, code, sent.method_id)).statusCode).toBe(200);

    // README "Rotating SECRET_KEY": a code outstanding at the rotation no longer matches afterwards.
    await send();
    const outstanding = codeIn(delivery.last());
    const rotated = await t.sibling({
      config: { secretKey: anotherSecret(), secretKeyPrevious: SECRET_KEY },
    });
    const refused = await authenticate(rotated, outstanding, sent.method_id);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error_type).toBe('unable_to_auth_otp_code');
  });
});
