// Issue 20 item 2 (security-tests.md AT-05, AT-07) for wallet sign-in, on every database kind, with the wallet
// limits at their defaults: a stranger who knows a wallet's public address and floods starts and bogus
// authenticates for it from other client addresses neither voids the owner's signed challenge nor spends a budget
// the owner needs — on the published Stytch clients' path (no `challenge` in the body: the caller's own starts are
// tried first; a session's secondary challenge is its own wherever it signs from) and on our SDK's (the body names
// the signed challenge, the ONE row its nonce selects is checked). The nonce path checks exactly that challenge:
// naming another wallet's, another session's, an expired, a used or a never-answered one is
// crypto_wallet_challenge_not_found with nothing consumed, even when the signature matches another live challenge of
// the wallet. The wallet's ceiling across all IPs still trips.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cryptoWalletChallenges } from '../../infra/db/schema';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../infra/rate-limits';
import { testDatabaseKinds } from '../../test-support/database';
import { expectLimited, limitTestApp } from '../../test-support/limits';
import { snapshotTables } from '../../test-support/snapshot';
import { createTestClock, signIn } from '../sessions/test-fixtures';
import { TOO_MANY_AUTHENTICATIONS_MESSAGE, TOO_MANY_STARTS_MESSAGE } from './limits';
import { CHALLENGE_TTL_MS } from './messages';
import { CRYPTO_WALLET_ROUTES } from './routes';
import { dataOf, ethereumWallet, expectError, solanaWallet, type TestWallet } from './test-helpers';

const T0 = '2030-01-01T00:00:00.000Z';
const OWNER_IP = '203.0.113.10';
const STRANGER_IPS = ['198.51.100.7', '198.51.100.8'];
const WALLETS: [string, () => TestWallet][] = [
  ['Ethereum', ethereumWallet],
  ['Solana', solanaWallet],
];
/** The client's path: the published Stytch clients send no challenge, our SDK sends the one it signed. */
const PATHS = [
  ['the Stytch clients’ body (no challenge)', false],
  ['our SDK’s body (the signed challenge)', true],
] as const;

/** Every wallet limit at its default (the test app's are generous otherwise). */
const WALLET_DEFAULTS = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).filter(([name]) => name.startsWith('cryptoWallet')),
) as Partial<RateLimitSettings>;

