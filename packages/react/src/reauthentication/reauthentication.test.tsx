// Issue 20 item 3: <Reauthentication> and useReauthentication for pages outside the widget (the web app's account
// page). The guard passes other errors through untouched, opens the step on the two 403 answers, resolves with the
// retried action's result after the confirmation, rejects with a ReauthenticationCancelledError on Cancel (focus back
// on the control that asked), and rejects with the retry's own error when the second attempt fails too.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GatehouseProvider } from '../provider';
import { apiError, createFakeClient, type FakeClient, fakeUser } from '../test-support/fake-client';
import { Reauthentication } from './reauthentication';
import { isReauthenticationCancelled } from './reauthentication-errors';
import { REAUTHENTICATION_STRINGS as TEXT } from './reauthentication-strings';
import { loadReauthenticationStep } from './screens';
import { useReauthentication } from './use-reauthentication';

beforeAll(() => loadReauthenticationStep());
afterEach(cleanup);

type Outcome = { value: unknown } | { error: unknown };

function Harness({ action, onOutcome }: { action: () => Promise<unknown>; onOutcome: (o: Outcome) => void }) {
  const { request, guard } = useReauthentication();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          guard(action).then(
            (value) => onOutcome({ value }),
            (error: unknown) => onOutcome({ error }),
          )
        }
      >
        Remove the app
      </button>
      {request !== null ? (
        <Reauthentication request={request} config={{ sessionOptions: { sessionDurationMinutes: 30 } }} />
      ) : null}
    </>
  );
}

function setUp(action: () => Promise<unknown>) {
  const client: FakeClient = createFakeClient({
    user: fakeUser({ totps: [{ totp_id: 'totp-1', verified: true }] }),
  });
  const outcomes: Outcome[] = [];
  const view = render(
    <GatehouseProvider client={client}>
      <Harness action={action} onOutcome={(outcome) => outcomes.push(outcome)} />
    </GatehouseProvider>,
  );
  return { client, outcomes, view, user: userEvent.setup() };
}

const REFUSED = () =>
  apiError({
    error_type: 'reauthentication_required',
    error_message: 'Confirm it is you.',
    status_code: 403,
  });

describe('<Reauthentication> with useReauthentication', () => {
  it('retries the action once after the confirmation and resolves with its result', async () => {
    const action = vi.fn().mockRejectedValueOnce(REFUSED()).mockResolvedValueOnce('removed');
    const { client, outcomes, view, user } = setUp(action);
    await user.click(screen.getByRole('button', { name: 'Remove the app' }));
    const heading = await screen.findByRole('heading', { name: TEXT.reauthenticationTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const root = view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
    expect(root.dataset.gatehouseWidget).toBe('reauthentication');
    expect(root.querySelector('[data-state^="reauthentication."]')?.getAttribute('data-state')).toBe(
      'reauthentication.totp',
    );
    await user.type(screen.getByLabelText(TEXT.reauthenticationTotpLabel), '123456');
    await waitFor(() => expect(outcomes).toEqual([{ value: 'removed' }]));
    expect(client.calls.totpAuthenticate).toEqual([{ totp_code: '123456', session_duration_minutes: 30 }]);
    expect(action).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('heading', { name: TEXT.reauthenticationTitle })).toBeNull();
  });

  it('Cancel rejects with ReauthenticationCancelledError and gives focus back to the control', async () => {
    const action = vi.fn().mockRejectedValue(REFUSED());
    const { outcomes, user } = setUp(action);
    const trigger = screen.getByRole('button', { name: 'Remove the app' });
    await user.click(trigger);
    await screen.findByRole('heading', { name: TEXT.reauthenticationTitle });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(outcomes).toHaveLength(1));
    const [outcome] = outcomes;
    expect(outcome !== undefined && 'error' in outcome && isReauthenticationCancelled(outcome.error)).toBe(
      true,
    );
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('rejects with the retry’s own error when the second attempt fails too (no third)', async () => {
    const second = apiError({
      error_type: 'last_authentication_factor',
      error_message: 'last',
      status_code: 409,
    });
    const action = vi.fn().mockRejectedValueOnce(REFUSED()).mockRejectedValueOnce(second);
    const { outcomes, user } = setUp(action);
    await user.click(screen.getByRole('button', { name: 'Remove the app' }));
    await user.type(await screen.findByLabelText(TEXT.reauthenticationTotpLabel), '123456');
    await waitFor(() => expect(outcomes).toEqual([{ error: second }]));
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('passes any other error through without asking', async () => {
    const other = apiError({
      error_type: 'last_authentication_factor',
      error_message: 'last',
      status_code: 409,
    });
    const { outcomes, user } = setUp(() => Promise.reject(other));
    await user.click(screen.getByRole('button', { name: 'Remove the app' }));
    await waitFor(() => expect(outcomes).toEqual([{ error: other }]));
    expect(screen.queryByRole('heading', { name: TEXT.reauthenticationTitle })).toBeNull();
  });

  it('unmounting with the step open settles the guarded call as cancelled', async () => {
    const { outcomes, view, user } = setUp(() => Promise.reject(REFUSED()));
    await user.click(screen.getByRole('button', { name: 'Remove the app' }));
    await screen.findByRole('heading', { name: TEXT.reauthenticationTitle });
    await act(async () => view.unmount());
    await waitFor(() => expect(outcomes).toHaveLength(1));
    const [outcome] = outcomes;
    expect(outcome !== undefined && 'error' in outcome && isReauthenticationCancelled(outcome.error)).toBe(
      true,
    );
  });
});
