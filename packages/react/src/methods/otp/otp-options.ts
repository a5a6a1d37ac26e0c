// wire-format.md §4.5 UI defaults: expiration_minutes = otpOptions.expirationMinutes ?? 5 (SPEC §7 / §9 default
// passcode expiry), and template ids only for e-mail passcodes.
import type { OtpMethod } from '@gatehouse/protocol';
import { CONSTANTS } from '@gatehouse/protocol';
import type { OtpLoginOrCreateOptions } from '../../client-contract';
import type { OtpOptions } from '../../config';

export function otpExpirationMinutes(options: OtpOptions | undefined): number {
  const minutes = options?.expirationMinutes;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0
    ? minutes
    : CONSTANTS.defaultPasscodeExpiryMinutes;
}

export function otpSendOptions(method: OtpMethod, options: OtpOptions | undefined): OtpLoginOrCreateOptions {
  const result: OtpLoginOrCreateOptions = { expiration_minutes: otpExpirationMinutes(options) };
  if (method !== 'email') return result;
  if (options?.loginTemplateId !== undefined) result.login_template_id = options.loginTemplateId;
  if (options?.signupTemplateId !== undefined) result.signup_template_id = options.signupTemplateId;
  return result;
}

/** wire-format.md §4.5: the UI requires `method_id` in every send answer. */
export function methodIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const methodId = (data as Record<string, unknown>).method_id;
  return typeof methodId === 'string' && methodId !== '' ? methodId : null;
}
