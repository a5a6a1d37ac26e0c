// security-tests.md BF-06 ("Using one sends a notification"): the e-mail an account's owner gets when one of the
// account's recovery codes was used, with how many remain, in the layout of every notice (renderNoticeEmail).
import type { RenderedEmail } from '../magic-links';
import { renderNoticeEmail, singleLine } from '../magic-links/email-template';

export function renderRecoveryCodeUsedEmail(input: {
  projectName: string;
  remaining: number;
  at: Date;
}): RenderedEmail {
  const project = singleLine(input.projectName) || 'Gatehouse';
  const subject = `A recovery code was used to sign in to your ${project} account`;
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const left = input.remaining === 1 ? '1 recovery code is' : `${input.remaining} recovery codes are`;
  const intro = `Someone signed in to your ${project} account with one of its recovery codes on ${when}. ${left} left.`;
  const advice =
    input.remaining === 0
      ? `If this was you, set up your authenticator app again to get new recovery codes. If it was not you, sign in and remove the authenticator app and your sessions from the ${project} account page now.`
      : `If this was you, there is nothing to do. If it was not you, sign in and remove the authenticator app and your sessions from the ${project} account page now.`;
  return renderNoticeEmail({ project, subject, paragraphs: [intro, advice] });
}
