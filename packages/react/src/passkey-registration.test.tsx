// SPEC §2 PasskeyRegistrationStart / PasskeyRegistrationSuccess, SPEC §4 transitions and passkey list editing,
// SPEC §6 / §8 (signed-in user; passkey creation messages; list failures only logged), wire-format.md §7.4 events.
import type { WebAuthnRegistration } from '@gatehouse/protocol';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPasskeyRegistrationScreens } from './methods/passkeys/screens';
import { PasskeyRegistration, type PasskeyRegistrationProps } from './passkey-registration';
import { GatehouseProvider } from './provider';
import { apiError, createFakeClient, deferred, type FakeClient, fakeUser } from './test-support/fake-client';

// The screens are a lazy chunk (with the reauthentication guard since issue 20): imported once here, so its first
// transform on a loaded machine does not count against the first test's 1-second waits.
beforeAll(() => loadPasskeyRegistrationScreens());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function registration(id: string, name: string): WebAuthnRegistration {
  return {
    webauthn_registration_id: id,
    name,
    domain: 'localhost',
    user_agent: 'test',
    authenticator_type: 'platform',
    verified: true,
  };
}

const PASSKEYS = [
  registration('wr-1', 'MacBook'),
  registration('wr-2', 'Pixel'),
  registration('wr-3', 'YubiKey'),
];

function signedInClient(registrations: WebAuthnRegistration[] = PASSKEYS): FakeClient {
  return createFakeClient({ user: fakeUser({ webauthn_registrations: registrations }) });
}

