// Issue 20 item 3 in the widget's wallet flow (crypto-flow.ts): signed in, a wallet the user does not hold yet is
// attached by POST /crypto_wallets/authenticate, which the server refuses with 403 `reauthentication_required` on an
// old sign-in; where the project requires the user's authenticator app, every secondary start is refused with
// `second_factor_required`. The refusal opens "Confirm it's you" on the waiting screen; once confirmed, the refused
// call runs again with the same signed challenge (the wallet is not asked twice) and the flow reaches
// CryptoConfirmation. Cancel returns to Main: no CryptoError, no onError, nothing more sent.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginConfig } from '../../config';
import { Login } from '../../login';
import { GatehouseProvider } from '../../provider';
import { REAUTHENTICATION_STRINGS as TEXT } from '../../reauthentication/reauthentication-strings';
import { apiError, createFakeClient, type FakeClient, fakeUser } from '../../test-support/fake-client';
import { createEthereumWallet, createSolanaWallet } from './test-wallets';
import { resetWalletDiscovery } from './wallet-discovery';

const SLOW = { timeout: 20_000 };

beforeAll(async () => {
  // The first load of the lazy chunks (wallet section and screens, the step) can be slow on a busy machine.
  await Promise.all([
    import('./crypto-section'),
    import('./crypto-screens'),
    import('../../reauthentication/screens'),
  ]);
}, 60_000);

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const undo of cleanups.splice(0)) undo();
  resetWalletDiscovery();
});

/** Wallets and e-mailed codes: the step can confirm with a code to the user's verified address. */
const CONFIG: LoginConfig = { products: ['crypto', 'otp'], otpOptions: { methods: ['email'] } };
const VERIFIED_EMAIL = { email_id: 'email-1', email: 'ada@example.com', verified: true };

function refusal(reason: string) {
  return apiError({ error_type: reason, error_message: 'Confirm it is you.', status_code: 403 });
}

/** Signed in as a user with a verified address (and an app, when `totp`); nothing confirmed yet. */
function signedInClient(options: { totp?: boolean } = {}): {
  client: FakeClient;
  isConfirmed: () => boolean;
} {
  const client = createFakeClient({
    user: fakeUser({
      emails: [VERIFIED_EMAIL],
      totps: options.totp ? [{ totp_id: 'totp-1', verified: true }] : [],
    }),
  });
  let confirmed = false;
  const confirm = async () => {
    confirmed = true;
    return { request_id: 'request-id-confirm', status_code: 200, __user: {} };
  };
  client.otpAuthenticateImpl = confirm;
  client.totpAuthenticateImpl = confirm;
  return { client, isConfirmed: () => confirmed };
}

function renderLogin(client: FakeClient) {
  const onEvent = vi.fn();
  const onError = vi.fn();
  render(
    <GatehouseProvider client={client}>
      <Login config={CONFIG} callbacks={{ onEvent, onError }} />
    </GatehouseProvider>,
  );
  return { onEvent, onError, user: userEvent.setup({ delay: null }) };
}

