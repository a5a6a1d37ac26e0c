import { DEFAULT_STRINGS, GatehouseProvider } from '@gatehouse/react';
import { act, cleanup, render as renderPlain, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { createFakeClient, type FakeClient, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
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

  it('signed in: shows the e-mail, user id and session details', () => {
    render(<AccountPage client={createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER })} />);
    expect(screen.getByTestId('account-emails').textContent).toContain('ada@example.com');
    expect(screen.getByTestId('account-user-id').textContent).toBe(SAMPLE_USER.user_id);
    expect(screen.getByTestId('account-session-id').textContent).toBe(SAMPLE_SESSION.session_id);
    const times = document.querySelectorAll('time');
    expect([...times].map((time) => time.getAttribute('datetime'))).toEqual([
      SAMPLE_SESSION.started_at,
      SAMPLE_SESSION.expires_at,
    ]);
  });

  it('follows session changes from the client (e.g. another tab signing in)', () => {
    const client = createFakeClient();
    render(<AccountPage client={client} />);
    act(() => {
      client.setSession(SAMPLE_SESSION);
      client.setUser(SAMPLE_USER);
    });
    expect(screen.getByTestId('account-user-id').textContent).toBe(SAMPLE_USER.user_id);
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

  it('signed in: embeds passkey registration (SPEC §2 PasskeyRegistrationStart) with the app session length', async () => {
    const client = createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER });
    render(<AccountPage client={client} />);
    const section = screen.getByRole('region', { name: STRINGS.account.passkeysSection });
    expect(
      await within(section).findByRole('heading', { name: DEFAULT_STRINGS.passkeyRegistrationTitle }),
    ).toBeTruthy();
    const calls: unknown[] = [];
    client.webauthn.register = async (options) => {
      calls.push(options);
      return {};
    };
    await userEvent.click(within(section).getByRole('button', { name: DEFAULT_STRINGS.createPasskey }));
    expect(calls).toEqual([{ is_passkey: true, session_duration_minutes: 30 }]);
    expect(
      await within(section).findByRole('heading', { name: DEFAULT_STRINGS.passkeyCreatedTitle }),
    ).toBeTruthy();
  });

  it('signed out: no passkey section', () => {
    render(<AccountPage client={createFakeClient()} />);
    expect(screen.queryByRole('region', { name: STRINGS.account.passkeysSection })).toBeNull();
  });
});
