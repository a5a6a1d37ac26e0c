// The small HTML page of an OAuth start or callback that cannot send the browser back to the app (no safe redirect
// URL is known: an unknown provider or public token, a state that is missing, used or expired). Static text from
// messages.ts, escaped; no script, so the server's CSP (infra/security-headers.ts) needs nothing more.
//
// Issue 22 finding 2: where the server serves the web app, the page is dressed as one of the app's (its style sheet
// and icon, infra/static-web.ts appHeadLinks; the same header, card and button) and links back to its sign-in page.
// Without the web app there is no sign-in page here to go back to: the sentence alone says what to do.
import { escapeHtml } from '../../infra/html';
import { ERROR_PAGE } from './messages';

export interface ErrorPageOptions {
  message: string;
  /** The web app's `<link>` tags (style sheet, icon); '' when the server serves no web app. */
  headLinks: string;
}

/** Used only without the app's style sheet, so the page is still readable. */
const FALLBACK_STYLE =
  '<style>body{font-family:Arial,Helvetica,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#19303d}</style>';

export function renderErrorPage(options: ErrorPageOptions): string {
  const withApp = options.headLinks !== '';
  const header = withApp
    ? `<header class="site-header"><a href="/" class="brand">${escapeHtml(ERROR_PAGE.productName)}</a></header>\n`
    : '';
  const back = withApp
    ? `<p><a href="/" class="button">${escapeHtml(ERROR_PAGE.backToSignIn)}</a></p>\n`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(ERROR_PAGE.title)}${withApp ? ` · ${escapeHtml(ERROR_PAGE.productName)}` : ''}</title>${withApp ? options.headLinks : FALLBACK_STYLE}</head>
<body>
<div class="layout">
${header}<main id="main" class="site-main">
<section class="card" aria-labelledby="page-heading">
<h1 id="page-heading">${escapeHtml(ERROR_PAGE.title)}</h1>
<p class="error" data-testid="oauth-error">${escapeHtml(options.message)}</p>
<p class="muted">${escapeHtml(ERROR_PAGE.back)}</p>
${back}</section>
</main>
</div>
</body>
</html>
`;
}
