// Issue 12 item 4 (SPEC: a site built on the Stytch SDK works unchanged): the published @stytch/vanilla-js 4.13.1
// headless client, against the real server on a loopback port, completes an Ethereum and a Solana sign-in —
// cryptoWallets.authenticateStart then cryptoWallets.authenticate with the challenge signed by a wallet made in the
// test (a viem private-key account's personal_sign; an ed25519 key's base58 signature) — signs out and back in as
// the same user, adds a second wallet to the signed-in user through start/secondary, and reads the SDK's own error
// for a refused signature. Nothing leaves the machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ethereumWallet, solanaWallet, type TestWallet } from './features/crypto-wallets/test-helpers';
import { createTestClock } from './features/sessions/test-fixtures';
import { testDatabaseKinds } from './test-support/database';
import { type StytchHeadless, startStytchHeadless } from './test-support/stytch-headless';

describe.each(testDatabaseKinds())(
  'the Stytch headless client’s crypto wallets (vanilla-js 4.13.1) on %s',
  (kind) => {
    const clock = createTestClock(new Date().toISOString());
    let page: StytchHeadless;

    beforeAll(async () => {
      page = await startStytchHeadless({ kind, clock });
    });
    afterAll(async () => {
      await page?.close();
    });

    /** What a site does with a wallet: ask for the challenge, have the wallet sign it, authenticate. */
    async function signInWith(wallet: TestWallet) {
      const started = await page.client.cryptoWallets.authenticateStart({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: wallet.type,
      });
      expect(started.challenge).toContain(wallet.address);
      return page.client.cryptoWallets.authenticate({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: wallet.type,
        signature: await wallet.sign(started.challenge),
        session_duration_minutes: 30,
      });
    }

    it.each<[string, () => TestWallet, RegExp]>([
      ['Ethereum', ethereumWallet, /wants you to sign in with your Ethereum account:\n/],
      ['Solana', solanaWallet, /wants you to sign in with your Solana account:\n/],
    ])(
      '%s: signs a new user in, signs out, and the same user signs in again',
      async (_name, make, format) => {
        page.newClient();
        const primaryStarts = page.answered('/crypto_wallets/authenticate/start/primary').length;
        const wallet = make();
        const started = await page.client.cryptoWallets.authenticateStart({
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: wallet.type,
        });
        expect(started.challenge).toMatch(format);
        expect(page.answered('/crypto_wallets/authenticate/start/primary')).toHaveLength(primaryStarts + 1);
        const first = await page.client.cryptoWallets.authenticate({
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: wallet.type,
          signature: await wallet.sign(started.challenge),
          session_duration_minutes: 30,
        });
        expect(first.user_id).toMatch(/^user-test-/);
        expect(page.client.session.getSync()?.user_id).toBe(first.user_id);
        expect(page.client.session.getSync()?.authentication_factors[0]).toMatchObject({
          type: 'crypto',
          delivery_method: 'crypto_wallet',
          crypto_wallet_factor: { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type },
        });
        expect(page.client.user.getSync()?.crypto_wallets).toEqual([
          expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type }),
        ]);

        await page.client.session.revoke();
        expect(page.client.session.getSync()).toBeNull();
        const again = await signInWith(wallet);
        expect(again.user_id).toBe(first.user_id);
        expect(page.externalUrls()).toEqual([]);
      },
    );

    it('a signed-in user adds a Solana wallet through start/secondary', async () => {
      page.newClient();
      const ethereum = ethereumWallet();
      const first = await signInWith(ethereum);
      const before = page.answered('/crypto_wallets/authenticate/start/secondary').length;
      const solana = solanaWallet();
      const added = await signInWith(solana);
      expect(page.answered('/crypto_wallets/authenticate/start/secondary')).toHaveLength(before + 1);
      expect(added.user_id).toBe(first.user_id);
      expect(added.session.session_id).toBe(first.session.session_id);
      expect(
        page.client.user
          .getSync()
          ?.crypto_wallets.map((w) => w.crypto_wallet_type)
          .sort(),
      ).toEqual(['ethereum', 'solana']);
    });

    it('a refused signature is the SDK’s StytchAPIError with the error type', async () => {
      page.newClient();
      const wallet = ethereumWallet();
      const started = await page.client.cryptoWallets.authenticateStart({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: wallet.type,
      });
      const error = await page.client.cryptoWallets
        .authenticate({
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: wallet.type,
          signature: await ethereumWallet().sign(started.challenge),
          session_duration_minutes: 30,
        })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(error).toBeInstanceOf(page.sdk.StytchAPIError);
      expect((error as { error_type: string }).error_type).toBe('invalid_signature');
      expect(page.client.session.getSync()).toBeNull();
    });
  },
);
