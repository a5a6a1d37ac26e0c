// Issue 12 item 1 "Tests that show it" (server): Ethereum and Solana sign-ins with keys generated here (a viem
// private-key account, an ed25519 key) signing the issued challenge; new user then the same user returning; address
// case variants → one user stored in checksum form; the secondary start/authenticate adding the wallet to a signed-in
// user and the duplicate refusal; EIP-1271 contract wallets through a loopback JSON-RPC stand-in, and that RPC down;
// the crypto product; bad input. Every database kind of testDatabaseKinds(). Refusals of part J are in
// crypto-wallets.security.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cryptoWalletChallenges, cryptoWallets, projects } from '../../infra/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { snapshotTables } from '../../test-support/snapshot';
import { createTestClock, signIn } from '../sessions/test-fixtures';
import { CRYPTO_WALLET_ROUTES } from './routes';
import {
  type AuthData,
  authenticate,
  call,
  challengeFor,
  closedLoopbackUrl,
  dataOf,
  ethereumWallet,
  expectError,
  rowCounts,
  setEthereumRpcUrl,
  signInWith,
  solanaWallet,
  start,
  startContractWalletRpc,
  startSilentRpc,
  type TestWallet,
} from './test-helpers';
import { RPC_TIMEOUT_MS } from './verification';

const T0 = '2030-01-01T00:00:00.000Z';
const IN_TEN_MINUTES = '2030-01-01T00:10:00.000Z';

