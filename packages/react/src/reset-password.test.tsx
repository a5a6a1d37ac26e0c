import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginConfig } from './config';
import { GatehouseProvider } from './provider';
import { ResetPassword } from './reset-password';
import { apiError, createFakeClient, type FakeClient } from './test-support/fake-client';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function renderReset(client: FakeClient, config?: LoginConfig, onError = vi.fn()) {
  const view = render(
    <GatehouseProvider client={client}>
      <ResetPassword passwordResetToken="reset-token-1" config={config} callbacks={{ onError }} />
    </GatehouseProvider>,
  );
  return { root: () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!, onError };
}

describe('<ResetPassword>', () => {
  it('shows the configuration error without the passwords product', () => {
    const { root } = renderReset(createFakeClient());
    expect(root().dataset.state).toBe('config-error');
    expect(
      screen.getByText(
        'Error: Cannot use ResetPassword component without the passwords product in the config.',
      ),
    ).toBeTruthy();
  });

  it('shows the reset frame when passwords are configured', () => {
    const { root } = renderReset(createFakeClient(), { products: ['passwords'] });
    expect(root().dataset.state).toBe('password-reset');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it("logs in at once with a login-type token (stytch_token_type=login) and shows 'Success!'", async () => {
    window.history.replaceState(null, '', '/reset?stytch_token_type=login&token=reset-token-1');
    const client = createFakeClient();
    const { root } = renderReset(client);
    expect(root().dataset.state).toBe('password-reset.logging-in');
    expect(screen.getByRole('heading', { name: 'Logging in' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(client.calls.authenticate).toEqual([
      { token: 'reset-token-1', options: { session_duration_minutes: 30 } },
    ]);
  });

  it('shows the error under the form when the login link fails', async () => {
    window.history.replaceState(null, '', '/reset?stytch_token_type=login');
    const client = createFakeClient();
    const error = apiError({ error_type: 'unable_to_auth_magic_link', error_message: 'Link expired.' });
    client.authenticateImpl = () => Promise.reject(error);
    const { root, onError } = renderReset(client);
    expect(await screen.findByText('Link expired.')).toBeTruthy();
    expect(root().dataset.state).toBe('password-reset');
    expect(onError).toHaveBeenCalledWith(error);
  });
});
