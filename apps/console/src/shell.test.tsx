// Issue 26 items 1 and 2: the shell — navigation by role, the operator's e-mail and role, sign out, the theme, the
// project — and what /me's answers lead to (401 signs out, an error offers a retry).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_STORAGE_KEY } from './auth-gate';
import { STRINGS } from './strings';
import {
  AUDITOR,
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  meOf,
  OPERATOR_SESSION_TOKEN,
  OWNER,
  renderConsole,
  resetDocument,
  SUPPORT,
  statsOf,
  VIEWER,
} from './test-support';
import { THEME_STORAGE_KEY } from './theme';

function navLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: STRINGS.shell.nav });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('the console shell', () => {
  afterEach(resetDocument);

  it('shows the operator, their role and every screen an owner may read, with the bearer session on each call', async () => {
    const { admin } = renderConsole('/');
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading })).toBeTruthy();
    expect(screen.getByTestId('operator').textContent).toContain('owner@example.com');
    expect(screen.getByTestId('operator').textContent).toContain(STRINGS.shell.roles.owner);
    expect(navLinks()).toEqual([
      STRINGS.shell.overview,
      STRINGS.shell.users,
      STRINGS.shell.activity,
      STRINGS.shell.settings,
      STRINGS.branding.nav,
      STRINGS.security.title,
    ]);
    expect(screen.getByRole('link', { name: STRINGS.shell.overview }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByRole('main')).toBeTruthy();
    for (const call of admin.calls) expect(call.authorization).toBe(`Bearer ${OPERATOR_SESSION_TOKEN}`);
    await expectAccessible();
  });

  it('an auditor sees the activity only, and a screen outside the role says so without calling the API', async () => {
    const { admin } = renderConsole('/users', {
      me: { ...AUDITOR, projects: [{ id: 'project-audited', name: 'Audited' }] },
    });
    expect(await screen.findByText(STRINGS.states.insufficientScope)).toBeTruthy();
    expect(navLinks()).toEqual([STRINGS.shell.activity]);
    expect(admin.callsTo('GET', '/projects/')).toEqual([]);
  });

  it('a viewer is shown as masked', async () => {
    renderConsole('/users', { me: VIEWER });
    await screen.findByRole('heading', { level: 1, name: STRINGS.users.heading });
    expect(screen.getByTestId('operator').textContent).toContain(STRINGS.shell.masked);
  });

  it('a role without projects:read uses the projects /me names, or says what to do when there are none', async () => {
    const named = renderConsole('/users', {
      me: meOf('support', SUPPORT.scopes, { projects: [{ id: 'project-named', name: 'Named' }] }),
    });
    named.admin.on('GET', '/projects/:project/users', json(200, { items: [], next_cursor: null }));
    await screen.findByText(STRINGS.users.empty);
    expect(named.admin.callsTo('GET', '/projects/project-named/users')).toHaveLength(1);
    expect(named.admin.calls.filter((call) => call.path === '/admin/v1/projects')).toHaveLength(0);
    resetDocument();

    renderConsole('/users', { me: SUPPORT });
    expect(await screen.findByText(STRINGS.shell.projectsRefused)).toBeTruthy();
  });

  it('picks the project from the list, remembers the choice and asks the API for that project', async () => {
    const admin = createAdminStandIn();
    admin.on('GET', '/me', json(200, OWNER));
    admin.on(
      'GET',
      '/projects',
      json(200, {
        items: [
          { id: 'project-a', name: 'Alpha', is_development: true },
          { id: 'project-b', name: 'Beta', is_development: false },
        ],
      }),
    );
    admin.on('GET', '/projects/:project/users', json(200, { items: [], next_cursor: null }));
    renderConsole('/users', { admin });
    const picker = await screen.findByRole('combobox', { name: STRINGS.shell.project });
    await screen.findByText(STRINGS.users.empty);
    expect(admin.callsTo('GET', '/projects/project-a/users')).toHaveLength(1);
    await userEvent.selectOptions(picker, 'project-b');
    await waitFor(() => expect(admin.callsTo('GET', '/projects/project-b/users')).toHaveLength(1));
    expect(window.localStorage.getItem(PROJECT_STORAGE_KEY)).toBe('project-b');
  });

  it('signs out: the SDK forgets the session and the sign-in shows', async () => {
    const { client, admin } = renderConsole('/');
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.shell.signOut }));
    expect(client.revokeCalls).toEqual([{ forceClear: true }]);
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.signIn.heading })).toBeTruthy();
  });

  it('a 401 from /me (the session ended, or no operator) signs out', async () => {
    const { client } = renderConsole('/', { me: apiError(401, 'unauthorized_credentials') });
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.signIn.heading })).toBeTruthy();
    expect(client.revokeCalls).toHaveLength(1);
  });

  it('another failure of /me shows the error and retries', async () => {
    const admin = createAdminStandIn();
    admin.on('GET', '/me', apiError(500, 'internal_server_error', 'The server failed.'));
    renderConsole('/', { admin });
    expect(await screen.findByText('The server failed.')).toBeTruthy();
    await expectAccessible();
    admin.on('GET', '/me', json(200, OWNER));
    admin.on('GET', '/projects', json(200, { items: [{ id: 'p', name: 'P' }] }));
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading })).toBeTruthy();
  });

  it('the theme follows the system until the operator picks one, which is kept', async () => {
    const { admin } = renderConsole('/');
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    const toggle = await screen.findByRole('combobox', { name: STRINGS.theme.label });
    expect(document.documentElement.dataset.theme).toBeUndefined();
    await userEvent.selectOptions(toggle, 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await expectAccessible();
    await userEvent.selectOptions(toggle, 'system');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('moves focus to the new page’s heading after a navigation, and has a skip link to the main region', async () => {
    const { admin } = renderConsole('/');
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    admin.on('GET', '/projects/:project/users', json(200, { items: [], next_cursor: null }));
    await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading });
    expect(screen.getByRole('link', { name: STRINGS.skipToContent }).getAttribute('href')).toBe('#main');
    await userEvent.click(screen.getByRole('link', { name: STRINGS.shell.users }));
    const heading = await screen.findByRole('heading', { level: 1, name: STRINGS.users.heading });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
