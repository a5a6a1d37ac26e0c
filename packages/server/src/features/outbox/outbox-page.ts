// The /dev/outbox page (issue 2 "Delivery"): every message newest first with its links clickable and its codes
// copyable. Everything that came from a message is escaped; the HTML version is shown in a sandboxed iframe (no
// scripts, no same-origin access). Accessible markup: lang, headings, a labelled filter, one article per message.
// Its stylesheet and script are served files (routes.ts), not inline: the CSP allows scripts from 'self' only
// (infra/security-headers.ts, issue 8 item 3).
import type { OutboxMessage } from '../../infra/delivery';
import { PRODUCT_NAME } from '../../infra/display-name';
import { FAVICON_LINK_TAG } from '../../infra/favicon';
import { escapeHtml } from '../../infra/html';

export const OUTBOX_STYLESHEET_PATH = '/dev/outbox/outbox.css';
export const OUTBOX_SCRIPT_PATH = '/dev/outbox/outbox.js';

// Issue 22 finding 10: the page looks like the rest of the app (apps/web/src/styles.css): SPEC §9's colours and font,
// the same header with the product's name and navigation, white cards on the grey page, 45px controls, a visible
// focus ring, and the web app's dark palette under prefers-color-scheme (issue 22 "Themes"). Each message is a card: channel and recipient first, then the code (large, with Copy) and the links,
// the text, and the HTML version on demand.
export const OUTBOX_STYLESHEET = `:root { --primary: #19303d; --secondary: #5c727d; --border: #adbcc5; --background: #f5f7f8;
  --surface: #ffffff; --on-primary: #ffffff; --radius: 8px; color-scheme: light; }
@media (prefers-color-scheme: dark) { :root { --primary: #e3ebef; --secondary: #a9bac3; --border: #5c727d;
  --background: #0e171d; --surface: #14212a; --on-primary: #14212a; color-scheme: dark; } }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: var(--primary);
  background: var(--background); }
a { color: var(--primary); text-underline-offset: 2px; overflow-wrap: anywhere; }
a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible {
  outline: 2px solid var(--primary); outline-offset: 2px; }
.site-header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: .75rem 1.5rem;
  background: var(--surface); border-bottom: 1px solid var(--border); }
.brand { font-weight: 700; font-size: 1.125rem; text-decoration: none; }
.nav-list { display: flex; gap: 1rem; margin: 0; padding: 0; list-style: none; }
main { max-width: 48rem; margin: 0 auto; padding: 2rem 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
.intro, .count, .empty { color: var(--secondary); margin: 0 0 1rem; }
.filter { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .5rem 1rem; padding: 1rem; margin-bottom: 1.5rem;
  background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); }
.filter .field { display: flex; flex-direction: column; gap: .25rem; flex: 1 1 16rem; min-width: 0; }
.filter label { font-size: .875rem; font-weight: 700; }
input { height: 45px; padding: 0 .75rem; font: inherit; color: var(--primary); background: var(--surface);
  border: 1px solid var(--secondary); border-radius: var(--radius); }
button { font: inherit; cursor: pointer; }
.button { height: 45px; padding: 0 1.25rem; font-weight: 700; color: var(--on-primary); background: var(--primary);
  border: 1px solid var(--primary); border-radius: var(--radius); }
.button.secondary { height: 36px; padding: 0 .875rem; color: var(--primary); background: var(--surface); }
.messages { display: flex; flex-direction: column; gap: 1rem; }
.message { padding: 1.25rem; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); }
.message h2 { font-size: 1.125rem; margin: .5rem 0 .75rem; overflow-wrap: anywhere; }
.message h3 { font-size: .875rem; text-transform: uppercase; letter-spacing: .04em; color: var(--secondary);
  margin: 1rem 0 .375rem; }
.meta { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem .75rem; margin: 0; font-size: .875rem; }
.meta dt { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.meta dd { margin: 0; overflow-wrap: anywhere; }
.meta .to { font-weight: 700; font-size: 1rem; }
.meta .sent { margin-left: auto; color: var(--secondary); }
.badge { display: inline-block; padding: 0 .5rem; font-weight: 700; border: 1px solid var(--primary); border-radius: 999px; }
.codes, .links { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: .5rem; }
.codes li { display: flex; align-items: center; gap: 1rem; }
code.code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 1.75rem; font-weight: 700;
  letter-spacing: .15em; user-select: all; }
pre.text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-family: inherit; font-size: .9375rem;
  background: var(--background); border-radius: var(--radius); padding: .75rem; }
details { margin-top: 1rem; }
summary { cursor: pointer; font-weight: 700; }
iframe { width: 100%; min-height: 20rem; margin-top: .5rem; border: 1px solid var(--border); border-radius: var(--radius);
  background: #ffffff; }
`;

