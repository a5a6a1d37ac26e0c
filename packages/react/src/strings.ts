// DESIGN convention 6: every user-visible string of the widget lives here (English default, overridable through
// the `strings` prop or `config.strings`). Texts quoted from SPEC §2, §5 and §8 are requirements: keep them exact.
// A lazily loaded part may keep its defaults beside its code (methods/crypto/crypto-strings.ts, methods/otp/otp-strings.ts,
// methods/passwords/password-strings.ts, reauthentication/reauthentication-strings.ts, and error-strings.ts for the
// texts shown after a failed call: their texts would add about 1 KiB gzip to every page, bench widget-size); its keys are part of `Strings` all the same, overridden through the
// same objects, and resolved by that part with resolveStringTable.
import type { ERROR_STRINGS } from './error-strings';
import type { CONFIG_ERROR_STRINGS } from './main/config-error';
import type { CRYPTO_STRINGS } from './methods/crypto/crypto-strings';
import type { EMAIL_CONFIRMATION_STRINGS } from './methods/email-magic-links/email-confirmation-strings';
import type { OAUTH_STRINGS } from './methods/oauth/oauth-strings';
import type { OTP_STRINGS } from './methods/otp/otp-strings';
import type { PASSKEY_REGISTRATION_STRINGS } from './methods/passkeys/passkey-registration-strings';
import type { PASSKEY_STRINGS } from './methods/passkeys/passkey-strings';
import type { PASSWORD_STRINGS } from './methods/passwords/password-strings';
import type { REAUTHENTICATION_STRINGS } from './reauthentication/reauthentication-strings';

export const DEFAULT_STRINGS = {
  // SPEC §2 Main.
  mainHeader: 'Sign up or log in',
  logoAlt: 'Logo',
  dividerText: 'or',
  poweredBy: 'Powered by Gatehouse',
  loadingSection: 'Loading…',
  // SPEC §2 Main: configuration errors replace the form (their texts: main/config-error.tsx).
  // SPEC §2 Main: tabs of the login form.
  tabText: 'Text',
  tabWhatsApp: 'WhatsApp',
  tabEmail: 'Email',
  // E-mail login link form (SPEC §2, §5).
  emailLabel: 'Email',
  emailPlaceholder: 'example@email.com',
  continueWithEmail: 'Continue with email',
  invalidEmailAddress: 'Invalid email address',
  opensInNewTab: '(opens in a new tab)',
  didNotGetIt: "Didn't get it?",
  resendEmail: 'Resend email',
  // SPEC §8 resend toasts.
  emailResent: 'Email resent',
  // SPEC §5: the phone form's own check, before any call (also the server's invalid_phone_number, errors.ts).
  invalidPhoneNumber: 'Invalid phone number, please try again.',
  // SPEC §2 OTPAuthenticate.
  back: 'Back',
  // SPEC §8 passkey messages (verbatim). Issue 27 item 2: the sign-in failures and 'not created' load with the
  // passkey screens (methods/passkeys/passkey-strings.ts), so the English first load did not grow with the locales;
  // this one stays here, the web app's account page reads it from DEFAULT_STRINGS.
  passkeyAlreadyRegistered:
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  // SPEC §2 "Login success" (used by the authenticate page and the reset screen).
  loginSuccessTitle: 'Success!',
  loginSuccessText: 'You have successfully logged in.',
  loggingIn: 'Logging in',
  authenticating: 'Signing you in…',
  missingToken: 'This sign-in link is incomplete. Please request a new one.',
  unsupportedTokenType: 'This sign-in link is not supported here. Please request a new one.',
  // Issue 11: the provider round trip came back with an error instead of a token (its error_description follows).
  oauthAccessDenied: 'Sign-in was cancelled at the provider. Nothing was shared with this site.',
  oauthFailed: 'The provider could not sign you in. Please try again.',
  // SPEC §2 PasswordCreateOrLogin's Continue (also used beyond passwords).
  continue: 'Continue',
  // SPEC §4 passkey list editing (also the "Confirm it's you" step's Cancel). The passkey registration screens' own
  // texts (SPEC §2 PasskeyRegistrationStart/Success) load with them: methods/passkeys/passkey-registration-strings.ts.
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  // SPEC §2 social buttons: 'Continue with {provider}', with each provider's display name.
  continueWithProvider: 'Continue with {provider}',
  // Errors (SPEC §8: server errors show error_message, otherwise the plain message).
  errorHelpLink: 'Learn more',
  genericError: 'Something went wrong. Please try again.',
  dismiss: 'Dismiss',
  notificationsLabel: 'Notifications',
  // Issue 22 finding 6: developer wording never reaches people. The server keeps Stytch's error_message texts for
  // headless clients (wire-format.md §3.2); the widget and the web app show their own for the error types whose
  // text is written for developers (errors.ts ERROR_TYPE_STRINGS; the texts load after a call: error-strings.ts),
  // and plain words for zxcvbn's feedback. This one stays here: it shows when the network is down, when no lazily
  // loaded text could arrive.
  serviceUnreachable: 'Unable to contact the Gatehouse servers. Are you online?',
} as const;

export type StringKey = keyof typeof DEFAULT_STRINGS;
/** The keys whose defaults load with their method's code. */
export type LazyStringKey =
  | keyof typeof CONFIG_ERROR_STRINGS
  | keyof typeof ERROR_STRINGS
  | keyof typeof CRYPTO_STRINGS
  | keyof typeof PASSKEY_STRINGS
  | keyof typeof EMAIL_CONFIRMATION_STRINGS
  | keyof typeof OAUTH_STRINGS
  | keyof typeof PASSKEY_REGISTRATION_STRINGS
  | keyof typeof OTP_STRINGS
  | keyof typeof PASSWORD_STRINGS
  | keyof typeof REAUTHENTICATION_STRINGS;
export type Strings = { [K in StringKey]: string } & { [K in LazyStringKey]?: string };

export type StringOverrides = Partial<Strings> | null | undefined;

/** `defaults` with every string-valued override of one of its keys applied, later overrides winning. */
export function resolveStringTable<T extends Record<string, string>>(
  defaults: T,
  overrides: readonly StringOverrides[],
): { [K in keyof T]: string } {
  const strings: Record<string, string> = { ...defaults };
  for (const override of overrides) {
    if (!override) continue;
    for (const key of Object.keys(defaults)) {
      const value = (override as Record<string, unknown>)[key];
      if (typeof value === 'string') strings[key] = value;
    }
  }
  return strings as { [K in keyof T]: string };
}

export function resolveStrings(...overrides: StringOverrides[]): Strings {
  return resolveStringTable(DEFAULT_STRINGS, overrides);
}

/** Fills `{name}` placeholders; unknown placeholders stay as written. Values are text, never markup. */
export function formatString(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}
