// SPEC §4 crypto flow, unit level: one attempt per widget at a time (a double click asks the wallet once), a back
// arrow cancels the attempt so its late answers dispatch and emit nothing, and a new attempt may start after it.
import { describe, expect, it, vi } from 'vitest';
import { createFakeClient, deferred } from '../../test-support/fake-client';
import type { WidgetAction } from '../../widget-state';
import { cancelWalletSignIn, startWalletSignIn } from './crypto-flow';
import { CRYPTO_STRINGS } from './crypto-strings';
import type { DetectedWallet } from './wallet-discovery';

function setup() {
  const connected = deferred<string>();
  const wallet: DetectedWallet = {
    id: 'eip6963:1',
    option: 'Metamask',
    chain: 'ethereum',
    name: 'MetaMask',
    connect: vi.fn(() => connected.promise),
    sign: vi.fn(async () => '0x01'),
  };
  const dispatch = vi.fn<(action: WidgetAction) => void>();
  const widget = {
    client: createFakeClient(),
    config: {},
    strings: CRYPTO_STRINGS,
    dispatch,
    emitEvent: vi.fn(),
    emitError: vi.fn(),
  };
  return { wallet, widget, dispatch, connected };
}

describe('startWalletSignIn', () => {
  it('a second start while one runs asks the wallet nothing more', async () => {
    const { wallet, widget, connected, dispatch } = setup();
    const first = startWalletSignIn(widget, wallet);
    const second = startWalletSignIn(widget, wallet);
    await second;
    expect(wallet.connect).toHaveBeenCalledTimes(1);
    connected.resolve('0xabc');
    await first;
    expect(dispatch.mock.calls.map(([action]) => action.type)).toEqual([
      'crypto-wallet-chosen',
      'crypto-challenge-received',
      'crypto-authenticated',
    ]);
    expect(widget.emitEvent).toHaveBeenCalledTimes(2);
    // Finished: the next click starts again.
    await startWalletSignIn(widget, wallet);
    expect(wallet.connect).toHaveBeenCalledTimes(2);
  });

  it('a cancelled attempt (back arrow) dispatches and emits nothing more, and a new one may start', async () => {
    const { wallet, widget, connected, dispatch } = setup();
    const first = startWalletSignIn(widget, wallet);
    cancelWalletSignIn(dispatch);
    connected.reject(new Error('late refusal'));
    await first;
    expect(dispatch.mock.calls.map(([action]) => action.type)).toEqual(['crypto-wallet-chosen']);
    expect(widget.emitError).not.toHaveBeenCalled();
    expect(widget.client.calls.cryptoStart).toEqual([]);
    const second = startWalletSignIn(widget, wallet);
    expect(wallet.connect).toHaveBeenCalledTimes(2);
    await second;
  });
});
