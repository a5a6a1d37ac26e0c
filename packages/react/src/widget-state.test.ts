import { beforeAll, describe, expect, it } from 'vitest';
import { CRYPTO_TRANSITIONS } from './methods/crypto/crypto-transitions';
import { EMAIL_CONFIRMATION_TRANSITIONS } from './methods/email-magic-links/email-confirmation-transitions';
import { OTP_TRANSITIONS } from './methods/otp/otp-transitions';
import { PASSKEY_REGISTRATION_TRANSITIONS } from './methods/passkeys/passkey-registration-transitions';
import { PASSKEY_SIGN_IN_TRANSITIONS } from './methods/passkeys/passkey-sign-in-transitions';
import { PASSWORD_TRANSITIONS } from './methods/passwords/password-transitions';
import {
  initialWidgetState,
  registerScreenTransitions,
  type ScreenAction,
  screenOf,
  type WidgetState,
  widgetReducer,
} from './widget-state';

const TABLES = [
  CRYPTO_TRANSITIONS,
  EMAIL_CONFIRMATION_TRANSITIONS,
  OTP_TRANSITIONS,
  PASSKEY_REGISTRATION_TRANSITIONS,
  PASSKEY_SIGN_IN_TRANSITIONS,
  PASSWORD_TRANSITIONS,
] as const;

// Every ScreenAction has its transition in one of the tables: the typecheck names one that has none (the reducer
// would ignore it).
type KeysOf<Table> = Table extends unknown ? keyof Table : never;
type Unhandled = Exclude<ScreenAction['type'], KeysOf<(typeof TABLES)[number]>>;
const everyScreenActionHandled: [Unhandled] extends [never] ? true : Unhandled = true;

// The widget registers each table when a lazily loaded screen asks for useScreenDispatch; the reducer is tested
// whole.
beforeAll(() => {
  for (const table of TABLES) registerScreenTransitions(table);
});

const banner = { variant: 'error' as const, error: { message: 'Nope', helpUrl: null } };

function main(overrides: Partial<WidgetState> = {}): WidgetState {
  return { ...initialWidgetState({ screen: 'main', configError: null }), ...overrides };
}

