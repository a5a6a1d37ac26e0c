// wire-format.md §4.12: POST /sdk/v1/events (no Authorization), stored per project and bounded.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { telemetryEvents } from '../../infra/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';

const LIMIT = 5;

function item(publicToken: string, eventName: string, extra: Record<string, unknown> = {}) {
  return {
    telemetry: {
      event_id: `event-id-${eventName}`,
      app_session_id: 'app-session-id-1',
      persistent_id: 'persistent-id-1',
      client_sent_at: '2025-01-01T00:00:00.000Z',
      timezone: 'UTC',
      app: { identifier: 'localhost' },
      sdk: { identifier: 'Stytch.js Javascript SDK', version: '4.13.1' },
    },
    event: { public_token: publicToken, event_name: eventName, details: { n: eventName }, ...extra },
  };
}

describe.each(testDatabaseKinds())('POST /sdk/v1/events on %s', (kind) => {
  let t: TestApp;
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/sdk/v1/events',
      // wire-format.md §2.2: only Content-Type, no Authorization, no X-SDK-* headers.
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const rows = () => t.ctx.db.select().from(telemetryEvents).orderBy(asc(telemetryEvents.id));

  beforeAll(async () => {
    t = await createTestApp({ kind, config: { telemetryLimit: LIMIT } });
  });
  beforeEach(async () => {
    await t.ctx.db.delete(telemetryEvents);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores each event of the batch for its project and answers the data envelope', async () => {
    const response = await post([
      item(t.publicToken, 'sdk_instance_instantiated'),
      item(t.project.publicTokenLive, 'render_login_screen', { error_code: 'E1', http_status_code: '400' }),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { request_id: expect.stringMatching(/^request-id-/), status_code: 200 },
    });
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      projectId: t.project.id,
      eventName: 'sdk_instance_instantiated',
      details: { n: 'sdk_instance_instantiated' },
      errorCode: null,
    });
    expect(stored[0]!.telemetry).toMatchObject({
      event_id: 'event-id-sdk_instance_instantiated',
      timezone: 'UTC',
    });
    expect(stored[1]).toMatchObject({ eventName: 'render_login_screen', errorCode: 'E1' });
  });

  it('drops events of unknown public tokens and keeps the rest', async () => {
    const response = await post([
      item('public-token-test-unknown', 'a'),
      item('garbage', 'b'),
      item(t.publicToken, 'c'),
    ]);
    expect(response.statusCode).toBe(200);
    expect((await rows()).map((row) => row.eventName)).toEqual(['c']);
  });

  it('keeps only the newest telemetryLimit rows per project, dropping the oldest first', async () => {
    for (const batch of [['1', '2', '3'], ['4', '5', '6'], ['7']]) {
      const response = await post(batch.map((name) => item(t.publicToken, name)));
      expect(response.statusCode).toBe(200);
    }
    expect((await rows()).map((row) => row.eventName)).toEqual(['3', '4', '5', '6', '7']);
  });

  it('bounds each project separately', async () => {
    const { createProject } = await import('../projects/project-service');
    const other = (
      await createProject(t.ctx, {
        name: 'Other',
        allowedOrigins: [],
        allowedRedirectUrls: [],
        enabledProducts: [],
      })
    ).project;
    await post([item(other.publicTokenTest, 'other-1')]);
    await post(['1', '2', '3', '4', '5', '6'].map((name) => item(t.publicToken, name)));
    const otherRows = await t.ctx.db
      .select()
      .from(telemetryEvents)
      .where(eq(telemetryEvents.projectId, other.id));
    expect(otherRows.map((row) => row.eventName)).toEqual(['other-1']);
    expect((await rows()).filter((row) => row.projectId === t.project.id)).toHaveLength(LIMIT);
  });

  it('accepts an empty batch', async () => {
    expect((await post([])).statusCode).toBe(200);
  });

  it('gets CORS headers for an allowed origin and drops events from an origin the project does not allow', async () => {
    const allowed = await post([item(t.publicToken, 'from-allowed')], { origin: TEST_ORIGIN });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
    const foreign = await post([item(t.publicToken, 'from-evil')], { origin: 'https://evil.test' });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect((await rows()).map((row) => row.eventName)).toEqual(['from-allowed']);
  });

  it.each([
    ['an object instead of an array', { telemetry: {}, event: {} }, ''],
    ['a string item', ['x'], '[0]'],
    ['a missing event_name', [{ telemetry: {}, event: { public_token: 'p', details: {} } }], '[0].event'],
    [
      'a numeric public_token',
      [{ telemetry: {}, event: { public_token: 5, event_name: 'e', details: {} } }],
      '[0].event.public_token',
    ],
    [
      'details that are not an object',
      [{ telemetry: {}, event: { public_token: 'p', event_name: 'e', details: [] } }],
      '[0].event.details',
    ],
    ['a missing telemetry blob', [{ event: { public_token: 'p', event_name: 'e', details: {} } }], '[0]'],
  ])('answers %s with a 400 schema error and stores nothing', async (_name, payload, dataPath) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error_message).toBe('Request does not match expected schema');
    expect(body.body.map((entry: { dataPath: string }) => entry.dataPath)).toContain(dataPath);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses more than 100 events in one batch', async () => {
    const response = await post(Array.from({ length: 101 }, (_, index) => item(t.publicToken, `e${index}`)));
    expect(response.statusCode).toBe(400);
    expect(response.json().body[0]).toMatchObject({ keyword: 'maxItems', dataPath: '' });
    expect(await rows()).toHaveLength(0);
  });

  it('refuses an oversized event and stores nothing of its batch', async () => {
    const response = await post([
      item(t.publicToken, 'small'),
      item(t.publicToken, 'big', { details: { pad: 'x'.repeat(40_000) } }),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().body[0].dataPath).toBe('[1]');
    expect(await rows()).toHaveLength(0);
  });

  it('refuses NUL characters that PostgreSQL could not store (IV-04)', async () => {
    const response = await post(
      `[{"telemetry":{},"event":{"public_token":"${t.publicToken}","event_name":"e","details":{"x":"a\\u0000b"}}}]`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().body[0].dataPath).toBe('[0].event.details.x');
    expect(await rows()).toHaveLength(0);
  });
});

describe.each(testDatabaseKinds())('POST /sdk/v1/events with telemetry off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { telemetryLimit: 0 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts the batch and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/sdk/v1/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([item(t.publicToken, 'e')]),
    });
    expect(response.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(telemetryEvents)).toHaveLength(0);
  });
});
