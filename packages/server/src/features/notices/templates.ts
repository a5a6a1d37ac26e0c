// The texts of the security notices (issue 20 item 4, security-tests.md SS-09): what happened, when (UTC), from
// which device and IP, and what to do if it was not the owner. An e-mail in the layout of every notice
// (magic-links/email-template.ts renderNoticeEmail: the project's name as the heading, then paragraphs) with the
// facts as a small table, and a one-line SMS for users with no proven e-mail address.
//
// A notice carries no secret and no link (SS-09): nothing a phisher could copy into a look-alike with a button,
// and nothing that signs in. Text from users and callers (a passkey's name, an address, the project's name) is
// flattened to one line, stripped of bidirectional and invisible formatting characters, cut to a bound and
// escaped for HTML (security-tests.md IV-07); the device name comes only from the parser's tables
// (infra/device-name.ts).
import { DEFAULT_LOCALE, type LocaleTag } from '@gatehouse/protocol';
import { describeDevice } from '../../infra/device-name';
import { escapeHtml } from '../../infra/html';
import {
  describeMoment,
  htmlHead,
  ltrSpan,
  type Messages,
  messagesFor,
  smsText,
} from '../../infra/message-strings';
import type { RenderedEmail } from '../magic-links';
import { singleLine } from '../magic-links/email-template';
import type { SecurityNoticeEvent } from './events';

/** Where and when the change was made: the request that made it. */
export interface NoticeFacts {
  projectName: string;
  at: Date;
  userAgent: string;
  ip: string;
}

export interface RenderedNotice {
  email: RenderedEmail;
  /** One line, for users whose only proven channel is a phone number. */
  sms: string;
}

/** A passkey's name is at most 64 characters (webauthn/registration-name.ts); an address at most 254. */
const MAX_NAME_LENGTH = 64;
const MAX_IDENTIFIER_LENGTH = 254;

const INVISIBLE_FORMATTING =
  /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/**
 * Text a user or caller chose, made fit to quote in a notice: one line (no CR/LF, so no header or paragraph can be
 * forged), no right-to-left overrides or zero-width characters (so "“Chrome”" cannot hide what follows), at most
 * `max` characters.
 */
