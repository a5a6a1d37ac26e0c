// security-tests.md part J (WL-01..WL-05) with TK-01/TK-02 and EN-01 for wallet sign-in (issue 12 item 1), on every
// database kind: replay (sequential, and 16 concurrent uses → exactly one session), nonce provenance (client-made,
// expired at T_exp − 1 s / T_exp / T_exp + 1 s on the server clock, another session's), domain/URI/chain binding,
// signature and message integrity; every refusal leaves the database as it was (no user, no session). WL-04's
// "Issued At / Not Before in the client's message" does not arise: the server verifies against the message it
// stored, whose expiry it enforces itself (our SDK's `challenge` only names that row by its nonce and must equal it:
// challenge-eviction.security.test.ts).
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cryptoWalletChallenges } from '../../infra/db/schema';
import { purgeExpired } from '../../infra/purge';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { snapshotTables } from '../../test-support/snapshot';
import { createTestClock, signIn } from '../sessions/test-fixtures';
import { CHALLENGE_TTL_MS } from './messages';
import {
  authenticate,
  challengeFor,
  dataOf,
  ethereumWallet,
  expectError,
  rowCounts,
  signInWith,
  solanaWallet,
  start,
  type TestWallet,
} from './test-helpers';

const T0 = '2030-01-01T00:00:00.000Z';
const WALLETS: [string, () => TestWallet][] = [
  ['ethereum', ethereumWallet],
  ['solana', solanaWallet],
];

