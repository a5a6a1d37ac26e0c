// DESIGN convention 6: the widget's screens are one finite state (rendered as `data-state` on the root) changed
// only by this reducer. Names follow SPEC §2's screens; a `.suffix` is a sub-state of the same screen. Later
// methods add their screens (otp-authenticate, password-*, crypto-*, passkey-*) here.
import type { OtpMethod, WalletOption } from '@gatehouse/protocol';
import type { UserType } from './client-contract';
import type { ConfigurationErrorKind } from './config';
import type { DisplayError } from './errors';

export type WidgetScreenState =
  | 'main'
  | 'main.submitting'
  | 'main.passkey-authenticating'
  | 'config-error'
  | 'email-confirmation'
  | 'email-confirmation.resending'
  | 'otp-authenticate'
  | 'otp-authenticate.verifying'
  | 'otp-authenticate.resending'
  | 'otp-confirmation'
  | 'passkey-confirmation'
  | 'password-reset'
  | 'password-reset.submitting'
  | 'password-reset.logging-in'
  | 'password-create-or-login'
  | 'password-create-or-login.submitting'
  | 'password-create-or-login.sending-reset'
  | 'password-create-or-login.sending-link'
  | PasswordEmailScreen
  | `${PasswordEmailScreen}.resending`
  | `${PasswordEmailScreen}.sending-link`
  | 'password-confirmation'
  | 'login-success'
  | 'passkey-registration'
  | 'passkey-registration.creating'
  | 'passkey-registration.no-user'
  | 'passkey-registration-success'
  | 'reauthentication'
  | CryptoScreen;

/** SPEC §2 crypto screens: CryptoConnect, CryptoSignMessage, CryptoOtherScreen, CryptoSetupWallet, CryptoError, CryptoConfirmation. */
export type CryptoScreen =
  | 'crypto-connect'
  | 'crypto-sign-message'
  | 'crypto-other'
  | 'crypto-setup-wallet'
  | 'crypto-error'
  | 'crypto-confirmation';

/** SPEC §8 wallet failures: which one led to CryptoError ('[Error] Could not connect to wallet' / '… sign message'). */
export type CryptoFailure = 'connect' | 'sign';

/** SPEC §3 cryptoState: walletAddress, walletChallenge, walletOption (default Metamask). */
export interface CryptoState {
  walletAddress: string;
  walletChallenge: string;
  walletOption: WalletOption;
  /** Which detected wallet was chosen (several may share the option GenericEthereumWallet or GenericSolanaWallet). */
  walletId: string | null;
  failure: CryptoFailure | null;
}

export const INITIAL_CRYPTO_STATE: CryptoState = {
  walletAddress: '',
  walletChallenge: '',
  walletOption: 'Metamask',
  walletId: null,
  failure: null,
};

/**
 * SPEC §2 password screens that say an e-mail was sent (PasswordForgot, PasswordBreached, PasswordDedupe,
 * PasswordSetNew): each can resend it and (except PasswordSetNew) send a login link instead.
 */
export type PasswordEmailScreen =
  | 'password-forgot'
  | 'password-breached'
  | 'password-dedupe'
  | 'password-set-new';

export const PASSWORD_EMAIL_SCREENS: readonly PasswordEmailScreen[] = [
  'password-forgot',
  'password-breached',
  'password-dedupe',
  'password-set-new',
];

function passwordEmailScreenOf(state: WidgetScreenState): PasswordEmailScreen | null {
  const screen = screenOf(state);
  return (PASSWORD_EMAIL_SCREENS as readonly string[]).includes(screen)
    ? (screen as PasswordEmailScreen)
    : null;
}

export type BannerVariant = 'error' | 'warning' | 'success';

export interface Banner {
  variant: BannerVariant;
  error: DisplayError;
}

/** SPEC §3 "Widget form state" otpState: the channel, the method id and the destination of the sent code. */
export interface OtpState {
  method: OtpMethod;
  /** What the code was sent to (E.164 number or e-mail); a resend sends to it again. */
  destination: string;
  /** What OTPAuthenticate shows: the international format for phones, the e-mail as typed. */
  displayDestination: string;
  methodId: string;
  /** Epoch ms when the newest code expires (send time + expiration_minutes). */
  expiresAt: number;
}