export function quotable(value: string, max: number): string {
  const flat = singleLine(value.replace(INVISIBLE_FORMATTING, ''));
  const characters = Array.from(flat);
  return characters.length <= max ? flat : `${characters.slice(0, max - 1).join('')}…`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "Tuesday, 1 January 2030, 09:05 UTC": the same for every reader, whatever the server's locale and zone. */
export function describeTime(at: Date): string {
  const clock = `${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())}`;
  return `${WEEKDAYS[at.getUTCDay()]}, ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${clock} UTC`;
}

/** "1 Jan 2030 09:05 UTC", for the SMS. */
function shortTime(at: Date): string {
  const clock = `${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())}`;
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]?.slice(0, 3)} ${at.getUTCFullYear()} ${clock} UTC`;
}

/** What one kind of notice says, in the notice's locale; `project` is the project's display name. */
interface NoticeText {
  subject: string;
  /** What happened, one or two sentences, as text and as HTML (values left to right in a right-to-left locale). */
  happened: string;
  happenedHtml: string;
  /** The label of the facts: the change's, or the last failed attempt's for a lock. */
  factsLabel: string;
  /** What the owner does if it was them. */
  ifYou: string;
  /** What the owner does if it was not them. */
  ifNotYou: string;
  /** The SMS: what happened, short, without any user-chosen text. */
  smsWhat: string;
  smsAdvice: string;
}

type RemoveKey =
  | 'notice.remove.passkey'
  | 'notice.remove.authenticator'
  | 'notice.remove.setUpAuthenticatorAgain'
  | 'notice.remove.email'
  | 'notice.remove.phone';

/** The advice after a change someone else may have made with a session on the account. */
function takeBack(m: Messages, project: string, remove: RemoveKey | null): string {
  return remove === null
    ? m.t('notice.takeBack.plain', { project })
    : m.t('notice.takeBack', { project, remove: m.t(remove) });
}

type NoticeKey =
  | 'passwordSet'
  | 'passwordChanged'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'totpAdded'
  | 'totpRemoved'
  | 'emailAdded'
  | 'phoneAdded';

function noticeText(m: Messages, event: SecurityNoticeEvent, project: string): NoticeText {
  const changed = { factsLabel: m.t('notice.label.changed'), ifYou: m.t('notice.ifYou.nothing') };
  /** A change notice: its subject, what happened (with `values`), and the SMS line, from `notice.<key>.*`. */
  const change = (key: NoticeKey, values: Record<string, string>) => ({
    ...changed,
    subject: m.t(`notice.${key}.subject`, { project }),
    happened: m.t(`notice.${key}.happened`, { project, ...values }),
    happenedHtml: m.html(`notice.${key}.happened`, { project, ...values }),
    smsWhat: m.t(`notice.${key}.sms`),
  });
  switch (event.kind) {
    case 'password_set':
      return {
        ...change('passwordSet', {}),
        ifNotYou: m.t('notice.passwordSet.ifNotYou', { project }),
        smsAdvice: m.t('notice.sms.resetAndReview'),
      };
    case 'password_changed':
      return {
        ...change('passwordChanged', {}),
        ifNotYou: m.t('notice.passwordChanged.ifNotYou', { project }),
        smsAdvice: m.t('notice.sms.resetAndReview'),
      };
    case 'passkey_added':
      return {
        ...change('passkeyAdded', { name: quotable(event.name, MAX_NAME_LENGTH) }),
        ifNotYou: takeBack(m, project, 'notice.remove.passkey'),
        smsAdvice: m.t('notice.sms.takeBack'),
      };
    case 'passkey_removed':
      return {
        ...change('passkeyRemoved', { name: quotable(event.name, MAX_NAME_LENGTH) }),
        ifNotYou: takeBack(m, project, null),
        smsAdvice: m.t('notice.sms.takeBack'),
      };
    case 'totp_added':
      return {
        ...change('totpAdded', {}),
        ifNotYou: takeBack(m, project, 'notice.remove.authenticator'),
        smsAdvice: m.t('notice.sms.takeBack'),
      };
    case 'totp_removed':
      return {
        ...change('totpRemoved', {}),
        ifNotYou: takeBack(m, project, 'notice.remove.setUpAuthenticatorAgain'),
        smsAdvice: m.t('notice.sms.takeBack'),
      };
    case 'email_added':
      return {
        ...change('emailAdded', { email: quotable(event.email, MAX_IDENTIFIER_LENGTH) }),
        ifNotYou: takeBack(m, project, 'notice.remove.email'),
        smsAdvice: m.t('notice.sms.takeBack'),
      };
    case 'phone_number_added':
      return {
        ...change('phoneAdded', { phone: quotable(event.phoneNumber, MAX_IDENTIFIER_LENGTH) }),
        ifNotYou: takeBack(m, project, 'notice.remove.phone'),
        smsAdvice: m.t('notice.sms.takeBack'),
      };
    case 'recovery_code_used': {
      // BF-06: "Using one sends a notification, and the UI shows how many remain."
      const remaining = Math.max(0, event.remaining);
      const values = { project, left: m.plural('notice.recoveryCodeUsed.left', remaining) };
      return {
        factsLabel: m.t('notice.label.signedIn'),
        subject: m.t('notice.recoveryCodeUsed.subject', { project }),
        happened: m.t('notice.recoveryCodeUsed.happened', values),
        happenedHtml: m.html('notice.recoveryCodeUsed.happened', values),
        ifYou: remaining === 0 ? m.t('notice.recoveryCodeUsed.ifYouNoneLeft') : m.t('notice.ifYou.nothing'),
        ifNotYou: takeBack(m, project, 'notice.remove.authenticator'),
        smsWhat: m.t('notice.recoveryCodeUsed.sms', { count: remaining }),
        smsAdvice: m.t('notice.sms.takeBack'),
      };
    }
    case 'password_locked': {
      // BF-09: after N failures in a row the password needs a reset (features/passwords ceilings).
      const happened = m.plural('notice.passwordLocked.happened', event.failures, { project });
      return {
        factsLabel: m.t('notice.label.lastAttempt'),
        subject: m.t('notice.passwordLocked.subject', { project }),
        happened,
        happenedHtml: escapeHtml(happened),
        ifYou: m.t('notice.passwordLocked.ifYou', { project }),
        ifNotYou: m.t('notice.passwordLocked.ifNotYou', { project }),
        smsWhat: m.plural('notice.passwordLocked.sms', event.failures),
        smsAdvice: m.t('notice.passwordLocked.smsAdvice'),
      };
    }
    case 'totp_locked': {
      const happened = m.plural('notice.totpLocked.happened', event.failures, { project });
      return {
        factsLabel: m.t('notice.label.lastAttempt'),
        subject: m.t('notice.totpLocked.subject', { project }),
        happened,
        happenedHtml: escapeHtml(happened),
        ifYou: m.t('notice.totpLocked.ifYou'),
        ifNotYou: m.t('notice.totpLocked.ifNotYou', { project }),
        smsWhat: m.plural('notice.totpLocked.sms', event.failures),
        smsAdvice: m.t('notice.totpLocked.smsAdvice'),
      };
    }
  }
}

/**
 * The security notice of `event`, as an e-mail and as an SMS, in `locale` (issue 27 item 2: the user's stored
 * locale; English when absent).
 */
export function renderSecurityNotice(
  event: SecurityNoticeEvent,
  facts: NoticeFacts,
  locale: LocaleTag = DEFAULT_LOCALE,
): RenderedNotice {
  const m = messagesFor(locale);
  const project = quotable(facts.projectName, MAX_IDENTIFIER_LENGTH) || 'Gatehouse';
  const text = noticeText(m, event, project);
  const device = describeDevice(facts.userAgent) ?? m.t('notice.unknownDevice');
  const ip = quotable(facts.ip, 64) || m.t('notice.unknownIp');
  // English keeps its own wording of the moment ("Tuesday, 1 January 2030, 09:05 UTC"); other locales use Intl's.
  const longTime = locale === 'en' ? describeTime(facts.at) : describeMoment(locale, facts.at, 'long');
  const details: ReadonlyArray<readonly [string, string, boolean]> = [
    [text.factsLabel, longTime, false],
    [m.t('notice.label.device'), device, false],
    [m.t('notice.label.ip'), ip, true],
  ];
  const closing = m.t('notice.closing', { project });
  const paragraphs = [text.ifYou, text.ifNotYou];
  const email = renderEmail({
    messages: m,
    project,
    subject: text.subject,
    happened: text.happened,
    happenedHtml: text.happenedHtml,
    details,
    paragraphs,
    closing,
  });
  const sms = singleLine(
    smsText(
      m.t('notice.sms', {
        project,
        what: text.smsWhat,
        when: locale === 'en' ? shortTime(facts.at) : describeMoment(locale, facts.at, 'short'),
        device,
        ip,
        advice: text.smsAdvice,
      }),
    ),
  );
  return { email, sms };
}

function renderEmail(input: {
  messages: Messages;
  project: string;
  subject: string;
  happened: string;
  happenedHtml: string;
  /** Label, value, and whether the value reads left to right (an IP address). */
  details: ReadonlyArray<readonly [string, string, boolean]>;
  paragraphs: readonly string[];
  closing: string;
}): RenderedEmail {
  const { messages, project, subject, happened, details, paragraphs, closing } = input;
  const text = [
    happened,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    closing,
    '',
  ].join('\n');
  const paragraph = (html: string, last = false) =>
    `<tr><td style="font-size:16px;line-height:24px${last ? '' : ';padding-bottom:24px'}">${html}</td></tr>`;
  const rtl = messages.dir === 'rtl';
  const facts = details
    .map(
      ([label, value, leftToRight]) =>
        `<tr><td style="${rtl ? 'padding:4px 0 4px 16px' : 'padding:4px 16px 4px 0'};color:#5C727D;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0">${ltrSpan(escapeHtml(value), rtl && leftToRight)}</td></tr>`,
    )
    .join('\n');
  const html = `${htmlHead(messages, subject)}
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(project)}</td></tr>
${paragraph(input.happenedHtml)}
<tr><td style="padding-bottom:24px"><table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;line-height:20px">
${facts}
</table></td></tr>
${paragraphs.map((each) => paragraph(escapeHtml(each))).join('\n')}
<tr><td style="font-size:13px;line-height:20px;color:#5C727D">${escapeHtml(closing)}</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
