// Issue 20 item 1, "first proof wins, whole" (security-tests.md AT-06; Sudhodanan & Paverd 2022): a squatter signs up
// by POST /passwords with the victim's unproven address and, with that session, attaches a credential of their own;
// the victim then proves the address. The whole matrix — each credential kind × each way of proving (login link,
// e-mail passcode, reset link, a provider vouching for the address) — on PGlite and PostgreSQL: the prover's account
// holds nothing of the squatter's, every session from before the proof is dead, and the squatter's credential signs
// in to nothing of the prover's. Under the old rule (only the password flagged, nothing at all once the squatter had
// proven a phone or an address of their own) every case but the password fails.
import { ROUTES, type User } from '@gatehouse/protocol';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { totpRecoveryCodes, users } from '../../infra/db/schema';
import { s256Challenge } from '../../infra/pkce';
import { dataOf } from '../../test-support/answers';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import {
  injectingBrowser,
  type LocalProvider,
  startLocalProvider,
  TEST_GOOGLE_PRESET,
} from '../../test-support/oidc-provider';
import { ethereumWallet, signInWith } from '../crypto-wallets/test-helpers';
import { linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { saveOAuthProviderConfigs } from '../oauth/config';
import { overridePresets } from '../oauth/preset-table';
import { codeIn } from '../otps/test-helpers';
import { CHEAP_ARGON2, STRONG, STRONG_2 } from '../passwords/test-helpers';
import { codeAt } from '../totps/totp-code';
import { SoftwareAuthenticator } from '../webauthn/test-authenticator';
import { authenticate as passkeySignIn, registered } from '../webauthn/test-helpers';

const VICTIM = 'victim@example.com';
const SQUATTER_EMAIL = 'squatter@example.com';
const SQUATTER_PHONE = '+14155550123';
const APP_ORIGIN = 'http://localhost:3000';
const CALLBACK_PATH = '/v1/public/oauth/google/callback';
const VERIFIER = 'f0e1d2c3'.repeat(16);

const CREDENTIALS = [
  'password',
  'wallet',
  'passkey',
  'authenticator app',
  'social account',
  'proven phone number',
  'proven e-mail address',
] as const;
const PROOFS = ['login link', 'e-mail passcode', 'reset link', 'Google with a verified e-mail'] as const;
type Credential = (typeof CREDENTIALS)[number];
type Proof = (typeof PROOFS)[number];

const MATRIX = CREDENTIALS.flatMap((credential) => PROOFS.map((proof) => [credential, proof] as const));

interface Signed {
  user_id: string;
  session_token: string;
  user: User;
}

describe.each(testDatabaseKinds())('first proof wins, whole, on %s', (kind) => {
  const delivery = recordingDelivery();
  let t: TestApp;
  let provider: LocalProvider;

  beforeAll(async () => {
    provider = await startLocalProvider({ redirectUris: [`${APP_ORIGIN}${CALLBACK_PATH}`] });
    provider.accounts.set('victim', { sub: 'google-sub-victim', email: VICTIM, email_verified: true });
    provider.accounts.set('squatter', {
      sub: 'google-sub-squatter',
      email: SQUATTER_EMAIL,
      email_verified: true,
    });
    // The strip is what is tested, not password hashing: cheap argon2id keeps 68 sign-ups quick.
    t = await createTestApp({ kind, delivery, argon2: CHEAP_ARGON2 });
    overridePresets(t.ctx, { google: TEST_GOOGLE_PRESET });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    await saveOAuthProviderConfigs(t.ctx, {
      projectId: t.project.id,
      declarations: {
        google: {
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          endpoints: provider.endpoints,
          scopes: null,
          oneTap: false,
          apple: null,
        },
      },
    });
  });

  const post = (url: string, body: unknown, sessionToken: string | null = null) =>
    sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, sessionToken, body });

  async function nextMessageTo(to: string, send: () => Promise<LightMyRequestResponse>) {
    const before = delivery.messages.length;
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    // Reset links are stored and sent after the answer, and security notices (which carry no link or code) may come
    // in between: wait for the first message to `to` that carries a link or a code.
    const message = await vi.waitFor(
      () => {
        const found = delivery.messages
          .slice(before)
          .find((each) => each.to === to && /token=|\b\d{6}\b/.test(each.text));
        if (!found) throw new Error(`nothing sent to ${to} yet`);
        return found;
      },
      { timeout: 10_000, interval: 10 },
    );
    return { message, sent };
  }

  async function me(sessionToken: string): Promise<User> {
    const response = await sdkRequest(t.app, {
      method: 'GET',
      url: '/users/me',
      publicToken: t.publicToken,
      sessionToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as User;
  }

  const sessionAlive = async (sessionToken: string) =>
    (await post(ROUTES.sessionsAuthenticate, {}, sessionToken)).statusCode === 200;

  /** A login link to `email`, redeemed (with `sessionToken` when given: a secondary send and redemption). */
  async function byLink(email: string, sessionToken: string | null = null): Promise<Signed> {
    const route = sessionToken ? ROUTES.magicLinksEmailSendSecondary : ROUTES.magicLinksEmailLoginOrCreate;
    const { message } = await nextMessageTo(email, () => post(route, { email }, sessionToken));
    return dataOf<Signed>(
      await post(ROUTES.magicLinksAuthenticate, { token: linkIn(message).token }, sessionToken),
    );
  }

  async function byPasscode(
    channel: 'email' | 'sms',
    to: string,
    sessionToken: string | null = null,
  ): Promise<Signed> {
    const field = channel === 'email' ? { email: to } : { phone_number: to };
    const route = sessionToken ? ROUTES.otps.sendSecondary(channel) : ROUTES.otps.loginOrCreate(channel);
    const { message, sent } = await nextMessageTo(to, () => post(route, field, sessionToken));
    return dataOf<Signed>(
      await post(
        ROUTES.otps.authenticate,
        { token: codeIn(message), method_id: sent.json().data.method_id },
        sessionToken,
      ),
    );
  }

  async function byResetLink(password: string): Promise<Signed> {
    const { message } = await nextMessageTo(VICTIM, () =>
      post(ROUTES.passwords.emailResetStart, { email: VICTIM }),
    );
    return dataOf<Signed>(
      await post(ROUTES.passwords.emailReset, { token: linkIn(message).token, password }),
    );
  }

  /** The whole authorization-code flow at the local provider as `accountId`, redeemed by /oauth/authenticate. */
  async function byGoogle(accountId: string): Promise<Signed> {
    const browser = injectingBrowser(t.app, APP_ORIGIN);
    provider.next = { accountId };
    const start = new URL(`${APP_ORIGIN}/v1/public/oauth/google/start`);
    start.searchParams.set('public_token', t.publicToken);
    start.searchParams.set('code_challenge', s256Challenge(VERIFIER));
    const end = await browser.visit(
      start.href,
      (url) => url.origin === APP_ORIGIN && url.pathname === '/authenticate',
    );
    const token = end.url.searchParams.get('token');
    expect(token, end.body).toBeTruthy();
    return dataOf<Signed>(
      await post(ROUTES.oauth.authenticate, { token, code_verifier: VERIFIER, session_duration_minutes: 30 }),
    );
  }

  interface Squatter {
    userId: string;
    /** Every session token the squatter held before the proof (secondary sign-ins rotate the token). */
    tokens: string[];
    /** The squatter tries their credential after the proof: the user it signs in to, or null when it signs in nowhere. */
    signInAfter(): Promise<string | null>;
  }

  /** POST /passwords with the victim's address, then `credential` attached with that session. */
  async function squat(credential: Credential): Promise<Squatter> {
    const signUp = dataOf<Signed>(
      await post(ROUTES.passwords.create, { email: VICTIM, password: STRONG, session_duration_minutes: 30 }),
    );
    const userId = signUp.user_id;
    const tokens = [signUp.session_token];
    const latest = () => tokens.at(-1)!;
    const userIdOf = (response: LightMyRequestResponse) =>
      response.statusCode === 200 ? (response.json().data.user_id as string) : null;
    switch (credential) {
      case 'password':
        return {
          userId,
          tokens,
          signInAfter: async () =>
            userIdOf(await post(ROUTES.passwords.authenticate, { email: VICTIM, password: STRONG })),
        };
      case 'wallet': {
        const wallet = ethereumWallet();
        const attached = await signInWith(t, wallet, { sessionToken: latest() });
        expect(attached.user_id).toBe(userId);
        tokens.push(attached.session_token);
        expect((await me(latest())).crypto_wallets).toHaveLength(1);
        return { userId, tokens, signInAfter: async () => (await signInWith(t, wallet)).user_id };
      }
      case 'passkey': {
        const authenticator = new SoftwareAuthenticator();
        const done = await registered(t, authenticator, { userId, sessionToken: latest() });
        tokens.push(done.sessionToken);
        expect((await me(latest())).webauthn_registrations).toHaveLength(1);
        return { userId, tokens, signInAfter: async () => userIdOf(await passkeySignIn(t, authenticator)) };
      }
      case 'authenticator app': {
        const created = dataOf<{ secret: string }>(
          await post(ROUTES.totps.create, { expiration_minutes: 60 }, latest()),
        );
        const stepped = dataOf<Signed>(
          await post(
            ROUTES.totps.authenticate,
            { totp_code: codeAt(created.secret, Date.now()), session_duration_minutes: 30 },
            latest(),
          ),
        );
        tokens.push(stepped.session_token);
        expect((await me(latest())).totps).toEqual([expect.objectContaining({ verified: true })]);
        // A code alone signs in to nothing (it needs a session); what matters is that it is gone (checked below).
        return { userId, tokens, signInAfter: async () => null };
      }
      case 'social account': {
        // The squatter proves an address of their own on the account, then their Google identity with that
        // verified address links to it.
        tokens.push((await byLink(SQUATTER_EMAIL, latest())).session_token);
        const linked = await byGoogle('squatter');
        expect(linked.user_id).toBe(userId);
        tokens.push(linked.session_token);
        expect((await me(latest())).providers).toHaveLength(1);
        return { userId, tokens, signInAfter: async () => (await byGoogle('squatter')).user_id };
      }
      case 'proven phone number': {
        tokens.push((await byPasscode('sms', SQUATTER_PHONE, latest())).session_token);
        expect((await me(latest())).phone_numbers).toEqual([expect.objectContaining({ verified: true })]);
        return { userId, tokens, signInAfter: async () => (await byPasscode('sms', SQUATTER_PHONE)).user_id };
      }
      case 'proven e-mail address': {
        tokens.push((await byLink(SQUATTER_EMAIL, latest())).session_token);
        expect((await me(latest())).emails).toContainEqual(
          expect.objectContaining({ email: SQUATTER_EMAIL, verified: true }),
        );
        return { userId, tokens, signInAfter: async () => (await byLink(SQUATTER_EMAIL)).user_id };
      }
    }
  }

  function prove(proof: Proof): Promise<Signed> {
    switch (proof) {
      case 'login link':
        return byLink(VICTIM);
      case 'e-mail passcode':
        return byPasscode('email', VICTIM);
      case 'reset link':
        return byResetLink(STRONG_2);
      case 'Google with a verified e-mail':
        return byGoogle('victim');
    }
  }

  it.each(MATRIX)(
    "AT-06: a %s attached before the first proof, the owner proves the address by %s: the account holds nothing of the squatter's",
    async (credential, proof) => {
      const squatter = await squat(credential);
      const prover = await prove(proof);
      // The prover gets the account the address was on (its user id, and with it the application's data)…
      expect(prover.user_id).toBe(squatter.userId);
      // …holding the proven address and nothing set up before the proof.
      const account = await me(prover.session_token);
      expect(account.emails).toEqual([expect.objectContaining({ email: VICTIM, verified: true })]);
      expect(account.phone_numbers).toEqual([]);
      expect(account.crypto_wallets).toEqual([]);
      expect(account.webauthn_registrations).toEqual([]);
      expect(account.totps).toEqual([]);
      expect(account.biometric_registrations).toEqual([]);
      expect(account.providers).toEqual(
        proof === 'Google with a verified e-mail'
          ? [expect.objectContaining({ provider_subject: 'google-sub-victim' })]
          : [],
      );
      // A reset link sets the prover's own password; every other proof leaves none.
      if (proof === 'reset link') expect(account.password).not.toBeNull();
      else expect(account.password).toBeNull();
      expect(await t.ctx.db.select({ n: count() }).from(totpRecoveryCodes)).toEqual([{ n: 0 }]);
      // Every session from before the proof is dead; the prover's lives.
      for (const token of squatter.tokens) expect(await sessionAlive(token)).toBe(false);
      expect(await sessionAlive(prover.session_token)).toBe(true);
      // The squatter's credential signs in to nothing of the prover's.
      expect(await squatter.signInAfter()).not.toBe(squatter.userId);
      expect((await me(prover.session_token)).crypto_wallets).toEqual([]);
    },
  );

  it("AT-06 under a race: the squatter's wallet sign-ins running while the owner proves the address leave no session on the account", async () => {
    const squatter = await squat('wallet');
    const wallet = ethereumWallet();
    const attached = await signInWith(t, wallet, { sessionToken: squatter.tokens.at(-1)! });
    expect(attached.user_id).toBe(squatter.userId);
    // Eight primary sign-ins with the squatter's wallet, signed in advance, sent together with the owner's proof.
    const signed = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const challenge = dataOf<{ challenge: string }>(
          await post(ROUTES.cryptoWallets.authenticateStartPrimary, {
            crypto_wallet_address: wallet.address,
            crypto_wallet_type: 'ethereum',
          }),
        ).challenge;
        return wallet.sign(challenge);
      }),
    );
    const { message } = await nextMessageTo(VICTIM, () =>
      post(ROUTES.magicLinksEmailLoginOrCreate, { email: VICTIM }),
    );
    const [proof, ...signIns] = await Promise.all([
      post(ROUTES.magicLinksAuthenticate, { token: linkIn(message).token }),
      ...signed.map((signature) =>
        post(ROUTES.cryptoWallets.authenticate, {
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
          signature,
          session_duration_minutes: 30,
        }),
      ),
    ]);
    const prover = dataOf<Signed>(proof!);
    expect(prover.user_id).toBe(squatter.userId);
    // Whatever the interleaving: the account's only live session is the prover's, it holds no wallet, and every
    // sign-in that answered a session for the account answered one that is dead now.
    const live = await t.ctx.db.execute(sql`SELECT id FROM sessions WHERE user_id = ${squatter.userId}`);
    expect((live as unknown as { rows: { id: string }[] }).rows).toHaveLength(1);
    expect((await me(prover.session_token)).crypto_wallets).toEqual([]);
    for (const answer of signIns) {
      if (answer.statusCode !== 200) continue;
      const data = answer.json().data as Signed;
      if (data.user_id === squatter.userId) expect(await sessionAlive(data.session_token)).toBe(false);
    }
  });

  it("AT-06 under a race: wallets the squatter's session attaches while the owner proves the address end up on no account of the owner's", async () => {
    const squatter = await squat('password');
    const session = squatter.tokens.at(-1)!;
    // Six new wallets, each with a secondary challenge of the squatter's session signed in advance.
    const wallets = Array.from({ length: 6 }, () => ethereumWallet());
    const signed = await Promise.all(
      wallets.map(async (wallet) => {
        const challenge = dataOf<{ challenge: string }>(
          await post(
            ROUTES.cryptoWallets.authenticateStartSecondary,
            { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
            session,
          ),
        ).challenge;
        return { wallet, signature: await wallet.sign(challenge) };
      }),
    );
    const { message } = await nextMessageTo(VICTIM, () =>
      post(ROUTES.magicLinksEmailLoginOrCreate, { email: VICTIM }),
    );
    const [proof, ...attaches] = await Promise.all([
      post(ROUTES.magicLinksAuthenticate, { token: linkIn(message).token }),
      ...signed.map(({ wallet, signature }) =>
        post(
          ROUTES.cryptoWallets.authenticate,
          {
            crypto_wallet_address: wallet.address,
            crypto_wallet_type: 'ethereum',
            signature,
            session_duration_minutes: 30,
          },
          session,
        ),
      ),
    ]);
    const prover = dataOf<Signed>(proof!);
    expect((await me(prover.session_token)).crypto_wallets).toEqual([]);
    const live = await t.ctx.db.execute(sql`SELECT id FROM sessions WHERE user_id = ${squatter.userId}`);
    expect((live as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    for (const answer of attaches) {
      if (answer.statusCode === 200) expect(await sessionAlive(answer.json().data.session_token)).toBe(false);
      else expect(answer.statusCode, answer.body).toBeLessThan(500);
    }
  });

  it('AT-06: a proof by a session of the account itself (its holder verifying their own address) strips nothing', async () => {
    const owner = dataOf<Signed>(
      await post(ROUTES.passwords.create, { email: VICTIM, password: STRONG, session_duration_minutes: 30 }),
    );
    const wallet = ethereumWallet();
    const withWallet = await signInWith(t, wallet, { sessionToken: owner.session_token });
    const proven = await byLink(VICTIM, withWallet.session_token);
    expect(proven.user_id).toBe(owner.user_id);
    const account = await me(proven.session_token);
    expect(account.emails).toEqual([expect.objectContaining({ email: VICTIM, verified: true })]);
    expect(account.crypto_wallets).toHaveLength(1);
    expect(account.password).not.toBeNull();
    // And a later proof by someone else is no first proof any more.
    const again = await byLink(VICTIM);
    expect((await me(again.session_token)).crypto_wallets).toHaveLength(1);
    expect(await sessionAlive(proven.session_token)).toBe(true);
  });

  it('AT-06: only the first proof strips: an account whose address is proven keeps what its holder adds afterwards', async () => {
    const first = await byLink(VICTIM);
    const wallet = ethereumWallet();
    const withWallet = await signInWith(t, wallet, { sessionToken: first.session_token });
    const second = await byPasscode('email', VICTIM);
    expect(second.user_id).toBe(first.user_id);
    expect((await me(second.session_token)).crypto_wallets).toHaveLength(1);
    expect(await sessionAlive(withWallet.session_token)).toBe(true);
  });

  it('AT-06: a rejected proof (a wrong passcode) strips nothing', async () => {
    const squatter = await squat('wallet');
    const sent = await post(ROUTES.otps.loginOrCreate('email'), { email: VICTIM });
    expect(sent.statusCode).toBe(200);
    const wrong = await post(ROUTES.otps.authenticate, {
      token: codeIn(delivery.last()) === '000000' ? '111111' : '000000',
      method_id: sent.json().data.method_id,
    });
    expect(wrong.statusCode).toBe(401);
    expect((await me(squatter.tokens.at(-1)!)).crypto_wallets).toHaveLength(1);
    const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, squatter.userId));
    expect(row).toBeDefined();
  });

  it('SS-08: an address a signed-in user adds (a claim proven by its session) does not make the session recent', async () => {
    const holder = await byLink(VICTIM);
    // The address is claimed while the session is recent (adding one needs that, SS-05), then the session ages an
    // hour (in the database: the sign-in methods stamp the server's clock) before the link is redeemed.
    const { message } = await nextMessageTo(SQUATTER_EMAIL, () =>
      post(ROUTES.magicLinksEmailSendSecondary, { email: SQUATTER_EMAIL }, holder.session_token),
    );
    await t.ctx.db.execute(
      sql`UPDATE sessions SET authenticated_at = authenticated_at - interval '1 hour' WHERE user_id = ${holder.user_id}`,
    );
    const withAddress = dataOf<Signed>(
      await post(ROUTES.magicLinksAuthenticate, { token: linkIn(message).token }, holder.session_token),
    );
    expect((await me(withAddress.session_token)).emails).toHaveLength(2);
    const [stale] = await t.ctx.db
      .execute(
        sql`SELECT (authenticated_at < now() - interval '30 minutes') AS stale FROM sessions WHERE user_id = ${holder.user_id}`,
      )
      .then((result) => (result as unknown as { rows: { stale: boolean }[] }).rows);
    expect(stale?.stale).toBe(true);
    // Whereas a proof of the address the account already held re-authenticates it.
    const again = await byLink(VICTIM, withAddress.session_token);
    const [fresh] = await t.ctx.db
      .execute(
        sql`SELECT (authenticated_at > now() - interval '1 minute') AS fresh FROM sessions WHERE user_id = ${holder.user_id}`,
      )
      .then((result) => (result as unknown as { rows: { fresh: boolean }[] }).rows);
    expect(again.user_id).toBe(holder.user_id);
    expect(fresh?.fresh).toBe(true);
  });
});
