// Issue 25 item 2: endpoints "declared in the project file … and managed through the admin API" (the service
// functions it calls), the delivery log, "replay of one delivery or a time range, and a test event".
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseProjectFile } from '../../infra/config';
import type { Database } from '../../infra/db/client';
import type { ApiError } from '../../infra/errors';
import { createSecretBox } from '../../infra/secret-box';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { recordEvent } from '../audit';
import { syncProjectFile } from '../projects';
import { createTestClock } from '../sessions/test-fixtures';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  reencryptWebhookSecrets,
  replayWebhookDeliveries,
  replayWebhookDelivery,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
  webhookEndpointSecret,
} from '.';
import { startTestReceiver, type TestReceiver } from './test-receiver';
import { deliverDueWebhooks, webhookWorkerDeps } from './worker';

const T0 = '2030-01-01T00:00:00.000Z';
const SECRET_A = `whsec_${Buffer.alloc(24, 1).toString('base64')}`;
const SECRET_B = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;

describe('the project file `webhooks` member', () => {
  const parse = (webhooks: unknown) => parseProjectFile([{ name: 'Shop', webhooks }]);
  const problem = (webhooks: unknown) => {
    try {
      parse(webhooks);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).message;
    }
    throw new Error('accepted');
  };

  it('reads url, secret and events', () => {
    const [shop] = parse([
      { url: 'https://hooks.example.com/in', secret: SECRET_A, events: ['user.*', 'user.*'] },
    ]);
    expect(shop!.webhooks).toEqual([
      { url: 'https://hooks.example.com/in', secret: SECRET_A, events: ['user.*'] },
    ]);
    expect(parseProjectFile([{ name: 'Bare' }])[0]!.webhooks).toEqual([]);
  });

  it('refuses a secret that is not whsec_ without printing it, unknown filters, bad or repeated URLs', () => {
    const secret = 'not-a-whsec-secret-value';
    const message = problem([{ url: 'https://a.example.com/', secret, events: ['*'] }]);
    expect(message).toContain('projects[0].webhooks[0].secret');
    expect(message).not.toContain(secret);
    expect(problem([{ url: 'https://a.example.com/', secret: SECRET_A, events: ['users.*'] }])).toContain(
      'projects[0].webhooks[0].events[0] is "users.*" names no event type',
    );
    expect(problem([{ url: 'ftp://a.example.com/', secret: SECRET_A, events: ['*'] }])).toContain(
      'webhooks[0].url',
    );
    const twice = { url: 'https://a.example.com/in', secret: SECRET_A, events: ['*'] };
    expect(problem([twice, twice])).toContain('webhooks[1].url');
    expect(problem([{ url: 'https://a.example.com/', secret: SECRET_A, events: [] }])).toContain(
      'webhooks[0].events',
    );
    expect(problem([{ url: 'https://a.example.com/', secret: SECRET_A, events: ['*'], extra: 1 }])).toContain(
      'extra',
    );
  });
});

