// SPEC §4 crypto wallet flow's transitions (CryptoOtherScreen, CryptoSetupWallet, CryptoConnect, CryptoSignMessage,
// CryptoError, CryptoConfirmation), loaded with the wallet code (widget-state.ts ScreenTransitionTable).
import { INITIAL_CRYPTO_STATE, type ScreenTransitionTable } from '../../widget-state';

/** The wallet screens' steps. */
export const CRYPTO_TRANSITIONS = {
  'crypto-other-opened': (state) => {
    // SPEC §2: wallets past the cap sit behind 'Continue with other Crypto Wallet' (CryptoOtherScreen).
    if (state.screen !== 'main') return state;
    return { ...state, screen: 'crypto-other', banner: null, fieldError: null };
  },
  'crypto-setup-opened': (state) => {
    // SPEC §2: 'Set up a new crypto wallet' → CryptoSetupWallet (from Main or from CryptoOtherScreen).
    if (state.screen !== 'main' && state.screen !== 'crypto-other') return state;
    return { ...state, screen: 'crypto-setup-wallet', banner: null, fieldError: null };
  },
  'crypto-wallet-chosen': (state, action) => {
    // SPEC §4 crypto: a wallet button starts the flow on CryptoConnect with a fresh cryptoState.
    if (state.screen !== 'main' && state.screen !== 'crypto-other') return state;
    return {
      ...state,
      screen: 'crypto-connect',
      crypto: { ...INITIAL_CRYPTO_STATE, walletOption: action.walletOption, walletId: action.walletId },
      banner: null,
      fieldError: null,
    };
  },
  'crypto-challenge-received': (state, action) => {
    // SPEC §4: connected and challenged → CryptoSignMessage.
    if (state.screen !== 'crypto-connect') return state;
    return {
      ...state,
      screen: 'crypto-sign-message',
      crypto: {
        ...state.crypto,
        walletAddress: action.walletAddress,
        walletChallenge: action.walletChallenge,
      },
    };
  },
  'crypto-authenticated': (state) => {
    // SPEC §4: signed and authenticated → CryptoConfirmation.
    if (state.screen !== 'crypto-sign-message') return state;
    return { ...state, screen: 'crypto-confirmation' };
  },
  'crypto-failed': (state, action) => {
    // SPEC §4 / §8: any failure of the connect or sign step → CryptoError.
    if (state.screen !== 'crypto-connect' && state.screen !== 'crypto-sign-message') return state;
    return { ...state, screen: 'crypto-error', crypto: { ...state.crypto, failure: action.failure } };
  },
} satisfies ScreenTransitionTable;
