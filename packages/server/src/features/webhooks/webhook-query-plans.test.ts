// Issue 25 item 2, in the manner of hot-query-plans.test.ts (issue 23 item 6): every statement of the webhook path —
// the enqueue that runs with every event, the workers' claim and report, the delivery log and the replays — is
// EXPLAINed with `enable_seqscan = off`; a Seq Scan left on an application table means no index can answer it.
// PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { type CapturedQuery, captureQueries } from '../../test-support/query-capture';
import { recordEvent } from '../audit';
import { createTestClock } from '../sessions/test-fixtures';
import {
  createWebhookEndpoint,
  enableWebhookEndpoint,
  listWebhookDeliveries,
  replayWebhookDeliveries,
  replayWebhookDelivery,
  sendWebhookTestEvent,
} from '.';
import { startTestReceiver, type TestReceiver } from './test-receiver';
import { deliverDueWebhooks, webhookWorkerDeps } from './worker';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

const EXPLAINABLE = /^\s*(\(?\s*select|insert|update|delete|with)\b/i;
const WEBHOOK_TABLES = /webhook_(endpoints|deliveries)/;

describe.skipIf(!process.env.TEST_DATABASE_URL)('webhook query plans on PostgreSQL', () => {
  const clock = createTestClock('2030-01-01T00:00:00.000Z');
  const capture = captureQueries();
  let t: TestApp;
  let receiver: TestReceiver;
  const captured: CapturedQuery[] = [];

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres', clock });
    receiver = await startTestReceiver();
    const projectId = t.project.id;
    const { endpoint } = await createWebhookEndpoint(t.ctx, {
      projectId,
      url: `${receiver.origin}/in`,
      events: ['user.*'],
    });
    const record = () =>
      recordEvent(
        t.ctx.db,
        {
          projectId,
          type: 'user.created',
          actor: { type: 'anonymous' },
          subjectUserId: null,
          request: null,
          payload: { method: 'password', imported: false },
        },
        clock.now(),
      );
    capture.start('webhooks');
    try {
      await record();
      receiver.answer([500]);
      await deliverDueWebhooks(webhookWorkerDeps(t.ctx));
      clock.advance(5_000);
      await deliverDueWebhooks(webhookWorkerDeps(t.ctx));
      const [delivery] = await listWebhookDeliveries(t.ctx, { projectId });
      await listWebhookDeliveries(t.ctx, { projectId, endpointId: endpoint.id, statuses: ['dead'] });
      await replayWebhookDelivery(t.ctx, { projectId, deliveryId: delivery!.id });
      await replayWebhookDeliveries(t.ctx, {
        projectId,
        endpointId: endpoint.id,
        from: new Date(0),
        to: clock.now(),
        statuses: ['succeeded'],
      });
      await sendWebhookTestEvent(t.ctx, { projectId, endpointId: endpoint.id });
      await enableWebhookEndpoint(t.ctx, { projectId, endpointId: endpoint.id });
    } finally {
      capture.start(null);
    }
    captured.push(...capture.queries);
  });
  afterAll(async () => {
    capture.stop();
    await receiver?.close();
    await t?.close();
  });

  it('plans every statement on the webhook tables on an index', async () => {
    const explainable = captured.filter(
      (query) => EXPLAINABLE.test(query.text) && WEBHOOK_TABLES.test(query.text),
    );
    expect(explainable.length).toBeGreaterThanOrEqual(8);
    const client = await t.handle.pool!.connect();
    const violations: string[] = [];
    try {
      await client.query('SET enable_seqscan = off');
      for (const query of explainable) {
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
          `EXPLAIN (FORMAT JSON) ${query.text}`,
          query.values,
        );
        const scanned = seqScans(rows[0]!['QUERY PLAN'][0]!.Plan).filter((table) =>
          WEBHOOK_TABLES.test(table),
        );
        if (scanned.length > 0) violations.push(`Seq Scan on ${scanned.join(', ')} in\n${query.text}`);
      }
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
    expect(violations).toEqual([]);
  });
});
