// The built-in password reset e-mail (issue 10 item 1), in the login-link e-mail's style and with its rules: what
// comes from a project or caller is escaped for HTML and flattened to one line (security-tests.md IV-07).
import { escapeHtml } from '../../infra/html';
import type { RenderedEmail } from '../magic-links';
import { describeMinutes, singleLine } from '../magic-links/email-template';

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
}): RenderedEmail {
  const project = singleLine(input.projectName) || 'Gatehouse';
  const belowPolicy = input.reason === 'below_policy';
  const subject = belowPolicy ? `Please choose a new ${project} password` : `Reset your ${project} password`;
  const intro = belowPolicy
    ? `You just signed in to ${project} with a password shorter than ${project} now asks for. It still works, but please click the link below to choose a new one.`
    : `Click the link below to set a new password for your ${project} account.`;
  const outro = `This link expires in ${describeMinutes(input.expirationMinutes)} and works once. If you did not ask for it, you can ignore this e-mail: your password stays as it is.`;
  const text = [intro, '', input.link, '', outro, ''].join('\n');
  const href = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial, Helvetica, sans-serif;color:#19303D">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto">
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(project)}</td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px">${escapeHtml(intro)}</td></tr>
<tr><td style="padding-bottom:24px"><a href="${href}" style="display:inline-block;padding:12px 24px;background:#19303D;color:#ffffff;text-decoration:none;border-radius:4px;font-size:16px">Reset password</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D;padding-bottom:8px">Or paste this link into your browser:<br><a href="${href}" style="color:#5C727D;word-break:break-all">${href}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#5C727D">${escapeHtml(outro)}</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