describe.each(testDatabaseKinds())('webhook endpoints and deliveries on %s', (kind) => {
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

  const record = () =>
    recordEvent(
      t.ctx.db,
      {
        projectId: t.project.id,
        type: 'user.created',
        actor: { type: 'anonymous' },
        subjectUserId: null,
        request: null,
        payload: { method: 'password', imported: false },
      },
      clock.now(),
    );
  const cycle = () => deliverDueWebhooks(webhookWorkerDeps(t.ctx));
  const ids = {
    get projectId() {
      return t.project.id;
    },
  };

  it('syncs the file endpoints at each start: kept by URL, replaced, removed; API endpoints untouched', async () => {
    const name = `Filed ${randomBytes(3).toString('hex')}`;
    const sync = (webhooks: unknown[]) => syncProjectFile(t.ctx, parseProjectFile([{ name, webhooks }]));
    const [created] = (
      await sync([
        { url: `${receiver.origin}/a`, secret: SECRET_A, events: ['user.*'] },
        { url: `${receiver.origin}/b`, secret: SECRET_A, events: ['*'] },
      ])
    ).created;
    const projectId = created!.project.id;
    const api = await createWebhookEndpoint(t.ctx, {
      projectId,
      url: `${receiver.origin}/api`,
      events: ['*'],
    });
    const first = await listWebhookEndpoints(t.ctx, projectId);
    expect(
      first.map((endpoint) => [endpoint.url.replace(receiver.origin, ''), endpoint.source]).sort(),
    ).toEqual([
      ['/a', 'file'],
      ['/api', 'api'],
      ['/b', 'file'],
    ]);

    await sync([
      { url: `${receiver.origin}/a`, secret: SECRET_B, events: ['session.*'] },
      { url: `${receiver.origin}/c`, secret: SECRET_A, events: ['*'] },
    ]);
    const second = await listWebhookEndpoints(t.ctx, projectId);
    expect(second.map((endpoint) => endpoint.url.replace(receiver.origin, '')).sort()).toEqual([
      '/a',
      '/api',
      '/c',
    ]);
    const a = second.find((endpoint) => endpoint.url.endsWith('/a'))!;
    expect(a.id).toBe(first.find((endpoint) => endpoint.url.endsWith('/a'))!.id);
    expect(a.events).toEqual(['session.*']);
    expect(await webhookEndpointSecret(t.ctx, { projectId, endpointId: a.id })).toBe(SECRET_B);
    expect(second.find((endpoint) => endpoint.id === api.endpoint.id)?.source).toBe('api');

    // No `webhooks` in the file: no file endpoints.
    await sync([]);
    expect((await listWebhookEndpoints(t.ctx, projectId)).map((endpoint) => endpoint.source)).toEqual([
      'api',
    ]);
  });

  it('refuses at start, in production, a file endpoint over http or at a private address literal', async () => {
    const production = { ...t.ctx, config: { ...t.ctx.config, env: 'production' as const } };
    const sync = (url: string) =>
      syncProjectFile(
        production,
        parseProjectFile([{ name: 'Prod', webhooks: [{ url, secret: SECRET_A, events: ['*'] }] }]),
      );
    await expect(sync('http://hooks.example.com/in')).rejects.toThrow(/webhooks\[0\]\.url .*https/);
    await expect(sync('https://10.0.0.1/in')).rejects.toThrow(/address 10\.0\.0\.1 is private/);
    await expect(sync('https://[::1]/in')).rejects.toThrow(/address ::1 is loopback/);
  });

  it('creates, updates and deletes API endpoints; file endpoints are changed in the file only', async () => {
    const { endpoint, secret } = await createWebhookEndpoint(t.ctx, {
      projectId: ids.projectId,
      url: `${receiver.origin}/in`,
      events: ['user.created'],
    });
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ source: 'api', events: ['user.created'], disabled_at: null });
    const updated = await updateWebhookEndpoint(t.ctx, {
      projectId: ids.projectId,
      endpointId: endpoint.id,
      events: ['user.*', 'session.created'],
      secret: SECRET_B,
    });
    expect(updated.events).toEqual(['user.*', 'session.created']);
    expect(await webhookEndpointSecret(t.ctx, { projectId: ids.projectId, endpointId: endpoint.id })).toBe(
      SECRET_B,
    );

    const refused = (promise: Promise<unknown>) =>
      promise.catch((error: unknown) => (error as ApiError).errorType);
    expect(
      await refused(
        createWebhookEndpoint(t.ctx, {
          projectId: ids.projectId,
          url: 'https://a.example/',
          events: ['nope'],
        }),
      ),
    ).toBe('invalid_webhook_endpoint');
    expect(
      await refused(
        createWebhookEndpoint(t.ctx, {
          projectId: ids.projectId,
          url: 'https://a.example/',
          events: ['*'],
          secret: 'x',
        }),
      ),
    ).toBe('invalid_webhook_endpoint');
    expect(
      await refused(deleteWebhookEndpoint(t.ctx, { projectId: 'project-other', endpointId: endpoint.id })),
    ).toBe('webhook_endpoint_not_found');

    await syncProjectFile(
      t.ctx,
      parseProjectFile([
        { name: 'Filed', webhooks: [{ url: `${receiver.origin}/f`, secret: SECRET_A, events: ['*'] }] },
      ]),
    );
    const filed = (await t.ctx.db.query.projects.findFirst({ where: (p, { eq }) => eq(p.name, 'Filed') }))!;
    const [fileEndpoint] = await listWebhookEndpoints(t.ctx, filed.id);
    const fileIds = { projectId: filed.id, endpointId: fileEndpoint!.id };
    expect(await refused(updateWebhookEndpoint(t.ctx, { ...fileIds, events: ['*'] }))).toBe(
      'invalid_webhook_endpoint',
    );
    expect(await refused(deleteWebhookEndpoint(t.ctx, fileIds))).toBe('invalid_webhook_endpoint');

    await deleteWebhookEndpoint(t.ctx, { projectId: ids.projectId, endpointId: endpoint.id });
    expect(await listWebhookEndpoints(t.ctx, ids.projectId)).toEqual([]);
  });

  it('replays one delivery with the same webhook-id and body, as a new log entry', async () => {
    const { endpoint, secret } = await createWebhookEndpoint(t.ctx, {
      projectId: ids.projectId,
      url: `${receiver.origin}/in`,
      events: ['*'],
    });
    receiver.secretFor('/in', secret);
    const event = await record();
    await cycle();
    const [original] = await listWebhookDeliveries(t.ctx, { projectId: ids.projectId });
    clock.advance(60_000);
    const replay = await replayWebhookDelivery(t.ctx, { projectId: ids.projectId, deliveryId: original!.id });
    expect(replay).toMatchObject({
      endpoint_id: endpoint.id,
      event_id: event.id,
      status: 'pending',
      attempts: 0,
    });
    await cycle();
    expect(receiver.received.map((each) => each.headers['webhook-id'])).toEqual([event.id, event.id]);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received.every((each) => each.verified)).toBe(true);
    const log = await listWebhookDeliveries(t.ctx, { projectId: ids.projectId });
    expect(log.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('replays the dead deliveries of a time range, once per message', async () => {
    const { endpoint } = await createWebhookEndpoint(t.ctx, {
      projectId: ids.projectId,
      url: `${receiver.origin}/down`,
      events: ['*'],
    });
    receiver.answer(500);
    const early = await record();
    clock.advance(3_600_000);
    const late = await record();
    await cycle();
    // As the end of the retry schedule leaves them (webhooks.security.test.ts runs the whole schedule).
    await t.ctx.db.execute(sql`UPDATE webhook_deliveries SET status = 'dead', next_attempt_at = NULL`);
    const dead = await listWebhookDeliveries(t.ctx, { projectId: ids.projectId, statuses: ['dead'] });
    expect(dead).toHaveLength(2);

    receiver.answer([]);
    const range = { projectId: ids.projectId, endpointId: endpoint.id };
    // Only the late one's creation time is in [T0 + 30 min, T0 + 2 h).
    const from = new Date(Date.parse(T0) + 1_800_000);
    const to = new Date(Date.parse(T0) + 7_200_000);
    expect(await replayWebhookDeliveries(t.ctx, { ...range, from, to })).toBe(1);
    // Already queued again: a second replay of the range adds nothing.
    expect(await replayWebhookDeliveries(t.ctx, { ...range, from, to })).toBe(0);
    expect(await replayWebhookDeliveries(t.ctx, { ...range, from: new Date(T0), to })).toBe(1);
    receiver.received.length = 0;
    await cycle();
    expect(receiver.received.map((each) => each.headers['webhook-id']).sort()).toEqual(
      [early.id, late.id].sort(),
    );
  });

  it('sends a test event to that endpoint only, whatever its filters, without writing the event log', async () => {
    const chosen = await createWebhookEndpoint(t.ctx, {
      projectId: ids.projectId,
      url: `${receiver.origin}/chosen`,
      events: ['session.created'],
    });
    receiver.secretFor('/chosen', chosen.secret);
    await createWebhookEndpoint(t.ctx, {
      projectId: ids.projectId,
      url: `${receiver.origin}/other`,
      events: ['*'],
    });
    const delivery = await sendWebhookTestEvent(t.ctx, {
      projectId: ids.projectId,
      endpointId: chosen.endpoint.id,
    });
    expect(delivery.event_type).toBe('webhook.test');
    await cycle();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ path: '/chosen', verified: true });
    expect(receiver.received[0]!.headers['webhook-id']).toBe(delivery.event_id);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: 'webhook.test',
      timestamp: T0,
      data: { id: delivery.event_id, endpoint_id: chosen.endpoint.id, project_id: ids.projectId },
    });
    const events = await t.ctx.db.query.events.findMany();
    expect(events).toEqual([]);
  });

  it('re-encrypts the secrets under a rotated SECRET_KEY', async () => {
    const { endpoint, secret } = await createWebhookEndpoint(t.ctx, {
      projectId: ids.projectId,
      url: `${receiver.origin}/in`,
      events: ['*'],
    });
    const next = createSecretBox(randomBytes(32).toString('base64url'));
    await t.ctx.db.transaction(async (tx) => {
      expect(
        await reencryptWebhookSecrets.run(tx as unknown as Database, { from: t.ctx.secrets, to: next }),
      ).toBe(1);
    });
    const rotated = { ...t.ctx, secrets: next };
    expect(await webhookEndpointSecret(rotated, { projectId: ids.projectId, endpointId: endpoint.id })).toBe(
      secret,
    );
  });
});
