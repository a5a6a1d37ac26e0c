// DESIGN convention 6: the widget's screens are one finite state (rendered as `data-state` on the root) changed
// only by this reducer. Names follow SPEC §2's screens; a `.suffix` is a sub-state of the same screen. Later
// methods add their screens (otp-authenticate, password-*, crypto-*, passkey-*) here.
import type { ConfigurationErrorKind } from './config';
import type { DisplayError } from './errors';

export type WidgetScreenState =
  | 'main'
  | 'main.submitting'
  | 'config-error'
  | 'email-confirmation'
  | 'email-confirmation.resending'
  | 'password-reset'
  | 'password-reset.logging-in'
  | 'login-success'
  | 'passkey-registration'
  | 'passkey-registration.no-user';

export type BannerVariant = 'error' | 'warning' | 'success';

export interface Banner {
  variant: BannerVariant;
  error: DisplayError;
}

/** SPEC §3 "Widget form state": errorMessage and the magic-link e-mail. */
export interface WidgetState {
  screen: WidgetScreenState;
  email: string;
  banner: Banner | null;
  fieldError: string | null;
  configError: ConfigurationErrorKind | null;
  /** How many times the screen changed: focus moves to a screen's heading only after the first change. */
  navigations: number;
}

export type WidgetAction =
  | { type: 'configure'; configError: ConfigurationErrorKind | null }
  | { type: 'email-invalid'; email: string; message: string }
  | { type: 'email-submitted'; email: string }
  | { type: 'email-sent' }
  | { type: 'email-send-failed'; banner: Banner }
  | { type: 'resend-started' }
  | { type: 'resend-finished' }
  | { type: 'try-again' }
  | { type: 'back' }
  | { type: 'show-banner'; banner: Banner }
  | { type: 'dismiss-banner' }
  | { type: 'login-link-authenticating' }
  | { type: 'login-succeeded' }
  | { type: 'login-failed'; banner: Banner }
  | { type: 'passkey-user-changed'; signedIn: boolean };

/** The screen part of a state: sub-states of one screen share it (focus moves only when it changes). */
export function screenOf(state: WidgetScreenState): string {
  const dot = state.indexOf('.');
  return dot === -1 ? state : state.slice(0, dot);
}

export function initialWidgetState(options: {
  screen: WidgetScreenState;
  configError: ConfigurationErrorKind | null;
}): WidgetState {
  return {
    screen: options.configError !== null ? 'config-error' : options.screen,
    email: '',
    banner: null,
    fieldError: null,
    configError: options.configError,
    navigations: 0,
  };
}

/** The reducer the widget uses: `transition` plus the navigation count. */
export function widgetReducer(state: WidgetState, action: WidgetAction): WidgetState {
  const next = transition(state, action);
  return next !== state && screenOf(next.screen) !== screenOf(state.screen)
    ? { ...next, navigations: state.navigations + 1 }
    : next;
}

function transition(state: WidgetState, action: WidgetAction): WidgetState {
  switch (action.type) {
    case 'configure': {
      if (action.configError === state.configError) return state;
      if (action.configError !== null)
        return { ...state, screen: 'config-error', configError: action.configError };
      // SPEC §2: a fixed configuration shows Main again.
      return state.screen === 'config-error'
        ? { ...state, screen: 'main', configError: null }
        : { ...state, configError: null };
    }
    case 'email-invalid':
      if (state.screen !== 'main') return state;
      return { ...state, email: action.email, fieldError: action.message, banner: null };
    case 'email-submitted':
      if (state.screen !== 'main') return state;
      return { ...state, screen: 'main.submitting', email: action.email, fieldError: null, banner: null };
    case 'email-sent':
      // SPEC §4: login-link send succeeds → EmailConfirmation.
      if (state.screen !== 'main.submitting') return state;
      return { ...state, screen: 'email-confirmation' };
    case 'email-send-failed':
      if (state.screen !== 'main.submitting') return state;
      return { ...state, screen: 'main', banner: action.banner };
    case 'resend-started':
      if (state.screen !== 'email-confirmation') return state;
      return { ...state, screen: 'email-confirmation.resending' };
    case 'resend-finished':
      if (state.screen !== 'email-confirmation.resending') return state;
      return { ...state, screen: 'email-confirmation' };
    case 'try-again':
      // SPEC §4: 'Try again' clears the stored e-mail and returns to Main.
      if (screenOf(state.screen) !== 'email-confirmation') return state;
      return { ...state, screen: 'main', email: '', banner: null, fieldError: null };
    case 'back':
      // SPEC §2: every back arrow returns to Main.
      if (state.screen === 'config-error') return state;
      return { ...state, screen: 'main', banner: null, fieldError: null };
    case 'show-banner':
      return { ...state, banner: action.banner };
    case 'dismiss-banner':
      return state.banner === null ? state : { ...state, banner: null };
    case 'login-link-authenticating':
      return { ...state, screen: 'password-reset.logging-in', banner: null };
    case 'login-succeeded':
      return { ...state, screen: 'login-success', banner: null };
    case 'login-failed':
      return { ...state, screen: 'password-reset', banner: action.banner };
    case 'passkey-user-changed': {
      if (screenOf(state.screen) !== 'passkey-registration') return state;
      const screen = action.signedIn ? 'passkey-registration' : 'passkey-registration.no-user';
      return screen === state.screen ? state : { ...state, screen };
    }
  }
}
