// Issue 23 item 7: several instances started at once on one fresh PostgreSQL database (a deployment of three,
// started together) must all start. Without the migration lock (client.ts migratePostgres) each found no migration
// applied and ran the same CREATE TABLEs, and all but one failed. PostgreSQL only: PGlite is one process's own.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryOnce } from '../../test-support/database';
import { type DatabaseHandle, openDatabase } from './client';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(baseUrl)('migrations from several instances at once', () => {
  const name = `gatehouse_migrate_${randomBytes(6).toString('hex')}`;
  const handles: DatabaseHandle[] = [];

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await queryOnce(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('three openDatabase calls on an empty database all succeed and apply each migration once', async () => {
    await queryOnce(`CREATE DATABASE "${name}"`);
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 1 })),
    );
    for (const result of results) if (result.status === 'fulfilled') handles.push(result.value);
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    const applied = await handles[0]!.db.execute(
      sql`SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_hashes FROM drizzle.__drizzle_migrations`,
    );
    const [row] = (applied as unknown as { rows: { n: number; distinct_hashes: number }[] }).rows;
    expect(row!.n).toBeGreaterThan(0);
    expect(row!.n).toBe(row!.distinct_hashes);
  });
});
