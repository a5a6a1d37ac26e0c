// Who a security notice goes to (issue 20 item 4, security-tests.md SS-09 "on a channel they proved"): the user's
// verified e-mail addresses; only a user with none gets it by SMS, on their verified phone numbers. Pending claims
// (a row another session attached and has not redeemed) are not the user's (DESIGN.md convention 13), and an
// unverified address may be anyone's: telling it about the account would tell a stranger.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { userEmails, userPhoneNumbers } from '../../infra/db/schema';

export type NoticeRecipient = { channel: 'email'; to: string } | { channel: 'sms'; to: string };

export async function noticeRecipients(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<NoticeRecipient[]> {
  const emails = await ctx.db
    .select({ to: userEmails.email })
    .from(userEmails)
    .where(
      and(eq(userEmails.userId, userId), eq(userEmails.verified, true), isNull(userEmails.claimSessionId)),
    )
    .orderBy(asc(userEmails.createdAt), asc(userEmails.id));
  if (emails.length > 0) return distinct(emails).map(({ to }) => ({ channel: 'email', to }));
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
  return distinct(phones).map(({ to }) => ({ channel: 'sms', to }));
}

function distinct(rows: { to: string }[]): { to: string }[] {
  const seen = new Set<string>();
  return rows.filter(({ to }) => !seen.has(to) && seen.add(to) !== undefined);
}
