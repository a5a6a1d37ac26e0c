// DESIGN convention 6: the widget's screens are one finite state (rendered as `data-state` on the root) changed
// only by this reducer. Names follow SPEC §2's screens; a `.suffix` is a sub-state of the same screen. Later
// methods add their screens (otp-authenticate, password-*, crypto-*, passkey-*) here.
//
// Main's transitions are here, in every page's first load; every other screen's are in a table beside that screen's
// code (methods/*/…-transitions.ts), added to this reducer when the screen asks for its dispatch (useScreenDispatch),
// so they load with it (issue 23 item 4: −0.8 KiB gzip of the default first load, bench widget-size). The types of
// every action and state stay here.
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

/**
 * The actions whose transitions are in every page's first load: the frame's, Main's e-mail form, tabs and banner,
 * the passkey registration component's user check, and the two every screen shares (the back arrow, a banner).
 * Every other action is a ScreenAction: only a lazily loaded screen or section dispatches it, through
 * useScreenDispatch (widget-context.ts) with the table of its transitions, which loads with that code.
 */
export type MainAction = Extract<
  WidgetAction,
  {
    type:
      | 'configure'
      | 'email-invalid'
      | 'email-submitted'
      | 'email-sent'
      | 'email-send-failed'
      | 'dismiss-banner'
      | 'tab-changed'
      | 'passkey-user-changed'
      | 'back'
      | 'show-banner';
  }
>;
export type ScreenAction = Exclude<WidgetAction, MainAction>;

/** The screen part of a state: sub-states of one screen share it (focus moves only when it changes). */
export function screenOf(state: WidgetScreenState): string {
  const dot = state.indexOf('.');
  return dot === -1 ? state : state.slice(0, dot);
}

export function initialWidgetState(options: {
  screen: WidgetScreenState;
  configError: ConfigurationErrorKind | null;
  /** The address typed before the widget mounted (the pre-paint: ./pre-paint.ts). */
  email?: string;
}): WidgetState {
  return {
    screen: options.configError !== null ? 'config-error' : options.screen,
    email: options.email ?? '',
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

/**
 * The transitions of a group of ScreenActions (one per action type), kept beside the screens that dispatch them
 * (methods/otp/otp-transitions.ts, …) so they load with those screens.
 */
export type ScreenTransitionTable = {
  readonly [Type in ScreenAction['type']]?: (
    state: WidgetState,
    action: Extract<ScreenAction, { type: Type }>,
  ) => WidgetState;
};

/** The ScreenActions a table handles. */
export type ScreenActionOf<Table extends ScreenTransitionTable> = Extract<
  ScreenAction,
  { type: keyof Table }
>;

/** Every table registered so far on this page (the tables are code, the same for every widget). */
const screenTransitions: { -readonly [Type in keyof ScreenTransitionTable]: ScreenTransitionTable[Type] } =
  {};

/** Adds a table to the reducer: useScreenDispatch calls it before it hands out a dispatch for the table's actions. */
export function registerScreenTransitions(table: ScreenTransitionTable): void {
  Object.assign(screenTransitions, table);
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
    default: {
      // A ScreenAction: its table was registered by the useScreenDispatch that gave its screen the dispatch.
      const handle = screenTransitions[action.type] as
        | ((state: WidgetState, action: ScreenAction) => WidgetState)
        | undefined;
      return handle === undefined ? state : handle(state, action);
    }
  }
}
