// wire-format.md §4.10 (passwords) and §4.2 (POST /users/search): paths relative to /sdk/v1 and the bodies and
// `data` of each call, shared by the server routes and the SDK (issue 10 items 1 and 2).
import type { AuthenticateResponse, ResponseCommon } from './models';

export const PASSWORD_ROUTES = {
  create: '/passwords',
  authenticate: '/passwords/authenticate',
  resetByEmailStart: '/passwords/email/reset/start',
  resetByEmail: '/passwords/email/reset',
  resetByExistingPassword: '/passwords/existing_password/reset',
  resetBySession: '/passwords/session/reset',
  strengthCheck: '/passwords/strength_check',
} as const;

/**
 * Issue 10 item 1: the server takes passwords of 8 to 256 characters (code points), whatever the project's policy; a
 * LUDS project's own minimum (bootstrap passwordConfig) applies on top and is never below this one. Shared so the
 * widget's minimum-length hint (issue 22 finding 10) names the number the server enforces.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** The same path as ROUTES.usersSearch (wire-format.md §4.2), named here beside its types. */
export const USERS_SEARCH_ROUTE = '/users/search';

/** wire-format.md §4.2 / SPEC §3: what the e-mail's owner can sign in with. */
export const USER_TYPES = ['new', 'password', 'passwordless'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Captcha and device-fingerprint fields (wire-format.md §3.5): omitted when undefined. */
export interface CaptchaFields {
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

/** POST /users/search. */
export interface UserSearchRequest extends CaptchaFields {
  email: string;
}

/** `data` of POST /users/search: note the camelCase `userType` (wire-format.md §4.2). */
export interface UserSearchResponse extends ResponseCommon {
  userType: UserType;
}

/** POST /passwords and POST /passwords/authenticate. */
export interface PasswordCreateRequest extends CaptchaFields {
  email: string;
  password: string;
  session_duration_minutes: number;
}
export type PasswordAuthenticateRequest = PasswordCreateRequest;

/** `data` of POST /passwords: AuthenticateResponse plus the e-mail's id. */
export interface PasswordCreateResponse extends AuthenticateResponse {
  email_id: string;
}
export type PasswordAuthenticateResponse = AuthenticateResponse;

/** POST /passwords/email/reset/start (`login_expiration_minutes` is never sent, wire-format.md §4.10). */
export interface PasswordResetByEmailStartRequest extends CaptchaFields {
  email: string;
  login_redirect_url?: string;
  reset_password_redirect_url?: string;
  reset_password_expiration_minutes?: number;
  reset_password_template_id?: string;
  /** Issue 27 item 2: the language of the reset e-mail (BCP 47), as Stytch's API takes it. */
  locale?: string;
  /** Only when bootstrap `pkce_required_for_password_resets` (wire-format.md §6). */
  code_challenge?: string;
}
export type PasswordResetByEmailStartResponse = ResponseCommon;

/** POST /passwords/email/reset. */
export interface PasswordResetByEmailRequest extends CaptchaFields {
  token: string;
  password: string;
  session_duration_minutes: number;
  /** The stored `passwords` PKCE verifier, whenever one is stored (wire-format.md §6). */
  code_verifier?: string;
}

/** POST /passwords/existing_password/reset. */
export interface PasswordResetByExistingPasswordRequest extends CaptchaFields {
  email: string;
  existing_password: string;
  new_password: string;
  session_duration_minutes: number;
}

/** POST /passwords/session/reset (the session is the caller's; its duration is optional). */
export interface PasswordResetBySessionRequest extends CaptchaFields {
  password: string;
  session_duration_minutes?: number;
}

/** `data` of every reset that signs in. */
export type PasswordResetResponse = AuthenticateResponse;

/** POST /passwords/strength_check (not captcha-protected, not retried). */
export interface PasswordStrengthCheckRequest {
  email?: string;
  password: string;
}

export type PasswordStrengthPolicy = 'luds' | 'zxcvbn';

export interface LudsRequirements {
  has_digit: boolean;
  has_lower_case: boolean;
  has_symbol: boolean;
  has_upper_case: boolean;
  missing_characters: number;
  missing_complexity: number;
}

/** The strength result of SPEC §3 / wire-format.md §4.10, without the envelope fields. */
export interface PasswordStrengthCheck {
  valid_password: boolean;
  score: number;
  breached_password: boolean;
  breach_detection_on_create: boolean;
  strength_policy: PasswordStrengthPolicy;
  feedback: {
    suggestions: string[];
    warning: string;
    luds_requirements: LudsRequirements;
  };
}

/** `data` of POST /passwords/strength_check. */
export interface PasswordStrengthCheckResponse extends ResponseCommon, PasswordStrengthCheck {}

/** The error type of a password that is breached or must be reset (issue 10 item 1): the widget's dedupe path. */
export const RESET_PASSWORD_ERROR_TYPE = 'reset_password';
