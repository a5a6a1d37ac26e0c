// Issue 26 item 3 (Activity): the query bar mapped to the events route's filters, the time range, cursor pagination
// and the event detail, all in the URL; loading, empty and error states; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import {
  AUDITOR,
  apiError,
  createAdminStandIn,
  eventOf,
  expectAccessible,
  json,
  NOW,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
} from '../test-support';

const EVENTS_PATH = `/projects/${PROJECT_ID}/events`;

function standIn(me = OWNER) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  return admin;
}

function listCalls(admin: ReturnType<typeof standIn>) {
  return admin.calls.filter((call) => call.method === 'GET' && call.path === `/admin/v1${EVENTS_PATH}`);
}

describe('the activity screen', () => {
  afterEach(resetDocument);

  it('says it is loading, then lists the events of the last 7 days', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/projects/:project/events',
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              json(200, {
                items: [
                  eventOf(),
                  eventOf({ id: 'event-test-2', type: 'session.created', subject_user_id: null }),
                ],
                next_cursor: null,
              }),
            );
        }) as never,
    );
    renderConsole('/activity', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    const table = await screen.findByTestId('events-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('sign_in.failed');
    expect(rows[1]!.textContent).toContain('user:user-test-ada');
    expect(rows[1]!.textContent).toContain('203.0.113.7');
    expect(within(rows[1]!).getByRole('link', { name: 'user-test-ada' }).getAttribute('href')).toBe(
      '/console/users/user-test-ada',
    );
    const from = listCalls(admin)[0]!.query.get('from');
    expect(from).toBe(new Date(NOW.getTime() - 7 * 86_400_000).toISOString());
    await expectAccessible();
  });

  it('says when nothing matches, and shows a failure with a retry', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/events', json(200, { items: [], next_cursor: null }));
    renderConsole('/activity', { admin });
    expect(await screen.findByText(STRINGS.activity.empty)).toBeTruthy();
    await expectAccessible();
    resetDocument();

    const failing = standIn();
    failing.on('GET', '/projects/:project/events', 'network-error');
    renderConsole('/activity', { admin: failing });
    expect((await screen.findByRole('alert')).textContent).toContain(STRINGS.states.network);
    failing.on('GET', '/projects/:project/events', json(200, { items: [eventOf()], next_cursor: null }));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByTestId('events-table')).toBeTruthy();
  });

  it('maps the query bar and the range to the route’s filters, and keeps them in the URL', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/events', json(200, { items: [eventOf()], next_cursor: null }));
    const { location } = renderConsole('/activity', { admin });
    await screen.findByTestId('events-table');
    const bar = screen.getByRole('searchbox', { name: STRINGS.activity.queryLabel });
    await userEvent.type(
      bar,
      'type:sign_in.* type:session.created user:user-test-ada ip:203.0.113.7 actor:operator',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: STRINGS.activity.range }), 'all');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.activity.apply }));
    await waitFor(() => expect(listCalls(admin)).toHaveLength(2));
    const query = listCalls(admin)[1]!.query;
    expect(query.getAll('type')).toEqual(['sign_in.*', 'session.created']);
    expect(query.get('user_id')).toBe('user-test-ada');
    expect(query.get('ip')).toBe('203.0.113.7');
    expect(query.get('actor')).toBe('operator');
    expect(query.has('from')).toBe(false);
    expect(location().search).toEqual({
      query: 'type:sign_in.* type:session.created user:user-test-ada ip:203.0.113.7 actor:operator',
      range: 'all',
    });
  });

  it('names a term it does not know instead of listing everything', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/events', json(200, { items: [eventOf()], next_cursor: null }));
    renderConsole('/activity?query=%22method%3Apasskey%22', { admin });
    expect(await screen.findByText(STRINGS.activity.queryBad('method:passkey'))).toBeTruthy();
    expect(
      screen.getByRole('searchbox', { name: STRINGS.activity.queryLabel }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(listCalls(admin)).toEqual([]);
    await expectAccessible();
  });

  it('pages by cursor', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/events', (call) =>
      call.query.get('cursor') === 'events-2'
        ? json(200, { items: [eventOf({ id: 'event-older', type: 'user.created' })], next_cursor: null })
        : json(200, { items: [eventOf()], next_cursor: 'events-2' }),
    );
    const { location } = renderConsole('/activity', { admin });
    await screen.findByTestId('events-table');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.pagination.next }));
    expect(await screen.findByText('user.created')).toBeTruthy();
    expect(location().search).toEqual({ cursors: ['events-2'] });
    await userEvent.click(screen.getByRole('button', { name: STRINGS.pagination.previous }));
    expect(await screen.findByText('sign_in.failed')).toBeTruthy();
  });

  it('opens an event’s detail from the list and from its link, and closes back to the list', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/events', json(200, { items: [eventOf()], next_cursor: null }));
    admin.on('GET', '/projects/:project/events/:event', json(200, { event: eventOf() }));
    const { location } = renderConsole('/activity', { admin });
    const view = await screen.findByRole('button', { name: /View the event sign_in\.failed/ });
    await userEvent.click(view);
    const dialog = await screen.findByRole('dialog', { name: STRINGS.activity.detailOf('sign_in.failed') });
    expect(location().search).toEqual({ event: 'event-test-1' });
    expect(dialog.textContent).toContain('otp_code_not_found');
    expect(dialog.textContent).toContain('request-id-test-9');
    expect(dialog.textContent).toContain('curl/8');
    await expectAccessible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location().search).toEqual({});
    resetDocument();

    // A shared link to the event: the detail is fetched on its own.
    const direct = standIn();
    direct.on('GET', '/projects/:project/events', json(200, { items: [], next_cursor: null }));
    direct.on(
      'GET',
      '/projects/:project/events/:event',
      json(200, { event: eventOf({ id: 'event-old', type: 'user.deleted' }) }),
    );
    renderConsole('/activity?event=%22event-old%22', { admin: direct });
    expect(
      await screen.findByRole('dialog', { name: STRINGS.activity.detailOf('user.deleted') }),
    ).toBeTruthy();
    expect(direct.callsTo('GET', `${EVENTS_PATH}/event-old`)).toHaveLength(1);
  });

  it('an auditor reads the activity, with user ids as text (no users screen for them)', async () => {
    const admin = standIn(AUDITOR);
    admin.on('GET', '/projects/:project/events', json(200, { items: [eventOf()], next_cursor: null }));
    renderConsole('/activity', { admin });
    const table = await screen.findByTestId('events-table');
    expect(within(table).queryByRole('link')).toBeNull();
    expect(table.textContent).toContain('user-test-ada');
  });

  it('a refusal of the events route reads as the role’s limit', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/events', apiError(403, 'insufficient_scope'));
    renderConsole('/activity', { admin });
    expect((await screen.findByRole('alert')).textContent).toContain(STRINGS.states.insufficientScope);
  });
});
