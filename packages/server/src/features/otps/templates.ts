// The built-in passcode messages (issue 5 "Delivery": e-mail with a template in HTML and text naming the project,
// the code and its lifetime; SMS/WhatsApp as one short text). Project names are escaped for HTML and flattened to
// one line, and nothing is evaluated as template syntax (security-tests.md IV-07). The code is the only 6-digit
// number in the text, which is what the dev outbox extracts (issue 5 item 4).
import { escapeHtml } from '../../infra/html';
import { describeMinutes, singleLine } from '../magic-links/email-template';

export type OtpMessageKind = 'login' | 'signup';

export interface OtpMessageInput {
  kind: OtpMessageKind;
  projectName: string;
  code: string;
  expirationMinutes: number;
}

function projectLabel(name: string): string {
  // A project name never adds a second 6-digit number next to the code (the outbox and SMS autofill pick it).
  return (singleLine(name) || 'Gatehouse').replace(/\d{6,}/g, (digits) => `${digits.slice(0, 3)}…`);
}

/** SMS and WhatsApp: one line, code first so lock-screen previews and autofill see it at once. */
export function renderOtpText(input: OtpMessageInput): string {
  const project = projectLabel(input.projectName);
  return `${input.code} is your ${project} passcode. It expires in ${describeMinutes(input.expirationMinutes)}. Do not share it with anyone.`;
}

export interface RenderedOtpEmail {
  subject: string;
  text: string;
  html: string;
}

export function renderOtpEmail(input: OtpMessageInput): RenderedOtpEmail {
  const project = projectLabel(input.projectName);
  const lifetime = describeMinutes(input.expirationMinutes);
  const signup = input.kind === 'signup';
  const subject = signup
    ? `Your passcode to finish signing up to ${project}`
    : `Your passcode for ${project}`;
  const intro = signup
    ? `Enter this passcode to finish creating your ${project} account:`
    : `Enter this passcode to log in to ${project}:`;
  const outro = `This passcode expires in ${lifetime} and works once. If you did not ask for it, you can ignore this e-mail.`;
  const text = [intro, '', input.code, '', outro, ''].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial, Helvetica, sans-serif;color:#19303D">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto">
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(project)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:16px">${escapeHtml(intro)}</td></tr>
<tr><td style="font-size:32px;font-weight:bold;letter-spacing:6px;padding-bottom:24px;font-family:'Courier New', monospace">${escapeHtml(input.code)}</td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D">${escapeHtml(outro)}</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
