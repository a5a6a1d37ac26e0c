// SPEC §4 crypto: "connect wallet, request challenge, sign it, authenticate, CryptoConfirmation. Any failure goes to
// CryptoError." Started by the wallet button's click (a user gesture, which wallets' pop-ups expect) rather than by
// a screen's mount effect, so StrictMode's double effects never ask the wallet twice. The reducer ignores answers
// for a screen no longer shown; a back arrow also cancels the attempt here, so a late answer fires no event.
import { eventData } from '../../callbacks';
import type { WidgetContextValue } from '../../widget-context';
import type { WidgetAction } from '../../widget-state';
import type { CryptoStrings } from './crypto-strings';
import type { DetectedWallet } from './wallet-discovery';

type Dispatch = (action: WidgetAction) => void;

/**
 * SPEC §9 default session duration (the protocol's CONSTANTS.defaultSessionDurationMinutes, which crypto.test.tsx
 * checks). Written out, like config.ts's sessionDurationMinutes inlined below: a run-time import of the protocol
 * from the crypto chunk made esbuild split the protocol out of the initial SDK file (bench widget-size: one more
 * initial file, +0.5 KiB on every page).
 */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;

/** The newest attempt per widget (its dispatch is stable): an older attempt's answers are dropped. */
const attempts = new WeakMap<Dispatch, number>();
/** Widgets with an attempt under way: a second click (a double click) asks the wallet nothing more. */
const running = new WeakSet<Dispatch>();

/** The back arrow of CryptoConnect / CryptoSignMessage: the running attempt stops at its next step. */
export function cancelWalletSignIn(dispatch: Dispatch): void {
  attempts.set(dispatch, (attempts.get(dispatch) ?? 0) + 1);
  running.delete(dispatch);
}

export async function startWalletSignIn(
  widget: Pick<WidgetContextValue, 'client' | 'config' | 'dispatch' | 'emitEvent' | 'emitError'> & {
    strings: CryptoStrings;
  },
  wallet: DetectedWallet,
): Promise<void> {
  const { client, config, strings, dispatch, emitEvent, emitError } = widget;
  if (running.has(dispatch)) return;
  running.add(dispatch);
  const attempt = (attempts.get(dispatch) ?? 0) + 1;
  attempts.set(dispatch, attempt);
  try {
    await signIn();
  } finally {
    if (attempts.get(dispatch) === attempt) running.delete(dispatch);
  }

  async function signIn() {
    const current = () => attempts.get(dispatch) === attempt;
    const fail = (failure: 'connect' | 'sign') => {
      if (!current()) return;
      // SPEC §8: '[Error] Could not connect to wallet' / '[Error] Could not sign message' → CryptoError; the page's
      // onError gets a plain { message } (wire-format.md §7.4), as the published UI hands it: whatever the wallet or
      // the server said stays out of the page's logs.
      const message = failure === 'connect' ? strings.cryptoConnectFailed : strings.cryptoSignFailed;
      dispatch({ type: 'crypto-failed', failure });
      emitError({ message });
    };

    // SPEC §3 cryptoState.walletOption: the chosen wallet.
    dispatch({ type: 'crypto-wallet-chosen', walletOption: wallet.option, walletId: wallet.id });

    let address: string;
    let challenge: string;
    try {
      address = await wallet.connect();
      if (!current()) return;
      const started = await client.cryptoWallets.authenticateStart({
        crypto_wallet_address: address,
        crypto_wallet_type: wallet.chain,
      });
      if (!current()) return;
      challenge = started.challenge;
      if (typeof challenge !== 'string' || challenge === '')
        throw new Error('The server answered no challenge.');
      emitEvent('CRYPTO_WALLET_AUTHENTICATE_START', eventData(started));
      dispatch({ type: 'crypto-challenge-received', walletAddress: address, walletChallenge: challenge });
    } catch {
      fail('connect');
      return;
    }

    try {
      const signature = await wallet.sign(challenge, address);
      if (!current()) return;
      const data = await client.cryptoWallets.authenticate({
        crypto_wallet_address: address,
        crypto_wallet_type: wallet.chain,
        signature,
        session_duration_minutes:
          config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES,
        // Issue 20 item 2: the message just signed, so the server checks this challenge alone and nobody else's
        // starts for the same (public) address can void it.
        challenge,
      });
      if (!current()) return;
      emitEvent('CRYPTO_WALLET_AUTHENTICATE', eventData(data));
      dispatch({ type: 'crypto-authenticated' });
    } catch {
      fail('sign');
    }
  }
}
