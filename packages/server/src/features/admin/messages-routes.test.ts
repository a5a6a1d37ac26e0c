// Issue 26 item 3 (Messages): the message list's channel filter, and "resend" as a fresh login link — never the
// stored body again (messages-routes.ts says why): the new link signs in, the one it replaces no longer does, a
// passcode is refused, and the call needs users:support and is recorded as the caller's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, TEST_ORIGIN, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { rowsOf } from '../users/user-sql';

interface Message {
  id: string;
  channel: string;
  to: string;
  links: string[];
}

describe.each(testDatabaseKinds())(
  'messages: channel filter and resend through the admin API on %s',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
    });
    afterAll(() => t.close());
    beforeEach(() => t.reset());

    const base = () => `/projects/${t.project.id}`;
    /** A message through the app's delivery (the dev outbox here), so the message log records it; its id. */
    const send = async (message: Parameters<TestApp['ctx']['delivery']['send']>[0]) =>
      (await t.ctx.delivery.send(message))?.outboxId ?? '';
    const list = async (query = '') =>
      (
        (await adminCall(t.app, { method: 'GET', path: `${base()}/messages${query}` })).json() as {
          items: Message[];
        }
      ).items;
    const tokenOf = (message: Message | undefined) =>
      new URL(message?.links.find((link) => link.includes('token=')) ?? 'http://x/').searchParams.get(
        'token',
      );
    const authenticate = (token: string | null) =>
      sdkRequest(t.app, {
        method: 'POST',
        url: '/magic_links/authenticate',
        publicToken: t.publicToken,
        body: { token, session_duration_minutes: 30 },
        headers: { origin: TEST_ORIGIN },
      });

    async function askLoginLink(email: string): Promise<Message> {
      const sent = await sdkRequest(t.app, {
        method: 'POST',
        url: '/magic_links/email/login_or_create',
        publicToken: t.publicToken,
        body: { email },
        headers: { origin: TEST_ORIGIN },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const [message] = await list(`?to=${encodeURIComponent(email)}`);
      if (message === undefined) throw new Error('no message');
      return message;
    }

    it('filters the list by channel', async () => {
      await askLoginLink('ada@example.com');
      await send({
        channel: 'sms',
        to: '+15005550006',
        projectId: t.project.id,
        text: 'Your code is 123456',
      });
      expect((await list('?channel=sms')).map((message) => message.channel)).toEqual(['sms']);
      expect((await list('?channel=email')).map((message) => message.to)).toEqual(['ada@example.com']);
      expect((await list()).length).toBe(2);
    });

    it('resends an e-mail as a fresh login link: the new one signs in, the replaced one no longer does', async () => {
      const first = await askLoginLink('ada@example.com');
      const resent = await adminCall(t.app, {
        method: 'POST',
        path: `${base()}/messages/${first.id}/resend`,
        body: {},
      });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ message_id: first.id, email: 'ada@example.com' });
      const messages = await list('?to=ada@example.com');
      expect(messages).toHaveLength(2);
      const fresh = messages[0];
      expect(fresh?.id).not.toBe(first.id);
      expect(tokenOf(fresh)).not.toBe(tokenOf(first));
      // security-tests.md TK-03: only the newest link of an address is valid.
      expect((await authenticate(tokenOf(first))).statusCode).toBe(401);
      expect((await authenticate(tokenOf(fresh))).statusCode).toBe(200);
      const events = rowsOf<{ actor_type: string; payload: { route: string; status_code: number } }>(
        await t.ctx.db.execute(
          sql`SELECT actor_type, payload FROM events WHERE type = 'admin_api.called' AND payload->>'method' = 'POST'`,
        ),
      );
      expect(events).toContainEqual({
        actor_type: 'admin_api_key',
        payload: expect.objectContaining({
          route: '/admin/v1/projects/:project_id/messages/:message_id/resend',
          status_code: 200,
        }),
      });
    });

    it('never resends a passcode, answers 404 for an unknown message or an address no user owns', async () => {
      const smsId = await send({
        channel: 'sms',
        to: '+15005550006',
        projectId: t.project.id,
        text: 'Your code is 123456',
      });
      const sms = await adminCall(t.app, {
        method: 'POST',
        path: `${base()}/messages/${smsId}/resend`,
        body: {},
      });
      expect(sms.statusCode).toBe(400);
      expect(sms.json()).toMatchObject({ error_type: 'invalid_admin_request' });
      const unknown = await adminCall(t.app, {
        method: 'POST',
        path: `${base()}/messages/outbox-nope/resend`,
        body: {},
      });
      expect(unknown.statusCode).toBe(404);
      const strayId = await send({
        channel: 'email',
        to: 'nobody@example.com',
        projectId: t.project.id,
        subject: 'Hi',
        text: 'Hello',
      });
      const stray = await adminCall(t.app, {
        method: 'POST',
        path: `${base()}/messages/${strayId}/resend`,
        body: {},
      });
      expect(stray.statusCode).toBe(404);
      expect(stray.json()).toMatchObject({ error_type: 'email_not_found' });
      expect(await list('?to=nobody@example.com')).toHaveLength(1);
    });

    it('needs users:support: a messages:read key may list but not resend', async () => {
      const first = await askLoginLink('ada@example.com');
      const made = await adminCall(t.app, {
        method: 'POST',
        path: '/api-keys',
        body: { name: 'reader', scopes: ['messages:read'] },
      });
      const { key } = made.json() as { key: string };
      expect((await adminCall(t.app, { method: 'GET', path: `${base()}/messages`, key })).statusCode).toBe(
        200,
      );
      const refused = await adminCall(t.app, {
        method: 'POST',
        path: `${base()}/messages/${first.id}/resend`,
        body: {},
        key,
      });
      expect(refused.statusCode).toBe(403);
      expect(await list('?to=ada@example.com')).toHaveLength(1);
    });
  },
);
