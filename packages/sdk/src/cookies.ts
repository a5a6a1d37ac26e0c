// SPEC §4 / §9 and wire-format.md §5.1: the session cookies are written client-side through document.cookie,
// JS-readable (the SDK reads the token for the Authorization header), SameSite=Lax, path /, Secure except on
// localhost. They hold the tokens; localStorage only ever holds the user/session objects (security-tests SS-06).
import type { BrowserDependencies } from './browser';

export interface CookieOptions {
  /** Default `gatehouse_session`. */
  opaqueTokenCookieName?: string;
  /** Default `gatehouse_session_jwt`. */
  jwtCookieName?: string;
  /** Default `gatehouse_intermediate_session_token`. */
  istCookieName?: string;
  /** Default `/`. */
  path?: string;
  /** Sets `Domain` (cookieOptions.domain, else location.host) so subdomains share the session. */
  availableToSubdomains?: boolean;
  domain?: string;
}

export interface SessionCookies {
  readonly names: { session: string; jwt: string; ist: string };
  get(name: string): string | null;
  /** `expires` null writes a browser-session cookie. */
  set(name: string, value: string, expires: Date | null): void;
  /** Deletes across the path/domain variants an earlier configuration may have written. */
  remove(name: string): void;
}

/** wire-format.md §5.1: Secure is off for localhost, [::1] and 127.x.x.x. */
export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function createSessionCookies(options: {
  jar: BrowserDependencies['cookies'];
  location: BrowserDependencies['location'];
  cookieOptions: CookieOptions | undefined;
}): SessionCookies {
  const { jar, location } = options;
  const config = options.cookieOptions ?? {};
  const path = config.path ?? '/';

  const write = (
    name: string,
    value: string,
    expires: Date | null,
    cookiePath: string,
    domain: string | null,
  ) => {
    const local = isLocalhost(location.hostname);
    jar.write(
      `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${cookiePath}` +
        (expires ? `; expires=${expires.toUTCString()}` : '') +
        (domain ? `; domain=${domain}` : '') +
        '; SameSite=Lax' +
        (local ? '' : '; Secure'),
    );
  };
  const subdomainDomain = () =>
    config.availableToSubdomains && !isLocalhost(location.hostname) ? (config.domain ?? location.host) : null;

  return {
    names: {
      session: config.opaqueTokenCookieName ?? 'gatehouse_session',
      jwt: config.jwtCookieName ?? 'gatehouse_session_jwt',
      ist: config.istCookieName ?? 'gatehouse_intermediate_session_token',
    },
    get(name) {
      for (const pair of jar.read().split('; ')) {
        const at = pair.indexOf('=');
        try {
          // An empty value is a deleted cookie as far as the session is concerned.
          if (at > 0 && decodeURIComponent(pair.slice(0, at)) === name)
            return decodeURIComponent(pair.slice(at + 1)) || null;
        } catch {}
      }
      return null;
    },
    set(name, value, expires) {
      write(name, value, expires, path, subdomainDomain());
    },
    remove(name) {
      const past = new Date(0);
      for (const cookiePath of new Set([path, '/'])) {
        for (const domain of new Set([null, config.domain ?? location.host]))
          write(name, '', past, cookiePath, domain);
      }
    },
  };
}
