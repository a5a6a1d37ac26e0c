// Issue 26 item 3 (Messages), in the manner of security-query-plans.test.ts: the message log's list — newest first,
// all of a project's, by recipient, by status — is EXPLAINed on PostgreSQL with `enable_seqscan = off` over a log
// of 30,000 messages in two projects: each reads message_log by message_log_project_seq_idx or
// message_log_project_to_idx (never a Seq Scan), and finds a body in the outbox by its primary key. PostgreSQL only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessageLog } from '../../infra/delivery';
import { createTestApp, type TestApp } from '../../test-support/app';
import { type CapturedQuery, captureQueries } from '../../test-support/query-capture';
import { explainWithoutSeqScan } from '../../test-support/query-plans';

describe.skipIf(!process.env.TEST_DATABASE_URL)('message log query plans on PostgreSQL', () => {
  const capture = captureQueries();
  let t: TestApp;
  const captured: CapturedQuery[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
    const projectId = t.project.id;
    await t.ctx.db.execute(sql`INSERT INTO message_log (id, project_id, channel, "to", subject, status, provider, created_at)
      SELECT 'message-plan-' || n, CASE WHEN n % 3 = 0 THEN 'project-other' ELSE ${projectId} END,
        CASE WHEN n % 4 = 0 THEN 'sms' ELSE 'email' END,
        CASE WHEN n % 4 = 0 THEN '+1415555' || lpad((n % 10000)::text, 4, '0') ELSE 'user-' || (n % 5000) || '@example.com' END,
        NULL, CASE WHEN n % 50 = 0 THEN 'failed' ELSE 'sent' END, 'smtp', now() - n * interval '1 second'
      FROM generate_series(1, 30000) AS n`);
    await t.ctx.db.execute(sql`ANALYZE message_log`);
    capture.start('list');
    try {
      await listMessageLog(t.ctx.db, { projectId, limit: 100 });
      await listMessageLog(t.ctx.db, { projectId, to: 'USER-42@example.com', limit: 100 });
      await listMessageLog(t.ctx.db, { projectId, status: 'failed', channel: 'email', limit: 100 });
    } finally {
      capture.start(null);
    }
    captured.push(...capture.queries.filter((query) => /message_log/.test(query.text)));
  });
  afterAll(async () => {
    capture.stop();
    await t?.close();
  });

  const explain = (query: CapturedQuery) => explainWithoutSeqScan(t.handle.pool!, query);

  it('reads each list through a message_log index, never a Seq Scan, and the outbox by its key', async () => {
    expect(captured).toHaveLength(3);
    const [all, byRecipient, byStatus] = await Promise.all(captured.map(explain));
    for (const plan of [all!, byRecipient!, byStatus!]) {
      expect(plan.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
      expect(plan.map((node) => node['Index Name'])).toContain('outbox_messages_pkey');
    }
    expect(all!.map((node) => node['Index Name'])).toContain('message_log_project_seq_idx');
    expect(byRecipient!.map((node) => node['Index Name'])).toContain('message_log_project_to_idx');
    expect(byStatus!.map((node) => node['Index Name'])).toContain('message_log_project_seq_idx');
  });
});
