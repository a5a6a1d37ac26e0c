// Issue 26 item 3 (Users): the further filters into the URL and the call, the sortable headers (order in the URL,
// the page dropped), the column choice (in the URL), and the bulk actions — each after a dialog that says how many
// and what follows, delete asking a recent sign-in and going on after it, export of the selected users; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  summary,
} from '../test-support';

const USERS_PATH = `/projects/${PROJECT_ID}/users`;
const LIST = STRINGS.userList;
const BOB = summary({
  user_id: 'user-test-bob',
  name: { first_name: 'Bob', middle_name: '', last_name: 'Babbage' },
  emails: [{ email_id: 'email-bob', email: 'bob@example.com', verified: false }],
  phone_numbers: [],
  methods: ['email'],
  last_sign_in_at: null,
});

function standIn(me = OWNER) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/projects', json(200, { items: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/projects/:project/users', json(200, { items: [summary(), BOB], next_cursor: null }));
  return admin;
}

function lastListCall(admin: ReturnType<typeof standIn>) {
  return admin
    .callsTo('GET', USERS_PATH)
    .filter((call) => call.path === `/admin/v1${USERS_PATH}`)
    .at(-1)!.query;
}

async function confirmIn(dialogButton: string) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: dialogButton }));
}

describe('the users list’s filters, order, columns and bulk actions', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetDocument();
  });

  it('puts method, verified, last sign-in range and metadata into the URL and the call', async () => {
    const admin = standIn();
    const { location } = renderConsole('/users?sort=last_sign_in_at&cols=identifiers', { admin });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: LIST.method }), 'passkey');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: LIST.verified }), 'no');
    await userEvent.type(screen.getByLabelText(LIST.signedInAfter), '2026-02-01');
    await userEvent.type(screen.getByLabelText(LIST.signedInBefore), '2026-02-28');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: LIST.metadataKind }), 'untrusted');
    // A metadata filter without `=` is refused in place, and nothing is asked.
    await userEvent.type(screen.getByRole('textbox', { name: LIST.metadataFilter }), 'plan');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.users.search }));
    expect(screen.getByText(LIST.metadataBad)).toBeTruthy();
    expect(admin.callsTo('GET', USERS_PATH)).toHaveLength(1);
    await userEvent.type(screen.getByRole('textbox', { name: LIST.metadataFilter }), '=pro');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.users.search }));
    await waitFor(() => expect(admin.callsTo('GET', USERS_PATH)).toHaveLength(2));
    const query = lastListCall(admin);
    expect(Object.fromEntries(query)).toMatchObject({
      method: 'passkey',
      verified: 'false',
      last_sign_in_after: '2026-02-01T00:00:00.000Z',
      last_sign_in_before: '2026-02-28T23:59:59.999Z',
      untrusted_metadata: 'plan=pro',
      sort: 'last_sign_in_at',
    });
    expect(query.has('trusted_metadata')).toBe(false);
    // The order and the columns stay as they were.
    expect(location().search).toEqual({
      method: 'passkey',
      verified: 'no',
      signed_in_after: '2026-02-01',
      signed_in_before: '2026-02-28',
      meta: 'plan=pro',
      meta_kind: 'untrusted',
      sort: 'last_sign_in_at',
      cols: 'identifiers',
    });
    await userEvent.click(screen.getByRole('button', { name: STRINGS.users.clear }));
    await waitFor(() => expect(location().search).toEqual({ sort: 'last_sign_in_at', cols: 'identifiers' }));
    await expectAccessible();
  });

  it('sorts by a column header: order in the URL and the call, the page dropped, aria-sort on the header', async () => {
    const admin = standIn();
    const { location } = renderConsole('/users?cursors=%5B%22c1%22%5D', { admin });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const created = screen.getByRole('columnheader', { name: /Created/ });
    expect(created.getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(within(created).getByRole('button'));
    await waitFor(() => expect(location().search).toEqual({ order: 'asc' }));
    expect(Object.fromEntries(lastListCall(admin))).toMatchObject({ order: 'asc' });
    expect(lastListCall(admin).has('cursor')).toBe(false);
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('ascending');
    const lastSignIn = screen.getByRole('columnheader', { name: /Last sign-in/ });
    expect(lastSignIn.getAttribute('aria-sort')).toBeNull();
    await userEvent.click(within(lastSignIn).getByRole('button'));
    await waitFor(() => expect(location().search).toEqual({ sort: 'last_sign_in_at' }));
    expect(Object.fromEntries(lastListCall(admin))).toMatchObject({ sort: 'last_sign_in_at' });
    expect(lastListCall(admin).has('order')).toBe(false);
    // Never signed in reads as such.
    expect(within(screen.getByTestId('users-table')).getByText(LIST.neverSignedIn)).toBeTruthy();
  });

  it('shows the chosen columns and keeps the choice in the URL', async () => {
    const admin = standIn();
    const { location } = renderConsole('/users', { admin });
    const table = await screen.findByTestId('users-table');
    const headers = () =>
      within(screen.getByTestId('users-table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers()).toEqual(['User', 'Identifiers', 'Status', 'Created', 'Last sign-in']);
    expect(table).toBeTruthy();
    await userEvent.click(screen.getByText(LIST.columnsButton));
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.columns.methods }));
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.columns.identifiers }));
    await waitFor(() => expect(location().search).toEqual({ cols: 'status,methods,created,last_sign_in' }));
    expect(headers()).toEqual(['User', 'Status', 'Sign-in methods', 'Created', 'Last sign-in']);
    const rows = within(screen.getByTestId('users-table')).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Password, E-mail, Phone');
    // Back to the defaults: the URL forgets the choice.
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.columns.methods }));
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.columns.identifiers }));
    await waitFor(() => expect(location().search).toEqual({}));
    await expectAccessible();
  });

  it('revokes and blocks the selected users after a dialog naming how many, then refreshes the list', async () => {
    const admin = standIn();
    admin.on(
      'DELETE',
      '/projects/:project/users/:user/sessions',
      json(200, { revoked_session_ids: ['s1', 's2'] }),
    );
    admin.on('POST', '/projects/:project/users/:user/block', (_call, params) =>
      params.user === 'user-test-bob'
        ? apiError(500, 'internal_server_error', 'Database down.')
        : json(200, {}),
    );
    renderConsole('/users', { admin });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.getByText(LIST.noneSelected)).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.selectAll }));
    expect(screen.getByText(LIST.selected(2))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: LIST.revoke }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(LIST.revokeBody(2));
    await expectAccessible();
    await confirmIn(LIST.revoke);
    expect(await screen.findByText(LIST.done.revoked(2, 4))).toBeTruthy();
    expect(admin.callsTo('DELETE', USERS_PATH).map((call) => call.path)).toEqual([
      `/admin/v1${USERS_PATH}/user-test-ada/sessions`,
      `/admin/v1${USERS_PATH}/user-test-bob/sessions`,
    ]);
    // The list is asked again and the selection is gone.
    await waitFor(() => expect(admin.callsTo('GET', USERS_PATH).length).toBeGreaterThan(1));
    expect(screen.getByText(LIST.noneSelected)).toBeTruthy();

    // Block one by one: a reason is required; a failure on one is told, with the others done.
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.selectUser('Ada Lovelace') }));
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.selectUser('Bob Babbage') }));
    await userEvent.click(screen.getByRole('button', { name: LIST.block }));
    expect((await screen.findByRole('dialog')).textContent).toContain(LIST.blockBody(2));
    await confirmIn(LIST.block);
    expect(screen.getByText(STRINGS.user.blockReasonRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(STRINGS.user.blockReason), 'spam wave');
    await confirmIn(LIST.block);
    const status = await screen.findByText(/1 of 2 done/);
    expect(status.textContent).toContain('user-test-bob: Database down.');
    expect(admin.callsTo('POST', USERS_PATH).map((call) => call.body)).toEqual([
      { reason: 'spam wave' },
      { reason: 'spam wave' },
    ]);
  });

  it('deletes the selected users after saying how many and what follows, asking a recent sign-in first', async () => {
    const admin = standIn();
    let recent = false;
    admin.on('DELETE', '/projects/:project/users/:user', (_call, params) =>
      recent ? json(200, { user_id: params.user }) : apiError(403, 'reauthentication_required'),
    );
    const { client } = renderConsole('/users', { admin });
    client.webauthn.authenticate = (async () => {
      recent = true;
      return {};
    }) as typeof client.webauthn.authenticate;
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.selectAll }));
    await userEvent.click(screen.getByTestId('bulk-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(LIST.deleteTitle(2));
    expect(dialog.textContent).toContain(LIST.deleteBody(2));
    // Cancel deletes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: STRINGS.user.cancel }));
    expect(admin.callsTo('DELETE', USERS_PATH)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('bulk-delete'));
    await confirmIn(LIST.delete);
    // Not recent: the run stops before any user is deleted and asks the operator to confirm it is them.
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.reauthenticate.usePasskey }));
    expect(await screen.findByText(LIST.done.deleted(2))).toBeTruthy();
    const deletes = admin.callsTo('DELETE', USERS_PATH).map((call) => call.path.split('/').at(-1));
    expect(deletes).toEqual(['user-test-ada', 'user-test-ada', 'user-test-bob']);
  });

  it('exports the selected users’ details as JSON lines; support may revoke but not block or delete', async () => {
    const admin = standIn(SUPPORT);
    admin.on('GET', '/projects/:project/users/:user', (_call, params) =>
      json(200, detail({ user: { ...detail().user, user_id: params.user! } })),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:http://localhost:3000/users-1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderConsole('/users', { admin });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('checkbox', { name: LIST.selectUser('Bob Babbage') }));
    const bar = screen.getByTestId('bulk-actions');
    expect(within(bar).queryByRole('button', { name: LIST.block })).toBeNull();
    expect(within(bar).queryByRole('button', { name: LIST.delete })).toBeNull();
    expect(within(bar).getByRole('button', { name: LIST.revoke })).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: LIST.exportLabel(1) }));
    expect(await screen.findByText(LIST.done.exported(1))).toBeTruthy();
    expect(clicked).toEqual([`users-${PROJECT_ID}-selected.jsonl`]);
    const lines = (await saved[0]!.text()).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).user.user_id)).toEqual(['user-test-bob']);
    await expectAccessible();
  });
});
