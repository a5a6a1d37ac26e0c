// Issue 25 item 3: the admin API's users — search across every identifier with filters and cursor pages, detail,
// create, update, delete — with the bootstrap key, without a key (401), with a users:read key on writes (403),
// schema errors that change nothing, another project's users out of reach, and events with the admin actor.
import { ROUTES } from '@gatehouse/protocol';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn } from '../otps/test-helpers';
import { createProject } from '../projects/project-service';
import { listUsersForAdmin } from '../users/admin-user-search';
import { rowsOf } from '../users/user-sql';

describe.each(testDatabaseKinds())('admin API users on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const rows = async (query: SQL) => rowsOf<Record<string, unknown>>(await t.ctx.db.execute(query));
  const count = async (table: string) =>
    Number((await rows(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n);
  const events = (type: string) =>
    rows(sql`SELECT actor_type, actor_id, project_id, subject_user_id, request_id, payload FROM events
      WHERE type = ${type} ORDER BY seq`);
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    key?: string | null,
  ) =>
    adminCall(t.app, {
      method,
      path: `/projects/${t.project.id}/users${path}`,
      ...(body === undefined ? {} : { body }),
      ...(key === undefined ? {} : { key }),
    });
  const create = async (body: Record<string, unknown>) => {
    const response = await call('POST', '', body);
    expect(response.statusCode, response.body).toBe(201);
    clock.advance(1_000);
    return response.json() as { user: { user_id: string } & Record<string, unknown> };
  };
  /** Signs up through e-mail OTP: a verified address and a live session. */
  const signUp = async (email: string) => {
    const post = (url: string, body: unknown) =>
      sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, body });
    const sent = await post(ROUTES.otps.loginOrCreate('email'), { email });
    const done = await post(ROUTES.otps.authenticate, {
      token: codeIn(delivery.last()),
      method_id: sent.json().data.method_id,
      session_duration_minutes: 60,
    });
    expect(done.statusCode, done.body).toBe(200);
    return { userId: done.json().data.user_id as string, token: done.json().data.session_token as string };
  };
  const readKey = async () => {
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'reader', scopes: ['users:read'] },
    });
    return (made.json() as { key: string }).key;
  };

  it('creates a user with an e-mail address, a phone number, a name and metadata; user.created by the admin', async () => {
    const response = await call('POST', '', {
      email: 'Ada@Example.com',
      phone_number: '+1 415 555 0123',
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      trusted_metadata: { plan: 'pro' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { user, blocked_at, sessions } = response.json();
    expect(user).toMatchObject({
      status: 'active',
      name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
      emails: [{ email: 'ada@example.com', verified: false }],
      phone_numbers: [{ phone_number: '+14155550123', verified: false }],
      trusted_metadata: { plan: 'pro' },
      untrusted_metadata: {},
      password: null,
      username: null,
    });
    expect([blocked_at, sessions]).toEqual([null, []]);
    expect(await events('user.created')).toEqual([
      {
        actor_type: 'admin_api_key',
        actor_id: 'bootstrap',
        project_id: t.project.id,
        subject_user_id: user.user_id,
        request_id: response.headers['x-request-id'],
        payload: { method: 'admin_api', imported: false },
      },
    ]);
    // The address signs in as that user (the e-mail OTP proves it).
    expect((await signUp('ada@example.com')).userId).toBe(user.user_id);
  });

  it('refuses a taken identifier, no identifier and malformed bodies, and writes nothing', async () => {
    await create({ email: 'taken@example.com', phone_number: '+14155550100' });
    const before = [await count('users'), await count('user_emails'), await count('events')];
    const taken = await call('POST', '', { email: 'TAKEN@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error_type: 'duplicate_email' });
    // The second identifier taken: the first is rolled back with the user.
    const phoneTaken = await call('POST', '', { email: 'new@example.com', phone_number: '+14155550100' });
    expect(phoneTaken.json()).toMatchObject({ status_code: 409, error_type: 'duplicate_phone_number' });
    for (const body of [
      {},
      { name: { first_name: 'x' } },
      { email: 'not an address' },
      { phone_number: '12' },
      { email: 'x@example.com', extra: true },
      { email: 'x@example.com', name: 'Ada' },
      { email: 'x@example.com', trusted_metadata: [] },
      { email: 'x@example.com', untrusted_metadata: { big: 'x'.repeat(20_000) } },
    ]) {
      const refused = await call('POST', '', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect([await count('users'), await count('user_emails'), await count('events')]).toEqual(
      before.map((n, i) => (i === 2 ? n + 10 : n)), // only the ten admin_api.called events
    );
  });

  it('searches every identifier, whatever its case, newest first, with filters and stable cursor pages', async () => {
    const ada = await create({
      email: 'ada.lovelace@example.com',
      name: { first_name: 'Ada', last_name: 'Lovelace' },
    });
    const bob = await create({ phone_number: '+14155550123', name: { first_name: 'Bob' } });
    const cy = await create({ email: 'cy@other.org' });
    const dee = await create({ email: 'dee@example.com' });
    const walletId = `crypto-wallet-test-${Math.random().toString(16).slice(2)}`;
    await t.ctx.db.execute(sql`UPDATE users SET username = 'CyTheGreat' WHERE id = ${cy.user.user_id}`);
    await t.ctx.db.execute(sql`INSERT INTO crypto_wallets (id, user_id, project_id, wallet_type, address, verified)
      VALUES (${walletId}, ${dee.user.user_id}, ${t.project.id}, 'ethereum', '0xAbCdEf0123456789abcdef0123456789ABCDEF01', true)`);
    const search = async (query: string) => {
      const response = await call('GET', query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        items: Array<{ user_id: string } & Record<string, unknown>>;
        next_cursor: string | null;
      };
    };
    const ids = async (query: string) => (await search(query)).items.map((item) => item.user_id);
    const [a, b, c, d] = [ada, bob, cy, dee].map((user) => user.user.user_id);

    expect(await ids('')).toEqual([d, c, b, a]);
    expect(await ids('?q=LOVELACE')).toEqual([a]); // e-mail and last name
    expect(await ids('?q=ada%20lov')).toEqual([a]); // the full name
    expect(await ids('?q=example.com')).toEqual([d, a]);
    expect(await ids(`?q=${encodeURIComponent('(415) 555-0123')}`)).toEqual([b]);
    expect(await ids('?q=thegreat')).toEqual([c]);
    expect(await ids('?q=0xabcdef0123')).toEqual([d]);
    expect(await ids(`?q=${b!.toUpperCase()}`)).toEqual([b]); // the id whole, any case
    expect(await ids(`?q=${b!.slice(-12)}`)).toEqual([]); // not a part of it
    expect(await ids('?q=nobody')).toEqual([]);
    // LIKE's own characters are taken literally.
    expect(await ids('?q=%25')).toEqual([]);
    expect(await ids('?q=_')).toEqual([]);
    // Issue 26 item 4: the same users whether the matches are read first (the usual way) or each user is tested as
    // the page walks (more matches than CANDIDATE_CAP).
    for (const q of [
      'LOVELACE',
      'ada lov',
      'example.com',
      '(415) 555-0123',
      'thegreat',
      '0xabcdef0123',
      b!.toUpperCase(),
      'nobody',
      '%',
    ]) {
      const [walked, read] = await Promise.all(
        [{ candidateCap: 0 }, {}].map((way) =>
          listUsersForAdmin(t.ctx, { projectId: t.project.id, filters: { q }, ...way }),
        ),
      );
      expect(
        walked!.items.map((item) => item.user.user_id),
        q,
      ).toEqual(read!.items.map((item) => item.user.user_id));
    }
    // A row of the list: identifiers and the block, no factors or metadata.
    const summary = (await search('?q=dee')).items[0];
    expect(summary).toMatchObject({
      emails: [{ email: 'dee@example.com', verified: false }],
      crypto_wallets: [{ crypto_wallet_type: 'ethereum', verified: true }],
      has_password: false,
      blocked_at: null,
    });

    await t.ctx.db.execute(sql`UPDATE users SET status = 'pending' WHERE id = ${b}`);
    await t.ctx.db.execute(sql`UPDATE users SET blocked_at = now(), blocked_reason = 'spam' WHERE id = ${c}`);
    expect(await ids('?status=pending')).toEqual([b]);
    expect(await ids('?status=active&blocked=false')).toEqual([d, a]);
    expect(await ids('?blocked=true')).toEqual([c]);
    expect((await search('?blocked=true')).items[0]).toMatchObject({
      blocked_reason: 'spam',
      username: 'CyTheGreat',
    });
    expect(await ids('?created_after=2030-01-01T00:00:00Z&created_before=2030-01-01T00:00:02.5Z')).toEqual([
      c,
      b,
    ]);

    // Pages of two walk everyone once, in order, however many users join meanwhile.
    const first = await search('?limit=2');
    expect(first.items.map((item) => item.user_id)).toEqual([d, c]);
    await create({ email: 'late@example.com' });
    const second = await search(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((item) => item.user_id)).toEqual([b, a]);
    expect(second.next_cursor).toBeNull();
    const filtered = await search('?limit=1&q=example.com');
    expect(
      (await search(`?limit=5&q=example.com&cursor=${filtered.next_cursor}`)).items.map((i) => i.user_id),
    ).toEqual([d, a]);

    for (const query of [
      '?cursor=not-a-cursor',
      '?limit=0',
      '?limit=1001',
      '?status=deleted',
      '?blocked=maybe',
      '?created_after=yesterday',
      `?q=${'x'.repeat(201)}`,
    ]) {
      expect((await call('GET', query)).statusCode, query).toBe(400);
    }
  });

  it('shows a user in detail with their live sessions; another project’s user is a 404 everywhere', async () => {
    const { userId, token } = await signUp('ses@example.com');
    const detail = await call('GET', `/${userId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      user: { user_id: userId, emails: [{ email: 'ses@example.com', verified: true }] },
      blocked_at: null,
      blocked_reason: null,
      sessions: [{ user_id: userId, authentication_factors: [{ type: 'otp', delivery_method: 'email' }] }],
    });

    const { project: other } = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: [],
    });
    const elsewhere = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
      adminCall(t.app, { method, path: `/projects/${other.id}/users${path}`, ...(body ? { body } : {}) });
    expect((await elsewhere('GET', '')).json()).toEqual({ items: [], next_cursor: null });
    for (const [method, path, body] of [
      ['GET', `/${userId}`],
      ['PATCH', `/${userId}`, { name: { first_name: 'X' } }],
      ['DELETE', `/${userId}`],
      ['POST', `/${userId}/block`, { reason: 'x' }],
      ['POST', `/${userId}/unblock`, {}],
      ['DELETE', `/${userId}/sessions`],
      ['POST', `/${userId}/login-link`, {}],
      ['POST', `/${userId}/require-password-reset`, {}],
    ] as const) {
      const response = await elsewhere(method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toMatchObject({ error_type: 'user_not_found' });
    }
    expect(
      (await adminCall(t.app, { method: 'GET', path: '/projects/project-nope/users' })).json(),
    ).toMatchObject({
      error_type: 'project_not_found',
    });
    // Nothing happened to the user.
    expect((await call('GET', `/${userId}`)).json()).toMatchObject({
      user: { name: { first_name: '' } },
      blocked_at: null,
    });
    const still = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsAuthenticate,
      publicToken: t.publicToken,
      sessionToken: token,
      body: {},
    });
    expect(still.statusCode).toBe(200);
  });

  it('updates the name and metadata with merge semantics; user.updated with before and after, by the admin', async () => {
    const { user } = await create({
      email: 'meta@example.com',
      name: { first_name: 'Ada' },
      untrusted_metadata: { theme: 'dark', lang: 'en' },
    });
    const response = await call('PATCH', `/${user.user_id}`, {
      name: { last_name: 'Lovelace' },
      untrusted_metadata: { theme: null, tz: 'UTC' },
      trusted_metadata: { plan: 'pro' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({
      name: { first_name: 'Ada', last_name: 'Lovelace' },
      untrusted_metadata: { lang: 'en', tz: 'UTC' },
      trusted_metadata: { plan: 'pro' },
    });
    expect(response.json().user.untrusted_metadata).not.toHaveProperty('theme');
    const [updated] = await events('user.updated');
    expect(updated).toEqual({
      actor_type: 'admin_api_key',
      actor_id: 'bootstrap',
      project_id: t.project.id,
      subject_user_id: user.user_id,
      request_id: response.headers['x-request-id'],
      payload: {
        fields: ['name', 'trusted_metadata', 'untrusted_metadata'],
        before: {
          name: { first_name: 'Ada', middle_name: '', last_name: '' },
          trusted_metadata: {},
          untrusted_metadata: { theme: 'dark', lang: 'en' },
        },
        after: {
          name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
          trusted_metadata: { plan: 'pro' },
          untrusted_metadata: { lang: 'en', tz: 'UTC' },
        },
      },
    });

    for (const body of [
      {},
      { name: 'Ada' },
      { email: 'x@example.com' },
      { untrusted_metadata: { big: 'x'.repeat(20_000) } },
    ]) {
      expect((await call('PATCH', `/${user.user_id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await events('user.updated')).toHaveLength(1);
    expect((await call('GET', `/${user.user_id}`)).json().user.untrusted_metadata).toEqual({
      lang: 'en',
      tz: 'UTC',
    });
  });

  it('deletes a user: their session stops working and user.deleted names them', async () => {
    const { userId, token } = await signUp('gone@example.com');
    const response = await call('DELETE', `/${userId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ user_id: userId });
    expect((await call('GET', `/${userId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/${userId}`)).statusCode).toBe(404);
    const check = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.sessionsAuthenticate,
      publicToken: t.publicToken,
      sessionToken: token,
      body: {},
    });
    expect(check.statusCode).toBe(404);
    expect(await events('user.deleted')).toEqual([
      expect.objectContaining({ actor_type: 'admin_api_key', subject_user_id: userId, payload: {} }),
    ]);
  });

  it('401 without a key; a users:read key reads but every write answers 403 and changes nothing', async () => {
    const { user } = await create({ email: 'scoped@example.com' });
    const id = user.user_id;
    expect((await call('GET', '', undefined, null)).statusCode).toBe(401);
    expect((await call('POST', '', { email: 'x@example.com' }, null)).statusCode).toBe(401);
    const key = await readKey();
    expect((await call('GET', '', undefined, key)).statusCode).toBe(200);
    expect((await call('GET', `/${id}`, undefined, key)).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', '', { email: 'x@example.com' }],
      ['PATCH', `/${id}`, { name: { first_name: 'X' } }],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/block`, { reason: 'x' }],
      ['POST', `/${id}/unblock`, {}],
      ['DELETE', `/${id}/sessions`],
      ['DELETE', `/${id}/sessions/session-x`],
      ['POST', `/${id}/login-link`, {}],
      ['POST', `/${id}/require-password-reset`, {}],
      ['DELETE', `/${id}/factors/${String((user.emails as Array<{ email_id: string }>)[0]?.email_id)}`],
    ] as const) {
      const response = await call(method, path, body, key);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toMatchObject({ error_type: 'insufficient_scope' });
    }
    expect(await count('users')).toBe(1);
    expect((await call('GET', `/${id}`)).json()).toMatchObject({
      user: { name: { first_name: '' } },
      blocked_at: null,
    });
    expect(delivery.messages).toHaveLength(0);
  });
});
