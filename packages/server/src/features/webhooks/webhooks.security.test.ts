// Issue 25 item 2, security properties: "SSRF refusals in production mode for private and loopback addresses,
// including a name that resolves to one" — at delivery time (an endpoint saved earlier, or whose name now resolves
// elsewhere) and at save time; an endpoint disabled after a day of failures and re-enabled by an operator; the
// signing secret never stored in the clear.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../infra/errors';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { recordEvent } from '../audit';
import { createTestClock } from '../sessions/test-fixtures';
import {
  createWebhookEndpoint,
  enableWebhookEndpoint,
  getWebhookEndpoint,
  type HostResolver,
  listWebhookDeliveries,
  webhookEndpointSecret,
} from '.';
import { startTestReceiver, type TestReceiver } from './test-receiver';
import { DISABLE_AFTER_FAILING_MS, deliverDueWebhooks, RETRY_DELAYS_MS, webhookWorkerDeps } from './worker';

const T0 = '2030-01-01T00:00:00.000Z';

describe.each(testDatabaseKinds())('webhook security on %s', (kind) => {
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

  /** Names only a test can resolve: one pointing inside, one switching to loopback after the save (rebinding). */
  let rebound = false;
  const resolver: HostResolver = async (hostname) => {
    if (hostname === 'internal.hooks.test') return [{ address: '10.0.0.7', family: 4 }];
    if (hostname === 'rebinding.hooks.test') {
      return [{ address: rebound ? '127.0.0.1' : '93.184.215.14', family: 4 }];
    }
    if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
    throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  };

  it('refuses at delivery time, in production, every URL that is http or reaches a non-public address', async () => {
    const urls = [
      `${receiver.origin}/plain-http`,
      'https://127.0.0.1:9/loopback',
      'https://10.0.0.1/private',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]:9/loopback-v6',
      'https://localhost:9/name-of-loopback',
      'https://internal.hooks.test/name-of-private',
    ];
    // Saved outside production (the test environment allows them), delivered by a production worker.
    for (const url of urls) {
      await createWebhookEndpoint(t.ctx, { projectId: t.project.id, url, events: ['user.*'] });
    }
    await record();
    const deps = { ...webhookWorkerDeps(t.ctx), production: true, resolve: resolver };
    expect(await deliverDueWebhooks(deps)).toMatchObject({ attempted: urls.length, failed: urls.length });
    expect(receiver.received).toEqual([]);
    const errors = (await listWebhookDeliveries(t.ctx, { projectId: t.project.id }))
      .map((delivery) => delivery.last_error)
      .sort();
    expect(errors).toEqual(
      [
        'refused: must be an https URL in production',
        'refused: address 127.0.0.1 is loopback',
        'refused: address 10.0.0.1 is private',
        'refused: address 169.254.169.254 is link-local',
        'refused: address ::1 is loopback',
        'refused: host localhost resolves to 127.0.0.1, which is loopback',
        'refused: host internal.hooks.test resolves to 10.0.0.7, which is private',
      ].sort(),
    );
  });

  it('refuses at save time in production, naming why', async () => {
    const production = { ...t.ctx, config: { ...t.ctx.config, env: 'production' as const } };
    const refusal = async (url: string) => {
      const error = await createWebhookEndpoint(production, {
        projectId: t.project.id,
        url,
        events: ['user.*'],
        resolve: resolver,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).errorType).toBe('invalid_webhook_endpoint');
      return (error as ApiError).message;
    };
    expect(await refusal('http://hooks.example.com/in')).toBe('url must be an https URL in production');
    expect(await refusal('https://192.168.1.1/in')).toBe('url address 192.168.1.1 is private');
    expect(await refusal('https://localhost/in')).toBe(
      'url host localhost resolves to 127.0.0.1, which is loopback',
    );
    expect(await refusal('https://internal.hooks.test/in')).toBe(
      'url host internal.hooks.test resolves to 10.0.0.7, which is private',
    );
  });

  it('checks again at delivery a name that passed at save time and now resolves to loopback', async () => {
    rebound = false;
    const production = { ...t.ctx, config: { ...t.ctx.config, env: 'production' as const } };
    await createWebhookEndpoint(production, {
      projectId: t.project.id,
      url: 'https://rebinding.hooks.test/in',
      events: ['user.*'],
      resolve: resolver,
    });
    rebound = true;
    await record();
    await deliverDueWebhooks({ ...webhookWorkerDeps(t.ctx), production: true, resolve: resolver });
    const [delivery] = await listWebhookDeliveries(t.ctx, { projectId: t.project.id });
    expect(delivery!.last_error).toBe(
      'refused: host rebinding.hooks.test resolves to 127.0.0.1, which is loopback',
    );
  });

  it('disables an endpoint after a day of failures, and an operator re-enables it', async () => {
    const path = '/down';
    const { endpoint, secret } = await createWebhookEndpoint(t.ctx, {
      projectId: t.project.id,
      url: `${receiver.origin}${path}`,
      events: ['user.*'],
    });
    receiver.secretFor(path, secret);
    receiver.answer(503);
    await record();
    const cycle = () => deliverDueWebhooks(webhookWorkerDeps(t.ctx));
    expect((await cycle()).failed).toBe(1);
    let state = await getWebhookEndpoint(t.ctx, { projectId: t.project.id, endpointId: endpoint.id });
    expect(state).toMatchObject({ failing_since: T0, disabled_at: null });
    // Every retry of the schedule fails; the endpoint stays enabled until its failures span a day.
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      clock.advance(delay);
      const report = await cycle();
      expect(report.failed).toBe(1);
      const elapsed = clock.now().getTime() - Date.parse(T0);
      expect(report.disabled).toEqual(elapsed >= DISABLE_AFTER_FAILING_MS ? [endpoint.id] : []);
      if (index < RETRY_DELAYS_MS.length - 1) expect(elapsed).toBeLessThan(DISABLE_AFTER_FAILING_MS);
    }
    // About a day in all: eight attempts over more than 24 hours, then the delivery is dead.
    expect(receiver.received).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(new Set(receiver.received.map((each) => each.headers['webhook-id'])).size).toBe(1);
    const [dead] = await listWebhookDeliveries(t.ctx, { projectId: t.project.id });
    expect(dead).toMatchObject({ status: 'dead', attempts: 8, next_attempt_at: null, last_status_code: 503 });
    state = await getWebhookEndpoint(t.ctx, { projectId: t.project.id, endpointId: endpoint.id });
    expect(state.disabled_at).toBe(clock.now().toISOString());

    // Disabled: new events queue nothing for it.
    await record();
    expect(await listWebhookDeliveries(t.ctx, { projectId: t.project.id })).toHaveLength(1);

    state = await enableWebhookEndpoint(t.ctx, { projectId: t.project.id, endpointId: endpoint.id });
    expect(state).toMatchObject({ disabled_at: null, failing_since: null });
    receiver.answer([]);
    await record();
    expect(await cycle()).toMatchObject({ attempted: 1, succeeded: 1 });
  });

  it('a success ends the failure streak', async () => {
    const { endpoint } = await createWebhookEndpoint(t.ctx, {
      projectId: t.project.id,
      url: `${receiver.origin}/flaky`,
      events: ['user.*'],
    });
    receiver.answer([500]);
    await record();
    await deliverDueWebhooks(webhookWorkerDeps(t.ctx));
    clock.advance(RETRY_DELAYS_MS[0]!);
    await deliverDueWebhooks(webhookWorkerDeps(t.ctx));
    const state = await getWebhookEndpoint(t.ctx, { projectId: t.project.id, endpointId: endpoint.id });
    expect(state.failing_since).toBeNull();
  });

  it('stores the signing secret only encrypted', async () => {
    const { endpoint, secret } = await createWebhookEndpoint(t.ctx, {
      projectId: t.project.id,
      url: `${receiver.origin}/in`,
      events: ['*'],
    });
    const keyBytes = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const result = await t.ctx.db.execute(sql`SELECT * FROM webhook_endpoints`);
    const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(rows).toHaveLength(1);
    const stored = Buffer.from(rows[0]!.secret_ciphertext as Uint8Array);
    const everything = Buffer.concat([
      Buffer.from(JSON.stringify(rows[0], (_key, value) => (value instanceof Uint8Array ? null : value))),
      stored,
    ]);
    for (const needle of [secret, secret.slice('whsec_'.length)]) {
      expect(everything.includes(Buffer.from(needle))).toBe(false);
    }
    expect(stored.includes(keyBytes)).toBe(false);
    // It is still there for the worker and the operator, under SECRET_KEY.
    expect(await webhookEndpointSecret(t.ctx, { projectId: t.project.id, endpointId: endpoint.id })).toBe(
      secret,
    );
  });
});
