// Issue 22: removing a wallet from the account page (DELETE /users/crypto_wallets/{id}), confirmed in the dialog;
// the last way to sign in is not offered and says why.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { createFakeClient, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
import { confirmInDialog, renderAccountPage } from './test-render';

const ADDRESS = '0x6a3b5f1e2d4c7b8a9f0e1d2c3b4a59687f6e5d4c';
const WALLET = {
  crypto_wallet_id: 'crypto-wallet-test-1',
  crypto_wallet_address: ADDRESS,
  crypto_wallet_type: 'ethereum',
  verified: true,
};

describe('wallets (issue 22)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  it('removes a wallet after the confirm dialog (danger style); the row goes and the page says so', async () => {
    const client = createFakeClient({
      session: SAMPLE_SESSION,
      user: { ...SAMPLE_USER, crypto_wallets: [WALLET] },
    });
    renderAccountPage(client);
    const section = await screen.findByTestId('account-wallets');
    const button = await within(section).findByRole('button', { name: `Remove wallet ${ADDRESS}` });
    expect(button.className).toContain('button-danger');
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(STRINGS.account.confirmRemoveWalletTitle)).toBeTruthy();
    await confirmInDialog(STRINGS.account.removeWalletConfirm);
    await waitFor(() => expect(within(section).queryByText(ADDRESS)).toBeNull());
    expect(within(section).getByText(STRINGS.account.walletRemoved(ADDRESS))).toBeTruthy();
    expect(client.accountCalls.filter(([method]) => method === 'user.deleteCryptoWallet')).toEqual([
      ['user.deleteCryptoWallet', WALLET.crypto_wallet_id],
    ]);
  });

  it('the only way to sign in: the remove button is disabled with the reason', async () => {
    const client = createFakeClient({
      session: SAMPLE_SESSION,
      user: { ...SAMPLE_USER, emails: [], crypto_wallets: [WALLET] },
    });
    renderAccountPage(client);
    const section = await screen.findByTestId('account-wallets');
    const button = await within(section).findByRole('button', { name: `Remove wallet ${ADDRESS}` });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(section).getByText(STRINGS.account.lastWayToSignIn)).toBeTruthy();
  });
});
