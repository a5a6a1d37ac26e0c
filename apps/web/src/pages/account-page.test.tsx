import { GatehouseProvider } from '@gatehouse/react';
import { act, cleanup, render as renderPlain, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmInDialog } from '../account/test-render';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, type FakeClient, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
import { AccountPage } from './account-page';

// App renders every page inside <GatehouseProvider>; so do these tests (the passkey section needs it).
function render(element: ReactElement<{ client: FakeClient }>) {
  return renderPlain(<GatehouseProvider client={element.props.client}>{element}</GatehouseProvider>);
}

describe('AccountPage', () => {
  beforeEach(() => window.history.replaceState(null, '', '/account'));
  afterEach(cleanup);

  it('signed out: says so and links back to the sign-in page', () => {
    render(<AccountPage client={createFakeClient()} />);
    expect(screen.getByRole('heading', { level: 1, name: STRINGS.account.heading })).toBeTruthy();
    expect(screen.getByText(STRINGS.account.signedOut)).toBeTruthy();
    expect(screen.getByRole('link', { name: STRINGS.account.backToSignIn }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: STRINGS.account.signOut })).toBeNull();
  });

  it('signed in: shows the e-mail, and neither the user id nor the session id (issue 22)', async () => {
    const { container } = render(
      <AccountPage client={createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER })} />,
    );
    expect(screen.getByTestId('account-emails').textContent).toContain('ada@example.com');
    // Wait for the sessions list, the last section to load, so the whole page is there.
    await screen.findByTestId('account-session-list');
    for (const id of [SAMPLE_USER.user_id, SAMPLE_SESSION.session_id]) {
      expect(container.innerHTML).not.toContain(id);
    }
    expect(screen.queryByText('User ID')).toBeNull();
    expect(screen.queryByText('Session ID')).toBeNull();
  });

  it('follows session changes from the client (e.g. another tab signing in)', () => {
    const client = createFakeClient();
    render(<AccountPage client={client} />);
    expect(screen.getByText(STRINGS.account.signedOut)).toBeTruthy();
    act(() => {
      client.setSession(SAMPLE_SESSION);
      client.setUser(SAMPLE_USER);
    });
    expect(screen.getByTestId('account-emails').textContent).toContain('ada@example.com');
  });

  it('Sign out revokes the session and goes to /', async () => {
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    render(<AccountPage client={client} />);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.signOut }));
    expect(client.revokeCalls).toBe(1);
    expect(window.location.pathname).toBe('/');
  });

  it('a failed revoke stays on the page and says so', async () => {
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    client.revokeError = new Error('offline');
    render(<AccountPage client={client} />);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.account.signOut }));
    expect(screen.getByRole('alert').textContent).toBe(STRINGS.account.signOutFailed);
    expect(window.location.pathname).toBe('/account');
    expect(screen.getByRole('button', { name: STRINGS.account.signOut })).toBeTruthy();
  });

  it('signed in: headed sections in order, the profile first (issue 22 Deliver 2)', async () => {
    const client = createFakeClient({
      session: SAMPLE_SESSION,
      user: { ...SAMPLE_USER, name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' } },
    });
    render(<AccountPage client={client} />);
    await screen.findByTestId('account-session-list');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      STRINGS.account.profileSection,
      STRINGS.account.contactSection,
      STRINGS.account.passkeysSection,
      STRINGS.account.totpSection,
      STRINGS.account.providersSection,
      STRINGS.account.walletsSection,
      STRINGS.account.sessionsSection,
    ]);
    const profile = screen.getByTestId('account-profile');
    expect(profile.textContent).toContain('Ada Lovelace');
    expect(profile.textContent).toContain('ada@example.com');
    expect(profile.textContent).toContain(STRINGS.account.memberSince);
    expect(profile.querySelector('time')?.getAttribute('datetime')).toBe(SAMPLE_USER.created_at);
    // Issue 22 finding 3: the widget's registration screens are gone from the page.
    expect(screen.queryByText('Set up a new Passkey')).toBeNull();
  });

  it('signed out: no passkey section', () => {
    render(<AccountPage client={createFakeClient()} />);
    expect(screen.queryByRole('region', { name: STRINGS.account.passkeysSection })).toBeNull();
  });

  describe('linked accounts (issue 11 item 4)', () => {
    const LINKED = {
      ...SAMPLE_USER,
      providers: [
        {
          oauth_user_registration_id: 'oauth-user-reg-google',
          provider_subject: 'google-sub-1',
          provider_type: 'google',
          profile_picture_url: '',
          locale: '',
        },
        {
          oauth_user_registration_id: 'oauth-user-reg-github',
          provider_subject: 'github-sub-2',
          provider_type: 'github',
          profile_picture_url: '',
          locale: '',
        },
      ],
    };

    it('lists the linked providers and unlinks one with DELETE /users/oauth/{id}', async () => {
      const client = createFakeClient({ session: SAMPLE_SESSION, user: LINKED });
      // Like the SDK: the server answers the updated user, which becomes the stored user.
      client.deleteOAuthImpl = async (id) => {
        client.setUser({
          ...LINKED,
          providers: LINKED.providers.filter((p) => p.oauth_user_registration_id !== id),
        });
        return {};
      };
      render(<AccountPage client={client} />);
      const list = screen.getByTestId('account-providers');
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.dataset.provider),
      ).toEqual(['google', 'github']);
      await userEvent.click(screen.getByRole('button', { name: 'Unlink GitHub' }));
      await confirmInDialog(STRINGS.account.unlink);
      expect(client.deleteOAuthCalls).toEqual(['oauth-user-reg-github']);
      expect((await screen.findByTestId('account-providers-outcome')).textContent).toBe(
        'GitHub was unlinked.',
      );
      expect(within(screen.getByTestId('account-providers')).getAllByRole('listitem')).toHaveLength(1);
    });

    it("shows the server's refusal (the last way to sign in) and keeps the row", async () => {
      const client = createFakeClient({ session: SAMPLE_SESSION, user: { ...LINKED, emails: [] } });
      const message = 'This is the only way to sign in to this account, so it cannot be removed.';
      client.deleteOAuthImpl = async () => {
        throw apiError({
          error_type: 'last_authentication_factor',
          error_message: message,
          status_code: 400,
        });
      };
      render(<AccountPage client={client} />);
      await userEvent.click(screen.getByRole('button', { name: 'Unlink Google' }));
      await confirmInDialog(STRINGS.account.unlink);
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(within(screen.getByTestId('account-providers')).getAllByRole('listitem')).toHaveLength(2);
      expect((screen.getByRole('button', { name: 'Unlink Google' }) as HTMLButtonElement).disabled).toBe(
        false,
      );
    });

    it('says so when no social account is linked', () => {
      render(<AccountPage client={createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER })} />);
      expect(screen.getByText(STRINGS.account.noProviders)).toBeTruthy();
    });
  });
});
