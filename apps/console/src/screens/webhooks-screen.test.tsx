// Issue 26 item 3 (Webhooks): the endpoints list, adding one (its secret shown once), an endpoint's filters, test
// event, rotation (which may ask for a recent sign-in), enable, replay and delete — each change that alters delivery
// behind a dialog — and its delivery log with status, attempts and the answer's excerpt, retry and pagination; the
// write actions only for webhooks:write; loading, empty and error states; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../admin-types';
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
  SUPPORT,
} from '../test-support';

const BASE = `/projects/${PROJECT_ID}`;
const OWNER_ALL = meOf('owner', [...OWNER.scopes, 'messages:read', 'webhooks:read', 'webhooks:write']);
const VIEWER_HOOKS = meOf('viewer', ['webhooks:read', 'self']);

function endpointOf(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'webhook-endpoint-1',
    project_id: PROJECT_ID,
    url: 'https://hooks.example.com/gatehouse',
    events: ['user.*', 'session.created'],
    source: 'api',
    disabled_at: null,
    failing_since: null,
    created_at: '2026-01-07T10:00:00Z',
    updated_at: '2026-01-07T10:00:00Z',
    ...overrides,
  };
}

function deliveryOf(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'webhook-delivery-1',
    endpoint_id: 'webhook-endpoint-1',
    event_id: 'event-1',
    event_type: 'user.created',
    status: 'dead',
    attempts: 8,
    next_attempt_at: null,
    last_attempt_at: '2026-01-08T10:00:00Z',
    last_status_code: 500,
    last_latency_ms: 120,
    last_response_excerpt: 'upstream exploded',
    last_error: null,
    created_at: '2026-01-07T10:00:00Z',
    ...overrides,
  };
}

function standIn(me = OWNER_ALL, endpoints: WebhookEndpoint[] = [endpointOf()]) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/projects/:project/webhooks', json(200, { items: endpoints }));
  admin.on(
    'GET',
    '/projects/:project/webhook-deliveries',
    json(200, { items: [deliveryOf()], next_cursor: null }),
  );
  return admin;
}

async function confirmIn(dialogButton: string) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: dialogButton }));
}

const OPEN = '/webhooks?endpoint=%22webhook-endpoint-1%22';

