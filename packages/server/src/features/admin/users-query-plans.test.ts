// Issue 25 item 3, in the manner of webhook-query-plans.test.ts: the admin API's user list and search, EXPLAINed
// with `enable_seqscan = off`. The project's users are reached through users_project_created_idx and every identifier test
// through its table's user_id index; a Seq Scan left on one of these tables means no index can answer it.
// PostgreSQL only. Issue 26 item 4 (a million users): the list walks users_project_created_idx backwards instead of
// sorting, and the text's matches are read first through the trigram indexes of migration 0024. Issue 26 item 3: the
// sorts by last sign-in and the filters by method, verified, last sign-in and metadata (migration 0025).
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { type PlanNode, planNodes, seqScans, withSeqScanOff } from '../../test-support/query-plans';
import { ADMIN_USER_METHODS, adminUserCandidatesQuery, adminUserPageQuery } from '../users/admin-user-search';
import { encodeCursor } from './cursor';

const USER_TABLES =
  /^(users|user_emails|user_phone_numbers|crypto_wallets|passwords|webauthn_registrations|totps|oauth_registrations)$/;

describe.skipIf(!process.env.TEST_DATABASE_URL)('admin user list query plans on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
  });
  afterAll(() => t?.close());

  it('plans the list, every filter, the text search and a cursor page on indexes', async () => {
    const projectId = t.project.id;
    const cursor = encodeCursor({
      by: 'created_at',
      order: 'desc',
      key: '2030-01-01 00:00:00+00',
      id: 'user-x',
    });
    const signInCursor = (order: 'asc' | 'desc') =>
      encodeCursor({ by: 'last_sign_in_at', order, key: '2030-01-01 00:00:00+00', id: 'user-x' });
    const lastSignIn = { by: 'last_sign_in_at', order: 'desc' } as const;
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
      // Issue 26 item 3: the console's filters and sorts (migration 0025), each alone and together.
      adminUserPageQuery(projectId, {}, { limit: 50, cursor: null }, null, lastSignIn),
      adminUserPageQuery(projectId, {}, { limit: 50, cursor: signInCursor('desc') }, null, lastSignIn),
      adminUserPageQuery(projectId, {}, { limit: 50, cursor: signInCursor('asc') }, null, {
        by: 'last_sign_in_at',
        order: 'asc',
      }),
      adminUserPageQuery(
        projectId,
        {},
        {
          limit: 50,
          cursor: encodeCursor({ by: 'created_at', order: 'asc', key: '2030-01-01 00:00:00+00', id: 'u' }),
        },
        null,
        { by: 'created_at', order: 'asc' },
      ),
      adminUserPageQuery(
        projectId,
        { lastSignInAfter: '2029-01-01T00:00:00Z', lastSignInBefore: '2031-01-01T00:00:00Z' },
        { limit: 50, cursor: null },
        null,
        lastSignIn,
      ),
      ...ADMIN_USER_METHODS.map((method) =>
        adminUserPageQuery(projectId, { method }, { limit: 50, cursor: null }),
      ),
      adminUserPageQuery(projectId, { verified: true }, { limit: 50, cursor: null }),
      adminUserPageQuery(projectId, { verified: false }, { limit: 50, cursor }),
      adminUserPageQuery(
        projectId,
        { metadata: [{ kind: 'trusted', key: 'plan', value: 'pro' }] },
        { limit: 50, cursor: null },
      ),
      adminUserPageQuery(
        projectId,
        { metadata: [{ kind: 'untrusted', key: 'beta', value: true }], method: 'passkey', verified: true },
        { limit: 50, cursor: signInCursor('desc') },
        null,
        lastSignIn,
      ),
      adminUserCandidatesQuery(projectId, '+1 415 555'),
      adminUserCandidatesQuery(projectId, 'ada@example'),
    ];
    const dialect = new PgDialect();
    const violations: string[] = [];
    const plans: PlanNode[] = [];
    await withSeqScanOff(t.handle.pool!, async (explain) => {
      for (const statement of statements) {
        const query = dialect.sqlToQuery(statement);
        const plan = await explain(query.sql, query.params);
        plans.push(plan);
        const scanned = seqScans(plan).filter((table) => USER_TABLES.test(table));
        if (scanned.length > 0) violations.push(`Seq Scan on ${scanned.join(', ')} in\n${query.sql}`);
      }
    });
    expect(violations).toEqual([]);
    // The plain list is read in the index's order: no sort of the project's users.
    expect(planNodes(plans[0]!).map((node) => node['Node Type'])).not.toContain('Sort');
    expect(planNodes(plans[0]!).map((node) => node['Index Name'])).toContain('users_project_created_idx');
    // The blocked users (a handful among millions) from their own partial index.
    expect(planNodes(plans[4]!).map((node) => node['Index Name'])).toContain('users_project_blocked_idx');
    // Issue 26 item 3: by last sign-in, either way and in a range, read in users_project_last_sign_in_idx's order.
    for (const plan of plans.slice(5, 10)) {
      const walked = planNodes(plan);
      expect(walked.map((node) => node['Node Type'])).not.toContain('Sort');
      expect(walked.map((node) => node['Index Name'])).toContain(
        plan === plans[8] ? 'users_project_created_idx' : 'users_project_last_sign_in_idx',
      );
    }
    // The users with nothing verified from their own partial index (a walk with a test per user took seconds at 1M).
    const unverified = plans[10 + ADMIN_USER_METHODS.length + 1]!;
    expect(planNodes(unverified).map((node) => node['Index Name'])).toContain('users_project_unverified_idx');
    // The metadata filter reaches a GIN index on the metadata (or walks the project's users on their index).
    const metadataIndexes = planNodes(plans.at(-4)!).map((node) => node['Index Name']);
    expect(
      metadataIndexes.includes('users_trusted_metadata_idx') ||
        metadataIndexes.includes('users_project_created_idx'),
    ).toBe(true);
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
