// Issue 26 item 3 (Messages): the outbox list with its filters in the URL, a message's detail with its links
// clickable and its codes, the resend (a fresh login link, behind a dialog that says the stored body is not sent
// again) only for a role with users:support and only for e-mail; loading, empty and error states; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../admin-types';
import { STRINGS } from '../strings';
import {
  AUDITOR,
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  meOf,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  SUPPORT,
} from '../test-support';

const MESSAGES_PATH = `/admin/v1/projects/${PROJECT_ID}/messages`;
const OWNER_ALL = meOf('owner', [...OWNER.scopes, 'messages:read', 'webhooks:read', 'webhooks:write']);
const SUPPORT_MESSAGES = meOf('support', [...SUPPORT.scopes, 'messages:read']);
const READER = meOf('viewer', ['messages:read', 'self']);

function messageOf(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: 'outbox-test-1',
    channel: 'email',
    to: 'ada@example.com',
    subject: 'Your login link',
    status: 'outbox',
    provider: 'outbox',
    provider_answer: null,
    provider_message_id: null,
    text: 'Sign in to Main:\nhttp://localhost:3000/authenticate?stytch_token_type=magic_links&token=abc123\n',
    html: '<p>Sign in</p>',
    links: ['http://localhost:3000/authenticate?stytch_token_type=magic_links&token=abc123'],
    codes: [],
    created_at: '2026-01-08T11:00:00Z',
    ...overrides,
  };
}

const SMS = messageOf({
  id: 'outbox-test-2',
  channel: 'sms',
  to: '+15005550006',
  subject: null,
  text: 'Your Main code is 123456',
  html: null,
  links: [],
  codes: ['123456'],
});

function standIn(me = OWNER_ALL) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  return admin;
}

const listCalls = (admin: ReturnType<typeof standIn>) =>
  admin.calls.filter((call) => call.method === 'GET' && call.path === MESSAGES_PATH);

