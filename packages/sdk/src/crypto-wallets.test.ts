// Issue 12 item 2: client.cryptoWallets against the fake fetch — start on /primary without a session and
// /secondary with one (SPEC §4), the bodies field for field (wire-format.md §4.7; issue 20 item 2: the `challenge`
// extension only when given), authenticate applying the session with the user from `__user`, the captcha retry,
// SPEC §5 usage errors, and the lazy load (client.ts).
import { CRYPTO_WALLET_ROUTES, type User } from '@gatehouse/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyCryptoWallets } from './client';
import type { CryptoWalletsModule } from './crypto-wallets';
import { CRYPTO_WALLET_PATHS } from './crypto-wallets-module';
import { APIError, UsageError } from './errors';
import {
  apiError,
  authenticateData,
  authenticated,
  createTestClient,
  json,
  makeSession,
  makeUser,
  ok,
  PUBLIC_TOKEN,
  type RouteHandler,
  STATE_KEY,
  storedState,
} from './test-support/fakes';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const CHALLENGE = 'app.example.com wants you to sign in with your Ethereum account:\n0x5aAe…';
const ANONYMOUS = `Basic ${btoa(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`)}`;

let dispose: () => void = () => {};
afterEach(() => dispose());

function setup(
  options: { routes?: Record<string, RouteHandler>; signedIn?: boolean; captcha?: boolean } = {},
) {
  const test = createTestClient({
    ...(options.signedIn
      ? {
          cookies: { gatehouse_session: 'session-token-1', gatehouse_session_jwt: 'session-jwt-1' },
          stored: { [STATE_KEY]: { user: makeUser(), session: makeSession() } },
        }
      : {}),
    clientOptions: options.captcha ? { captchaSolver: async () => 'solved' } : {},
    routes: {
      'POST /sessions/authenticate': () => authenticated(),
      'POST /crypto_wallets/authenticate/start/primary': () => ok({ challenge: CHALLENGE }),
      'POST /crypto_wallets/authenticate/start/secondary': () =>
        ok({ challenge: `${CHALLENGE} (secondary)` }),
      'POST /crypto_wallets/authenticate': () => authenticated(),
      ...options.routes,
    },
  });
  dispose = test.client.dispose;
  const walletRequests = () => test.apiRequests().filter((r) => r.path.startsWith('/crypto_wallets/'));
  return { ...test, walletRequests };
}

describe('cryptoWallets.authenticateStart (wire-format.md §4.7)', () => {
  it('posts address and type to /start/primary without a session and answers the challenge', async () => {
    const { client, walletRequests } = setup();
    const data = await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
    });
    expect(data).toEqual({ request_id: 'request-id-test', status_code: 200, challenge: CHALLENGE });
    const [request, ...rest] = walletRequests();
    expect(rest).toEqual([]);
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('https://auth.example.com/sdk/v1/crypto_wallets/authenticate/start/primary');
    // Field for field: no captcha_token until the server asks for one.
    expect(request?.rawBody).toBe(
      JSON.stringify({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum' }),
    );
    expect(request?.headers.Authorization).toBe(ANONYMOUS);
  });

  it('posts to /start/secondary with the session token when a session is held (SPEC §4)', async () => {
    const { client, walletRequests } = setup({ signedIn: true });
    const data = await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: SOLANA_ADDRESS,
      crypto_wallet_type: 'solana',
    });
    expect(data.challenge).toBe(`${CHALLENGE} (secondary)`);
    expect(walletRequests()).toHaveLength(1);
    expect(walletRequests()[0]).toMatchObject({
      path: '/crypto_wallets/authenticate/start/secondary',
      body: { crypto_wallet_address: SOLANA_ADDRESS, crypto_wallet_type: 'solana' },
    });
    expect(walletRequests()[0]?.headers.Authorization).toBe(
      `Basic ${btoa(`${PUBLIC_TOKEN}:session-token-1`)}`,
    );
  });

  it('surfaces an API error as APIError', async () => {
    const { client } = setup({
      routes: {
        'POST /crypto_wallets/authenticate/start/primary': () =>
          apiError(400, 'invalid_crypto_wallet_type', 'crypto_wallet_type must be ethereum or solana.'),
      },
    });
    const error = await client.cryptoWallets
      .authenticateStart({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'bitcoin' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ error_type: 'invalid_crypto_wallet_type', status_code: 400 });
  });
});

describe('cryptoWallets.authenticate (wire-format.md §4.7)', () => {
  it('posts the four fields, applies the session with the user from __user and returns the rest', async () => {
    const walletUser: User = makeUser({
      user_id: 'user-wallet-1',
      emails: [],
      crypto_wallets: [
        {
          crypto_wallet_id: 'crypto-wallet-1',
          crypto_wallet_address: ADDRESS,
          crypto_wallet_type: 'ethereum',
        },
      ] as User['crypto_wallets'],
    });
    const session = makeSession({ session_id: 'session-wallet-1', user_id: 'user-wallet-1' });
    // `user` deliberately differs from `__user`: the SDK must take `__user` (wire-format.md §4.1 table).
    const data = {
      ...authenticateData({
        user: walletUser,
        session,
        session_token: 'wallet-token',
        session_jwt: 'wallet-jwt',
      }),
      user: makeUser({ user_id: 'stale' }),
    };
    const { client, walletRequests, jar, storage } = setup({
      routes: { 'POST /crypto_wallets/authenticate': () => json(200, { data }) },
    });
    const signature = `0x${'ab'.repeat(65)}`;
    const result = await client.cryptoWallets.authenticate({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature,
      session_duration_minutes: 60,
    });
    const request = walletRequests()[0];
    expect(walletRequests()).toHaveLength(1);
    expect(request?.url).toBe('https://auth.example.com/sdk/v1/crypto_wallets/authenticate');
    expect(request?.rawBody).toBe(
      JSON.stringify({
        session_duration_minutes: 60,
        crypto_wallet_address: ADDRESS,
        crypto_wallet_type: 'ethereum',
        signature,
      }),
    );
    expect(result).not.toHaveProperty('__user');
    expect(result).toMatchObject({ session_token: 'wallet-token', session });
    expect(jar.values.get('gatehouse_session')).toBe('wallet-token');
    expect(jar.values.get('gatehouse_session_jwt')).toBe('wallet-jwt');
    expect(storedState(storage)).toEqual({ user: walletUser, session });
    expect(client.user.getSync()).toEqual(walletUser);
    expect(client.session.getSync()).toEqual(session);
  });

  it("sends the signed challenge as the one extension field, after Stytch's four (issue 20 item 2)", async () => {
    const { client, walletRequests } = setup();
    const signature = `0x${'cd'.repeat(65)}`;
    await client.cryptoWallets.authenticate({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature,
      session_duration_minutes: 30,
      challenge: CHALLENGE,
    });
    expect(walletRequests().map((request) => request.rawBody)).toEqual([
      JSON.stringify({
        session_duration_minutes: 30,
        crypto_wallet_address: ADDRESS,
        crypto_wallet_type: 'ethereum',
        signature,
        challenge: CHALLENGE,
      }),
    ]);
  });

  it('keeps the challenge through the captcha retry', async () => {
    let tries = 0;
    const { client, apiRequests } = setup({
      captcha: true,
      routes: {
        'POST /crypto_wallets/authenticate': () =>
          ++tries === 1
            ? new Response('Captcha required', { status: 429, headers: { 'content-type': 'text/plain' } })
            : authenticated(),
        'POST /captcha/challenge': () =>
          ok({ challenge: { parameters: { algorithm: 'SHA-256' }, signature: 's' } }),
      },
    });
    await client.cryptoWallets.authenticate({
      crypto_wallet_address: SOLANA_ADDRESS,
      crypto_wallet_type: 'solana',
      signature: '3xyz',
      session_duration_minutes: 30,
      challenge: CHALLENGE,
    });
    expect(apiRequests()[2]?.body).toEqual({
      session_duration_minutes: 30,
      crypto_wallet_address: SOLANA_ADDRESS,
      crypto_wallet_type: 'solana',
      signature: '3xyz',
      challenge: CHALLENGE,
      captcha_token: 'solved',
    });
  });

  it('a refused signature leaves no session behind', async () => {
    const { client, jar, storage } = setup({
      routes: {
        'POST /crypto_wallets/authenticate': () =>
          apiError(401, 'unauthorized_credentials', 'Bad signature.'),
      },
    });
    await expect(
      client.cryptoWallets.authenticate({
        crypto_wallet_address: SOLANA_ADDRESS,
        crypto_wallet_type: 'solana',
        signature: '3xyz',
        session_duration_minutes: 30,
      }),
    ).rejects.toMatchObject({ error_type: 'unauthorized_credentials' });
    expect(jar.values.has('gatehouse_session')).toBe(false);
    expect(storedState(storage)).toBeUndefined();
  });

  it("answers 'Captcha required' by retrying once with captcha_token added (wire-format.md §4.7 R)", async () => {
    let tries = 0;
    const { client, apiRequests } = setup({
      captcha: true,
      routes: {
        'POST /crypto_wallets/authenticate': () =>
          ++tries === 1
            ? new Response('Captcha required', { status: 429, headers: { 'content-type': 'text/plain' } })
            : authenticated(),
        'POST /captcha/challenge': () =>
          ok({ challenge: { parameters: { algorithm: 'SHA-256' }, signature: 's' } }),
      },
    });
    await client.cryptoWallets.authenticate({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature: '0x01',
      session_duration_minutes: 30,
    });
    expect(apiRequests().map((r) => r.path)).toEqual([
      '/crypto_wallets/authenticate',
      '/captcha/challenge',
      '/crypto_wallets/authenticate',
    ]);
    expect(apiRequests()[2]?.body).toEqual({
      session_duration_minutes: 30,
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature: '0x01',
      captcha_token: 'solved',
    });
  });
});

describe('usage checks (SPEC §5) before any request', () => {
  it('authenticateStart: address and type must be strings, options an object', async () => {
    const { client, walletRequests } = setup();
    await expect(
      client.cryptoWallets.authenticateStart({
        crypto_wallet_address: 1,
        crypto_wallet_type: 'ethereum',
      } as never),
    ).rejects.toThrow(
      new UsageError('cryptoWallets.authenticateStart', 'crypto_wallet_address must be a string.'),
    );
    await expect(
      client.cryptoWallets.authenticateStart({ crypto_wallet_address: ADDRESS } as never),
    ).rejects.toThrow(
      'Invalid call to cryptoWallets.authenticateStart\ncrypto_wallet_type must be a string.',
    );
    await expect(client.cryptoWallets.authenticateStart(undefined as never)).rejects.toBeInstanceOf(
      UsageError,
    );
    expect(walletRequests()).toEqual([]);
  });

  it('authenticate: signature, address, type strings and session_duration_minutes a number (required)', async () => {
    const { client, walletRequests } = setup();
    const valid = {
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature: '0x01',
      session_duration_minutes: 30,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, signature: new Uint8Array(64) }, 'signature must be a string.'],
      [{ ...valid, crypto_wallet_address: null }, 'crypto_wallet_address must be a string.'],
      [{ ...valid, crypto_wallet_type: 2 }, 'crypto_wallet_type must be a string.'],
      [{ ...valid, session_duration_minutes: '30' }, 'session_duration_minutes must be a number.'],
      [{ ...valid, session_duration_minutes: undefined }, 'session_duration_minutes must be a number.'],
      [{ ...valid, challenge: 1 }, 'challenge must be a string.'],
      [{ ...valid, challenge: null }, 'challenge must be a string.'],
    ];
    for (const [options, detail] of cases) {
      await expect(client.cryptoWallets.authenticate(options as never)).rejects.toThrow(
        new UsageError('cryptoWallets.authenticate', detail),
      );
    }
    expect(walletRequests()).toEqual([]);
  });
});

describe('client.cryptoWallets loads its code on the first wallet call (lazyCryptoWallets)', () => {
  it('loads nothing up front, one module for every call, and retries a failed load', async () => {
    const module: CryptoWalletsModule = {
      authenticateStart: vi.fn(async () => ({ challenge: 'c' }) as never),
      authenticate: vi.fn(async () => ({ session_token: 't' }) as never),
    };
    const load = vi
      .fn<() => Promise<CryptoWalletsModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(module);
    const wallets = lazyCryptoWallets(load);
    expect(load).not.toHaveBeenCalled();
    const start = { crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum' };
    await expect(wallets.authenticateStart(start)).rejects.toThrow('Failed to fetch');
    const [started, authenticatedResult] = await Promise.all([
      wallets.authenticateStart(start),
      wallets.authenticate({ ...start, signature: '0x01', session_duration_minutes: 30 }),
    ]);
    expect(started).toEqual({ challenge: 'c' });
    expect(authenticatedResult).toEqual({ session_token: 't' });
    expect(module.authenticateStart).toHaveBeenCalledWith(start);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("writes out the protocol's CRYPTO_WALLET_ROUTES (kept out of the module's imports, for size)", () => {
    expect(CRYPTO_WALLET_PATHS).toEqual(CRYPTO_WALLET_ROUTES);
  });
});
