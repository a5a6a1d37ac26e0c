// The error_type catalogue shared by server and SDK.

/** SPEC §4 session lifecycle: these end refresh retries and log the user out. */
export const UNRECOVERABLE_ERROR_TYPES = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
] as const;

export type UnrecoverableErrorType = (typeof UNRECOVERABLE_ERROR_TYPES)[number];

export function isUnrecoverableErrorType(errorType: unknown): errorType is UnrecoverableErrorType {
  return (
    typeof errorType === 'string' && (UNRECOVERABLE_ERROR_TYPES as readonly string[]).includes(errorType)
  );
}

/**
 * Every error_type the server answers. Later methods add theirs here so the SDK and the widget can switch on
 * them (for example `webauthn_registration_not_found`, SPEC §8).
 */
export const ERROR_TYPES = {
  // Sessions and credentials (SPEC §4).
  unauthorized_credentials: 401,
  user_unauthenticated: 401,
  invalid_secret_authentication: 401,
  session_not_found: 404,
  // Projects and requests.
  invalid_public_token: 401,
  origin_not_allowed: 403,
  product_not_enabled: 403,
  /**
   * A Basic Authorization header that is not base64 of UTF-8 text, or holds NUL or control characters (issue 8:
   * undecodable input is a 400 on every route, security-tests.md IV-04). A missing or unknown token stays 401.
   */
  invalid_authorization_header: 400,
  request_too_large: 413,
  not_found: 404,
  method_not_allowed: 405,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal_server_error: 500,
  /**
   * security-tests.md FT-01: PostgreSQL could not be reached or did not answer in time (pool connect, query read or
   * statement timeout). Retryable (Retry-After), and deliberately not in UNRECOVERABLE_ERROR_TYPES: an outage must
   * never log a signed-in user out (SPEC §4 refresh retries go on with backoff).
   */
  database_unavailable: 503,
  // Users.
  user_not_found: 404,
  /**
   * Issue 24 item 2: the user is blocked (an import's Auth0 `blocked: true`; operators later, issue 25): refused at
   * every sign-in. Their sessions are refused as the sessions of a user who is gone (user_unauthenticated).
   */
  user_blocked: 403,
  email_not_found: 404,
  phone_number_not_found: 404,
  totp_not_found: 404,
  oauth_user_registration_not_found: 404,
  webauthn_registration_not_found: 404,
  biometric_registration_not_found: 404,
  crypto_wallet_not_found: 404,
  invalid_user_metadata: 400,
  /** Issue 11 item 4: unlinking this social account would leave the user no way to sign in. */
  last_authentication_factor: 409,
  /** An address that already belongs to another user of the project (magic_links/email/send/secondary). */
  duplicate_email: 409,
  /** A phone number that already belongs to another user of the project (otps/{sms,whatsapp}/send/secondary). */
  duplicate_phone_number: 409,
  // Redirects and tokens (used by the sign-in methods).
  invalid_redirect_url: 400,
  invalid_email: 400,
  invalid_phone_number: 400,
  /**
   * A phone number of a country the project does not send SMS/WhatsApp passcodes to (project file
   * `sms_allowed_countries`; security-tests.md BF-05, refused before any provider call). Stytch's type for the same.
   */
  invalid_phone_number_country_code: 400,
  invalid_expiration_minutes: 400,
  invalid_session_duration: 400,
  unable_to_auth_magic_link: 401,
  magic_link_not_found: 404,
  pkce_mismatch: 400,
  missing_pkce: 400,
  otp_code_not_found: 404,
  unable_to_auth_otp_code: 401,
  /** security-tests.md BF-04: the code had its 5 evaluated attempts; every later try fails until a new send. */
  too_many_attempts: 429,
  duplicate_webauthn_registration: 409,
  unable_to_auth_webauthn: 401,
  /** public_key_credential is not a well-formed credential JSON string, or a registration fails a WebAuthn L3 §7.1 check. */
  invalid_public_key_credential: 400,
  /** The WebAuthn `domain` (RP ID) is not the host, or a registrable parent, of one of the project's allowed origins. */
  invalid_webauthn_domain: 400,
  // Passwords (issue 10, wire-format.md §4.10).
  /** A password outside 8..256 characters (code points), refused before any hashing. */
  invalid_password: 400,
  /** A new password the project's strength policy (zxcvbn or LUDS) refuses, or one found breached (Stytch's type). */
  weak_password: 400,
  // Delivery (e-mail, SMS, WhatsApp): the provider refused or timed out; the caller may retry.
  email_delivery_failed: 503,
  sms_delivery_failed: 503,
  whatsapp_delivery_failed: 503,
  // Password flows (issue 10, wire-format.md §4.10).
  /**
   * The password is right but unusable: found in a breach list, or marked as needing a reset (SPEC §4: the widget
   * sends a reset e-mail and shows PasswordDedupe, or PasswordBreached when a strength check says breached). Also a
   * breached password offered to POST /passwords.
   */
  reset_password: 400,
  /** A password reset link that is unknown, already used or expired (one text for all three). */
  unable_to_reset_password: 401,
  // OAuth (issue 11, wire-format.md §4.6, §1.3).
  /** A provider path segment that is not one of the 19 providers (SPEC §2). */
  invalid_oauth_provider: 404,
  /** The project has no OAuth client configured for this provider (project file `oauth_providers`). */
  oauth_config_not_found: 404,
  /** An OAuth token that is unknown, already used or expired (one text for all three). */
  oauth_token_not_found: 404,
  // Google One Tap (issue 11 item 2): the SPEC §4 One Tap states other than none (ONE_TAP_ERROR_TYPES below; the
  // widget shows the SPEC §8 message of each to test-mode public tokens), and the ID-token checks of TK-06.
  /** The page's origin cannot host One Tap: no Origin header, or not https (http only on localhost). */
  origin_not_allowed_for_client: 403,
  /** The ID token was issued to another client id than the project's Google client (the `aud` check). */
  invalid_client: 401,
  /** No login redirect URL was given and the project has no allowed redirect URL to use. */
  no_login_redirect_urls_set: 400,
  /** No signup redirect URL was given and the project has no allowed redirect URL to use. */
  no_signup_redirect_urls_set: 400,
  /** The project's Google client is not enabled for One Tap (project file `oauth_providers.google.one_tap`). */
  default_provider_not_allowed: 403,
  /** An ID token that fails verification: signature, issuer, expiry or nonce (one text for all). */
  invalid_id_token: 401,
  /** A One Tap CSRF token that is unknown, already used, expired or not the one of the oauth_callback_id. */
  invalid_csrf_token: 401,
  // Crypto wallets (issue 12, wire-format.md §4.7). The server issue's helper refines the texts; types fixed here.
  /** crypto_wallet_type is not ethereum or solana (Stytch's type). */
  invalid_crypto_wallet_type: 400,
  /** Not an Ethereum address (0x + 40 hex) or not a base58 32-byte Solana public key (Stytch's type). */
  invalid_crypto_wallet_address: 400,
  /** No live challenge for this address and type: never issued, already used, or expired (one text for all). */
  crypto_wallet_challenge_not_found: 404,
  /** The signature does not verify over the issued challenge with this address's key (or its ERC-1271 contract). */
  invalid_signature: 401,
  /**
   * The wallet already belongs to another user of the project: answered by a signed-in authenticate, after the
   * signature proved the wallet (a start never looks the wallet up, EN-01). Nothing is written.
   */
  duplicate_crypto_wallet: 409,
  /**
   * The signature did not recover to the address and the project's Ethereum RPC (for EIP-1271 contract wallets) did
   * not answer in time. Retryable; the challenge stays usable.
   */
  crypto_wallet_rpc_unavailable: 503,
  /**
   * Issue 24 item 5 (lazy migration): a password sign-in of an address Gatehouse holds no password for asked the
   * project's old provider (settings.password_migration_url), which did not answer as the contract says (down, slow,
   * an error status, not JSON). Nothing was written; retryable.
   */
  password_migration_unavailable: 503,
  // TOTP (issue 13 item 1, wire-format.md §4.8).
  /** A TOTP code that is wrong, outside ±1 step, or already used in its step (one text for all). */
  unable_to_auth_totp_code: 401,
  /** A recovery code that is unknown or already used (one text for both). */
  unable_to_auth_recovery_code: 401,
  /** POST /totps for a user who already has a verified authenticator app (remove it first). */
  active_totp_exists: 409,
  /**
   * Issue 13 item 1: the project requires a second factor and this session of a user with an authenticator app has
   * none yet (no `totp` / `recovery_code` factor): step it up with POST /totps/authenticate or /totps/recover.
   */
  second_factor_required: 403,
  /**
   * Issue 20 item 3 (security-tests.md SS-08): changing a password by session, removing a passkey or an authenticator
   * app, or removing the last identifier needs a sign-in within the project's window (default 10 minutes). Sign in
   * again on this session (any method with a credential the user already holds), then retry.
   */
  reauthentication_required: 403,
  /**
   * Issue 20 item 5 (BF-09): the authenticator app had the project's ceiling of wrong codes in a row (default 100);
   * its codes are refused until a recovery code is used (POST /totps/recover), which unlocks it.
   */
  totp_locked: 403,
} as const satisfies Record<string, number>;

