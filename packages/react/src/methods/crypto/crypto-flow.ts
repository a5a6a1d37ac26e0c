// SPEC §4 crypto: "connect wallet, request challenge, sign it, authenticate, CryptoConfirmation. Any failure goes to
// CryptoError." Started by the wallet button's click (a user gesture, which wallets' pop-ups expect) rather than by
// a screen's mount effect, so StrictMode's double effects never ask the wallet twice. The reducer ignores answers
// for a screen no longer shown; a back arrow also cancels the attempt here, so a late answer fires no event.
//
// Issue 20 item 3 (server: sessions/step-up.ts SESSION_ROUTE_RULES): with a session the SDK's calls are secondary
// (SPEC §4: "adding a factor or credential"), and the server refuses a wallet the user does not hold yet (POST
// /crypto_wallets/authenticate) with 403 `reauthentication_required` on an old sign-in, and every secondary start
// with `second_factor_required` where the project requires the user's authenticator app. Such a refusal opens
// "Confirm it's you" on the waiting screen of that call (CryptoConnect / CryptoSignMessage offer it here, below);
// once confirmed, the refused call runs again (once), with the same signed challenge: the server refuses before it
// consumes the challenge, and the challenge belongs to this session, whose id the confirming sign-in keeps. No second
// wallet prompt. Cancel returns to Main like the back arrow: no CryptoError, no onError. The step and its guard live
// in the screens' chunk (crypto-screens.tsx), loaded once a wallet was chosen: imported here, they (and the SDK's
// error check) would split the initial chunks of every page, crypto or not (bench widget-size).
import { eventData } from '../../callbacks';
import type { WidgetContextValue } from '../../widget-context';
import type { MainAction, ScreenActionOf } from '../../widget-state';
import type { CryptoStrings } from './crypto-strings';
import type { CRYPTO_TRANSITIONS } from './crypto-transitions';
import type { DetectedWallet } from './wallet-discovery';

/** useScreenDispatch(CRYPTO_TRANSITIONS): one per widget (the attempts below are keyed by it). */
type Dispatch = (action: MainAction | ScreenActionOf<typeof CRYPTO_TRANSITIONS>) => void;

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

/**
 * A waiting screen's "Confirm it's you" (crypto-screens.tsx): opens the step for `refusal`, then runs `call` again
 * once confirmed and settles with it; rejects with `refusal` when it asks for no confirmation, and ends the attempt
 * (back to Main) and rejects when the person cancels.
 */
export type ConfirmItsYou = <T>(refusal: unknown, call: () => Promise<T>) => Promise<T>;

/** The two waiting screens, each with the call it waits for: the start (CryptoConnect), authenticate (CryptoSignMessage). */
export type WaitingScreen = 'crypto-connect' | 'crypto-sign-message';

interface Offered {
  screen: WaitingScreen;
  confirm: ConfirmItsYou;
}

/**
 * Per widget: the waiting screen on show, and the attempts waiting for one (null: the attempt ended). A refusal waits
 * for the screen of ITS call: the flow can run ahead of React (a fast wallet signs before CryptoSignMessage is
 * committed), and a step opened on CryptoConnect would be cancelled as that screen unmounts.
 */
const offered = new WeakMap<Dispatch, Offered>();
const waiting = new WeakMap<
  Dispatch,
  { screen: WaitingScreen; resolve: (confirm: ConfirmItsYou | null) => void }[]
>();

/** CryptoConnect / CryptoSignMessage, while shown: a refusal of its call opens "Confirm it's you" there. */
export function offerConfirmation(
  dispatch: Dispatch,
  screen: WaitingScreen,
  confirm: ConfirmItsYou,
): () => void {
  const offer = { screen, confirm };
  offered.set(dispatch, offer);
  const waiters = waiting.get(dispatch) ?? [];
  for (const waiter of waiters.filter((item) => item.screen === screen)) waiter.resolve(confirm);
  waiting.set(
    dispatch,
    waiters.filter((item) => item.screen !== screen),
  );
  return () => {
    if (offered.get(dispatch) === offer) offered.delete(dispatch);
  };
}

/** The confirmation of `screen`, once it is shown (it may still be loading); null when the attempt ended first. */
function confirmationOf(dispatch: Dispatch, screen: WaitingScreen): Promise<ConfirmItsYou | null> {
  const offer = offered.get(dispatch);
  if (offer?.screen === screen) return Promise.resolve(offer.confirm);
  return new Promise((resolve) => {
    waiting.set(dispatch, [...(waiting.get(dispatch) ?? []), { screen, resolve }]);
  });
}

/**
 * Whether a refusal may ask "Confirm it's you" (403 `reauthentication_required` / `second_factor_required`), by its
 * error_type alone: the screen's guard decides for certain (reauthentication-errors.ts, with the SDK's isAPIError).
 */
function mayAskToConfirm(error: unknown): boolean {
  const type =
    typeof error === 'object' && error !== null ? (error as { error_type?: unknown }).error_type : null;
  return type === 'reauthentication_required' || type === 'second_factor_required';
}

/** The back arrow of CryptoConnect / CryptoSignMessage: the running attempt stops at its next step. */
export function cancelWalletSignIn(dispatch: Dispatch): void {
  attempts.set(dispatch, (attempts.get(dispatch) ?? 0) + 1);
  running.delete(dispatch);
  for (const waiter of waiting.get(dispatch) ?? []) waiter.resolve(null);
  waiting.delete(dispatch);
}

/** Runs `call`; a refusal that asks "Confirm it's you" waits for the step on the call's screen (see the header). */
async function confirmingIfAsked<T>(
  attempt: { dispatch: Dispatch; current: () => boolean; screen: WaitingScreen },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!mayAskToConfirm(error) || !attempt.current()) throw error;
    const confirm = await confirmationOf(attempt.dispatch, attempt.screen);
    if (confirm === null) throw error;
    return confirm(error, call);
  }
}

export async function startWalletSignIn(
  widget: Pick<WidgetContextValue, 'client' | 'config' | 'emitEvent' | 'emitError'> & {
    dispatch: Dispatch;
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
      const started = await confirmingIfAsked({ dispatch, current, screen: 'crypto-connect' }, () =>
        client.cryptoWallets.authenticateStart({
          crypto_wallet_address: address,
          crypto_wallet_type: wallet.chain,
        }),
      );
      if (!current()) return;
      challenge = started.challenge;
      if (typeof challenge !== 'string' || challenge === '')
        throw new Error('The server answered no challenge.');
      emitEvent('CRYPTO_WALLET_AUTHENTICATE_START', eventData(started));
      dispatch({ type: 'crypto-challenge-received', walletAddress: address, walletChallenge: challenge });
    } catch {
      // After a cancelled confirmation the attempt has ended already: fail() says nothing.
      fail('connect');
      return;
    }

    try {
      const signature = await wallet.sign(challenge, address);
      if (!current()) return;
      const data = await confirmingIfAsked({ dispatch, current, screen: 'crypto-sign-message' }, () =>
        client.cryptoWallets.authenticate({
          crypto_wallet_address: address,
          crypto_wallet_type: wallet.chain,
          signature,
          session_duration_minutes:
            config.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES,
          // Issue 20 item 2: the message just signed, so the server checks this challenge alone and nobody else's
          // starts for the same (public) address can void it.
          challenge,
        }),
      );
      if (!current()) return;
      emitEvent('CRYPTO_WALLET_AUTHENTICATE', eventData(data));
      dispatch({ type: 'crypto-authenticated' });
    } catch {
      fail('sign');
    }
  }
}