function renderRegistration(client: FakeClient = signedInClient(), props: PasskeyRegistrationProps = {}) {
  const view = render(
    <GatehouseProvider client={client}>
      <PasskeyRegistration {...props} />
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

async function reachSuccess(client: FakeClient = signedInClient(), props: PasskeyRegistrationProps = {}) {
  const view = renderRegistration(client, props);
  await view.user.click(await screen.findByRole('button', { name: 'Skip' }));
  // Issue 22 finding 3: nothing was created in this visit, so the list is 'Your passkeys'.
  await screen.findByRole('heading', { name: 'Your passkeys' });
  await waitFor(() => expect(client.calls.userGet).toBe(1));
  return view;
}

function names(): string[] {
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.gh-passkey-name')?.textContent ?? '(editing)');
}

describe('<PasskeyRegistration>: signed-in user', () => {
  it('requires a signed-in user (SPEC §8) and follows sign-in and sign-out', async () => {
    const client = createFakeClient();
    const { root } = renderRegistration(client);
    expect(root().dataset.state).toBe('passkey-registration.no-user');
    // The text loads with the passkey registration screens (not the sign-in form's first load).
    expect(
      await screen.findByText(
        'Error: Cannot use PasskeyRegistration component without active user authenticated.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create a Passkey' })).toBeNull();
    act(() => client.setUser(fakeUser()));
    expect(root().dataset.state).toBe('passkey-registration');
    expect(await screen.findByRole('button', { name: 'Create a Passkey' })).toBeTruthy();
    expect(screen.queryByText(/without active user authenticated/)).toBeNull();
    act(() => client.setUser(null));
    expect(root().dataset.state).toBe('passkey-registration.no-user');
  });

  it('shows the error again when the user signs out on the success screen', async () => {
    const { client, root } = await reachSuccess();
    act(() => client.setUser(null));
    expect(root().dataset.state).toBe('passkey-registration.no-user');
    expect(screen.getByText(/without active user authenticated/)).toBeTruthy();
  });
});

describe('PasskeyRegistrationStart', () => {
  it('creates a passkey with is_passkey true, emits PASSKEY_REGISTER and shows PasskeyRegistrationSuccess', async () => {
    const client = signedInClient();
    const pending = deferred<unknown>();
    client.webauthnRegisterImpl = () => pending.promise;
    const onEvent = vi.fn();
    const { root, user } = renderRegistration(client, { callbacks: { onEvent } });
    expect(await screen.findByRole('heading', { name: 'Set up a new Passkey' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    expect(root().dataset.state).toBe('passkey-registration.creating');
    expect(client.calls.webauthnRegister).toEqual([{ is_passkey: true }]);
    await user.click(screen.getByRole('button', { name: 'Create a Passkey' }));
    expect(client.calls.webauthnRegister).toHaveLength(1);
    await act(async () =>
      pending.resolve({ request_id: 'r', status_code: 200, webauthn_registration_id: 'wr-new', __user: {} }),
    );
    const heading = await screen.findByRole('heading', { name: 'Passkey successfully created!' });
    expect(root().dataset.state).toBe('passkey-registration-success');
    expect(onEvent).toHaveBeenCalledWith({
      type: 'PASSKEY_REGISTER',
      data: { request_id: 'r', status_code: 200, webauthn_registration_id: 'wr-new' },
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('heading', { name: 'Existing Passkeys' })).toBeTruthy();
    expect(names()).toEqual(['MacBook', 'Pixel', 'YubiKey']);
  });

  it('sends the configured session length', async () => {
    const { client, user } = renderRegistration(signedInClient(), {
      config: { products: ['passkeys', 'emailMagicLinks'], sessionOptions: { sessionDurationMinutes: 120 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    expect(client.calls.webauthnRegister).toEqual([{ is_passkey: true, session_duration_minutes: 120 }]);
  });

  it.each([
    [
      'the browser (InvalidStateError)',
      domError('InvalidStateError'),
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
    ],
    [
      'the server (duplicate_webauthn_registration)',
      apiError({ error_type: 'duplicate_webauthn_registration', error_message: 'dup', status_code: 409 }),
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
    ],
    [
      'a cancelled prompt',
      domError('NotAllowedError'),
      'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
    ],
    [
      'a server error',
      apiError({ error_type: 'unable_to_auth_webauthn', error_message: 'bad', status_code: 401 }),
      'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
    ],
  ])(
    'shows the SPEC §8 message for a refusal by %s and stays on the start screen',
    async (_name, error, message) => {
      const client = signedInClient();
      client.webauthnRegisterImpl = () => Promise.reject(error);
      const onError = vi.fn();
      const { root, user } = renderRegistration(client, { callbacks: { onError } });
      await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
      const banner = await screen.findByText(message);
      expect(banner.closest('[data-variant]')?.getAttribute('data-variant')).toBe('error');
      expect(root().dataset.state).toBe('passkey-registration');
      expect(onError).toHaveBeenCalledWith(error);
    },
  );

  it("emits PASSKEY_SKIP with empty data on 'Skip' and shows PasskeyRegistrationSuccess", async () => {
    const onEvent = vi.fn();
    const { root, user } = renderRegistration(signedInClient(), { callbacks: { onEvent } });
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(onEvent).toHaveBeenCalledWith({ type: 'PASSKEY_SKIP', data: {} });
    // Issue 22 finding 3: after Skip nothing was created; SPEC §2's text is for right after a creation.
    expect(await screen.findByRole('heading', { name: 'Your passkeys' })).toBeTruthy();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
    expect(root().dataset.state).toBe('passkey-registration-success');
  });
});

describe('PasskeyRegistrationSuccess', () => {
  it('once every passkey is deleted it no longer says "Passkey successfully created!" (issue 22 finding 3)', async () => {
    const only = [registration('wr-only', 'Only key')];
    const client = signedInClient(only);
    client.userGetImpl = async () => fakeUser({ webauthn_registrations: only });
    const { user } = renderRegistration(client);
    await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();
    await screen.findByText('Only key');
    await user.click(screen.getByRole('button', { name: 'Delete Only key' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Your passkeys' })).toBeTruthy();
    expect(screen.queryByText('Passkey successfully created!')).toBeNull();
  });

  it("'Set up another Passkey' returns to the start screen and 'Done' emits PASSKEY_DONE", async () => {
    const onEvent = vi.fn();
    const { root, user } = await reachSuccess(signedInClient(), { callbacks: { onEvent } });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onEvent).toHaveBeenLastCalledWith({ type: 'PASSKEY_DONE', data: {} });
    // Issue 22 finding 3: 'Done' visibly ends the task; 'Manage passkeys' goes back to the list.
    expect(await screen.findByRole('heading', { name: 'All set' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Manage passkeys' }));
    await user.click(screen.getByRole('button', { name: 'Set up another Passkey' }));
    expect(root().dataset.state).toBe('passkey-registration');
    expect(await screen.findByRole('button', { name: 'Create a Passkey' })).toBeTruthy();
  });

  it('loads the list from the server (GET /users/me) and shows an empty list plainly', async () => {
    const client = signedInClient([]);
    client.userGetImpl = async () =>
      fakeUser({ webauthn_registrations: [registration('wr-9', 'Fresh key')] });
    await reachSuccess(client);
    expect(await screen.findByText('Fresh key')).toBeTruthy();
  });

  it('only logs a list load failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = signedInClient();
    client.userGetImpl = () => Promise.reject(new Error('offline'));
    const { root } = await reachSuccess(client);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(names()).toEqual(['MacBook', 'Pixel', 'YubiKey']);
    expect(root().querySelector('.gh-banner')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('edits one row at a time, hiding the other rows’ controls, and renames at once', async () => {
    const client = signedInClient();
    const pending = deferred<unknown>();
    client.webauthnUpdateImpl = () => pending.promise;
    const { user } = await reachSuccess(client);
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Edit Pixel' }));
    const input = screen.getByRole('textbox', { name: 'Passkey name' }) as HTMLInputElement;
    expect(input.value).toBe('Pixel');
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('maxlength')).toBe('64');
    expect(screen.queryAllByRole('button', { name: /^(Edit|Delete) / })).toEqual([]);
    await user.clear(input);
    await user.type(input, '  Work phone  {Enter}');
    // The list changes before the server answers.
    expect(names()).toEqual(['MacBook', 'Work phone', 'YubiKey']);
    expect(client.calls.webauthnUpdate).toEqual([{ webauthn_registration_id: 'wr-2', name: 'Work phone' }]);
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(3);
    await act(async () => pending.resolve({ webauthn_registration: registration('wr-2', 'Work phone') }));
    expect(names()).toEqual(['MacBook', 'Work phone', 'YubiKey']);
  });

  it('puts the old name back when the server refuses the rename, and only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = signedInClient();
    const pending = deferred<unknown>();
    client.webauthnUpdateImpl = () => pending.promise;
    const { root, user } = await reachSuccess(client);
    await user.click(screen.getByRole('button', { name: 'Edit MacBook' }));
    const input = screen.getByRole('textbox', { name: 'Passkey name' });
    await user.clear(input);
    await user.type(input, 'Laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(names()).toEqual(['Laptop', 'Pixel', 'YubiKey']);
    await act(async () =>
      pending.reject(apiError({ error_type: 'webauthn_registration_not_found', error_message: 'gone' })),
    );
    expect(names()).toEqual(['MacBook', 'Pixel', 'YubiKey']);
    expect(logged).toHaveBeenCalled();
    expect(root().querySelector('.gh-banner')).toBeNull();
  });

  it('keeps editing on an empty name and cancels with Escape without calling the server', async () => {
    const { client, user } = await reachSuccess();
    await user.click(screen.getByRole('button', { name: 'Edit YubiKey' }));
    const input = screen.getByRole('textbox', { name: 'Passkey name' });
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('textbox', { name: 'Passkey name' })).toBe(input);
    // Issue 22 finding 3: an empty name says so instead of silently doing nothing.
    expect(screen.getByRole('alert').textContent).toBe('Enter a name for this passkey.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(names()).toEqual(['MacBook', 'Pixel', 'YubiKey']);
    expect(client.calls.webauthnUpdate).toEqual([]);
  });

  it("marks one row for deletion: every edit action hides and the buttons become 'Delete' and 'Cancel'", async () => {
    const { client, user } = await reachSuccess();
    await user.click(screen.getByRole('button', { name: 'Delete Pixel' }));
    expect(screen.getByText('Once deleted, the passkey cannot be restored.')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^(Edit|Delete) / })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Set up another Passkey' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    const marked = screen.getByText('Pixel').closest('li')!;
    expect(marked.getAttribute('data-row-state')).toBe('marked-for-deletion');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Once deleted, the passkey cannot be restored.')).toBeNull();
    expect(names()).toEqual(['MacBook', 'Pixel', 'YubiKey']);
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(client.calls.deleteWebauthnRegistration).toEqual([]);
  });

  it('deletes at once, before the server answers', async () => {
    const client = signedInClient();
    const pending = deferred<unknown>();
    client.deleteWebauthnRegistrationImpl = () => pending.promise;
    const { user } = await reachSuccess(client);
    await user.click(screen.getByRole('button', { name: 'Delete MacBook' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(names()).toEqual(['Pixel', 'YubiKey']);
    expect(client.calls.deleteWebauthnRegistration).toEqual(['wr-1']);
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    await act(async () => pending.resolve({ request_id: 'r', status_code: 200 }));
    expect(names()).toEqual(['Pixel', 'YubiKey']);
  });

  it('puts the row back in its place when the server refuses the delete, and only logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = signedInClient();
    const pending = deferred<unknown>();
    client.deleteWebauthnRegistrationImpl = () => pending.promise;
    const { root, user } = await reachSuccess(client);
    await user.click(screen.getByRole('button', { name: 'Delete Pixel' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(names()).toEqual(['MacBook', 'YubiKey']);
    await act(async () => pending.reject(new Error('network down')));
    expect(names()).toEqual(['MacBook', 'Pixel', 'YubiKey']);
    expect(logged).toHaveBeenCalled();
    expect(root().querySelector('.gh-banner')).toBeNull();
  });

  it('renders hostile passkey names as text (security-tests.md XS-01)', async () => {
    const hostile = '"><img src=x onerror="window.xss=1">';
    const { view } = await reachSuccess(signedInClient([registration('wr-x', hostile)]));
    expect(screen.getByText(hostile).textContent).toBe(hostile);
    expect(view.container.querySelector('.gh-passkeys img')).toBeNull();
    expect((window as unknown as { xss?: number }).xss).toBeUndefined();
  });
});
