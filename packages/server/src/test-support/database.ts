// Test databases (DESIGN.md "Real parts"): PGlite in memory always, and a real PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it). Each test file opens one database per kind and resets tables
// between tests instead of paying PGlite's cold start again.
//
// Both kinds start from a migrated template (DESIGN.md "Install notes": "clone a migrated template"), built once
// per set of migrations and shared by every test file and run: PGlite loads a dump of a migrated cluster (its
// initdb is ~4 s of CPU per cold start here, loading the dump ~0.5 s), PostgreSQL copies a migrated template
// database (CREATE DATABASE … TEMPLATE). openDatabase still runs the migrations on the copy, which finds them all
// applied, so a template that somehow missed one is caught up rather than trusted.
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  type DatabaseHandle,
  MIGRATIONS_FOLDER,
  openDatabase,
  type PostgresTimeouts,
  type Schema,
} from '../infra/db/client';
import { dropOrphanedDatabases, leasedDatabaseName } from './orphan-databases';

export type DatabaseKind = 'pglite' | 'postgres';

/** The kinds every database-backed test file runs on. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabaseOptions {
  /**
   * PostgreSQL only: the handle connects to this host and port (a test's TCP proxy, test-support/tcp-proxy.ts)
   * instead of TEST_DATABASE_URL's. Creating and dropping the database still go straight to the server, so a
   * test may leave the proxy broken.
   */
  via?: { host: string; port: number };
  /** PostgreSQL pool size (default 20). */
  poolSize?: number;
  /** PostgreSQL wait bounds (default: production's, infra/db/postgres-pool.ts). */
  timeouts?: Partial<PostgresTimeouts>;
}

/**
 * One statement on a connection of its own to `connectionString` (TEST_DATABASE_URL's server when omitted), closed
 * afterwards: CREATE and DROP DATABASE, and test upkeep that no request timeout of a pool may cut short.
 */
export async function queryOnce(
  statement: string,
  connectionString = process.env.TEST_DATABASE_URL,
): Promise<void> {
  if (!connectionString) throw new Error('TEST_DATABASE_URL is not set');
  await withClient(connectionString, (client) => client.query(statement));
}

/** `work` on a connection of its own to `connectionString`, closed afterwards. */
async function withClient<T>(
  connectionString: string,
  work: (client: import('pg').Client) => Promise<T>,
): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL of database `name` on `baseUrl`'s server. */
function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Opens a migrated database with empty tables. On PostgreSQL it is a throw-away database next to the one named by
 * TEST_DATABASE_URL (a copy of the template, or one an earlier file of this worker gave back emptied: leasePostgres),
 * so test files never see each other's rows.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  options: TestDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (kind === 'pglite') return leasePglite();
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = await leasePostgres(baseUrl);
  const directUrl = databaseUrl(baseUrl, name);
  const url = new URL(directUrl);
  if (options.via) {
    url.hostname = options.via.host;
    url.port = String(options.via.port);
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({
      url: url.toString(),
      poolSize: options.poolSize ?? 20,
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    });
  } catch (error) {
    await dropPostgres(baseUrl, name);
    throw error;
  }
  let given = false;
  return {
    ...handle,
    // Test upkeep (resetDatabase) on a connection of its own, straight to the server: emptying every table is
    // slow on a busy machine (up to seconds), and it is no request, so the request timeouts of the pool (and a
    // proxy the test may have broken) must not apply to it.
    execute: (sqlText) => queryOnce(sqlText, directUrl),
    close: async () => {
      if (given) return;
      given = true;
      await handle.close();
      await givePostgresBack(baseUrl, name);
    },
  };
}

/**
 * PostgreSQL databases given back emptied by this worker's test files, for the next file to take. Copying the
 * template (CREATE DATABASE … TEMPLATE writes its ~10 MB to the WAL) and dropping the copy again cost ~0.5 s of wall
 * per file under a full run's load, with PostgreSQL's own processes busy on the two cores the tests share; emptying
 * the tables (resetDatabase) costs ~40 ms. A database's name carries its worker's pid, so one whose worker is gone
 * (an idle database still listed when the worker exited, a worker killed) is dropped by the next worker that starts
 * (dropOrphanedDatabases, also run once the whole run is over: vitest.global-setup.ts).
 */
