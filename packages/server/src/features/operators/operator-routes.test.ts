// Issue 26 item 2: changing operators through /admin/v1/operators — "Every operator action is an event", the last
// owner is never removed or demoted (409 last_owner, also when two owners demote each other at once), and the
// operators project is reachable through the project routes only for its event log.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { OPERATOR_ROLES, ROLE_SCOPES } from '../admin/admin-scopes';
import { rowsOf } from '../users/user-sql';
import { OPERATORS_PROJECT_ID } from './operators-project';
import {
  errorTypeOf,
  operatorCall,
  operatorsApp,
  type SignedInOperator,
  signInOperator,
} from './test-helpers';

interface OperatorJson {
  operator_id: string;
  user_id: string;
  email: string | null;
  role: string;
  created_by: string;
  second_factor_enrolled: boolean;
}

describe.each(testDatabaseKinds())('the operators routes on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInOperator;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    owner = await signInOperator(t, { email: 'owner@example.com', role: 'owner' });
  });

  const events = async () =>
    rowsOf<Record<string, unknown>>(
      await t.ctx.db.execute(sql`SELECT type, actor_type, actor_id, project_id, subject_user_id, payload
        FROM events WHERE type LIKE 'operator.%' ORDER BY seq`),
    );
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    operatorCall(t, owner, { method, path, ...(body === undefined ? {} : { body }) });

  it('an owner lists, adds, changes and removes operators; each change is an event of the operators project', async () => {
    const listed = await call('GET', '/operators');
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { items: OperatorJson[] }).items).toEqual([
      expect.objectContaining({
        operator_id: owner.operatorId,
        user_id: owner.userId,
        email: 'owner@example.com',
        role: 'owner',
        second_factor_enrolled: true,
      }),
    ]);

    const added = await call('POST', '/operators', { email: 'Sam@Example.com', role: 'support' });
    expect(added.statusCode, added.body).toBe(201);
    const sam = (added.json() as { operator: OperatorJson }).operator;
    expect(sam).toMatchObject({
      email: 'sam@example.com',
      role: 'support',
      created_by: owner.userId,
      second_factor_enrolled: false,
    });
    // Sam is a user of the operators project, unverified until their first login link.
    const [user] = rowsOf<{ project_id: string; verified: boolean }>(
      await t.ctx.db.execute(sql`SELECT u.project_id, e.verified FROM users u JOIN user_emails e ON e.user_id = u.id
        WHERE u.id = ${sam.user_id}`),
    );
    expect(user).toEqual({ project_id: OPERATORS_PROJECT_ID, verified: false });

    const again = await call('POST', '/operators', { email: 'sam@example.com', role: 'admin' });
    expect(errorTypeOf(again)).toEqual({ status: 409, error_type: 'operator_exists' });
    const changed = await call('PATCH', `/operators/${sam.operator_id}`, { role: 'viewer' });
    expect((changed.json() as { operator: OperatorJson }).operator.role).toBe('viewer');
    const removed = await call('DELETE', `/operators/${sam.operator_id}`);
    expect(removed.statusCode).toBe(200);
    expect(((await call('GET', '/operators')).json() as { items: unknown[] }).items).toHaveLength(1);

    const common = {
      actor_type: 'operator',
      actor_id: owner.userId,
      project_id: OPERATORS_PROJECT_ID,
      subject_user_id: sam.user_id,
    };
    expect((await events()).filter((event) => event.subject_user_id === sam.user_id)).toEqual([
      {
        ...common,
        type: 'operator.added',
        payload: { operator_id: sam.operator_id, role: 'support', source: 'admin_api' },
      },
      {
        ...common,
        type: 'operator.role_changed',
        payload: { operator_id: sam.operator_id, before: 'support', after: 'viewer', source: 'admin_api' },
      },
      {
        ...common,
        type: 'operator.removed',
        payload: { operator_id: sam.operator_id, role: 'viewer', source: 'admin_api' },
      },
    ]);
    // The calls themselves are in the operators project's log too.
    const [called] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM events
        WHERE type = 'admin_api.called' AND project_id = ${OPERATORS_PROJECT_ID} AND actor_id = ${owner.userId}`),
    );
    expect(called?.n).toBe(6);
  });

  it('lists when each operator last signed in (null before the first) and what each role may do, from ROLE_SCOPES', async () => {
    const added = await call('POST', '/operators', { email: 'newcomer@example.com', role: 'support' });
    const newcomer = (added.json() as { operator: OperatorJson & { last_sign_in_at: string | null } })
      .operator;
    expect(newcomer.last_sign_in_at).toBeNull();
    const listed = async () =>
      (await call('GET', '/operators')).json() as {
        items: Array<OperatorJson & { last_sign_in_at: string | null }>;
        roles: Array<{ role: string; scopes: string[]; masked: boolean }>;
      };
    const first = await listed();
    const ownerRow = first.items.find((each) => each.operator_id === owner.operatorId);
    expect(Date.parse(ownerRow?.last_sign_in_at ?? '')).not.toBeNaN();
    expect(first.items.find((each) => each.operator_id === newcomer.operator_id)?.last_sign_in_at).toBeNull();

    // Their first sign-in (a login link, then the passkey they add) is their last sign-in.
    const before = Date.now();
    await signInOperator(t, { email: 'newcomer@example.com', role: 'support' });
    const after = await listed();
    const signedIn = Date.parse(
      after.items.find((each) => each.operator_id === newcomer.operator_id)?.last_sign_in_at ?? '',
    );
    expect(signedIn).toBeGreaterThanOrEqual(before - 1000);
    expect(signedIn).toBeLessThanOrEqual(Date.now() + 1000);

    expect(after.roles).toEqual(
      OPERATOR_ROLES.map((role) => ({ role, scopes: [...ROLE_SCOPES[role]], masked: role === 'viewer' })),
    );
  });

  it('refuses bad input with 400 and an unknown operator with 404, changing nothing', async () => {
    for (const body of [
      { email: 'x@example.com', role: 'superuser' },
      { email: 'x@example.com' },
      { role: 'owner' },
      { email: 'x@example.com', role: 'owner', extra: true },
    ]) {
      expect((await call('POST', '/operators', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(errorTypeOf(await call('POST', '/operators', { email: 'not an address', role: 'owner' }))).toEqual(
      {
        status: 400,
        error_type: 'invalid_email',
      },
    );
    expect(errorTypeOf(await call('PATCH', '/operators/operator-nope', { role: 'admin' }))).toEqual({
      status: 404,
      error_type: 'operator_not_found',
    });
    expect(errorTypeOf(await call('DELETE', '/operators/operator-nope'))).toEqual({
      status: 404,
      error_type: 'operator_not_found',
    });
    expect((await call('PATCH', `/operators/${owner.operatorId}`, { role: 'root' })).statusCode).toBe(400);
    expect(await events()).toHaveLength(1);
  });

  it('never removes or demotes the last owner, even when two owners demote each other at once', async () => {
    for (const refused of [
      await call('PATCH', `/operators/${owner.operatorId}`, { role: 'admin' }),
      await call('DELETE', `/operators/${owner.operatorId}`),
      await adminCall(t.app, { method: 'DELETE', path: `/operators/${owner.operatorId}` }),
    ]) {
      expect(errorTypeOf(refused)).toEqual({ status: 409, error_type: 'last_owner' });
    }
    const second = (
      (await call('POST', '/operators', { email: 'second@example.com', role: 'owner' })).json() as {
        operator: OperatorJson;
      }
    ).operator;
    const both = await Promise.all([
      adminCall(t.app, { method: 'PATCH', path: `/operators/${owner.operatorId}`, body: { role: 'admin' } }),
      adminCall(t.app, {
        method: 'PATCH',
        path: `/operators/${second.operator_id}`,
        body: { role: 'admin' },
      }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const [owners] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM operators WHERE role = 'owner'`),
    );
    expect(owners?.n).toBe(1);
    // A key (the bootstrap key: the recovery path beside the CLI) changes operators as an owner does.
    const byKey = (await events()).at(-1);
    expect(byKey).toMatchObject({
      type: 'operator.role_changed',
      actor_type: 'admin_api_key',
      actor_id: 'bootstrap',
    });
  });

  it('the operators project is not a project of the admin API: 404 everywhere but its event log', async () => {
    const ops = await operatorsApp(t);
    const projects = (await call('GET', '/projects')).json() as { items: Array<{ id: string }> };
    expect(projects.items.map((project) => project.id)).toEqual([t.project.id]);
    const base = `/projects/${OPERATORS_PROJECT_ID}`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['PATCH', base, { allowed_origins: ['https://evil.example'] }],
      ['GET', `${base}/users`, undefined],
      ['GET', `${base}/users/${owner.userId}`, undefined],
      ['DELETE', `${base}/users/${owner.userId}/sessions`, undefined],
      ['GET', `${base}/stats`, undefined],
      ['GET', `${base}/messages`, undefined],
      ['GET', `${base}/webhooks`, undefined],
    ] as const) {
      const response = await call(method, path, body);
      expect(errorTypeOf(response), `${method} ${path}`).toEqual({
        status: 404,
        error_type: 'project_not_found',
      });
    }
    const log = await call('GET', `${base}/events?type=operator.*`);
    expect(log.statusCode).toBe(200);
    expect((log.json() as { items: Array<{ type: string }> }).items.map((event) => event.type)).toEqual([
      'operator.added',
    ]);
    expect(ops.project.allowedOrigins).toContain('http://localhost:3000');
  });
});
