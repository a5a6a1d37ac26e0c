// SPEC §8 passkey messages: which failure shows which text. API errors are recognised with the SDK's isAPIError
// (any copy of the SDK's APIError qualifies) and compared against ErrorType values; browser errors on their
// DOMException `name`.
import { isAPIError } from '@gatehouse/sdk';
import type { Strings } from '../../strings';
import type { PASSKEY_STRINGS } from './passkey-strings';

/** The widget's strings with the passkey table resolved (usePasskeyStrings and the hooks that include it). */
type PasskeyMessageStrings = Strings & { [K in keyof typeof PASSKEY_STRINGS]: string };

function errorName(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const value = (error as Record<string, unknown>).name;
  return typeof value === 'string' ? value : null;
}

/** The browser cannot run this ceremony (DOMException NotSupportedError). */
export function isNotSupported(error: unknown): boolean {
  return errorName(error) === 'NotSupportedError';
}

/** Thrown when authenticate answers without a session (SPEC §8 "an empty response"). */
export class EmptyPasskeyResponseError extends Error {
  constructor() {
    super('The passkey sign-in answered without a session.');
    this.name = 'EmptyPasskeyResponseError';
  }
}

/** An answer counts as a sign-in only when it is an object (the AuthenticateResponse). */
export function assertAuthenticated(data: unknown): void {
  if (typeof data !== 'object' || data === null || Object.keys(data).length === 0) {
    throw new EmptyPasskeyResponseError();
  }
}

/** Our own abort (the screen went away): never a message. */
export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || errorName(error) === 'AbortError';
}

/**
 * SPEC §8 sign-in messages: registration not found; other API errors and an empty response → unknown error.
 * Browser refusals (the person cancelled, NotAllowedError) show nothing: null.
 */
export function passkeySignInMessage(error: unknown, strings: PasskeyMessageStrings): string | null {
  if (isAPIError(error)) {
    return error.error_type === 'webauthn_registration_not_found'
      ? strings.passkeyRegistrationNotFound
      : strings.passkeyUnknownError;
  }
  if (error instanceof EmptyPasskeyResponseError) return strings.passkeyUnknownError;
  return null;
}

/** SPEC §5 / §8 creation messages: already registered (browser InvalidStateError or the server's duplicate). */
export function passkeyCreateMessage(error: unknown, strings: PasskeyMessageStrings): string {
  if (
    errorName(error) === 'InvalidStateError' ||
    (isAPIError(error) && error.error_type === 'duplicate_webauthn_registration')
  ) {
    return strings.passkeyAlreadyRegistered;
  }
  return strings.passkeyNotCreated;
}
