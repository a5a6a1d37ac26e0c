import type { UserResourceKind } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../infra/crypto';
import {
  biometricRegistrations,
  cryptoWallets,
  oauthRegistrations,
  passwords,
  totps,
  userEmails,
  userPhoneNumbers,
  users,
  webauthnRegistrations,
} from '../../infra/db/schema';
import { createTestApp, sdkRequest } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { createTestClock, signIn } from '../sessions/test-fixtures';
import { proveIdentifier } from './prove-identifier';
import { activateUser, findOrCreateUserByEmail, loadUser } from './user-service';

describe.each(testDatabaseKinds())('users on %s', (kind) => {
  const clock = createTestClock();
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  function call(method: 'GET' | 'PUT' | 'DELETE', url: string, sessionToken: string | null, body?: unknown) {
    return sdkRequest(t.app, {
      method,
      url: `/sdk/v1${url}`,
      publicToken: t.publicToken,
      sessionToken,
      body,
    });
  }

  /** One row of every deletable kind for a user; returns their ids by kind. */
  async function giveEverything(userId: string, tag: string): Promise<Record<UserResourceKind, string>> {
    const projectId = t.project.id;
    const ids = {
      emails: newId('email', 'test'),
      phone_numbers: newId('phone-number', 'test'),
      totps: newId('totp', 'test'),
      oauth: newId('oauth-user-registration', 'test'),
      webauthn_registrations: newId('webauthn-registration', 'test'),
      biometric_registrations: newId('biometric-registration', 'test'),
      crypto_wallets: newId('crypto-wallet', 'test'),
    };
    await t.ctx.db
      .insert(userEmails)
      .values({ id: ids.emails, userId, projectId, email: `second-${tag}@example.com` });
    await t.ctx.db.insert(userPhoneNumbers).values({
      id: ids.phone_numbers,
      userId,
      projectId,
      phoneNumber: `+1555000${tag.length}${tag.charCodeAt(0)}`,
    });
    await t.ctx.db
      .insert(totps)
      .values({ id: ids.totps, userId, projectId, secretCiphertext: new Uint8Array([1]) });
    await t.ctx.db
      .insert(oauthRegistrations)
      .values({ id: ids.oauth, userId, projectId, providerType: 'google', providerSubject: `sub-${tag}` });
    await t.ctx.db.insert(webauthnRegistrations).values({
      id: ids.webauthn_registrations,
      userId,
      projectId,
      credentialId: `cred-${tag}`,
      publicKey: new Uint8Array([1]),
      domain: 'localhost',
      name: 'Laptop',
    });
    await t.ctx.db
      .insert(biometricRegistrations)
      .values({ id: ids.biometric_registrations, userId, projectId, verified: true });
    await t.ctx.db.insert(cryptoWallets).values({
      id: ids.crypto_wallets,
      userId,
      projectId,
      address: `0x${tag.charCodeAt(0).toString(16).padStart(40, '0')}`,
      walletType: 'ethereum',
      verified: true,
    });
    return ids;
  }

  it('GET /users/me answers the user flattened at the top level of data', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const response = await call('GET', '/users/me', ada.session_token);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toEqual({ ...ada.user, request_id: data.request_id, status_code: 200 });
    expect((await call('GET', '/users/me', null)).json().error_type).toBe('unauthorized_credentials');
  });

  it('lists every sub-record in the wire shapes', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const ids = await giveEverything(ada.user_id, 'a');
    const user = (await loadUser(t.ctx, ada.user_id))!;
    expect(user.emails.map((e) => e.email_id).sort()).toEqual([ada.emailId, ids.emails].sort());
    expect(user.phone_numbers).toEqual([
      { phone_id: ids.phone_numbers, phone_number: '+1555000197', verified: false },
    ]);
    expect(user.totps).toEqual([{ totp_id: ids.totps, verified: false }]);
    expect(user.providers).toEqual([
      {
        oauth_user_registration_id: ids.oauth,
        provider_subject: 'sub-a',
        provider_type: 'google',
        profile_picture_url: '',
        locale: '',
      },
    ]);
    expect(user.webauthn_registrations).toEqual([
      {
        webauthn_registration_id: ids.webauthn_registrations,
        domain: 'localhost',
        user_agent: '',
        authenticator_type: '',
        verified: true,
        name: 'Laptop',
        // Issue 22 Deliver 2 (migration 0016): Gatehouse's additions for the account page's list.
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        last_used_at: null,
      },
    ]);
    expect(user.biometric_registrations).toEqual([
      { biometric_registration_id: ids.biometric_registrations, verified: true },
    ]);
  });

  it.each([
    ['emails', 'emails', 'email_not_found'],
    ['phone_numbers', 'phone_numbers', 'phone_number_not_found'],
    ['totps', 'totps', 'totp_not_found'],
    ['oauth', 'providers', 'oauth_user_registration_not_found'],
    ['webauthn_registrations', 'webauthn_registrations', 'webauthn_registration_not_found'],
    ['biometric_registrations', 'biometric_registrations', 'biometric_registration_not_found'],
    ['crypto_wallets', 'crypto_wallets', 'crypto_wallet_not_found'],
  ] as const)(
    'DELETE /users/%s/{id} removes only the signed-in user’s row',
    async (kindName, listName, errorType) => {
      const ada = await signIn(t.ctx, t.project, 'ada@example.com');
      const bob = await signIn(t.ctx, t.project, 'bob@example.com');
      const adaIds = await giveEverything(ada.user_id, 'a');
      const bobIds = await giveEverything(bob.user_id, 'b');

      // Another user's id: the kind's 404, and Bob keeps everything.
      const foreign = await call('DELETE', `/users/${kindName}/${bobIds[kindName]}`, ada.session_token);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error_type).toBe(errorType);
      const bobAfter = (await loadUser(t.ctx, bob.user_id))!;
      expect(bobAfter[listName]).toHaveLength(kindName === 'emails' ? 2 : 1);

      const unknown = await call('DELETE', `/users/${kindName}/does-not-exist`, ada.session_token);
      expect(unknown.json().error_type).toBe(errorType);

      const response = await call('DELETE', `/users/${kindName}/${adaIds[kindName]}`, ada.session_token);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(Object.keys(data).sort()).toEqual(
        [
          '__user',
          'crypto_wallets',
          'emails',
          'phone_numbers',
          'request_id',
          'status_code',
          'user_id',
        ].sort(),
      );
      expect(data.user_id).toBe(ada.user_id);
      expect(
        data.__user[listName].map((item: Record<string, string>) => Object.values(item)[0]),
      ).not.toContain(adaIds[kindName]);
      expect(data.emails).toEqual(data.__user.emails);
      // Gone for good: the same id again is a 404.
      expect(
        (await call('DELETE', `/users/${kindName}/${adaIds[kindName]}`, ada.session_token)).statusCode,
      ).toBe(404);
      // Without a session: 401, nothing deleted.
      expect((await call('DELETE', `/users/${kindName}/${bobIds[kindName]}`, null)).statusCode).toBe(401);
    },
  );

  describe('DELETE /users/emails/{id} keeps a way to sign in (issue 13 item 3)', () => {
    it('refuses the only proven address, allows it once a second is proven, and lets an unproven one go', async () => {
      const ada = await signIn(t.ctx, t.project, 'ada@example.com');
      await t.ctx.db.update(userEmails).set({ verified: true }).where(eq(userEmails.userId, ada.user_id));
      const [first] = (await loadUser(t.ctx, ada.user_id))!.emails;
      const refused = await call('DELETE', `/users/emails/${first!.email_id}`, ada.session_token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error_type: 'last_authentication_factor',
        error_message:
          'This is the only way to sign in to this account. Add another sign-in method before removing this e-mail.',
      });
      // An unproven second address is no way to sign in: the first still cannot go…
      const second = newId('email', 'test');
      await t.ctx.db
        .insert(userEmails)
        .values({ id: second, userId: ada.user_id, projectId: t.project.id, email: 'ada2@example.com' });
      expect((await call('DELETE', `/users/emails/${first!.email_id}`, ada.session_token)).statusCode).toBe(
        409,
      );
      // …but it can itself be removed.
      expect((await call('DELETE', `/users/emails/${second}`, ada.session_token)).statusCode).toBe(200);
      const third = newId('email', 'test');
      await t.ctx.db.insert(userEmails).values({
        id: third,
        userId: ada.user_id,
        projectId: t.project.id,
        email: 'ada3@example.com',
        verified: true,
      });
      expect((await call('DELETE', `/users/emails/${first!.email_id}`, ada.session_token)).statusCode).toBe(
        200,
      );
      expect((await loadUser(t.ctx, ada.user_id))!.emails.map((email) => email.email)).toEqual([
        'ada3@example.com',
      ]);
    });
  });

  describe('DELETE /users/crypto_wallets/{id} keeps a way to sign in (issue 22)', () => {
    async function giveWallet(userId: string, digit: string): Promise<string> {
      const id = newId('crypto-wallet', 'test');
      await t.ctx.db.insert(cryptoWallets).values({
        id,
        userId,
        projectId: t.project.id,
        address: `0x${digit.repeat(40)}`,
        walletType: 'ethereum',
        verified: true,
      });
      return id;
    }

    it('refuses the only wallet when nothing else signs the user in (409), lets one of two go', async () => {
      const ada = await signIn(t.ctx, t.project, 'ada@example.com');
      await t.ctx.db.update(userEmails).set({ verified: false }).where(eq(userEmails.userId, ada.user_id));
      const first = await giveWallet(ada.user_id, '1');
      const refused = await call('DELETE', `/users/crypto_wallets/${first}`, ada.session_token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error_type: 'last_authentication_factor',
        error_message:
          'This is the only way to sign in to this account. Add another sign-in method before removing this wallet.',
      });
      expect((await loadUser(t.ctx, ada.user_id))!.crypto_wallets).toHaveLength(1);
      const second = await giveWallet(ada.user_id, '2');
      expect((await call('DELETE', `/users/crypto_wallets/${first}`, ada.session_token)).statusCode).toBe(
        200,
      );
      expect((await call('DELETE', `/users/crypto_wallets/${second}`, ada.session_token)).statusCode).toBe(
        409,
      );
      expect((await loadUser(t.ctx, ada.user_id))!.crypto_wallets.map((w) => w.crypto_wallet_id)).toEqual([
        second,
      ]);
    });
  });

  describe('DELETE /users/oauth/{id} keeps a way to sign in (issue 11 item 4)', () => {
    async function linkProvider(userId: string, subject: string): Promise<string> {
      const id = newId('oauth-user-registration', 'test');
      await t.ctx.db
        .insert(oauthRegistrations)
        .values({ id, userId, projectId: t.project.id, providerType: 'github', providerSubject: subject });
      return id;
    }

    it('refuses the last way to sign in with last_authentication_factor and keeps the row', async () => {
      const ada = await signIn(t.ctx, t.project, 'ada@example.com');
      // Only the social account is left: the e-mail is not (or no longer) proven.
      await t.ctx.db.update(userEmails).set({ verified: false }).where(eq(userEmails.userId, ada.user_id));
      const only = await linkProvider(ada.user_id, 'only-1');
      const response = await call('DELETE', `/users/oauth/${only}`, ada.session_token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error_type: 'last_authentication_factor',
        error_message:
          'This is the only way to sign in to this account. Add another sign-in method before unlinking it.',
      });
      expect(
        (await loadUser(t.ctx, ada.user_id))!.providers.map((p) => p.oauth_user_registration_id),
      ).toEqual([only]);
    });

    it('with two social accounts and nothing else: the first goes, the second is refused', async () => {
      const ada = await signIn(t.ctx, t.project, 'ada@example.com');
      await t.ctx.db.update(userEmails).set({ verified: false }).where(eq(userEmails.userId, ada.user_id));
      const first = await linkProvider(ada.user_id, 'two-1');
      const second = await linkProvider(ada.user_id, 'two-2');
      // Both at once: the user row lock lets exactly one through.
      const answers = await Promise.all([
        call('DELETE', `/users/oauth/${first}`, ada.session_token),
        call('DELETE', `/users/oauth/${second}`, ada.session_token),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect((await loadUser(t.ctx, ada.user_id))!.providers).toHaveLength(1);
    });

    it.each(['verified e-mail', 'password', 'passkey', 'unusable password only'] as const)(
      'with a %s besides it',
      async (other) => {
        const ada = await signIn(t.ctx, t.project, 'ada@example.com');
        await t.ctx.db
          .update(userEmails)
          .set({ verified: other === 'verified e-mail' })
          .where(eq(userEmails.userId, ada.user_id));
        if (other === 'password' || other === 'unusable password only') {
          await t.ctx.db.insert(passwords).values({
            id: newId('password', 'test'),
            userId: ada.user_id,
            hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
            requiresReset: other === 'unusable password only',
          });
        }
        if (other === 'passkey') {
          await t.ctx.db.insert(webauthnRegistrations).values({
            id: newId('webauthn-registration', 'test'),
            userId: ada.user_id,
            projectId: t.project.id,
            credentialId: 'cred-other-way',
            publicKey: new Uint8Array([1]),
            domain: 'localhost',
            name: 'Laptop',
          });
        }
        const linked = await linkProvider(ada.user_id, `with-${other}`);
        const response = await call('DELETE', `/users/oauth/${linked}`, ada.session_token);
        // A password that must be reset signs nobody in without a proven e-mail.
        expect(response.statusCode).toBe(other === 'unusable password only' ? 409 : 200);
      },
    );
  });

  it('PUT /users/me merges name parts and untrusted_metadata (null removes a key)', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const first = await call('PUT', '/users/me', ada.session_token, {
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      untrusted_metadata: { theme: 'dark', nested: { a: 1 }, keep: true },
    });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', '/users/me', ada.session_token, {
      name: { middle_name: 'King' },
      untrusted_metadata: { theme: null, nested: { b: 2 } },
    });
    const data = second.json().data;
    expect(Object.keys(data).sort()).toEqual(
      ['__user', 'crypto_wallets', 'emails', 'phone_numbers', 'request_id', 'status_code', 'user_id'].sort(),
    );
    expect(data.__user.name).toEqual({ first_name: 'Ada', middle_name: 'King', last_name: 'Lovelace' });
    // Top-level keys replace (no deep merge), null removes, untouched keys stay.
    expect(data.__user.untrusted_metadata).toEqual({ nested: { b: 2 }, keep: true });
    expect(data.__user.trusted_metadata).toEqual({});
  });

  it.each([
    ['metadata not an object', { untrusted_metadata: 'x' }],
    ['metadata an array', { untrusted_metadata: [1] }],
    ['a name part not a string', { name: { first_name: 1 } }],
    ['an unknown name field', { name: { nickname: 'x' } }],
    ['an unknown top-level field', { trusted_metadata: { admin: true } }],
    ['a NUL byte in a name', { name: { first_name: 'a\u0000b' } }],
    ['a lone surrogate in metadata', { untrusted_metadata: { k: '\ud800' } }],
    ['a NUL byte in a metadata key', { untrusted_metadata: { 'a\u0000': 1 } }],
    [
      'metadata nested too deep',
      { untrusted_metadata: JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) },
    ],
    ['oversized metadata', { untrusted_metadata: { big: 'x'.repeat(20_000) } }],
  ])('PUT /users/me refuses %s with a 400 and changes nothing', async (_label, body) => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const response = await call('PUT', '/users/me', ada.session_token, body);
    expect(response.statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, ada.user_id));
    expect(row).toMatchObject({ firstName: '', untrustedMetadata: {}, trustedMetadata: {} });
  });

  it('findOrCreateUserByEmail is race-safe: 20 parallel calls for one new address create one user', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        findOrCreateUserByEmail(t.ctx, {
          project: t.project,
          tokenMode: 'test',
          email: i % 2 ? '  New@Example.COM ' : 'new@example.com',
          status: 'pending',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.userId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.every((r) => r.email === 'new@example.com')).toBe(true);
    expect(await t.ctx.db.select().from(users)).toHaveLength(1);
    expect(await t.ctx.db.select().from(userEmails)).toHaveLength(1);
  });

  it('proveIdentifier and activateUser (pending → active)', async () => {
    const found = await findOrCreateUserByEmail(t.ctx, {
      project: t.project,
      tokenMode: 'test',
      email: 'p@example.com',
      status: 'pending',
    });
    expect((await loadUser(t.ctx, found.userId))!.status).toBe('pending');
    await proveIdentifier(t.ctx, { kind: 'email', id: found.emailId, sessionUserId: null, request: null });
    await activateUser(t.ctx, { userId: found.userId });
    const user = (await loadUser(t.ctx, found.userId))!;
    expect(user.status).toBe('active');
    expect(user.emails[0]!.verified).toBe(true);
    expect(await loadUser(t.ctx, 'user-test-missing')).toBeNull();
  });
});
