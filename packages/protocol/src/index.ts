export type {
  BootstrapData,
  BootstrapResponse,
  CaptchaSettings,
  PasswordConfigWire,
  ProjectTheme,
  RbacPolicy,
} from './bootstrap';
export { DEFAULT_BOOTSTRAP } from './bootstrap';
export type {
  CaptchaChallenge,
  CaptchaChallengeParameters,
  CaptchaChallengeRequest,
  CaptchaChallengeResponse,
  CaptchaSolution,
} from './captcha';
export {
  CAPTCHA_CAPABILITY,
  CAPTCHA_REQUIRED_TEXT,
  encodeCaptchaToken,
  GATEHOUSE_SDK_IDENTIFIER,
} from './captcha';
export type {
  CryptoWalletAuthenticateRequest,
  CryptoWalletAuthenticateResponse,
  CryptoWalletAuthenticateStartRequest,
  CryptoWalletAuthenticateStartResponse,
  CryptoWalletType,
  WalletOption,
} from './crypto-wallets';
export { CRYPTO_WALLET_ROUTES, CRYPTO_WALLET_TYPES, WALLET_OPTIONS } from './crypto-wallets';
export type { ErrorType, UnrecoverableErrorType } from './errors';
export {
  BACKEND_ERROR_TYPES,
  type BackendErrorType,
  ERROR_TYPES,
  isErrorType,
  isUnrecoverableErrorType,
  ONE_TAP_ERROR_TYPES,
  type OneTapErrorType,
  UNRECOVERABLE_ERROR_TYPES,
} from './errors';
export type { LocaleTag } from './locales';
export {
  acceptLanguageTags,
  DEFAULT_LOCALE,
  localeDirection,
  matchLocale,
  pickLocale,
  SUPPORTED_LOCALES,
} from './locales';
export type {
  ApiErrorBody,
  AuthenticateResponse,
  AuthenticationFactor,
  AuthenticationFactorType,
  BiometricRegistration,
  CryptoWallet,
  DataEnvelope,
  DeliveryMethod,
  GetUserResponse,
  ListedSession,
  ResponseCommon,
  SchemaErrorBody,
  SchemaErrorItem,
  Session,
  SessionsListResponse,
  SessionsRevokeOneResponse,
  SessionsRevokeOthersResponse,
  User,
  UserEmail,
  UserMutationResponse,
  UserName,
  UserPassword,
  UserPhoneNumber,
  UserProvider,
  UserStatus,
  UserTotp,
  WebAuthnRegistration,
} from './models';
export type {
  CaptchaFields,
  LudsRequirements,
  PasswordAuthenticateRequest,
  PasswordAuthenticateResponse,
  PasswordCreateRequest,
  PasswordCreateResponse,
  PasswordResetByEmailRequest,
  PasswordResetByEmailStartRequest,
  PasswordResetByEmailStartResponse,
  PasswordResetByExistingPasswordRequest,
  PasswordResetBySessionRequest,
  PasswordResetResponse,
  PasswordStrengthCheck,
  PasswordStrengthCheckRequest,
  PasswordStrengthCheckResponse,
  PasswordStrengthPolicy,
  UserSearchRequest,
  UserSearchResponse,
  UserType,
} from './passwords';
export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_ROUTES,
  RESET_PASSWORD_ERROR_TYPE,
  USER_TYPES,
  USERS_SEARCH_ROUTE,
} from './passwords';
export type { OAuthProvider, OtpMethod, Product } from './products';
export { CONSTANTS, DEFAULT_PRODUCTS, OAUTH_PROVIDERS, OTP_METHODS, PRODUCTS } from './products';
export type { UserResourceKind } from './routes';
export {
  FRAME_ORIGIN_HEADER,
  OAUTH_PUBLIC_ROUTES,
  ROUTES,
  SDK_API_PREFIX,
  USER_RESOURCE_KINDS,
} from './routes';
export type { TelemetryBatchItem, TelemetryBlob, TelemetryEvent, TelemetryEventName } from './telemetry';
