// SPEC §2 'Login with a Passkey' and PasskeyConfirmation, SPEC §4 autofill retries (5, SPEC §9), SPEC §7 authenticate
// options, SPEC §8 passkey sign-in messages, wire-format.md §7.4 PASSKEY_AUTHENTICATE.

import type { Session } from '@gatehouse/protocol';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebAuthnAuthenticateOptions } from '../../client-contract';
import type { LoginConfig } from '../../config';
import { Login, type LoginProps } from '../../login';
import { GatehouseProvider } from '../../provider';
import {
  apiError,
  createFakeClient,
  deferred,
  type FakeClient,
  fakeUser,
} from '../../test-support/fake-client';

afterEach(cleanup);

const WITH_EMAIL: LoginConfig = { products: ['emailMagicLinks', 'passkeys'] };
const PHONE_ONLY: LoginConfig = { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } };

function renderLogin(props: LoginProps, client: FakeClient = createFakeClient()) {
  const view = render(
    <GatehouseProvider client={client}>
      <Login {...props} />
    </GatehouseProvider>,
  );
  const root = () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
  return { client, root, view, user: userEvent.setup() };
}

function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

/** A held session (the SDK then starts passkey sign-in with /webauthn/authenticate/start/secondary). */
const SESSION = { session_id: 'session-test-1', user_id: 'user-test-1' } as Session;

const SIGNED_IN = {
  request_id: 'request-id-passkey',
  status_code: 200,
  session_token: 'token',
  webauthn_registration_id: 'webauthn-registration-1',
  __user: { user_id: 'user-test-1' },
};

