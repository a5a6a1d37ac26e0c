// Issue 14 item 4: every user of a project as PortableUser JSON lines, the format `--from gatehouse` reads back
// (portable-user.ts): password hashes as stored (PHC), TOTP secrets decrypted, WebAuthn public keys base64url.
// Keyset-paginated (id order) in bounded pages, so memory stays flat and every page is an index range however
// large the project. `external_id` is the id the user was imported with, else the Gatehouse user id: re-imported
// into the same project, every row is found (already imported); into another, the same ids are kept.
import type { AppContext } from '../../infra/context';
import { cryptoWalletsForExport } from '../crypto-wallets';
import { oauthRegistrationsForExport } from '../oauth';
import { totpSecretsForExport } from '../totps';
import { type AdminUserFilters, adminUserIdsAfter, usersPageForExport } from '../users';
import { webauthnRegistrationsForExport } from '../webauthn';
import type { PortableUser } from './portable-user';

export const DEFAULT_EXPORT_PAGE_SIZE = 500;

export interface ExportUsersOptions {
  projectId: string;
  pageSize?: number;
  /**
   * Issue 26 (Import and export, "export the filtered users"): only the users the admin users list would show for
   * these filters (its search text, status, blocked); all of them when absent or empty.
   */
  filters?: AdminUserFilters;
}

function filtering(filters: AdminUserFilters | undefined): filters is AdminUserFilters {
  return (
    filters !== undefined &&
    ((filters.q?.trim() ?? '') !== '' ||
      Object.entries(filters).some(([key, value]) => key !== 'q' && value !== undefined))
  );
}

/** The project's users, one PortableUser at a time, read a page at a time. */
export async function* exportUsers(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  options: ExportUsersOptions,
): AsyncGenerator<PortableUser> {
  const limit = Math.max(1, options.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE);
  const filters = filtering(options.filters) ? options.filters : null;
  let afterId: string | null = null;
  for (;;) {
    // Filtered: the page's users are chosen first, in the same id order, so the walk stays keyset-paginated.
    const chosen: string[] | undefined =
      filters === null
        ? undefined
        : await adminUserIdsAfter(ctx, { projectId: options.projectId, filters, afterId, limit });
    const page = await usersPageForExport(ctx.db, {
      projectId: options.projectId,
      afterId: chosen === undefined ? afterId : null,
      limit,
      ...(chosen === undefined ? {} : { ids: chosen }),
    });
    if (page.length === 0 && chosen === undefined) return;
    const ids = page.map((user) => user.id);
    const [totps, webauthn, oauth, wallets] = [
      await totpSecretsForExport(ctx, ctx.db, ids),
      await webauthnRegistrationsForExport(ctx.db, ids),
      await oauthRegistrationsForExport(ctx.db, ids),
      await cryptoWalletsForExport(ctx.db, ids),
    ];
    for (const user of page) {
      yield {
        external_id: user.externalId ?? user.id,
        user_id: user.id,
        status: user.status,
        blocked: user.blockedAt !== null,
        username: user.username,
        created_at: user.createdAt.toISOString(),
        name: { first_name: user.firstName, middle_name: user.middleName, last_name: user.lastName },
        emails: user.emails,
        phone_numbers: user.phoneNumbers.map((phone) => ({
          phone_number: phone.phoneNumber,
          verified: phone.verified,
        })),
        oauth_registrations: oauth.get(user.id) ?? [],
        password_hash: user.passwordHash,
        password_requires_reset: user.passwordRequiresReset,
        totps: (totps.get(user.id) ?? []).map((secret_base32) => ({ secret_base32 })),
        webauthn_registrations: webauthn.get(user.id) ?? [],
        crypto_wallets: wallets.get(user.id) ?? [],
        trusted_metadata: user.trustedMetadata,
        untrusted_metadata: user.untrustedMetadata,
      };
    }
    const walked: string[] = chosen ?? page.map((user) => user.id);
    if (walked.length < limit) return;
    afterId = walked[walked.length - 1]!;
  }
}

/** The export as JSON-lines text chunks, one page of lines per chunk. */
export async function* exportUsersAsJsonLines(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  options: ExportUsersOptions,
): AsyncGenerator<string> {
  let chunk = '';
  let count = 0;
  const pageSize = Math.max(1, options.pageSize ?? DEFAULT_EXPORT_PAGE_SIZE);
  for await (const user of exportUsers(ctx, options)) {
    chunk += `${JSON.stringify(user)}\n`;
    count += 1;
    if (count % pageSize === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}
