// The /dev/outbox page (issue 2 "Delivery"): every message newest first with its links clickable and its codes
// copyable. Everything that came from a message is escaped; the HTML version is shown in a sandboxed iframe (no
// scripts, no same-origin access). Accessible markup: lang, headings, a labelled filter, one article per message.
// Its stylesheet and script are served files (routes.ts), not inline: the CSP allows scripts from 'self' only
// (infra/security-headers.ts, issue 8 item 3).
import type { OutboxMessage } from '../../infra/delivery';
import { escapeHtml } from '../../infra/html';

export const OUTBOX_STYLESHEET_PATH = '/dev/outbox/outbox.css';
export const OUTBOX_SCRIPT_PATH = '/dev/outbox/outbox.js';

export const OUTBOX_STYLESHEET = `body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1a1a1a; }
.message { border: 1px solid #767676; border-radius: 6px; padding: 1rem; margin: 1rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre.text { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: .75rem; }
code.code { font-size: 1.25rem; letter-spacing: .15em; user-select: all; }
a { color: #0b57d0; overflow-wrap: anywhere; }
iframe { width: 100%; min-height: 20rem; border: 1px solid #767676; }
button { font: inherit; }
`;

/** The Copy buttons: copies the code next to the button. */
export const OUTBOX_SCRIPT = `document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button.copy');
  if (!button || !navigator.clipboard) return;
  navigator.clipboard.writeText(button.getAttribute('data-copy')).then(function () { button.textContent = 'Copied'; });
});
`;

const CHANNEL_LABEL = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

function renderMessage(message: OutboxMessage, index: number): string {
  const headingId = `message-${index}`;
  const links = message.links
    .filter((link) => /^https?:\/\//i.test(link))
    .map((link) => `<li><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></li>`)
    .join('');
  const codes = message.codes
    .map(
      (code) =>
        `<li><code class="code">${escapeHtml(code)}</code> <button type="button" class="copy" data-copy="${escapeHtml(code)}" aria-label="Copy code ${escapeHtml(code)}">Copy</button></li>`,
    )
    .join('');
  const html = message.html
    ? `<details><summary>HTML version</summary><iframe sandbox="" title="HTML version of the message to ${escapeHtml(message.to)}" srcdoc="${escapeHtml(message.html)}"></iframe></details>`
    : '';
  return `<article class="message" aria-labelledby="${headingId}">
  <h2 id="${headingId}">${escapeHtml(message.subject ?? `${CHANNEL_LABEL[message.channel]} message`)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(message.to)}</dd>
    <dt>Channel</dt><dd>${CHANNEL_LABEL[message.channel]}</dd>
    <dt>Sent</dt><dd><time datetime="${escapeHtml(message.created_at)}">${escapeHtml(message.created_at)}</time></dd>
  </dl>
  ${links ? `<h3>Links</h3><ul class="links">${links}</ul>` : ''}
  ${codes ? `<h3>Codes</h3><ul class="codes">${codes}</ul>` : ''}
  <h3>Text</h3>
  <pre class="text">${escapeHtml(message.text)}</pre>
  ${html}
</article>`;
}

export function renderOutboxPage(options: { messages: OutboxMessage[]; to: string | null }): string {
  const { messages, to } = options;
  const list = messages.length
    ? messages.map(renderMessage).join('\n')
    : `<p role="status">No messages${to ? ` for ${escapeHtml(to)}` : ''} yet.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox · Gatehouse</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${OUTBOX_STYLESHEET_PATH}">
</head>
<body>
<main>
<h1>Dev outbox</h1>
<p>Messages that were not sent to an SMTP server or an SMS provider, newest first.</p>
<form method="get" action="/dev/outbox">
  <label for="outbox-to">Recipient (e-mail or phone number)</label>
  <input id="outbox-to" name="to" type="text" value="${escapeHtml(to ?? '')}" autocomplete="off">
  <button type="submit">Filter</button>
</form>
<section aria-label="Messages">
${list}
</section>
</main>
<script src="${OUTBOX_SCRIPT_PATH}" defer></script>
</body>
</html>`;
}
