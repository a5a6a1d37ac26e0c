// Issue 14 items 3 and 4 (features/import): passkeys and security keys imported and exported in bulk. The COSE
// public key is stored as the registration ceremony stores it, so an imported credential signs in through the same
// assertion check (service.ts finishAuthentication), its userHandle naming the kept user id.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newId } from '../../infra/crypto';
import { webauthnRegistrations } from '../../infra/db/schema';
import type { BulkExecutor } from '../users/bulk-import';

export interface ImportedWebauthnRegistration {
  userId: string;
  projectId: string;
  /** base64url. */
  credentialId: string;
  /** COSE_Key bytes. */
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  domain: string;
  name: string;
  authenticatorType: string;
  createdAt: Date;
}

/** The credential ids among `credentialIds` registered in the project already. */
export async function takenCredentialIds(
  db: BulkExecutor,
  options: { projectId: string; credentialIds: string[] },
): Promise<Set<string>> {
  if (options.credentialIds.length === 0) return new Set();
  const rows = await db
    .select({ credentialId: webauthnRegistrations.credentialId })
    .from(webauthnRegistrations)
    .where(
      and(
        eq(webauthnRegistrations.projectId, options.projectId),
        inArray(webauthnRegistrations.credentialId, options.credentialIds),
      ),
    );
  return new Set(rows.map((row) => row.credentialId));
}

/** One multi-row INSERT of verified registrations. */
export async function insertImportedWebauthnRegistrations(
  db: BulkExecutor,
  options: { tokenMode: 'test' | 'live'; rows: ImportedWebauthnRegistration[] },
): Promise<void> {
  if (options.rows.length === 0) return;
  await db.insert(webauthnRegistrations).values(
    options.rows.map((row) => ({
      id: newId('webauthn-registration', options.tokenMode),
      ...row,
      publicKey: Buffer.from(row.publicKey),
      // Exports do not say whether a credential is discoverable; a passkey sign-in still requires user
      // verification from the challenge (service.ts: challenge.isPasskey || registration.isPasskey).
      isPasskey: false,
      verified: true,
    })),
  );
}

export interface ExportedWebauthnRegistration {
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
  domain: string;
  name: string;
  authenticator_type: string;
}

/** The verified registrations of these users, oldest first, public keys base64url. */
export async function webauthnRegistrationsForExport(
  db: BulkExecutor,
  userIds: string[],
): Promise<Map<string, ExportedWebauthnRegistration[]>> {
  const found = new Map<string, ExportedWebauthnRegistration[]>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select()
    .from(webauthnRegistrations)
    .where(and(inArray(webauthnRegistrations.userId, userIds), eq(webauthnRegistrations.verified, true)))
    .orderBy(asc(webauthnRegistrations.createdAt), asc(webauthnRegistrations.id));
  for (const row of rows) {
    const list = found.get(row.userId) ?? [];
    list.push({
      credential_id: row.credentialId,
      public_key: Buffer.from(row.publicKey).toString('base64url'),
      sign_count: row.signCount,
      transports: row.transports,
      domain: row.domain,
      name: row.name,
      authenticator_type: row.authenticatorType,
    });
    found.set(row.userId, list);
  }
  return found;
}