const idlePostgres: Array<{ baseUrl: string; name: string; expiry: NodeJS.Timeout }> = [];
const MAX_IDLE_POSTGRES = 2;
/** A database grown past this (a test that wrote many rows) is dropped rather than reused: DELETE keeps its space. */
const MAX_REUSED_BYTES = 64 * 1024 * 1024;
const orphansDropped = new Map<string, Promise<void>>();
/** The template's schema fingerprint on each server (measured on this worker's first fresh copy). */
const postgresFingerprints = new Map<string, Promise<string>>();

async function leasePostgres(baseUrl: string): Promise<string> {
  const template = await postgresTemplate(baseUrl);
  if (!orphansDropped.has(baseUrl)) {
    orphansDropped.set(
      baseUrl,
      dropOrphanedDatabases(baseUrl).catch(() => {}),
    );
  }
  await orphansDropped.get(baseUrl);
  // The one given back last, as leasePglite takes it (a file that gives one back and opens again gets it back).
  const at = idlePostgres.findLastIndex((entry) => entry.baseUrl === baseUrl);
  if (at >= 0) {
    const [idle] = idlePostgres.splice(at, 1);
    clearTimeout(idle!.expiry);
    return idle!.name;
  }
  const name = leasedDatabaseName();
  await queryOnce(`CREATE DATABASE "${name}" TEMPLATE "${template}"`, baseUrl);
  if (!postgresFingerprints.has(baseUrl)) {
    // Measured on the fresh copy before any test has it: not on the template itself, which a connection would keep
    // from being copied meanwhile.
    const fingerprint = withClient(databaseUrl(baseUrl, name), postgresSchemaFingerprint);
    postgresFingerprints.set(baseUrl, fingerprint);
    await fingerprint.catch(() => postgresFingerprints.delete(baseUrl));
  }
  return name;
}

/**
 * `name` as a fresh copy would be, kept for the next file; or dropped when that cannot be promised: its schema
 * changed, it grew large, or upkeep failed. A connection some test left open on it is ended, as DROP … WITH (FORCE)
 * would end it.
 */
async function givePostgresBack(baseUrl: string, name: string): Promise<void> {
  const expected = postgresFingerprints.get(baseUrl);
  if (idlePostgres.length < MAX_IDLE_POSTGRES && expected !== undefined) {
    const reusable = await withClient(databaseUrl(baseUrl, name), async (client) => {
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await emptyEveryTable({ execute: async (text) => void (await client.query(text)) });
      const size = await client.query<{ bytes: string }>(
        'SELECT pg_database_size(current_database()) AS bytes',
      );
      return (
        Number(size.rows[0]?.bytes) <= MAX_REUSED_BYTES &&
        (await postgresSchemaFingerprint(client)) === (await expected)
      );
    }).catch(() => false); // broken, or dropped under the test's feet: not reused
    if (reusable) {
      const expiry = setTimeout(() => {
        const at = idlePostgres.findIndex((entry) => entry.name === name);
        if (at < 0) return;
        idlePostgres.splice(at, 1);
        void dropPostgres(baseUrl, name);
      }, IDLE_DATABASE_MS);
      expiry.unref();
      idlePostgres.push({ baseUrl, name, expiry });
      return;
    }
  }
  await dropPostgres(baseUrl, name);
}

function dropPostgres(baseUrl: string, name: string): Promise<void> {
  return queryOnce(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, baseUrl).catch(() => {});
}

/**
 * PGlite databases given back by the test files of this worker, emptied, for the next file to take: opening one (the
 * template's dump unpacked, Postgres started) cost ~0.65 s of CPU each time, about a sixth of the server tests' CPU
 * over ~200 opens a run. A server worker runs its files one after another in one module graph (vitest.config.ts),
 * so this list lives as long as the worker.
 */
const idlePglite: Array<{ handle: DatabaseHandle; expiry: NodeJS.Timeout }> = [];
/** More than a file holds at once would only keep memory. */
const MAX_IDLE_PGLITE = 2;
/**
 * An idle database (PGlite or PostgreSQL) nobody took within this long is closed or dropped: the next file of a shared
 * module graph asks within milliseconds, while a file with a module graph of its own (the compat project) never sees
 * these lists again.
 */
const IDLE_DATABASE_MS = 10_000;

/** The migrated schema's fingerprint, from the first database this worker opened (all come from one template). */
let migratedFingerprint: Promise<string> | null = null;

/**
 * The schema's tables, columns, types, triggers and functions, as one hash. A database whose schema a test changed
 * (it no longer matches migratedFingerprint) is not reused.
 */
