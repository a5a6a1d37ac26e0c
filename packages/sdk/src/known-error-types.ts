// The error types of the protocol's catalogue (ERROR_TYPES), written out as a list for APIError (./errors), which
// maps a type this SDK version does not know to 'internal_server_error'. Why not the protocol's isErrorType: it reads
// ERROR_TYPES, an object of type → HTTP status the SDK has no use for, and a bundler keeps all of it; the names alone
// are ~110 B gzip smaller in every page's initial load (issue 21: the headless SDK ≤ 8 KiB gzip). The list cannot
// drift: `satisfies` refuses a name outside the catalogue and CatalogueComplete a catalogue type missing here, so a
// type added to ERROR_TYPES fails the SDK's typecheck until it is added here too.
import type { ErrorType } from '@gatehouse/protocol';

export const KNOWN_ERROR_TYPES = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
  'invalid_public_token',
  'origin_not_allowed',
  'product_not_enabled',
  'invalid_authorization_header',
  'request_too_large',
  'not_found',
  'method_not_allowed',
  'unsupported_media_type',
  'too_many_requests',
  'internal_server_error',
  'database_unavailable',
  'user_not_found',
  'user_blocked',
  'email_not_found',
  'phone_number_not_found',
  'totp_not_found',
  'oauth_user_registration_not_found',
  'webauthn_registration_not_found',
  'biometric_registration_not_found',
  'crypto_wallet_not_found',
  'invalid_user_metadata',
  'last_authentication_factor',
  'duplicate_email',
  'duplicate_phone_number',
  'invalid_redirect_url',
  'invalid_email',
  'invalid_phone_number',
  'invalid_phone_number_country_code',
  'invalid_expiration_minutes',
  'invalid_session_duration',
  'unable_to_auth_magic_link',
  'magic_link_not_found',
  'pkce_mismatch',
  'missing_pkce',
  'otp_code_not_found',
  'unable_to_auth_otp_code',
  'too_many_attempts',
  'duplicate_webauthn_registration',
  'unable_to_auth_webauthn',
  'invalid_public_key_credential',
  'invalid_webauthn_domain',
  'invalid_password',
  'weak_password',
  'email_delivery_failed',
  'sms_delivery_failed',
  'whatsapp_delivery_failed',
  'reset_password',
  'unable_to_reset_password',
  'invalid_oauth_provider',
  'oauth_config_not_found',
  'oauth_token_not_found',
  'origin_not_allowed_for_client',
  'invalid_client',
  'no_login_redirect_urls_set',
  'no_signup_redirect_urls_set',
  'default_provider_not_allowed',
  'invalid_id_token',
  'invalid_csrf_token',
  'invalid_crypto_wallet_type',
  'invalid_crypto_wallet_address',
  'crypto_wallet_challenge_not_found',
  'invalid_signature',
  'duplicate_crypto_wallet',
  'crypto_wallet_rpc_unavailable',
  'password_migration_unavailable',
  'unable_to_auth_totp_code',
  'unable_to_auth_recovery_code',
  'active_totp_exists',
  'second_factor_required',
  'reauthentication_required',
  'totp_locked',
] as const satisfies readonly ErrorType[];

/** Compiles only while every ErrorType is in the list above. */
type CatalogueComplete<Missing extends never> = Missing;
export type KnownErrorTypesComplete = CatalogueComplete<
  Exclude<ErrorType, (typeof KNOWN_ERROR_TYPES)[number]>
>;

/** True when `value` is a type of the catalogue (like the protocol's isErrorType). */
export function isKnownErrorType(value: unknown): value is ErrorType {
  return (KNOWN_ERROR_TYPES as readonly unknown[]).includes(value);
}
