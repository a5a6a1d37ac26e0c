// Issue 25 item 3, in the manner of webhook-query-plans.test.ts: the admin API's user list and search, EXPLAINed
// with `enable_seqscan = off`. The project's users are reached through users_project_created_idx and every identifier test
// through its table's user_id index; a Seq Scan left on one of these tables means no index can answer it.
// PostgreSQL only. Issue 26 item 4 (a million users): the list walks users_project_created_idx backwards instead of
// sorting, and the text's matches are read first through the trigram indexes of migration 0024.
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { adminUserCandidatesQuery, adminUserPageQuery } from '../users/admin-user-search';
import { encodeCursor } from './cursor';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

const USER_TABLES = /^(users|user_emails|user_phone_numbers|crypto_wallets)$/;

describe.skipIf(!process.env.TEST_DATABASE_URL)('admin user list query plans on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
  });
  afterAll(() => t?.close());

  it('plans the list, every filter, the text search and a cursor page on indexes', async () => {
    const projectId = t.project.id;
    const cursor = encodeCursor({ created_at: '2030-01-01 00:00:00+00', id: 'user-x' });
    const statements = [
      adminUserPageQuery(projectId, {}, { limit: 50, cursor: null }),
      adminUserPageQuery(
        projectId,
        {
          q: '+1 415 555',
          status: 'active',
          blocked: false,
          createdAfter: '2029-01-01T00:00:00Z',
          createdBefore: '2031-01-01T00:00:00Z',
        },
        { limit: 50, cursor },
      ),
      adminUserPageQuery(projectId, { q: 'ada@example', blocked: true }, { limit: 10, cursor: null }),
      adminUserPageQuery(projectId, { q: 'ada@example' }, { limit: 50, cursor }, ['user-a', 'user-b']),
      adminUserPageQuery(projectId, { blocked: true }, { limit: 50, cursor: null }),
      adminUserCandidatesQuery(projectId, '+1 415 555'),
      adminUserCandidatesQuery(projectId, 'ada@example'),
    ];
    const dialect = new PgDialect();
    const client = await t.handle.pool!.connect();
    const violations: string[] = [];
    const plans: PlanNode[] = [];
    try {
      await client.query('SET enable_seqscan = off');
      for (const statement of statements) {
        const query = dialect.sqlToQuery(statement);
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
          `EXPLAIN (FORMAT JSON) ${query.sql}`,
          query.params,
        );
        const plan = rows[0]!['QUERY PLAN'][0]!.Plan;
        plans.push(plan);
        const scanned = seqScans(plan).filter((table) => USER_TABLES.test(table));
        if (scanned.length > 0) violations.push(`Seq Scan on ${scanned.join(', ')} in\n${query.sql}`);
      }
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
    expect(violations).toEqual([]);
    // The plain list is read in the index's order: no sort of the project's users.
    expect(nodes(plans[0]!).map((node) => node['Node Type'])).not.toContain('Sort');
    expect(nodes(plans[0]!).map((node) => node['Index Name'])).toContain('users_project_created_idx');
    // The blocked users (a handful among millions) from their own partial index.
    expect(nodes(plans.at(-3)!).map((node) => node['Index Name'])).toContain('users_project_blocked_idx');
    // The matches of a text can come from trigram indexes (migration 0024): at this table size the planner may
    // still prefer the project's btree indexes; bench/console-users-list.ts prints the plan's indexes at 1M users.
    const { rows } = await t.handle.pool!.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%\\_trgm\\_idx' ORDER BY indexname",
    );
    expect(rows.map((row) => row.indexname)).toEqual([
      'crypto_wallets_address_trgm_idx',
      'user_emails_email_trgm_idx',
      'user_phone_numbers_phone_trgm_idx',
      'users_name_trgm_idx',
      'users_username_trgm_idx',
    ]);
  });
});
