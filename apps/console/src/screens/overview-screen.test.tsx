// Issue 26 item 3 (Overview): the figures, the stacked chart of sign-ins by method per day (and its table), the
// failures by reason, the date range; loading, empty and error states; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  NOW,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  statsOf,
} from '../test-support';
import { signInsByMethod } from './overview-chart';

const STATS_PATH = `/projects/${PROJECT_ID}/stats`;

function standIn() {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...OWNER, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  return admin;
}

function figure(name: string): string {
  const figures = screen.getByTestId('figures');
  const term = within(figures).getByText(name);
  return term.nextElementSibling?.textContent ?? '';
}

describe('the overview', () => {
  afterEach(resetDocument);

  it('says it is loading, then shows the figures, the chart by method and the failures', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/projects/:project/stats',
      () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, statsOf()));
        }) as never,
    );
    renderConsole('/', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    await screen.findByTestId('figures');
    expect(figure(STRINGS.overview.signIns)).toBe('9');
    expect(figure(STRINGS.overview.signUps)).toBe('2');
    expect(figure(STRINGS.overview.activeUsers)).toBe('4');
    expect(figure(STRINGS.overview.failures)).toBe('4');
    expect(screen.getByTestId('sign-in-chart')).toBeTruthy();
    const methods = within(screen.getByTestId('method-table')).getAllByRole('row').slice(1);
    expect(methods.map((row) => row.textContent)).toEqual(['magic_link5', 'passkey3', 'oauth:github1']);
    const failures = screen.getByRole('region', { name: STRINGS.overview.failuresHeading });
    expect(failures.textContent).toContain('otp_code_not_found');
    const query = admin.callsTo('GET', STATS_PATH)[0]!.query;
    expect(query.get('interval')).toBe('day');
    expect(query.get('to')).toBe(NOW.toISOString());
    expect(query.get('from')).toBe(new Date(NOW.getTime() - 30 * 86_400_000).toISOString());
    await expectAccessible();
  });

  it('says when the range holds no sign-in', async () => {
    const admin = standIn();
    admin.on(
      'GET',
      '/projects/:project/stats',
      json(
        200,
        statsOf({
          sign_ins: [],
          sign_ups: { total: 0, counts: [0, 0, 0] },
          active_users: { counts: [0, 0, 0] },
        }),
      ),
    );
    renderConsole('/', { admin });
    expect(await screen.findByText(STRINGS.overview.chartEmpty)).toBeTruthy();
    expect(screen.getByText(STRINGS.overview.failuresEmpty)).toBeTruthy();
    expect(screen.queryByTestId('sign-in-chart')).toBeNull();
    await expectAccessible();
  });

  it('shows a failure with a retry', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/stats', apiError(400, 'invalid_admin_request', 'At most 400 days.'));
    renderConsole('/', { admin });
    expect((await screen.findByRole('alert')).textContent).toContain('At most 400 days.');
    await expectAccessible();
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByTestId('figures')).toBeTruthy();
  });

  it('the date range asks for that many days and is kept in the URL', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    const { location } = renderConsole('/', { admin });
    await screen.findByTestId('figures');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: STRINGS.overview.range }), '7');
    await waitFor(() => expect(admin.callsTo('GET', STATS_PATH)).toHaveLength(2));
    expect(admin.callsTo('GET', STATS_PATH)[1]!.query.get('from')).toBe(
      new Date(NOW.getTime() - 7 * 86_400_000).toISOString(),
    );
    expect(location().search).toEqual({ range: '7' });
  });

  it('adds up successful sign-ins per method and day, largest first, failures left out', () => {
    const series = signInsByMethod(
      statsOf({
        sign_ins: [
          { method: 'otp', outcome: 'success', reason: null, total: 2, counts: [1, 1, 0] },
          { method: 'otp', outcome: 'failure', reason: 'x', total: 9, counts: [3, 3, 3] },
          { method: 'passkey', outcome: 'success', reason: null, total: 4, counts: [0, 0, 4] },
        ],
      }),
    );
    expect(series).toEqual([
      { method: 'passkey', total: 4, counts: [0, 0, 4] },
      { method: 'otp', total: 2, counts: [1, 1, 0] },
    ]);
  });
});
