// SPEC §4 EmailConfirmation's transitions (resend, 'Try again'), loaded with the screen (widget-state.ts
// ScreenTransitionTable).
import { type ScreenTransitionTable, screenOf } from '../../widget-state';

/** EmailConfirmation's resend and 'Try again'. */
export const EMAIL_CONFIRMATION_TRANSITIONS = {
  'resend-started': (state) => {
    if (state.screen !== 'email-confirmation') return state;
    return { ...state, screen: 'email-confirmation.resending' };
  },
  'resend-finished': (state) => {
    if (state.screen !== 'email-confirmation.resending') return state;
    return { ...state, screen: 'email-confirmation' };
  },
  'try-again': (state) => {
    // SPEC §4: 'Try again' clears the stored e-mail and returns to Main.
    if (screenOf(state.screen) !== 'email-confirmation') return state;
    return { ...state, screen: 'main', email: '', banner: null, fieldError: null };
  },
} satisfies ScreenTransitionTable;
