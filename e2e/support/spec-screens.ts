// Issue 22 Deliver 5 ("screenshots as documentation"): the screens SPEC §2 lists, each with the widget's
// `data-state` that shows it (packages/react/src/widget-state.ts, DESIGN convention 6), and the web app's pages.
// e2e/tests/screens.spec.ts visits every entry and writes docs/screens/<file>-<light|dark>-<1280|320>.png;
// ./spec-screens.test.ts (vitest) fails when one of those files is missing, so a screen added here without a
// screenshot, or a screenshot deleted, is caught by the unit run as well as by the E2E run.
import { join } from 'node:path';

/** Where the screenshots live, relative to the repository root. */
export const SCREENS_DIR = join(import.meta.dirname, '..', '..', 'docs', 'screens');

export const COLOR_SCHEMES = ['light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** Viewport widths: a desktop window and WCAG 1.4.10's 320 CSS px (reflow). */
export const SCREEN_WIDTHS = [1280, 320] as const;
export type ScreenWidth = (typeof SCREEN_WIDTHS)[number];

export interface SpecScreen {
  /** SPEC §2's name, verbatim. */
  name: string;
  /** The widget root's `data-state` (its part before the dot) while the screen shows. */
  state: string;
  /** The screenshot's base name in docs/screens/. */
  file: string;
}

/** SPEC §2 "Screens", in SPEC's order. */
export const SPEC_SCREENS: readonly SpecScreen[] = [
  { name: 'Main', state: 'main', file: 'main' },
  { name: 'PasskeyRegistrationStart', state: 'passkey-registration', file: 'passkey-registration-start' },
  {
    name: 'PasskeyRegistrationSuccess',
    state: 'passkey-registration-success',
    file: 'passkey-registration-success',
  },
  { name: 'PasskeyConfirmation', state: 'passkey-confirmation', file: 'passkey-confirmation' },
  { name: 'PasswordResetForm', state: 'password-reset', file: 'password-reset-form' },
  { name: 'PasswordCreateOrLogin', state: 'password-create-or-login', file: 'password-create-or-login' },
  { name: 'PasswordForgot', state: 'password-forgot', file: 'password-forgot' },
  { name: 'PasswordBreached', state: 'password-breached', file: 'password-breached' },
  { name: 'PasswordSetNew', state: 'password-set-new', file: 'password-set-new' },
  { name: 'PasswordDedupe', state: 'password-dedupe', file: 'password-dedupe' },
  { name: 'PasswordConfirmation', state: 'password-confirmation', file: 'password-confirmation' },
  { name: 'EmailConfirmation', state: 'email-confirmation', file: 'email-confirmation' },
  { name: 'OTPAuthenticate', state: 'otp-authenticate', file: 'otp-authenticate' },
  { name: 'OTPConfirmation', state: 'otp-confirmation', file: 'otp-confirmation' },
  { name: 'CryptoConnect', state: 'crypto-connect', file: 'crypto-connect' },
  { name: 'CryptoSignMessage', state: 'crypto-sign-message', file: 'crypto-sign-message' },
  { name: 'CryptoOtherScreen', state: 'crypto-other', file: 'crypto-other' },
  { name: 'CryptoSetupWallet', state: 'crypto-setup-wallet', file: 'crypto-setup-wallet' },
  { name: 'CryptoError', state: 'crypto-error', file: 'crypto-error' },
  { name: 'CryptoConfirmation', state: 'crypto-confirmation', file: 'crypto-confirmation' },
];

/** The web app's pages (issue 22 Deliver 5: "plus the app pages"), screenshotted whole. */
export const APP_PAGES: readonly { name: string; file: string }[] = [
  { name: 'Sign-in page', file: 'page-sign-in' },
  { name: 'Account page', file: 'page-account' },
  { name: 'Authenticate page (a used link)', file: 'page-authenticate' },
  { name: 'Reset password page', file: 'page-reset-password' },
  { name: 'Page not found', file: 'page-not-found' },
  { name: 'Dev outbox', file: 'page-dev-outbox' },
];

/** docs/screens/<file>-<scheme>-<width>.png */
export function screenshotName(file: string, scheme: ColorScheme, width: ScreenWidth): string {
  return `${file}-${scheme}-${width}.png`;
}

/** Every screenshot a complete run writes. */
export function expectedScreenshots(): string[] {
  const names: string[] = [];
  for (const entry of [...SPEC_SCREENS, ...APP_PAGES])
    for (const scheme of COLOR_SCHEMES)
      for (const width of SCREEN_WIDTHS) names.push(screenshotName(entry.file, scheme, width));
  return names;
}
