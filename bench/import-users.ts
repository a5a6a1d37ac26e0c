// Issue 14 "Tests that show it": users imported per second at 100,000 users on PostgreSQL (a fresh throw-away
// database on TEST_DATABASE_URL's server, loopback), and at 10,000 on PGlite in memory. Every user has an e-mail, a
// phone number and an argon2id hash; every 5th an OAuth link, every 10th a TOTP (encrypted as the server does),
// every 20th a wallet, every 25th a passkey (synthetic users, features/import/test-helpers.ts). Batches of 500
// through importUsers, the path `npm run import` and POST /v1/users/import take (parsing excluded, timed apart).
// Rows: the first import, the same file again (every row already imported: the idempotent pass), and a smaller
// PostgreSQL run with the per-row users.profile triggers of migration 0005 (deferProfiles false), which is what
// migration 0014's deferral saves. The users.profile of a sample is checked after each run.
import { availableParallelism, loadavg } from 'node:os';
import { buildApp, type DatabaseHandle, importUsers, openDatabase } from '@gatehouse/server';
import { parseExport } from '../packages/server/src/features/import/provider-formats';
import {
  coseEs256PublicKey,
  syntheticUser,
  toJsonLines,
} from '../packages/server/src/features/import/test-helpers';
import type { BenchResult, BenchRow } from './report';
import { createPostgresDatabase } from './session-check';

const POSTGRES_USERS = Number(process.env.BENCH_IMPORT_USERS ?? 100_000);
const PGLITE_USERS = Number(process.env.BENCH_IMPORT_PGLITE_USERS ?? 10_000);
const TRIGGER_USERS = 10_000;
const BATCH_SIZE = 500;

async function measure(
  label: string,
  handle: DatabaseHandle,
  count: number,
  options: { deferProfiles: boolean; again: boolean },
): Promise<BenchRow[]> {
  const app = await buildApp({
    database: handle,
    logger: false,
    config: { env: 'test', dataDir: null, databaseUrl: null, purgeIntervalSeconds: 0, webDistDir: null },
  });
  try {
    const project = app.gatehouseStartup.devProject!;
    const publicKey = coseEs256PublicKey();
    const text = toJsonLines(Array.from({ length: count }, (_, n) => syntheticUser(n, { publicKey })));
    const parseStarted = performance.now();
    const parsed = parseExport('gatehouse', text);
    const parseMs = performance.now() - parseStarted;
    const rows: BenchRow[] = [];
    const run = async (pass: string) => {
      const started = performance.now();
      const summary = await importUsers(app.gatehouse, {
        projectId: project.id,
        users: parsed.users,
        batchSize: BATCH_SIZE,
        deferProfiles: options.deferProfiles,
      });
      const seconds = (performance.now() - started) / 1000;
      rows.push({
        label: `${label}, ${pass}`,
        figures: {
          users: count,
          imported: summary.imported,
          'already imported': summary.already_imported,
          skipped: summary.skipped.length,
          seconds: Number(seconds.toFixed(1)),
          'users/s': Math.round(count / seconds),
          'parse users/s': Math.round(count / (parseMs / 1000)),
        },
      });
    };
    await run('first import');
    if (options.again) await run('same file again');
    // The profile document of a sample is whole (the deferred refresh ran).
    const sample = await handle.db.execute(
      "SELECT profile FROM users WHERE external_id = 'ext-50'" as unknown as Parameters<
        typeof handle.db.execute
      >[0],
    );
    const profileRows = (Array.isArray(sample) ? sample : (sample as { rows: unknown[] }).rows) as Array<{
      profile: string;
    }>;
    const profile = JSON.parse(profileRows[0]?.profile ?? '{}') as {
      emails?: unknown[];
      totps?: unknown[];
      providers?: unknown[];
    };
    if (profile.emails?.length !== 1 || profile.totps?.length !== 1 || profile.providers?.length !== 1)
      throw new Error(`${label}: the profile of ext-50 is not whole: ${profileRows[0]?.profile}`);
    return rows;
  } finally {
    await app.close();
  }
}

export async function run(): Promise<BenchResult> {
  const rows: BenchRow[] = [];
  const notes: string[] = [
    `batches of ${BATCH_SIZE}; users/s = rows of the file / wall time of importUsers`,
    `load average at the start: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${availableParallelism()} CPUs`,
  ];
  for (const [kind, count, deferProfiles, again] of [
    ['postgres', POSTGRES_USERS, true, true],
    // The same size both ways, back to back: what migration 0014's deferral saves.
    ['postgres', TRIGGER_USERS, true, false],
    ['postgres', TRIGGER_USERS, false, false],
    ['pglite', PGLITE_USERS, true, true],
  ] as const) {
    const label = `${kind}${deferProfiles ? '' : ' (per-row profile triggers)'}`;
    if (kind === 'pglite') {
      const handle = await openDatabase({ dataDir: null });
      try {
        rows.push(...(await measure(label, handle, count, { deferProfiles, again })));
      } finally {
        await handle.close();
      }
      continue;
    }
    const database = await createPostgresDatabase();
    if (database === null) continue;
    const handle = await openDatabase({ url: database.url, poolSize: 4 });
    try {
      rows.push(...(await measure(label, handle, count, { deferProfiles, again })));
    } finally {
      await handle.close();
      await database.drop();
    }
  }
  return { rows, notes };
}
