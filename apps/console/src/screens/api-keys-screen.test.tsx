// Issue 26 (Operators and API keys): the API keys screen — the list (name, prefix, scopes, created, last used, revoked)
// with loading, empty and error states; creating a key with a name and only scopes the operator holds, the key shown
// once with a copy button and a warning, then forgotten; creation that needs a recent sign-in confirmed with the
// passkey; revoking behind a dialog; nothing to change without keys:write; axe. And the scope labels cover every scope
// of the server (packages/server/src/features/admin/admin-scopes.ts), so the roles table and this form never drift.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SCOPES, ROLE_SCOPES } from '../../../../packages/server/src/features/admin/admin-scopes';
import type { AdminApiKey } from '../admin-types';
import { holdsScope, type Scope } from '../console-context';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  meOf,
  PROJECT_ID,
  renderConsole,
  resetDocument,
} from '../test-support';
import { grantableScopes } from './api-keys-screen';

const S = STRINGS.apiKeys;
const ADMIN = meOf('admin', [...ROLE_SCOPES.admin]);
const VIEWER_KEYS = meOf('viewer', [...ROLE_SCOPES.viewer]);
const SECRET = `gh_admin_${'s'.repeat(43)}`;

function keyOf(overrides: Partial<AdminApiKey> = {}): AdminApiKey {
  return {
    id: 'admin-api-key-1',
    name: 'CRM sync',
    prefix: 'gh_admin_abc123',
    scopes: ['users:read', 'events:read'],
    created_by: 'user-owner',
    created_at: '2026-01-03T10:00:00Z',
    last_used_at: '2026-01-08T11:00:00Z',
    revoked_at: null,
    ...overrides,
  };
}

function standIn(me = ADMIN, items: AdminApiKey[] = [keyOf()]) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/api-keys', json(200, { items }));
  return admin;
}

