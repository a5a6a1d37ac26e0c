// Issue 26 item 3 (Activity): the live tail (the first page refreshed every LIVE_TAIL_MS, new events marked and
// counted in a live region, off on later pages) and the CSV / NDJSON exports with the list's filters and range.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  eventOf,
  expectAccessible,
  json,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
} from '../test-support';
import { LIVE_TAIL_MS } from './activity-tools';

const TOOLS = STRINGS.activity.tools;

function standIn() {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...OWNER, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  return admin;
}

describe('the activity screen’s live tail and exports', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetDocument();
  });

  it('follows the newest events while on, marks the ones that came in, and stops when off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const admin = standIn();
    let items = [eventOf({ id: 'event-old', type: 'session.created' })];
    admin.on('GET', '/projects/:project/events', () => json(200, { items, next_cursor: null }));
    renderConsole('/activity', { admin });
    await screen.findByTestId('events-table');
    const live = screen.getByRole('button', { name: TOOLS.liveOff });
    expect(live.getAttribute('aria-pressed')).toBe('false');
    const listed = () => admin.callsTo('GET', `/projects/${PROJECT_ID}/events`).length;
    const before = listed();
    await vi.advanceTimersByTimeAsync(LIVE_TAIL_MS * 2);
    expect(listed()).toBe(before); // off: nothing is polled

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(live);
    expect(screen.getByRole('button', { name: TOOLS.liveOn }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(TOOLS.liveWaiting(LIVE_TAIL_MS / 1000))).toBeTruthy();
    // The tail's own poll (an audited read by this operator) comes in too: listed, but not news.
    const ownPoll = eventOf({
      id: 'event-own-poll',
      type: 'admin_api.called',
      actor: { type: OWNER.actor.type, id: OWNER.actor.id },
      subject_user_id: null,
      payload: { method: 'GET', route: '/admin/v1/projects/:project_id/events', status_code: 200 },
    });
    items = [ownPoll, eventOf({ id: 'event-new', type: 'user.blocked' }), ...items];
    await act(() => vi.advanceTimersByTimeAsync(LIVE_TAIL_MS + 50));
    await waitFor(() => expect(screen.getByText(TOOLS.liveArrived(1))).toBeTruthy());
    const rows = within(screen.getByTestId('events-table')).getAllByRole('row');
    const fresh = rows.find((row) => row.textContent?.includes('user.blocked'));
    expect(fresh?.className).toContain('row-fresh');
    expect(within(fresh as HTMLElement).getByText(TOOLS.new)).toBeTruthy();
    for (const type of ['session.created', 'admin_api.called']) {
      const notNews = rows.find((row) => row.textContent?.includes(type));
      expect(notNews?.className ?? '', type).not.toContain('row-fresh');
    }
    await expectAccessible();

    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: TOOLS.liveOn }));
    const stopped = listed();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_TAIL_MS * 2));
    expect(listed()).toBe(stopped);
    expect(screen.queryByText(TOOLS.new)).toBeNull();
  });

  it('is off on a later page, which says why', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/events', json(200, { items: [eventOf()], next_cursor: 'next-1' }));
    renderConsole(`/activity?cursors=${encodeURIComponent('["c1"]')}`, { admin });
    await screen.findByTestId('events-table');
    const live = screen.getByRole('button', { name: TOOLS.liveOff }) as HTMLButtonElement;
    expect(live.disabled).toBe(true);
    expect(screen.getByText(TOOLS.liveFirstPageOnly)).toBeTruthy();
  });

  it('exports every matching event as CSV or NDJSON with the list’s filters and range, and says when it fails', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/events', json(200, { items: [eventOf()], next_cursor: null }));
    admin.on('GET', '/projects/:project/events/export', json(200, 'id,type\n'));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost:3000/export-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderConsole(`/activity?query=${encodeURIComponent('type:sign_in.* ip:203.0.113.7')}&range=30`, {
      admin,
    });
    await screen.findByTestId('events-table');
    await userEvent.click(screen.getByRole('button', { name: TOOLS.exportCsv }));
    await waitFor(() => expect(clicked).toEqual(['events.csv']));
    const [csv] = admin.callsTo('GET', `/projects/${PROJECT_ID}/events/export`);
    expect(csv?.query.get('format')).toBe('csv');
    expect(csv?.query.getAll('type')).toEqual(['sign_in.*']);
    expect(csv?.query.get('ip')).toBe('203.0.113.7');
    expect(csv?.query.get('from')).not.toBeNull();
    expect(csv?.query.get('cursor')).toBeNull();
    expect(created).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: TOOLS.exportNdjson }));
    await waitFor(() => expect(clicked).toEqual(['events.csv', 'events.ndjson']));

    admin.on('GET', '/projects/:project/events/export', apiError(403, 'insufficient_scope'));
    await userEvent.click(screen.getByRole('button', { name: TOOLS.exportCsv }));
    expect(await screen.findByText(STRINGS.user.notAllowed)).toBeTruthy();
    expect(clicked).toHaveLength(2);
    await expectAccessible();
  });
});