const SCHEMA_FINGERPRINT = `SELECT md5(
      (SELECT string_agg(table_name || '.' || column_name || ':' || data_type || ':' || coalesce(column_default, ''), ','
        ORDER BY table_name, column_name) FROM information_schema.columns WHERE table_schema = current_schema())
      || (SELECT string_agg(tgname || ':' || tgrelid::regclass::text, ',' ORDER BY tgname, tgrelid::regclass::text)
        FROM pg_trigger)
      || (SELECT string_agg(md5(prosrc), ',' ORDER BY md5(prosrc)) FROM pg_proc
        WHERE pronamespace = current_schema()::regnamespace)) AS fingerprint`;

async function schemaFingerprint(handle: DatabaseHandle): Promise<string> {
  const result = (await handle.db.execute(SCHEMA_FINGERPRINT)) as unknown as {
    rows: { fingerprint: string }[];
  };
  return result.rows[0]?.fingerprint ?? '';
}

async function postgresSchemaFingerprint(client: import('pg').Client): Promise<string> {
  const result = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return result.rows[0]?.fingerprint ?? '';
}

/**
 * A PGlite database as a fresh copy of the template would be: an idle one when there is one, else a new one. Its
 * close() gives it back: no listeners or session settings left, every table emptied and every sequence restarted
 * (resetDatabase), and only if its schema is still the migrated one; otherwise it is closed for good.
 */
async function leasePglite(): Promise<DatabaseHandle> {
  const idle = idlePglite.pop();
  if (idle) clearTimeout(idle.expiry);
  const handle = idle?.handle ?? (await openDatabase({ dataDir: null, loadDataDir: await pgliteTemplate() }));
  migratedFingerprint ??= schemaFingerprint(handle).catch((error: unknown) => {
    migratedFingerprint = null;
    throw error;
  });
  const fingerprint = await migratedFingerprint;
  let given = false;
  return {
    ...handle,
    close: async () => {
      if (given) return;
      given = true;
      try {
        await handle.execute('UNLISTEN *; RESET ALL;');
        await resetDatabase(handle);
        if (idlePglite.length < MAX_IDLE_PGLITE && (await schemaFingerprint(handle)) === fingerprint) {
          const expiry = setTimeout(() => {
            const at = idlePglite.findIndex((entry) => entry.handle === handle);
            if (at < 0) return;
            idlePglite.splice(at, 1);
            void handle.close().catch(() => {});
          }, IDLE_DATABASE_MS);
          expiry.unref();
          idlePglite.push({ handle, expiry });
          return;
        }
      } catch {
        // Closed under the test's feet, or broken: not reused.
      }
      await handle.close().catch(() => {});
    },
  };
}

/**
 * A bare PGlite (no drizzle, no statement cache, none of openDatabase's settings) loaded from the migrated template:
 * for tests of PGlite itself, which would otherwise pay its initdb (~4 s of CPU) for each instance.
 */
export async function openBarePglite(): Promise<import('@electric-sql/pglite').PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({ loadDataDir: await pgliteTemplate() });
}

/**
 * Fills the folder `dir` (missing or empty) with a migrated PGlite data folder restored from the template's dump: what
 * a first `openDatabase({ dataDir })` leaves (a cluster made in a child process, then every migration: ~4 s of CPU
 * here), in a fraction of that. For tests of what runs on an existing data folder: the CLIs, a server's start.
 */
export async function migratedPgliteFolder(dir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dir, { loadDataDir: await pgliteTemplate() });
  await client.close();
}

/**
 * Empties every table (keeps the schema) and restarts its sequences, as TRUNCATE … RESTART IDENTITY CASCADE of
 * every table would; cheaper than a new database between tests.
 *
 * DELETE with foreign keys and triggers off (session_replication_role = replica, for this transaction only), not
 * TRUNCATE: a test leaves a handful of rows, and TRUNCATE replaces every table's and index's files, which cost
 * ~230 ms a reset on PostgreSQL (~1.9 s on a loaded machine as one TRUNCATE per table) against ~40 ms, and ~100
 * ms against ~10 ms on PGlite. Nothing is left to cascade to, since every table is emptied, and the triggers
 * off are the ones TRUNCATE would not fire either (ON DELETE row triggers). A role that may not set
 * session_replication_role (not a superuser) gets the single TRUNCATE instead.
 */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  // The deletes lock every table's rows in catalogue order; work a test left running (a notice e-mail not awaited,
  // a webhook worker's claim) can lock two of them in the other order. PostgreSQL then ends one side with a
  // deadlock (40P01), once in a full run: the reset is only upkeep, so it tries again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await emptyEveryTable(handle);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '40P01' || attempt >= 3) throw error;
    }
  }
}

