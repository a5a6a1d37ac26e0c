// BF-01 (security-tests.md; ASVS V6.3.5 "notify the user of suspicious sign-ins"): the e-mail an account's owner
// gets when a password sign-in succeeded after several wrong passwords in a row. In the reset e-mail's style and
// with its rules (reset-email.ts): what comes from a project is escaped for HTML and flattened to one line. No link:
// a notice that asks nothing of a user who did sign in, and that a phisher cannot imitate by sending a button.
import type { RenderedEmail } from '../magic-links';
import { renderNoticeEmail, singleLine } from '../magic-links/email-template';

export function renderSignInAfterFailuresEmail(input: {
  projectName: string;
  failedAttempts: number;
  at: Date;
}): RenderedEmail {
  const project = singleLine(input.projectName) || 'Gatehouse';
  const subject = `New sign-in to your ${project} account after ${input.failedAttempts} failed attempts`;
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const intro = `Someone signed in to your ${project} account with your password on ${when}, after ${input.failedAttempts} failed attempts in a row.`;
  const advice = `If this was you, there is nothing to do. If it was not you, someone may know your password: reset it now with "Forgot password?" on the ${project} sign-in page.`;
  return renderNoticeEmail({ project, subject, paragraphs: [intro, advice] });
}
