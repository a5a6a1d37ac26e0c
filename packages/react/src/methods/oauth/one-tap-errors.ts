// SPEC §4 One Tap states and SPEC §8 One Tap errors: which failures have a message of their own. The messages are
// for the developer setting the project up, so the widget shows them only for test-mode public tokens (a token that
// contains `public-token-test`, wire-format.md §1.2); live pages log them to the console. Every failure, known or
// not, falls back to the plain Google button.
import type { OAUTH_STRINGS } from './oauth-strings';

export const ONE_TAP_ERROR_STRINGS: Record<string, keyof typeof OAUTH_STRINGS> = {
  origin_not_allowed_for_client: 'oneTapOriginNotAllowed',
  invalid_client: 'oneTapInvalidClient',
  oauth_config_not_found: 'oneTapConfigNotFound',
  no_login_redirect_urls_set: 'oneTapNoLoginRedirectUrls',
  no_signup_redirect_urls_set: 'oneTapNoSignupRedirectUrls',
  default_provider_not_allowed: 'oneTapDefaultProviderNotAllowed',
};

/** Google's own "not displayed" reasons that mean one of the states above. */
const GOOGLE_REASONS: Record<string, string> = {
  unregistered_origin: 'origin_not_allowed_for_client',
  invalid_client: 'invalid_client',
  missing_client_id: 'oauth_config_not_found',
};

export function oneTapErrorType(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const type = (error as { error_type?: unknown }).error_type;
  return typeof type === 'string' && Object.hasOwn(ONE_TAP_ERROR_STRINGS, type) ? type : null;
}

export function errorTypeForGoogleReason(reason: string | undefined): string | null {
  return reason !== undefined && Object.hasOwn(GOOGLE_REASONS, reason)
    ? (GOOGLE_REASONS[reason] ?? null)
    : null;
}

export function isTestToken(publicToken: string): boolean {
  return publicToken.includes('public-token-test');
}
