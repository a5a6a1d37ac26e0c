// Issue 20 item 3: the two answers that mean "confirm it is you, then try again". `reauthentication_required` (403):
// the change needs a sign-in within the project's window (sessions.authenticated_at); `second_factor_required` (403):
// the project requires a second factor and this session has not used the user's authenticator app yet. Recognised
// by the wire fields (wire-format.md §3.2: a number status_code, string error_type and error_message), the test the
// SDK's isAPIError applies to any copy of its APIError, written out rather than imported: with the SDK in its graph,
// the guard made the wallet screens' lazy chunk reach the SDK without the widget's errors.ts, and esbuild split the
// first-load chunks of every page anew (bench widget-size: default configuration 24.7 → 24.9 KiB, budget 25).

export type ReauthenticationReason = 'reauthentication_required' | 'second_factor_required';

/** Which confirmation an error asks for, or null when it is any other error. */
export function reauthenticationReasonOf(error: unknown): ReauthenticationReason | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status_code, error_type, error_message } = error as Record<string, unknown>;
  if (typeof status_code !== 'number' || typeof error_message !== 'string') return null;
  return error_type === 'reauthentication_required' || error_type === 'second_factor_required'
    ? error_type
    : null;
}

const CANCELLED = 'ReauthenticationCancelledError';

/**
 * What a guarded action rejects with when the person cancelled the confirmation: nothing changed, say nothing. An
 * Error named ReauthenticationCancelledError, made by a function rather than a subclass: a top-level
 * `class … extends Error` counts as a side effect to bundlers, which then keep this module in every page that
 * imports the package's index, even pages that never ask for a confirmation (bench widget-size).
 */
export function reauthenticationCancelledError(): Error {
  const error = new Error('The confirmation was cancelled; nothing was changed.');
  error.name = CANCELLED;
  return error;
}

export function isReauthenticationCancelled(error: unknown): boolean {
  return error instanceof Error && error.name === CANCELLED;
}
