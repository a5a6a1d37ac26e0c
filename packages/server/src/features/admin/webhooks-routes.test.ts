// Issue 25 items 2 and 3: webhook endpoints and their delivery log through the admin API — made, changed, tested,
// replayed, their secret revealed and rotated, each change an event; read-only keys refused every change.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { recordEvent } from '../audit';
import { rowsOf } from '../users/user-sql';
import { startTestReceiver, type TestReceiver } from '../webhooks/test-receiver';
import { deliverDueWebhooks, webhookWorkerDeps } from '../webhooks/worker';

describe.each(testDatabaseKinds())('webhooks through the admin API on %s', (kind) => {
  let t: TestApp;
  let receiver: TestReceiver;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY, webhookWorkerIntervalMs: 0 } });
    receiver = await startTestReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    receiver.received.length = 0;
    receiver.answer([]);
  });

  const base = () => `/projects/${t.project.id}`;
  const rows = async (query: SQL) => rowsOf<Record<string, unknown>>(await t.ctx.db.execute(query));
  const cycle = () => deliverDueWebhooks(webhookWorkerDeps(t.ctx));

  async function makeEndpoint(events = ['user.*']) {
    const response = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/webhooks`,
      body: { url: `${receiver.origin}/hook`, events },
    });
    expect(response.statusCode).toBe(201);
    const made = response.json() as { endpoint: { id: string; url: string }; secret: string };
    receiver.secretFor('/hook', made.secret);
    return made;
  }

  it('makes an endpoint whose secret is shown once, lists it without the secret, and sends it a signed test event', async () => {
    const { endpoint, secret } = await makeEndpoint();
    expect(secret).toMatch(/^whsec_/);
    const listed = await adminCall(t.app, { method: 'GET', path: `${base()}/webhooks` });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json()).toMatchObject({ items: [{ id: endpoint.id, events: ['user.*'], source: 'api' }] });

    const test = await adminCall(t.app, { method: 'POST', path: `${base()}/webhooks/${endpoint.id}/test` });
    expect(test.json()).toMatchObject({ delivery: { event_type: 'webhook.test', status: 'pending' } });
    await cycle();
    expect(receiver.received.map((hook) => [hook.verified, JSON.parse(hook.body).type])).toEqual([
      [true, 'webhook.test'],
    ]);
    const log = await adminCall(t.app, { method: 'GET', path: `${base()}/webhook-deliveries` });
    expect(log.json()).toMatchObject({
      items: [{ status: 'succeeded', last_status_code: 200, attempts: 1 }],
      next_cursor: null,
    });
    expect(
      await rows(sql`SELECT type, actor_id, payload FROM events WHERE type LIKE 'webhook_endpoint.%'`),
    ).toEqual([
      {
        type: 'webhook_endpoint.created',
        actor_id: 'bootstrap',
        payload: { endpoint_id: endpoint.id, url: endpoint.url, events: ['user.*'] },
      },
    ]);
  });

  it('pages the delivery log by cursor without gaps or repeats, and replays one delivery and a time range', async () => {
    // user.* only: with `*` the admin calls' own events would be delivered too.
    const { endpoint } = await makeEndpoint(['user.*']);
    receiver.answer(500);
    for (let index = 0; index < 5; index += 1) {
      await recordEvent(t.ctx.db, {
        projectId: t.project.id,
        type: 'user.updated',
        actor: { type: 'system', id: 'test' },
        subjectUserId: null,
        request: null,
        payload: { fields: [`f${index}`] },
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const query: string = `?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`;
      const response = await adminCall(t.app, {
        method: 'GET',
        path: `${base()}/webhook-deliveries${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { items: Array<{ id: string }>; next_cursor: string | null };
      seen.push(...body.items.map((item) => item.id));
      cursor = body.next_cursor;
      if (cursor === null) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);

    const replayed = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/webhook-deliveries/${seen[0]}/replay`,
    });
    expect(replayed.json()).toMatchObject({ delivery: { status: 'pending', attempts: 0 } });
    // A time range replays only messages with nothing queued: the five are still pending, so none here.
    const range = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/webhooks/${endpoint.id}/replay`,
      body: { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z', statuses: ['pending', 'failed'] },
    });
    expect(range.json()).toEqual({ queued: 0 });
    const backwards = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/webhooks/${endpoint.id}/replay`,
      body: { from: '2100-01-01T00:00:00Z', to: '2000-01-01T00:00:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
    const forged = await adminCall(t.app, {
      method: 'GET',
      path: `${base()}/webhook-deliveries?cursor=bm9wZQ`,
    });
    expect(forged.json()).toMatchObject({ status_code: 400, error_type: 'invalid_admin_request' });
  });

  it('changes filters with before and after, reveals and rotates the secret (never in an event), deletes', async () => {
    const { endpoint, secret } = await makeEndpoint();
    const patched = await adminCall(t.app, {
      method: 'PATCH',
      path: `${base()}/webhooks/${endpoint.id}`,
      body: { events: ['session.*'] },
    });
    expect(patched.json()).toMatchObject({ endpoint: { events: ['session.*'] } });
    const revealed = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/webhooks/${endpoint.id}/secret`,
      body: {},
    });
    expect(revealed.json()).toEqual({ secret });
    const rotated = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/webhooks/${endpoint.id}/secret`,
      body: { rotate: true },
    });
    const next = (rotated.json() as { secret: string }).secret;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const deleted = await adminCall(t.app, { method: 'DELETE', path: `${base()}/webhooks/${endpoint.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await adminCall(t.app, { method: 'GET', path: `${base()}/webhooks/${endpoint.id}` })).statusCode,
    ).toBe(404);
    const changes = await rows(
      sql`SELECT type, payload FROM events WHERE type LIKE 'webhook_endpoint.%' ORDER BY seq`,
    );
    expect(changes.map((event) => event.type)).toEqual([
      'webhook_endpoint.created',
      'webhook_endpoint.updated',
      'webhook_endpoint.updated',
      'webhook_endpoint.deleted',
    ]);
    expect(changes[1]?.payload).toEqual({
      endpoint_id: endpoint.id,
      fields: ['events'],
      before: { events: ['user.*'] },
      after: { events: ['session.*'] },
    });
    const everything = JSON.stringify(await rows(sql`SELECT payload FROM events`));
    for (const value of [secret, next]) expect(everything).not.toContain(value.slice(6));
  });

  it('a webhooks:read key lists but changes nothing (403), an unknown project is 404, a URL that is not http(s) is refused', async () => {
    const { endpoint } = await makeEndpoint();
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'reader', scopes: ['webhooks:read'] },
    });
    const { key } = made.json() as { key: string };
    expect((await adminCall(t.app, { method: 'GET', path: `${base()}/webhooks`, key })).statusCode).toBe(200);
    for (const call of [
      {
        method: 'POST' as const,
        path: `${base()}/webhooks`,
        body: { url: 'http://127.0.0.1:1/x', events: ['*'] },
      },
      { method: 'POST' as const, path: `${base()}/webhooks/${endpoint.id}/secret`, body: {} },
      { method: 'DELETE' as const, path: `${base()}/webhooks/${endpoint.id}` },
    ]) {
      const response = await adminCall(t.app, { ...call, key });
      expect(response.statusCode, call.path).toBe(403);
    }
    expect(
      (await adminCall(t.app, { method: 'GET', path: '/projects/project-test-nope/webhooks' })).json(),
    ).toMatchObject({ status_code: 404, error_type: 'project_not_found' });
    const refused = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/webhooks`,
      body: { url: 'ftp://example.com/x', events: ['*'] },
    });
    expect(refused.json()).toMatchObject({ status_code: 400, error_type: 'invalid_webhook_endpoint' });
    expect(await rows(sql`SELECT count(*)::int AS n FROM webhook_endpoints`)).toEqual([{ n: 1 }]);
  });
});
