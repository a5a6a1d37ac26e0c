// The built-in login-link e-mail (issue 3: "rendered from a template (HTML and text) that names the project").
// Everything that comes from a project or a caller is escaped for HTML and flattened to one line for the
// subject and text, and nothing is ever evaluated as template syntax (security-tests.md IV-07).
import { DEFAULT_LOCALE, type LocaleTag } from '@gatehouse/protocol';
import { escapeHtml } from '../../infra/html';
import { htmlHead, ltrAttribute, type Messages, messagesFor } from '../../infra/message-strings';
import type { MagicLinkKind } from './types';

export interface MagicLinkEmailInput {
  kind: MagicLinkKind;
  projectName: string;
  /** The full link, `{redirect}?stytch_token_type=magic_links&token=…`. */
  link: string;
  expirationMinutes: number;
  /** Requested template id; templates other than the built-in one are not stored yet, so it falls back. */
  templateId: string | null;
  /** Issue 27 item 2: the message's language (infra/message-locale.ts picks it); English when absent. */
  locale?: LocaleTag;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The built-in template id; any other id renders this template too (custom templates are later work). */
export const DEFAULT_TEMPLATE_ID = 'gatehouse_default';

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of display text: control characters (CR, LF, NUL, …) become spaces, runs of spaces collapse. */
export function singleLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').replace(/ {2,}/g, ' ').trim();
}

/** '30 minutes', '1 hour', '7 days' (English; infra/message-strings describeDuration for every locale). */
export function describeMinutes(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return plural(minutes / 1440, 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

export function renderMagicLinkEmail(input: MagicLinkEmailInput): RenderedEmail {
  // An unknown template id falls back to the built-in template: custom templates are not part of this release,
  // and refusing the id would break callers that pass the ids configured in their Stytch dashboard.
  const project = singleLine(input.projectName) || 'Gatehouse';
  // Issue 27 item 1: the texts of the message's locale (infra/message-strings), English by default.
  const m = messagesFor(input.locale ?? DEFAULT_LOCALE);
  const values = { project, lifetime: m.duration(input.expirationMinutes) };
  const kind = input.kind === 'signup' ? 'signup' : 'login';
  const subject = m.t(`magicLink.${kind}.subject`, values);
  const action = m.t(`magicLink.${kind}.action`, values);
  const intro = m.t(`magicLink.${kind}.intro`, values);
  const outro = m.t('magicLink.outro', values);

  const text = [intro, '', input.link, '', outro, ''].join('\n');

  const p = escapeHtml(project);
  const href = escapeHtml(input.link);
  const ltr = ltrAttribute(m);
  const html = `${htmlHead(m, subject)}
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${p}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px">${m.html(`magicLink.${kind}.intro`, values)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#19303D;color:#ffffff;text-decoration:none;border-radius:4px;font-size:16px">${escapeHtml(action)}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D;padding-bottom:8px">${m.html('email.pasteLink')}<br><a href="${href}"${ltr} style="color:#5C727D;word-break:break-all">${href}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D">${m.html('magicLink.outro', values)}</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}

/**
 * A notice to an account's owner (BF-01 sign-in after failures, BF-06 recovery code used): the project's name as
 * the heading, then paragraphs; no link for a phisher to imitate. Project text is flattened to one line and every
 * text escaped for HTML, in the layout of `messages`' locale (English when absent).
 */
export function renderNoticeEmail(input: {
  project: string;
  subject: string;
  paragraphs: readonly string[];
  messages?: Pick<Messages, 'locale' | 'dir'>;
}): { subject: string; text: string; html: string } {
  const { project, subject, paragraphs } = input;
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, ''])].join('\n');
  const rows = paragraphs
    .map(
      (paragraph, index) =>
        `<tr><td style="font-size:16px;line-height:24px${index < paragraphs.length - 1 ? ';padding-bottom:24px' : ''}">${escapeHtml(paragraph)}</td></tr>`,
    )
    .join('\n');
  const html = `${htmlHead(input.messages ?? messagesFor(DEFAULT_LOCALE), subject)}
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(project)}</td></tr>
${rows}
</table>
</body>
</html>
`;
  return { subject, text, html };
}
