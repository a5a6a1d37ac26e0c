import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, listedSession, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
import { renderAccountPage } from './test-render';

const OTHER = listedSession({
  session_id: 'session-test-other',
  attributes: { ip_address: '198.51.100.4', user_agent: 'Mozilla/5.0 (iPhone) Safari/605.1.15' },
});

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
    const list = await screen.findByTestId('account-session-list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const other = list.querySelector('[data-session-id="session-test-other"]')!;
    expect(other.textContent).toContain('iPhone');
    expect(other.textContent).toContain('198.51.100.4');
    expect(other.textContent).not.toContain(STRINGS.account.thisDevice);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.signOutOthers }));
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
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests.');
  });
});
