// Where SECRET_KEY comes from, and whether it is the one this database was encrypted under (issue 8 item 4, "Keys
// at rest"). infra/secret-box.ts does the cryptography; this file decides which secret it gets.
//
// Source, in order: SECRET_KEY from the configuration; outside production with a DATA_DIR, a secret generated once
// into <DATA_DIR>/secret-key (mode 0600) and reused on every later start; with everything in memory (DATA_DIR
// :memory:, tests) a random secret that lives as long as the process, like the database. Production never
// generates one: a generated secret would silently differ between instances and be lost with the container.
//
// Fingerprint: the database records which secret encrypted it (table secret_fingerprints). A server started with
// another SECRET_KEY refuses to start instead of failing on every decryption later; with SECRET_KEY_PREVIOUS set
// to the recorded one, start-up re-encrypts every encrypted row under the new secret in one transaction
// (README.md "Rotating SECRET_KEY").
import { randomBytes } from 'node:crypto';
import { linkSync, lstatSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { ConfigError, SECRET_KEY_MIN_LENGTH } from './config';
import type { AppConfig } from './context';
import type { Database } from './db/client';
import { secretFingerprints } from './db/schema';
import type { SecretBox } from './secret-box';

/** The development secret's file name inside DATA_DIR. */
export const DEV_SECRET_FILE = 'secret-key';

/** Bytes of a generated secret (stored base64url: 43 characters, itself a valid SECRET_KEY value). */
const GENERATED_SECRET_BYTES = 32;

/** The one row of secret_fingerprints this file keeps. */
const FINGERPRINT_NAME = 'SECRET_KEY';

export const SECRET_KEY_MISMATCH_MESSAGE =
  "does not match the key that encrypted this database's signing keys; start with the original SECRET_KEY, or rotate it as the README describes";

/** The configured secret is not the one the database was encrypted under (message names SECRET_KEY). */
export class SecretKeyMismatchError extends ConfigError {
  constructor(detail = '') {
    super('SECRET_KEY', `${SECRET_KEY_MISMATCH_MESSAGE}${detail}`);
    this.name = 'SecretKeyMismatchError';
  }
}

export interface ResolvedSecretKey {
  secret: string;
  /** Where it came from: the configuration, the development file (created on this start or read), or memory. */
  source: 'config' | 'file-created' | 'file' | 'ephemeral';
  /** The development file, when the secret lives in one. */
  path: string | null;
}

/** The secret buildApp uses (see the header for the order). Throws ConfigError naming SECRET_KEY. */
export function resolveSecretKey(
  config: Pick<AppConfig, 'env' | 'secretKey' | 'secretKeyPrevious' | 'dataDir'>,
): ResolvedSecretKey {
  if (config.secretKey !== null) {
    if (config.secretKeyPrevious === config.secretKey) {
      throw new ConfigError(
        'SECRET_KEY_PREVIOUS',
        'is the same as SECRET_KEY; allowed: the secret SECRET_KEY had before the rotation, or unset',
      );
    }
    return { secret: config.secretKey, source: 'config', path: null };
  }
  if (config.secretKeyPrevious !== null) {
    throw new ConfigError(
      'SECRET_KEY_PREVIOUS',
      'is set without SECRET_KEY; allowed: set SECRET_KEY to the new secret and SECRET_KEY_PREVIOUS to the old one',
    );
  }
  if (config.env === 'production') {
    throw new ConfigError(
      'SECRET_KEY',
      `is missing; production needs at least ${SECRET_KEY_MIN_LENGTH} random characters (openssl rand -base64 32) kept outside the database`,
    );
  }
  if (config.dataDir === null) return { secret: generateSecret(), source: 'ephemeral', path: null };
  return readOrCreateDevSecret(config.dataDir);
}

function generateSecret(): string {
  return randomBytes(GENERATED_SECRET_BYTES).toString('base64url');
}

/** Development: <dataDir>/secret-key, created once with mode 0600, refused when looser or malformed. */
function readOrCreateDevSecret(dataDir: string): ResolvedSecretKey {
  const path = join(dataDir, DEV_SECRET_FILE);
  const refuse = (problem: string): never => {
    throw new ConfigError('SECRET_KEY', `is not set, and the development secret ${path} ${problem}`);
  };
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    refuse(`cannot be created: ${errorCode(error)}`);
  }
  // Written whole under a temporary name and then hard-linked into place: link() fails if the file exists, so two
  // processes starting at once end with one secret, and neither ever reads a half-written file.
  const secret = generateSecret();
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    linkSync(temporary, path);
    return { secret, source: 'file-created', path };
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') refuse(`cannot be written: ${errorCode(error)}`);
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // Not created (the write failed): nothing to remove.
    }
  }
  return { secret: readDevSecret(path, refuse), source: 'file', path };
}