describe('the webhooks screen', () => {
  afterEach(resetDocument);

  it('says it is loading, then lists the endpoints; empty and failing lists say so', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/projects/:project/webhooks',
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve(
              json(200, {
                items: [
                  endpointOf(),
                  endpointOf({
                    id: 'webhook-endpoint-2',
                    url: 'https://b.example',
                    disabled_at: '2026-01-08T00:00:00Z',
                    source: 'file',
                  }),
                ],
              }),
            );
        }) as never,
    );
    renderConsole('/webhooks', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    const rows = within(await screen.findByTestId('webhooks-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('user.*, session.created');
    expect(rows[1]!.textContent).toContain(STRINGS.webhooks.statusEnabled);
    expect(rows[2]!.textContent).toContain(STRINGS.webhooks.statusDisabled);
    expect(rows[2]!.textContent).toContain(STRINGS.webhooks.sources.file);
    await expectAccessible();
    resetDocument();

    renderConsole('/webhooks', { admin: standIn(OWNER_ALL, []) });
    expect(await screen.findByText(STRINGS.webhooks.empty)).toBeTruthy();
    await expectAccessible();
    resetDocument();

    const failing = standIn();
    failing.on('GET', '/projects/:project/webhooks', apiError(500, 'internal_error', 'Boom.'));
    renderConsole('/webhooks', { admin: failing });
    expect((await screen.findByRole('alert')).textContent).toContain('Boom.');
    failing.on('GET', '/projects/:project/webhooks', json(200, { items: [endpointOf()] }));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByTestId('webhooks-table')).toBeTruthy();
  });

  it('adds an endpoint with its filters, shows the secret once, and opens it', async () => {
    const admin = standIn(OWNER_ALL, []);
    admin.on('POST', '/projects/:project/webhooks', (call) =>
      json(201, {
        endpoint: endpointOf({ id: 'webhook-endpoint-new', ...(call.body as object) }),
        secret: 'whsec_dGVzdC1zZWNyZXQ=',
      }),
    );
    const { location } = renderConsole('/webhooks', { admin });
    await screen.findByText(STRINGS.webhooks.empty);
    // Nothing is sent without a URL.
    await userEvent.click(screen.getByRole('button', { name: STRINGS.webhooks.create }));
    expect(await screen.findByText(STRINGS.webhooks.urlRequired)).toBeTruthy();
    expect(admin.callsTo('POST', `${BASE}/webhooks`)).toHaveLength(0);
    await userEvent.type(
      screen.getByRole('textbox', { name: STRINGS.webhooks.url }),
      'https://hooks.example.com/new',
    );
    const events = screen.getByRole('textbox', { name: STRINGS.webhooks.events });
    await userEvent.clear(events);
    await userEvent.type(events, 'user.*, session.created user.*');
    admin.on(
      'GET',
      '/projects/:project/webhooks',
      json(200, {
        items: [endpointOf({ id: 'webhook-endpoint-new', url: 'https://hooks.example.com/new' })],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: STRINGS.webhooks.create }));
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toContain('whsec_dGVzdC1zZWNyZXQ=');
    expect(admin.callsTo('POST', `${BASE}/webhooks`)[0]!.body).toEqual({
      url: 'https://hooks.example.com/new',
      events: ['user.*', 'session.created'],
    });
    await waitFor(() => expect(location().search).toEqual({ endpoint: 'webhook-endpoint-new' }));
    expect(await screen.findByTestId('webhook-endpoint')).toBeTruthy();
    await expectAccessible();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.webhooks.secretDone }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('shows an endpoint’s delivery log with status, attempts and the answer, and retries a delivery', async () => {
    const admin = standIn();
    admin.on(
      'POST',
      '/projects/:project/webhook-deliveries/:delivery/replay',
      json(200, { delivery: deliveryOf({ id: 'webhook-delivery-2', status: 'pending' }) }),
    );
    renderConsole(OPEN, { admin });
    const table = await screen.findByTestId('deliveries-table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('user.created');
    expect(row.textContent).toContain(STRINGS.webhooks.deliveryStatuses.dead);
    expect(row.textContent).toContain('8');
    expect(row.textContent).toContain('HTTP 500 · 120 ms');
    expect(row.textContent).toContain('upstream exploded');
    const call = admin.callsTo('GET', `${BASE}/webhook-deliveries`)[0]!;
    expect(call.query.get('endpoint_id')).toBe('webhook-endpoint-1');
    await expectAccessible();
    await userEvent.click(within(row).getByRole('button', { name: /Retry the delivery of user\.created/ }));
    const dialog = await screen.findByRole('dialog', { name: STRINGS.webhooks.retryTitle });
    expect(dialog.textContent).toContain(STRINGS.webhooks.retryBody);
    await confirmIn(STRINGS.webhooks.retry);
    expect(await screen.findByText(STRINGS.webhooks.retried)).toBeTruthy();
    expect(admin.callsTo('POST', `${BASE}/webhook-deliveries/webhook-delivery-1/replay`)).toHaveLength(1);
  });

  it('an endpoint with no delivery says so; the log pages by cursor', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/webhook-deliveries', (call) =>
      call.query.get('cursor') === 'page-2'
        ? json(200, { items: [deliveryOf({ id: 'older', event_type: 'webhook.test' })], next_cursor: null })
        : json(200, { items: [deliveryOf()], next_cursor: 'page-2' }),
    );
    const { location } = renderConsole(OPEN, { admin });
    await screen.findByTestId('deliveries-table');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.pagination.next }));
    expect(await screen.findByText('webhook.test')).toBeTruthy();
    expect(location().search).toEqual({ endpoint: 'webhook-endpoint-1', cursors: ['page-2'] });
    resetDocument();

    const empty = standIn();
    empty.on('GET', '/projects/:project/webhook-deliveries', json(200, { items: [], next_cursor: null }));
    renderConsole(OPEN, { admin: empty });
    expect(await screen.findByText(STRINGS.webhooks.deliveriesEmpty)).toBeTruthy();
    await expectAccessible();
  });

  it('saves filters and sends a test event', async () => {
    const admin = standIn();
    admin.on('PATCH', '/projects/:project/webhooks/:endpoint', (call) =>
      json(200, { endpoint: endpointOf(call.body as Partial<WebhookEndpoint>) }),
    );
    admin.on(
      'POST',
      '/projects/:project/webhooks/:endpoint/test',
      json(200, { delivery: deliveryOf({ event_type: 'webhook.test', status: 'pending' }) }),
    );
    renderConsole(OPEN, { admin });
    const panel = await screen.findByTestId('webhook-endpoint');
    const filters = within(panel).getByRole('textbox', { name: STRINGS.webhooks.events });
    expect((filters as HTMLInputElement).value).toBe('user.*, session.created');
    await userEvent.clear(filters);
    await userEvent.click(within(panel).getByRole('button', { name: STRINGS.webhooks.editFilters }));
    expect(await within(panel).findByText(STRINGS.webhooks.eventsRequired)).toBeTruthy();
    await userEvent.type(filters, '*');
    await userEvent.click(within(panel).getByRole('button', { name: STRINGS.webhooks.editFilters }));
    expect(await screen.findByText(STRINGS.webhooks.filtersSaved)).toBeTruthy();
    expect(admin.callsTo('PATCH', `${BASE}/webhooks/webhook-endpoint-1`)[0]!.body).toEqual({ events: ['*'] });

    await userEvent.click(within(panel).getByRole('button', { name: STRINGS.webhooks.test }));
    expect(await screen.findByText(STRINGS.webhooks.testQueued)).toBeTruthy();
    expect(admin.callsTo('POST', `${BASE}/webhooks/webhook-endpoint-1/test`)).toHaveLength(1);
  });

  it('rotates the secret after a dialog, shows the new one, and asks for a recent sign-in when the server does', async () => {
    const admin = standIn();
    admin.on(
      'POST',
      '/projects/:project/webhooks/:endpoint/secret',
      json(200, { secret: 'whsec_bmV3LXNlY3JldA==' }),
    );
    renderConsole(OPEN, { admin });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.webhooks.rotate }));
    const dialog = await screen.findByRole('dialog', { name: STRINGS.webhooks.rotateTitle });
    expect(dialog.textContent).toContain(STRINGS.webhooks.rotateBody);
    await expectAccessible();
    await confirmIn(STRINGS.webhooks.rotate);
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain('whsec_bmV3LXNlY3JldA==');
    expect(admin.callsTo('POST', `${BASE}/webhooks/webhook-endpoint-1/secret`)[0]!.body).toEqual({
      rotate: true,
    });
    resetDocument();

    const stale = standIn();
    stale.on(
      'POST',
      '/projects/:project/webhooks/:endpoint/secret',
      apiError(403, 'reauthentication_required', 'Sign in again to do this.'),
    );
    const { client } = renderConsole(OPEN, { admin: stale });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.webhooks.rotate }));
    await confirmIn(STRINGS.webhooks.rotate);
    expect(await screen.findByText(STRINGS.reauthenticate.heading)).toBeTruthy();
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    await expectAccessible();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.reauthenticate.signOut }));
    expect(client.revokeCalls).toHaveLength(1);
  });

  it('replays a time range of chosen deliveries, and refuses a range that ends before it starts', async () => {
    const admin = standIn();
    admin.on('POST', '/projects/:project/webhooks/:endpoint/replay', json(200, { queued: 3 }));
    renderConsole(OPEN, { admin });
    await screen.findByTestId('webhook-endpoint');
    const from = screen.getByLabelText(STRINGS.webhooks.replayFrom);
    const to = screen.getByLabelText(STRINGS.webhooks.replayTo);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-05');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-01-06');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: STRINGS.webhooks.replayWhich }),
      'all',
    );
    await userEvent.click(screen.getByRole('button', { name: STRINGS.webhooks.replayButton }));
    const dialog = await screen.findByRole('dialog', { name: STRINGS.webhooks.replayTitle });
    expect(dialog.textContent).toContain(STRINGS.webhooks.replayBody('2026-01-05', '2026-01-06'));
    await confirmIn(STRINGS.webhooks.replayButton);
    expect(await screen.findByText(STRINGS.webhooks.replayed(3))).toBeTruthy();
    expect(admin.callsTo('POST', `${BASE}/webhooks/webhook-endpoint-1/replay`)[0]!.body).toEqual({
      from: '2026-01-05T00:00:00.000Z',
      to: '2026-01-07T00:00:00.000Z',
      statuses: ['pending', 'failed', 'succeeded', 'dead'],
    });

    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-07');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.webhooks.replayButton }));
    await confirmIn(STRINGS.webhooks.replayButton);
    expect(await screen.findByText(STRINGS.webhooks.replayBadRange)).toBeTruthy();
    expect(admin.callsTo('POST', `${BASE}/webhooks/webhook-endpoint-1/replay`)).toHaveLength(1);
  });

  it('enables a disabled endpoint and deletes one, each after a dialog', async () => {
    const admin = standIn(OWNER_ALL, [endpointOf({ disabled_at: '2026-01-08T00:00:00Z' })]);
    admin.on('POST', '/projects/:project/webhooks/:endpoint/enable', json(200, { endpoint: endpointOf() }));
    admin.on('DELETE', '/projects/:project/webhooks/:endpoint', json(200, { endpoint: endpointOf() }));
    const { location } = renderConsole(OPEN, { admin });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.webhooks.enable }));
    expect((await screen.findByRole('dialog')).textContent).toContain(STRINGS.webhooks.enableBody);
    await confirmIn(STRINGS.webhooks.enable);
    expect(await screen.findByText(STRINGS.webhooks.enabled)).toBeTruthy();

    await userEvent.click(screen.getByTestId('delete-webhook'));
    const dialog = await screen.findByRole('dialog', { name: STRINGS.webhooks.deleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: STRINGS.user.cancel }));
    expect(admin.callsTo('DELETE', `${BASE}/webhooks`)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('delete-webhook'));
    await confirmIn(STRINGS.webhooks.delete);
    await waitFor(() => expect(location().search).toEqual({}));
    expect(admin.callsTo('DELETE', `${BASE}/webhooks/webhook-endpoint-1`)).toHaveLength(1);
  });

  it('a project-file endpoint offers no edit or delete; a reader sees no action; the nav follows the role', async () => {
    renderConsole(OPEN, { admin: standIn(OWNER_ALL, [endpointOf({ source: 'file' })]) });
    await screen.findByTestId('webhook-endpoint');
    expect(screen.getByText(STRINGS.webhooks.fileNotice)).toBeTruthy();
    expect(screen.queryByRole('button', { name: STRINGS.webhooks.editFilters })).toBeNull();
    expect(screen.queryByTestId('delete-webhook')).toBeNull();
    resetDocument();

    renderConsole(OPEN, { admin: standIn(VIEWER_HOOKS) });
    await screen.findByTestId('deliveries-table');
    for (const name of [
      STRINGS.webhooks.create,
      STRINGS.webhooks.test,
      STRINGS.webhooks.rotate,
      STRINGS.webhooks.delete,
      STRINGS.webhooks.replayButton,
      /Retry the delivery/,
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('link', { name: STRINGS.webhooks.title })).toBeTruthy();
    expect(screen.queryByRole('link', { name: STRINGS.messages.title })).toBeNull();
    await expectAccessible();
    resetDocument();

    const support = standIn(SUPPORT);
    renderConsole('/webhooks', { admin: support });
    expect((await screen.findByRole('alert')).textContent).toBe(STRINGS.states.insufficientScope);
    expect(screen.queryByRole('link', { name: STRINGS.webhooks.title })).toBeNull();
    expect(support.callsTo('GET', `${BASE}/webhooks`)).toHaveLength(0);
  });

  it('an endpoint id no longer in the list says so', async () => {
    renderConsole('/webhooks?endpoint=%22gone%22', { admin: standIn() });
    expect((await screen.findByRole('alert')).textContent).toBe(STRINGS.webhooks.notFound);
  });
});
