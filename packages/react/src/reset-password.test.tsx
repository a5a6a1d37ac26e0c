import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginConfig } from './config';
import { ERROR_STRINGS } from './error-strings';
import { GatehouseProvider } from './provider';
import { ResetPassword } from './reset-password';
import {
  apiError,
  createFakeClient,
  deferred,
  type FakeClient,
  zxcvbnAnswer,
} from './test-support/fake-client';

const STRONG = 'correct horse battery staple';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function renderReset(client: FakeClient, config?: LoginConfig, onError = vi.fn(), onEvent = vi.fn()) {
  const view = render(
    <GatehouseProvider client={client}>
      <ResetPassword passwordResetToken="reset-token-1" config={config} callbacks={{ onError, onEvent }} />
    </GatehouseProvider>,
  );
  return {
    root: () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!,
    onError,
    onEvent,
  };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;
/** The reset screens load on demand (methods/passwords/screens.ts): wait for the form before using it. */
const formLoaded = () => screen.findByLabelText('Password');

describe('<ResetPassword>', () => {
  it('shows the configuration error without the passwords product', async () => {
    const { root } = renderReset(createFakeClient());
    expect(root().dataset.state).toBe('config-error');
    expect(
      await screen.findByText(
        'Error: Cannot use ResetPassword component without the passwords product in the config.',
      ),
    ).toBeTruthy();
  });

  it('shows the reset frame when passwords are configured', async () => {
    const { root } = renderReset(createFakeClient(), { products: ['passwords'] });
    expect(root().dataset.state).toBe('password-reset');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it("logs in at once with a login-type token (stytch_token_type=login) and shows 'Success!'", async () => {
    window.history.replaceState(null, '', '/reset?stytch_token_type=login&token=reset-token-1');
    const client = createFakeClient();
    const { root } = renderReset(client);
    expect(root().dataset.state).toBe('password-reset.logging-in');
    expect(await screen.findByRole('heading', { name: 'Logging in' })).toBeTruthy();
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
    // Issue 22 finding 6: the strings table's words for unable_to_auth_magic_link, not the server's.
    expect(await screen.findByText(ERROR_STRINGS.loginLinkUnusable)).toBeTruthy();
    expect(root().dataset.state).toBe('password-reset');
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('shows PasswordResetForm: new-password field, strength checked without an e-mail, Continue held back', async () => {
    const client = createFakeClient();
    renderReset(client, { products: ['passwords'] });
    await formLoaded();
    expect(passwordInput().getAttribute('autocomplete')).toBe('new-password');
    expect(continueButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Login without a password' })).toBeTruthy();
    // Issue 22 finding 10: the minimum length, said before typing and tied to the input.
    const hint = screen.getByText('Use at least 8 characters.');
    expect(passwordInput().getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
    fireEvent.change(passwordInput(), { target: { value: 'weak' } });
    await waitFor(() => expect(client.calls.strengthCheck).toEqual([{ password: 'weak' }]));
    await waitFor(() => expect(document.querySelector('.gh-strength-meter')).not.toBeNull());
    expect(continueButton().disabled).toBe(true);
  });

  it('resets the password and shows PasswordConfirmation saying the password changed (SPEC §4, §7; issue 22 finding 8)', async () => {
    const client = createFakeClient();
    const { root, onEvent } = renderReset(client, { products: ['passwords'] });
    await formLoaded();
    fireEvent.change(passwordInput(), { target: { value: STRONG } });
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await userEvent.setup({ delay: null }).click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(screen.getByText('Your password has been changed and you are now logged in.')).toBeTruthy();
    expect(screen.queryByText('You have successfully logged in.')).toBeNull();
    expect(root().dataset.state).toBe('password-confirmation');
    expect(client.calls.passwordReset).toEqual([
      { token: 'reset-token-1', password: STRONG, session_duration_minutes: 30 },
    ]);
    expect(onEvent).toHaveBeenCalledWith({
      type: 'PASSWORD_RESET_BY_EMAIL',
      data: { request_id: 'request-id-reset', status_code: 200 },
    });
  });

  it("shows a failed reset's error_message under the form (SPEC §8)", async () => {
    const client = createFakeClient();
    const error = apiError({
      error_type: 'unable_to_auth_password_reset_token',
      error_message: 'Link expired.',
    });
    client.passwordResetImpl = () => Promise.reject(error);
    const { root, onError } = renderReset(client, { products: ['passwords'] });
    await formLoaded();
    fireEvent.change(passwordInput(), { target: { value: STRONG } });
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.submit(continueButton().form!);
    expect(await screen.findByText('Link expired.')).toBeTruthy();
    expect(root().dataset.state).toBe('password-reset');
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true');
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('ignores a stale strength answer on the reset form', async () => {
    const client = createFakeClient();
    const first = deferred<ReturnType<typeof zxcvbnAnswer>>();
    client.strengthCheckImpl = ({ password }) =>
      password === 'first-try' ? first.promise : Promise.resolve(zxcvbnAnswer(1));
    renderReset(client, { products: ['passwords'] });
    await formLoaded();
    fireEvent.change(passwordInput(), { target: { value: 'first-try' } });
    await waitFor(() => expect(client.calls.strengthCheck).toHaveLength(1));
    fireEvent.change(passwordInput(), { target: { value: 'second' } });
    await waitFor(() => expect(document.querySelector('.gh-strength-meter')).not.toBeNull());
    await act(async () => first.resolve(zxcvbnAnswer(4)));
    expect(document.querySelector('.gh-strength-meter')?.getAttribute('data-score')).toBe('1');
    expect(continueButton().disabled).toBe(true);
  });

  it("'Login without a password' redeems the token as a login link; a failure shows under the button", async () => {
    const client = createFakeClient();
    client.authenticateImpl = () =>
      Promise.reject(
        apiError({ error_type: 'unable_to_auth_magic_link', error_message: 'Not a login link.' }),
      );
    const { root } = renderReset(client, { products: ['passwords'] });
    await formLoaded();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByText(ERROR_STRINGS.loginLinkUnusable)).toBeTruthy();
    expect(root().dataset.state).toBe('password-reset');
    client.authenticateImpl = async () => ({ request_id: 'request-id-2', status_code: 200 });
    await user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy();
    expect(client.calls.authenticate).toEqual([
      { token: 'reset-token-1', options: { session_duration_minutes: 30 } },
      { token: 'reset-token-1', options: { session_duration_minutes: 30 } },
    ]);
  });
});
