// Issue 26 item 2: "viewer (read-only, personal data masked)" through the real routes — the users list and detail, the
// event log and both exports, the outbox — for a viewer's session, while a key (and an admin) see the data as it is;
// and a viewer writes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { signIn } from '../sessions/test-fixtures';
import { rowsOf } from '../users/user-sql';
import { errorTypeOf, operatorCall, signInOperator } from './test-helpers';

/** What must never reach a viewer. */
const PERSONAL = ['ada.lovelace', 'Lovelace', '4155550101', '203.0.113.7', 'London', 'token='];

describe.each(testDatabaseKinds())('a viewer’s answers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  /** Ada: e-mail, phone, name, metadata, a session from 203.0.113.7, and a login link in the outbox. */
  const ada = async () => {
    const base = `/projects/${t.project.id}`;
    const created = await adminCall(t.app, {
      method: 'POST',
      path: `${base}/users`,
      body: {
        email: 'ada.lovelace@example.com',
        phone_number: '+14155550101',
        name: { first_name: 'Ada', last_name: 'Lovelace' },
        untrusted_metadata: { city: 'London' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = (created.json() as { user: { user_id: string } }).user.user_id;
    // The fixture signs in from 203.0.113.7: the session's attributes and its events carry the address.
    await signIn(t.ctx, t.project, 'ada.lovelace@example.com');
    const sent = await adminCall(t.app, {
      method: 'POST',
      path: `${base}/users/${userId}/login-link`,
      body: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return { base, userId };
  };

  it('masks e-mail addresses, phone numbers, names, IP addresses, metadata and message contents in every answer', async () => {
    const { base, userId } = await ada();
    const viewer = await signInOperator(t, { email: 'viewer@example.com', role: 'viewer' });
    const me = await operatorCall(t, viewer, { method: 'GET', path: '/me' });
    expect(me.json()).toMatchObject({ role: 'viewer', masked: true, email: 'v***@example.com' });
    const paths = [
      `${base}/users`,
      `${base}/users?q=ada.lovelace%40example.com`,
      `${base}/users/${userId}`,
      `${base}/events`,
      `${base}/events/export?format=ndjson`,
      `${base}/events/export?format=csv`,
      `${base}/messages`,
    ];
    for (const path of paths) {
      const response = await operatorCall(t, viewer, { method: 'GET', path });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      for (const secret of PERSONAL) expect(response.body, `${path} shows ${secret}`).not.toContain(secret);
    }
    const list = (await operatorCall(t, viewer, { method: 'GET', path: `${base}/users` })).json() as {
      items: Array<Record<string, unknown>>;
    };
    expect(list.items[0]).toMatchObject({
      name: { first_name: 'A***', last_name: 'L***' },
      emails: [{ email: 'a***@example.com' }],
      phone_numbers: [{ phone_number: '+*********01' }],
    });
    const detail = (await operatorCall(t, viewer, { method: 'GET', path: `${base}/users/${userId}` })).json();
    expect(detail.user.untrusted_metadata).toEqual({ city: '***' });
    expect(detail.sessions[0].attributes.ip_address).toBe('203.0.*.*');
    const messages = (await operatorCall(t, viewer, { method: 'GET', path: `${base}/messages` })).json();
    expect(messages.items[0]).toMatchObject({ to: 'a***@example.com', links: ['***'], text: '***' });
    const csv = await operatorCall(t, viewer, { method: 'GET', path: `${base}/events/export?format=csv` });
    expect(csv.body).toContain('203.0.*.*');

    // The search by a full address still finds Ada (masking is of answers, not of queries).
    const found = await operatorCall(t, viewer, {
      method: 'GET',
      path: `${base}/users?q=ada.lovelace%40example.com`,
    });
    expect((found.json() as { items: unknown[] }).items).toHaveLength(1);

    // A key, and an admin, see the data as it is.
    for (const body of [
      (await adminCall(t.app, { method: 'GET', path: `${base}/users/${userId}` })).body,
      (
        await operatorCall(t, await signInOperator(t, { email: 'admin@example.com', role: 'admin' }), {
          method: 'GET',
          path: `${base}/users/${userId}`,
        })
      ).body,
    ]) {
      expect(body).toContain('ada.lovelace@example.com');
      expect(body).toContain('203.0.113.7');
    }
  });

  it('a viewer reads and writes nothing: every write is 403 and changes nothing', async () => {
    const { base, userId } = await ada();
    const viewer = await signInOperator(t, { email: 'viewer@example.com', role: 'viewer' });
    for (const [method, path, body] of [
      ['PATCH', base, { name: 'No' }],
      ['POST', `${base}/users/${userId}/block`, { reason: 'no' }],
      ['POST', `${base}/users/${userId}/login-link`, {}],
      ['DELETE', `${base}/users/${userId}`, undefined],
      ['POST', `${base}/webhooks`, { url: 'https://hooks.example/x', events: ['*'] }],
      ['POST', '/api-keys', { name: 'k', scopes: ['users:read'] }],
      ['GET', `${base}/users/export`, undefined],
    ] as const) {
      const response = await operatorCall(t, viewer, { method, path, ...(body ? { body } : {}) });
      expect(errorTypeOf(response), `${method} ${path}`).toEqual({
        status: 403,
        error_type: 'insufficient_scope',
      });
    }
    const [row] = rowsOf<{ blocked_at: unknown }>(
      await t.ctx.db.execute(sql`SELECT blocked_at FROM users WHERE id = ${userId}`),
    );
    expect(row?.blocked_at).toBeNull();
  });
});
