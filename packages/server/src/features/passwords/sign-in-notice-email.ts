// BF-01 (security-tests.md; ASVS V6.3.5 "notify the user of suspicious sign-ins"): the e-mail an account's owner
// gets when a password sign-in succeeded after several wrong passwords in a row. In the reset e-mail's style and
// with its rules (reset-email.ts): what comes from a project is escaped for HTML and flattened to one line. No link:
// a notice that asks nothing of a user who did sign in, and that a phisher cannot imitate by sending a button.
import { DEFAULT_LOCALE, type LocaleTag } from '@gatehouse/protocol';
import { describeMoment, messagesFor } from '../../infra/message-strings';
import type { RenderedEmail } from '../magic-links';
import { renderNoticeEmail, singleLine } from '../magic-links/email-template';

export function renderSignInAfterFailuresEmail(input: {
  projectName: string;
  failedAttempts: number;
  at: Date;
  /** Issue 27 item 2: the user's stored locale (a notice answers no message request); English when absent. */
  locale?: LocaleTag;
}): RenderedEmail {
  const project = singleLine(input.projectName) || 'Gatehouse';
  const m = messagesFor(input.locale ?? DEFAULT_LOCALE);
  // English keeps its "2030-01-01 09:05 UTC"; other locales write the moment in their own words.
  const when =
    m.locale === 'en'
      ? `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : describeMoment(m.locale, input.at, 'long');
  const subject = m.plural('signInAfterFailures.subject', input.failedAttempts, { project });
  const intro = m.plural('signInAfterFailures.intro', input.failedAttempts, { project, when });
  const advice = m.t('signInAfterFailures.advice', { project });
  return renderNoticeEmail({ project, subject, paragraphs: [intro, advice], messages: m });
}
