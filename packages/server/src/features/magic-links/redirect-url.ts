// Redirect URLs of login links are checked against the project's allowlist (issue 3; security-tests.md RD-01,
// RD-02). The comparison is exact on scheme, host, port and path after WHATWG URL normalisation; only the query
// may differ. No prefixes, no suffix hosts, no userinfo, no wildcards.
//
// One exception, for the development project only (issue 21 item 3): a redirect URL at any path on one of its
// allowed origins is allowed, so an app under development on http://localhost:5173 (DEV_ALLOWED_ORIGINS) can
// land its links on whatever page it routes them to. The origin must match exactly (scheme, host and port); the
// development project is never served in production (infra/auth.ts excludeDevelopment).
import type { ProjectRecord } from '../../infra/context';
import { redirectUrlAdvice } from '../../infra/dev-origins';
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

/** The refused URL as the message shows it: parsed (no control characters or spaces), cut short. */
function shownUrl(url: URL): string {
  return url.href.length > 300 ? `${url.href.slice(0, 297)}...` : url.href;
}

function sameTarget(a: URL, b: URL): boolean {
  // URL.host already drops the scheme's default port, so https://x and https://x:443 compare equal.
  return a.protocol === b.protocol && a.host === b.host && a.pathname === b.pathname;
}

/** The origin of an allowlisted origin entry as URL.origin writes it, or null when it is not an http(s) origin. */
function originOf(entry: string): string | null {
  const url = parseRedirectUrl(entry);
  return url === null ? null : url.origin;
}

/** A project's redirect allowlist, to spread into resolveRedirectUrl's options. */
export interface RedirectAllowlist {
  /** Exact entries: scheme, host, port and path must match; the query may differ. */
  allowedRedirectUrls: readonly string[];
  /** Origins under which every path is allowed: the development project's allowed origins, nothing otherwise. */
  allowedRedirectOrigins: readonly string[];
  /** Whether a refusal's advice names DEV_ALLOWED_ORIGINS (the development project) or the project file. */
  developmentProject: boolean;
}

export function redirectAllowlist(
  project: Pick<ProjectRecord, 'allowedRedirectUrls' | 'allowedOrigins' | 'isDevelopment'>,
): RedirectAllowlist {
  return {
    allowedRedirectUrls: project.allowedRedirectUrls,
    allowedRedirectOrigins: project.isDevelopment ? project.allowedOrigins : [],
    developmentProject: project.isDevelopment,
  };
}

/**
 * Returns the normalised redirect URL to put in the link: the caller's URL when it is allowlisted, otherwise
 * 400 `invalid_redirect_url` naming it and how to allow it. Without a URL, the project's first allowed redirect URL
 * is the default.
 */
export function resolveRedirectUrl(
  options: {
    requested: string | null;
    allowedRedirectUrls: readonly string[];
    kind: RedirectKind;
    /** The body field named in errors, when not the login-link one (password resets, issue 10). */
    field?: string;
  } & Partial<Omit<RedirectAllowlist, 'allowedRedirectUrls'>>,
): string {
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
  const anyPathOrigins = (options.allowedRedirectOrigins ?? []).map(originOf);
  if (!allowed.some((entry) => sameTarget(entry, url)) && !anyPathOrigins.includes(url.origin)) {
    const developmentProject = options.developmentProject ?? false;
    const rule = developmentProject
      ? "scheme, host, port and path must match one exactly, or the origin be one of the development project's allowed origins"
      : 'scheme, host, port and path must match exactly';
    throw new ApiError(
      'invalid_redirect_url',
      `${field} ${shownUrl(url)} is not one of the project's allowed redirect URLs (${rule}). ${redirectUrlAdvice(url, { developmentProject })}`,
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
