// Who a security notice goes to (issue 20 item 4, security-tests.md SS-09 "on a channel they proved"): the user's
// verified e-mail addresses; only a user with none gets it by SMS, on their verified phone numbers. Pending claims
// (a row another session attached and has not redeemed) are not the user's (DESIGN.md convention 13), and an
// unverified address may be anyone's: telling it about the account would tell a stranger.
import { type LocaleTag, matchLocale } from '@gatehouse/protocol';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { userEmails, userPhoneNumbers, users } from '../../infra/db/schema';

export type NoticeRecipient = { channel: 'email'; to: string } | { channel: 'sms'; to: string };

export async function noticeRecipients(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<NoticeRecipient[]> {
  return (await noticeAudience(ctx, userId)).recipients;
}

/**
 * The recipients of a notice and the user's stored locale (issue 27 item 2: a notice is written in it). The locale
 * comes in the same round trip as the verified addresses (the user's row, left-joined to them), so a notice waits
 * no longer than before it had a language.
 */
export async function noticeAudience(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<{ recipients: NoticeRecipient[]; locale: LocaleTag | null }> {
  const rows = await ctx.db
    .select({ locale: users.locale, to: userEmails.email })
    .from(users)
    .leftJoin(
      userEmails,
      and(eq(userEmails.userId, users.id), eq(userEmails.verified, true), isNull(userEmails.claimSessionId)),
    )
    .where(eq(users.id, userId))
    .orderBy(asc(userEmails.createdAt), asc(userEmails.id));
  const locale = matchLocale(rows[0]?.locale ?? null);
  const emails = rows.flatMap(({ to }) => (to === null ? [] : [{ to }]));
  if (emails.length > 0) {
    return { recipients: distinct(emails).map(({ to }) => ({ channel: 'email', to })), locale };
  }
  const phones = await ctx.db
    .select({ to: userPhoneNumbers.phoneNumber })
    .from(userPhoneNumbers)
    .where(
      and(
        eq(userPhoneNumbers.userId, userId),
        eq(userPhoneNumbers.verified, true),
        isNull(userPhoneNumbers.claimSessionId),
      ),
    )
    .orderBy(asc(userPhoneNumbers.createdAt), asc(userPhoneNumbers.id));
  return { recipients: distinct(phones).map(({ to }) => ({ channel: 'sms', to })), locale };
}

function distinct(rows: { to: string }[]): { to: string }[] {
  const seen = new Set<string>();
  return rows.filter(({ to }) => !seen.has(to) && seen.add(to) !== undefined);
}
