// SPEC §4 PasskeyRegistrationStart/Success transitions, loaded with those screens (widget-state.ts
// ScreenTransitionTable).
import type { ScreenTransitionTable } from '../../widget-state';

/** Creating a passkey, skipping, setting up another. */
export const PASSKEY_REGISTRATION_TRANSITIONS = {
  'passkey-create-started': (state) => {
    if (state.screen !== 'passkey-registration') return state;
    return { ...state, screen: 'passkey-registration.creating', banner: null };
  },
  'passkey-created': (state) => {
    // SPEC §4: registration or skip → PasskeyRegistrationSuccess.
    if (state.screen !== 'passkey-registration.creating') return state;
    return { ...state, screen: 'passkey-registration-success', banner: null };
  },
  'passkey-create-failed': (state, action) => {
    if (state.screen !== 'passkey-registration.creating') return state;
    return { ...state, screen: 'passkey-registration', banner: action.banner };
  },
  'passkey-create-cancelled': (state) => {
    // Issue 20 item 3: "Confirm it's you" was cancelled; nothing was created and nothing needs saying.
    if (state.screen !== 'passkey-registration.creating') return state;
    return { ...state, screen: 'passkey-registration', banner: null };
  },
  'passkey-skipped': (state) => {
    if (state.screen !== 'passkey-registration') return state;
    return { ...state, screen: 'passkey-registration-success', banner: null };
  },
  'passkey-setup-another': (state) => {
    // SPEC §4: 'Set up another Passkey' returns to PasskeyRegistrationStart.
    if (state.screen !== 'passkey-registration-success') return state;
    return { ...state, screen: 'passkey-registration', banner: null };
  },
} satisfies ScreenTransitionTable;