describe('widget state machine', () => {
  it('has a transition for every action (Main here, the screens in their tables)', () => {
    expect(everyScreenActionHandled).toBe(true);
    // An action in two tables ('otp-sent': the password screens send passcodes) has the same transition in both.
    const transitions = new Map<string, Set<unknown>>();
    for (const table of TABLES)
      for (const [type, transition] of Object.entries(table))
        transitions.set(type, (transitions.get(type) ?? new Set()).add(transition));
    for (const [type, distinct] of transitions) expect(distinct.size, type).toBe(1);
  });

  it('starts on the configuration error when there is one', () => {
    expect(initialWidgetState({ screen: 'main', configError: 'passkeys-only' }).screen).toBe('config-error');
  });

  it('walks Main → submitting → EmailConfirmation → Main (SPEC §4)', () => {
    let state = widgetReducer(main(), { type: 'email-submitted', email: 'ada@example.com' });
    expect(state.screen).toBe('main.submitting');
    state = widgetReducer(state, { type: 'email-sent' });
    expect(state).toMatchObject({ screen: 'email-confirmation', email: 'ada@example.com', navigations: 1 });
    state = widgetReducer(state, { type: 'resend-started' });
    expect(state.screen).toBe('email-confirmation.resending');
    expect(state.navigations).toBe(1);
    state = widgetReducer(state, { type: 'resend-finished' });
    state = widgetReducer(state, { type: 'try-again' });
    expect(state).toMatchObject({ screen: 'main', email: '', navigations: 2 });
  });

  it('ignores answers that arrive for a screen that is no longer shown', () => {
    const onMain = main();
    expect(widgetReducer(onMain, { type: 'email-sent' })).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'email-send-failed', banner })).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'resend-finished' })).toBe(onMain);
    const submitting = widgetReducer(onMain, { type: 'email-submitted', email: 'a@b.co' });
    expect(widgetReducer(submitting, { type: 'email-submitted', email: 'c@d.co' })).toBe(submitting);
  });

  it('keeps the configuration error until the configuration is fixed', () => {
    const broken = initialWidgetState({ screen: 'main', configError: 'eml-and-email-otp' });
    expect(widgetReducer(broken, { type: 'back' })).toBe(broken);
    expect(widgetReducer(broken, { type: 'email-submitted', email: 'a@b.co' })).toBe(broken);
    const fixed = widgetReducer(broken, { type: 'configure', configError: null });
    expect(fixed).toMatchObject({ screen: 'main', configError: null });
  });

  it('a failed send returns to Main with the banner and clears it on the next submit', () => {
    const submitting = widgetReducer(main(), { type: 'email-submitted', email: 'a@b.co' });
    const failed = widgetReducer(submitting, { type: 'email-send-failed', banner });
    expect(failed).toMatchObject({ screen: 'main', banner });
    expect(widgetReducer(failed, { type: 'email-submitted', email: 'a@b.co' }).banner).toBeNull();
  });

  it('names sub-states after their screen', () => {
    expect(screenOf('email-confirmation.resending')).toBe('email-confirmation');
    expect(screenOf('main')).toBe('main');
  });

  it('walks Main → OTPAuthenticate → verifying → OTPConfirmation, and back on a wrong code (SPEC §4)', () => {
    const otp = {
      method: 'sms' as const,
      destination: '+12015550123',
      displayDestination: '+1 (201) 555-0123',
      methodId: 'm1',
      expiresAt: 1000,
    };
    let state = widgetReducer(main(), { type: 'otp-submitted' });
    expect(state.screen).toBe('main.submitting');
    state = widgetReducer(state, { type: 'otp-sent', otp });
    expect(state).toMatchObject({ screen: 'otp-authenticate', otp, navigations: 1 });
    state = widgetReducer(state, { type: 'otp-verify-started' });
    expect(state.screen).toBe('otp-authenticate.verifying');
    expect(widgetReducer(state, { type: 'otp-resend-started' })).toBe(state);
    const wrong = widgetReducer(state, {
      type: 'otp-verify-failed',
      message: 'Invalid passcode, please try again.',
    });
    expect(wrong).toMatchObject({
      screen: 'otp-authenticate',
      fieldError: 'Invalid passcode, please try again.',
    });
    const resending = widgetReducer(wrong, { type: 'otp-resend-started' });
    const resent = widgetReducer(resending, { type: 'otp-resent', methodId: 'm2', expiresAt: 2000 });
    expect(resent).toMatchObject({
      screen: 'otp-authenticate',
      fieldError: null,
      otp: { methodId: 'm2', expiresAt: 2000 },
    });
    const done = widgetReducer(widgetReducer(resent, { type: 'otp-verify-started' }), {
      type: 'otp-verified',
    });
    expect(done.screen).toBe('otp-confirmation');
    expect(widgetReducer(wrong, { type: 'back' })).toMatchObject({
      screen: 'main',
      otp: null,
      fieldError: null,
    });
  });

  it('walks the passkey screens (SPEC §4)', () => {
    const busy = widgetReducer(main(), { type: 'passkey-started' });
    expect(busy.screen).toBe('main.passkey-authenticating');
    expect(widgetReducer(busy, { type: 'passkey-failed', banner: null }).screen).toBe('main');
    expect(widgetReducer(busy, { type: 'passkey-authenticated' }).screen).toBe('passkey-confirmation');
    // Autofill signs in from Main itself.
    expect(widgetReducer(main(), { type: 'passkey-authenticated' }).screen).toBe('passkey-confirmation');
    const start = initialWidgetState({ screen: 'passkey-registration', configError: null });
    const creating = widgetReducer(start, { type: 'passkey-create-started' });
    expect(creating.screen).toBe('passkey-registration.creating');
    expect(widgetReducer(creating, { type: 'passkey-skipped' })).toBe(creating);
    expect(widgetReducer(creating, { type: 'passkey-create-failed', banner })).toMatchObject({
      screen: 'passkey-registration',
      banner,
    });
    const success = widgetReducer(creating, { type: 'passkey-created' });
    expect(success.screen).toBe('passkey-registration-success');
    expect(widgetReducer(success, { type: 'passkey-setup-another' }).screen).toBe('passkey-registration');
    expect(widgetReducer(start, { type: 'passkey-skipped' }).screen).toBe('passkey-registration-success');
    expect(widgetReducer(success, { type: 'passkey-user-changed', signedIn: false }).screen).toBe(
      'passkey-registration.no-user',
    );
  });

  it('walks the password flow: lookup → create or login → PasswordConfirmation (SPEC §4)', () => {
    let state = widgetReducer(main(), { type: 'email-submitted', email: 'ada@example.com' });
    state = widgetReducer(state, { type: 'password-user-found', userType: 'password' });
    expect(state).toMatchObject({
      screen: 'password-create-or-login',
      passwordType: 'password',
      navigations: 1,
    });
    state = widgetReducer(state, { type: 'password-submitted' });
    state = widgetReducer(state, { type: 'password-failed', message: 'Wrong password.' });
    expect(state).toMatchObject({ screen: 'password-create-or-login', fieldError: 'Wrong password.' });
    state = widgetReducer(state, { type: 'password-submitted' });
    expect(state.fieldError).toBeNull();
    state = widgetReducer(state, { type: 'password-authenticated' });
    expect(state).toMatchObject({ screen: 'password-confirmation', navigations: 2 });
  });

  it('sends the reset e-mail, resends it and sends a login link instead (SPEC §4)', () => {
    let state = widgetReducer(main(), { type: 'email-submitted', email: 'ada@example.com' });
    state = widgetReducer(state, { type: 'password-user-found', userType: 'password' });
    state = widgetReducer(state, { type: 'password-reset-requested' });
    expect(state.screen).toBe('password-create-or-login.sending-reset');
    state = widgetReducer(state, { type: 'password-reset-sent', screen: 'password-forgot' });
    expect(state.screen).toBe('password-forgot');
    state = widgetReducer(state, { type: 'password-resend-started' });
    expect(state.screen).toBe('password-forgot.resending');
    expect(widgetReducer(state, { type: 'password-login-link-started' })).toBe(state);
    state = widgetReducer(state, { type: 'password-resend-finished' });
    state = widgetReducer(state, { type: 'password-login-link-started' });
    expect(state.screen).toBe('password-forgot.sending-link');
    const failed = widgetReducer(state, { type: 'password-login-link-failed', banner });
    expect(failed).toMatchObject({ screen: 'password-forgot', banner });
    state = widgetReducer(state, { type: 'password-login-link-sent' });
    expect(state.screen).toBe('email-confirmation');
  });

  it('ignores password answers for a screen that is no longer shown', () => {
    const onMain = main();
    expect(widgetReducer(onMain, { type: 'password-user-found', userType: 'new' })).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'password-authenticated' })).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'password-reset-sent', screen: 'password-dedupe' })).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'password-login-link-sent' })).toBe(onMain);
    const reset = initialWidgetState({ screen: 'password-reset', configError: null });
    const submitting = widgetReducer(reset, { type: 'password-reset-submitted' });
    expect(widgetReducer(submitting, { type: 'password-reset-failed', message: 'Expired.' })).toMatchObject({
      screen: 'password-reset',
      fieldError: 'Expired.',
    });
  });
});