/** The Copy buttons: copies the code next to the button. */
export const OUTBOX_SCRIPT = `document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button.copy');
  if (!button || !navigator.clipboard) return;
  navigator.clipboard.writeText(button.getAttribute('data-copy')).then(function () { button.textContent = 'Copied'; });
});
`;

const CHANNEL_LABEL = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

/** '2026-11-28 02:17:41 UTC': the moment, readable, without the browser's help (the page runs no script for it). */
function readableTime(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

function renderMessage(message: OutboxMessage, index: number): string {
  const headingId = `message-${index}`;
  const links = message.links
    .filter((link) => /^https?:\/\//i.test(link))
    .map((link) => `<li><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></li>`)
    .join('');
  const codes = message.codes
    .map(
      (code) =>
        `<li><code class="code">${escapeHtml(code)}</code> <button type="button" class="copy button secondary" data-copy="${escapeHtml(code)}" aria-label="Copy code ${escapeHtml(code)}">Copy</button></li>`,
    )
    .join('');
  const html = message.html
    ? `<details><summary>HTML version</summary><iframe sandbox="" title="HTML version of the message to ${escapeHtml(message.to)}" srcdoc="${escapeHtml(message.html)}"></iframe></details>`
    : '';
  return `<article class="message" aria-labelledby="${headingId}">
  <dl class="meta">
    <dt>Channel</dt><dd><span class="badge">${CHANNEL_LABEL[message.channel]}</span></dd>
    <dt>To</dt><dd class="to">${escapeHtml(message.to)}</dd>
    <dt>Sent</dt><dd class="sent"><time datetime="${escapeHtml(message.created_at)}">${escapeHtml(readableTime(message.created_at))}</time></dd>
  </dl>
  <h2 id="${headingId}">${escapeHtml(message.subject ?? `${CHANNEL_LABEL[message.channel]} message`)}</h2>
  ${codes ? `<h3>Codes</h3><ul class="codes">${codes}</ul>` : ''}
  ${links ? `<h3>Links</h3><ul class="links">${links}</ul>` : ''}
  <h3>Text</h3>
  <pre class="text">${escapeHtml(message.text)}</pre>
  ${html}
</article>`;
}

export function renderOutboxPage(options: { messages: OutboxMessage[]; to: string | null }): string {
  const { messages, to } = options;
  const list = messages.length
    ? `<p class="count">${messages.length === 1 ? '1 message' : `${messages.length} messages`}${to ? ` for ${escapeHtml(to)}` : ''}, newest first.</p>
<div class="messages">
${messages.map(renderMessage).join('\n')}
</div>`
    : `<p role="status" class="empty">No messages${to ? ` for ${escapeHtml(to)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox · Gatehouse</title>
${FAVICON_LINK_TAG}
<link rel="stylesheet" href="${OUTBOX_STYLESHEET_PATH}">
</head>
<body>
<header class="site-header">
<a class="brand" href="/">${PRODUCT_NAME}</a>
<nav aria-label="Main"><ul class="nav-list"><li><a href="/">Sign in</a></li><li><a href="/account">Account</a></li></ul></nav>
</header>
<main>
<h1>Dev outbox</h1>
<p class="intro">E-mails and text messages sent in development (not to an SMTP server or an SMS provider), newest first.</p>
<form method="get" action="/dev/outbox" class="filter" role="search">
  <div class="field">
  <label for="outbox-to">Recipient (e-mail or phone number)</label>
  <input id="outbox-to" name="to" type="text" value="${escapeHtml(to ?? '')}" autocomplete="off">
  </div>
  <button type="submit" class="button">Filter</button>
</form>
<section aria-label="Messages">
${list}
</section>
</main>
<script src="${OUTBOX_SCRIPT_PATH}" defer></script>
</body>
</html>`;
}
