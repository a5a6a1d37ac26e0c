import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListedSessionView } from '../app-client';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, listedSession, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
import { confirmInDialog, renderAccountPage } from './test-render';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

const OTHER = listedSession({
  session_id: 'session-test-other',
  attributes: { ip_address: '198.51.100.4', user_agent: IPHONE_SAFARI },
  device_name: 'Safari on iPhone',
});

/** The session rows, in the order shown. */
async function sessionRows(count: number): Promise<HTMLElement[]> {
  const list = await screen.findByTestId('account-session-list');
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(count));
  return within(list).getAllByRole('listitem');
}

function twoSessions() {
  const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
  let others = [OTHER];
  client.listSessionsImpl = async () => ({
    sessions: [...others, listedSession()],
    current_session_id: SAMPLE_SESSION.session_id,
  });
  client.revokeOthersImpl = async () => {
    const revoked_count = others.length;
    others = [];
    return { revoked_count };
  };
  return client;
}

describe('active sessions (issue 13 item 3)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  it('lists the sessions with this device marked; "Sign out everywhere else" only when others exist', async () => {
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    renderAccountPage(client);
    const rows = within(await screen.findByTestId('account-session-list')).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain(STRINGS.account.thisDevice);
    expect(screen.getByText(STRINGS.account.noOtherSessions)).toBeTruthy();
    expect(screen.queryByRole('button', { name: STRINGS.account.signOutOthers })).toBeNull();
    expect(screen.getByRole('button', { name: STRINGS.account.signOut })).toBeTruthy();
  });

  it('signs out everywhere else, says how many, and refetches the list', async () => {
    const client = twoSessions();
    renderAccountPage(client);
    const [, other] = await sessionRows(2);
    expect(other!.textContent).toContain('Safari on iPhone');
    expect(other!.textContent).toContain('198.51.100.4');
    expect(other!.textContent).not.toContain(STRINGS.account.thisDevice);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.signOutOthers }));
    await confirmInDialog(STRINGS.account.signOutOthers);
    expect(await screen.findByText(STRINGS.account.signedOutOthers(1))).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('account-session-list')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(client.accountCalls.filter(([method]) => method === 'session.revokeOthers')).toHaveLength(1);
    expect(client.accountCalls.filter(([method]) => method === 'session.list').length).toBeGreaterThanOrEqual(
      2,
    );
    expect(client.session.getSync()).toEqual(SAMPLE_SESSION);
  });

  it("a failed sign-out everywhere else shows the server's message", async () => {
    const client = twoSessions();
    client.revokeOthersImpl = async () => {
      throw apiError({
        error_type: 'too_many_requests',
        error_message: 'Too many requests.',
        status_code: 429,
      });
    };
    renderAccountPage(client);
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.account.signOutOthers }));
    await confirmInDialog(STRINGS.account.signOutOthers);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests.');
  });
});

describe('signing out one other session (issue 22)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  function withRevokeOne() {
    const client = twoSessions();
    let ended = false;
    const list = client.listSessionsImpl;
    client.listSessionsImpl = async () => {
      const listed = await list();
      return ended
        ? { ...listed, sessions: listed.sessions.filter((s) => s.session_id !== OTHER.session_id) }
        : listed;
    };
    client.revokeOneImpl = async () => {
      ended = true;
      return {};
    };
    return client;
  }

  it('each other row has "Sign out <device>" (danger style, none on this device); confirmed, the row goes and a toast says so', async () => {
    const client = withRevokeOne();
    renderAccountPage(client);
    const [current] = await sessionRows(2);
    expect(within(current!).queryByRole('button', { name: /^Sign out Safari/ })).toBeNull();
    const button = screen.getByRole('button', { name: 'Sign out Safari on iPhone' });
    expect(button.className).toContain('button-danger');
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign out Safari on iPhone?')).toBeTruthy();
    await confirmInDialog(STRINGS.account.signOutSession);
    expect(await screen.findByText(STRINGS.account.signedOutSession('Safari on iPhone'))).toBeTruthy();
    await sessionRows(1);
    expect(client.accountCalls.filter(([method]) => method === 'session.revokeOne')).toEqual([
      ['session.revokeOne', { session_id: OTHER.session_id }],
    ]);
    expect(client.session.getSync()).toEqual(SAMPLE_SESSION);
  });

  it('cancelled, nothing is sent and the row stays', async () => {
    const client = withRevokeOne();
    renderAccountPage(client);
    await sessionRows(2);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await userEvent.keyboard('{Escape}');
    expect(client.accountCalls.filter(([method]) => method === 'session.revokeOne')).toHaveLength(0);
    await sessionRows(2);
  });

  it("a refusal shows the server's message", async () => {
    const client = twoSessions();
    client.revokeOneImpl = async () => {
      throw apiError({
        error_type: 'too_many_requests',
        error_message: 'Too many requests.',
        status_code: 429,
      });
    };
    renderAccountPage(client);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out Safari on iPhone' }));
    await confirmInDialog(STRINGS.account.signOutSession);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests.');
  });
});