describe.each(testDatabaseKinds())('crypto-wallet attacks on %s', (kind) => {
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

  /** A refused authenticate: its error, and nothing in the database changed by it. */
  async function expectRefused(
    call: () => Promise<LightMyRequestResponse>,
    status: number,
    errorType: string,
  ): Promise<void> {
    const before = await snapshotTables(t.ctx.db);
    expectError(await call(), status, errorType);
    expect(await snapshotTables(t.ctx.db)).toEqual(before);
  }

  describe.each(WALLETS)('%s', (_type, make) => {
    it('WL-01: a replayed signature is refused once the challenge is used', async () => {
      const wallet = make();
      const challenge = await challengeFor(t, wallet);
      const signature = await wallet.sign(challenge);
      dataOf(await authenticate(t, wallet, signature));
      await expectRefused(() => authenticate(t, wallet, signature), 404, 'crypto_wallet_challenge_not_found');
      expect(await counts()).toEqual({ users: 1, sessions: 1, wallets: 1 });
    });

    it('WL-01/TK-01: 16 concurrent uses of one signed challenge give exactly one session', async () => {
      const wallet = make();
      const challenge = await challengeFor(t, wallet);
      const signature = await wallet.sign(challenge);
      const answers = await Promise.all(Array.from({ length: 16 }, () => authenticate(t, wallet, signature)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(15).fill(404)]);
      for (const answer of answers.filter((each) => each.statusCode !== 200)) {
        expect(answer.json().error_type).toBe('crypto_wallet_challenge_not_found');
      }
      expect(await counts()).toEqual({ users: 1, sessions: 1, wallets: 1 });
    });

    it('TK-02: valid at T_exp − 1 s; refused at T_exp and T_exp + 1 s, and the expired row is deleted', async () => {
      const wallet = make();
      const expiry = new Date(T0).getTime() + CHALLENGE_TTL_MS;
      for (const offsetMs of [-1000, 0, 1000]) {
        await t.reset();
        clock.set(T0);
        const challenge = await challengeFor(t, wallet);
        const signature = await wallet.sign(challenge);
        clock.set(new Date(expiry + offsetMs));
        const response = await authenticate(t, wallet, signature);
        if (offsetMs < 0) {
          expect(response.statusCode).toBe(200);
          continue;
        }
        expectError(response, 404, 'crypto_wallet_challenge_not_found');
        expect(await t.ctx.db.select().from(cryptoWalletChallenges)).toEqual([]);
        expect(await counts()).toEqual({ users: 0, sessions: 0, wallets: 0 });
      }
    });

    it('WL-02: a signature over a message carrying a client-made nonce is refused', async () => {
      const wallet = make();
      const challenge = await challengeFor(t, wallet);
      const forged = challenge.replace(/Nonce: [0-9a-f]+/, 'Nonce: clientmadenonce12345');
      expect(forged).not.toBe(challenge);
      const signature = await wallet.sign(forged);
      await expectRefused(() => authenticate(t, wallet, signature), 401, 'invalid_signature');
    });

    it('WL-02: a challenge issued to another session is redeemable only by that session', async () => {
      const wallet = make();
      const ada = await signIn(t.ctx, t.project, 'ada@example.com');
      const bob = await signIn(t.ctx, t.project, 'bob@example.com');
      const challenge = await challengeFor(t, wallet, { sessionToken: ada.session_token });
      const signature = await wallet.sign(challenge);
      await expectRefused(() => authenticate(t, wallet, signature), 404, 'crypto_wallet_challenge_not_found');
      await expectRefused(
        () => authenticate(t, wallet, signature, { sessionToken: bob.session_token }),
        404,
        'crypto_wallet_challenge_not_found',
      );
      const data = dataOf<{ user_id: string }>(
        await authenticate(t, wallet, signature, { sessionToken: ada.session_token }),
      );
      expect(data.user_id).toBe(ada.user_id);
    });

    it('WL-03: a message bound to another domain, URI or chain does not verify', async () => {
      const wallet = make();
      const challenge = await challengeFor(t, wallet);
      const chainLine = challenge.split('\n').find((line) => line.startsWith('Chain ID: ')) ?? '';
      const variants = [
        challenge.replace(/^localhost:3000 /, 'evil.test '),
        challenge.replace('URI: http://localhost:3000', 'URI: https://evil.test'),
        challenge.replace(chainLine, 'Chain ID: 1'),
        challenge.replace(chainLine, 'Chain ID: mainnet'),
        challenge.replace(chainLine, 'Chain ID: 0'),
        challenge.replace(`${chainLine}\n`, ''),
      ];
      for (const variant of variants) {
        expect(variant).not.toBe(challenge);
        const signature = await wallet.sign(variant);
        await expectRefused(() => authenticate(t, wallet, signature), 401, 'invalid_signature');
      }
      expect(await counts()).toEqual({ users: 0, sessions: 0, wallets: 0 });
    });

    it('WL-05: another message, a non-SIWE text, another dApp’s message, another key and another address are refused', async () => {
      const wallet = make();
      // An existing wallet user (the target of "a signature taken from an unrelated dApp").
      await signInWith(t, wallet);
      const challenge = await challengeFor(t, wallet);
      const otherWallet = make();
      const otherChallenge = await challengeFor(t, otherWallet);
      const refusals = [
        // A valid signature of this wallet over a different message (another wallet's challenge).
        await wallet.sign(otherChallenge),
        await wallet.sign('hello'),
        await wallet.sign(
          'Welcome to SomeMarket!\n\nClick to sign in and accept the Terms of Service.\n\nWallet address:\n' +
            `${wallet.address}\n\nNonce:\n1234-5678`,
        ),
        // Another key over the right message.
        await otherWallet.sign(challenge),
      ];
      for (const signature of refusals) {
        await expectRefused(() => authenticate(t, wallet, signature), 401, 'invalid_signature');
      }
      // The other wallet's own signature presented for this address (another address than the signer's).
      const theirs = await otherWallet.sign(otherChallenge);
      await expectRefused(() => authenticate(t, wallet, theirs), 401, 'invalid_signature');
      // And this wallet's signature presented for the other address.
      const mine = await wallet.sign(challenge);
      await expectRefused(
        () => authenticate(t, wallet, mine, { address: otherWallet.address }),
        401,
        'invalid_signature',
      );
      expect(await counts()).toEqual({ users: 1, sessions: 1, wallets: 1 });
    });

    it('malformed signatures are invalid_signature, never a 500', async () => {
      const wallet = make();
      const challenge = await challengeFor(t, wallet);
      const good = await wallet.sign(challenge);
      const malformed = [
        'x',
        '0x',
        '0xzz',
        `0x${'00'.repeat(65)}`,
        `0x${'ff'.repeat(65)}`,
        `0x${'11'.repeat(64)}`,
        `${good}00`,
        good.slice(0, -2),
        '1'.repeat(88),
        '0'.repeat(88),
        good.toUpperCase(),
      ];
      for (const signature of malformed) {
        if (signature === good) continue;
        await expectRefused(() => authenticate(t, wallet, signature), 401, 'invalid_signature');
      }
    });

    it('no challenge at all is crypto_wallet_challenge_not_found', async () => {
      const wallet = make();
      await expectRefused(
        () => authenticate(t, wallet, wallet.type === 'ethereum' ? `0x${'11'.repeat(65)}` : '1'.repeat(88)),
        404,
        'crypto_wallet_challenge_not_found',
      );
    });

    it('EN-01: the start answers a known and an unknown wallet alike', async () => {
      const known = make();
      await signInWith(t, known);
      const unknown = make();
      const a = await start(t, known);
      const b = await start(t, unknown);
      const normalize = (response: LightMyRequestResponse, address: string) => ({
        status: response.statusCode,
        headers: Object.keys(response.headers).sort(),
        body: response.body
          .replaceAll(address, '<address>')
          .replace(/Nonce: [0-9a-f]{48}/, 'Nonce: <nonce>')
          .replace(/"request_id":"[^"]+"/, '"request_id":"<id>"'),
      });
      expect(normalize(a, known.address)).toEqual(normalize(b, unknown.address));
    });
  });

  it('nonces are server-made, 192 bits of hex, never repeated', async () => {
    const wallet = ethereumWallet();
    for (let i = 0; i < 20; i += 1) await challengeFor(t, wallet);
    const rows = await t.ctx.db.select({ nonce: cryptoWalletChallenges.nonce }).from(cryptoWalletChallenges);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.nonce)).size).toBe(20);
    for (const { nonce } of rows) expect(nonce).toMatch(/^[0-9a-f]{48}$/);
  });

  it('LD-04: the purge deletes expired challenges (used or not) and keeps live ones', async () => {
    const wallet = solanaWallet();
    const used = await challengeFor(t, wallet);
    dataOf(await authenticate(t, wallet, await wallet.sign(used)));
    await challengeFor(t, wallet);
    // The purge takes rows whose expiry is before now (infra/purge.ts).
    clock.advance(CHALLENGE_TTL_MS + 1);
    const live = await challengeFor(t, wallet);
    const report = await purgeExpired(t.ctx);
    expect(report.deleted.crypto_wallet_challenges).toBe(2);
    const rows = await t.ctx.db.select().from(cryptoWalletChallenges);
    expect(rows.map((row) => row.message)).toEqual([live]);
    expect(
      await t.ctx.db.select().from(cryptoWalletChallenges).where(eq(cryptoWalletChallenges.message, used)),
    ).toEqual([]);
  });
});
