// Issue 26 item 3 (User detail): the metadata editor (validation before any call, the PATCH that makes the stored
// metadata exactly what was written, read-only without users:write), removing a factor (the dialog says what
// follows, the refusal of a last factor is shown), and the activity timeline (loading, empty, error, older pages);
// axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '../admin-types';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  detail,
  eventOf,
  expectAccessible,
  json,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  VIEWER,
} from '../test-support';

const USER_PATH = `/projects/${PROJECT_ID}/users/user-test-ada`;
const TEXT = STRINGS.userDetail;

function standIn(me: Me = OWNER) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  const ada = detail();
  admin.on(
    'GET',
    '/projects/:project/users/:user',
    json(200, {
      ...ada,
      last_sign_in_at: '2026-01-07T09:00:00Z',
      user: { ...ada.user, trusted_metadata: { plan: 'pro', seats: 3 }, untrusted_metadata: {} },
    }),
  );
  admin.on('GET', '/projects/:project/events', json(200, { items: [], next_cursor: null }));
  return admin;
}

async function confirmIn(dialogButton: string) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: dialogButton }));
}

function setText(label: string, value: string) {
  const field = screen.getByRole('textbox', { name: label }) as HTMLTextAreaElement;
  return userEvent.clear(field).then(() => (value === '' ? undefined : userEvent.paste(value)));
}

