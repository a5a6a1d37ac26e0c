// The small HTML page of an OAuth start or callback that cannot send the browser back to the app (no safe redirect
// URL is known: an unknown provider or public token, a state that is missing, used or expired). Static text from
// messages.ts, escaped; no script, so the server's CSP (infra/security-headers.ts) needs nothing more.
import { escapeHtml } from '../../infra/html';
import { ERROR_PAGE } from './messages';

export function renderErrorPage(options: { message: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(ERROR_PAGE.title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem;">
<h1 style="font-size: 1.25rem;">${escapeHtml(ERROR_PAGE.title)}</h1>
<p data-testid="oauth-error">${escapeHtml(options.message)}</p>
<p>${escapeHtml(ERROR_PAGE.back)}</p>
</body>
</html>
`;
}
