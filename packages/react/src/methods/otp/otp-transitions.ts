// SPEC §4 passcode flow's transitions (Main's phone and e-mail forms, OTPAuthenticate), loaded with the passcode
// code and with the password screens, which send a passcode too (widget-state.ts ScreenTransitionTable).
import type { ScreenTransitionTable } from '../../widget-state';

/** Sending a passcode, entering it, resending it. */
export const OTP_TRANSITIONS = {
  'otp-invalid': (state, action) => {
    // SPEC §5: 'Invalid phone number, please try again.' / 'Invalid email, please try again.'
    if (state.screen !== 'main') return state;
    return { ...state, fieldError: action.message, banner: null };
  },
  'otp-submitted': (state) => {
    if (state.screen !== 'main') return state;
    return { ...state, screen: 'main.submitting', fieldError: null, banner: null };
  },
  'otp-sent': (state, action) => {
    // SPEC §4: e-mail or phone submit succeeds → OTPAuthenticate; so does a passcode sent from the password
    // flow (a passwordless user's automatic send, or 'Email me a login code' on the create screen).
    if (state.screen !== 'main.submitting' && state.screen !== 'password-create-or-login.sending-link')
      return state;
    return { ...state, screen: 'otp-authenticate', otp: action.otp, banner: null, fieldError: null };
  },
  'otp-send-failed': (state, action) => {
    if (state.screen !== 'main.submitting') return state;
    return { ...state, screen: 'main', banner: action.banner };
  },
  'otp-verify-started': (state) => {
    if (state.screen !== 'otp-authenticate') return state;
    return { ...state, screen: 'otp-authenticate.verifying', fieldError: null };
  },
  'otp-verify-failed': (state, action) => {
    if (state.screen !== 'otp-authenticate.verifying') return state;
    return { ...state, screen: 'otp-authenticate', fieldError: action.message };
  },
  'otp-verified': (state) => {
    // SPEC §4: a correct passcode → OTPConfirmation.
    if (state.screen !== 'otp-authenticate.verifying') return state;
    return { ...state, screen: 'otp-confirmation', fieldError: null };
  },
  'otp-resend-started': (state) => {
    if (state.screen !== 'otp-authenticate') return state;
    return { ...state, screen: 'otp-authenticate.resending' };
  },
  'otp-resent': (state, action) => {
    // A new code voids the old one: the new method id and a fresh countdown.
    if (state.screen !== 'otp-authenticate.resending' || state.otp === null) return state;
    return {
      ...state,
      screen: 'otp-authenticate',
      fieldError: null,
      otp: { ...state.otp, methodId: action.methodId, expiresAt: action.expiresAt },
    };
  },
  'otp-resend-finished': (state) => {
    if (state.screen !== 'otp-authenticate.resending') return state;
    return { ...state, screen: 'otp-authenticate' };
  },
} satisfies ScreenTransitionTable;