/** SPEC §3 "Widget form state": errorMessage, the magic-link e-mail, the passcode and password state. */
export interface WidgetState {
  screen: WidgetScreenState;
  /** The magic-link e-mail, also passwordState.email (the password screens name the same address). */
  email: string;
  /** SPEC §3 passwordState.type (default 'new'): which PasswordCreateOrLogin variant shows. */
  passwordType: UserType;
  otp: OtpState | null;
  crypto: CryptoState;
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
  | { type: 'passkey-user-changed'; signedIn: boolean }
  | { type: 'tab-changed' }
  | { type: 'otp-invalid'; message: string }
  | { type: 'otp-submitted' }
  | { type: 'otp-sent'; otp: OtpState }
  | { type: 'otp-send-failed'; banner: Banner }
  | { type: 'otp-verify-started' }
  | { type: 'otp-verify-failed'; message: string }
  | { type: 'otp-verified' }
  | { type: 'otp-resend-started' }
  | { type: 'otp-resent'; methodId: string; expiresAt: number }
  | { type: 'otp-resend-finished' }
  | { type: 'passkey-started' }
  | { type: 'passkey-authenticated' }
  | { type: 'passkey-failed'; banner: Banner | null }
  | { type: 'passkey-create-started' }
  | { type: 'passkey-created' }
  | { type: 'passkey-create-failed'; banner: Banner }
  | { type: 'passkey-create-cancelled' }
  | { type: 'passkey-skipped' }
  | { type: 'passkey-setup-another' }
  | { type: 'password-user-found'; userType: 'new' | 'password' }
  | { type: 'password-submitted' }
  | { type: 'password-failed'; message: string }
  | { type: 'password-authenticated' }
  | { type: 'password-reset-requested' }
  | { type: 'password-reset-sent'; screen: PasswordEmailScreen }
  | { type: 'password-reset-send-failed'; banner: Banner }
  | { type: 'password-resend-started' }
  | { type: 'password-resend-finished' }
  | { type: 'password-login-link-started' }
  | { type: 'password-login-link-sent' }
  | { type: 'password-login-link-failed'; banner: Banner }
  | { type: 'password-reset-submitted' }
  | { type: 'password-reset-failed'; message: string }
  | { type: 'crypto-other-opened' }
  | { type: 'crypto-setup-opened' }
  | { type: 'crypto-wallet-chosen'; walletOption: WalletOption; walletId: string }
  | { type: 'crypto-challenge-received'; walletAddress: string; walletChallenge: string }
  | { type: 'crypto-authenticated' }
  | { type: 'crypto-failed'; failure: CryptoFailure };

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
    passwordType: 'new',
    otp: null,
    crypto: INITIAL_CRYPTO_STATE,
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
      return {
        ...state,
        screen: 'main',
        otp: null,
        // The chosen wallet option stays (SPEC §3); the address and challenge of an abandoned attempt go.
        crypto:
          state.crypto === INITIAL_CRYPTO_STATE
            ? state.crypto
            : { ...INITIAL_CRYPTO_STATE, walletOption: state.crypto.walletOption },
        banner: null,
        fieldError: null,
      };
    case 'show-banner':
      return { ...state, banner: action.banner };
    case 'dismiss-banner':
      return state.banner === null ? state : { ...state, banner: null };
    case 'login-link-authenticating':
      // The reset form's 'Login without a password' (SPEC §2 PasswordResetForm) redeems the token as a login link.
      return { ...state, screen: 'password-reset.logging-in', banner: null, fieldError: null };
    case 'login-succeeded':
      return { ...state, screen: 'login-success', banner: null };
    case 'login-failed':
      return { ...state, screen: 'password-reset', banner: action.banner };
    case 'passkey-user-changed': {
      const current = screenOf(state.screen);
      if (current !== 'passkey-registration' && current !== 'passkey-registration-success') return state;
      // SPEC §6 / §8: without a signed-in user the passkey screens show only the error.
      if (!action.signedIn) {
        return state.screen === 'passkey-registration.no-user'
          ? state
          : { ...state, screen: 'passkey-registration.no-user', banner: null };
      }
      return state.screen === 'passkey-registration.no-user'
        ? { ...state, screen: 'passkey-registration' }
        : state;
    }
    case 'tab-changed':
      if (state.screen !== 'main' || (state.fieldError === null && state.banner === null)) return state;
      return { ...state, fieldError: null, banner: null };
    case 'otp-invalid':
      // SPEC §5: 'Invalid phone number, please try again.' / 'Invalid email, please try again.'
      if (state.screen !== 'main') return state;
      return { ...state, fieldError: action.message, banner: null };
    case 'otp-submitted':
      if (state.screen !== 'main') return state;
      return { ...state, screen: 'main.submitting', fieldError: null, banner: null };
    case 'otp-sent':
      // SPEC §4: e-mail or phone submit succeeds → OTPAuthenticate; so does a passcode sent from the password
      // flow (a passwordless user's automatic send, or 'Email me a login code' on the create screen).
      if (state.screen !== 'main.submitting' && state.screen !== 'password-create-or-login.sending-link')
        return state;
      return { ...state, screen: 'otp-authenticate', otp: action.otp, banner: null, fieldError: null };
    case 'otp-send-failed':
      if (state.screen !== 'main.submitting') return state;
      return { ...state, screen: 'main', banner: action.banner };
    case 'otp-verify-started':
      if (state.screen !== 'otp-authenticate') return state;
      return { ...state, screen: 'otp-authenticate.verifying', fieldError: null };
    case 'otp-verify-failed':
      if (state.screen !== 'otp-authenticate.verifying') return state;
      return { ...state, screen: 'otp-authenticate', fieldError: action.message };
    case 'otp-verified':
      // SPEC §4: a correct passcode → OTPConfirmation.
      if (state.screen !== 'otp-authenticate.verifying') return state;
      return { ...state, screen: 'otp-confirmation', fieldError: null };
    case 'otp-resend-started':
      if (state.screen !== 'otp-authenticate') return state;
      return { ...state, screen: 'otp-authenticate.resending' };
    case 'otp-resent':
      // A new code voids the old one: the new method id and a fresh countdown.
      if (state.screen !== 'otp-authenticate.resending' || state.otp === null) return state;
      return {
        ...state,
        screen: 'otp-authenticate',
        fieldError: null,
        otp: { ...state.otp, methodId: action.methodId, expiresAt: action.expiresAt },
      };
    case 'otp-resend-finished':
      if (state.screen !== 'otp-authenticate.resending') return state;
      return { ...state, screen: 'otp-authenticate' };
    case 'passkey-started':
      if (state.screen !== 'main') return state;
      return { ...state, screen: 'main.passkey-authenticating', banner: null, fieldError: null };
    case 'passkey-authenticated':
      // SPEC §4: passkey sign-in success → PasskeyConfirmation (also from autofill while Main shows).
      if (screenOf(state.screen) !== 'main') return state;
      return { ...state, screen: 'passkey-confirmation', banner: null, fieldError: null };
    case 'passkey-failed':
      if (state.screen !== 'main.passkey-authenticating') return state;
      return { ...state, screen: 'main', banner: action.banner };
    case 'passkey-create-started':
      if (state.screen !== 'passkey-registration') return state;
      return { ...state, screen: 'passkey-registration.creating', banner: null };
    case 'passkey-created':
      // SPEC §4: registration or skip → PasskeyRegistrationSuccess.
      if (state.screen !== 'passkey-registration.creating') return state;
      return { ...state, screen: 'passkey-registration-success', banner: null };
    case 'passkey-create-failed':
      if (state.screen !== 'passkey-registration.creating') return state;
      return { ...state, screen: 'passkey-registration', banner: action.banner };
    case 'passkey-create-cancelled':
      // Issue 20 item 3: "Confirm it's you" was cancelled; nothing was created and nothing needs saying.
      if (state.screen !== 'passkey-registration.creating') return state;
      return { ...state, screen: 'passkey-registration', banner: null };
    case 'passkey-skipped':
      if (state.screen !== 'passkey-registration') return state;
      return { ...state, screen: 'passkey-registration-success', banner: null };
    case 'passkey-setup-another':
      // SPEC §4: 'Set up another Passkey' returns to PasskeyRegistrationStart.
      if (state.screen !== 'passkey-registration-success') return state;
      return { ...state, screen: 'passkey-registration', banner: null };
    case 'password-user-found':
      // SPEC §4 password flow: the user type decides the screen (new → create, password → login).
      if (state.screen !== 'main.submitting') return state;
      return { ...state, screen: 'password-create-or-login', passwordType: action.userType };
    case 'password-submitted':
      if (state.screen !== 'password-create-or-login') return state;
      return { ...state, screen: 'password-create-or-login.submitting', fieldError: null, banner: null };
    case 'password-failed':
      if (state.screen !== 'password-create-or-login.submitting') return state;
      return { ...state, screen: 'password-create-or-login', fieldError: action.message };
    case 'password-authenticated':
      // SPEC §4: create or login, and the reset form on success, lead to PasswordConfirmation.
      if (
        state.screen !== 'password-create-or-login.submitting' &&
        state.screen !== 'password-reset.submitting'
      )
        return state;
      return { ...state, screen: 'password-confirmation', fieldError: null, banner: null };
    case 'password-reset-requested':
      // 'Forgot Password?', or a `reset_password` answer to the submitted password (SPEC §4).
      if (
        state.screen !== 'password-create-or-login' &&
        state.screen !== 'password-create-or-login.submitting'
      )
        return state;
      return { ...state, screen: 'password-create-or-login.sending-reset', fieldError: null, banner: null };
    case 'password-reset-sent':
      // SPEC §4: reset e-mail sent → PasswordForgot / PasswordDedupe / PasswordBreached, or PasswordSetNew for
      // a passwordless user's automatic send from Main.
      if (state.screen !== 'password-create-or-login.sending-reset' && state.screen !== 'main.submitting')
        return state;
      return { ...state, screen: action.screen, fieldError: null, banner: null };
    case 'password-reset-send-failed':
      if (state.screen === 'main.submitting') return { ...state, screen: 'main', banner: action.banner };
      if (state.screen !== 'password-create-or-login.sending-reset') return state;
      return { ...state, screen: 'password-create-or-login', banner: action.banner };
    case 'password-resend-started': {
      const screen = passwordEmailScreenOf(state.screen);
      if (screen === null || state.screen !== screen) return state;
      return { ...state, screen: `${screen}.resending` };
    }
    case 'password-resend-finished': {
      const screen = passwordEmailScreenOf(state.screen);
      if (screen === null || state.screen !== `${screen}.resending`) return state;
      return { ...state, screen };
    }
    case 'password-login-link-started': {
      // 'Login without a password' (forgot, breached, dedupe) or 'Email me a login link' (create).
      if (state.screen === 'password-create-or-login')
        return { ...state, screen: 'password-create-or-login.sending-link', banner: null, fieldError: null };
      const screen = passwordEmailScreenOf(state.screen);
      if (screen === null || state.screen !== screen) return state;
      return { ...state, screen: `${screen}.sending-link`, banner: null };
    }
    case 'password-login-link-sent':
      // SPEC §4: 'Login without a password' sends a login link and goes to EmailConfirmation.
      if (!state.screen.endsWith('.sending-link') || !screenOf(state.screen).startsWith('password-'))
        return state;
      return { ...state, screen: 'email-confirmation', banner: null, fieldError: null };
    case 'password-login-link-failed': {
      if (!state.screen.endsWith('.sending-link') || !screenOf(state.screen).startsWith('password-'))
        return state;
      return { ...state, screen: screenOf(state.screen) as WidgetScreenState, banner: action.banner };
    }
    case 'password-reset-submitted':
      if (state.screen !== 'password-reset') return state;
      return { ...state, screen: 'password-reset.submitting', fieldError: null, banner: null };
    case 'password-reset-failed':
      // SPEC §8: reset failures show the server's error_message under the form.
      if (state.screen !== 'password-reset.submitting') return state;
      return { ...state, screen: 'password-reset', fieldError: action.message };
    case 'crypto-other-opened':
      // SPEC §2: wallets past the cap sit behind 'Continue with other Crypto Wallet' (CryptoOtherScreen).
      if (state.screen !== 'main') return state;
      return { ...state, screen: 'crypto-other', banner: null, fieldError: null };
    case 'crypto-setup-opened':
      // SPEC §2: 'Set up a new crypto wallet' → CryptoSetupWallet (from Main or from CryptoOtherScreen).
      if (state.screen !== 'main' && state.screen !== 'crypto-other') return state;
      return { ...state, screen: 'crypto-setup-wallet', banner: null, fieldError: null };
    case 'crypto-wallet-chosen':
      // SPEC §4 crypto: a wallet button starts the flow on CryptoConnect with a fresh cryptoState.
      if (state.screen !== 'main' && state.screen !== 'crypto-other') return state;
      return {
        ...state,
        screen: 'crypto-connect',
        crypto: { ...INITIAL_CRYPTO_STATE, walletOption: action.walletOption, walletId: action.walletId },
        banner: null,
        fieldError: null,
      };
    case 'crypto-challenge-received':
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
    case 'crypto-authenticated':
      // SPEC §4: signed and authenticated → CryptoConfirmation.
      if (state.screen !== 'crypto-sign-message') return state;
      return { ...state, screen: 'crypto-confirmation' };
    case 'crypto-failed':
      // SPEC §4 / §8: any failure of the connect or sign step → CryptoError.
      if (state.screen !== 'crypto-connect' && state.screen !== 'crypto-sign-message') return state;
      return { ...state, screen: 'crypto-error', crypto: { ...state.crypto, failure: action.failure } };
  }
}
