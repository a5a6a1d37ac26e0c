// Issue 26 item 3 (User detail): identifiers, factors, sessions; the actions per role, each confirmed with what
// follows; refusals (a recent sign-in needed, a scope the role lacks); loading, error and empty states; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '../admin-types';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  detail,
  expectAccessible,
  json,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  SUPPORT,
  VIEWER,
} from '../test-support';

const USER_PATH = `/projects/${PROJECT_ID}/users/user-test-ada`;

function standIn(me: Me = OWNER) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/projects/:project/users/:user', json(200, detail()));
  // The activity timeline (user-timeline.tsx); user-detail-extras.test.tsx shows its states.
  admin.on('GET', '/projects/:project/events', json(200, { items: [], next_cursor: null }));
  return admin;
}

function actionButtons(): string[] {
  const region = screen.queryByRole('region', { name: STRINGS.user.actions });
  if (region === null) return [];
  return within(region)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

async function confirmIn(dialogButton: string) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: dialogButton }));
}

describe('the user detail screen', () => {
  afterEach(resetDocument);

  it('says it is loading, then shows identifiers, factors and sessions', async () => {
    const admin = standIn();
    let release: (value: unknown) => void = () => undefined;
    admin.on(
      'GET',
      '/projects/:project/users/:user',
      () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, detail()));
        }) as never,
    );
    renderConsole('/users/user-test-ada', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    const identifiers = screen.getByRole('region', { name: STRINGS.user.identifiers });
    expect(identifiers.textContent).toContain('user-test-ada');
    expect(identifiers.textContent).toContain('ada@example.com');
    expect(identifiers.textContent).toContain('+15005550006');
    expect(identifiers.textContent).toContain('0xabc0000000000000000000000000000000000001');
    const factors = screen.getByRole('region', { name: STRINGS.user.factors });
    expect(within(factors).getByTestId('password-state').textContent).toBe(STRINGS.user.passwordSet);
    expect(factors.textContent).toContain('MacBook Touch ID');
    expect(factors.textContent).toContain(`${STRINGS.user.passkeyLastUsed} ${STRINGS.user.never}`);
    expect(factors.textContent).toContain('github');
    const sessions = screen.getByTestId('sessions-table');
    const rows = within(sessions).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Chrome on Linux');
    expect(rows[1]!.textContent).toContain('203.0.113.7');
    expect(rows[2]!.textContent).toContain(STRINGS.user.unknownDevice);
    expect(screen.getByRole('link', { name: STRINGS.user.activityLink }).getAttribute('href')).toContain(
      '/console/activity?query=',
    );
    await expectAccessible();
  });

  it('shows a missing user as an error, with the way back', async () => {
    const admin = standIn();
    admin.on(
      'GET',
      '/projects/:project/users/:user',
      apiError(404, 'user_not_found', 'No user has this id.'),
    );
    renderConsole('/users/user-nope', { admin });
    expect((await screen.findByRole('alert')).textContent).toContain('No user has this id.');
    expect(screen.getByRole('link', { name: STRINGS.user.back })).toBeTruthy();
    await expectAccessible();
  });

  it('says when the user has no live session, and offers no revocation then', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/users/:user', json(200, detail({ sessions: [] })));
    renderConsole('/users/user-test-ada', { admin });
    expect(await screen.findByText(STRINGS.user.sessionsEmpty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: STRINGS.user.revokeAll })).toBeNull();
  });

  it('an owner has every action; support the login link, revocations and unblock; a viewer none', async () => {
    renderConsole('/users/user-test-ada', { admin: standIn(OWNER) });
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(actionButtons()).toEqual([
      STRINGS.user.loginLink,
      STRINGS.user.passwordReset,
      STRINGS.user.block,
      STRINGS.user.delete,
    ]);
    expect(screen.getByRole('button', { name: STRINGS.user.revokeAll })).toBeTruthy();
    resetDocument();

    const blocked = standIn(SUPPORT);
    blocked.on(
      'GET',
      '/projects/:project/users/:user',
      json(200, detail({ blocked_at: '2026-01-07T00:00:00Z', blocked_reason: 'chargebacks' })),
    );
    renderConsole('/users/user-test-ada', { admin: blocked });
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByTestId('blocked-notice').textContent).toBe(STRINGS.user.blockedNotice('chargebacks'));
    expect(actionButtons()).toEqual([STRINGS.user.loginLink, STRINGS.user.unblock]);
    expect(screen.getByRole('button', { name: STRINGS.user.revokeAll })).toBeTruthy();
    resetDocument();

    renderConsole('/users/user-test-ada', { admin: standIn(VIEWER) });
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(actionButtons()).toEqual([]);
    expect(screen.queryByRole('button', { name: STRINGS.user.revokeAll })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke the session/ })).toBeNull();
  });

  it('blocks with a reason: the dialog says what follows and will not block without one', async () => {
    const admin = standIn();
    admin.on('POST', '/projects/:project/users/:user/block', json(200, { user_id: 'user-test-ada' }));
    renderConsole('/users/user-test-ada', { admin });
    const block = await screen.findByRole('button', { name: STRINGS.user.block });
    await userEvent.click(block);
    const dialog = screen.getByRole('dialog', { name: STRINGS.user.blockTitle });
    expect(dialog.textContent).toContain(STRINGS.user.blockBody);
    const reason = within(dialog).getByRole('textbox', { name: STRINGS.user.blockReason });
    expect(document.activeElement).toBe(reason);
    await expectAccessible();
    await userEvent.click(within(dialog).getByRole('button', { name: STRINGS.user.block }));
    expect(within(dialog).getByText(STRINGS.user.blockReasonRequired)).toBeTruthy();
    expect(admin.callsTo('POST', `${USER_PATH}/block`)).toEqual([]);
    await userEvent.type(reason, 'Chargebacks from this account');
    admin.on(
      'GET',
      '/projects/:project/users/:user',
      json(
        200,
        detail({ blocked_at: '2026-01-08T12:00:00Z', blocked_reason: 'Chargebacks from this account' }),
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: STRINGS.user.block }));
    await waitFor(() => expect(admin.callsTo('POST', `${USER_PATH}/block`)).toHaveLength(1));
    expect(admin.callsTo('POST', `${USER_PATH}/block`)[0]!.body).toEqual({
      reason: 'Chargebacks from this account',
    });
    expect((await screen.findAllByText(STRINGS.user.done.blocked)).length).toBeGreaterThan(0);
    expect(await screen.findByTestId('blocked-notice')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel and Escape change nothing, and focus returns to the button', async () => {
    const admin = standIn();
    renderConsole('/users/user-test-ada', { admin });
    const remove = await screen.findByRole('button', { name: STRINGS.user.delete });
    await userEvent.click(remove);
    expect(document.activeElement).toBe(
      within(screen.getByRole('dialog')).getByRole('button', { name: STRINGS.user.cancel }),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    await userEvent.click(remove);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: STRINGS.user.cancel }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(admin.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('revokes one session, then all of them, each after its dialog', async () => {
    const admin = standIn();
    admin.on('DELETE', '/projects/:project/users/:user/sessions/:session', (call) =>
      json(200, { user_id: 'user-test-ada', session_id: call.path.split('/').pop() }),
    );
    admin.on(
      'DELETE',
      '/projects/:project/users/:user/sessions',
      json(200, { user_id: 'user-test-ada', revoked_session_ids: ['a', 'b'] }),
    );
    renderConsole('/users/user-test-ada', { admin });
    await userEvent.click(
      await screen.findByRole('button', { name: STRINGS.user.revokeLabel('Chrome on Linux') }),
    );
    expect(screen.getByRole('dialog', { name: STRINGS.user.revokeTitle }).textContent).toContain(
      STRINGS.user.revokeBody,
    );
    await confirmIn(STRINGS.user.revoke);
    await waitFor(() =>
      expect(admin.callsTo('DELETE', `${USER_PATH}/sessions/session-test-ada-1`)).toHaveLength(1),
    );
    expect(await screen.findByText(STRINGS.user.done.revoked)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: STRINGS.user.revokeAll }));
    expect(screen.getByRole('dialog').textContent).toContain(STRINGS.user.revokeAllBody(2));
    await confirmIn(STRINGS.user.revokeAll);
    expect(await screen.findByText(STRINGS.user.done.revokedAll(2))).toBeTruthy();
    expect(
      admin.calls.filter(
        (call) => call.method === 'DELETE' && call.path === `/admin/v1${USER_PATH}/sessions`,
      ),
    ).toHaveLength(1);
  });

  it('sends a login link and requires a password reset to the verified address', async () => {
    const admin = standIn();
    admin.on('POST', '/projects/:project/users/:user/login-link', json(200, { email: 'ada@example.com' }));
    admin.on(
      'POST',
      '/projects/:project/users/:user/require-password-reset',
      json(200, { email: 'ada@example.com' }),
    );
    renderConsole('/users/user-test-ada', { admin });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.user.loginLink }));
    expect(screen.getByRole('dialog').textContent).toContain(STRINGS.user.loginLinkBody('ada@example.com'));
    await confirmIn(STRINGS.user.loginLink);
    expect(await screen.findByText(STRINGS.user.done.loginLink('ada@example.com'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.user.passwordReset }));
    expect(screen.getByRole('dialog').textContent).toContain(
      STRINGS.user.passwordResetBody('ada@example.com'),
    );
    await confirmIn(STRINGS.user.passwordReset);
    expect(await screen.findByText(STRINGS.user.done.passwordReset('ada@example.com'))).toBeTruthy();
  });

  it('a user without a verified e-mail address cannot be sent a link', async () => {
    const admin = standIn();
    const base = detail();
    admin.on(
      'GET',
      '/projects/:project/users/:user',
      json(200, {
        ...base,
        user: { ...base.user, emails: [{ email_id: 'e', email: 'x@example.com', verified: false }] },
      }),
    );
    renderConsole('/users/user-test-ada', { admin });
    const link = (await screen.findByRole('button', {
      name: new RegExp(STRINGS.user.loginLink),
    })) as HTMLButtonElement;
    expect(link.disabled).toBe(true);
    expect(link.getAttribute('aria-label')).toContain(STRINGS.user.loginLinkNoEmail);
  });

  it('deletes after the dialog, then goes back to the list', async () => {
    const admin = standIn();
    admin.on('DELETE', '/projects/:project/users/:user', json(200, { user_id: 'user-test-ada' }));
    admin.on('GET', '/projects/:project/users', json(200, { items: [], next_cursor: null }));
    const { location } = renderConsole('/users/user-test-ada', { admin });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.user.delete }));
    expect(screen.getByRole('dialog').textContent).toContain(STRINGS.user.deleteBody);
    await confirmIn(STRINGS.user.delete);
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.users.heading })).toBeTruthy();
    expect(location().pathname).toBe('/console/users');
    expect(
      admin.calls.filter((call) => call.method === 'DELETE' && call.path === `/admin/v1${USER_PATH}`),
    ).toHaveLength(1);
  });

  it('a dangerous action that needs a recent sign-in asks the operator to sign in again', async () => {
    const admin = standIn();
    admin.on(
      'DELETE',
      '/projects/:project/users/:user',
      apiError(403, 'reauthentication_required', 'Sign in again to do this.'),
    );
    const { client } = renderConsole('/users/user-test-ada', { admin });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.user.delete }));
    await confirmIn(STRINGS.user.delete);
    expect(await screen.findByText(STRINGS.reauthenticate.heading)).toBeTruthy();
    await expectAccessible();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.reauthenticate.signOut }));
    expect(client.revokeCalls).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.signIn.heading })).toBeTruthy();
  });

  it('a dangerous action confirmed with the passkey in place is done at once, without signing out', async () => {
    const admin = standIn();
    let recent = false;
    admin.on('DELETE', '/projects/:project/users/:user', () =>
      recent ? json(200, { user_id: 'user-test-ada' }) : apiError(403, 'reauthentication_required'),
    );
    const { client } = renderConsole('/users/user-test-ada', { admin });
    const passkeyCalls: unknown[] = [];
    let accept = false;
    client.webauthn.authenticate = (async (options: unknown) => {
      passkeyCalls.push(options);
      if (!accept) throw new Error('NotAllowedError');
      recent = true;
      return {};
    }) as typeof client.webauthn.authenticate;
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.user.delete }));
    await confirmIn(STRINGS.user.delete);
    const usePasskey = await screen.findByRole('button', { name: STRINGS.reauthenticate.usePasskey });
    // The passkey refused (cancelled): it says so, nothing is repeated.
    await userEvent.click(usePasskey);
    expect(await screen.findByText(STRINGS.reauthenticate.failed)).toBeTruthy();
    await expectAccessible();
    accept = true;
    await userEvent.click(screen.getByRole('button', { name: STRINGS.reauthenticate.usePasskey }));
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.users.heading })).toBeTruthy();
    expect(passkeyCalls).toHaveLength(2);
    expect(passkeyCalls[1]).toMatchObject({ is_passkey: true, conditional_mediation: false });
    expect(
      admin.calls.filter((call) => call.method === 'DELETE' && call.path === `/admin/v1${USER_PATH}`),
    ).toHaveLength(2);
    expect(client.revokeCalls).toHaveLength(0);
  });

  it('an action the role turns out not to hold says so', async () => {
    const admin = standIn();
    admin.on('POST', '/projects/:project/users/:user/login-link', apiError(403, 'insufficient_scope'));
    renderConsole('/users/user-test-ada', { admin });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.user.loginLink }));
    await confirmIn(STRINGS.user.loginLink);
    expect((await screen.findByRole('alert')).textContent).toBe(STRINGS.user.notAllowed);
  });
});
