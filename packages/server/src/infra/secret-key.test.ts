import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test-support/app';
import { configError } from '../test-support/config-error';
import {
  type DatabaseKind,
  openTestDatabase,
  resetDatabase,
  testDatabaseKinds,
} from '../test-support/database';
import type { AppConfig } from './context';
import type { DatabaseHandle } from './db/client';
import { secretFingerprints } from './db/schema';
import { createSecretBox } from './secret-box';
import {
  checkSecretKey,
  DEV_SECRET_FILE,
  type Reencryption,
  resolveSecretKey,
  SecretKeyMismatchError,
} from './secret-key';

const SECRET = 'a-test-secret-key-of-at-least-32-characters';
type SecretConfig = Pick<AppConfig, 'env' | 'secretKey' | 'secretKeyPrevious' | 'dataDir'>;
const base: SecretConfig = { env: 'development', secretKey: null, secretKeyPrevious: null, dataDir: null };

describe('resolveSecretKey', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-secret-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes SECRET_KEY from the configuration in every environment', () => {
    for (const env of ['development', 'test', 'production'] as const) {
      expect(resolveSecretKey({ ...base, env, secretKey: SECRET, dataDir: dir })).toEqual({
        secret: SECRET,
        source: 'config',
        path: null,
      });
    }
    expect(() => statSync(join(dir, DEV_SECRET_FILE))).toThrow();
  });

  it('never generates one in production: a clear error naming SECRET_KEY', () => {
    const error = configError(() => resolveSecretKey({ ...base, env: 'production', dataDir: dir }));
    expect(error.key).toBe('SECRET_KEY');
    expect(error.message).toMatch(/^Invalid configuration: SECRET_KEY is missing; production needs/);
    expect(() => statSync(join(dir, DEV_SECRET_FILE))).toThrow();
    expect(configError(() => resolveSecretKey({ ...base, env: 'production' })).key).toBe('SECRET_KEY');
  });

  it('refuses SECRET_KEY_PREVIOUS without SECRET_KEY, or equal to it', () => {
    expect(configError(() => resolveSecretKey({ ...base, secretKeyPrevious: SECRET })).message).toMatch(
      /SECRET_KEY_PREVIOUS is set without SECRET_KEY/,
    );
    expect(
      configError(() => resolveSecretKey({ ...base, secretKey: SECRET, secretKeyPrevious: SECRET })).message,
    ).toMatch(/SECRET_KEY_PREVIOUS is the same as SECRET_KEY/);
  });

  it('keeps a random secret in memory when the data lives in memory', () => {
    const first = resolveSecretKey(base);
    expect(first.source).toBe('ephemeral');
    expect(first.secret).toMatch(/^[\w-]{43}$/);
    expect(resolveSecretKey(base).secret).not.toBe(first.secret);
  });

  it('development: creates <DATA_DIR>/secret-key once with mode 0600 (and its folder), then reuses it', () => {
    const dataDir = join(dir, 'nested', 'data');
    const created = resolveSecretKey({ ...base, dataDir });
    const path = join(dataDir, DEV_SECRET_FILE);
    expect(created).toMatchObject({ source: 'file-created', path });
    expect(created.secret).toMatch(/^[\w-]{43}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe(`${created.secret}\n`);
    expect(resolveSecretKey({ ...base, dataDir })).toEqual({ secret: created.secret, source: 'file', path });
    // No temporary file left behind.
    expect(readdirSync(dataDir)).toEqual([DEV_SECRET_FILE]);
  });

  it('development: refuses a secret file with looser permissions, naming the file and the fix', () => {
    const path = join(dir, DEV_SECRET_FILE);
    expect(resolveSecretKey({ ...base, dataDir: dir }).source).toBe('file-created');
    for (const mode of [0o644, 0o640, 0o604, 0o660]) {
      chmodSync(path, mode);
      const error = configError(() => resolveSecretKey({ ...base, dataDir: dir }));
      expect(error.key).toBe('SECRET_KEY');
      expect(error.message).toContain(`the development secret ${path} has mode 0${mode.toString(8)}`);
      expect(error.message).toContain(`chmod 600 ${path}`);
    }
    chmodSync(path, 0o400);
    expect(resolveSecretKey({ ...base, dataDir: dir }).source).toBe('file');
  });

  it('development: refuses a secret file with bad content, or that is not a file', () => {
    const path = join(dir, DEV_SECRET_FILE);
    for (const content of ['', 'short\n', `${'x'.repeat(20)} ${'y'.repeat(20)}\n`, `${'é'.repeat(40)}\n`]) {
      writeFileSync(path, content, { mode: 0o600 });
      expect(configError(() => resolveSecretKey({ ...base, dataDir: dir })).message).toContain(
        `${path} does not hold a secret of at least 32 printable characters`,
      );
    }
    writeFileSync(path, `  ${SECRET}  \n`, { mode: 0o600 });
    expect(resolveSecretKey({ ...base, dataDir: dir }).secret).toBe(SECRET);

    unlinkSync(path);
    const target = join(dir, 'elsewhere');
    writeFileSync(target, SECRET, { mode: 0o600 });
    symlinkSync(target, path);
    expect(configError(() => resolveSecretKey({ ...base, dataDir: dir })).message).toContain(
      `${path} is not a regular file`,
    );
    unlinkSync(path);
    mkdirSync(path);
    expect(configError(() => resolveSecretKey({ ...base, dataDir: dir })).message).toContain(
      `${path} is not a regular file`,
    );
  });

  it('development: a DATA_DIR that cannot be created is a clear error', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    expect(configError(() => resolveSecretKey({ ...base, dataDir: join(file, 'data') })).message).toMatch(
      /SECRET_KEY is not set, and the development secret .* cannot be (created|written)/,
    );
  });
});

