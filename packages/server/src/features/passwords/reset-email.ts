// The built-in password reset e-mail (issue 10 item 1), in the login-link e-mail's style and with its rules: what
// comes from a project or caller is escaped for HTML and flattened to one line (security-tests.md IV-07).
import { DEFAULT_LOCALE, type LocaleTag } from '@gatehouse/protocol';
import { escapeHtml } from '../../infra/html';
import { htmlHead, ltrAttribute, messagesFor } from '../../infra/message-strings';
import type { RenderedEmail } from '../magic-links';
import { singleLine } from '../magic-links/email-template';

/** `{redirect}?stytch_token_type=reset_password&token=…` (wire-format.md §9 TokenType), keeping the URL's query. */
export function buildResetUrl(options: { redirectUrl: string; token: string }): string {
  const url = new URL(options.redirectUrl);
  url.searchParams.set('stytch_token_type', 'reset_password');
  url.searchParams.set('token', options.token);
  return url.href;
}

/**
 * Why the e-mail is sent: the user asked (POST /passwords/email/reset/start), or issue 24 item 1 — a password that
 * signed in is shorter than the project's rules now ask (an imported one), so its owner is asked to change it.
 */
export type ResetEmailReason = 'requested' | 'below_policy';

export function renderResetEmail(input: {
  projectName: string;
  link: string;
  expirationMinutes: number;
  reason?: ResetEmailReason;
  /** Issue 27 item 2: the message's language (infra/message-locale.ts picks it); English when absent. */
  locale?: LocaleTag;
}): RenderedEmail {
  const project = singleLine(input.projectName) || 'Gatehouse';
  const m = messagesFor(input.locale ?? DEFAULT_LOCALE);
  const values = { project, lifetime: m.duration(input.expirationMinutes) };
  const reason = input.reason === 'below_policy' ? 'belowPolicy' : 'requested';
  const subject = m.t(`reset.${reason}.subject`, values);
  const intro = m.t(`reset.${reason}.intro`, values);
  const outro = m.t('reset.outro', values);
  const text = [intro, '', input.link, '', outro, ''].join('\n');
  const href = escapeHtml(input.link);
  const html = `${htmlHead(m, subject)}
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(project)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px">${m.html(`reset.${reason}.intro`, values)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#19303D;color:#ffffff;text-decoration:none;border-radius:4px;font-size:16px">${m.html('reset.action')}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D;padding-bottom:8px">${m.html('email.pasteLink')}<br><a href="${href}"${ltrAttribute(m)} style="color:#5C727D;word-break:break-all">${href}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D">${m.html('reset.outro', values)}</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