describe('the messages screen', () => {
  afterEach(resetDocument);

  it('says it is loading, then lists the messages with what the list is (the dev outbox)', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/projects/:project/messages',
      () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, { items: [messageOf(), SMS] }));
        }) as never,
    );
    renderConsole('/messages', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    const table = await screen.findByTestId('messages-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('ada@example.com');
    expect(rows[1]!.textContent).toContain('Your login link');
    expect(rows[2]!.textContent).toContain('Your Main code is 123456');
    expect(screen.getByText(STRINGS.messages.intro)).toBeTruthy();
    expect(listCalls(admin)[0]!.query.get('limit')).toBe('100');
    expect(screen.getByRole('link', { name: STRINGS.messages.title }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expectAccessible();
  });

  it('says when nothing matches, and shows a failure with a retry', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/messages', json(200, { items: [] }));
    renderConsole('/messages', { admin });
    expect(await screen.findByText(STRINGS.messages.empty)).toBeTruthy();
    await expectAccessible();
    resetDocument();

    const failing = standIn();
    failing.on('GET', '/projects/:project/messages', 'network-error');
    renderConsole('/messages', { admin: failing });
    expect((await screen.findByRole('alert')).textContent).toContain(STRINGS.states.network);
    await expectAccessible();
    failing.on('GET', '/projects/:project/messages', json(200, { items: [messageOf()] }));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByTestId('messages-table')).toBeTruthy();
  });

  it('filters by recipient and channel, in the URL', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/messages', json(200, { items: [SMS] }));
    const { location } = renderConsole('/messages', { admin });
    await screen.findByTestId('messages-table');
    await userEvent.type(screen.getByRole('searchbox', { name: STRINGS.messages.recipient }), '+15005550006');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: STRINGS.messages.channel }), 'sms');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.messages.apply }));
    await waitFor(() => expect(listCalls(admin)).toHaveLength(2));
    const query = listCalls(admin)[1]!.query;
    expect(query.get('to')).toBe('+15005550006');
    expect(query.get('channel')).toBe('sms');
    expect(location().search).toEqual({ to: '+15005550006', channel: 'sms' });
    await userEvent.click(screen.getByRole('button', { name: STRINGS.messages.clear }));
    await waitFor(() => expect(location().search).toEqual({}));
  });

  it('opens a message: its links are links, its codes shown, its HTML never rendered', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/messages', json(200, { items: [messageOf(), SMS] }));
    const { location } = renderConsole('/messages', { admin });
    await screen.findByTestId('messages-table');
    await userEvent.click(
      screen.getAllByRole('button', { name: /View the message to ada@example\.com/ })[0]!,
    );
    const dialog = await screen.findByRole('dialog', { name: STRINGS.messages.detailOf('ada@example.com') });
    expect(location().search).toEqual({ message: 'outbox-test-1' });
    const link = within(dialog).getByRole('link');
    expect(link.getAttribute('href')).toBe(messageOf().links[0]);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(dialog.innerHTML).not.toContain('<p>Sign in</p>');
    expect(dialog.textContent).toContain('Sign in to Main:');
    expect(dialog.textContent).toContain(STRINGS.messages.statusOutbox);
    await expectAccessible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location().search).toEqual({});

    await userEvent.click(screen.getByRole('button', { name: /View the message to \+15005550006/ }));
    const sms = await screen.findByRole('dialog', { name: STRINGS.messages.detailOf('+15005550006') });
    expect(within(sms).getByTestId('message-code').textContent).toBe('123456');
    expect(within(sms).queryByRole('link')).toBeNull();
    // A code is clickable: it copies itself.
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    await userEvent.click(within(sms).getByRole('button', { name: STRINGS.messages.copyCode('123456') }));
    expect(written).toEqual(['123456']);
    expect(await within(sms).findByText(STRINGS.messages.codeCopied)).toBeTruthy();
  });

  it('shows a sent message with the provider answer and no body, a failed one with the reason, and filters by status', async () => {
    const admin = standIn();
    const sent = messageOf({
      id: 'message-sent',
      status: 'sent',
      provider: 'smtp',
      provider_answer: '250 2.0.0 Ok: queued as 4F2A',
      provider_message_id: '<a1@gatehouse.test>',
      text: null,
      html: null,
      links: [],
    });
    const failed = messageOf({
      id: 'message-failed',
      channel: 'sms',
      to: '+15005550006',
      subject: null,
      status: 'failed',
      provider: 'sms_api',
      provider_answer: 'The sms provider refused the message (HTTP 400: invalid number).',
      text: null,
      html: null,
      links: [],
    });
    admin.on('GET', '/projects/:project/messages', json(200, { items: [sent, failed] }));
    const { location } = renderConsole('/messages', { admin });
    const table = await screen.findByTestId('messages-table');
    expect(
      within(table)
        .getAllByTestId('message-status')
        .map((badge) => badge.textContent),
    ).toEqual([STRINGS.messages.statuses.sent, STRINGS.messages.statuses.failed]);
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain(STRINGS.messages.textMessage);

    await userEvent.click(screen.getByRole('button', { name: /View the message to ada@example\.com/ }));
    const dialog = await screen.findByRole('dialog', { name: STRINGS.messages.detailOf('ada@example.com') });
    expect(within(dialog).getByTestId('message-provider-answer').textContent).toBe(
      '250 2.0.0 Ok: queued as 4F2A',
    );
    expect(dialog.textContent).toContain(STRINGS.messages.providers.smtp);
    expect(dialog.textContent).toContain('<a1@gatehouse.test>');
    expect(dialog.textContent).toContain(STRINGS.messages.bodyNotKept);
    await expectAccessible();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: /View the message to \+15005550006/ }));
    const refused = await screen.findByRole('dialog', { name: STRINGS.messages.detailOf('+15005550006') });
    expect(refused.textContent).toContain(STRINGS.messages.statusFailed);
    expect(within(refused).getByTestId('message-provider-answer').textContent).toContain('invalid number');
    await userEvent.keyboard('{Escape}');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: STRINGS.messages.status }), 'failed');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.messages.apply }));
    await waitFor(() => expect(listCalls(admin).at(-1)!.query.get('status')).toBe('failed'));
    expect(location().search).toEqual({ status: 'failed' });
  });

  it('a masked value among the links stays text; a message no longer listed says so', async () => {
    const admin = standIn(READER);
    admin.on(
      'GET',
      '/projects/:project/messages',
      json(200, { items: [messageOf({ to: 'a•••@example.com', links: ['•••'] })] }),
    );
    renderConsole('/messages?message=%22outbox-test-1%22', { admin });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(dialog.textContent).toContain('•••');
    resetDocument();

    const gone = standIn();
    gone.on('GET', '/projects/:project/messages', json(200, { items: [messageOf()] }));
    renderConsole('/messages?message=%22outbox-purged%22', { admin: gone });
    const missing = await screen.findByRole('dialog');
    expect(within(missing).getByRole('alert').textContent).toBe(STRINGS.messages.notInList);
  });

  it('resends an e-mail as a fresh login link after a dialog that says the old body is not sent again', async () => {
    const admin = standIn(SUPPORT_MESSAGES);
    admin.on('GET', '/projects/:project/messages', json(200, { items: [messageOf(), SMS] }));
    admin.on(
      'POST',
      '/projects/:project/messages/:message/resend',
      json(200, { message_id: 'outbox-test-1', user_id: 'user-test-ada', email: 'ada@example.com' }),
    );
    renderConsole('/messages', { admin });
    await screen.findByTestId('messages-table');
    // Only the e-mail has a resend: a passcode is never sent again.
    expect(screen.getAllByRole('button', { name: /Send a fresh login link/ })).toHaveLength(1);
    await userEvent.click(
      screen.getByRole('button', { name: STRINGS.messages.resendLabel('ada@example.com') }),
    );
    const dialog = await screen.findByRole('dialog', { name: STRINGS.messages.resendTitle });
    expect(dialog.textContent).toContain(STRINGS.messages.resendBody('ada@example.com'));
    await expectAccessible();
    await userEvent.click(within(dialog).getByRole('button', { name: STRINGS.user.cancel }));
    expect(admin.callsTo('POST', `/projects/${PROJECT_ID}/messages`)).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('button', { name: STRINGS.messages.resendLabel('ada@example.com') }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: STRINGS.messages.resend }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('action-status').textContent).toBe(
        STRINGS.messages.resent('ada@example.com'),
      ),
    );
    const calls = admin.callsTo('POST', `/projects/${PROJECT_ID}/messages/outbox-test-1/resend`);
    expect(calls).toHaveLength(1);
    // The list is read again (the fresh message shows).
    await waitFor(() => expect(listCalls(admin).length).toBeGreaterThanOrEqual(2));
  });

  it('a refused resend says why; a role without users:support sees no resend', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/messages', json(200, { items: [messageOf()] }));
    admin.on(
      'POST',
      '/projects/:project/messages/:message/resend',
      apiError(404, 'email_not_found', 'No user of this project has this email address.'),
    );
    renderConsole('/messages', { admin });
    await userEvent.click(
      await screen.findByRole('button', { name: STRINGS.messages.resendLabel('ada@example.com') }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: STRINGS.messages.resend }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No user of this project has this email address.',
    );
    resetDocument();

    const reader = standIn(READER);
    reader.on('GET', '/projects/:project/messages', json(200, { items: [messageOf()] }));
    renderConsole('/messages', { admin: reader });
    await screen.findByTestId('messages-table');
    expect(screen.queryByRole('button', { name: /Send a fresh login link/ })).toBeNull();
  });

  it('is not in the navigation of a role without messages:read, and says so at its address', async () => {
    const admin = standIn(AUDITOR);
    renderConsole('/messages', { admin });
    expect((await screen.findByRole('alert')).textContent).toBe(STRINGS.states.insufficientScope);
    expect(screen.queryByRole('link', { name: STRINGS.messages.title })).toBeNull();
    expect(listCalls(admin)).toHaveLength(0);
  });
});
