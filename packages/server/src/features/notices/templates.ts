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
import { describeDevice } from '../../infra/device-name';
import { escapeHtml } from '../../infra/html';
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

/** What one kind of notice says; `project` is the project's display name. */
interface NoticeText {
  subject: string;
  /** What happened, one or two sentences. */
  happened: string;
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

/** The advice after a change someone else may have made with a session on the account. */
function takeBack(project: string, remove: string | null): string {
  const first = remove === null ? '' : `${remove}, `;
  return `If it was not you, someone else may be signed in to your account. Sign in to ${project} yourself now, ${first}review your passkeys, authenticator app and sessions, and reset your password with “Forgot password?” on the sign-in page.`;
}

const SMS_TAKE_BACK = 'Not you? Sign in, check passkeys and sessions, reset your password.';

function noticeText(event: SecurityNoticeEvent, project: string): NoticeText {
  const changed = { factsLabel: 'Changed', ifYou: 'If this was you, there is nothing to do.' };
  switch (event.kind) {
    case 'password_set':
      return {
        ...changed,
        subject: `A password was set on your ${project} account`,
        happened: `A password was set on your ${project} account. It can now be used to sign in.`,
        ifNotYou: `If it was not you, someone else can now sign in with that password. Reset it now with “Forgot password?” on the ${project} sign-in page, then sign in and review your passkeys, authenticator app and sessions.`,
        smsWhat: 'a password was set on your account',
        smsAdvice: 'Not you? Reset your password now and review your sessions.',
      };
    case 'password_changed':
      return {
        ...changed,
        subject: `Your ${project} password was changed`,
        happened: `The password of your ${project} account was changed. Your other sessions were signed out.`,
        ifNotYou: `If it was not you, someone else knows your new password. Reset it now with “Forgot password?” on the ${project} sign-in page, then sign in and review your passkeys, authenticator app and sessions.`,
        smsWhat: 'your password was changed',
        smsAdvice: 'Not you? Reset your password now and review your sessions.',
      };
    case 'passkey_added':
      return {
        ...changed,
        subject: `A passkey was added to your ${project} account`,
        happened: `A passkey named “${quotable(event.name, MAX_NAME_LENGTH)}” was added to your ${project} account. It can be used to sign in.`,
        ifNotYou: takeBack(project, 'remove this passkey'),
        smsWhat: 'a passkey was added to your account',
        smsAdvice: SMS_TAKE_BACK,
      };
    case 'passkey_removed':
      return {
        ...changed,
        subject: `A passkey was removed from your ${project} account`,
        happened: `The passkey named “${quotable(event.name, MAX_NAME_LENGTH)}” was removed from your ${project} account. It can no longer be used to sign in.`,
        ifNotYou: takeBack(project, null),
        smsWhat: 'a passkey was removed from your account',
        smsAdvice: SMS_TAKE_BACK,
      };
    case 'totp_added':
      return {
        ...changed,
        subject: `An authenticator app was added to your ${project} account`,
        happened: `An authenticator app was set up for two-step verification on your ${project} account. Its codes can now be used to sign in.`,
        ifNotYou: takeBack(project, 'remove the authenticator app'),
        smsWhat: 'an authenticator app was added to your account',
        smsAdvice: SMS_TAKE_BACK,
      };
    case 'totp_removed':
      return {
        ...changed,
        subject: `An authenticator app was removed from your ${project} account`,
        happened: `The authenticator app was removed from your ${project} account. Signing in no longer asks for its codes, and its recovery codes no longer work.`,
        ifNotYou: takeBack(project, 'set up your authenticator app again'),
        smsWhat: 'the authenticator app was removed from your account',
        smsAdvice: SMS_TAKE_BACK,
      };
    case 'email_added':
      return {
        ...changed,
        subject: `An e-mail address was added to your ${project} account`,
        happened: `The e-mail address ${quotable(event.email, MAX_IDENTIFIER_LENGTH)} was added to your ${project} account. It can be used to sign in.`,
        ifNotYou: takeBack(project, 'remove this address'),
        smsWhat: 'an e-mail address was added to your account',
        smsAdvice: SMS_TAKE_BACK,
      };
    case 'phone_number_added':
      return {
        ...changed,
        subject: `A phone number was added to your ${project} account`,
        happened: `The phone number ${quotable(event.phoneNumber, MAX_IDENTIFIER_LENGTH)} was added to your ${project} account. It can be used to sign in.`,
        ifNotYou: takeBack(project, 'remove this phone number'),
        smsWhat: 'a phone number was added to your account',
        smsAdvice: SMS_TAKE_BACK,
      };
    case 'recovery_code_used': {
      // BF-06: "Using one sends a notification, and the UI shows how many remain."
      const remaining = Math.max(0, event.remaining);
      const left = remaining === 1 ? '1 recovery code is' : `${remaining} recovery codes are`;
      return {
        factsLabel: 'Signed in',
        subject: `A recovery code was used to sign in to your ${project} account`,
        happened: `Someone signed in to your ${project} account with one of its recovery codes. ${left} left.`,
        ifYou:
          remaining === 0
            ? 'If this was you, set up your authenticator app again to get new recovery codes.'
            : 'If this was you, there is nothing to do.',
        ifNotYou: takeBack(project, 'remove the authenticator app'),
        smsWhat: `a recovery code was used to sign in (${remaining} left)`,
        smsAdvice: SMS_TAKE_BACK,
      };
    }
    case 'password_locked':
      // BF-09: after N failures in a row the password needs a reset (features/passwords ceilings).
      return {
        factsLabel: 'Last attempt',
        subject: `Password sign-in to your ${project} account is locked`,
        happened: `Your ${project} password can no longer be used to sign in: it was entered wrongly ${event.failures} times in a row.`,
        ifYou: `To sign in with a password again, reset it with “Forgot password?” on the ${project} sign-in page.`,
        ifNotYou: `If these attempts were not you, someone is trying to guess your password. Reset it all the same, and choose one that you use nowhere else. If you cannot sign in, contact ${project}'s support.`,
        smsWhat: `password sign-in is locked after ${event.failures} failed attempts in a row`,
        smsAdvice: 'Reset your password to sign in with it again.',
      };
    case 'totp_locked':
      return {
        factsLabel: 'Last attempt',
        subject: `Authenticator codes are locked on your ${project} account`,
        happened: `Codes from your authenticator app can no longer be used to sign in to your ${project} account: ${event.failures} wrong codes were entered in a row.`,
        ifYou:
          'To sign in, use one of your recovery codes instead, then set up your authenticator app again.',
        ifNotYou: `If these attempts were not you, someone got past your first sign-in step: reset your password, and review your sessions after signing in with a recovery code. If you cannot sign in, contact ${project}'s support.`,
        smsWhat: `authenticator codes are locked after ${event.failures} failed attempts in a row`,
        smsAdvice: 'Use a recovery code to sign in.',
      };
  }
}

/** The security notice of `event`, as an e-mail and as an SMS. */
export function renderSecurityNotice(event: SecurityNoticeEvent, facts: NoticeFacts): RenderedNotice {
  const project = quotable(facts.projectName, MAX_IDENTIFIER_LENGTH) || 'Gatehouse';
  const text = noticeText(event, project);
  const device = describeDevice(facts.userAgent) ?? 'Unknown device';
  const ip = quotable(facts.ip, 64) || 'unknown';
  const details: ReadonlyArray<readonly [string, string]> = [
    [text.factsLabel, describeTime(facts.at)],
    ['Device', device],
    ['IP address', ip],
  ];
  const closing = `This is an automatic security notice from ${project}. It contains no link and never asks for a password or a code: to act on it, open the ${project} sign-in page yourself. If you need help, contact ${project}'s support.`;
  const paragraphs = [text.ifYou, text.ifNotYou];
  const email = renderEmail({
    project,
    subject: text.subject,
    happened: text.happened,
    details,
    paragraphs,
    closing,
  });
  const sms = singleLine(
    `${project}: ${text.smsWhat} on ${shortTime(facts.at)} (${device}, IP ${ip}). ${text.smsAdvice}`,
  );
  return { email, sms };
}

function renderEmail(input: {
  project: string;
  subject: string;
  happened: string;
  details: ReadonlyArray<readonly [string, string]>;
  paragraphs: readonly string[];
  closing: string;
}): RenderedEmail {
  const { project, subject, happened, details, paragraphs, closing } = input;
  const text = [
    happened,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    closing,
    '',
  ].join('\n');
  const paragraph = (value: string, last = false) =>
    `<tr><td style="font-size:16px;line-height:24px${last ? '' : ';padding-bottom:24px'}">${escapeHtml(value)}</td></tr>`;
  const facts = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#5C727D;white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial, Helvetica, sans-serif;color:#19303D">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;margin:0 auto">
<tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px">${escapeHtml(project)}</td></tr>
${paragraph(happened)}
<tr><td style="padding-bottom:24px"><table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;line-height:20px">
${facts}
</table></td></tr>
${paragraphs.map((each) => paragraph(each)).join('\n')}
<tr><td style="font-size:13px;line-height:20px;color:#5C727D">${escapeHtml(closing)}</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
