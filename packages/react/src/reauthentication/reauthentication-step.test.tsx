// Issue 20 item 3: "Confirm it's you" inside the widget's passkey management. Deleting (and renaming, creating) a
// passkey that the server answers `reauthentication_required` / `second_factor_required` opens the step in place of
// the list, focus on its heading; each method confirms with its secondary sign-in, then the change runs again once;
// Cancel puts the list back with nothing changed; failed confirmations stay on screen. (Renaming, creating, the
// shadow root and string overrides: reauthentication-frame.test.tsx.)
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, deferred } from '../test-support/fake-client';
import {
  ALL_PRODUCTS,
  clientFor,
  expectDeleted,
  names,
  openStep,
  PASSKEYS,
  RECENT_SIGN_IN_NEEDED,
  step,
} from '../test-support/reauthentication';
import { REAUTHENTICATION_STRINGS as TEXT } from './reauthentication-strings';
import { loadReauthenticationStep } from './screens';

// The step is a lazy chunk; loaded once here so a slow first import does not count against each test's waits.
beforeAll(() => loadReauthenticationStep());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('"Confirm it\'s you" in the passkey list', () => {
  it('opens in place of the list, focus on its heading, and confirms with a passkey first', async () => {
    const client = clientFor({ totps: [{ totp_id: 'totp-1', verified: true }] });
    const { user, heading } = await openStep(client);
    // The focus effect runs after the lazily loaded step commits, outside act(): wait for it (as the other
    // focus tests do), or a loaded machine runs the check first.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(step().dataset.state).toBe('reauthentication.passkey');
    expect(screen.getByText(TEXT.reauthenticationRecentText)).toBeTruthy();
    // The list is hidden (still mounted), the other ways are offered.
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('button', { name: TEXT.reauthenticationUseTotpInstead })).toBeTruthy();
    expect(screen.queryByRole('button', { name: TEXT.reauthenticationUsePasswordInstead })).toBeNull();
    expect(screen.getByRole('button', { name: TEXT.reauthenticationUseEmailCodeInstead })).toBeTruthy();

    const prompt = deferred<unknown>();
    const confirmed = client.webauthnAuthenticateImpl;
    client.webauthnAuthenticateImpl = async (options) => {
      await prompt.promise;
      return confirmed(options);
    };
    await user.click(screen.getByRole('button', { name: TEXT.reauthenticationUsePasskey }));
    expect(step().dataset.state).toBe('reauthentication.passkey.confirming');
    expect(client.calls.webauthnAuthenticate).toEqual([
      expect.objectContaining({
        is_passkey: true,
        conditional_mediation: false,
        session_duration_minutes: 45,
      }),
    ]);
    // Confirms once: a second click while the prompt is open does nothing.
    await user.click(screen.getByRole('button', { name: TEXT.reauthenticationUsePasskey }));
    expect(client.calls.webauthnAuthenticate).toHaveLength(1);
    await act(async () => prompt.resolve(undefined));
    await expectDeleted(client);
  });

  it('confirms with a code from the authenticator app, sent at the sixth digit', async () => {
    const client = clientFor({
      webauthn_registrations: PASSKEYS,
      totps: [{ totp_id: 'totp-1', verified: true }],
    });
    const { user } = await openStep(client, { config: { products: ['emailMagicLinks'] } });
    // Passkeys are not enabled on this page: the app is the best way left.
    expect(step().dataset.state).toBe('reauthentication.totp');
    const input = screen.getByLabelText(TEXT.reauthenticationTotpLabel) as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(input, '12 34-56');
    await expectDeleted(client);
    expect(client.calls.totpAuthenticate).toEqual([{ totp_code: '123456', session_duration_minutes: 30 }]);
  });

  it('confirms with the password of the first verified address', async () => {
    const client = clientFor({
      webauthn_registrations: PASSKEYS,
      password: { password_id: 'password-1', requires_reset: false },
    });
    const { user } = await openStep(client, {
      config: { products: ['passwords', 'emailMagicLinks'], sessionOptions: { sessionDurationMinutes: 60 } },
    });
    expect(step().dataset.state).toBe('reauthentication.password');
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.getAttribute('autocomplete')).toBe('username');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    await user.type(password, 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: TEXT.reauthenticationConfirm }));
    await expectDeleted(client);
    expect(client.calls.passwordAuthenticate).toEqual([
      { email: 'ada@example.com', password: 'correct horse battery staple', session_duration_minutes: 60 },
    ]);
  });

  it('confirms with a code e-mailed to the verified address (sent secondary)', async () => {
    const client = clientFor({});
    const { user } = await openStep(client, {
      config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 7 } },
    });
    expect(step().dataset.state).toBe('reauthentication.email-code');
    expect(screen.getByText('We will email a 6-digit code to ada@example.com.')).toBeTruthy();
    // Nothing is sent until the person asks.
    expect(client.calls.otpSend).toEqual([]);
    await user.click(screen.getByRole('button', { name: TEXT.reauthenticationSendCode }));
    const input = await screen.findByLabelText(TEXT.reauthenticationCodeLabel);
    expect(step().dataset.state).toBe('reauthentication.email-code.code-sent');
    expect(client.calls.otpSend).toEqual([
      { method: 'email', destination: 'ada@example.com', options: { expiration_minutes: 7, locale: 'en' } },
    ]);
    expect(document.activeElement).toBe(input);
    expect(screen.getByText('A 6-digit code was sent to ada@example.com.')).toBeTruthy();
    await user.type(input, '654321');
    await expectDeleted(client);
    expect(client.calls.otpAuthenticate).toEqual([
      { code: '654321', methodId: 'method-id-send-1', options: { session_duration_minutes: 30 } },
    ]);
  });

  it('Cancel puts the list back as it was, focus on the row, with nothing changed or logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    const client = clientFor({});
    const { user } = await openStep(client, { config: ALL_PRODUCTS, callbacks: { onError } });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: TEXT.reauthenticationTitle })).toBeNull();
    expect(names()).toEqual(['MacBook', 'Pixel']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete MacBook' })),
    );
    expect(client.calls.deleteWebauthnRegistration).toEqual(['wr-1']);
    expect(client.calls.webauthnAuthenticate).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.gh-banner')).toBeNull();
    expect(logged).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('Cancel while the passkey prompt is open ends the prompt', async () => {
    const client = clientFor({});
    let signal: AbortSignal | null = null;
    client.webauthnAuthenticateImpl = (options) => {
      signal = options.signal;
      return new Promise(() => {});
    };
    const { user } = await openStep(client);
    await user.click(screen.getByRole('button', { name: TEXT.reauthenticationUsePasskey }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(names()).toEqual(['MacBook', 'Pixel']);
  });

  it('shows a wrong code in the banner, clears and refocuses the input, and still confirms after', async () => {
    const onError = vi.fn();
    const client = clientFor({
      webauthn_registrations: PASSKEYS,
      totps: [{ totp_id: 'totp-1', verified: true }],
    });
    const wrong = apiError({
      error_type: 'unable_to_auth_totp_code',
      error_message: 'The code is not right, or it was already used. Please enter the current code.',
      status_code: 401,
    });
    const confirm = client.totpAuthenticateImpl;
    client.totpAuthenticateImpl = async () => {
      throw wrong;
    };
    const { user } = await openStep(client, {
      config: { products: ['emailMagicLinks'] },
      callbacks: { onError },
    });
    const input = screen.getByLabelText(TEXT.reauthenticationTotpLabel) as HTMLInputElement;
    await user.type(input, '000000');
    const banner = await within(step()).findByText(
      'The code is not right, or it was already used. Please enter the current code.',
    );
    expect(banner.closest('[data-variant]')?.getAttribute('data-variant')).toBe('error');
    expect(step().dataset.state).toBe('reauthentication.totp');
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(banner.closest('p')?.id ?? 'missing');
    expect(document.activeElement).toBe(input);
    expect(onError).toHaveBeenCalledWith(wrong);
    expect(client.calls.deleteWebauthnRegistration).toEqual(['wr-1']);

    client.totpAuthenticateImpl = confirm;
    await user.type(input, '123456');
    await expectDeleted(client);
  });

  it.each([
    [
      'the person closed the prompt',
      Object.assign(new Error('NotAllowedError'), { name: 'NotAllowedError' }),
      TEXT.reauthenticationPasskeyFailed,
    ],
    [
      'the server does not know the passkey',
      apiError({ error_type: 'webauthn_registration_not_found', error_message: 'gone', status_code: 404 }),
      'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
    ],
  ])(
    'a failed passkey confirmation (%s) is shown, and another way can be chosen',
    async (_name, error, message) => {
      const client = clientFor({ totps: [{ totp_id: 'totp-1', verified: true }] });
      client.webauthnAuthenticateImpl = () => Promise.reject(error);
      const { user } = await openStep(client);
      await user.click(screen.getByRole('button', { name: TEXT.reauthenticationUsePasskey }));
      expect(await within(step()).findByText(message)).toBeTruthy();
      expect(step().dataset.state).toBe('reauthentication.passkey');
      await user.click(screen.getByRole('button', { name: TEXT.reauthenticationUseTotpInstead }));
      const input = screen.getByLabelText(TEXT.reauthenticationTotpLabel);
      expect(document.activeElement).toBe(input);
      expect(within(step()).queryByText(message)).toBeNull();
      await user.type(input, '123456');
      await expectDeleted(client);
    },
  );

  it('a wrong e-mailed code reads SPEC §8 "Invalid passcode, please try again."', async () => {
    const client = clientFor({});
    client.otpAuthenticateImpl = () =>
      Promise.reject(apiError({ error_type: 'otp_code_not_found', error_message: 'x', status_code: 404 }));
    const { user } = await openStep(client, {
      config: { products: ['otp'], otpOptions: { methods: ['email'] } },
    });
    await user.click(screen.getByRole('button', { name: TEXT.reauthenticationSendCode }));
    await user.type(await screen.findByLabelText(TEXT.reauthenticationCodeLabel), '111111');
    expect(await within(step()).findByText('Invalid passcode, please try again.')).toBeTruthy();
    expect(step().dataset.state).toBe('reauthentication.email-code.code-sent');
  });

  it('second_factor_required asks for the authenticator app only', async () => {
    const client = clientFor(
      {
        password: { password_id: 'p', requires_reset: false },
        totps: [{ totp_id: 'totp-1', verified: true }],
      },
      { reason: 'second_factor_required' },
    );
    const { user } = await openStep(client);
    expect(step().dataset.state).toBe('reauthentication.totp');
    expect(screen.getByText(TEXT.reauthenticationSecondFactorText)).toBeTruthy();
    expect(screen.queryByText(TEXT.reauthenticationOtherWays)).toBeNull();
    await user.type(screen.getByLabelText(TEXT.reauthenticationTotpLabel), '123456');
    await expectDeleted(client);
  });

  it('says so when no method can confirm, and Cancel still returns', async () => {
    const client = clientFor({ webauthn_registrations: PASSKEYS });
    const { user } = await openStep(client, { config: { products: ['emailMagicLinks'] } });
    expect(step().dataset.state).toBe('reauthentication.unavailable');
    expect(screen.getByText(TEXT.reauthenticationUnavailable)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(names()).toEqual(['MacBook', 'Pixel']);
  });

  it('retries only once: a second refusal puts the row back and is only logged (SPEC §8)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = clientFor({});
    client.deleteWebauthnRegistrationImpl = () => Promise.reject(RECENT_SIGN_IN_NEEDED());
    const { user } = await openStep(client);
    await user.click(screen.getByRole('button', { name: TEXT.reauthenticationUsePasskey }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: TEXT.reauthenticationTitle })).toBeNull(),
    );
    expect(names()).toEqual(['MacBook', 'Pixel']);
    expect(client.calls.deleteWebauthnRegistration).toEqual(['wr-1', 'wr-1']);
    expect(logged).toHaveBeenCalled();
  });
});