describe('the API keys screen', () => {
  afterEach(() => {
    resetDocument();
    vi.unstubAllGlobals();
  });

  it('says it is loading, then lists keys; empty and failing lists say so', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/api-keys',
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              json(200, {
                items: [
                  keyOf(),
                  keyOf({ id: 'k2', name: 'Old', last_used_at: null, revoked_at: '2026-01-07T10:00:00Z' }),
                ],
              }),
            );
        }) as never,
    );
    renderConsole('/api-keys', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    const rows = within(await screen.findByTestId('api-keys-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('CRM sync');
    expect(rows[1]!.textContent).toContain('gh_admin_abc123…');
    expect(rows[1]!.textContent).toContain('users:read, events:read');
    expect(rows[1]!.textContent).toContain(S.active);
    expect(within(rows[1]!).getByRole('button', { name: S.revokeLabel('CRM sync') })).toBeTruthy();
    expect(rows[2]!.textContent).toContain(S.never);
    expect(rows[2]!.textContent).toMatch(/Revoked /);
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    await expectAccessible();
    resetDocument();

    renderConsole('/api-keys', { admin: standIn(ADMIN, []) });
    expect(await screen.findByText(S.empty)).toBeTruthy();
    expect(screen.getByText(S.emptyHint)).toBeTruthy();
    resetDocument();

    const failing = standIn();
    failing.on('GET', '/api-keys', apiError(500, 'internal_error', 'Boom.'));
    renderConsole('/api-keys', { admin: failing });
    expect((await screen.findByRole('alert')).textContent).toContain('Boom.');
  });

  it('creates a key with a name and held scopes only, shows it once with a copy button, then forgets it', async () => {
    const written: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: async (text: string) => void written.push(text) },
    });
    const admin = standIn(ADMIN, []);
    admin.on('POST', '/api-keys', (call) =>
      json(201, { api_key: keyOf({ id: 'new', ...(call.body as object) }), key: SECRET }),
    );
    renderConsole('/api-keys', { admin });
    await screen.findByText(S.empty);
    // Only the scopes the operator holds are offered (an admin holds no operators:* scope), never `self`.
    const scopes = screen.getByRole('group', { name: S.scopesLegend });
    const offered = within(scopes)
      .getAllByRole('checkbox')
      .map((box) => box.closest('li')!.querySelector('.mono')!.textContent);
    expect(offered).toEqual(ROLE_SCOPES.admin.filter((scope) => scope !== 'self'));
    expect(offered).not.toContain('operators:write');

    await userEvent.click(screen.getByRole('button', { name: S.createButton }));
    expect(await screen.findByText(S.nameRequired)).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: S.name }), 'Nightly export');
    await userEvent.click(screen.getByRole('button', { name: S.createButton }));
    expect(await screen.findByText(S.scopesRequired)).toBeTruthy();
    expect(admin.callsTo('POST', '/api-keys')).toHaveLength(0);
    await userEvent.click(within(scopes).getByRole('checkbox', { name: /^users:export/ }));
    await userEvent.click(within(scopes).getByRole('checkbox', { name: /^users:read/ }));
    await userEvent.click(screen.getByRole('button', { name: S.createButton }));

    const once = await screen.findByTestId('api-key-once');
    expect(once.textContent).toContain(S.secretHeading);
    expect(within(once).getByTestId('api-key-secret').textContent).toBe(SECRET);
    // In the ADMIN_SCOPES order whatever the order of the clicks.
    expect(admin.callsTo('POST', '/api-keys')[0]!.body).toEqual({
      name: 'Nightly export',
      scopes: ['users:read', 'users:export'],
    });
    await expectAccessible();
    await userEvent.click(within(once).getByRole('button', { name: S.copy }));
    expect(await within(once).findByText(S.copied)).toBeTruthy();
    expect(written).toEqual([SECRET]);
    await userEvent.click(within(once).getByRole('button', { name: S.done }));
    expect(screen.queryByTestId('api-key-once')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('a refused clipboard says to copy by hand', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: {
        writeText: async () => {
          throw new Error('NotAllowedError');
        },
      },
    });
    const admin = standIn(ADMIN, []);
    admin.on('POST', '/api-keys', json(201, { api_key: keyOf(), key: SECRET }));
    renderConsole('/api-keys', { admin });
    await screen.findByText(S.empty);
    await userEvent.type(screen.getByRole('textbox', { name: S.name }), 'x');
    await userEvent.click(screen.getByRole('checkbox', { name: /^users:read/ }));
    await userEvent.click(screen.getByRole('button', { name: S.createButton }));
    await userEvent.click(await screen.findByRole('button', { name: S.copy }));
    expect(await screen.findByText(S.copyFailed)).toBeTruthy();
  });

  it('creating a key that needs a recent sign-in is confirmed with the passkey, then the key is shown', async () => {
    const admin = standIn(ADMIN, []);
    let recent = false;
    admin.on('POST', '/api-keys', () =>
      recent ? json(201, { api_key: keyOf(), key: SECRET }) : apiError(403, 'reauthentication_required'),
    );
    const { client } = renderConsole('/api-keys', { admin });
    client.webauthn.authenticate = (async () => {
      recent = true;
      return {};
    }) as typeof client.webauthn.authenticate;
    await screen.findByText(S.empty);
    await userEvent.type(screen.getByRole('textbox', { name: S.name }), 'CRM sync');
    await userEvent.click(screen.getByRole('checkbox', { name: /^users:read/ }));
    await userEvent.click(screen.getByRole('button', { name: S.createButton }));
    expect(await screen.findByText(STRINGS.reauthenticate.heading)).toBeTruthy();
    await expectAccessible();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.reauthenticate.usePasskey }));
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(SECRET);
    expect(admin.callsTo('POST', '/api-keys')).toHaveLength(2);
  });

  it('revokes a key behind a dialog that says what follows', async () => {
    const admin = standIn();
    admin.on(
      'DELETE',
      '/api-keys/:id',
      json(200, { api_key: keyOf({ revoked_at: '2026-01-08T12:00:00Z' }) }),
    );
    renderConsole('/api-keys', { admin });
    await userEvent.click(await screen.findByRole('button', { name: S.revokeLabel('CRM sync') }));
    const dialog = await screen.findByRole('dialog', { name: S.revokeTitle('CRM sync') });
    expect(dialog.textContent).toContain(S.revokeBody);
    await expectAccessible();
    admin.on('GET', '/api-keys', json(200, { items: [keyOf({ revoked_at: '2026-01-08T12:00:00Z' })] }));
    await userEvent.click(within(dialog).getByRole('button', { name: S.revoke }));
    expect(await screen.findByText(S.revoked('CRM sync'))).toBeTruthy();
    expect(admin.callsTo('DELETE', '/api-keys/admin-api-key-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: S.revokeLabel('CRM sync') })).toBeNull());
  });

  it('a role with keys:read only sees the keys and no form; without keys:read the screen says so', async () => {
    renderConsole('/api-keys', { admin: standIn(VIEWER_KEYS) });
    await screen.findByTestId('api-keys-table');
    expect(screen.queryByRole('button', { name: S.createButton })).toBeNull();
    expect(screen.queryByRole('button', { name: S.revokeLabel('CRM sync') })).toBeNull();
    await expectAccessible();
    resetDocument();

    const admin = standIn(meOf('support', [...ROLE_SCOPES.support]));
    renderConsole('/api-keys', { admin });
    expect((await screen.findByRole('alert')).textContent).toBe(STRINGS.states.insufficientScope);
    expect(admin.callsTo('GET', '/api-keys')).toHaveLength(0);
  });
});

describe('the console’s scopes and the server’s', () => {
  it('labels every scope the server has, and nothing else', () => {
    expect(Object.keys(STRINGS.scopes).sort()).toEqual([...ADMIN_SCOPES].sort());
  });

  it('reads each role’s scopes as the server grants them (users:write implies users:support)', () => {
    for (const scopes of Object.values(ROLE_SCOPES)) {
      for (const scope of ADMIN_SCOPES.filter((each) => each !== 'self')) {
        expect(holdsScope(scopes, scope as Scope), scope).toBe(scopes.includes(scope));
      }
    }
    expect(grantableScopes(ROLE_SCOPES.owner)).toEqual(ADMIN_SCOPES.filter((scope) => scope !== 'self'));
  });
});
