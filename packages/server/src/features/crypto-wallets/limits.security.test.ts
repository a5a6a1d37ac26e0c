// Issue 9 item 1 for wallet sign-in (issue 12 item 1): starts are limited per IP and per wallet (each stores a
// challenge, BF-07), authenticates per IP and per wallet, and a wallet sign-in that creates a user counts against
// the sign-ups of its IP; each limit trips at its budget and recovers with the next window of the injected clock,
// answering 429 too_many_requests with Retry-After and storing nothing. Issue 20 item 2 (AT-05/AT-07): a wallet's
// budgets are per (wallet, IP), under a ceiling for the wallet across all IPs (challenge-eviction.security.test.ts
// has the stranger's flood at the default figures).

import { CAPTCHA_REQUIRED_TEXT } from '@gatehouse/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RateLimit, RateLimitName } from '../../infra/rate-limits';
import { basicAuth } from '../../test-support/app';
import { SOLVING_SDK_CLIENT, STYTCH_SDK_CLIENT, solveCaptcha } from '../../test-support/captcha';
import { testDatabaseKinds } from '../../test-support/database';
import { expectLimited, limitTestApp } from '../../test-support/limits';
import { snapshotTables } from '../../test-support/snapshot';
import { createTestClock } from '../sessions/test-fixtures';
import { TOO_MANY_SIGN_UPS_MESSAGE } from '../users';
import { TOO_MANY_AUTHENTICATIONS_MESSAGE, TOO_MANY_STARTS_MESSAGE } from './limits';
import { CRYPTO_WALLET_ROUTES } from './routes';
import { ethereumWallet, solanaWallet } from './test-helpers';

const IP = '203.0.113.9';
const START = CRYPTO_WALLET_ROUTES.authenticateStartPrimary;

