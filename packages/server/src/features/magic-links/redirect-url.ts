// Redirect URLs of login links are checked against the project's allowlist (issue 3; security-tests.md RD-01,
// RD-02). The comparison is exact on scheme, host, port and path after WHATWG URL normalisation; only the query
// may differ. No prefixes, no suffix hosts, no userinfo, no wildcards.
import { ApiError } from '../../infra/errors';

import type { MagicLinkKind } from './types';

export type RedirectKind = MagicLinkKind;

// Whitespace, control characters and backslashes are refused before parsing: the URL parser would silently
// drop tabs and newlines or read '\' as '/', turning a rejected string into an accepted one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const FORBIDDEN_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\u200b-\u200f\u202a-\u202e\ufeff]/u;

const MAX_URL_LENGTH = 2048;

/** True when the string holds a UTF-16 surrogate without its partner (Postgres and URLs cannot carry one). */
export function hasLoneSurrogate(value: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);
}

/** Parses an absolute http(s) URL without userinfo, or returns null. */
export function parseRedirectUrl(input: string): URL | null {
  if (input.length === 0 || input.length > MAX_URL_LENGTH) return null;
  if (FORBIDDEN_CHARACTERS.test(input) || hasLoneSurrogate(input)) return null;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.hostname === '' || url.hostname.endsWith('.')) return null;
  // The raw input must name the scheme with '//' (refuses 'https:evil.test', which WHATWG would repair).
  if (!/^https?:\/\/[^/]/i.test(input)) return null;
  return url;
}

function sameTarget(a: URL, b: URL): boolean {
  // URL.host already drops the scheme's default port, so https://x and https://x:443 compare equal.
  return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
}

/**
 * Returns the normalised redirect URL to put in the link: the caller's URL when it is allowlisted, otherwise
 * 400 `invalid_redirect_url`. Without a URL, the project's first allowed redirect URL is the default.
 */
export function resolveRedirectUrl(options: {
  requested: string | null;
  allowedRedirectUrls: readonly string[];
  kind: RedirectKind;
  /** The body field named in errors, when not the login-link one (password resets, issue 10). */
  field?: string;
}): string {
  const { requested, allowedRedirectUrls, kind } = options;
  const field = options.field ?? (kind === 'login' ? 'login_magic_link_url' : 'signup_magic_link_url');
  const allowed = allowedRedirectUrls.map(parseRedirectUrl).filter((url): url is URL => url !== null);
  if (requested === null) {
    const fallback = allowed[0];
    if (fallback === undefined) {
      throw new ApiError(
        'invalid_redirect_url',
        `No ${field} was given and the project has no allowed redirect URL to use as the default.`,
      );
    }
    return fallback.href;
  }
  const url = parseRedirectUrl(requested);
  if (url === null) {
    throw new ApiError(
      'invalid_redirect_url',
      `${field} must be an absolute http(s) URL without credentials.`,
    );
  }
  if (!allowed.some((entry) => sameTarget(entry, url))) {
    throw new ApiError(
      'invalid_redirect_url',
      `${field} is not one of the project's allowed redirect URLs (scheme, host, port and path must match exactly).`,
    );
  }
  return url.href;
}

/** `{redirect}?stytch_token_type=magic_links&token=…`, keeping any query the redirect URL already has. */
export function buildMagicLinkUrl(options: { redirectUrl: string; token: string }): string {
  const url = new URL(options.redirectUrl);
  url.searchParams.set('stytch_token_type', 'magic_links');
  url.searchParams.set('token', options.token);
  return url.href;
}
