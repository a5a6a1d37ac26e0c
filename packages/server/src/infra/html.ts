// The one HTML escaper of the server (issue 8 item 6): every value that reaches HTML text or a double- or
// single-quoted attribute goes through it — e-mail templates, the dev outbox page, the public token spliced into
// index.html (security-tests.md XS-01/IV-07: data is never markup).

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const HTML_SPECIAL = /[&<>"']/g;

/** Escapes `& < > " '`, which makes a value safe in element text and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(HTML_SPECIAL, (character) => HTML_ESCAPES[character] ?? character);
}