async function emptyEveryTable(handle: Pick<DatabaseHandle, 'execute'>): Promise<void> {
  await handle.execute(`DO $$ DECLARE r record; tables text; BEGIN
    BEGIN
      PERFORM set_config('session_replication_role', 'replica', true);
    EXCEPTION WHEN insufficient_privilege THEN
      SELECT string_agg(quote_ident(tablename), ', ') INTO tables FROM pg_tables
        WHERE schemaname = current_schema();
      IF tables IS NOT NULL THEN EXECUTE 'TRUNCATE TABLE ' || tables || ' RESTART IDENTITY CASCADE'; END IF;
      RETURN;
    END;
    FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
      EXECUTE 'DELETE FROM ' || quote_ident(r.tablename);
    END LOOP;
    FOR r IN SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema() LOOP
      EXECUTE 'ALTER SEQUENCE ' || quote_ident(r.sequencename) || ' RESTART';
    END LOOP;
    PERFORM set_config('session_replication_role', 'origin', true);
  END $$;`);
}

/** Where built templates are kept between runs (keyed by content, so worktrees and runs share them safely). */
const TEMPLATE_CACHE_DIR = join(tmpdir(), 'gatehouse-test-templates');

/**
 * What a template depends on: every migration file (SQL and drizzle's journal) and the PGlite release (its
 * on-disk format). Any change makes a new key, hence a new template.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        walk(path, `${prefix}${entry}/`);
      } else {
        hash.update(`\0${prefix}${entry}\0`);
        hash.update(readFileSync(path));
      }
    }
  };
  walk(MIGRATIONS_FOLDER, '');
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version (its package.json is not exported: found above its entry point). */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (manifest.name === '@electric-sql/pglite') return String(manifest.version);
    } catch {
      // no package.json here: look further up
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("@electric-sql/pglite's package.json not found");
    dir = parent;
  }
}

let templateKeyMemo: string | null = null;
function currentTemplateKey(): string {
  templateKeyMemo ??= templateKey();
  return templateKeyMemo;
}

let pgliteTemplateMemo: Promise<Blob> | null = null;

/** A dump of a migrated PGlite cluster, from the cache or built now (once per process). */
function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateMemo ??= loadOrBuildPgliteTemplate().catch((error: unknown) => {
    pgliteTemplateMemo = null;
    throw error;
  });
  return pgliteTemplateMemo;
}

async function loadOrBuildPgliteTemplate(): Promise<Blob> {
  const path = join(TEMPLATE_CACHE_DIR, `pglite-${currentTemplateKey()}.tar`);
  try {
    return await openAsBlob(path);
  } catch {
    // Not built yet (or the cache was cleared): build it below.
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  let dump: Blob;
  try {
    await migrate(drizzle<Schema>(client), { migrationsFolder: MIGRATIONS_FOLDER });
    dump = await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
  // Written under a name of its own and renamed: test files building it at the same time never read half a file.
  mkdirSync(TEMPLATE_CACHE_DIR, { recursive: true });
  const partial = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, path);
  return dump;
}

const postgresTemplateMemo = new Map<string, Promise<string>>();

/** The name of a migrated template database on the server of `baseUrl`, created when missing. */
function postgresTemplate(baseUrl: string): Promise<string> {
  let memo = postgresTemplateMemo.get(baseUrl);
  if (!memo) {
    memo = ensurePostgresTemplate(baseUrl).catch((error: unknown) => {
      postgresTemplateMemo.delete(baseUrl);
      throw error;
    });
    postgresTemplateMemo.set(baseUrl, memo);
  }
  return memo;
}

/**
 * ALTER DATABASE … RENAME, waiting (bounded) for the migration's own connection to be gone: the server ends a
 * backend a moment after its client disconnected, and until then the rename fails with 55006 (object_in_use). Seen
 * on a fresh machine, where the first test files build the template.
 */
async function renameWhenLeft(admin: import('pg').Client, from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`ALTER DATABASE "${from}" RENAME TO "${to}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const template = `gatehouse_template_${currentTemplateKey()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount) return template;
    // Built under a name of its own and renamed once migrated: a template name only ever names a complete one,
    // and test files building it at the same time do not clash (the loser drops its copy).
    const building = `${template}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    try {
      const handle = await openDatabase({ url: databaseUrl(baseUrl, building), poolSize: 1 });
      await handle.close();
      await renameWhenLeft(admin, building, template);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      // 42P04 duplicate_database: another test file finished the same template first.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return template;
  } finally {
    await admin.end();
  }
}
