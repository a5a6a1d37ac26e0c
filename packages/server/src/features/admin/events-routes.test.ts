// Issue 25 item 3, events through the admin API: "events (filter by type, user, IP, time; CSV and NDJSON export)" —
// each filter alone and together, pages that neither skip nor repeat (even while events are written), the export in
// both formats parsed back (RFC 4180 quoting, the formula guard, one NDJSON line per event, more events than one
// batch), one event, and 400/401/403/404. Events are written with recordEvent at chosen times; the admin calls'
// own admin_api.called events are in the log too, so listings filter them out or count them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { type EventActor, type EventRecord, recordEvent } from '../audit';
import { EVENT_CSV_COLUMNS } from '../audit/event-export';
import { createProject } from '../projects/project-service';
import { parseCsv } from './csv-test-helpers';

const T0 = Date.parse('2030-03-01T00:00:00.000Z');
const MINUTE = 60_000;

describe.each(testDatabaseKinds())('admin API events on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  /** One event of the current project at T0 + `minute` minutes. */
  const record = (
    minute: number,
    event: {
      type: 'session.created' | 'sign_in.failed' | 'user.created' | 'user.blocked' | 'rate_limit.hit';
      user?: string | null;
      ip?: string;
      userAgent?: string;
      actor?: EventActor;
      payload?: Record<string, unknown>;
      projectId?: string;
    },
  ): Promise<EventRecord> =>
    recordEvent(
      t.ctx.db,
      {
        projectId: event.projectId ?? t.project.id,
        type: event.type,
        actor: event.actor ?? (event.user ? { type: 'user', id: event.user } : { type: 'anonymous' }),
        subjectUserId: event.user ?? null,
        request: {
          ip: event.ip ?? '198.51.100.1',
          userAgent: event.userAgent ?? 'Test/1.0',
          requestId: null,
        },
        payload: (event.payload ?? { method: 'password', reason: 'wrong_password' }) as never,
      },
      new Date(T0 + minute * MINUTE),
    );

  const list = async (query: string, key?: string | null) => {
    const response = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/events${query}`,
      ...(key === undefined ? {} : { key }),
    });
    return response;
  };
  const ids = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: EventRecord[] }).items.map((item) => item.id);
  };
  const scopedKey = async (scopes: string[]) => {
    const made = await adminCall(t.app, { method: 'POST', path: '/api-keys', body: { name: 'k', scopes } });
    return (made.json() as { key: string }).key;
  };

  it('filters by type (exact, prefix, several), user, IP, actor and time, newest first, and returns events as stored', async () => {
    const a = await record(0, {
      type: 'user.created',
      user: 'user-a',
      payload: { method: 'otp', imported: false },
    });
    const b = await record(1, {
      type: 'session.created',
      user: 'user-a',
      ip: '203.0.113.9',
      payload: { session_id: 's1', method: 'otp', delivery_method: 'email', factors: ['otp'] },
    });
    const c = await record(2, { type: 'sign_in.failed', user: null, ip: '203.0.113.9' });
    const d = await record(3, { type: 'sign_in.failed', user: 'user-b' });
    const e = await record(4, {
      type: 'user.blocked',
      user: 'user-b',
      actor: { type: 'admin_api_key', id: 'bootstrap' },
      payload: { reason: 'spam' },
    });
    const f = await record(5, { type: 'rate_limit.hit', user: null, payload: { rule: 'otpSendsPerIp' } });
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: [],
    });
    await record(6, { type: 'sign_in.failed', user: 'user-a', projectId: other.project.id });

    expect(await ids('?type=user.*,session.*,sign_in.*')).toEqual([e, d, c, b, a].map((x) => x.id));
    expect(await ids('?type=sign_in.failed')).toEqual([d.id, c.id]);
    expect(await ids('?type=user.*')).toEqual([e.id, a.id]);
    expect(await ids('?type=user.created&type=rate_limit.hit')).toEqual([f.id, a.id]);
    expect(await ids('?type=user.created,session.created')).toEqual([b.id, a.id]);
    expect(await ids('?user_id=user-a')).toEqual([b.id, a.id]);
    expect(await ids('?user_id=user-b&type=sign_in.failed')).toEqual([d.id]);
    expect(await ids('?ip=203.0.113.9')).toEqual([c.id, b.id]);
    expect(await ids('?actor=admin_api_key:bootstrap&type=user.*')).toEqual([e.id]);
    expect(await ids('?actor=user&type=user.*,session.*')).toEqual([b.id, a.id]);
    expect(await ids('?actor=user:user-b')).toEqual([d.id]);
    const at = (minute: number) => encodeURIComponent(new Date(T0 + minute * MINUTE).toISOString());
    expect(await ids(`?from=${at(1)}&to=${at(3)}`)).toEqual([c.id, b.id]);
    // (The admin calls' own events are of today, long before T0.)
    expect(await ids(`?from=${at(-100_000)}&to=${at(1)}`)).toEqual([a.id]);

    const [item] = (await list('?type=session.created')).json().items as EventRecord[];
    expect(item).toEqual({ ...b, occurred_at: new Date(T0 + MINUTE).toISOString() });
    const one = await adminCall(t.app, { method: 'GET', path: `/projects/${t.project.id}/events/${b.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ event: item });
    // Another project's event is not this project's.
    const [foreign] = await t.ctx.db
      .execute(sql`SELECT id FROM events WHERE project_id = ${other.project.id}`)
      .then((result) => (result as unknown as { rows: Array<{ id: string }> }).rows);
    const missing = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/events/${foreign!.id}`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_type: 'event_not_found' });
  });

  it('pages through the cursor without a gap or a repeat, while new events are written', async () => {
    const written: string[] = [];
    for (let minute = 0; minute < 23; minute += 1) {
      written.push((await record(minute, { type: 'sign_in.failed', user: `user-${minute % 3}` })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`?type=sign_in.failed&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { items: EventRecord[]; next_cursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(5);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
      pages += 1;
      // Newer events do not shift the pages still to come.
      await record(100 + pages, { type: 'sign_in.failed', user: 'user-late' });
    } while (cursor !== null);
    expect(pages).toBe(5);
    expect(seen).toEqual([...written].reverse());
    // A page that ends exactly at the oldest event says so.
    const exact = (await list('?type=sign_in.failed&user_id=user-0&limit=8')).json();
    expect(exact.items).toHaveLength(8);
    expect(exact.next_cursor).toBeNull();
  });

  it('exports CSV by RFC 4180 with the formula guard, parsed back to the same events', async () => {
    const tricky = await record(0, {
      type: 'sign_in.failed',
      userAgent: '=HYPERLINK("http://evil.example","x"), "quoted"\r\nnext line',
      ip: '+1-555',
      payload: { method: '@SUM(A1)', reason: 'line1\nline2, "q"' },
    });
    const plain = await record(1, {
      type: 'user.created',
      user: 'user-a',
      userAgent: '-dash',
      payload: { method: 'otp', imported: false },
    });
    const response = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/events/export?format=csv&type=user.*,sign_in.*`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="events-[0-9T-]+Z\.csv"$/);
    expect(response.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...EVENT_CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    const byColumn = (row: string[]) => Object.fromEntries(header!.map((name, index) => [name, row[index]]));
    const [first, second] = rows.map(byColumn);
    expect(first).toMatchObject({ id: plain.id, user_agent: "'-dash", subject_user_id: 'user-a' });
    expect(second).toMatchObject({
      id: tricky.id,
      seq: String(tricky.seq),
      type: 'sign_in.failed',
      actor_type: 'anonymous',
      actor_id: '',
      ip_address: "'+1-555",
      user_agent: `'=HYPERLINK("http://evil.example","x"), "quoted"\r\nnext line`,
    });
    expect(JSON.parse(second!.payload!)).toEqual({ method: '@SUM(A1)', reason: 'line1\nline2, "q"' });
  });

  it('exports NDJSON, one line per event, every match across several batches', async () => {
    // More than one export batch (1000): written in one statement, as the log would hold them.
    await t.ctx.db.execute(sql`INSERT INTO events (id, project_id, type, occurred_at, actor_type, payload)
      SELECT 'event-bulk-' || n, ${t.project.id}, 'sign_in.failed',
        ${new Date(T0).toISOString()}::timestamptz + n * interval '1 second', 'anonymous',
        jsonb_build_object('method', 'otp', 'reason', 'wrong_code')
      FROM generate_series(1, 2345) AS n`);
    const response = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/events/export?format=ndjson&type=sign_in.failed`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/\.ndjson"$/);
    const lines = response.body.split('\n');
    expect(lines.pop()).toBe('');
    const exported = lines.map((line) => JSON.parse(line) as EventRecord);
    expect(exported).toHaveLength(2345);
    expect(new Set(exported.map((event) => event.id)).size).toBe(2345);
    expect(exported[0]).toMatchObject({
      id: 'event-bulk-2345',
      payload: { method: 'otp', reason: 'wrong_code' },
    });
    expect(exported.at(-1)?.id).toBe('event-bulk-1');
    const firstPage = (await list('?type=sign_in.failed&limit=3')).json().items;
    expect(exported.slice(0, 3)).toEqual(firstPage);
  });

  it('answers 400 to bad filters, 401 without a key, 403 without events:read, 404 for an unknown project', async () => {
    for (const query of [
      '?type=user.nope',
      '?type=nope.*',
      '?type=',
      '?actor=robot',
      '?actor=user:',
      '?from=yesterday',
      `?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z`,
      '?limit=0',
      '?limit=1001',
      '?limit=ten',
      '?cursor=not-a-cursor',
      '?extra=1',
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
    }
    const exportBad = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/events/export?format=xlsx`,
    });
    expect(exportBad.statusCode).toBe(400);
    expect((await list('', null)).statusCode).toBe(401);
    const usersOnly = await scopedKey(['users:read']);
    const refused = await list('', usersOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_type: 'insufficient_scope' });
    expect((await list('', await scopedKey(['events:read']))).statusCode).toBe(200);
    const unknown = await adminCall(t.app, { method: 'GET', path: '/projects/project-nope/events' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error_type: 'project_not_found' });
  });
});
