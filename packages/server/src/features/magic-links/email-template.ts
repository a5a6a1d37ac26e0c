// The built-in login-link e-mail (issue 3: "rendered from a template (HTML and text) that names the project").
// Everything that comes from a project or a caller is escaped for HTML and flattened to one line for the
// subject and text, and nothing is ever evaluated as template syntax (security-tests.md IV-07).
import { escapeHtml } from '../../infra/html';
import type { MagicLinkKind } from './types';

export interface MagicLinkEmailInput {
  kind: MagicLinkKind;
  projectName: string;
  /** The full link, `{redirect}?stytch_token_type=magic_links&token=…`. */
  link: string;
  expirationMinutes: number;
  /** Requested template id; templates other than the built-in one are not stored yet, so it falls back. */
  templateId: string | null;
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

/** '30 minutes', '1 hour', '7 days'. */
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
  const lifetime = describeMinutes(input.expirationMinutes);
  const signup = input.kind === 'signup';
  const subject = signup ? `Finish signing up to ${project}` : `Your login link for ${project}`;
  const action = signup ? 'Finish signing up' : 'Log in';
  const intro = signup
    ? `Click the link below to finish creating your ${project} account.`
    : `Click the link below to log in to ${project}.`;
  const outro = `This link expires in ${lifetime} and works once. If you did not ask for it, you can ignore this e-mail.`;

  const text = [intro, '', input.link, '', outro, ''].join('\n');

  const p = escapeHtml(project);
  const href = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial, Helvetica, sans-serif;color:#19303D">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto">
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${p}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px">${escapeHtml(intro)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#19303D;color:#ffffff;text-decoration:none;border-radius:4px;font-size:16px">${escapeHtml(action)}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D;padding-bottom:8px">Or paste this link into your browser:<br><a href="${href}" style="color:#5C727D;word-break:break-all">${href}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D">${escapeHtml(outro)}</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}

/**
 * A notice to an account's owner (BF-01 sign-in after failures, BF-06 recovery code used): the project's name as
 * the heading, then paragraphs; no link for a phisher to imitate. Project text is flattened to one line and every
 * text escaped for HTML.
 */
export function renderNoticeEmail(input: {
  project: string;
  subject: string;
  paragraphs: readonly string[];
}): { subject: string; text: string; html: string } {
  const { project, subject, paragraphs } = input;
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, ''])].join('\n');
  const rows = paragraphs
    .map(
      (paragraph, index) =>
        `<tr><td style="font-size:16px;line-height:24px${index < paragraphs.length - 1 ? ';padding-bottom:24px' : ''}">${escapeHtml(paragraph)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial, Helvetica, sans-serif;color:#19303D">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto">
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(project)}</td></tr>
${rows}
</table>
</body>
</html>
`;
  return { subject, text, html };
}
