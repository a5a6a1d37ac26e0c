// Issue 25 item 3: the message log, import and export through the admin API — each with its own scope.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { portableUser, toJsonLines } from '../import/test-helpers';
import { rowsOf } from '../users/user-sql';

describe.each(testDatabaseKinds())('messages, import and export through the admin API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const rows = async (query: SQL) => rowsOf<Record<string, unknown>>(await t.ctx.db.execute(query));
  const base = () => `/projects/${t.project.id}`;
  const users = [
    portableUser({ external_id: 'a', emails: [{ email: 'a@example.com', verified: true }] }),
    portableUser({ external_id: 'b', emails: [{ email: 'b@example.com', verified: false }] }),
  ];

  it("lists the project's outbox messages with their codes, filtered by recipient", async () => {
    for (const email of ['one@example.com', 'two@example.com']) {
      const sent = await sdkRequest(t.app, {
        method: 'POST',
        url: '/otps/email/login_or_create',
        publicToken: t.publicToken,
        body: { email },
        headers: { origin: 'http://localhost:3000' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const all = await adminCall(t.app, { method: 'GET', path: `${base()}/messages` });
    expect(all.statusCode).toBe(200);
    const { items } = all.json() as { items: Array<{ to: string; codes: string[]; channel: string }> };
    expect(items.map((message) => message.to)).toEqual(['two@example.com', 'one@example.com']);
    expect(items[0]?.codes[0]).toMatch(/^[0-9]{6}$/);
    // Issue 26 item 3: no provider is configured here, so each logged message was kept in the dev outbox, and
    // the log shows its body from there.
    expect(items[0]).toMatchObject({ status: 'outbox', provider: 'outbox', provider_answer: null });
    expect((items[0] as unknown as { text: string }).text).toContain(items[0]?.codes[0]);
    const one = await adminCall(t.app, {
      method: 'GET',
      path: `${base()}/messages?to=ONE@example.com&limit=5`,
    });
    expect((one.json() as { items: unknown[] }).items).toHaveLength(1);
  });

  it('imports (a dry run writes nothing), exports as JSON lines, and the import is an event of the key', async () => {
    const dry = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/imports`,
      body: { from: 'gatehouse', data: toJsonLines(users), dry_run: true },
    });
    expect(dry.json()).toMatchObject({ imported: 2, already_imported: 0, skipped: [] });
    expect(await rows(sql`SELECT count(*)::int AS n FROM users`)).toEqual([{ n: 0 }]);
    const done = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/imports`,
      body: { from: 'gatehouse', data: `${toJsonLines(users)}\n{oops` },
    });
    expect(done.json()).toMatchObject({ imported: 2, skipped: [{ row: 3, reason: 'malformed_row' }] });
    expect(await rows(sql`SELECT actor_type, actor_id FROM events WHERE type = 'import.completed'`)).toEqual([
      { actor_type: 'admin_api_key', actor_id: 'bootstrap' },
    ]);
    const exported = await adminCall(t.app, { method: 'GET', path: `${base()}/users/export` });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/jsonl');
    const lines = exported.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { emails: Array<{ email: string }> });
    expect(lines.flatMap((line) => line.emails.map((email) => email.email)).sort()).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });

  it('exports only the users the list shows for the same filters (q, status, blocked), across pages', async () => {
    const many = [
      ...Array.from({ length: 7 }, (_, index) =>
        portableUser({
          external_id: `ann-${index}`,
          emails: [{ email: `ann${index}@one.example`, verified: true }],
        }),
      ),
      portableUser({ external_id: 'bob', emails: [{ email: 'bob@two.example', verified: true }] }),
      portableUser({
        external_id: 'cat',
        emails: [{ email: 'cat@one.example', verified: true }],
        blocked: true,
      }),
    ];
    const imported = await adminCall(t.app, {
      method: 'POST',
      path: `${base()}/imports`,
      body: { from: 'gatehouse', data: toJsonLines(many) },
    });
    expect(imported.json()).toMatchObject({ imported: 9, skipped: [] });
    const exported = async (query: string) => {
      const answer = await adminCall(t.app, { method: 'GET', path: `${base()}/users/export${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.body
        .trim()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { external_id: string }).external_id)
        .sort();
    };
    expect(await exported('')).toHaveLength(9);
    const ones = [...Array.from({ length: 7 }, (_, index) => `ann-${index}`), 'cat'].sort();
    expect(await exported('?q=ONE.example')).toEqual(ones);
    expect(await exported('?q=one.example&blocked=false')).toEqual(ones.filter((id) => id !== 'cat'));
    expect(await exported('?blocked=true')).toEqual(['cat']);
    expect(await exported('?q=nobody-matches')).toEqual([]);
    // The same walk in pages of two (the route's pages are 500): every match once.
    const { exportUsers } = await import('../import/export-users');
    const walked: string[] = [];
    for await (const user of exportUsers(t.ctx, {
      projectId: t.project.id,
      pageSize: 2,
      filters: { q: 'one.example', blocked: false },
    })) {
      walked.push(user.external_id);
    }
    expect(walked.sort()).toEqual(ones.filter((id) => id !== 'cat'));
    const bad = await adminCall(t.app, { method: 'GET', path: `${base()}/users/export?status=gone` });
    expect(bad.statusCode).toBe(400);
  });

  it('each needs its own scope: a users:read key may neither read messages, import nor export', async () => {
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'reader', scopes: ['users:read'] },
    });
    const { key } = made.json() as { key: string };
    for (const call of [
      { method: 'GET' as const, path: `${base()}/messages` },
      { method: 'GET' as const, path: `${base()}/users/export` },
      {
        method: 'POST' as const,
        path: `${base()}/imports`,
        body: { from: 'gatehouse', data: toJsonLines(users) },
      },
    ]) {
      expect((await adminCall(t.app, { ...call, key })).statusCode, call.path).toBe(403);
    }
    expect(await rows(sql`SELECT count(*)::int AS n FROM users`)).toEqual([{ n: 0 }]);
  });
});
