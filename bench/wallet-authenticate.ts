// Issue 20 item 2: what one POST /sdk/v1/crypto_wallets/authenticate costs on each path, Ethereum and Solana, on
// PGlite in the bench's process (so the CPU figures include the database's work):
//   - named: our SDK's body names the signed challenge (`challenge`): one signature check;
//   - own newest: the Stytch clients' body (no `challenge`), the caller's own newest challenge signed: one check;
//   - worst case: the Stytch clients' body with a signature that matches nothing, while the wallet has more live
//     challenges of the caller's and of others than are tried: MAX_SIGNATURE_CHECKS checks, then 401;
//   - named, wrong signature: one check, then 401.
// Per row: the signature checks the call makes (by construction), the median wall time and the mean CPU (process
// user + system) per call, after a warm-up; calls are sequential through app.inject (no sockets). The bare check
// (viem's recoverMessageAddress, noble's ed25519 verify) is measured alone for comparison.

import { buildApp, DEFAULT_RATE_LIMITS, type RateLimitName, type RateLimitSettings } from '@gatehouse/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { recoverMessageAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  MAX_OTHER_CANDIDATES,
  MAX_OWN_CANDIDATES,
  MAX_SIGNATURE_CHECKS,
} from '../packages/server/src/features/crypto-wallets/challenges';
import { type BenchResult, type BenchRow, median } from './report';

const CALLS = 200;
const WARMUP = 20;
const OWNER_IP = '203.0.113.10';
const OTHER_IP = '198.51.100.7';

/** Every limit out of the way: the bench measures the checks, not refusals. */
const NO_LIMITS: Partial<RateLimitSettings> = Object.fromEntries(
  (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]).map((name) => [
    name,
    { points: 100_000_000, durationSeconds: 3600 },
  ]),
);

interface Wallet {
  type: 'ethereum' | 'solana';
  address: string;
  sign(message: string): Promise<string>;
  /**
   * A signature that matches none of the server's messages but costs a full check: this key's over another text
   * (garbage bytes could fail early, at a point that is not on the curve).
   */
  bogus(): Promise<string>;
  /** The bare signature check, as the server makes it. */
  check(message: string, signature: string): Promise<boolean>;
}

function ethereumWallet(): Wallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    type: 'ethereum',
    address: account.address,
    sign: (message) => account.signMessage({ message }),
    bogus: () => account.signMessage({ message: 'not a sign-in message' }),
    check: async (message, signature) =>
      (await recoverMessageAddress({ message, signature: signature as `0x${string}` })) === account.address,
  };
}

function solanaWallet(): Wallet {
  const { secretKey, publicKey } = ed25519.keygen();
  return {
    type: 'solana',
    address: base58.encode(publicKey),
    sign: async (message) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey)),
    bogus: async () =>
      base58.encode(ed25519.sign(new TextEncoder().encode('not a sign-in message'), secretKey)),
    check: async (message, signature) =>
      ed25519.verify(base58.decode(signature), new TextEncoder().encode(message), publicKey),
  };
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Runs `call` WARMUP + CALLS times (`prepare` before each, unmeasured); median wall ms and mean CPU ms per call. */
async function measure(
  prepare: () => Promise<unknown>,
  call: (prepared: unknown) => Promise<void>,
): Promise<{ wallMs: number; cpuMs: number }> {
  const walls: number[] = [];
  let cpu = 0;
  for (let i = 0; i < WARMUP + CALLS; i += 1) {
    const prepared = await prepare();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await call(prepared);
    const wall = performance.now() - started;
    const used = cpuMs(process.cpuUsage(cpuBefore));
    if (i >= WARMUP) {
      walls.push(wall);
      cpu += used;
    }
  }
  return { wallMs: median(walls), cpuMs: cpu / CALLS };
}

