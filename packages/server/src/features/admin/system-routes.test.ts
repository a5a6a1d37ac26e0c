// Issue 26 item 3 (System) through the admin API: the database kind and its migrations against this build's journal,
// Redis, the mail and SMS providers (dev outbox, or a TCP probe of the configured host that never shows the URL's
// credentials), the webhook backlog, the version and the counters of GET /metrics when they are on; system:read
// only (owners and admins). Every database kind.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../infra/db/client';
import { webhookDeliveries, webhookEndpoints } from '../../infra/db/schema';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { freePort } from '../../test-support/free-port';
import { ROLE_SCOPES } from './admin-scopes';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

describe.each(testDatabaseKinds())('admin API system on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const read = async (app = t.app) => {
    const response = await adminCall(app, { method: 'GET', path: '/system' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json();
  };

  it('reports the database kind, every migration applied, Redis as configured, the dev outbox, an empty backlog and no counters', async () => {
    const system = await read();
    expect(system).toMatchObject({
      status: 'ready',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      environment: 'test',
      database: {
        kind,
        status: 'ok',
        migrations: {
          applied: journal.entries.length,
          known: journal.entries.length,
          latest_applied: journal.entries.at(-1)!.tag,
          latest: journal.entries.at(-1)!.tag,
          up_to_date: true,
        },
      },
      email: { mode: 'dev_outbox', target: null, reachable: null },
      sms: { mode: 'dev_outbox', target: null, reachable: null },
      webhooks: { queued: 0, failing: 0, dead: 0, oldest_due_at: null, disabled_endpoints: 0 },
      metrics: { enabled: false },
    });
    expect(system.redis.configured).toBe(t.ctx.config.redisUrl !== null);
    expect(system.redis.rate_limit_store).toBe(t.ctx.instance.limiterStore);
  });

  it('counts the webhook backlog: queued, failing (with the oldest due), dead, and disabled endpoints', async () => {
    const endpoint = (id: string, disabled: boolean) => ({
      id,
      projectId: t.project.id,
      url: 'https://hooks.example.com/x',
      secretCiphertext: Buffer.from('not a secret'),
      source: 'api' as const,
      disabledAt: disabled ? new Date('2030-01-01T00:00:00Z') : null,
    });
    await t.ctx.db.insert(webhookEndpoints).values([endpoint('we-1', false), endpoint('we-2', true)]);
    const delivery = (
      id: string,
      status: 'pending' | 'failed' | 'dead' | 'succeeded',
      due: string | null,
    ) => ({
      id,
      endpointId: 'we-1',
      projectId: t.project.id,
      eventId: `event-${id}`,
      eventType: 'user.created',
      body: '{}',
      status,
      nextAttemptAt: due === null ? null : new Date(due),
    });
    await t.ctx.db
      .insert(webhookDeliveries)
      .values([
        delivery('d-1', 'pending', '2030-01-02T00:00:00Z'),
        delivery('d-2', 'pending', '2030-01-03T00:00:00Z'),
        delivery('d-3', 'failed', '2030-01-01T12:00:00Z'),
        delivery('d-4', 'dead', null),
        delivery('d-5', 'succeeded', null),
      ]);
    expect((await read()).webhooks).toEqual({
      queued: 2,
      failing: 1,
      dead: 1,
      oldest_due_at: '2030-01-01T12:00:00.000Z',
      disabled_endpoints: 1,
    });
  });

  it('probes a configured SMTP server and SMS API by host and port, never showing their credentials', async () => {
    const listening: Server = createServer((socket) => socket.end());
    listening.listen(0, '127.0.0.1');
    await once(listening, 'listening');
    const smtpPort = (listening.address() as { port: number }).port;
    const closedPort = await freePort();
    const app = await t.sibling({
      config: {
        adminApiKey: TEST_ADMIN_KEY,
        smtpUrl: `smtp://mailer:smtp-password-123@127.0.0.1:${smtpPort}`,
        sms: {
          accountSid: 'AC-sid-secret',
          authToken: 'sms-token-secret',
          from: '+15550000000',
          whatsappFrom: null,
          apiBaseUrl: `http://127.0.0.1:${closedPort}/twilio`,
        },
      },
    });
    try {
      const response = await adminCall(app, { method: 'GET', path: '/system' });
      const system = response.json();
      expect(system.email).toMatchObject({
        mode: 'provider',
        target: `127.0.0.1:${smtpPort}`,
        reachable: true,
        error: null,
      });
      expect(system.email.latency_ms).toBeGreaterThanOrEqual(0);
      expect(system.sms).toMatchObject({
        mode: 'provider',
        target: `127.0.0.1:${closedPort}`,
        reachable: false,
        latency_ms: null,
        error: 'ECONNREFUSED',
      });
      for (const secret of ['smtp-password-123', 'mailer', 'AC-sid-secret', 'sms-token-secret', 'twilio']) {
        expect(response.body.includes(secret), secret).toBe(false);
      }
    } finally {
      listening.close();
    }
  });

  it("sums this instance's counters when GET /metrics is on", async () => {
    const app = await t.sibling({
      config: { adminApiKey: TEST_ADMIN_KEY, metrics: { enabled: true, token: null, processMetrics: false } },
    });
    app.gatehouse.metrics.sent('sms');
    app.gatehouse.metrics.sent('email');
    app.gatehouse.metrics.sent('email');
    app.gatehouse.metrics.signedIn('otp');
    app.gatehouse.metrics.failed('otp', 'otp_code_not_found');
    app.gatehouse.metrics.limited('otpSendsPerIp', 'ip');
    app.gatehouse.metrics.captchaChallenged('/otps/authenticate');
    expect((await read(app)).metrics).toEqual({
      enabled: true,
      messages_sent: { sms: 1, email: 2 },
      sign_ins: 1,
      failures: 1,
      rate_limited: 1,
      captcha_challenges: 1,
    });
  });

  it('needs system:read: owners and admins hold it, no other role; a key without it gets 403', async () => {
    expect(ROLE_SCOPES.owner).toContain('system:read');
    expect(ROLE_SCOPES.admin).toContain('system:read');
    for (const role of ['support', 'viewer', 'auditor'] as const) {
      expect(ROLE_SCOPES[role], role).not.toContain('system:read');
    }
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'stats', scopes: ['stats:read', 'projects:read'] },
    });
    const refused = await adminCall(t.app, {
      method: 'GET',
      path: '/system',
      key: (made.json() as { key: string }).key,
    });
    expect(refused.statusCode).toBe(403);
    expect((await adminCall(t.app, { method: 'GET', path: '/system', key: null })).statusCode).toBe(401);
  });
});
