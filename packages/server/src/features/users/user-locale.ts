// Issue 27 item 2: the user's last locale — the shipped locale a message request or a sign-in last asked for
// explicitly (a body's `locale`) — stored on the user's row so that messages sent later without a request (security
// notices) are written in it. The users trigger ignores this column (migration 0025 lists the profile's columns), so
// remembering it never rebuilds the profile document.
import { type LocaleTag, matchLocale } from '@gatehouse/protocol';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { users } from '../../infra/db/schema';
import {
  type AskedLocale,
  explicitLocale,
  pickMessageLocale,
  requestLocale,
} from '../../infra/message-locale';

/** The user's stored locale, or null (never asked, no such user). */
export async function storedLocale(
  ctx: Pick<AppContext, 'db'>,
  userId: string | null,
): Promise<LocaleTag | null> {
  if (userId === null) return null;
  const [row] = await ctx.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return matchLocale(row?.locale ?? null);
}

/**
 * The language of a message to `userId` (null: nobody holds the destination yet): the request's ask first; the
 * user's row is read only when the request settles nothing.
 */
export async function messageLocale(
  ctx: Pick<AppContext, 'db'>,
  asked: AskedLocale,
  userId: string | null,
): Promise<LocaleTag> {
  if (requestLocale(asked) !== null) return pickMessageLocale(asked, null);
  return pickMessageLocale(asked, await storedLocale(ctx, userId));
}

/** Stores the request's explicit locale as the user's last one (nothing when the body named no shipped locale). */
export async function rememberLocale(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
  asked: AskedLocale,
): Promise<void> {
  const locale = explicitLocale(asked);
  if (locale === null) return;
  // Only when it changes: a repeated send in the same language writes nothing.
  await ctx.db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), or(isNull(users.locale), ne(users.locale, locale))));
}
