// Every text the OAuth flow shows (issue 11; DESIGN.md convention 6: user-visible strings in one table). The
// callback reports a failure to the app as `?stytch_token_type=oauth&error=<code>&error_description=<text>` on the
// login redirect URL (README "Social sign-in"); when no safe redirect is known it answers a small HTML page instead.

/** The `error` codes a failed sign-in sends back to the app, with their `error_description`. */
export const CALLBACK_ERRORS = {
  /** The person declined at the provider (the provider's own `error=access_denied`). */
  access_denied: 'Sign-in was cancelled at the provider.',
  /** The provider answered the authorization or the code exchange with an error (a bad or used code, …). */
  oauth_provider_error: 'The provider refused the sign-in. Please try again.',
  /** The provider could not be reached, timed out or answered 5xx. */
  oauth_provider_unavailable: 'The provider could not be reached. Please try again in a moment.',
  /** The provider's answer failed a check (ID token issuer, audience, nonce, expiry, signature; no subject). */
  oauth_invalid_response: "The provider's answer could not be verified. Please try again.",
  /** The state was started in another browser (its cookie is missing or different), for another provider, or expired. */
  oauth_state_mismatch: 'This sign-in was started in another browser or has expired. Please start again.',
  /** The project no longer allows this (product or provider removed since the start). */
  oauth_config_not_found: 'This sign-in method is not available for this app.',
} as const;

export type CallbackErrorCode = keyof typeof CALLBACK_ERRORS;

/** Texts of the HTML page shown when no safe redirect back to the app is known. */
export const ERROR_PAGE = {
  title: 'Sign-in could not continue',
  back: 'Go back to the app you came from and start signing in again.',
  /** Start: problems with the start URL itself. */
  invalidProvider: 'This sign-in provider is not supported.',
  invalidPublicToken: 'This sign-in link does not belong to any app.',
  productNotEnabled: 'Social sign-in is not enabled for this app.',
  configNotFound: 'This sign-in provider is not set up for this app.',
  invalidRedirectUrl: 'The address to return to after signing in is not allowed for this app.',
  invalidParameters: 'The sign-in link is malformed.',
  missingPkce: 'This app requires a PKCE code challenge for social sign-in.',
  tooManyStarts: 'Too many sign-ins were started from this network. Please wait a moment and try again.',
  /** Callback: no state, or one that is unknown, used or expired. */
  missingState: 'This sign-in did not come back with the information needed to finish it.',
  unknownState: 'This sign-in has already been used or has expired.',
  unavailable: 'Sign-in is unavailable right now. Please try again in a moment.',
  // Issue 22 finding 2: where the server serves the web app, the page is one of its pages, with the way back.
  productName: 'Gatehouse',
  backToSignIn: 'Back to sign in',
} as const;

export const TOO_MANY_OAUTH_AUTHENTICATIONS_MESSAGE =
  'Too many social sign-ins were completed from this network. Please wait a moment and try again.';

/** Stytch's answer for an unknown, used or expired oauth token; one text for all three. */
export const OAUTH_TOKEN_NOT_FOUND_MESSAGE =
  'The OAuth token could not be found: it was already used or has expired. Start the sign-in again.';
