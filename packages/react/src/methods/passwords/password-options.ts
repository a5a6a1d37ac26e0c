// wire-format.md §7.2: passwordOptions → the reset/start body (§4.10); SPEC §7 defaults; the `users/search`
// answer (§4.2, `userType` in camelCase) and which automatic send a passwordless user gets (SPEC §4).
import { type BootstrapData, type OtpMethod, PASSWORD_MIN_LENGTH, type Product } from '@gatehouse/protocol';
import type { PasswordResetByEmailStartOptions, UserType } from '../../client-contract';
import type { LoginConfig, PasswordOptions } from '../../config';

export function resetStartOptions(
  email: string,
  options: PasswordOptions | undefined,
): PasswordResetByEmailStartOptions {
  const result: PasswordResetByEmailStartOptions = { email };
  if (options === undefined) return result;
  if (options.loginRedirectURL !== undefined) result.login_redirect_url = options.loginRedirectURL;
  if (options.resetPasswordRedirectURL !== undefined)
    result.reset_password_redirect_url = options.resetPasswordRedirectURL;
  // Accepted by the typed options; the SDK drops it from the body (wire-format.md §4.10).
  if (options.loginExpirationMinutes !== undefined)
    result.login_expiration_minutes = options.loginExpirationMinutes;
  if (options.resetPasswordExpirationMinutes !== undefined)
    result.reset_password_expiration_minutes = options.resetPasswordExpirationMinutes;
  if (options.resetPasswordTemplateId !== undefined)
    result.reset_password_template_id = options.resetPasswordTemplateId;
  return result;
}

/** wire-format.md §4.2: `userType` (camelCase); `user_type` is read too. Anything else is no answer. */
export function userTypeOf(data: unknown): UserType | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const value = record.userType ?? record.user_type;
  return value === 'new' || value === 'password' || value === 'passwordless' ? value : null;
}

export type SecondaryMethod = 'login-link' | 'email-passcode';

/**
 * SPEC §4: a passwordless user gets a login link, or a passcode when e-mail passcodes are enabled; the create
 * screen offers the same method as 'Email me a login link / code'. null: neither is configured (a reset then).
 */
export function secondaryMethod(config: LoginConfig, products: readonly Product[]): SecondaryMethod | null {
  if (products.includes('emailMagicLinks')) return 'login-link';
  const otpMethods: readonly OtpMethod[] = config.otpOptions?.methods ?? [];
  if (products.includes('otp') && otpMethods.includes('email')) return 'email-passcode';
  return null;
}

/** An API error's `error_type` (duck-typed: any copy of the SDK), or null. */
export function errorTypeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const type = (error as Record<string, unknown>).error_type;
  return typeof type === 'string' ? type : null;
}

/**
 * The shortest new password the server takes (issue 22 finding 10's hint, SPEC §5's LUDS text): a LUDS project's
 * minimum from bootstrap passwordConfig, never below the server's own bound (a zxcvbn project, passwordConfig
 * null, has that bound alone); the server counts the same way (features/passwords/strength.ts).
 */
export function minimumPasswordLength(passwordConfig: BootstrapData['passwordConfig']): number {
  return Math.max(passwordConfig?.ludsMinimumCount ?? 0, PASSWORD_MIN_LENGTH);
}