describe.each(testDatabaseKinds())('checkSecretKey on %s', (kind: DatabaseKind) => {
  let handle: DatabaseHandle;
  const now = new Date('2030-01-01T00:00:00Z');
  const secrets = createSecretBox(SECRET);
  const next = createSecretBox(`${SECRET}-next`);
  const calls: string[] = [];
  const probe: Reencryption = {
    name: 'probe rows',
    async run(_tx, { from, to }) {
      calls.push(`${from.fingerprint}>${to.fingerprint}`);
      return 3;
    },
  };

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await resetDatabase(handle);
    calls.length = 0;
  });

  const check = (box: typeof secrets, previous: typeof secrets | null = null) =>
    checkSecretKey({ db: handle.db, secrets: box, previous, reencryptions: [probe], now });

  it('records the fingerprint on a new database, then accepts the same secret', async () => {
    expect(await check(secrets)).toEqual({ outcome: 'recorded' });
    expect(await check(secrets)).toEqual({ outcome: 'matched' });
    expect(await check(secrets, next)).toEqual({ outcome: 'previous-unused' });
    const rows = await handle.db.select().from(secretFingerprints);
    expect(rows).toEqual([expect.objectContaining({ name: 'SECRET_KEY', fingerprint: secrets.fingerprint })]);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(calls).toEqual([]);
  });

  it('refuses another secret with the message naming SECRET_KEY', async () => {
    await check(secrets);
    const refusal = check(next);
    await expect(refusal).rejects.toThrow(SecretKeyMismatchError);
    await expect(check(next)).rejects.toThrow(
      "Invalid configuration: SECRET_KEY does not match the key that encrypted this database's signing keys; start with the original SECRET_KEY, or rotate it as the README describes",
    );
    await expect(check(next, createSecretBox(`${SECRET}-other`))).rejects.toThrow(
      /SECRET_KEY_PREVIOUS does not match it either/,
    );
    expect(calls).toEqual([]);
  });

  it('rotates from SECRET_KEY_PREVIOUS once, even when two instances start at the same time', async () => {
    await check(secrets);
    const [first, second] = await Promise.all([check(next, secrets), check(next, secrets)]);
    expect([first, second]).toContainEqual({ outcome: 'rotated', reencrypted: { 'probe rows': 3 } });
    expect([first, second]).toContainEqual({ outcome: 'previous-unused' });
    expect(calls).toEqual([`${secrets.fingerprint}>${next.fingerprint}`]);
    const [row] = await handle.db.select().from(secretFingerprints);
    expect(row!.fingerprint).toBe(next.fingerprint);
    expect(row!.updatedAt.toISOString()).toBe(now.toISOString());
    await expect(check(secrets)).rejects.toThrow(SecretKeyMismatchError);
  });

  it('keeps the old fingerprint when a re-encryption fails (one transaction)', async () => {
    await check(secrets);
    const failing: Reencryption = {
      name: 'failing rows',
      async run() {
        throw new Error('row 7 does not decrypt');
      },
    };
    await expect(
      checkSecretKey({
        db: handle.db,
        secrets: next,
        previous: secrets,
        reencryptions: [probe, failing],
        now,
      }),
    ).rejects.toThrow('row 7 does not decrypt');
    const [row] = await handle.db.select().from(secretFingerprints);
    expect(row!.fingerprint).toBe(secrets.fingerprint);
  });
});

describe('the development secret through buildApp', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-dev-secret-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (dataDir: string) =>
    buildApp({ config: testConfig({ env: 'development', dataDir, secretKey: null }), logger: false });

  it('is generated into DATA_DIR with mode 0600 on the first start and reused by the next', async () => {
    const dataDir = join(dir, 'data');
    const first = await start(dataDir);
    const fingerprint = first.gatehouse.secrets.fingerprint;
    await first.close();
    const path = join(dataDir, DEV_SECRET_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(createSecretBox(readFileSync(path, 'utf8').trim()).fingerprint).toBe(fingerprint);

    const second = await start(dataDir);
    expect(second.gatehouse.secrets.fingerprint).toBe(fingerprint);
    await second.close();

    // Without the file the database (PGlite in DATA_DIR) refuses the new secret rather than lose its keys.
    unlinkSync(path);
    await expect(start(dataDir)).rejects.toThrow(/SECRET_KEY does not match/);
  });

  it('in memory: a second start on a kept database is refused, saying why its secret is new', async () => {
    const handle = await openTestDatabase('pglite');
    const startInMemory = () =>
      buildApp({ config: testConfig({ dataDir: null, secretKey: null }), database: handle, logger: false });
    try {
      await (await startInMemory()).close();
      await expect(startInMemory()).rejects.toThrow(
        /SECRET_KEY does not match .* \(SECRET_KEY is not set and DATA_DIR is in memory, so this start made a new one\)$/,
      );
    } finally {
      await handle.close();
    }
  });
});
