// Cross-origin development (issue 21 item 3): an app on another origin (a Vite dev server on :5173, a Next.js app
// on :3001) calling this server's development project. DEV_ALLOWED_ORIGINS lists such origins; the project file's
// "Development" entry can add more (features/projects: devProjectAllowlist, applied by infra/auth.ts's
// ProjectCache). This module reads the variable strictly and writes the advice that refusals give, so a developer
// whose call is refused reads which origin or URL it was and the one line that allows it.
import type { FastifyBaseLogger } from 'fastify';

export const DEV_ALLOWED_ORIGINS = 'DEV_ALLOWED_ORIGINS';

/** The development project's name; a project-file entry of this name configures it (features/projects). */
export const DEV_PROJECT_NAME = 'Development';

const ALLOWED =
  'allowed: http(s) origins (scheme, host and port only: no path, query or trailing slash) separated by commas or spaces, such as http://localhost:5173,http://127.0.0.1:3001';

/** Why one DEV_ALLOWED_ORIGINS entry is not a plain http(s) origin, or null when it is one, written as browsers send it. */
function entryProblem(entry: string): string | null {
  if (entry.includes('*')) return 'has a wildcard; only exact origins can be allowed';
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `has scheme "${url.protocol}"`;
  if (url.username !== '' || url.password !== '') return 'has credentials';
  if (url.search !== '' || entry.includes('?')) return 'has a query';
  if (url.hash !== '' || entry.includes('#')) return 'has a fragment';
  if (url.pathname !== '/') return `has a path ("${url.pathname}")`;
  if (/^[a-z]+:\/\/[^/]+\//i.test(entry)) return 'ends with a slash (a path)';
  // The Origin header is compared exactly (security-tests.md CS-03): the entry must be written as browsers write it.
  if (url.origin !== entry) return `is not written as browsers send an origin; write it as ${url.origin}`;
  return null;
}

/**
 * DEV_ALLOWED_ORIGINS: origins separated by commas and/or whitespace. Every entry must be a plain http(s) origin
 * exactly as browsers send it in the Origin header; the first one that is not is named in the problem.
 */
export function parseDevAllowedOrigins(raw: string): { value: string[] } | { problem: string } {
  const entries = raw.split(/[\s,]+/).filter((entry) => entry !== '');
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem !== null) return { problem: `has "${entry}", which ${problem}; ${ALLOWED}` };
  }
  return { value: [...new Set(entries)] };
}

/** The problem of setting DEV_ALLOWED_ORIGINS in production: refused, never ignored (production fails closed). */
export const DEV_ALLOWED_ORIGINS_IN_PRODUCTION =
  'is set, but production never serves the development project it extends; allowed in production: unset it, and list the origins in allowed_origins (and the pages in allowed_redirect_urls) of the project in the project file (PROJECT_FILE)';

/** True when `origin` is one an allowlist could hold: a plain http(s) origin as browsers send it. */
export function isPlainOrigin(origin: string): boolean {
  return origin.length <= 300 && entryProblem(origin) === null;
}

/** The origin as a message shows it: bare when it is a plain origin, else quoted and cut short (it is the caller's). */
function shownOrigin(origin: string): string {
  return isPlainOrigin(origin) ? origin : JSON.stringify(origin.slice(0, 200));
}

/** Who a refusal talks to: the development project, another project, or no project in particular (a preflight). */
export type RefusalScope = 'development-project' | 'project' | 'any-project';

/**
 * The error_message of 403 origin_not_allowed: the origin, and how to allow it (originAdvice).
 */
export function originNotAllowedMessage(
  origin: string,
  scope: RefusalScope,
  options: { production: boolean },
): string {
  const subject =
    scope === 'any-project'
      ? `The origin ${shownOrigin(origin)} is not allowed by any project.`
      : `The origin ${shownOrigin(origin)} is not allowed for this project.`;
  return `${subject} ${originAdvice(origin, scope, options)}`;
}

/**
 * How to allow a refused origin. DEV_ALLOWED_ORIGINS is named only where it helps: for the development project, and
 * for a preflight outside production (it carries no token, so the project is unknown). Production never serves the
 * development project, so a refusal there never names the variable.
 */
function originAdvice(origin: string, scope: RefusalScope, options: { production: boolean }): string {
  if (!isPlainOrigin(origin)) {
    return 'Only http(s) origins (scheme, host and port) can be allowed; a page opened from a file or in a sandboxed frame sends none.';
  }
  if (scope === 'development-project') {
    return `Add it to the project's allowed origins: in development, start the server with ${DEV_ALLOWED_ORIGINS}=${origin} (several separated by commas), or list it in allowed_origins of the project file's "${DEV_PROJECT_NAME}" entry.`;
  }
  if (scope === 'any-project' && !options.production) {
    return `Add it to a project's allowed origins: in development, start the server with ${DEV_ALLOWED_ORIGINS}=${origin} for the development project, or list it in allowed_origins of the project in the project file (PROJECT_FILE).`;
  }
  const whose = scope === 'any-project' ? 'of the project' : "of this project's entry";
  return `Add it to the project's allowed origins: list it in allowed_origins ${whose} in the project file (PROJECT_FILE).`;
}

/**
 * The advice of 400 invalid_redirect_url for an URL off the allowlist. The development project accepts any path on
 * its allowed origins (features/magic-links/redirect-url.ts), so DEV_ALLOWED_ORIGINS with the URL's origin allows
 * it; any other project lists exact URLs in the project file.
 */
export function redirectUrlAdvice(url: URL, options: { developmentProject: boolean }): string {
  if (options.developmentProject) {
    return `To allow it, start the server with ${DEV_ALLOWED_ORIGINS}=${url.origin} (every path on that origin is then allowed for the development project), or list the URL in allowed_redirect_urls of the project file's "${DEV_PROJECT_NAME}" entry.`;
  }
  return "To allow it, list it in allowed_redirect_urls of this project's entry in the project file (PROJECT_FILE).";
}

/** How many refused origins the log remembers having named (a flood of made-up origins must not grow it). */
const MAX_NOTICED_ORIGINS = 100;

/**
 * Outside production, names a refused origin in the server's log, once per origin. A browser shows the page only
 * "blocked by CORS policy": a refused preflight is never readable by the page, so its error_message would go
 * unseen. Production logs nothing here (any site on the web can make a browser send a refused Origin).
 */
export function createOriginRefusalNotice(options: {
  production: boolean;
  log: FastifyBaseLogger;
}): (origin: string, message: string) => void {
  const noticed = new Set<string>();
  return (origin, message) => {
    if (options.production || noticed.has(origin) || noticed.size >= MAX_NOTICED_ORIGINS) return;
    noticed.add(origin);
    options.log.warn({ origin: origin.slice(0, 200) }, `Refused a call from another origin: ${message}`);
  };
}
