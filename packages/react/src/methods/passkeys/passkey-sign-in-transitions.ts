// SPEC §4 passkey sign-in's transitions (Main's passkey button and autofill), loaded with the passkey section
// (widget-state.ts ScreenTransitionTable).
import { type ScreenTransitionTable, screenOf } from '../../widget-state';

/** Main's passkey sign-in. */
export const PASSKEY_SIGN_IN_TRANSITIONS = {
  'passkey-started': (state) => {
    if (state.screen !== 'main') return state;
    return { ...state, screen: 'main.passkey-authenticating', banner: null, fieldError: null };
  },
  'passkey-authenticated': (state) => {
    // SPEC §4: passkey sign-in success → PasskeyConfirmation (also from autofill while Main shows).
    if (screenOf(state.screen) !== 'main') return state;
    return { ...state, screen: 'passkey-confirmation', banner: null, fieldError: null };
  },
  'passkey-failed': (state, action) => {
    if (state.screen !== 'main.passkey-authenticating') return state;
    return { ...state, screen: 'main', banner: action.banner };
  },
} satisfies ScreenTransitionTable;