function readDevSecret(path: string, refuse: (problem: string) => never): string {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch (error) {
    return refuse(`cannot be read: ${errorCode(error)}`);
  }
  if (!stat.isFile()) refuse('is not a regular file; allowed: a file holding the secret, or set SECRET_KEY');
  // POSIX modes only: Windows reports 0666 for every writable file.
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    refuse(
      `has mode 0${(stat.mode & 0o777).toString(8)}; allowed: readable by its owner only (chmod 600 ${path}), or set SECRET_KEY`,
    );
  }
  const content = readFileSync(path, 'utf8').trim();
  // The same rule as SECRET_KEY itself (infra/config.ts), so the file's content can be moved into SECRET_KEY.
  if (content.length < SECRET_KEY_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(content)) {
    refuse(
      `does not hold a secret of at least ${SECRET_KEY_MIN_LENGTH} printable characters; allowed: the file this server generated, or set SECRET_KEY`,
    );
  }
  return content;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

// ---------------------------------------------------------------------------------------------------------------
// The fingerprint in the database.

/** Re-encrypts one kind of encrypted rows from one secret to another, inside the caller's transaction. */
export interface Reencryption {
  /** What is re-encrypted, for the start-up log (e.g. 'signing keys'). */
  name: string;
  /** Returns how many rows it re-encrypted; throws (rolling everything back) when a row does not decrypt. */
  run(tx: Database, options: { from: SecretBox; to: SecretBox }): Promise<number>;
}

export interface CheckSecretKeyOptions {
  db: Database;
  secrets: SecretBox;
  /** The box of SECRET_KEY_PREVIOUS, or null. */
  previous: SecretBox | null;
  /** Every kind of encrypted rows (infra/keys.ts signing keys; later TOTP seeds and OAuth secrets). */
  reencryptions: readonly Reencryption[];
  now: Date;
  /** Added to the refusal, e.g. why this start has a secret the database does not know. */
  mismatchHint?: string;
}

export type SecretKeyCheck =
  | { outcome: 'recorded' | 'matched' | 'previous-unused' }
  | { outcome: 'rotated'; reencrypted: Record<string, number> };

/**
 * Start-up: records the secret's fingerprint in a new database, accepts the recorded secret, rotates from
 * SECRET_KEY_PREVIOUS when the database is still under it, and otherwise throws SecretKeyMismatchError. The row
 * is locked for the whole check, so two instances starting at once rotate once.
 */
export async function checkSecretKey(options: CheckSecretKeyOptions): Promise<SecretKeyCheck> {
  const { secrets, previous } = options;
  return options.db.transaction(async (tx) => {
    const stored = await lockFingerprint(tx, secrets, 'update');
    if (stored.fingerprint === secrets.fingerprint) {
      if (stored.recorded) return { outcome: 'recorded' };
      return { outcome: previous === null ? 'matched' : 'previous-unused' };
    }
    if (previous === null || stored.fingerprint !== previous.fingerprint) {
      const notes = [
        ...(previous === null ? [] : ['SECRET_KEY_PREVIOUS does not match it either']),
        ...(options.mismatchHint === undefined ? [] : [options.mismatchHint]),
      ];
      throw new SecretKeyMismatchError(notes.length === 0 ? '' : ` (${notes.join('; ')})`);
    }
    const reencrypted: Record<string, number> = {};
    for (const reencryption of options.reencryptions) {
      reencrypted[reencryption.name] = await reencryption.run(tx, { from: previous, to: secrets });
    }
    await tx
      .update(secretFingerprints)
      .set({ fingerprint: secrets.fingerprint, updatedAt: options.now })
      .where(eq(secretFingerprints.name, FINGERPRINT_NAME));
    return { outcome: 'rotated', reencrypted };
  });
}

/**
 * For a transaction about to write rows encrypted under `secrets`: records the fingerprint when none is (a
 * database emptied under a running app), and throws SecretKeyMismatchError when another secret is recorded. The
 * row stays share-locked until the transaction ends, so a concurrent rotation (which locks it for update) either
 * sees the new row and re-encrypts it, or runs first and this write is refused.
 */
export async function assertSecretKeyRecorded(tx: Database, secrets: SecretBox): Promise<void> {
  const stored = await lockFingerprint(tx, secrets, 'share');
  if (stored.fingerprint !== secrets.fingerprint) throw new SecretKeyMismatchError();
}

async function lockFingerprint(
  tx: Database,
  secrets: SecretBox,
  strength: 'update' | 'share',
): Promise<{ fingerprint: string; recorded: boolean }> {
  const inserted = await tx
    .insert(secretFingerprints)
    .values({ name: FINGERPRINT_NAME, fingerprint: secrets.fingerprint })
    .onConflictDoNothing()
    .returning({ name: secretFingerprints.name });
  const [row] = await tx
    .select({ fingerprint: secretFingerprints.fingerprint })
    .from(secretFingerprints)
    .where(eq(secretFingerprints.name, FINGERPRINT_NAME))
    .for(strength);
  // The row exists: inserted above, or kept by ON CONFLICT (which waited for the inserting transaction).
  return { fingerprint: row!.fingerprint, recorded: inserted.length === 1 };
}
