// Issue 26 (Operators and API keys): the Operators screen — the list (e-mail, role, second factor, last sign-in) with
// its loading, empty and error states; adding, changing a role and removing behind dialogs, only for operators:write;
// the last owner refused in the console's words (409 last_owner); a change that needs a recent sign-in confirmed with
// the passkey and repeated; the roles table as the server describes it; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Operator, RoleDescription } from '../admin-types';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  meOf,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
} from '../test-support';

const S = STRINGS.operators;
const OWNER_ALL = meOf('owner', [...OWNER.scopes, 'operators:read', 'operators:write'], {
  operator_id: 'operator-owner',
});
const READER = meOf('admin', [...OWNER.scopes, 'operators:read']);

function operatorOf(overrides: Partial<Operator> = {}): Operator {
  return {
    operator_id: 'operator-owner',
    user_id: 'user-owner',
    email: 'owner@example.com',
    role: 'owner',
    created_at: '2026-01-02T10:00:00Z',
    created_by: 'system',
    second_factor_enrolled: true,
    last_sign_in_at: '2026-01-08T09:00:00Z',
    ...overrides,
  };
}

const SAM = operatorOf({
  operator_id: 'operator-sam',
  user_id: 'user-sam',
  email: 'sam@example.com',
  role: 'support',
  second_factor_enrolled: false,
  last_sign_in_at: null,
});

const ROLES: RoleDescription[] = [
  { role: 'owner', scopes: ['users:read', 'operators:write', 'self'], masked: false },
  { role: 'viewer', scopes: ['users:read', 'self'], masked: true },
];

function standIn(me = OWNER_ALL, items: Operator[] = [operatorOf(), SAM]) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/operators', json(200, { items, roles: ROLES }));
  return admin;
}

async function confirmIn(dialogButton: string) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: dialogButton }));
}