describe("Main: 'Login with a Passkey'", () => {
  it('shows the button when no e-mail-type method exists, without asking about autofill', async () => {
    const client = createFakeClient();
    client.supportsAutofill = true;
    renderLogin({ config: PHONE_ONLY }, client);
    expect(await screen.findByRole('button', { name: 'Login with a Passkey' })).toBeTruthy();
    expect(client.calls.webauthnAuthenticate).toEqual([]);
  });

  it('shows the button when the browser cannot autofill passkeys', async () => {
    const { client } = renderLogin({ config: WITH_EMAIL });
    expect(await screen.findByRole('button', { name: 'Login with a Passkey' })).toBeTruthy();
    expect(client.calls.webauthnAuthenticate).toEqual([]);
  });

  it('signs in with the modal prompt on click, emits PASSKEY_AUTHENTICATE and shows PasskeyConfirmation', async () => {
    const client = createFakeClient();
    const pending = deferred<unknown>();
    client.webauthnAuthenticateImpl = () => pending.promise;
    const onEvent = vi.fn();
    const { root, user } = renderLogin({ config: PHONE_ONLY, callbacks: { onEvent } }, client);
    await user.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    expect(root().dataset.state).toBe('main.passkey-authenticating');
    expect(client.calls.webauthnAuthenticate).toHaveLength(1);
    const options = client.calls.webauthnAuthenticate[0]!;
    expect(options).toMatchObject({
      is_passkey: true,
      conditional_mediation: false,
      session_duration_minutes: 30,
    });
    expect(options.signal).toBeInstanceOf(AbortSignal);
    await act(async () => pending.resolve(SIGNED_IN));
    const heading = await screen.findByRole('heading', { name: 'Success' });
    expect(screen.getByText('Your Passkey has been successfully authenticated.')).toBeTruthy();
    expect(root().dataset.state).toBe('passkey-confirmation');
    const { __user: _user, ...withoutUser } = SIGNED_IN;
    expect(onEvent).toHaveBeenCalledWith({ type: 'PASSKEY_AUTHENTICATE', data: withoutUser });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it.each([
    [
      'webauthn_registration_not_found',
      apiError({
        error_type: 'webauthn_registration_not_found',
        error_message: 'No such credential.',
        status_code: 404,
      }),
      'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
    ],
    [
      'another API error',
      apiError({ error_type: 'unable_to_auth_webauthn', error_message: 'Bad signature.', status_code: 401 }),
      'Unknown error occurred during passkey authentication. Please try again.',
    ],
  ])('shows the SPEC §8 message for %s', async (_name, error, message) => {
    const client = createFakeClient();
    client.webauthnAuthenticateImpl = () => Promise.reject(error);
    const onError = vi.fn();
    const { root, user } = renderLogin({ config: PHONE_ONLY, callbacks: { onError } }, client);
    await user.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    const banner = await screen.findByText(message);
    expect(banner.closest('[data-variant]')?.getAttribute('data-variant')).toBe('error');
    expect(root().dataset.state).toBe('main');
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('treats an empty answer as the unknown error', async () => {
    const client = createFakeClient();
    client.webauthnAuthenticateImpl = async () => ({});
    const { user } = renderLogin({ config: PHONE_ONLY }, client);
    await user.click(await screen.findByRole('button', { name: 'Login with a Passkey' }));
    expect(
      await screen.findByText('Unknown error occurred during passkey authentication. Please try again.'),
    ).toBeTruthy();
  });

  it('shows nothing when the person cancels the prompt, and the button works again', async () => {
    const client = createFakeClient();
    client.webauthnAuthenticateImpl = () => Promise.reject(domError('NotAllowedError'));
    const { root, user } = renderLogin({ config: PHONE_ONLY }, client);
    const button = await screen.findByRole('button', { name: 'Login with a Passkey' });
    await user.click(button);
    await waitFor(() => expect(root().dataset.state).toBe('main'));
    expect(root().querySelector('.gh-banner')).toBeNull();
    client.webauthnAuthenticateImpl = async () => SIGNED_IN;
    await user.click(screen.getByRole('button', { name: 'Login with a Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
  });
});

describe('Main: passkey autofill on the e-mail input', () => {
  function autofillClient() {
    const client = createFakeClient();
    client.supportsAutofill = true;
    return client;
  }

  it('marks the e-mail input for passkeys and starts conditional mediation on mount, never a modal prompt', async () => {
    const client = autofillClient();
    renderLogin({ config: WITH_EMAIL }, client);
    const input = await screen.findByLabelText('Email');
    expect(input.getAttribute('autocomplete')).toBe('username webauthn');
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    expect(client.calls.webauthnAuthenticate[0]).toMatchObject({
      is_passkey: true,
      conditional_mediation: true,
      session_duration_minutes: 30,
    });
    expect(client.calls.webauthnAuthenticate.every((call) => call.conditional_mediation)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
  });

  it('signs in when the person picks a passkey from the autofill list', async () => {
    const client = autofillClient();
    const pending = deferred<unknown>();
    client.webauthnAuthenticateImpl = () => pending.promise;
    const onEvent = vi.fn();
    const { root } = renderLogin({ config: WITH_EMAIL, callbacks: { onEvent } }, client);
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    await act(async () => pending.resolve(SIGNED_IN));
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(root().dataset.state).toBe('passkey-confirmation');
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSKEY_AUTHENTICATE' }));
  });

  it('retries a failed autofill request up to 5 times, then stops', async () => {
    const client = autofillClient();
    client.webauthnAuthenticateImpl = (options) => {
      options.onCredentialRequest?.();
      return Promise.reject(domError('NotAllowedError'));
    };
    const { root } = renderLogin({ config: WITH_EMAIL }, client);
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(6));
    // One request and five retries (SPEC §4 "Autofill retries count down from 5"), and no message for refusals.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.calls.webauthnAuthenticate).toHaveLength(6);
    expect(root().querySelector('.gh-banner')).toBeNull();
    expect(root().dataset.state).toBe('main');
  });

  it('a browser that offers autofill and then refuses it as not supported gets the button, asked once', async () => {
    const client = autofillClient();
    client.webauthnAuthenticateImpl = (options) => {
      options.onCredentialRequest?.();
      return Promise.reject(domError('NotSupportedError'));
    };
    const { root, user } = renderLogin({ config: WITH_EMAIL }, client);
    const button = await screen.findByRole('button', { name: 'Login with a Passkey' });
    expect(client.calls.webauthnAuthenticate).toHaveLength(1);
    expect(root().querySelector('.gh-banner')).toBeNull();
    // The button asks with a modal prompt, not autofill.
    client.webauthnAuthenticateImpl = async () => SIGNED_IN;
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(client.calls.webauthnAuthenticate[1]).toMatchObject({ conditional_mediation: false });
  });

  it('shows the SPEC §8 message for an API error and keeps listening', async () => {
    const client = autofillClient();
    let calls = 0;
    client.webauthnAuthenticateImpl = (options) => {
      calls += 1;
      // The person picked a passkey the server no longer knows: the browser was asked first.
      options.onCredentialRequest?.();
      return calls === 1
        ? Promise.reject(
            apiError({ error_type: 'webauthn_registration_not_found', error_message: 'x', status_code: 404 }),
          )
        : new Promise(() => {});
    };
    renderLogin({ config: WITH_EMAIL }, client);
    expect(await screen.findByText(/^Passkey registration not found\./)).toBeTruthy();
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(2));
  });

  it('issue 22: a start that fails before the browser is asked shows nothing and is not retried', async () => {
    const client = autofillClient();
    client.webauthnAuthenticateImpl = () =>
      Promise.reject(apiError({ error_type: 'too_many_requests', error_message: 'x', status_code: 429 }));
    const onError = vi.fn();
    const { root } = renderLogin({ config: WITH_EMAIL, callbacks: { onError } }, client);
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.calls.webauthnAuthenticate).toHaveLength(1);
    expect(root().querySelector('.gh-banner')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    expect(root().dataset.state).toBe('main');
  });

  it('issue 22: no autofill for a signed-in user without a passkey (the secondary start could only answer 404)', async () => {
    const client = autofillClient();
    client.setUser(fakeUser());
    client.setSession(SESSION);
    const { root } = renderLogin({ config: WITH_EMAIL }, client);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.calls.webauthnAuthenticate).toHaveLength(0);
    expect(root().querySelector('.gh-banner')).toBeNull();
    // No button either: the browser can autofill, and a passkey added later starts it.
    expect(screen.queryByRole('button', { name: 'Login with a Passkey' })).toBeNull();
    await act(async () =>
      client.setUser(
        fakeUser({
          webauthn_registrations: [{ webauthn_registration_id: 'webauthn-registration-1' }] as never,
        }),
      ),
    );
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
  });

  it('issue 22: autofill starts for a signed-in user who has a passkey (a secondary sign-in)', async () => {
    const client = autofillClient();
    client.setUser(
      fakeUser({
        webauthn_registrations: [{ webauthn_registration_id: 'webauthn-registration-1' }] as never,
      }),
    );
    client.setSession(SESSION);
    renderLogin({ config: WITH_EMAIL }, client);
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
  });

  it('aborts the pending request when Main goes away', async () => {
    const client = autofillClient();
    const { view } = renderLogin({ config: WITH_EMAIL }, client);
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    const { signal } = client.calls.webauthnAuthenticate[0] as WebAuthnAuthenticateOptions;
    expect(signal.aborted).toBe(false);
    view.unmount();
    expect(signal.aborted).toBe(true);
  });

  it('aborts autofill when the person moves on to the login-link confirmation', async () => {
    const client = autofillClient();
    const { user } = renderLogin({ config: WITH_EMAIL }, client);
    await waitFor(() => expect(client.calls.webauthnAuthenticate).toHaveLength(1));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(client.calls.webauthnAuthenticate[0]?.signal.aborted).toBe(true);
    expect(client.calls.webauthnAuthenticate).toHaveLength(1);
  });
});
