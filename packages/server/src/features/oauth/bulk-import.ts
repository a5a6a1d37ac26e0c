// Issue 14 items 3 and 4 (features/import): linked social accounts imported and exported in bulk. An imported
// registration links the provider's subject to the user, so the next sign-in with that provider finds this user
// (login.ts findOrCreateProviderUser); the provider's tokens come with the first sign-in.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { newId } from '../../infra/crypto';
import { oauthRegistrations } from '../../infra/db/schema';
import type { BulkExecutor } from '../users/bulk-import';

export interface ImportedOAuthRegistration {
  userId: string;
  projectId: string;
  providerType: string;
  providerSubject: string;
  createdAt: Date;
}

/** `${provider_type}\0${provider_subject}` of the subjects among `subjects` linked in the project already. */
export async function takenProviderSubjects(
  db: BulkExecutor,
  options: { projectId: string; subjects: Array<{ providerType: string; providerSubject: string }> },
): Promise<Set<string>> {
  if (options.subjects.length === 0) return new Set();
  const rows = await db
    .select({
      providerType: oauthRegistrations.providerType,
      providerSubject: oauthRegistrations.providerSubject,
    })
    .from(oauthRegistrations)
    .where(
      and(
        eq(oauthRegistrations.projectId, options.projectId),
        inArray(
          oauthRegistrations.providerSubject,
          options.subjects.map((subject) => subject.providerSubject),
        ),
        or(
          ...[...new Set(options.subjects.map((subject) => subject.providerType))].map((type) =>
            eq(oauthRegistrations.providerType, type),
          ),
        ),
      ),
    );
  return new Set(rows.map((row) => `${row.providerType}\0${row.providerSubject}`));
}

export async function insertImportedOAuthRegistrations(
  db: BulkExecutor,
  options: { tokenMode: 'test' | 'live'; rows: ImportedOAuthRegistration[] },
): Promise<void> {
  if (options.rows.length === 0) return;
  await db
    .insert(oauthRegistrations)
    .values(options.rows.map((row) => ({ id: newId('oauth-user-registration', options.tokenMode), ...row })));
}

/** The registrations of these users, oldest first. */
export async function oauthRegistrationsForExport(
  db: BulkExecutor,
  userIds: string[],
): Promise<Map<string, Array<{ provider_type: string; provider_subject: string }>>> {
  const found = new Map<string, Array<{ provider_type: string; provider_subject: string }>>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({
      userId: oauthRegistrations.userId,
      providerType: oauthRegistrations.providerType,
      providerSubject: oauthRegistrations.providerSubject,
    })
    .from(oauthRegistrations)
    .where(inArray(oauthRegistrations.userId, userIds))
    .orderBy(asc(oauthRegistrations.createdAt), asc(oauthRegistrations.id));
  for (const row of rows) {
    const list = found.get(row.userId) ?? [];
    list.push({ provider_type: row.providerType, provider_subject: row.providerSubject });
    found.set(row.userId, list);
  }
  return found;
}