export async function run(): Promise<BenchResult> {
  const app = await buildApp({
    config: {
      env: 'test',
      publicUrl: 'http://localhost:3000',
      databaseUrl: null,
      dataDir: null,
      logLevel: 'silent',
    },
    rateLimits: NO_LIMITS,
  });
  const rows: BenchRow[] = [];
  let failed = false;
  try {
    const devProject = await app.inject({ method: 'GET', url: '/dev/project' });
    const { public_token: publicToken } = devProject.json() as { public_token: string };
    const authorization = `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`;
    const post = async (url: string, body: unknown, ip: string, expected: number) => {
      const response = await app.inject({
        method: 'POST',
        url: `/sdk/v1/crypto_wallets${url}`,
        remoteAddress: ip,
        headers: { authorization, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      if (response.statusCode !== expected) {
        failed = true;
        throw new Error(`${url} answered ${response.statusCode}, not ${expected}: ${response.body}`);
      }
      return response;
    };
    const start = async (wallet: Wallet, ip: string) => {
      const response = await post(
        '/authenticate/start/primary',
        { crypto_wallet_address: wallet.address, crypto_wallet_type: wallet.type },
        ip,
        200,
      );
      return (response.json() as { data: { challenge: string } }).data.challenge;
    };
    const authenticate = (wallet: Wallet, signature: string, challenge: string | null, expected: number) =>
      post(
        '/authenticate',
        {
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: wallet.type,
          signature,
          session_duration_minutes: 60,
          ...(challenge === null ? {} : { challenge }),
        },
        OWNER_IP,
        expected,
      );

    for (const make of [ethereumWallet, solanaWallet]) {
      const wallet = make();
      const label = wallet.type === 'ethereum' ? 'Ethereum' : 'Solana';
      const signed = async () => {
        const challenge = await start(wallet, OWNER_IP);
        return { challenge, signature: await wallet.sign(challenge) };
      };
      type Signed = Awaited<ReturnType<typeof signed>>;

      const named = await measure(signed, async (prepared) => {
        const { challenge, signature } = prepared as Signed;
        await authenticate(wallet, signature, challenge, 200);
      });
      rows.push({ label: `${label}: named challenge (our SDK)`, figures: { checks: 1, ...figures(named) } });

      const own = await measure(signed, async (prepared) => {
        await authenticate(wallet, (prepared as Signed).signature, null, 200);
      });
      rows.push({ label: `${label}: own newest (Stytch body)`, figures: { checks: 1, ...figures(own) } });

      // The worst case: more live challenges of the caller's and of another address's than are tried, and a
      // signature matching none.
      const worstWallet = make();
      for (let i = 0; i <= MAX_OWN_CANDIDATES; i += 1) await start(worstWallet, OWNER_IP);
      for (let i = 0; i <= MAX_OTHER_CANDIDATES; i += 1) await start(worstWallet, OTHER_IP);
      const bogus = await worstWallet.bogus();
      const worst = await measure(
        async () => null,
        async () => {
          await authenticate(worstWallet, bogus, null, 401);
        },
      );
      rows.push({
        label: `${label}: no match, ${MAX_OWN_CANDIDATES} own + ${MAX_OTHER_CANDIDATES} others (Stytch body)`,
        figures: { checks: MAX_SIGNATURE_CHECKS, ...figures(worst) },
      });

      const someChallenge = await start(worstWallet, OWNER_IP);
      const namedWrong = await measure(
        async () => null,
        async () => {
          await authenticate(worstWallet, bogus, someChallenge, 401);
        },
      );
      rows.push({
        label: `${label}: named, wrong signature (our SDK)`,
        figures: { checks: 1, ...figures(namedWrong) },
      });

      const message = someChallenge;
      const signature = await worstWallet.sign(message);
      const bare = await measure(
        async () => null,
        async () => {
          if (!(await worstWallet.check(message, signature))) throw new Error('the bare check failed');
        },
      );
      rows.push({ label: `${label}: one bare signature check`, figures: { checks: 1, ...figures(bare) } });
    }
  } finally {
    await app.close();
  }
  return {
    rows,
    failed,
    notes: [
      `${CALLS} sequential calls per row after ${WARMUP} warm-up calls; wall: median, CPU: mean of the process's user + system time (PGlite runs in it).`,
    ],
  };
}

function figures(measured: { wallMs: number; cpuMs: number }) {
  return { 'wall ms (median)': measured.wallMs.toFixed(2), 'CPU ms / call': measured.cpuMs.toFixed(2) };
}
