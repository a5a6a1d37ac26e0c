// Issue 25 item 3, in the manner of webhook-query-plans.test.ts: the admin API's event queries — a type filter
// (exact, several, a prefix), a user filter, a page after a cursor, the other filters, one event, the stats — are
// EXPLAINed on PostgreSQL with `enable_seqscan = off`: no Seq Scan may be left on `events`, and the type and user
// filters must be answered by their own indexes of migration 0019 (events_project_type_seq_idx,
// events_project_subject_seq_idx), not by a walk over the whole project's log. PostgreSQL only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { type CapturedQuery, captureQueries } from '../../test-support/query-capture';
import { explainWithoutSeqScan } from '../../test-support/query-plans';
import { createProject } from '../projects/project-service';
import { getEvent, listEvents } from './event-query';
import { projectStats } from './stats';

describe.skipIf(!process.env.TEST_DATABASE_URL)('event query plans on PostgreSQL', () => {
  const capture = captureQueries();
  let t: TestApp;
  const captured: CapturedQuery[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
    const projectId = t.project.id;
    // A log of some size, shaped like a real one: mostly refreshes, a few sign-ins, failures and sign-ups, many users,
    // and another project's log beside it — where walking the project's whole log for one type would be slow.
    const other = (
      await createProject(t.ctx, {
        name: 'Other',
        allowedOrigins: [],
        allowedRedirectUrls: [],
        enabledProducts: [],
      })
    ).project.id;
    // In chunks: each statement stays well inside the app's statement timeout on a loaded machine.
    for (let chunk = 0; chunk < 6; chunk += 1) {
      await t.ctx.db.execute(sql`INSERT INTO events
        (id, project_id, type, occurred_at, actor_type, actor_id, subject_user_id, ip_address, payload)
      SELECT 'event-plan-' || n, CASE WHEN n % 3 = 0 THEN ${other} ELSE ${projectId} END,
        CASE WHEN n % 100 < 2 THEN 'sign_in.failed' WHEN n % 100 < 3 THEN 'user.created'
          WHEN n % 100 < 4 THEN 'rate_limit.hit' WHEN n % 100 < 10 THEN 'session.created'
          ELSE 'session.refreshed' END,
        now() - n * interval '1 second', 'user', 'user-' || (n % 2000), 'user-' || (n % 2000),
        '203.0.113.' || (n % 250), jsonb_build_object('method', 'otp', 'reason', 'wrong_code', 'rule', 'x')
      FROM generate_series(${chunk * 5000 + 1}::int, ${chunk * 5000 + 5000}::int) AS n`);
    }
    await t.ctx.db.execute(sql`ANALYZE events`);

    const run = async (flow: string, action: () => Promise<unknown>) => {
      capture.start(flow);
      try {
        await action();
      } finally {
        capture.start(null);
      }
    };
    const list = (filters: Parameters<typeof listEvents>[1]['filters'], cursor?: string) =>
      listEvents(t.ctx, { projectId, filters, limit: 100, ...(cursor ? { cursor } : {}) });
    await run('type', () => list({ types: ['sign_in.failed'] }));
    await run('types', () => list({ types: ['user.created', 'session.created'] }));
    await run('prefix', () => list({ types: ['sign_in.*'] }));
    await run('user', () => list({ subjectUserId: 'user-7' }));
    const page = await list({ types: ['sign_in.failed'] });
    await run('type-cursor', () => list({ types: ['sign_in.failed'] }, page.next_cursor!));
    await run('user-type', () => list({ subjectUserId: 'user-7', types: ['session.created'] }));
    await run('ip-time', () =>
      list({ ip: '203.0.113.9', from: new Date(Date.now() - 86_400_000), to: new Date(), actor: 'user' }),
    );
    await run('one', () => getEvent(t.ctx, { projectId, eventId: 'event-plan-5' }));
    await run('stats', () => projectStats(t.ctx, { projectId, interval: 'day' }));
    captured.push(...capture.queries.filter((query) => /\bevents\b/.test(query.text)));
  });
  afterAll(async () => {
    capture.stop();
    await t?.close();
  });

  const explain = (query: CapturedQuery) => explainWithoutSeqScan(t.handle.pool!, query);

  it('plans no statement of the event list, the event and the stats with a Seq Scan on events', async () => {
    const flows = new Set(captured.map((query) => query.flow));
    expect([...flows].sort()).toEqual(
      ['ip-time', 'one', 'prefix', 'stats', 'type', 'type-cursor', 'types', 'user', 'user-type'].sort(),
    );
    const violations: string[] = [];
    for (const query of captured) {
      const scanned = (await explain(query)).filter(
        (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'events',
      );
      if (scanned.length > 0) violations.push(`${query.flow}: Seq Scan on events in\n${query.text}`);
    }
    expect(violations).toEqual([]);
  });

  it('answers a type filter from events_project_type_seq_idx and a user filter from events_project_subject_seq_idx', async () => {
    const indexesOf = async (flow: string) => {
      const query = captured.find((each) => each.flow === flow);
      expect(query, flow).toBeDefined();
      return (await explain(query!)).map((node) => node['Index Name']).filter(Boolean);
    };
    for (const flow of ['type', 'type-cursor', 'types', 'prefix']) {
      expect(await indexesOf(flow), flow).toContain('events_project_type_seq_idx');
    }
    expect(await indexesOf('user')).toContain('events_project_subject_seq_idx');
    expect(await indexesOf('one')).toContain('events_pkey');
  });
});
