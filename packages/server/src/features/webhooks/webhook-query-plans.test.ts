// Issue 25 item 2, in the manner of hot-query-plans.test.ts (issue 23 item 6): every statement of the webhook path —
// the enqueue that runs with every event, the workers' claim and report, the delivery log and the replays — is
// EXPLAINed with `enable_seqscan = off`; a Seq Scan left on an application table means no index can answer it.
// PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { type CapturedQuery, captureQueries } from '../../test-support/query-capture';
import { seqScans, withSeqScanOff } from '../../test-support/query-plans';
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
    const violations: string[] = [];
    await withSeqScanOff(t.handle.pool!, async (explain) => {
      for (const query of explainable) {
        const scanned = seqScans(await explain(query.text, query.values)).filter((table) =>
          WEBHOOK_TABLES.test(table),
        );
        if (scanned.length > 0) violations.push(`Seq Scan on ${scanned.join(', ')} in\n${query.text}`);
      }
    });
    expect(violations).toEqual([]);
  });
});