describe.each(testDatabaseKinds())('crypto-wallet limits on %s', (kind) => {
  const clock = createTestClock();
  const limited = limitTestApp({
    kind,
    clock,
    ip: IP,
    beforeEachTest: () => clock.set('2030-01-01T00:00:00.000Z'),
  });
  const oneWallet = ethereumWallet();
  const startBody = (address: string) => ({ crypto_wallet_address: address, crypto_wallet_type: 'ethereum' });
  const authenticateBody = (address: string) => ({
    ...startBody(address),
    signature: `0x${'11'.repeat(65)}`,
    session_duration_minutes: 30,
  });

  const cases: Array<{
    name: RateLimitName;
    limit: RateLimit;
    what: string;
    call: (i: number) => Promise<LightMyRequestResponse>;
    allowed: number;
    message: string;
  }> = [
    {
      name: 'cryptoWalletStartsPerIp',
      limit: { points: 3, durationSeconds: 60 },
      what: 'starts for any wallet from one IP',
      call: () =>
        limited.post(CRYPTO_WALLET_ROUTES.authenticateStartPrimary, startBody(ethereumWallet().address)),
      allowed: 200,
      message: TOO_MANY_STARTS_MESSAGE,
    },
    {
      name: 'cryptoWalletStartsPerWalletAndIp',
      limit: { points: 2, durationSeconds: 60 },
      what: 'starts for one wallet (any case of its address) from one IP',
      call: (i) =>
        limited.post(
          CRYPTO_WALLET_ROUTES.authenticateStartPrimary,
          startBody(i % 2 === 0 ? oneWallet.address : oneWallet.address.toLowerCase()),
        ),
      allowed: 200,
      message: TOO_MANY_STARTS_MESSAGE,
    },
    {
      name: 'cryptoWalletStartsPerWallet',
      limit: { points: 2, durationSeconds: 60 },
      what: 'starts for one wallet (any case of its address) from all IPs together (the ceiling)',
      call: (i) =>
        limited.post(
          CRYPTO_WALLET_ROUTES.authenticateStartPrimary,
          startBody(i % 2 === 0 ? oneWallet.address : oneWallet.address.toLowerCase()),
          { ip: `198.51.100.${i + 1}` },
        ),
      allowed: 200,
      message: TOO_MANY_STARTS_MESSAGE,
    },
    {
      name: 'cryptoWalletAuthenticationsPerIp',
      limit: { points: 3, durationSeconds: 60 },
      what: 'authenticates for any wallet from one IP',
      call: () => limited.post(CRYPTO_WALLET_ROUTES.authenticate, authenticateBody(ethereumWallet().address)),
      allowed: 404,
      message: TOO_MANY_AUTHENTICATIONS_MESSAGE,
    },
    {
      name: 'cryptoWalletAuthenticationsPerWalletAndIp',
      limit: { points: 2, durationSeconds: 60 },
      what: 'authenticates for one wallet from one IP',
      call: () => limited.post(CRYPTO_WALLET_ROUTES.authenticate, authenticateBody(oneWallet.address)),
      allowed: 404,
      message: TOO_MANY_AUTHENTICATIONS_MESSAGE,
    },
    {
      name: 'cryptoWalletAuthenticationsPerWallet',
      limit: { points: 2, durationSeconds: 60 },
      what: 'authenticates for one wallet from all IPs together (the ceiling)',
      call: (i) =>
        limited.post(CRYPTO_WALLET_ROUTES.authenticate, authenticateBody(oneWallet.address), {
          ip: `198.51.100.${i + 1}`,
        }),
      allowed: 404,
      message: TOO_MANY_AUTHENTICATIONS_MESSAGE,
    },
  ];

  it.each(cases)('$name: $what trip at the budget and recover with the next window', async (c) => {
    await limited.useLimits({ [c.name]: c.limit });
    for (let i = 0; i < c.limit.points; i += 1) {
      expect((await c.call(i)).statusCode).toBe(c.allowed);
    }
    const before = await snapshotTables(limited.t.ctx.db);
    expectLimited(await c.call(c.limit.points), {
      windowSeconds: c.limit.durationSeconds,
      message: c.message,
    });
    expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
    clock.advance(c.limit.durationSeconds * 1000);
    expect((await c.call(c.limit.points + 1)).statusCode).toBe(c.allowed);
  });

  it('captcha: a start past its soft threshold asks a solving client for a captcha, passes once solved, never asks the Stytch SDK', async () => {
    await limited.useLimits({ cryptoWalletStartsPerIp: { points: 100, durationSeconds: 60, softPoints: 1 } });
    const send = (client: string, extra: Record<string, unknown> = {}, url: string = START) =>
      limited.app.inject({
        method: 'POST',
        url: `/sdk/v1${url}`,
        remoteAddress: IP,
        headers: {
          authorization: basicAuth(limited.t.publicToken, null),
          'content-type': 'application/json',
          'x-sdk-client': client,
        },
        payload: JSON.stringify(url === START ? { ...startBody(oneWallet.address), ...extra } : extra),
      });
    const isCaptchaRequired = (response: LightMyRequestResponse) =>
      response.statusCode === 429 && response.body.includes(CAPTCHA_REQUIRED_TEXT);
    expect((await send(SOLVING_SDK_CLIENT)).statusCode).toBe(200);
    const asked = await send(SOLVING_SDK_CLIENT);
    expect(isCaptchaRequired(asked)).toBe(true);
    const challenge = await send(SOLVING_SDK_CLIENT, { action: START }, '/captcha/challenge');
    const token = await solveCaptcha(challenge.json().data.challenge);
    expect((await send(SOLVING_SDK_CLIENT, { captcha_token: token })).statusCode).toBe(200);
    expect(isCaptchaRequired(await send(SOLVING_SDK_CLIENT, { captcha_token: token }))).toBe(true);
    expect((await send(STYTCH_SDK_CLIENT)).statusCode).toBe(200);
  });

  it('signUpsPerIp: concurrent uses of one sign-up signature count one sign-up (the losers give theirs back)', async () => {
    await limited.useLimits({ signUpsPerIp: { points: 10, durationSeconds: 3600 } });
    const signed = async (wallet: ReturnType<typeof solanaWallet>) => {
      const started = await limited.post(START, {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'solana',
      });
      const { challenge } = (started.json() as { data: { challenge: string } }).data;
      return {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'solana',
        signature: await wallet.sign(challenge),
      };
    };
    const body = await signed(solanaWallet());
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => limited.post(CRYPTO_WALLET_ROUTES.authenticate, body)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404, 404]);
    const state = await limited.app.gatehouse.limits.peek({ limit: 'signUpsPerIp', kind: 'ip', key: IP });
    expect(state.consumed).toBe(1);
  });

  it('signUpsPerIp: a wallet sign-in that creates a user counts; the refused one consumes nothing', async () => {
    await limited.useLimits({ signUpsPerIp: { points: 1, durationSeconds: 3600 } });
    const signInWith = async (wallet: ReturnType<typeof solanaWallet>) => {
      const started = await limited.post(CRYPTO_WALLET_ROUTES.authenticateStartPrimary, {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: wallet.type,
      });
      const { challenge } = (started.json() as { data: { challenge: string } }).data;
      return limited.post(CRYPTO_WALLET_ROUTES.authenticate, {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: wallet.type,
        signature: await wallet.sign(challenge),
      });
    };
    const first = solanaWallet();
    expect((await signInWith(first)).statusCode).toBe(200);
    // A returning user is no sign-up.
    expect((await signInWith(first)).statusCode).toBe(200);
    const second = solanaWallet();
    const started = await limited.post(CRYPTO_WALLET_ROUTES.authenticateStartPrimary, {
      crypto_wallet_address: second.address,
      crypto_wallet_type: 'solana',
    });
    const { challenge } = (started.json() as { data: { challenge: string } }).data;
    const signature = await second.sign(challenge);
    const before = await snapshotTables(limited.t.ctx.db);
    const refused = await limited.post(CRYPTO_WALLET_ROUTES.authenticate, {
      crypto_wallet_address: second.address,
      crypto_wallet_type: 'solana',
      signature,
    });
    expectLimited(refused, { windowSeconds: 3600, message: TOO_MANY_SIGN_UPS_MESSAGE });
    expect(await snapshotTables(limited.t.ctx.db)).toEqual(before);
    // The challenge is not used up (the snapshot above): the refusal came before the consume.
  });
});