describe('crypto transitions (SPEC §3 cryptoState, §4 crypto)', () => {
  const chosen = {
    type: 'crypto-wallet-chosen',
    walletOption: 'Phantom',
    walletId: 'standard:Phantom',
  } as const;

  it('cryptoState starts empty with walletOption Metamask (SPEC §3 default)', () => {
    expect(main().crypto).toEqual({
      walletAddress: '',
      walletChallenge: '',
      walletOption: 'Metamask',
      walletId: null,
      failure: null,
    });
  });

  it('wallet chosen → CryptoConnect with the option, clearing a banner', () => {
    const state = widgetReducer(main({ banner }), chosen);
    expect(state).toMatchObject({
      screen: 'crypto-connect',
      banner: null,
      navigations: 1,
      crypto: {
        walletOption: 'Phantom',
        walletId: 'standard:Phantom',
        walletAddress: '',
        walletChallenge: '',
      },
    });
  });

  it('challenge received → CryptoSignMessage with address and challenge; authenticated → CryptoConfirmation', () => {
    let state = widgetReducer(main(), chosen);
    state = widgetReducer(state, {
      type: 'crypto-challenge-received',
      walletAddress: 'addr',
      walletChallenge: 'sign me',
    });
    expect(state).toMatchObject({
      screen: 'crypto-sign-message',
      navigations: 2,
      crypto: { walletOption: 'Phantom', walletAddress: 'addr', walletChallenge: 'sign me' },
    });
    state = widgetReducer(state, { type: 'crypto-authenticated' });
    expect(state).toMatchObject({ screen: 'crypto-confirmation', navigations: 3 });
  });

  it('a failure while connecting or signing → CryptoError naming it; back → Main keeping only the option', () => {
    const connecting = widgetReducer(main(), chosen);
    const connectFailed = widgetReducer(connecting, { type: 'crypto-failed', failure: 'connect' });
    expect(connectFailed).toMatchObject({ screen: 'crypto-error', crypto: { failure: 'connect' } });
    const signing = widgetReducer(connecting, {
      type: 'crypto-challenge-received',
      walletAddress: 'addr',
      walletChallenge: 'c',
    });
    const signFailed = widgetReducer(signing, { type: 'crypto-failed', failure: 'sign' });
    expect(signFailed).toMatchObject({
      screen: 'crypto-error',
      crypto: { failure: 'sign', walletAddress: 'addr' },
    });
    const back = widgetReducer(signFailed, { type: 'back' });
    expect(back.screen).toBe('main');
    expect(back.crypto).toEqual({
      walletAddress: '',
      walletChallenge: '',
      walletOption: 'Phantom',
      walletId: null,
      failure: null,
    });
  });

  it('the overflow and set-up screens: Main → CryptoOtherScreen → CryptoSetupWallet, and a wallet from the list', () => {
    const other = widgetReducer(main(), { type: 'crypto-other-opened' });
    expect(other.screen).toBe('crypto-other');
    expect(widgetReducer(other, { type: 'crypto-setup-opened' }).screen).toBe('crypto-setup-wallet');
    expect(widgetReducer(main(), { type: 'crypto-setup-opened' }).screen).toBe('crypto-setup-wallet');
    expect(widgetReducer(other, chosen).screen).toBe('crypto-connect');
  });

  it('ignores crypto answers for a screen no longer shown (a late wallet after back)', () => {
    const onMain = main();
    expect(
      widgetReducer(onMain, { type: 'crypto-challenge-received', walletAddress: 'a', walletChallenge: 'c' }),
    ).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'crypto-authenticated' })).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'crypto-failed', failure: 'sign' })).toBe(onMain);
    const connecting = widgetReducer(onMain, chosen);
    expect(widgetReducer(connecting, { type: 'crypto-authenticated' })).toBe(connecting);
    expect(widgetReducer(connecting, { type: 'crypto-other-opened' })).toBe(connecting);
    expect(widgetReducer(connecting, chosen)).toBe(connecting);
    const setup = widgetReducer(onMain, { type: 'crypto-setup-opened' });
    expect(widgetReducer(setup, chosen)).toBe(setup);
  });
});
