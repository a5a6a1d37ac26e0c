// Issue 26 item 3, in the manner of event-query-plans.test.ts: every statement of the Security screen
// (features/audit/security-stats.ts) and of the System screen's webhook backlog (features/webhooks/backlog.ts) is
// EXPLAINed on PostgreSQL with `enable_seqscan = off`. The security statements read one project's rows of named types
// and must be answered by events_project_type_seq_idx, not by a walk over the whole log; the backlog's counts by
// webhook_deliveries_due_idx. PostgreSQL only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { type CapturedQuery, captureQueries } from '../../test-support/query-capture';
import { explainWithoutSeqScan } from '../../test-support/query-plans';
import { projectSecurityStats } from '../audit';
import { createProject } from '../projects/project-service';
import { webhookBacklog } from '../webhooks';

describe.skipIf(!process.env.TEST_DATABASE_URL)('security and system query plans on PostgreSQL', () => {
  const capture = captureQueries();
  let t: TestApp;
  const captured: CapturedQuery[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
    const projectId = t.project.id;
    const other = (
      await createProject(t.ctx, {
        name: 'Other',
        allowedOrigins: [],
        allowedRedirectUrls: [],
        enabledProducts: [],
      })
    ).project.id;
    // A log shaped like a real one: mostly refreshes and sign-ins, a few refusals of each kind, another project's.
    for (let chunk = 0; chunk < 6; chunk += 1) {
      await t.ctx.db.execute(sql`INSERT INTO events
        (id, project_id, type, occurred_at, actor_type, actor_id, subject_user_id, ip_address, payload)
      SELECT 'event-security-' || n, CASE WHEN n % 3 = 0 THEN ${other} ELSE ${projectId} END,
        CASE WHEN n % 100 < 2 THEN 'sign_in.failed' WHEN n % 100 < 3 THEN 'rate_limit.hit'
          WHEN n % 100 < 4 THEN 'captcha.issued' WHEN n % 100 < 5 THEN 'captcha.required'
          WHEN n % 100 < 6 THEN 'message.sent' WHEN n % 100 < 12 THEN 'session.created'
          ELSE 'session.refreshed' END,
        now() - n * interval '1 second', 'anonymous', null, null,
        '203.0.113.' || (n % 250),
        jsonb_build_object('method', 'password', 'reason', 'wrong_password', 'rule', 'otpSendsPerIp',
          'action', '/otps/authenticate', 'max_counter', 20000, 'channel', 'sms', 'country', 'GB')
      FROM generate_series(${chunk * 5000 + 1}::int, ${chunk * 5000 + 5000}::int) AS n`);
    }
    await t.ctx.db.execute(sql`ANALYZE events`);
    await t.ctx.db.execute(sql`ANALYZE webhook_deliveries`);

    capture.start('security');
    try {
      await projectSecurityStats(t.ctx, { projectId });
    } finally {
      capture.start(null);
    }
    capture.start('backlog');
    try {
      await webhookBacklog(t.ctx);
    } finally {
      capture.start(null);
    }
    captured.push(...capture.queries);
  });
  afterAll(async () => {
    capture.stop();
    await t?.close();
  });

  const explain = (query: CapturedQuery) => explainWithoutSeqScan(t.handle.pool!, query);

  it('reads the Security statements through events_project_type_seq_idx, never a Seq Scan on events', async () => {
    const security = captured.filter((query) => query.flow === 'security' && /\bevents\b/.test(query.text));
    // The grouped counts, rule × IP, the failing IPs, their reasons, the newest challenge.
    expect(security.length).toBe(5);
    for (const query of security) {
      const plan = await explain(query);
      const scans = plan.filter(
        (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'events',
      );
      expect(scans, query.text).toEqual([]);
      expect(
        plan.map((node) => node['Index Name']),
        query.text,
      ).toContain('events_project_type_seq_idx');
    }
  });

  it('counts the webhook backlog through webhook_deliveries_due_idx', async () => {
    const backlog = captured.filter(
      (query) => query.flow === 'backlog' && /webhook_deliveries/.test(query.text),
    );
    expect(backlog).toHaveLength(1);
    const plan = await explain(backlog[0]!);
    expect(
      plan.filter(
        (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'webhook_deliveries',
      ),
    ).toEqual([]);
    expect(plan.map((node) => node['Index Name'])).toContain('webhook_deliveries_due_idx');
  });
});
