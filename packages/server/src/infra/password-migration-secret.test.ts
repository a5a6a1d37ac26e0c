// Issue 24 item 5: the project file's password_migration_url and password_migration_secret are validated at start
// (naming the key, never repeating a secret), the secret leaves the settings to be stored only encrypted, and a
// SECRET_KEY rotation re-encrypts it.
import { describe, expect, it } from 'vitest';
import { configError } from '../test-support/config-error';
import { openTestDatabase } from '../test-support/database';
import { parseProjectFile } from './config';
import { projects } from './db/schema';
import {
  openPasswordMigrationSecret,
  reencryptPasswordMigrationSecrets,
  sealPasswordMigrationSecret,
} from './password-migration-secret';
import { createSecretBox } from './secret-box';

const SECRET = 'old-provider-shared-secret-0123456789';
const project = (settings: Record<string, unknown>) => [{ name: 'Migrating', settings }];

describe('settings.password_migration_url and password_migration_secret in the project file', () => {
  it('take an http(s) URL or null and a secret or null; the secret is kept apart from the settings', () => {
    const [declared] = parseProjectFile(
      project({
        password_migration_url: 'https://old.example.com/signin',
        password_migration_secret: SECRET,
      }),
    );
    expect(declared?.settings).toEqual({ password_migration_url: 'https://old.example.com/signin' });
    expect(declared?.passwordMigrationSecret).toBe(SECRET);
    const [cleared] = parseProjectFile(
      project({ password_migration_url: null, password_migration_secret: null }),
    );
    expect(cleared?.settings).toEqual({ password_migration_url: null });
    expect(cleared?.passwordMigrationSecret).toBeNull();
    const [silent] = parseProjectFile(project({}));
    expect(silent?.settings).toEqual({});
    expect(silent && 'passwordMigrationSecret' in silent).toBe(false);
  });

  it.each(['ftp://old.example.com', 'old.example.com/signin', 'https://', 42])(
    'refuses the URL %j, naming the key',
    (value) => {
      const error = configError(() => parseProjectFile(project({ password_migration_url: value })));
      expect(error.key).toMatch(/password_migration_url/);
    },
  );

  it.each(['short', 'has a space in the middle of it', 42])(
    'refuses the secret %j, naming the key, not the value',
    (value) => {
      const error = configError(() => parseProjectFile(project({ password_migration_secret: value })));
      expect(error.key).toMatch(/password_migration_secret/);
      expect(error.message).not.toContain(String(value));
    },
  );
});

describe('the stored migration secret', () => {
  it('opens only for its project, and a SECRET_KEY rotation re-encrypts it', async () => {
    const before = createSecretBox('previous-secret-key-0123456789abcdef');
    const after = createSecretBox('next-secret-key-0123456789abcdef0123');
    const sealed = sealPasswordMigrationSecret(before, { projectId: 'project-a', secret: SECRET });
    expect(sealed.password_migration_secret_ciphertext).not.toContain(SECRET);
    const settings = { ...sealed } as never;
    expect(openPasswordMigrationSecret(before, { projectId: 'project-a', settings })).toBe(SECRET);
    expect(() => openPasswordMigrationSecret(before, { projectId: 'project-b', settings })).toThrow();

    const handle = await openTestDatabase('pglite');
    try {
      await handle.db.insert(projects).values({
        id: 'project-a',
        name: 'Migrating',
        publicTokenTest: 'public-token-test-a',
        publicTokenLive: 'public-token-live-a',
        secretHash: new Uint8Array(32),
        settings: { ...sealed, password_migration_url: 'https://old.example.com/signin' } as never,
      });
      const count = await handle.db.transaction((tx) =>
        reencryptPasswordMigrationSecrets.run(tx as never, { from: before, to: after }),
      );
      expect(count).toBe(1);
      const [row] = await handle.db.select().from(projects);
      expect(openPasswordMigrationSecret(after, { projectId: 'project-a', settings: row!.settings })).toBe(
        SECRET,
      );
      expect(row?.settings.password_migration_url).toBe('https://old.example.com/signin');
    } finally {
      await handle.close();
    }
  });
});
