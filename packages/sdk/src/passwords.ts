// wire-format.md §4.10 and SPEC §7: passwords, with the Stytch 4.x method names and option shapes. This file holds
// the public names only; the calls live in ./passwords-module, which the client loads on the first password call
// (client.ts lazyPasswords) so pages without passwords neither download nor evaluate it (issue 3: the headless
// SDK's size budget).
import type {
  PasswordCreateResponse,
  PasswordResetByEmailStartResponse,
  PasswordResetResponse,
  PasswordStrengthCheckResponse,
} from '@gatehouse/protocol';

export interface PasswordCreateOptions {
  email: string;
  password: string;
  /** A number when given (UsageError otherwise); 30 when left out (SPEC §7). */
  session_duration_minutes?: number;
}

export type PasswordAuthenticateOptions = PasswordCreateOptions;

export interface PasswordResetByEmailStartOptions {
  email: string;
  login_redirect_url?: string;
  reset_password_redirect_url?: string;
  reset_password_expiration_minutes?: number;
  reset_password_template_id?: string;
  /** Issue 27 item 2: the language of the reset e-mail (BCP 47; Stytch's `locale` body field). */
  locale?: string;
  /** Accepted, like Stytch 4.x, and not sent (wire-format.md §4.10). */
  login_expiration_minutes?: number;
}

export interface PasswordResetByEmailOptions {
  /** The `token` query parameter of the reset link. */
  token: string;
  password: string;
  session_duration_minutes: number;
}

export interface PasswordResetByExistingPasswordOptions {
  email: string;
  existing_password: string;
  new_password: string;
  session_duration_minutes: number;
}

export interface PasswordResetBySessionOptions {
  password: string;
  session_duration_minutes?: number;
}

export interface PasswordStrengthCheckOptions {
  email?: string;
  password: string;
}

/** What a sign-in call returns to the app: the response without `__user` (wire-format.md §4.1). */
export type PasswordCreateResult = Omit<PasswordCreateResponse, '__user'>;
export type PasswordAuthenticateResult = Omit<PasswordResetResponse, '__user'>;
export type PasswordResetResult = Omit<PasswordResetResponse, '__user'>;

export interface PasswordsModule {
  /** POST /passwords: a new user with this e-mail and password; writes the session. */
  create(options: PasswordCreateOptions): Promise<PasswordCreateResult>;
  /** POST /passwords/authenticate; writes the session. APIError `reset_password` when the password must change. */
  authenticate(options: PasswordAuthenticateOptions): Promise<PasswordAuthenticateResult>;
  /**
   * POST /passwords/email/reset/start; with bootstrap `pkce_required_for_password_resets` it sends the
   * `code_challenge` of the `passwords` PKCE pair (reused when one is stored, wire-format.md §6).
   */
  resetByEmailStart(options: PasswordResetByEmailStartOptions): Promise<PasswordResetByEmailStartResponse>;
  /** POST /passwords/email/reset with the stored `passwords` verifier, if any (cleared on success); writes the session. */
  resetByEmail(options: PasswordResetByEmailOptions): Promise<PasswordResetResult>;
  /** POST /passwords/existing_password/reset; writes the session. */
  resetByExistingPassword(options: PasswordResetByExistingPasswordOptions): Promise<PasswordResetResult>;
  /** POST /passwords/session/reset; writes the session; answers untouched (`__user` kept, wire-format.md §4.1). */
  resetBySession(options: PasswordResetBySessionOptions): Promise<PasswordResetResponse>;
  /** POST /passwords/strength_check: the project's policy (zxcvbn or LUDS) and the breached check. */
  strengthCheck(options: PasswordStrengthCheckOptions): Promise<PasswordStrengthCheckResponse>;
}
