// POST /users/search (wire-format.md §4.2; SPEC §3 "User search returns a user type", §4 password flow): the
// widget's password flow asks which screen an address leads to. The answer says whether the address has an
// account, by protocol design (README "Where the wire protocol decides against the catalogue"): it is
// rate-limited per IP and captcha-protected past a soft threshold, and resolves owners only (a pending claim is
// no account, DESIGN.md convention 13).
import { eq } from 'drizzle-orm';
import type { AppContext, RequestContext } from '../../infra/context';
import { passwords } from '../../infra/db/schema';
import { guardCall } from '../../infra/rate-limits';
import { assertValidEmail } from '../magic-links/email-address';
import { findOwnedIdentifier } from './identifiers';

export type UserSearchType = 'new' | 'password' | 'passwordless';

export const TOO_MANY_SEARCHES_MESSAGE =
  'Too many e-mail addresses were looked up from this network. Please wait a moment and try again.';

export async function searchUser(
  ctx: AppContext,
  request: RequestContext,
  options: { email: string; captchaToken: string | null; action: string },
): Promise<{ userType: UserSearchType }> {
  const email = assertValidEmail(options.email);
  await guardCall(ctx, request, {
    checks: [{ limit: 'userSearchesPerIp', kind: 'ip', key: request.ip }],
    message: TOO_MANY_SEARCHES_MESSAGE,
    action: options.action,
    captchaToken: options.captchaToken,
  });
  const owner = await findOwnedIdentifier(ctx, {
    kind: 'email',
    projectId: request.project.id,
    value: email,
  });
  if (owner === null) return { userType: 'new' };
  const [row] = await ctx.db
    .select({ id: passwords.id })
    .from(passwords)
    .where(eq(passwords.userId, owner.userId))
    .limit(1);
  // wire-format.md §4.2: camelCase `userType`, as the SDK reads it.
  return { userType: row ? 'password' : 'passwordless' };
}