describe('active sessions: device names, times and addresses (issue 22)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  /** The page with these sessions listed, the first being this device's. */
  function listing(sessions: ListedSessionView[]) {
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    client.listSessionsImpl = async () => ({ sessions, current_session_id: sessions[0]!.session_id });
    return renderAccountPage(client);
  }

  it('shows the server\'s device names, never the raw User-Agent; none or an empty one is "Unknown device"', async () => {
    const sessions = [
      listedSession({
        attributes: {
          ip_address: '203.0.113.7',
          user_agent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
        },
        device_name: 'Chrome on Linux',
      }),
      OTHER,
      listedSession({
        session_id: 'session-test-windows',
        attributes: {
          ip_address: '192.0.2.10',
          user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
        },
        device_name: 'Firefox on Windows',
      }),
      listedSession({
        session_id: 'session-test-curl',
        attributes: { ip_address: '192.0.2.11', user_agent: 'curl/8.5.0' },
        device_name: null,
      }),
      listedSession({
        session_id: 'session-test-empty',
        attributes: { ip_address: '192.0.2.12', user_agent: '' },
        device_name: '',
      }),
      // A server from before the field: no device_name at all.
      { ...listedSession({ session_id: 'session-test-old-server' }), device_name: undefined },
    ];
    const { container } = listing(sessions);
    const rows = await sessionRows(6);
    expect(rows.map((row) => row.querySelector('.session-device')!.textContent!.trim())).toEqual([
      `Chrome on Linux ${STRINGS.account.thisDevice}`,
      'Safari on iPhone',
      'Firefox on Windows',
      STRINGS.account.unknownDevice,
      STRINGS.account.unknownDevice,
      STRINGS.account.unknownDevice,
    ]);
    expect(container.textContent).not.toContain('Mozilla/5.0');
    expect(container.textContent).not.toContain('curl/');
    // No session id anywhere in the markup either.
    for (const session of sessions) expect(container.innerHTML).not.toContain(session.session_id);
  });

  it('this device comes first; each row says when it signed in, when it was last active and its IP address', async () => {
    const current = listedSession({
      session_id: 'session-test-current',
      started_at: '2030-01-02T09:00:00Z',
      last_accessed_at: '2030-01-02T09:30:00Z',
      device_name: 'Chrome on Linux',
    });
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    // The server lists oldest first: the other device signed in before this one.
    client.listSessionsImpl = async () => ({
      sessions: [OTHER, current],
      current_session_id: current.session_id,
    });
    renderAccountPage(client);
    const [first, second] = await sessionRows(2);
    expect(first!.textContent).toContain('Chrome on Linux');
    expect(first!.textContent).toContain(STRINGS.account.thisDevice);
    expect(second!.textContent).toContain('Safari on iPhone');

    const details = within(first!);
    const value = (label: string) => details.getByText(label).nextElementSibling as HTMLElement;
    expect(value(STRINGS.account.sessionStarted).querySelector('time')?.getAttribute('datetime')).toBe(
      '2030-01-02T09:00:00Z',
    );
    expect(value(STRINGS.account.lastActive).querySelector('time')?.getAttribute('datetime')).toBe(
      '2030-01-02T09:30:00Z',
    );
    expect(value(STRINGS.account.ipAddress).textContent).toBe('203.0.113.7');
    // The visitor's locale, to the minute: the same as the browser formats the instant, and no seconds.
    expect(value(STRINGS.account.lastActive).textContent).toBe(
      new Date('2030-01-02T09:30:00Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
  });
});
