// Issue 22 finding 3 and Deliver 2: the account page's own passkey list (no "Set up a new Passkey / Skip"), rename
// with a visible error for an empty name, delete through the confirmation dialog, add through the SDK's register,
// and the last way to sign in not removable, with the reason shown.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { createFakeClient, type FakeClient, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
import { confirmInDialog, renderAccountPage } from './test-render';

const LAPTOP = {
  webauthn_registration_id: 'wr-laptop',
  name: 'Laptop',
  domain: 'localhost',
  user_agent: 'test',
  authenticator_type: 'platform',
  verified: true,
  created_at: '2025-03-04T10:00:00Z',
  last_used_at: '2025-05-06T11:00:00Z',
};
const KEY = { ...LAPTOP, webauthn_registration_id: 'wr-key', name: 'Security key', last_used_at: null };

function withPasskeys(passkeys: (typeof LAPTOP | typeof KEY)[], emails = SAMPLE_USER.emails): FakeClient {
  const client = createFakeClient({
    session: SAMPLE_SESSION,
    user: { ...SAMPLE_USER, emails, webauthn_registrations: passkeys },
  });
  client.user.deleteWebauthnRegistration = async (id) => {
    const user = client.user.getSync();
    if (user) {
      client.setUser({
        ...user,
        webauthn_registrations: user.webauthn_registrations.filter((r) => r.webauthn_registration_id !== id),
      });
    }
    return {};
  };
  return client;
}

function rows() {
  return within(screen.getByTestId('account-passkey-list')).getAllByRole('listitem');
}

describe('the account page passkeys (issue 22 finding 3)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  it('lists every passkey at once with its name, when it was added and last used; no Set up / Skip', () => {
    renderAccountPage(withPasskeys([LAPTOP, KEY]));
    const [laptop, key] = rows();
    expect(laptop?.textContent).toContain('Laptop');
    expect(laptop?.textContent).toContain(STRINGS.account.passkeyCreated);
    expect(laptop?.querySelectorAll('time')[0]?.getAttribute('datetime')).toBe(LAPTOP.created_at);
    expect(laptop?.querySelectorAll('time')[1]?.getAttribute('datetime')).toBe(LAPTOP.last_used_at);
    expect(key?.textContent).toContain(STRINGS.account.passkeyNeverUsed);
    expect(screen.queryByText('Set up a new Passkey')).toBeNull();
    expect(screen.queryByText('Skip')).toBeNull();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
  });

  it('says so when there are none', () => {
    renderAccountPage(withPasskeys([]));
    expect(screen.getByTestId('account-passkeys-empty').textContent).toBe(STRINGS.account.noPasskeysYet);
  });

  it('an empty name shows an error; a new name is saved', async () => {
    const client = withPasskeys([LAPTOP]);
    const updates: unknown[] = [];
    client.webauthn.update = async (options) => {
      updates.push(options);
      return {};
    };
    renderAccountPage(client);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.renamePasskey('Laptop') }));
    const input = screen.getByLabelText(STRINGS.account.passkeyNameLabel);
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    const error = await screen.findByTestId('account-passkey-rename-error');
    expect(error.textContent).toBe(STRINGS.account.passkeyNameEmpty);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(updates).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, 'Work laptop{Enter}');
    await waitFor(() =>
      expect(updates).toEqual([{ webauthn_registration_id: 'wr-laptop', name: 'Work laptop' }]),
    );
    expect(await screen.findByText(STRINGS.account.passkeyRenamed('Work laptop'))).toBeTruthy();
  });

  it('Delete asks first: Cancel keeps the passkey, Delete removes it', async () => {
    const client = withPasskeys([LAPTOP, KEY]);
    renderAccountPage(client);
    const remove = screen.getByRole('button', { name: STRINGS.account.deletePasskey('Laptop') });
    expect(remove.className).toContain('button-danger');
    await userEvent.click(remove);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: STRINGS.account.cancel }),
    );
    expect(rows()).toHaveLength(2);
    await userEvent.click(remove);
    expect(screen.getByRole('dialog').textContent).toContain(
      STRINGS.account.confirmDeletePasskeyTitle('Laptop'),
    );
    await confirmInDialog(STRINGS.account.delete);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.textContent).toContain('Security key');
  });

  it('Add a passkey registers one (is_passkey, the app session length)', async () => {
    const client = withPasskeys([]);
    const calls: unknown[] = [];
    client.webauthn.register = async (options) => {
      calls.push(options);
      return {};
    };
    renderAccountPage(client);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.addPasskey }));
    expect(calls).toEqual([{ is_passkey: true, session_duration_minutes: 30 }]);
    expect(await screen.findByText(STRINGS.account.passkeyAdded)).toBeTruthy();
  });

  it('the last way to sign in cannot be deleted, and the page says why', () => {
    renderAccountPage(withPasskeys([LAPTOP], []));
    const remove = screen.getByRole('button', {
      name: STRINGS.account.deletePasskey('Laptop'),
    }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    const reason = document.getElementById(remove.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(STRINGS.account.lastWayToSignIn);
  });
});
