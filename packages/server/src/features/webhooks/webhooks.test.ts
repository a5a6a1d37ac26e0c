// Issue 25 item 2 "Tests that show it": webhooks to a loopback receiver — signed deliveries the receiver's own check
// accepts, a 500 retried with the same webhook-id (and a timestamp on every attempt), nothing queued for an event no
// endpoint wants or for a change rolled back, a crashed worker's delivery coming back after its lease, and two
// workers (two apps on one PostgreSQL; two cycles on one PGlite) delivering each message once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db/client';
import { purgeExpired } from '../../infra/purge';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { type EventExecutor, type EventType, recordEvent } from '../audit';
import { createTestClock } from '../sessions/test-fixtures';
import { createWebhookEndpoint, listWebhookDeliveries } from '.';
import { startTestReceiver, type TestReceiver } from './test-receiver';
import { deliverDueWebhooks, RETRY_DELAYS_MS, webhookWorkerDeps } from './worker';

const T0 = '2030-01-01T00:00:00.000Z';

describe.each(testDatabaseKinds())('webhook delivery on %s', (kind) => {
  const clock = createTestClock(T0);
  let t: TestApp;
  let receiver: TestReceiver;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    receiver = await startTestReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    clock.set(T0);
    await t.reset();
    receiver.received.length = 0;
    receiver.answer([]);
  });

  async function endpoint(path: string, events: string[]) {
    const created = await createWebhookEndpoint(t.ctx, {
      projectId: t.project.id,
      url: `${receiver.origin}${path}`,
      events,
    });
    receiver.secretFor(path, created.secret);
    return created.endpoint;
  }

  function record(type: EventType = 'user.created', executor: EventExecutor = t.ctx.db) {
    return recordEvent(
      executor,
      {
        projectId: t.project.id,
        type,
        actor: { type: 'anonymous' },
        subjectUserId: null,
        request: null,
        payload: { method: 'password', imported: false } as never,
      },
      clock.now(),
    );
  }

  const cycle = () => deliverDueWebhooks(webhookWorkerDeps(t.ctx));

  it('delivers a matching event, signed, in the Standard Webhooks envelope', async () => {
    const hook = await endpoint('/users', ['user.*']);
    const event = await record('user.created');
    expect(await cycle()).toMatchObject({ attempted: 1, succeeded: 1, failed: 0 });

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.verified).toBe(true);
    expect(delivery!.headers['webhook-id']).toBe(event.id);
    expect(delivery!.headers['webhook-timestamp']).toBe(String(Date.parse(T0) / 1000));
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(delivery!.body)).toEqual({
      type: 'user.created',
      timestamp: event.occurred_at,
      data: JSON.parse(JSON.stringify(event)),
    });

    const [logged] = await listWebhookDeliveries(t.ctx, { projectId: t.project.id, endpointId: hook.id });
    expect(logged).toMatchObject({
      event_id: event.id,
      event_type: 'user.created',
      status: 'succeeded',
      attempts: 1,
      next_attempt_at: null,
      last_status_code: 200,
      last_response_excerpt: 'ok',
      last_error: null,
    });
    expect(logged!.last_latency_ms).toBeGreaterThanOrEqual(0);
    expect(await cycle()).toMatchObject({ attempted: 0 });
  });

  it('queues nothing for an event no endpoint asks for, and only for endpoints that do', async () => {
    await endpoint('/users', ['user.*']);
    await endpoint('/sessions', ['session.created']);
    await endpoint('/everything', ['*']);
    await record('sign_in.failed');
    await record('session.revoked');
    const deliveries = await listWebhookDeliveries(t.ctx, { projectId: t.project.id });
    expect(deliveries.map((delivery) => delivery.event_type).sort()).toEqual([
      'session.revoked',
      'sign_in.failed',
    ]);
    expect(new Set(deliveries.map((delivery) => delivery.endpoint_id)).size).toBe(1);

    await t.reset();
    await record('user.created');
    expect(await listWebhookDeliveries(t.ctx, { projectId: t.project.id })).toEqual([]);
  });

  it('queues the deliveries in the transaction of the event: a rolled-back change leaves neither', async () => {
    await endpoint('/users', ['user.*']);
    await t.ctx.db
      .transaction(async (tx) => {
        await record('user.created', tx as unknown as Database);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await listWebhookDeliveries(t.ctx, { projectId: t.project.id })).toEqual([]);
    await t.ctx.db.transaction(async (tx) => {
      await record('user.created', tx as unknown as Database);
    });
    expect(await listWebhookDeliveries(t.ctx, { projectId: t.project.id })).toHaveLength(1);
  });

  it('retries a 500 after 5 s with the same webhook-id and a new timestamp, then logs the success', async () => {
    const hook = await endpoint('/flaky', ['user.created']);
    const event = await record('user.created');
    receiver.answer([500]);
    expect(await cycle()).toMatchObject({ attempted: 1, failed: 1 });
    let [logged] = await listWebhookDeliveries(t.ctx, { projectId: t.project.id, endpointId: hook.id });
    expect(logged).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_status_code: 500,
      last_response_excerpt: 'failed with 500',
      next_attempt_at: new Date(Date.parse(T0) + RETRY_DELAYS_MS[0]!).toISOString(),
    });
    // Issue 25 item 2: "first retry within 10 s".
    expect(RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(10_000);

    clock.advance(4_000);
    expect(await cycle()).toMatchObject({ attempted: 0 });
    clock.advance(1_000);
    expect(await cycle()).toMatchObject({ attempted: 1, succeeded: 1 });

    expect(receiver.received.map((each) => each.headers['webhook-id'])).toEqual([event.id, event.id]);
    expect(receiver.received.map((each) => each.headers['webhook-timestamp'])).toEqual([
      String(Date.parse(T0) / 1000),
      String(Date.parse(T0) / 1000 + 5),
    ]);
    expect(receiver.received.every((each) => each.verified)).toBe(true);
    // The same bytes each time: the body is frozen at enqueue.
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    [logged] = await listWebhookDeliveries(t.ctx, { projectId: t.project.id, endpointId: hook.id });
    expect(logged).toMatchObject({ status: 'succeeded', attempts: 2, last_status_code: 200 });
  });

  it('ordering per user is not promised, but every delivery carries its timestamp and the event time', async () => {
    await endpoint('/users', ['user.*']);
    const first = await record('user.created');
    clock.advance(1_000);
    const second = await record('user.updated');
    await cycle();
    expect(receiver.received).toHaveLength(2);
    const byId = new Map(receiver.received.map((each) => [each.headers['webhook-id'], each]));
    for (const event of [first, second]) {
      const delivery = byId.get(event.id)!;
      expect(delivery.headers['webhook-timestamp']).toMatch(/^\d+$/);
      expect(JSON.parse(delivery.body).timestamp).toBe(event.occurred_at);
    }
  });

  it("brings a crashed worker's delivery back once its lease ends, with the same webhook-id", async () => {
    await endpoint('/users', ['user.*']);
    const event = await record('user.created');
    // What a claim does, by a worker that then dies before reporting.
    await t.ctx.db.execute(sql`UPDATE webhook_deliveries SET attempts = 1,
      next_attempt_at = ${new Date(Date.parse(T0) + 60_000).toISOString()}::timestamptz`);
    expect(await cycle()).toMatchObject({ attempted: 0 });
    clock.advance(60_000);
    expect(await cycle()).toMatchObject({ attempted: 1, succeeded: 1 });
    expect(receiver.received.map((each) => each.headers['webhook-id'])).toEqual([event.id]);
    const [logged] = await listWebhookDeliveries(t.ctx, { projectId: t.project.id });
    expect(logged).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('two workers deliver each message once', async () => {
    await endpoint('/users', ['user.*']);
    const events = [];
    for (let index = 0; index < 30; index += 1) events.push(await record('user.updated'));
    // Two instances on PostgreSQL (each its own pool and worker); on PGlite, two workers sharing its one connection.
    const other = kind === 'postgres' ? (await t.sibling({ clock })).gatehouse : t.ctx;
    const small = (deps: ReturnType<typeof webhookWorkerDeps>) => ({ ...deps, batchSize: 4 });
    for (let round = 0; round < 20; round += 1) {
      const reports = await Promise.all([
        deliverDueWebhooks(small(webhookWorkerDeps(t.ctx))),
        deliverDueWebhooks(small(webhookWorkerDeps(other))),
      ]);
      if (reports.every((report) => report.attempted === 0)) break;
    }
    const ids = receiver.received.map((each) => each.headers['webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids)).toEqual(new Set(events.map((event) => event.id)));
    expect(receiver.received.every((each) => each.verified)).toBe(true);
    const logged = await listWebhookDeliveries(t.ctx, { projectId: t.project.id, limit: 100 });
    expect(logged.every((delivery) => delivery.status === 'succeeded' && delivery.attempts === 1)).toBe(true);
  });

  it("purges the delivery log with the event log's retention", async () => {
    await endpoint('/users', ['user.*']);
    const old = await record('user.created');
    clock.advance(t.ctx.config.eventRetentionDays * 24 * 3_600_000 + 1);
    const recent = await record('user.created');
    const report = await purgeExpired(t.ctx);
    expect(report.deleted).toMatchObject({ webhook_deliveries: 1, events: 1 });
    const left = await listWebhookDeliveries(t.ctx, { projectId: t.project.id });
    expect(left.map((delivery) => delivery.event_id)).toEqual([recent.id]);
    expect(old.id).not.toBe(recent.id);
  });

  it.runIf(kind === 'postgres')('skips, without waiting, a delivery another transaction holds', async () => {
    await endpoint('/users', ['user.*']);
    const held = await record('user.created');
    const free = await record('user.updated');
    const client = await t.handle.pool!.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT id FROM webhook_deliveries WHERE event_id = $1 FOR UPDATE', [held.id]);
      expect(await cycle()).toMatchObject({ attempted: 1, succeeded: 1 });
      expect(receiver.received.map((each) => each.headers['webhook-id'])).toEqual([free.id]);
    } finally {
      await client.query('COMMIT');
      client.release();
    }
    expect(await cycle()).toMatchObject({ attempted: 1, succeeded: 1 });
    expect(receiver.received.map((each) => each.headers['webhook-id'])).toEqual([free.id, held.id]);
  });

  it("the app's worker delivers on its own timer when its interval is set", async () => {
    const sibling = await t.sibling({ clock, config: { webhookWorkerIntervalMs: 20 } });
    await sibling.ready();
    await endpoint('/users', ['user.*']);
    const event = await record('user.created');
    for (let waited = 0; receiver.received.length === 0 && waited < 5_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(receiver.received.map((each) => each.headers['webhook-id'])).toEqual([event.id]);
    expect(receiver.received[0]!.verified).toBe(true);
  });
});
