// SPEC §4 password flow's transitions (PasswordCreateOrLogin, the reset e-mail screens, PasswordResetForm and its
// login-link redemption), loaded with the password screens (widget-state.ts ScreenTransitionTable).

import {
  PASSWORD_EMAIL_SCREENS,
  type PasswordEmailScreen,
  type ScreenTransitionTable,
  screenOf,
  type WidgetScreenState,
} from '../../widget-state';
import { OTP_TRANSITIONS } from '../otp/otp-transitions';

function passwordEmailScreenOf(state: WidgetScreenState): PasswordEmailScreen | null {
  const screen = screenOf(state);
  return (PASSWORD_EMAIL_SCREENS as readonly string[]).includes(screen)
    ? (screen as PasswordEmailScreen)
    : null;
}

/** The password screens' steps, from the user lookup to the reset form. */
export const PASSWORD_TRANSITIONS = {
  'password-user-found': (state, action) => {
    // SPEC §4 password flow: the user type decides the screen (new → create, password → login).
    if (state.screen !== 'main.submitting') return state;
    return { ...state, screen: 'password-create-or-login', passwordType: action.userType };
  },
  'password-submitted': (state) => {
    if (state.screen !== 'password-create-or-login') return state;
    return { ...state, screen: 'password-create-or-login.submitting', fieldError: null, banner: null };
  },
  'password-failed': (state, action) => {
    if (state.screen !== 'password-create-or-login.submitting') return state;
    return { ...state, screen: 'password-create-or-login', fieldError: action.message };
  },
  'password-authenticated': (state) => {
    // SPEC §4: create or login, and the reset form on success, lead to PasswordConfirmation.
    if (
      state.screen !== 'password-create-or-login.submitting' &&
      state.screen !== 'password-reset.submitting'
    )
      return state;
    return { ...state, screen: 'password-confirmation', fieldError: null, banner: null };
  },
  'password-reset-requested': (state) => {
    // 'Forgot Password?', or a `reset_password` answer to the submitted password (SPEC §4).
    if (state.screen !== 'password-create-or-login' && state.screen !== 'password-create-or-login.submitting')
      return state;
    return { ...state, screen: 'password-create-or-login.sending-reset', fieldError: null, banner: null };
  },
  'password-reset-sent': (state, action) => {
    // SPEC §4: reset e-mail sent → PasswordForgot / PasswordDedupe / PasswordBreached, or PasswordSetNew for
    // a passwordless user's automatic send from Main.
    if (state.screen !== 'password-create-or-login.sending-reset' && state.screen !== 'main.submitting')
      return state;
    return { ...state, screen: action.screen, fieldError: null, banner: null };
  },
  'password-reset-send-failed': (state, action) => {
    if (state.screen === 'main.submitting') return { ...state, screen: 'main', banner: action.banner };
    if (state.screen !== 'password-create-or-login.sending-reset') return state;
    return { ...state, screen: 'password-create-or-login', banner: action.banner };
  },
  'password-resend-started': (state) => {
    const screen = passwordEmailScreenOf(state.screen);
    if (screen === null || state.screen !== screen) return state;
    return { ...state, screen: `${screen}.resending` };
  },
  'password-resend-finished': (state) => {
    const screen = passwordEmailScreenOf(state.screen);
    if (screen === null || state.screen !== `${screen}.resending`) return state;
    return { ...state, screen };
  },
  'password-login-link-started': (state) => {
    // 'Login without a password' (forgot, breached, dedupe) or 'Email me a login link' (create).
    if (state.screen === 'password-create-or-login')
      return { ...state, screen: 'password-create-or-login.sending-link', banner: null, fieldError: null };
    const screen = passwordEmailScreenOf(state.screen);
    if (screen === null || state.screen !== screen) return state;
    return { ...state, screen: `${screen}.sending-link`, banner: null };
  },
  'password-login-link-sent': (state) => {
    // SPEC §4: 'Login without a password' sends a login link and goes to EmailConfirmation.
    if (!state.screen.endsWith('.sending-link') || !screenOf(state.screen).startsWith('password-'))
      return state;
    return { ...state, screen: 'email-confirmation', banner: null, fieldError: null };
  },
  'password-login-link-failed': (state, action) => {
    if (!state.screen.endsWith('.sending-link') || !screenOf(state.screen).startsWith('password-'))
      return state;
    return { ...state, screen: screenOf(state.screen) as WidgetScreenState, banner: action.banner };
  },
  'password-reset-submitted': (state) => {
    if (state.screen !== 'password-reset') return state;
    return { ...state, screen: 'password-reset.submitting', fieldError: null, banner: null };
  },
  'password-reset-failed': (state, action) => {
    // SPEC §8: reset failures show the server's error_message under the form.
    if (state.screen !== 'password-reset.submitting') return state;
    return { ...state, screen: 'password-reset', fieldError: action.message };
  },
  'login-link-authenticating': (state) => {
    // The reset form's 'Login without a password' (SPEC §2 PasswordResetForm) redeems the token as a login link.
    return { ...state, screen: 'password-reset.logging-in', banner: null, fieldError: null };
  },
  'login-succeeded': (state) => {
    return { ...state, screen: 'login-success', banner: null };
  },
  // A passwordless user's automatic passcode, or 'Email me a login code' on the create screen (SPEC §4).
  'otp-sent': OTP_TRANSITIONS['otp-sent'],
  'login-failed': (state, action) => {
    return { ...state, screen: 'password-reset', banner: action.banner };
  },
} satisfies ScreenTransitionTable;
