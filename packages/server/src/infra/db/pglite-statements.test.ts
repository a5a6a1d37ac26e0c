// The PGlite statement cache (pglite-statements.ts) against PGlite's own query(): the same answers, errors and
// transactions, each text prepared once, the least recently used dropped and closed at the bound.
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openBarePglite } from '../../test-support/database';
import { installStatementCache, type StatementCacheStats } from './pglite-statements';

const SCHEMA = `
  CREATE TABLE items (
    id int PRIMARY KEY,
    name text NOT NULL UNIQUE,
    doc jsonb,
    tags text[],
    blob bytea,
    at timestamptz
  );`;

describe('the PGlite statement cache', () => {
  let cached: PGlite;
  let plain: PGlite;
  let stats: StatementCacheStats;

  beforeAll(async () => {
    // Loaded from the migrated template (its tables are not these tests' business): two initdbs cost ~8 s of CPU.
    [cached, plain] = await Promise.all([openBarePglite(), openBarePglite()]);
    stats = installStatementCache(cached);
    for (const db of [cached, plain]) await db.exec(SCHEMA);
  });
  afterAll(async () => {
    await cached.close();
    await plain.close();
  });
  beforeEach(async () => {
    for (const db of [cached, plain]) await db.exec('DELETE FROM items');
  });

  /** The same call on both databases: its answer (or its error's code and message) from each. */
  async function both(text: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) {
    const answer = (db: PGlite) =>
      db.query(text, params, options).then(
        (result) => ({ result }),
        (error: { code?: string; message: string; query?: string }) => ({
          error: { code: error.code, message: error.message, query: error.query },
        }),
      );
    return { cached: await answer(cached), plain: await answer(plain) };
  }

  it('answers like query(): rows, fields and affected rows, each parameter serialised by its inferred type', async () => {
    const at = new Date('2030-01-02T03:04:05.678Z');
    const insert = await both(
      'INSERT INTO items (id, name, doc, tags, blob, at) VALUES ($1, $2, $3, $4, $5, $6), ($7, $8, $9, $10, $11, $12)',
      [
        1,
        'ada',
        { role: 'admin', n: [1, 2] },
        ['a', 'b,c'],
        new Uint8Array([0, 255, 7]),
        at,
        2,
        'bo',
        null,
        [],
        null,
        null,
      ],
    );
    expect(insert.cached).toEqual(insert.plain);
    expect(insert.cached).toMatchObject({ result: { affectedRows: 2 } });
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const select = await both('SELECT * FROM items WHERE id = ANY($1) ORDER BY id', [[1, 2]], options);
      expect(select.cached).toEqual(select.plain);
      expect(select.cached).toMatchObject({ result: { rows: { length: 2 } } });
    }
    const updated = await both('UPDATE items SET doc = $1 WHERE name = $2 RETURNING id, doc', [
      { x: 'y' },
      'ada',
    ]);
    expect(updated.cached).toEqual(updated.plain);
    expect(updated.cached).toMatchObject({ result: { rows: [{ id: 1, doc: { x: 'y' } }] } });
  });

  it('prepares a text once and binds it on every later call', async () => {
    const before = { ...stats };
    for (let i = 0; i < 5; i += 1) {
      await cached.query('INSERT INTO items (id, name) VALUES ($1, $2)', [i, `n${i}`]);
    }
    expect(stats.prepared - before.prepared).toBe(1);
    expect(stats.hits - before.hits).toBe(4);
    const held = await cached.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'gatehouse_%'",
    );
    expect(held.rows[0]?.n).toBe(stats.size);
  });

  it('fails like query() and keeps nothing that failed: a syntax error, a unique violation', async () => {
    const size = stats.size;
    const syntax = await both('SELECT FROM WHERE', []);
    expect(syntax.cached).toEqual(syntax.plain);
    expect(syntax.cached).toMatchObject({ error: { code: '42601', query: 'SELECT FROM WHERE' } });
    expect(stats.size).toBe(size);

    const insert = 'INSERT INTO items (id, name) VALUES ($1, $2)';
    await both(insert, [1, 'same']);
    const duplicate = await both(insert, [2, 'same']);
    expect(duplicate.cached).toEqual(duplicate.plain);
    expect(duplicate.cached).toMatchObject({ error: { code: '23505' } });
    // The statement itself is sound: the next call binds it again.
    expect((await cached.query(insert, [3, 'other'])).affectedRows).toBe(1);
  });

  it('runs inside transactions: a rollback undoes the rows, not the statements; an error aborts as query() does', async () => {
    const insert = 'INSERT INTO items (id, name) VALUES ($1, $2)';
    await expect(
      cached.transaction(async (tx) => {
        await tx.query(insert, [10, 'ten']);
        await tx.query(insert, [11, 'eleven']);
        await tx.rollback();
      }),
    ).resolves.toBeUndefined();
    expect((await cached.query('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 0 }]);

    const hits = stats.hits;
    await cached.transaction(async (tx) => {
      await tx.query(insert, [12, 'twelve']);
    });
    expect(stats.hits).toBe(hits + 1);
    await expect(
      cached.transaction(async (tx) => {
        await tx.query(insert, [13, 'twelve']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await cached.query('SELECT id FROM items ORDER BY id')).rows).toEqual([{ id: 12 }]);
    // A closed transaction refuses further queries, as PGlite's own does.
    let leaked: Awaited<Parameters<Parameters<PGlite['transaction']>[0]>[0]> | null = null;
    await cached.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
  });

  it('leaves DDL and settings to query(), and prepares again after DDL changed an answer’s shape', async () => {
    const size = stats.size;
    await cached.query('CREATE TEMP TABLE scratch (a int)');
    await cached.query("SET application_name = 'statement-cache-test'");
    expect(stats.size).toBe(size);

    await cached.query('INSERT INTO scratch (a) VALUES ($1)', [1]);
    expect((await cached.query('SELECT * FROM scratch')).rows).toEqual([{ a: 1 }]);
    await cached.query('ALTER TABLE scratch ADD COLUMN b int');
    // PostgreSQL refuses the old plan once (0A000); the cache forgets it, and the next call sees the new column.
    await expect(cached.query('SELECT * FROM scratch')).rejects.toMatchObject({ code: '0A000' });
    expect((await cached.query('SELECT * FROM scratch')).rows).toEqual([{ a: 1, b: null }]);
    // DEALLOCATE ALL drops every statement behind the cache's back: the first call to meet it fails (26000) and
    // empties the cache, and every text is prepared again.
    await cached.exec('DEALLOCATE ALL');
    await expect(cached.query('SELECT * FROM scratch')).rejects.toMatchObject({ code: '26000' });
    expect(stats.size).toBe(0);
    expect((await cached.query('SELECT * FROM scratch')).rows).toEqual([{ a: 1, b: null }]);
    expect((await cached.query('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 0 }]);
  });

  // Last: it turns `plain` into a second cached database (a third PGlite would cost this file another cold start).
  it('keeps at most its bound, dropping and closing the least recently used', async () => {
    const counters = installStatementCache(plain, 2);
    const held = async () =>
      (await plain.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows
        .length;
    await plain.query('SELECT 1 AS one');
    await plain.query('SELECT 2 AS two');
    await plain.query('SELECT 1 AS one');
    // The statement listing them is the third text: it pushes out 'two', the least recently used.
    expect(await held()).toBe(2);
    expect(counters.size).toBe(2);
    const prepared = counters.prepared;
    await plain.query('SELECT 1 AS one');
    expect(counters.prepared).toBe(prepared);
    await plain.query('SELECT 2 AS two');
    expect(counters.prepared).toBe(prepared + 1);
  });
});
