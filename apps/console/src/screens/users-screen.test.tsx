// Issue 26 item 3 (Users): search, the API's filters, cursor pagination and the state in the URL; loading, empty
// and error states; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  summary,
} from '../test-support';

const USERS_PATH = `/projects/${PROJECT_ID}/users`;

function standIn() {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, OWNER));
  admin.on('GET', '/projects', json(200, { items: [{ id: PROJECT_ID, name: 'Main' }] }));
  return admin;
}

describe('the users screen', () => {
  afterEach(resetDocument);

  it('says it is loading while the list is on its way', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/users', 'pending');
    renderConsole('/users', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    expect(screen.getByRole('region', { name: STRINGS.users.heading }).getAttribute('aria-busy')).toBe(
      'true',
    );
    await expectAccessible();
  });

  it('lists users with their identifiers, status, block and a link to each', async () => {
    const admin = standIn();
    admin.on(
      'GET',
      '/projects/:project/users',
      json(200, {
        items: [
          summary(),
          summary({
            user_id: 'user-test-bob',
            name: { first_name: '', middle_name: '', last_name: '' },
            emails: [],
            phone_numbers: [],
            crypto_wallets: [
              {
                crypto_wallet_id: 'w1',
                crypto_wallet_address: '0xabc0000000000000000000000000000000000002',
                crypto_wallet_type: 'ethereum',
                verified: true,
              },
            ],
            blocked_at: '2026-01-06T00:00:00Z',
            blocked_reason: 'fraud',
          }),
        ],
        next_cursor: null,
      }),
    );
    renderConsole('/users', { admin });
    const table = await screen.findByTestId('users-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/console/users/user-test-ada',
    );
    expect(rows[1]!.textContent).toContain('ada@example.com');
    expect(rows[1]!.textContent).toContain('+15005550006');
    // No name or e-mail: the row is named by its id; the wallet is an identifier.
    expect(within(rows[2]!).getByRole('link', { name: 'user-test-bob' })).toBeTruthy();
    expect(rows[2]!.textContent).toContain('0xabc0000000000000000000000000000000000002');
    expect(within(rows[2]!).getByText(STRINGS.users.blockedBadge)).toBeTruthy();
    // One page only: no pagination.
    expect(screen.queryByRole('navigation', { name: STRINGS.pagination.label })).toBeNull();
    const [call] = admin.callsTo('GET', USERS_PATH);
    expect(call?.query.get('limit')).toBe('50');
    expect(call?.query.has('cursor')).toBe(false);
    await expectAccessible();
  });

  it('says when nothing matches', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/users', json(200, { items: [], next_cursor: null }));
    renderConsole('/users?q=%22nobody%22', { admin });
    expect(await screen.findByText(STRINGS.users.empty)).toBeTruthy();
    expect(screen.getByText(STRINGS.users.emptyHint)).toBeTruthy();
    await expectAccessible();
  });

  it('shows a refusal or failure with a retry', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/users', apiError(500, 'internal_server_error', 'Database down.'));
    renderConsole('/users', { admin });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database down.');
    expect(alert.textContent).toContain('request-id-test-1');
    await expectAccessible();
    admin.on('GET', '/projects/:project/users', json(200, { items: [summary()], next_cursor: null }));
    await userEvent.click(within(alert).getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('a refused scope reads as such, not as the server’s words', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/users', apiError(403, 'insufficient_scope', 'needs users:read'));
    renderConsole('/users', { admin });
    expect((await screen.findByRole('alert')).textContent).toContain(STRINGS.states.insufficientScope);
  });

  it('searches and filters with what the API takes, and keeps it in the URL', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/users', json(200, { items: [summary()], next_cursor: null }));
    const { location } = renderConsole('/users', { admin });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.type(screen.getByRole('searchbox', { name: STRINGS.users.searchLabel }), '+1500');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: STRINGS.users.status }), 'active');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: STRINGS.users.blocked }), 'yes');
    await userEvent.type(screen.getByLabelText(STRINGS.users.createdAfter), '2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.users.search }));
    await waitFor(() => expect(admin.callsTo('GET', USERS_PATH)).toHaveLength(2));
    const query = admin.callsTo('GET', USERS_PATH)[1]!.query;
    expect(query.get('q')).toBe('+1500');
    expect(query.get('status')).toBe('active');
    expect(query.get('blocked')).toBe('true');
    expect(query.get('created_after')).toBe('2026-01-01T00:00:00.000Z');
    expect(location().search).toMatchObject({
      q: '+1500',
      status: 'active',
      blocked: 'yes',
      created_after: '2026-01-01',
    });
    // Clearing empties the URL and the call.
    await userEvent.click(screen.getByRole('button', { name: STRINGS.users.clear }));
    await waitFor(() => expect(location().search).toEqual({}));
  });

  it('opens with the URL’s search and filters (a shared link)', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/users', json(200, { items: [summary()], next_cursor: null }));
    renderConsole('/users?q=0xabc&blocked=no&status=pending', { admin });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const query = admin.callsTo('GET', USERS_PATH)[0]!.query;
    expect(query.get('q')).toBe('0xabc');
    expect(query.get('blocked')).toBe('false');
    expect(query.get('status')).toBe('pending');
    expect(
      (screen.getByRole('searchbox', { name: STRINGS.users.searchLabel }) as HTMLInputElement).value,
    ).toBe('0xabc');
  });

  it('pages forwards by the cursor and back by the URL’s list of cursors', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/users', (call) => {
      const cursor = call.query.get('cursor');
      if (cursor === null) return json(200, { items: [summary()], next_cursor: 'cursor-page-2' });
      if (cursor === 'cursor-page-2')
        return json(200, {
          items: [
            summary({
              user_id: 'user-test-page-2',
              name: { first_name: 'Page', middle_name: '', last_name: 'Two' },
            }),
          ],
          next_cursor: null,
        });
      return apiError(400, 'invalid_admin_request', 'The cursor is not one this API gave.');
    });
    const { location } = renderConsole('/users', { admin });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const pages = screen.getByRole('navigation', { name: STRINGS.pagination.label });
    const previous = within(pages).getByRole('button', {
      name: STRINGS.pagination.previous,
    }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await userEvent.click(within(pages).getByRole('button', { name: STRINGS.pagination.next }));
    expect(await screen.findByRole('link', { name: 'Page Two' })).toBeTruthy();
    expect(location().search).toEqual({ cursors: ['cursor-page-2'] });
    const next = screen.getByRole('button', { name: STRINGS.pagination.next }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: STRINGS.pagination.previous }));
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(location().search).toEqual({});
  });
});
