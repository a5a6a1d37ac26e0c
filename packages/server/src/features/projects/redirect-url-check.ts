// Issue 26 item 3: "would this URL be allowed?" — the console's checker runs the very check login links, password
// resets and OAuth starts run (features/magic-links/redirect-url.ts resolveRedirectUrl over redirectAllowlist of the
// project as this process serves it), so its answer cannot drift from theirs. Nothing here decides on its own: the
// rule that matched is found by asking the same function about the exact entries alone, then each entry alone.
import type { AppContext, ProjectRecord } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { redirectAllowlist, resolveRedirectUrl } from '../magic-links';

export interface RedirectUrlCheck {
  allowed: boolean;
  /** The URL as a login link would carry it (normalised), or null when it is refused. */
  url: string | null;
  /**
   * `exact`: an allowed redirect URL matches on scheme, host, port and path; `development_origin`: the development
   * project allows every path on one of its origins; null when refused.
   */
  rule: 'exact' | 'development_origin' | null;
  /** The allowlist entry that admits it, or null. */
  matched_entry: string | null;
  /** Why: the refusal's own message (what a login link would answer), or which entry admitted it. */
  reason: string;
}

/** resolveRedirectUrl's answer without the throw: the URL, or the ApiError's message. */
function attempt(
  requested: string,
  allowlist: Omit<Parameters<typeof resolveRedirectUrl>[0], 'requested'>,
): { url: string } | { refusal: string } {
  try {
    return { url: resolveRedirectUrl({ ...allowlist, requested }) };
  } catch (error) {
    if (error instanceof ApiError) return { refusal: error.message };
    throw error;
  }
}

/**
 * Whether `url` would be accepted as a login link's redirect URL for `row` — with `draftRedirectUrls` in place of the
 * stored allowed redirect URLs when given (the console's unpublished draft).
 */
export function checkRedirectUrl(
  ctx: Pick<AppContext, 'projects'>,
  row: ProjectRecord,
  options: { url: string; draftRedirectUrls?: readonly string[] },
): RedirectUrlCheck {
  const project = ctx.projects.served(
    options.draftRedirectUrls === undefined
      ? row
      : { ...row, allowedRedirectUrls: [...options.draftRedirectUrls] },
  );
  const allowlist = { ...redirectAllowlist(project), kind: 'login' as const };
  const answer = attempt(options.url, allowlist);
  if ('refusal' in answer) {
    return { allowed: false, url: null, rule: null, matched_entry: null, reason: answer.refusal };
  }
  const exactOnly = { ...allowlist, allowedRedirectOrigins: [] };
  const entry = allowlist.allowedRedirectUrls.find(
    (candidate) => 'url' in attempt(options.url, { ...exactOnly, allowedRedirectUrls: [candidate] }),
  );
  if (entry !== undefined) {
    return {
      allowed: true,
      url: answer.url,
      rule: 'exact',
      matched_entry: entry,
      reason: `Allowed: it matches the allowed redirect URL ${entry} (scheme, host, port and path; the query may differ).`,
    };
  }
  const origin =
    allowlist.allowedRedirectOrigins.find(
      (candidate) =>
        'url' in
        attempt(options.url, { ...exactOnly, allowedRedirectUrls: [], allowedRedirectOrigins: [candidate] }),
    ) ?? null;
  return {
    allowed: true,
    url: answer.url,
    rule: 'development_origin',
    matched_entry: origin,
    reason: `Allowed: the development project allows every path on its origin ${origin ?? new URL(answer.url).origin}.`,
  };
}
