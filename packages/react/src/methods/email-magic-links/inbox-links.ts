// SPEC §2 EmailConfirmation: links open Gmail, Yahoo or Outlook, searching for mail from the sender domain where
// the domain is known. wire-format.md §4.11 / §7.2: the domain is `domainHint`, else bootstrap `emailDomains`
// when it holds exactly one domain. Gmail and Yahoo search by sender domain (wire-format.md §4.11).
import { isValidDomain } from '../../validation';

export function senderDomain(options: {
  domainHint: string | undefined;
  emailDomains: readonly string[];
}): string | null {
  const hint = options.domainHint?.trim().replace(/^@/, '');
  if (hint !== undefined && hint !== '' && isValidDomain(hint)) return hint;
  if (options.emailDomains.length === 1) {
    const only = options.emailDomains[0]?.trim().replace(/^@/, '');
    if (only !== undefined && isValidDomain(only)) return only;
  }
  return null;
}

export interface InboxLinks {
  gmail: string;
  yahoo: string;
  outlook: string;
}

export function inboxLinks(domain: string | null): InboxLinks {
  if (domain === null) {
    return {
      gmail: 'https://mail.google.com/mail/u/0/',
      yahoo: 'https://mail.yahoo.com/',
      outlook: 'https://outlook.live.com/mail/0/inbox',
    };
  }
  const encoded = encodeURIComponent(domain);
  return {
    gmail: `https://mail.google.com/mail/u/0/#search/from%3A%40${encoded}+in%3Aanywhere`,
    yahoo: `https://mail.yahoo.com/d/search/keyword=from%253A${encoded}`,
    // Outlook on the web has no stable search deep link: it opens the inbox.
    outlook: 'https://outlook.live.com/mail/0/inbox',
  };
}
