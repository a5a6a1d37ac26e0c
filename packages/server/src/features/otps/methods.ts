// The "methods" a passcode goes to: a user's phone number (sms, whatsapp; method_id = phone_id) or e-mail address
// (email; method_id = email_id). Who holds which identifier, and when a sign-in may resolve through it, is the
// users feature's rule (features/users/identifiers.ts: owners, pending claims, proof); this maps channels onto it.
import { ApiError } from '../../infra/errors';
import type { IdentifierKind } from '../users';

export type OtpChannel = 'sms' | 'whatsapp' | 'email';

export function identifierKindOf(channel: OtpChannel): IdentifierKind {
  return channel === 'email' ? 'email' : 'phone_number';
}

export function methodNotFound(channel: OtpChannel): ApiError {
  return channel === 'email'
    ? new ApiError('email_not_found', 'No user of this project has this email address.')
    : new ApiError('phone_number_not_found', 'No user of this project has this phone number.');
}
