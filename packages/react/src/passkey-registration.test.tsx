import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasskeyRegistration } from './passkey-registration';
import { GatehouseProvider } from './provider';
import { createFakeClient, fakeUser } from './test-support/fake-client';

afterEach(cleanup);

describe('<PasskeyRegistration>', () => {
  it('requires a signed-in user (SPEC §8) and follows sign-in and sign-out', async () => {
    const client = createFakeClient();
    const view = render(
      <GatehouseProvider client={client}>
        <PasskeyRegistration />
      </GatehouseProvider>,
    );
    const root = () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
    expect(root().dataset.state).toBe('passkey-registration.no-user');
    expect(
      screen.getByText('Error: Cannot use PasskeyRegistration component without active user authenticated.'),
    ).toBeTruthy();
    act(() => client.setUser(fakeUser()));
    expect(root().dataset.state).toBe('passkey-registration');
    expect(screen.queryByText(/without active user authenticated/)).toBeNull();
    act(() => client.setUser(null));
    expect(root().dataset.state).toBe('passkey-registration.no-user');
  });

  it("emits PASSKEY_SKIP with empty data on 'Skip'", async () => {
    const onEvent = vi.fn();
    render(
      <GatehouseProvider client={createFakeClient({ user: fakeUser() })}>
        <PasskeyRegistration callbacks={{ onEvent }} />
      </GatehouseProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip' }));
    expect(onEvent).toHaveBeenCalledWith({ type: 'PASSKEY_SKIP', data: {} });
  });
});