describe('the user detail’s metadata, factors and timeline', () => {
  afterEach(resetDocument);

  it('checks the metadata as JSON objects before saving, then saves exactly what was written', async () => {
    const admin = standIn();
    const ada = detail();
    admin.on(
      'PATCH',
      '/projects/:project/users/:user',
      json(200, { ...ada, user: { ...ada.user, trusted_metadata: { plan: 'team', beta: true } } }),
    );
    renderConsole('/users/user-test-ada', { admin });
    await screen.findByTestId('metadata-editor');
    const trusted = screen.getByRole('textbox', { name: TEXT.trusted }) as HTMLTextAreaElement;
    expect(JSON.parse(trusted.value)).toEqual({ plan: 'pro', seats: 3 });
    await setText(TEXT.trusted, '{"plan": ');
    await userEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect(screen.getByText(/Not valid JSON/)).toBeTruthy();
    expect(trusted.getAttribute('aria-invalid')).toBe('true');
    await setText(TEXT.trusted, '["plan"]');
    await userEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect(screen.getByText(TEXT.notObject)).toBeTruthy();
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`k${index}`, index]));
    await setText(TEXT.trusted, JSON.stringify(many));
    await userEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect(screen.getByText(TEXT.tooManyKeys)).toBeTruthy();
    expect(admin.callsTo('PATCH', USER_PATH)).toHaveLength(0);
    await expectAccessible();
    // seats dropped, plan changed, beta added: seats is sent as null so the server removes it.
    await setText(TEXT.trusted, '{"plan": "team", "beta": true}');
    await userEvent.click(screen.getByRole('button', { name: TEXT.save }));
    expect(await screen.findByText(TEXT.saved)).toBeTruthy();
    expect(admin.callsTo('PATCH', USER_PATH).map((call) => call.body)).toEqual([
      { trusted_metadata: { seats: null, plan: 'team', beta: true } },
    ]);
    await waitFor(() => expect(JSON.parse(trusted.value)).toEqual({ plan: 'team', beta: true }));
    // The change is an event: the timeline is read again.
    await waitFor(() => expect(admin.callsTo('GET', `/projects/${PROJECT_ID}/events`)).toHaveLength(2));
  });

  it('shows metadata read-only and no remove control to a viewer', async () => {
    const admin = standIn(VIEWER);
    renderConsole('/users/user-test-ada', { admin });
    await screen.findByTestId('metadata-editor');
    expect((screen.getByRole('textbox', { name: TEXT.trusted }) as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: TEXT.save })).toBeNull();
    expect(screen.queryByRole('button', { name: TEXT.removeLabel('MacBook Touch ID') })).toBeNull();
    await expectAccessible();
  });

  it('removes a factor after a dialog saying what follows, and shows a refused last factor', async () => {
    const admin = standIn();
    admin.on('DELETE', '/projects/:project/users/:user/factors/:factor', (_call, params) =>
      params.factor === 'wallet-test-1'
        ? apiError(409, 'last_authentication_factor', 'This is the user’s only way to sign in.')
        : json(200, { user_id: 'user-test-ada', factor_id: params.factor, kind: 'webauthn_registrations' }),
    );
    renderConsole('/users/user-test-ada', { admin });
    await userEvent.click(await screen.findByRole('button', { name: TEXT.removeLabel('MacBook Touch ID') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(TEXT.removeTitle('MacBook Touch ID'));
    expect(dialog.textContent).toContain(TEXT.removeBody.webauthn_registrations);
    await expectAccessible();
    await confirmIn(TEXT.remove);
    expect(await screen.findByText(TEXT.removed('MacBook Touch ID'))).toBeTruthy();
    expect(admin.callsTo('DELETE', USER_PATH).map((call) => call.path)).toEqual([
      `/admin/v1${USER_PATH}/factors/webauthn-test-1`,
    ]);
    // The detail is read again after the removal.
    await waitFor(() => expect(admin.callsTo('GET', USER_PATH).length).toBeGreaterThan(1));
    // Each kind has its control: the TOTP and the wallet too; the wallet is refused as the last factor.
    expect(screen.getByRole('button', { name: TEXT.removeLabel(TEXT.totpLabel) })).toBeTruthy();
    await userEvent.click(
      screen.getByRole('button', { name: TEXT.removeLabel('0xabc0000000000000000000000000000000000001') }),
    );
    expect((await screen.findByRole('dialog')).textContent).toContain(TEXT.removeBody.crypto_wallets);
    await confirmIn(TEXT.remove);
    expect((await screen.findByRole('alert')).textContent).toContain('only way to sign in');
  });

  it('shows the last sign-in and the activity timeline: loading, events with older pages, empty, error', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/projects/:project/events',
      (call) =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              call.query.get('cursor') === 'older'
                ? json(200, { items: [eventOf({ id: 'event-2', type: 'user.created' })], next_cursor: null })
                : json(200, {
                    items: [eventOf({ id: 'event-1', type: 'session.created', ip_address: '203.0.113.7' })],
                    next_cursor: 'older',
                  }),
            );
        }) as never,
    );
    renderConsole('/users/user-test-ada', { admin });
    const timeline = await screen.findByTestId('user-timeline');
    expect(within(timeline).getByText(STRINGS.states.loading)).toBeTruthy();
    expect(screen.getByTestId('last-sign-in').textContent).not.toBe(STRINGS.userList.neverSignedIn);
    release();
    expect(await within(timeline).findByText('session.created')).toBeTruthy();
    expect(timeline.textContent).toContain('203.0.113.7');
    const [call] = admin.callsTo('GET', `/projects/${PROJECT_ID}/events`);
    expect(call?.query.get('user_id')).toBe('user-test-ada');
    await userEvent.click(within(timeline).getByRole('button', { name: TEXT.timelineMore }));
    release();
    expect(await within(timeline).findByText('user.created')).toBeTruthy();
    expect(within(timeline).queryByRole('button', { name: TEXT.timelineMore })).toBeNull();
    await expectAccessible();
  });

  it('says when the user has no event, and when the events cannot be read', async () => {
    const admin = standIn();
    renderConsole('/users/user-test-ada', { admin });
    expect(await screen.findByText(TEXT.timelineEmpty)).toBeTruthy();
    resetDocument();
    const failing = standIn();
    failing.on('GET', '/projects/:project/events', apiError(500, 'internal_server_error', 'Events down.'));
    renderConsole('/users/user-test-ada', { admin: failing });
    const timeline = await screen.findByTestId('user-timeline');
    expect((await within(timeline).findByRole('alert')).textContent).toContain('Events down.');
    await expectAccessible();
  });
});
