// Issue 14 items 3 and 4 (features/import): authenticator apps imported and exported in bulk. An imported secret is
// stored exactly as an enrolment stores it (encryptSecret: AES-GCM under SECRET_KEY, the row id as context) and is
// already confirmed: the user proved it in the system it comes from. No recovery codes come with it (no export
// carries them); the user can make new ones by enrolling again.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { totps } from '../../infra/db/schema';
import type { BulkExecutor } from '../users/bulk-import';
import { decryptSecret, encryptSecret } from './service';

export interface ImportedTotp {
  userId: string;
  projectId: string;
  /** base32, as authenticator apps take it. */
  secretBase32: string;
  createdAt: Date;
}

/** One multi-row INSERT of confirmed TOTPs. */
export async function insertImportedTotps(
  ctx: Pick<AppContext, 'secrets'>,
  db: BulkExecutor,
  options: { tokenMode: 'test' | 'live'; rows: ImportedTotp[] },
): Promise<void> {
  if (options.rows.length === 0) return;
  await db.insert(totps).values(
    options.rows.map((row) => {
      const id = newId('totp', options.tokenMode);
      return {
        id,
        userId: row.userId,
        projectId: row.projectId,
        secretCiphertext: encryptSecret(ctx, id, row.secretBase32),
        verified: true,
        expiresAt: null,
        createdAt: row.createdAt,
      };
    }),
  );
}

/** The confirmed TOTP secrets of these users, decrypted, oldest first. */
export async function totpSecretsForExport(
  ctx: Pick<AppContext, 'secrets'>,
  db: BulkExecutor,
  userIds: string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({ id: totps.id, userId: totps.userId, secretCiphertext: totps.secretCiphertext })
    .from(totps)
    .where(and(inArray(totps.userId, userIds), eq(totps.verified, true)))
    .orderBy(asc(totps.createdAt), asc(totps.id));
  for (const row of rows) {
    const list = found.get(row.userId) ?? [];
    list.push(decryptSecret(ctx, row));
    found.set(row.userId, list);
  }
  return found;
}