describe('"Confirm it\'s you" in the wallet flow (issue 20 item 3)', () => {
  it('a new wallet on an old sign-in: the step on CryptoSignMessage, then the same signature again → CryptoConfirmation', async () => {
    const wallet = createEthereumWallet();
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const { client, isConfirmed } = signedInClient();
    const attach = client.cryptoAuthenticateImpl;
    client.cryptoAuthenticateImpl = async (options) => {
      if (!isConfirmed()) throw refusal('reauthentication_required');
      return attach(options);
    };
    const { onEvent, onError, user } = renderLogin(client);
    await user.click(await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW));

    const heading = await screen.findByRole('heading', { name: TEXT.reauthenticationTitle }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(TEXT.reauthenticationRecentText)).toBeTruthy();
    // The waiting screen stays mounted, hidden, behind the step.
    expect(screen.queryByRole('heading', { name: 'Completing signature request...' })).toBeNull();
    const step = screen.getByRole('region', { name: TEXT.reauthenticationTitle });
    await user.click(within(step).getByRole('button', { name: TEXT.reauthenticationSendCode }));
    await user.type(await within(step).findByLabelText(TEXT.reauthenticationCodeLabel), '246810');

    await screen.findByRole('heading', { name: 'Success!' }, SLOW);
    expect(client.calls.otpSend.map((call) => call.destination)).toEqual(['ada@example.com']);
    const [first, again] = client.calls.cryptoAuthenticate;
    expect(client.calls.cryptoAuthenticate).toHaveLength(2);
    expect(again).toEqual(first);
    expect(client.calls.cryptoStart).toHaveLength(1);
    expect(wallet.calls.map((call) => call.method)).toEqual(['eth_requestAccounts', 'personal_sign']);
    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual([
      'CRYPTO_WALLET_AUTHENTICATE_START',
      'CRYPTO_WALLET_AUTHENTICATE',
    ]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('Cancel returns to Main: no CryptoError, no onError, nothing more sent', {
    timeout: 40_000,
  }, async () => {
    const solana = createSolanaWallet('Phantom');
    cleanups.push(solana.register());
    const { client } = signedInClient();
    client.cryptoAuthenticateImpl = async () => {
      throw refusal('reauthentication_required');
    };
    const { onEvent, onError, user } = renderLogin(client);
    await user.click(await screen.findByRole('button', { name: 'Continue with Phantom' }, SLOW));
    await screen.findByRole('heading', { name: TEXT.reauthenticationTitle }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await screen.findByRole('button', { name: 'Continue with Phantom' }, SLOW);
    expect(screen.queryByRole('heading', { name: TEXT.reauthenticationTitle })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Looks like there was an error!' })).toBeNull();
    expect(client.calls.cryptoAuthenticate).toHaveLength(1);
    expect(client.calls.otpSend).toEqual([]);
    expect(solana.calls.map((call) => call.feature)).toEqual(['standard:connect', 'solana:signMessage']);
    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual(['CRYPTO_WALLET_AUTHENTICATE_START']);
    expect(onError).not.toHaveBeenCalled();

    // A new attempt starts afresh (the cancelled one no longer counts as running).
    await user.click(screen.getByRole('button', { name: 'Continue with Phantom' }));
    await screen.findByRole('heading', { name: TEXT.reauthenticationTitle }, SLOW);
    expect(client.calls.cryptoStart).toHaveLength(2);
  });

  it('second_factor_required on the start: the app’s code on CryptoConnect, then the start again and the flow on', async () => {
    const wallet = createEthereumWallet();
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const { client, isConfirmed } = signedInClient({ totp: true });
    const start = client.cryptoStartImpl;
    client.cryptoStartImpl = async (options) => {
      if (!isConfirmed()) throw refusal('second_factor_required');
      return start(options);
    };
    const { onError, user } = renderLogin(client);
    await user.click(await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW));

    await screen.findByRole('heading', { name: TEXT.reauthenticationTitle }, SLOW);
    expect(screen.getByText(TEXT.reauthenticationSecondFactorText)).toBeTruthy();
    await user.type(screen.getByLabelText(TEXT.reauthenticationTotpLabel), '123456');

    await screen.findByRole('heading', { name: 'Success!' }, SLOW);
    expect(client.calls.totpAuthenticate).toHaveLength(1);
    expect(client.calls.cryptoStart).toHaveLength(2);
    expect(client.calls.cryptoAuthenticate).toHaveLength(1);
    expect(wallet.calls.map((call) => call.method)).toEqual(['eth_requestAccounts', 'personal_sign']);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a retry refused again goes to CryptoError as any failure does', async () => {
    const wallet = createEthereumWallet();
    cleanups.push(wallet.announce({ name: 'MetaMask', rdns: 'io.metamask' }));
    const { client } = signedInClient();
    client.cryptoAuthenticateImpl = async () => {
      throw refusal('reauthentication_required');
    };
    const { onError, user } = renderLogin(client);
    await user.click(await screen.findByRole('button', { name: 'Continue with Metamask' }, SLOW));
    const step = await screen.findByRole('region', { name: TEXT.reauthenticationTitle }, SLOW);
    await user.click(within(step).getByRole('button', { name: TEXT.reauthenticationSendCode }));
    await user.type(await within(step).findByLabelText(TEXT.reauthenticationCodeLabel), '246810');

    await screen.findByRole('heading', { name: 'Looks like there was an error!' }, SLOW);
    expect(screen.getByText('[Error] Could not sign message')).toBeTruthy();
    expect(client.calls.cryptoAuthenticate).toHaveLength(2);
    expect(onError.mock.calls[0]?.[0]).toEqual({ message: '[Error] Could not sign message' });
  });
});
