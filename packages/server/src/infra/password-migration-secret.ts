// Issue 24 item 5 (lazy migration): the bearer secret Gatehouse sends to a project's old sign-in endpoint
// (settings.password_migration_url) is a credential toward another system, so it is kept as the other secrets are
// (issue 8 item 4, infra/secret-box.ts): encrypted under SECRET_KEY, purpose 'password-migration-secret', context
// the project id (a ciphertext copied to another project does not decrypt), stored base64-encoded in the project's
// settings as `password_migration_secret_ciphertext`, and re-encrypted when SECRET_KEY rotates.
import { eq, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { type ProjectSettings, projects } from './db/schema';
import type { SecretBox } from './secret-box';
import type { Reencryption } from './secret-key';

const PURPOSE = 'password-migration-secret';

/** The settings entry that stores `secret` for `projectId` (null: none). */
export function sealPasswordMigrationSecret(
  secrets: SecretBox,
  options: { projectId: string; secret: string | null },
): Pick<ProjectSettings, 'password_migration_secret_ciphertext'> {
  if (options.secret === null) return { password_migration_secret_ciphertext: null };
  const sealed = secrets.encrypt(PURPOSE, new TextEncoder().encode(options.secret), options.projectId);
  return { password_migration_secret_ciphertext: Buffer.from(sealed).toString('base64') };
}

/** The project's migration secret in plain text, or null when it has none. */
export function openPasswordMigrationSecret(
  secrets: SecretBox,
  options: { projectId: string; settings: ProjectSettings },
): string | null {
  const stored = options.settings.password_migration_secret_ciphertext ?? null;
  if (stored === null) return null;
  const plaintext = secrets.decrypt(PURPOSE, Buffer.from(stored, 'base64'), options.projectId);
  return new TextDecoder().decode(plaintext);
}

/** SECRET_KEY rotation (infra/secret-key.ts): every project's migration secret, in the caller's transaction. */
export const reencryptPasswordMigrationSecrets: Reencryption = {
  name: 'password migration secrets',
  async run(tx: Database, { from, to }) {
    const rows = await tx
      .select({ id: projects.id, settings: projects.settings })
      .from(projects)
      .where(sql`${projects.settings} ->> 'password_migration_secret_ciphertext' IS NOT NULL`)
      .for('update');
    for (const row of rows) {
      const secret = openPasswordMigrationSecret(from, { projectId: row.id, settings: row.settings });
      const sealed = sealPasswordMigrationSecret(to, { projectId: row.id, secret });
      await tx
        .update(projects)
        .set({ settings: { ...row.settings, ...sealed } })
        .where(eq(projects.id, row.id));
    }
    return rows.length;
  },
};
