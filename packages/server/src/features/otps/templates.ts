// The built-in passcode messages (issue 5 "Delivery": e-mail with a template in HTML and text naming the project,
// the code and its lifetime; SMS/WhatsApp as one short text). Project names are escaped for HTML and flattened to
// one line, and nothing is evaluated as template syntax (security-tests.md IV-07). The code is the only 6-digit
// number in the text, which is what the dev outbox extracts (issue 5 item 4).
import { DEFAULT_LOCALE, type LocaleTag } from '@gatehouse/protocol';
import { escapeHtml } from '../../infra/html';
import { htmlHead, ltrAttribute, messagesFor, smsText } from '../../infra/message-strings';
import { singleLine } from '../magic-links/email-template';

export type OtpMessageKind = 'login' | 'signup';

export interface OtpMessageInput {
  kind: OtpMessageKind;
  projectName: string;
  code: string;
  expirationMinutes: number;
  /** Issue 27 item 2: the message's language (infra/message-locale.ts picks it); English when absent. */
  locale?: LocaleTag;
}

function projectLabel(name: string): string {
  // A project name never adds a second 6-digit number next to the code (the outbox and SMS autofill pick it).
  return (singleLine(name) || 'Gatehouse').replace(/\d{6,}/g, (digits) => `${digits.slice(0, 3)}…`);
}

/** SMS and WhatsApp: one line, code first so lock-screen previews and autofill see it at once. */
export function renderOtpText(input: OtpMessageInput): string {
  const project = projectLabel(input.projectName);
  // Issue 27 item 1: one segment where the alphabet allows (docs/localization-messages.md measures each locale).
  const m = messagesFor(input.locale ?? DEFAULT_LOCALE);
  return smsText(
    m.t('otp.sms', { code: input.code, project, lifetime: m.duration(input.expirationMinutes) }),
  );
}

export interface RenderedOtpEmail {
  subject: string;
  text: string;
  html: string;
}

export function renderOtpEmail(input: OtpMessageInput): RenderedOtpEmail {
  const project = projectLabel(input.projectName);
  const m = messagesFor(input.locale ?? DEFAULT_LOCALE);
  const values = { project, lifetime: m.duration(input.expirationMinutes) };
  const kind = input.kind === 'signup' ? 'signup' : 'login';
  const subject = m.t(`otp.${kind}.subject`, values);
  const intro = m.t(`otp.${kind}.intro`, values);
  const outro = m.t('otp.outro', values);
  const text = [intro, '', input.code, '', outro, ''].join('\n');
  const html = `${htmlHead(m, subject)}
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(project)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:16px">${m.html(`otp.${kind}.intro`, values)}</td></tr>
<tr><td${ltrAttribute(m)} style="font-size:32px;font-weight:bold;letter-spacing:6px;padding-bottom:24px;font-family:'Courier New', monospace">${escapeHtml(input.code)}</td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D">${m.html('otp.outro', values)}</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
