// SPEC §8 passkey messages: which failure shows which text. API errors are duck-typed on `error_type` (any copy
// of the SDK's APIError qualifies); browser errors on their DOMException `name`.
import type { Strings } from '../../strings';

function field(error: unknown, key: string): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
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
  return signal.aborted || field(error, 'name') === 'AbortError';
}

/**
 * SPEC §8 sign-in messages: registration not found; other API errors and an empty response → unknown error.
 * Browser refusals (the person cancelled, NotAllowedError) show nothing: null.
 */
export function passkeySignInMessage(error: unknown, strings: Strings): string | null {
  const type = field(error, 'error_type');
  if (type === 'webauthn_registration_not_found') return strings.passkeyRegistrationNotFound;
  if (type !== null || error instanceof EmptyPasskeyResponseError) return strings.passkeyUnknownError;
  return null;
}

/** SPEC §5 / §8 creation messages: already registered (browser InvalidStateError or the server's duplicate). */
export function passkeyCreateMessage(error: unknown, strings: Strings): string {
  if (
    field(error, 'name') === 'InvalidStateError' ||
    field(error, 'error_type') === 'duplicate_webauthn_registration'
  ) {
    return strings.passkeyAlreadyRegistered;
  }
  return strings.passkeyNotCreated;
}