/**
 * Error types only the backend API answers (issue 13 item 2: the application's own server, never the browser SDK),
 * kept out of ERROR_TYPES so the browser SDK, which ships that catalogue to map unknown types, does not carry them.
 */
export const BACKEND_ERROR_TYPES = {
  /** users.search: an unknown filter, a filter value of the wrong type, a bad cursor or limit. */
  invalid_search_query: 400,
  /** sessions.authenticate: both a session_token and a session_jwt (Stytch's type). */
  too_many_session_arguments: 400,
  /** sessions.authenticate / revoke: no session_token, session_jwt (or session_id) at all. */
  missing_session_arguments: 400,
  /** users import (issue 14 item 3): the whole file is unreadable (not JSON, no CSV header); bad rows are skipped. */
  invalid_import_file: 400,
  /** Webhook endpoints (issue 25 item 2): a URL, secret or event filter that cannot be saved. */
  invalid_webhook_endpoint: 400,
  webhook_endpoint_not_found: 404,
  webhook_delivery_not_found: 404,
  /** Admin API (issue 25 item 3): no key, an unknown or revoked key (the same answer for each). */
  admin_unauthorized: 401,
  /**
   * Issue 26 item 1: /console or /admin/v1 asked from an address outside CONSOLE_ALLOWED_IPS (the console's IP
   * allowlist).
   */
  console_address_not_allowed: 403,
  /** Admin API: the key lacks the route's scope. */
  insufficient_scope: 403,
  /** Admin API: a project id that names no project. */
  project_not_found: 404,
  admin_api_key_not_found: 404,
  /** Admin API: an event id that names no event of the project. */
  event_not_found: 404,
  /** Admin API: a factor id (e-mail, phone number, passkey, OAuth link, wallet, TOTP) the user does not have. */
  factor_not_found: 404,
  /** Admin API: a well-formed request the server cannot carry out (a scope the caller does not hold, …). */
  invalid_admin_request: 400,
  /**
   * Issue 26 item 2: an operator's session that has not shown a passkey or an authenticator app (the operator holds
   * none yet, or signed in with a login link alone): only GET /admin/v1/me answers until it does.
   */
  operator_second_factor_required: 403,
  /** Admin API: an operator id that names no operator. */
  operator_not_found: 404,
  /** Admin API: the address is an operator already (change the role instead). */
  operator_exists: 409,
  /** Admin API: the change would leave the console without an owner. */
  last_owner: 409,
} as const satisfies Record<string, number>;

export type BackendErrorType = keyof typeof BACKEND_ERROR_TYPES;

/**
 * SPEC §4 "One Tap states": none (success) and these six, each an error_type the One Tap calls answer; the widget
 * maps them to the SPEC §8 messages and falls back to the plain Google button.
 */
export const ONE_TAP_ERROR_TYPES = [
  'origin_not_allowed_for_client',
  'invalid_client',
  'oauth_config_not_found',
  'no_login_redirect_urls_set',
  'no_signup_redirect_urls_set',
  'default_provider_not_allowed',
] as const;

export type OneTapErrorType = (typeof ONE_TAP_ERROR_TYPES)[number];

export type ErrorType = keyof typeof ERROR_TYPES;

/**
 * True when `value` is an error_type of this catalogue. Looks only at the catalogue's own keys (so 'toString' or
 * '__proto__' never count), and reads ERROR_TYPES itself, so types added to the catalogue count without touching
 * this guard. An error_type outside the catalogue comes from a newer server than this code (wire-format.md §3.2).
 */
export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && Object.hasOwn(ERROR_TYPES, value);
}