describe('the operators screen', () => {
  afterEach(resetDocument);

  it('says it is loading, then lists operators with role, second factor and last sign-in; empty and failing say so', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/operators',
      () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, { items: [operatorOf(), SAM], roles: ROLES }));
        }) as never,
    );
    renderConsole('/operators', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    const rows = within(await screen.findByTestId('operators-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('owner@example.com');
    expect(rows[1]!.textContent).toContain(S.you);
    expect(rows[1]!.textContent).toContain(S.enrolled);
    expect(within(rows[1]!).getAllByRole('time')[0]!.getAttribute('datetime')).toBe('2026-01-08T09:00:00Z');
    expect(rows[2]!.textContent).toContain('sam@example.com');
    expect(rows[2]!.textContent).toContain(STRINGS.shell.roles.support);
    expect(rows[2]!.textContent).toContain(S.notEnrolled);
    expect(rows[2]!.textContent).toContain(S.never);
    // The roles table is what the server says each role may do (no role described by the console itself).
    const roles = within(screen.getByTestId('roles-table')).getAllByRole('row');
    expect(roles).toHaveLength(3);
    expect(roles[1]!.textContent).toContain(STRINGS.scopes['operators:write']);
    expect(roles[1]!.textContent).not.toContain(STRINGS.scopes.self);
    expect(roles[2]!.textContent).toContain(S.maskedYes);
    await expectAccessible();
    resetDocument();

    renderConsole('/operators', { admin: standIn(OWNER_ALL, []) });
    expect(await screen.findByText(S.empty)).toBeTruthy();
    resetDocument();

    const failing = standIn();
    failing.on('GET', '/operators', apiError(500, 'internal_error', 'Boom.'));
    renderConsole('/operators', { admin: failing });
    expect((await screen.findByRole('alert')).textContent).toContain('Boom.');
    failing.on('GET', '/operators', json(200, { items: [operatorOf()], roles: ROLES }));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByTestId('operators-table')).toBeTruthy();
  });

  it('adds an operator by e-mail and role; an address already an operator is refused in plain words', async () => {
    const admin = standIn();
    admin.on('POST', '/operators', (call) =>
      json(201, { operator: operatorOf({ ...SAM, ...(call.body as object), operator_id: 'operator-new' }) }),
    );
    renderConsole('/operators', { admin });
    await screen.findByTestId('operators-table');
    await userEvent.click(screen.getByRole('button', { name: S.addButton }));
    expect(await screen.findByText(S.emailRequired)).toBeTruthy();
    expect(admin.callsTo('POST', '/operators')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: S.email }), 'new@example.com');
    const form = screen.getByRole('heading', { name: S.add }).closest('section')!;
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: S.role }), 'viewer');
    await userEvent.click(screen.getByRole('button', { name: S.addButton }));
    expect(await screen.findByText(S.added('new@example.com', STRINGS.shell.roles.viewer!))).toBeTruthy();
    expect(admin.callsTo('POST', '/operators')[0]!.body).toEqual({
      email: 'new@example.com',
      role: 'viewer',
    });
    // The list is read again.
    await waitFor(() => expect(admin.callsTo('GET', '/operators').length).toBeGreaterThan(1));
    expect((screen.getByRole('textbox', { name: S.email }) as HTMLInputElement).value).toBe('');

    admin.on('POST', '/operators', apiError(409, 'operator_exists'));
    await userEvent.type(screen.getByRole('textbox', { name: S.email }), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: S.addButton }));
    expect((await screen.findByText(S.exists)).getAttribute('role')).toBe('alert');
    await expectAccessible();
  });

  it('changes a role and removes an operator behind dialogs; the last owner is refused clearly', async () => {
    const admin = standIn();
    admin.on('PATCH', '/operators/:id', (call, params) =>
      json(200, { operator: operatorOf({ ...SAM, operator_id: params.id!, ...(call.body as object) }) }),
    );
    admin.on('DELETE', '/operators/:id', apiError(409, 'last_owner', 'This is the last owner.'));
    renderConsole('/operators', { admin });
    await screen.findByTestId('operators-table');

    await userEvent.click(screen.getByRole('button', { name: S.changeRoleLabel('sam@example.com') }));
    const dialog = await screen.findByRole('dialog', { name: S.changeRoleTitle('sam@example.com') });
    const select = within(dialog).getByRole('combobox', { name: S.newRole });
    expect(document.activeElement).toBe(select);
    await expectAccessible();
    await userEvent.selectOptions(select, 'admin');
    await confirmIn(S.changeRole);
    expect(
      await screen.findByText(S.roleChanged('sam@example.com', STRINGS.shell.roles.admin!)),
    ).toBeTruthy();
    expect(admin.callsTo('PATCH', '/operators/operator-sam')[0]!.body).toEqual({ role: 'admin' });

    // Cancel sends nothing.
    await userEvent.click(screen.getByRole('button', { name: S.removeLabel('owner@example.com') }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(admin.callsTo('DELETE', '/operators')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: S.removeLabel('owner@example.com') }));
    const remove = await screen.findByRole('dialog', { name: S.removeTitle('owner@example.com') });
    expect(remove.textContent).toContain(S.removeBody);
    await confirmIn(S.remove);
    const refused = await screen.findByText(S.lastOwner);
    expect(refused.getAttribute('role')).toBe('alert');
    expect(admin.callsTo('DELETE', '/operators/operator-owner')).toHaveLength(1);
    await expectAccessible();
  });

  it('a change that needs a recent sign-in is confirmed with the passkey and then made', async () => {
    const admin = standIn();
    let recent = false;
    admin.on('DELETE', '/operators/:id', (_call, params) =>
      recent
        ? json(200, { operator: { ...SAM, operator_id: params.id } })
        : apiError(403, 'reauthentication_required'),
    );
    const { client } = renderConsole('/operators', { admin });
    client.webauthn.authenticate = (async () => {
      recent = true;
      return {};
    }) as typeof client.webauthn.authenticate;
    await screen.findByTestId('operators-table');
    await userEvent.click(screen.getByRole('button', { name: S.removeLabel('sam@example.com') }));
    await confirmIn(S.remove);
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.reauthenticate.usePasskey }));
    expect(await screen.findByText(S.removed('sam@example.com'))).toBeTruthy();
    expect(admin.callsTo('DELETE', '/operators/operator-sam')).toHaveLength(2);
  });

  it('without operators:write there is no form and no action; without operators:read the screen says so', async () => {
    renderConsole('/operators', { admin: standIn(READER) });
    await screen.findByTestId('operators-table');
    expect(screen.queryByRole('button', { name: S.addButton })).toBeNull();
    expect(screen.queryByRole('button', { name: S.removeLabel('sam@example.com') })).toBeNull();
    // The nav shows the entry to whoever can read operators, and only to them.
    expect(screen.getByRole('link', { name: S.title })).toBeTruthy();
    await expectAccessible();
    resetDocument();

    const admin = standIn(OWNER);
    renderConsole('/operators', { admin });
    expect((await screen.findByRole('alert')).textContent).toBe(STRINGS.states.insufficientScope);
    expect(screen.queryByRole('link', { name: S.title })).toBeNull();
    expect(admin.callsTo('GET', '/operators')).toHaveLength(0);
  });
});
