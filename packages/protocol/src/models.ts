// Wire shapes of the /sdk/v1 protocol (wire-format.md §4.1). Field for field the Stytch browser SDK 4.x shapes.

export interface ResponseCommon {
  request_id: string;
  status_code: number;
}

export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

export interface UserEmail {
  email_id: string;
  email: string;
  verified: boolean;
}

export interface UserPhoneNumber {
  phone_id: string;
  phone_number: string;
  verified: boolean;
}

export interface UserProvider {
  oauth_user_registration_id: string;
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
}

export interface WebAuthnRegistration {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
  /**
   * Gatehouse's additions (issue 22 Deliver 2, the account page's passkey list), not in Stytch's shape: when the
   * passkey was added and last signed in with (RFC 3339 UTC; null before its first use). Optional for other servers.
   */
  created_at?: string;
  last_used_at?: string | null;
}

export interface CryptoWallet {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  verified: boolean;
}

export interface UserTotp {
  totp_id: string;
  verified: boolean;
}

export interface BiometricRegistration {
  biometric_registration_id: string;
  verified: boolean;
}

export interface UserPassword {
  password_id: string;
  requires_reset: boolean;
}

export type UserStatus = 'active' | 'pending';

export interface User {
  user_id: string;
  created_at: string;
  status: UserStatus;
  name: UserName;
  emails: UserEmail[];
  phone_numbers: UserPhoneNumber[];
  providers: UserProvider[];
  webauthn_registrations: WebAuthnRegistration[];
  crypto_wallets: CryptoWallet[];
  totps: UserTotp[];
  biometric_registrations: BiometricRegistration[];
  password: UserPassword | null;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
}

/** wire-format.md §4.1 AuthenticationFactor: `delivery_method` plus one `<kind>_factor` sub-object. */
export type DeliveryMethod =
  | 'email'
  | 'embedded'
  | 'sms'
  | 'whatsapp'
  | `oauth_${string}`
  | 'webauthn_registration'
  | 'authenticator_app'
  | 'recovery_code'
  | 'crypto_wallet'
  | 'knowledge';

export type AuthenticationFactorType =
  | 'magic_link'
  | 'otp'
  | 'oauth'
  | 'webauthn'
  | 'totp'
  | 'recovery_code'
  | 'crypto'
  | 'password'
  | 'email_otp';

export interface AuthenticationFactor {
  type: AuthenticationFactorType | string;
  delivery_method: DeliveryMethod;
  last_authenticated_at: string;
  email_factor?: { email_id: string; email_address: string };
  phone_number_factor?: { phone_id: string; phone_number: string };
  webauthn_factor?: { webauthn_registration_id: string; domain: string; user_agent: string };
  authenticator_app_factor?: { totp_id: string };
  recovery_code_factor?: { totp_recovery_code_id: string };
  crypto_wallet_factor?: {
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
  };
  [oauthFactor: `${string}_oauth_factor`]:
    | { id: string; email_id?: string; provider_subject: string }
    | undefined;
}

export interface Session {
  session_id: string;
  user_id: string;
  started_at: string;
  last_accessed_at: string;
  expires_at: string;
  attributes: { ip_address: string; user_agent: string };
  authentication_factors: AuthenticationFactor[];
  custom_claims: Record<string, unknown> | null;
}

/** `data` of every login call (wire-format.md §4.1). Both `user` and `__user` are always sent. */
export interface AuthenticateResponse extends ResponseCommon {
  user_id: string;
  session_token: string;
  session_jwt: string;
  session: Session;
  user: User;
  __user: User;
}

/**
 * A session as GET /sessions/list answers it: the wire Session (wire-format.md §4.1) plus one field of Gatehouse's
 * own. Only this Gatehouse call carries it; sessions/authenticate and the sign-in calls answer Stytch's Session as is.
 */
export interface ListedSession extends Session {
  /**
   * Issue 22: a person-readable name for the device that started the session, made on the server from
   * `attributes.user_agent` by the same parser as the security notices (`bowser`): "Chrome on Linux", "Safari on
   * iPhone", "Firefox" when the system is not recognised, "Windows" when the browser is not. null when nothing in
   * the User-Agent is recognised (an empty one, curl, a made-up string). Optional: a server from before issue 22
   * does not send it; clients show their own "Unknown device" for null or a missing name alike.
   */
  device_name?: string | null;
}

/**
 * `data` of GET /sessions/list, a Gatehouse call (issue 13 item 3; Stytch's browser protocol lists no sessions):
 * the user's live sessions, oldest first, and which of them made the request.
 */
export interface SessionsListResponse extends ResponseCommon {
  sessions: ListedSession[];
  current_session_id: string;
}

/** `data` of POST /sessions/revoke_others (issue 13 item 3): how many other sessions of the user ended. */
export interface SessionsRevokeOthersResponse extends ResponseCommon {
  revoked_count: number;
}

/** `data` of POST /sessions/revoke_one (issue 22): the named session ended; nothing but ResponseCommon. */
export type SessionsRevokeOneResponse = ResponseCommon;

/** Responses of the DELETE /users/{kind}/{id} and PUT /users/me routes (wire-format.md §4.2). */
export interface UserMutationResponse extends ResponseCommon {
  user_id: string;
  __user: User;
  emails: UserEmail[];
  phone_numbers: UserPhoneNumber[];
  crypto_wallets: CryptoWallet[];
}

export type GetUserResponse = User & ResponseCommon;

/** wire-format.md §3.2: API error JSON, top level (not wrapped in `data`). */
export interface ApiErrorBody {
  status_code: number;
  request_id: string;
  error_type: string;
  error_message: string;
  error_url: string;
}

/** wire-format.md §3.2: ajv-style schema error item. */
export interface SchemaErrorItem {
  keyword: string;
  dataPath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

export interface SchemaErrorBody {
  status_code: 400;
  request_id: string;
  error_message: string;
  body?: SchemaErrorItem[];
  params?: SchemaErrorItem[];
  query?: SchemaErrorItem[];
}

/** Success envelope (wire-format.md §3.1). */
export interface DataEnvelope<T> {
  data: T;
}
