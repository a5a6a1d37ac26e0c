// Public surface of @gatehouse/sdk (explicit exports only).
export type {
  AuthenticateResponse,
  BootstrapData,
  CaptchaChallenge,
  ErrorType,
  LudsRequirements,
  PasswordStrengthCheck,
  PasswordStrengthCheckResponse,
  PasswordStrengthPolicy,
  Session,
  User,
  UserSearchResponse,
  UserType,
} from '@gatehouse/protocol';
// DEFAULT_BOOTSTRAP: what the client uses until bootstrap answers, and when it cannot (SPEC §7); encodeCaptchaToken:
// a solved captcha as the `captcha_token` the server checks (for a captchaSolver, issue 9 item 3).
export { DEFAULT_BOOTSTRAP, encodeCaptchaToken, isErrorType } from '@gatehouse/protocol';
export type { BootstrapModule } from './bootstrap';
export { parseBootstrap } from './bootstrap';
export type { BrowserDependencies, CookieJar, KeyValueStorage } from './browser';
export type { ClientOptions, GatehouseClient } from './client';
export { createClient } from './client';
export type { CookieOptions } from './cookies';
export type {
  CryptoWalletAuthenticateOptions,
  CryptoWalletAuthenticateResult,
  CryptoWalletAuthenticateStartOptions,
  CryptoWalletsModule,
} from './crypto-wallets';
export type { APIErrorFields, SchemaErrorBodyFields } from './errors';
export {
  APIError,
  CaptchaRequiredError,
  GatehouseError,
  isAPIError,
  RetriableError,
  SchemaError,
  SDKAPIUnreachableError,
  StytchAPIError,
  StytchAPISchemaError,
  StytchAPIUnreachableError,
  StytchSDKUsageError,
  UsageError,
} from './errors';
export type { CaptchaSolver } from './http';
export type {
  MagicLinkAuthenticateResponse,
  MagicLinkEmailOptions,
  MagicLinkSendResponse,
  MagicLinksModule,
} from './magic-links';
export type {
  GoogleOneTapModule,
  OAuthAuthenticateOptions,
  OAuthAuthenticateResponse,
  OAuthAuthenticateResult,
  OAuthModule,
  OAuthProviderStart,
  OAuthProviderValues,
  OAuthStartOptions,
  OneTapStartResponse,
  OneTapSubmitOptions,
  OneTapSubmitResponse,
} from './oauth';
export type {
  OtpAuthenticateResponse,
  OtpChannelModule,
  OtpSendOptions,
  OtpSendResponse,
  OtpsModule,
} from './otps';
export { OTP_PATHS } from './otps';
export type {
  PasswordAuthenticateOptions,
  PasswordAuthenticateResult,
  PasswordCreateOptions,
  PasswordCreateResult,
  PasswordResetByEmailOptions,
  PasswordResetByEmailStartOptions,
  PasswordResetByExistingPasswordOptions,
  PasswordResetBySessionOptions,
  PasswordResetResult,
  PasswordStrengthCheckOptions,
  PasswordsModule,
} from './passwords';
export type { ParsedPhoneNumber, ParsePhoneNumberOptions } from './phone';
export type { PhoneModule } from './phone-loader';
export { loadPhoneNumberParser, parsePhoneNumberAsync } from './phone-loader';
export type { PkceNamespace, PkcePair } from './pkce';
export { needsSecondFactor, SECOND_FACTOR_TYPES } from './second-factor';
export type { SessionAuthenticateResponse, SessionModule } from './session';
export type { SessionState, SessionTokens } from './session-manager';
export type { Telemetry } from './telemetry';
export type { UpdateUserOptions, UserMutationResult, UsersModule } from './users';
export type {
  WebAuthnAuthenticateOptions,
  WebAuthnAuthenticateResponse,
  WebAuthnCeremonies,
  WebAuthnModule,
  WebAuthnRegisterOptions,
  WebAuthnUpdateOptions,
  WebAuthnUpdateResponse,
} from './webauthn';
export { toWebAuthnError, WEBAUTHN_PATHS, WebAuthnError } from './webauthn';