describe.each(testDatabaseKinds())('crypto wallets on %s', (kind) => {
  const clock = createTestClock(T0);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    clock.set(T0);
  });

  const counts = () => rowCounts(t);

  describe('Ethereum', () => {
    it('start answers an EIP-4361 message bound to the origin, address, Sepolia, a server nonce and 10 minutes', async () => {
      const wallet = ethereumWallet();
      const response = await start(t, wallet);
      expect(response.statusCode).toBe(200);
      const data = response.json().data as Record<string, unknown>;
      expect(Object.keys(data).sort()).toEqual(['challenge', 'request_id', 'status_code']);
      const lines = (data.challenge as string).split('\n');
      expect(lines).toEqual([
        'localhost:3000 wants you to sign in with your Ethereum account:',
        wallet.address,
        '',
        'Sign in with your wallet. This request will not trigger a blockchain transaction or cost any fees.',
        '',
        'URI: http://localhost:3000',
        'Version: 1',
        // SPEC §9: testnet outside production (the test app's env is 'test').
        'Chain ID: 11155111',
        expect.stringMatching(/^Nonce: [0-9a-f]{48}$/),
        `Issued At: ${T0}`,
        `Expiration Time: ${IN_TEN_MINUTES}`,
      ]);
      const [row] = await t.ctx.db.select().from(cryptoWalletChallenges);
      expect(row).toMatchObject({
        walletType: 'ethereum',
        address: wallet.address,
        message: data.challenge,
        chainId: '11155111',
        sessionId: null,
        consumedAt: null,
        expiresAt: new Date(IN_TEN_MINUTES),
      });
      expect(data.challenge).toContain(`Nonce: ${row?.nonce}`);
    });

    it('signs a new user in, then the same user returns', async () => {
      const wallet = ethereumWallet();
      const first = await signInWith(t, wallet);
      expect(first.user_id).toMatch(/^user-test-/);
      expect(first.session_token).toEqual(expect.any(String));
      expect(first.session_jwt.split('.')).toHaveLength(3);
      const [walletRow] = await t.ctx.db.select().from(cryptoWallets);
      expect(walletRow).toMatchObject({ userId: first.user_id, address: wallet.address, verified: true });
      expect(first.user.crypto_wallets).toEqual([
        {
          crypto_wallet_id: walletRow?.id,
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
          verified: true,
        },
      ]);
      expect(first.__user).toEqual(first.user);
      expect(first.session.authentication_factors).toEqual([
        {
          type: 'crypto',
          delivery_method: 'crypto_wallet',
          last_authenticated_at: T0.replace('.000', ''),
          crypto_wallet_factor: {
            crypto_wallet_id: walletRow?.id,
            crypto_wallet_address: wallet.address,
            crypto_wallet_type: 'ethereum',
          },
        },
      ]);
      // The session token works.
      const me = await call(t, '/sessions/authenticate', {}, { sessionToken: first.session_token });
      expect(me.statusCode).toBe(200);

      const again = await signInWith(t, wallet);
      expect(again.user_id).toBe(first.user_id);
      expect(again.session.session_id).not.toBe(first.session.session_id);
      expect(await counts()).toEqual({ users: 1, sessions: 2, wallets: 1 });
    });

    it('maps lower-case, upper-case hex and checksum addresses to one user, stored in checksum form', async () => {
      const wallet = ethereumWallet();
      const hex = wallet.address.slice(2);
      const variants = [`0x${hex.toLowerCase()}`, `0x${hex.toUpperCase()}`, wallet.address];
      const userIds = new Set<string>();
      for (const [i, variant] of variants.entries()) {
        // Start with one variant, authenticate with the next: both name the same wallet.
        const challenge = await challengeFor(t, wallet, { address: variant });
        expect(challenge.split('\n')[1]).toBe(wallet.address);
        const other = variants[(i + 1) % variants.length];
        const data = dataOf<AuthData>(
          await authenticate(t, wallet, await wallet.sign(challenge), { address: other }),
        );
        userIds.add(data.user_id);
        expect(data.user.crypto_wallets.map((w) => w.crypto_wallet_address)).toEqual([wallet.address]);
      }
      expect(userIds.size).toBe(1);
      const rows = await t.ctx.db.select().from(cryptoWallets);
      expect(rows.map((row) => row.address)).toEqual([wallet.address]);
    });

    it('binds the message to the caller’s allowed Origin, else the project’s first allowed origin', async () => {
      await t.ctx.db
        .update(projects)
        .set({ allowedOrigins: [TEST_ORIGIN, 'https://app.example.test'] })
        .where(eq(projects.id, t.project.id));
      t.ctx.projects.clear();
      const wallet = ethereumWallet();
      const fromApp = await challengeFor(t, wallet, { headers: { origin: 'https://app.example.test' } });
      expect(fromApp.split('\n')[0]).toBe(
        'app.example.test wants you to sign in with your Ethereum account:',
      );
      expect(fromApp).toContain('\nURI: https://app.example.test\n');
      const noOrigin = await challengeFor(t, wallet);
      expect(noOrigin).toContain('\nURI: http://localhost:3000\n');
      // An origin the project does not allow is refused before anything is issued.
      const foreign = await start(t, wallet, { headers: { origin: 'https://evil.test' } });
      expectError(foreign, 403, 'origin_not_allowed');
      // Either message signs in.
      const data = dataOf<AuthData>(await authenticate(t, wallet, await wallet.sign(fromApp)));
      expect(data.user.crypto_wallets).toHaveLength(1);
    });
  });

  describe('Solana', () => {
    it('start answers the Solana sign-in message with the same fields and Chain ID testnet', async () => {
      const wallet = solanaWallet();
      const challenge = await challengeFor(t, wallet);
      expect(challenge.split('\n')).toEqual([
        'localhost:3000 wants you to sign in with your Solana account:',
        wallet.address,
        '',
        'Sign in with your wallet. This request will not trigger a blockchain transaction or cost any fees.',
        '',
        'URI: http://localhost:3000',
        'Version: 1',
        'Chain ID: testnet',
        expect.stringMatching(/^Nonce: [0-9a-f]{48}$/),
        `Issued At: ${T0}`,
        `Expiration Time: ${IN_TEN_MINUTES}`,
      ]);
    });

    it('signs a new user in with a base58 ed25519 signature, then the same user returns', async () => {
      const wallet = solanaWallet();
      const first = await signInWith(t, wallet);
      expect(first.user.crypto_wallets).toEqual([
        expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' }),
      ]);
      expect(first.session.authentication_factors[0]).toMatchObject({
        type: 'crypto',
        delivery_method: 'crypto_wallet',
        crypto_wallet_factor: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
      });
      const again = await signInWith(t, wallet);
      expect(again.user_id).toBe(first.user_id);
      expect(await counts()).toEqual({ users: 1, sessions: 2, wallets: 1 });
    });

    it('an Ethereum and a Solana wallet are two users', async () => {
      const a = await signInWith(t, ethereumWallet());
      const b = await signInWith(t, solanaWallet());
      expect(a.user_id).not.toBe(b.user_id);
    });
  });

  describe('secondary: a signed-in user adds a wallet', () => {
    it.each<[string, () => TestWallet]>([
      ['ethereum', ethereumWallet],
      ['solana', solanaWallet],
    ])('%s: the wallet joins the user and the session gets the crypto factor', async (_type, make) => {
      const ada = await signIn(t.ctx, t.project, 'ada@example.com');
      const wallet = make();
      const challenge = await challengeFor(t, wallet, { sessionToken: ada.session_token });
      const [row] = await t.ctx.db.select().from(cryptoWalletChallenges);
      expect(row?.sessionId).toBe(ada.session.session_id);
      const data = dataOf<AuthData>(
        await authenticate(t, wallet, await wallet.sign(challenge), { sessionToken: ada.session_token }),
      );
      expect(data.user_id).toBe(ada.user_id);
      expect(data.session.session_id).toBe(ada.session.session_id);
      expect(data.session.authentication_factors.map((f) => f.type)).toEqual(['magic_link', 'crypto']);
      expect(data.user.crypto_wallets.map((w) => w.crypto_wallet_address)).toEqual([wallet.address]);
      // Signing in with the wallet alone now finds ada.
      const alone = await signInWith(t, wallet);
      expect(alone.user_id).toBe(ada.user_id);
    });

    it('start/secondary needs a session', async () => {
      const response = await call(t, CRYPTO_WALLET_ROUTES.authenticateStartSecondary, {
        crypto_wallet_address: ethereumWallet().address,
        crypto_wallet_type: 'ethereum',
      });
      expectError(response, 401, 'unauthorized_credentials');
    });

    it('another user’s wallet is refused with duplicate_crypto_wallet and nothing changes', async () => {
      const wallet = ethereumWallet();
      const owner = await signInWith(t, wallet);
      const bob = await signIn(t.ctx, t.project, 'bob@example.com');
      const challenge = await challengeFor(t, wallet, { sessionToken: bob.session_token });
      const before = await snapshotTables(t.ctx.db);
      const response = await authenticate(t, wallet, await wallet.sign(challenge), {
        sessionToken: bob.session_token,
      });
      expectError(response, 409, 'duplicate_crypto_wallet');
      expect(await snapshotTables(t.ctx.db)).toEqual(before);
      // Bob's session is as it was, and the wallet is still the owner's.
      const me = await call(t, '/sessions/authenticate', {}, { sessionToken: bob.session_token });
      expect(me.statusCode).toBe(200);
      const rows = await t.ctx.db.select().from(cryptoWallets);
      expect(rows.map((r) => r.userId)).toEqual([owner.user_id]);
    });

    it('a wallet the user already has is simply signed with again', async () => {
      const wallet = solanaWallet();
      const first = await signInWith(t, wallet);
      const again = await signInWith(t, wallet, { sessionToken: first.session_token });
      expect(again.session.session_id).toBe(first.session.session_id);
      expect(again.user.crypto_wallets).toHaveLength(1);
    });
  });

  describe('EIP-1271 contract wallets through the project’s RPC URL', () => {
    it('a contract wallet signs in when its isValidSignature answers the magic value for the message hash', async () => {
      const rpc = await startContractWalletRpc();
      try {
        const owner = ethereumWallet();
        const contract = { type: 'ethereum' as const, address: rpc.address };
        // Without an RPC URL only EOAs sign in: the owner's signature does not recover to the contract.
        const refused = await challengeFor(t, contract);
        const ownerSignature = (await owner.sign(refused)) as `0x${string}`;
        rpc.accept(refused, ownerSignature);
        expectError(await authenticate(t, contract, ownerSignature), 401, 'invalid_signature');
        expect(rpc.calls).toHaveLength(0);

        await setEthereumRpcUrl(t, rpc.url);
        const challenge = await challengeFor(t, contract);
        const signature = (await owner.sign(challenge)) as `0x${string}`;
        // Not (yet) accepted by the contract: 0xffffffff is a refusal.
        expectError(await authenticate(t, contract, signature), 401, 'invalid_signature');
        rpc.accept(challenge, signature);
        const data = dataOf<AuthData>(await authenticate(t, contract, signature));
        expect(data.user.crypto_wallets.map((w) => w.crypto_wallet_address.toLowerCase())).toEqual([
          rpc.address.toLowerCase(),
        ]);
        expect(rpc.calls.every((c) => c.to.toLowerCase() === rpc.address.toLowerCase())).toBe(true);
        expect(rpc.calls.at(-1)?.data.startsWith('0x1626ba7e')).toBe(true);
      } finally {
        await rpc.close();
      }
    });

    it('an address without a contract (eth_call answers 0x) is a refusal, and EOAs never ask the RPC', async () => {
      const rpc = await startContractWalletRpc();
      try {
        await setEthereumRpcUrl(t, rpc.url);
        const wallet = ethereumWallet();
        const stranger = ethereumWallet();
        const challenge = await challengeFor(t, wallet);
        expectError(await authenticate(t, wallet, await stranger.sign(challenge)), 401, 'invalid_signature');
        expect(rpc.calls).toHaveLength(1);
        await signInWith(t, wallet);
        expect(rpc.calls).toHaveLength(1);
      } finally {
        await rpc.close();
      }
    });

    it('an RPC that is down answers 503 crypto_wallet_rpc_unavailable, never a 500, and the challenge stays usable', async () => {
      await setEthereumRpcUrl(t, await closedLoopbackUrl());
      const wallet = ethereumWallet();
      const stranger = ethereumWallet();
      const challenge = await challengeFor(t, wallet);
      const before = await snapshotTables(t.ctx.db);
      const response = await authenticate(t, wallet, await stranger.sign(challenge));
      expectError(response, 503, 'crypto_wallet_rpc_unavailable');
      expect(await snapshotTables(t.ctx.db)).toEqual(before);
      // The real owner's signature needs no RPC.
      const data = dataOf<AuthData>(await authenticate(t, wallet, await wallet.sign(challenge)));
      expect(data.user.crypto_wallets).toHaveLength(1);
    });
  });

  it('an RPC that never answers times out after RPC_TIMEOUT_MS with 503 crypto_wallet_rpc_unavailable', async () => {
    const rpc = await startSilentRpc();
    try {
      await setEthereumRpcUrl(t, rpc.url);
      const wallet = ethereumWallet();
      const challenge = await challengeFor(t, wallet);
      const signature = await ethereumWallet().sign(challenge);
      const began = performance.now();
      expectError(await authenticate(t, wallet, signature), 503, 'crypto_wallet_rpc_unavailable');
      const waited = performance.now() - began;
      expect(waited).toBeGreaterThanOrEqual(RPC_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(RPC_TIMEOUT_MS + 5000);
    } finally {
      await rpc.close();
    }
  });

  it('every route belongs to the crypto product', async () => {
    await t.ctx.db
      .update(projects)
      .set({ enabledProducts: ['emailMagicLinks'] })
      .where(eq(projects.id, t.project.id));
    t.ctx.projects.clear();
    const wallet = ethereumWallet();
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    expectError(await start(t, wallet), 403, 'product_not_enabled');
    expectError(await start(t, wallet, { sessionToken: ada.session_token }), 403, 'product_not_enabled');
    expectError(await authenticate(t, wallet, '0x00'), 403, 'product_not_enabled');
    expect((await t.ctx.db.select().from(cryptoWalletChallenges)).length).toBe(0);
  });

  describe('bad input', () => {
    const good = () => ({
      crypto_wallet_address: ethereumWallet().address,
      crypto_wallet_type: 'ethereum',
      signature: `0x${'11'.repeat(65)}`,
      session_duration_minutes: 30,
    });
    const wrongValues: unknown[] = [null, 1, true, [], {}, { $ne: null }];

    it('any field of a wrong JSON type is a 400 schema error on every route, and changes nothing', async () => {
      const before = await snapshotTables(t.ctx.db);
      const fields = [
        'crypto_wallet_address',
        'crypto_wallet_type',
        'signature',
        'session_duration_minutes',
        'captcha_token',
        'challenge',
      ];
      for (const field of fields) {
        for (const value of wrongValues) {
          for (const url of [
            CRYPTO_WALLET_ROUTES.authenticateStartPrimary,
            CRYPTO_WALLET_ROUTES.authenticate,
          ]) {
            const startOnly = url !== CRYPTO_WALLET_ROUTES.authenticate;
            if (startOnly && ['signature', 'session_duration_minutes', 'challenge'].includes(field)) continue;
            const response = await call(t, url, { ...good(), [field]: value });
            expect({ url, field, value, status: response.statusCode }).toEqual({
              url,
              field,
              value,
              status: 400,
            });
            expect(response.json()).toMatchObject({ status_code: 400 });
          }
        }
      }
      expect(await snapshotTables(t.ctx.db)).toEqual(before);
    });

    it('missing fields, malformed JSON and oversize strings are 400', async () => {
      for (const url of [CRYPTO_WALLET_ROUTES.authenticateStartPrimary, CRYPTO_WALLET_ROUTES.authenticate]) {
        expect((await call(t, url, {})).statusCode).toBe(400);
        expect((await call(t, url, '{"crypto_wallet_type": "ethereum",')).statusCode).toBe(400);
        expect(
          (await call(t, url, { ...good(), crypto_wallet_address: `0x${'a'.repeat(1_000_000)}` })).statusCode,
        ).toBe(400);
      }
      expect(
        (await call(t, CRYPTO_WALLET_ROUTES.authenticate, { ...good(), signature: '' })).statusCode,
      ).toBe(400);
      // Our SDK's `challenge` (schema.ts): a non-empty string of at most 2048 characters.
      for (const challenge of ['', 'x'.repeat(2049)]) {
        expect((await call(t, CRYPTO_WALLET_ROUTES.authenticate, { ...good(), challenge })).statusCode).toBe(
          400,
        );
      }
    });

    it('a crypto_wallet_type other than ethereum or solana is invalid_crypto_wallet_type', async () => {
      for (const type of ['bitcoin', 'Ethereum', 'ETHEREUM', '', 'solana ']) {
        for (const url of [
          CRYPTO_WALLET_ROUTES.authenticateStartPrimary,
          CRYPTO_WALLET_ROUTES.authenticate,
        ]) {
          expectError(
            await call(t, url, { ...good(), crypto_wallet_type: type }),
            400,
            'invalid_crypto_wallet_type',
          );
        }
      }
    });

    it('an address that is not of its type is invalid_crypto_wallet_address', async () => {
      const cases: [string, string][] = [
        ['ethereum', '0x123'],
        ['ethereum', `0x${'g'.repeat(40)}`],
        ['ethereum', 'a'.repeat(40)],
        ['ethereum', ` 0x${'a'.repeat(40)}`],
        ['ethereum', `0x${'a'.repeat(41)}`],
        ['ethereum', ''],
        // A Solana address with the Ethereum type, and the other way round (the type swapped).
        ['ethereum', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'],
        ['solana', `0x${'a'.repeat(40)}`],
        // base58 that decodes to 26 bytes or 1 byte, and a character outside the alphabet.
        ['solana', '11111111111111111111111111'],
        ['solana', '2'],
        ['solana', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4O'],
        ['solana', ''],
      ];
      for (const [type, address] of cases) {
        for (const url of [
          CRYPTO_WALLET_ROUTES.authenticateStartPrimary,
          CRYPTO_WALLET_ROUTES.authenticate,
        ]) {
          const response = await call(t, url, {
            ...good(),
            crypto_wallet_type: type,
            crypto_wallet_address: address,
          });
          expect({ type, address, error: response.json().error_type }).toEqual({
            type,
            address,
            error: 'invalid_crypto_wallet_address',
          });
          expect(response.statusCode).toBe(400);
        }
      }
    });

    it('a session duration out of range is invalid_session_duration', async () => {
      expectError(
        await call(t, CRYPTO_WALLET_ROUTES.authenticate, { ...good(), session_duration_minutes: 3 }),
        400,
        'invalid_session_duration',
      );
    });
  });
});