describe.each(testDatabaseKinds())('AT-07 wallet challenge eviction on %s', (kind) => {
  const clock = createTestClock(T0);
  const limited = limitTestApp({ kind, clock, ip: OWNER_IP, beforeEachTest: () => clock.set(T0) });

  const startFrom = (
    wallet: Pick<TestWallet, 'type' | 'address'>,
    ip: string,
    sessionToken: string | null = null,
  ) =>
    limited.post(
      sessionToken === null
        ? CRYPTO_WALLET_ROUTES.authenticateStartPrimary
        : CRYPTO_WALLET_ROUTES.authenticateStartSecondary,
      { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type },
      { ip, sessionToken },
    );

  async function challengeFrom(
    wallet: Pick<TestWallet, 'type' | 'address'>,
    ip: string = OWNER_IP,
    sessionToken: string | null = null,
  ): Promise<string> {
    return dataOf<{ challenge: string }>(await startFrom(wallet, ip, sessionToken)).challenge;
  }

  const authenticateFrom = (
    wallet: Pick<TestWallet, 'type' | 'address'>,
    options: { signature: string; challenge?: string; ip?: string; sessionToken?: string | null },
  ) =>
    limited.post(
      CRYPTO_WALLET_ROUTES.authenticate,
      {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: wallet.type,
        signature: options.signature,
        session_duration_minutes: 30,
        ...(options.challenge === undefined ? {} : { challenge: options.challenge }),
      },
      { ip: options.ip ?? OWNER_IP, sessionToken: options.sessionToken ?? null },
    );

  const bogusSignature = (wallet: TestWallet) =>
    wallet.type === 'ethereum' ? `0x${'11'.repeat(65)}` : '1'.repeat(88);

  /** Calls `call` until it is refused with 429; answers how many were allowed (each must be `allowed`). */
  async function spendUntilLimited(
    call: () => Promise<LightMyRequestResponse>,
    allowed: number,
    message: string,
  ): Promise<number> {
    for (let count = 0; count < 100; count += 1) {
      const response = await call();
      if (response.statusCode === 429) {
        expectLimited(response, { windowSeconds: 60, message });
        return count;
      }
      expect(response.statusCode).toBe(allowed);
    }
    throw new Error('never limited');
  }

  describe.each(WALLETS)('%s', (_name, make) => {
    it.each(PATHS)(
      'AT-07: a stranger’s starts and bogus authenticates for a victim’s public address from other IPs leave the owner’s challenge redeemable and the owner’s next start allowed (%s)',
      async (_path, sendsChallenge) => {
        await limited.useLimits(WALLET_DEFAULTS);
        const owner = make();
        const challenge = await challengeFrom(owner);
        const signature = await owner.sign(challenge);

        // The stranger spends every budget it can for the owner's address, from two addresses, over two windows.
        const spent: { starts: number; authenticates: number }[] = [];
        for (const window of [0, 1]) {
          for (const ip of STRANGER_IPS) {
            const starts = await spendUntilLimited(() => startFrom(owner, ip), 200, TOO_MANY_STARTS_MESSAGE);
            const rows = await limited.t.ctx.db.select().from(cryptoWalletChallenges);
            const theirs = rows.find((row) => row.ipAddress === ip)?.message;
            const authenticates = await spendUntilLimited(
              () =>
                authenticateFrom(owner, {
                  signature: bogusSignature(owner),
                  ip,
                  ...(sendsChallenge ? { challenge: theirs } : {}),
                }),
              401,
              TOO_MANY_AUTHENTICATIONS_MESSAGE,
            );
            spent.push({ starts, authenticates });
          }
          if (window === 0) clock.advance(60_000);
        }

        // The owner's next start is allowed, and the challenge signed before the flood still signs them in.
        expect((await startFrom(owner, OWNER_IP)).statusCode).toBe(200);
        const data = dataOf<{ user: { crypto_wallets: { crypto_wallet_address: string }[] } }>(
          await authenticateFrom(owner, { signature, ...(sendsChallenge ? { challenge } : {}) }),
        );
        expect(data.user.crypto_wallets.map((wallet) => wallet.crypto_wallet_address)).toEqual([
          owner.address,
        ]);
        // Each stranger address had its own (wallet, IP) budgets, whole, in each window.
        expect(spent).toEqual(
          Array.from({ length: 2 * STRANGER_IPS.length }, () => ({
            starts: DEFAULT_RATE_LIMITS.cryptoWalletStartsPerWalletAndIp.points,
            authenticates: DEFAULT_RATE_LIMITS.cryptoWalletAuthenticationsPerWalletAndIp.points,
          })),
        );
      },
      // About 130 calls, each bogus authenticate checking up to MAX_SIGNATURE_CHECKS signatures: room for a busy machine.
      120_000,
    );

    it('AT-07: the owner’s challenge outlives any number of strangers’ starts within the ceiling (the Stytch clients’ path)', async () => {
      const owner = make();
      const challenge = await challengeFrom(owner);
      const signature = await owner.sign(challenge);
      // Strangers everywhere start more challenges than one call ever tries (MAX_SIGNATURE_CHECKS), each newer.
      for (let i = 0; i < 20; i += 1) {
        clock.advance(1000);
        await challengeFrom(owner, `192.0.2.${i + 1}`);
      }
      // And the owner's double click: the first of its own two is the one signed.
      clock.advance(1000);
      await challengeFrom(owner);
      dataOf(await authenticateFrom(owner, { signature }));
    });

    it('AT-07: a session’s secondary challenge outlives strangers’ newer starts, wherever the session signs from (the Stytch clients’ path)', async () => {
      const owner = make();
      const ada = await signIn(limited.t.ctx, limited.t.project, 'ada@example.com');
      const challenge = await challengeFrom(owner, OWNER_IP, ada.session_token);
      for (let i = 0; i < 10; i += 1) {
        clock.advance(1000);
        await challengeFrom(owner, `192.0.2.${i + 1}`);
      }
      const data = dataOf<{ user_id: string }>(
        await authenticateFrom(owner, {
          signature: await owner.sign(challenge),
          ip: '192.0.2.200',
          sessionToken: ada.session_token,
        }),
      );
      expect(data.user_id).toBe(ada.user_id);
    });

    // A guard for what the fix must keep (it passes on the old code too): the fallback to the others.
    it('both paths still sign in a person whose client address changed between start and sign', async () => {
      const owner = make();
      for (const sendsChallenge of [false, true]) {
        const challenge = await challengeFrom(owner, OWNER_IP);
        const signature = await owner.sign(challenge);
        dataOf(
          await authenticateFrom(owner, {
            signature,
            ip: '192.0.2.77',
            ...(sendsChallenge ? { challenge } : {}),
          }),
        );
      }
    });

    it('the nonce path checks the named challenge only: a signature over another live challenge of the wallet is invalid_signature, and nothing is consumed', async () => {
      const owner = make();
      const named = await challengeFrom(owner);
      const other = await challengeFrom(owner);
      const signature = await owner.sign(other);
      const before = await snapshotTables(limited.t.ctx.db);
      expectError(await authenticateFrom(owner, { signature, challenge: named }), 401, 'invalid_signature');
      expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
      // Both are still redeemable: each by its own signature.
      dataOf(await authenticateFrom(owner, { signature, challenge: other }));
      dataOf(await authenticateFrom(owner, { signature: await owner.sign(named), challenge: named }));
    });

    it('the nonce path: naming another wallet’s, another session’s, a used, an expired or a never-answered challenge is crypto_wallet_challenge_not_found and consumes nothing', async () => {
      const owner = make();
      // A live challenge of the owner's that the signature matches: the old "newest N" rule would take it.
      const live = await challengeFrom(owner);
      const signature = await owner.sign(live);
      const refuse = async (challenge: string, sessionToken: string | null = null) => {
        const before = await snapshotTables(limited.t.ctx.db);
        expectError(
          await authenticateFrom(owner, { signature, challenge, sessionToken }),
          404,
          'crypto_wallet_challenge_not_found',
        );
        expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
      };

      // Another wallet's challenge (of the same type, so its text has the same form).
      await refuse(await challengeFrom(make()));
      // A challenge started by another session, named by a caller without one and by a third session.
      const ada = await signIn(limited.t.ctx, limited.t.project, 'ada@example.com');
      const bob = await signIn(limited.t.ctx, limited.t.project, 'bob@example.com');
      const adas = await challengeFrom(owner, OWNER_IP, ada.session_token);
      await refuse(adas);
      await refuse(adas, bob.session_token);
      // A text that is not the one answered to the start: another Issued At, another domain, the nonce alone.
      await refuse(
        live.replace(/Issued At: (\d{4})/, (_m, year: string) => `Issued At: ${Number(year) + 1}`),
      );
      await refuse(live.replace(/^localhost:3000 /, 'evil.test '));
      await refuse(live.split('\n').find((line) => line.startsWith('Nonce: ')) ?? 'Nonce: none');
      await refuse(`${live}\n`);
      // A used one: signed in with, then named again beside the live one.
      const used = await challengeFrom(owner);
      dataOf(await authenticateFrom(owner, { signature: await owner.sign(used), challenge: used }));
      await refuse(used);
      // Everything above left the live challenge alone.
      dataOf(await authenticateFrom(owner, { signature, challenge: live }));
    });

    it('the nonce path: an expired named challenge is crypto_wallet_challenge_not_found, its row deleted (WL-02), the live one untouched', async () => {
      const owner = make();
      const expired = await challengeFrom(owner);
      clock.advance(CHALLENGE_TTL_MS - 1000);
      const live = await challengeFrom(owner);
      clock.advance(1000);
      const signature = await owner.sign(live);
      expectError(
        await authenticateFrom(owner, { signature, challenge: expired }),
        404,
        'crypto_wallet_challenge_not_found',
      );
      const rows = await limited.t.ctx.db.select().from(cryptoWalletChallenges);
      expect(rows.map((row) => [row.message, row.consumedAt])).toEqual([[live, null]]);
      dataOf(await authenticateFrom(owner, { signature, challenge: live }));
    });
  });

  it('AT-05: the wallet’s start ceiling across all IPs still trips (at its default), and only for that wallet', async () => {
    await limited.useLimits(WALLET_DEFAULTS);
    const owner = ethereumWallet();
    const perPair = DEFAULT_RATE_LIMITS.cryptoWalletStartsPerWalletAndIp.points;
    const ceiling = DEFAULT_RATE_LIMITS.cryptoWalletStartsPerWallet.points;
    expect(ceiling).toBeGreaterThanOrEqual(10 * perPair);
    const addresses = Math.ceil(ceiling / perPair);
    let started = 0;
    for (let i = 0; i < addresses; i += 1) {
      for (let j = 0; j < perPair && started < ceiling; j += 1, started += 1) {
        expect((await startFrom(owner, `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`)).statusCode).toBe(200);
      }
    }
    const before = await snapshotTables(limited.t.ctx.db);
    expectLimited(await startFrom(owner, OWNER_IP), { windowSeconds: 60, message: TOO_MANY_STARTS_MESSAGE });
    expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
    expect((await startFrom(ethereumWallet(), OWNER_IP)).statusCode).toBe(200);
  });
});
