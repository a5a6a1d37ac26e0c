// The "Confirm it's you" step and its guard (issue 20 item 3) are the subpath `@gatehouse/react/reauthentication`
// (src/reauthentication/index.ts), not re-exported here: a page that only signs in would otherwise load the guard
// with its first chunks (bench widget-size, default configuration). The six-box code input (issue 22) is exported
// there too, for the same reason.
export type { Callbacks, WidgetEvent, WidgetEventType } from './callbacks';
export { WIDGET_EVENT_TYPES } from './callbacks';
export type {
  MagicLinkAuthenticateOptions,
  MagicLinkLoginOrCreateOptions,
  OtpAuthenticateOptions,
  OtpChannel,
  OtpLoginOrCreateOptions,
  OtpSendOptions,
  OtpSendResult,
  TotpAuthenticateOptions,
  WebAuthnAuthenticateOptions,
  WebAuthnRegisterOptions,
  WebAuthnUpdateOptions,
  WidgetClient,
} from './client-contract';
export type {
  ConfigurationErrorKind,
  EmailMagicLinksOptions,
  LoginConfig,
  OAuthOptions,
  OAuthProviderOptions,
  OtpOptions,
  PasswordOptions,
  SessionOptions,
} from './config';
export { TOAST_DURATIONS_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './constants';
export type { DisplayError, ErrorStrings } from './errors';
export { describeError } from './errors';
export { loadWidgetStrings } from './locale';
export type { LoginProps } from './login';
export { Login } from './login';
export type { MountedWidget, MountOptions, MountResetPasswordOptions } from './mount';
export { mountLogin, mountPasskeyRegistration, mountResetPassword } from './mount';
export type { PasskeyRegistrationProps } from './passkey-registration';
export { PasskeyRegistration } from './passkey-registration';
export type { GatehouseProviderProps } from './provider';
export { GatehouseProvider, useGatehouse, useSession, useUser } from './provider';
export type { ResetPasswordProps } from './reset-password';
export { ResetPassword } from './reset-password';
export type { StringKey, Strings } from './strings';
export { DEFAULT_STRINGS } from './strings';
export type { ColorScheme, ResolvedStyles, StyleConfig } from './theme';
export { resolveStyles } from './theme';
export type { AuthenticateFromUrlState, UseAuthenticateFromUrlOptions } from './use-authenticate-from-url';
export { useAuthenticateFromUrl } from './use-authenticate-from-url';
