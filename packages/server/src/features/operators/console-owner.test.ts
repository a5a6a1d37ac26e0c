// Issue 26 item 2: "`CONSOLE_OWNER_EMAIL` at start ensures an owner with that address (outside production they sign
// in through the dev outbox …)". Idempotent across starts, one user and one owner when instances start at once, an
// operator of another role promoted, and the owner's first login link waiting in the dev outbox.
import { ROUTES } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../../infra/delivery';
import { adminCall } from '../../test-support/admin';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { rowsOf } from '../users/user-sql';
import { CONSOLE_OWNER_ACTOR_ID } from './console-owner';
import { putOperator } from './operator-store';
import { ensureOperatorsProject, OPERATORS_PROJECT_ID } from './operators-project';
import { SYSTEM_CHANGE } from './test-helpers';

const OWNER = 'owner@example.com';

describe.each(testDatabaseKinds())('CONSOLE_OWNER_EMAIL on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const state = async () => ({
    users: rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`SELECT u.id FROM users u JOIN user_emails e ON e.user_id = u.id
        WHERE u.project_id = ${OPERATORS_PROJECT_ID} AND e.email = ${OWNER}`),
    ).length,
    operators: rowsOf<{ role: string }>(await t.ctx.db.execute(sql`SELECT role FROM operators`)).map(
      (row) => row.role,
    ),
    events: rowsOf<{ type: string; actor_type: string; actor_id: string; payload: Record<string, unknown> }>(
      await t.ctx.db.execute(sql`SELECT type, actor_type, actor_id, payload FROM events
        WHERE type LIKE 'operator.%' ORDER BY seq`),
    ),
  });

  it('instances starting at once make one user holding the owner role; a later start changes nothing', async () => {
    const config = { consoleOwnerEmail: 'Owner@Example.COM' };
    await Promise.all([t.sibling({ config }), t.sibling({ config })]);
    const first = await state();
    expect(first.users).toBe(1);
    expect(first.operators).toEqual(['owner']);
    expect(first.events).toEqual([
      {
        type: 'operator.added',
        actor_type: 'system',
        actor_id: CONSOLE_OWNER_ACTOR_ID,
        payload: expect.objectContaining({ role: 'owner', source: 'console_owner_email' }),
      },
    ]);
    await t.sibling({ config });
    expect(await state()).toEqual(first);
  });

  it('an operator of another role with that address becomes the owner', async () => {
    await ensureOperatorsProject(t.ctx);
    await putOperator(t.ctx, { email: OWNER, role: 'support', by: SYSTEM_CHANGE, ifExists: 'refuse' });
    await t.sibling({ config: { consoleOwnerEmail: OWNER } });
    const { operators, events } = await state();
    expect(operators).toEqual(['owner']);
    expect(events.at(-1)).toMatchObject({
      type: 'operator.role_changed',
      actor_id: CONSOLE_OWNER_ACTOR_ID,
      payload: { before: 'support', after: 'owner', source: 'console_owner_email' },
    });
  });

  it('outside production the owner’s login link to the console waits in the dev outbox', async () => {
    const app = await t.sibling({ config: { consoleOwnerEmail: OWNER } });
    const project = (await ensureOperatorsProject(t.ctx)).project;
    const post = (url: string, body: unknown) =>
      sdkRequest(app, { method: 'POST', url, publicToken: project.publicTokenTest, body });
    const sent = await post(ROUTES.magicLinksEmailLoginOrCreate, { email: OWNER });
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = await listOutbox(t.ctx.db, { to: OWNER, limit: 1, projectId: OPERATORS_PROJECT_ID });
    const link = new URL(message!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/console/authenticate');
    const authenticated = await post(ROUTES.magicLinksAuthenticate, {
      token: link.searchParams.get('token'),
      session_duration_minutes: 60,
    });
    expect(authenticated.statusCode, authenticated.body).toBe(200);
    const me = await adminCall(app, {
      method: 'GET',
      path: '/me',
      key: authenticated.json().data.session_token,
    });
    expect(me.json()).toMatchObject({ role: 'owner', email: OWNER, second_factor: { enrolled: false } });
  });
});
