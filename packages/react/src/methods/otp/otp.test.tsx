// SPEC §2 tabbed form and passcode screens, SPEC §4 transitions, SPEC §5 messages, SPEC §8 toasts, wire-format.md
// §4.5 options and §7.4 events. Time is faked (Date and setTimeout) for the countdown and the expiry.

import { APIError } from '@gatehouse/sdk';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginConfig } from '../../config';
import { Login, type LoginProps } from '../../login';
import { GatehouseProvider } from '../../provider';
import { apiError, createFakeClient, deferred, type FakeClient } from '../../test-support/fake-client';

const START = new Date('2026-03-01T12:00:00Z');

/** An APIError of another SDK copy (another version in the bundle): not an instance of this copy's class. */
class APIErrorFromAnotherCopy extends Error {
  override readonly name = 'APIError';
  readonly error_url = '';
  constructor(
    readonly status_code: number,
    readonly error_type: string,
    readonly error_message: string,
  ) {
    super(`[${status_code}] ${error_type}`);
  }
}

/**
 * React throttles revealing lazily loaded content with setTimeout, which the fake clock would stop. So every
 * lazy piece (the three forms, both screens, the toasts, the configuration error) is loaded once with real timers
 * before the tests fake Date and setTimeout; setInterval stays real, for Testing Library's polling.
 */
/** The first load of each chunk can be slow on a busy machine. */
const SLOW = { timeout: 20_000 };

beforeAll(async () => {
  const client = createFakeClient();
  const { user } = renderLogin({ config: ALL_METHODS }, client);
  // The tabs are a chunk of their own too (main/tabbed-form.tsx).
  await user.click(await screen.findByRole('tab', { name: 'WhatsApp' }, SLOW));
  await screen.findByRole('button', { name: 'Continue with WhatsApp' }, SLOW);
  await user.click(screen.getByRole('tab', { name: 'Email' }));
  await screen.findByRole('button', { name: 'Continue with email' }, SLOW);
  await user.click(screen.getByRole('tab', { name: 'Text' }));
  await user.type(await screen.findByLabelText('Phone number', {}, SLOW), '2015550123');
  await user.click(screen.getByRole('button', { name: 'Continue with text message' }));
  await screen.findByRole('heading', { name: 'Enter passcode' }, SLOW);
  await user.click(screen.getByRole('button', { name: 'Resend code' }));
  await screen.findByText('Code resent', {}, SLOW);
  await user.type(screen.getByLabelText('One-time passcode'), '123456');
  await screen.findByRole('heading', { name: 'Success' }, SLOW);
  cleanup();
  // The configuration error's chunk too: under the fake clock, Testing Library's wait spends its 12 s of fake time
  // within ~0.1 s of real time, before a first import of the chunk has settled (a CI run failed so, in a worker where
  // no earlier file had loaded it).
  renderLogin({ config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } } });
  await screen.findByText('Error: Cannot use both EML and Email OTP', {}, SLOW);
  cleanup();
}, 60_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: START });
  // Testing Library drives fake timers through a `jest` global (it waits with setTimeout otherwise).
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ALL_METHODS: LoginConfig = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } };

function renderLogin(props: LoginProps = { config: ALL_METHODS }, client: FakeClient = createFakeClient()) {
  const view = render(
    <GatehouseProvider client={client}>
      <Login {...props} />
    </GatehouseProvider>,
  );
  const root = () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
  const user = userEvent.setup({ delay: null });
  return { client, root, user, view };
}

async function sendSms(user: ReturnType<typeof userEvent.setup>, number: string) {
  const input = await screen.findByLabelText('Phone number');
  await user.clear(input);
  await user.type(input, number);
  await user.click(screen.getByRole('button', { name: 'Continue with text message' }));
}

async function reachAuthenticate(props: LoginProps = { config: ALL_METHODS }, client = createFakeClient()) {
  const view = renderLogin(props, client);
  await sendSms(view.user, '2015550123');
  await screen.findByRole('heading', { name: 'Enter passcode' });
  return view;
}

describe('Main: the passcode tabs', () => {
  it('shows the tabs Text, WhatsApp and Email when more than one method is enabled', async () => {
    const { user } = renderLogin();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Text', 'WhatsApp', 'Email']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('Phone number')).toBeTruthy();
    await user.click(tabs[1]!);
    expect(await screen.findByRole('button', { name: 'Continue with WhatsApp' })).toBeTruthy();
    await user.click(tabs[2]!);
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
  });

  it('shows one method without tabs, with the country selector defaulting to the United States', async () => {
    renderLogin({ config: { products: ['otp'], otpOptions: { methods: ['sms'] } } });
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(country.value).toBe('US');
    expect(country.selectedOptions[0]?.textContent).toBe('United States (+1)');
    const options = [...country.options].map((option) => option.value);
    expect(options).toContain('GB');
    expect(options.length).toBeGreaterThan(200);
    const phone = screen.getByLabelText('Phone number');
    expect(phone.getAttribute('type')).toBe('tel');
    expect(phone.getAttribute('autocomplete')).toBe('tel');
  });

  it('shows the chosen country compactly (issue 22 finding 9), hidden from assistive technology', async () => {
    const { user } = renderLogin({ config: { products: ['otp'], otpOptions: { methods: ['sms'] } } });
    const country = (await screen.findByLabelText('Country')) as HTMLSelectElement;
    const compact = country.parentElement?.querySelector('.gh-country-value');
    expect(compact?.textContent).toBe('US +1');
    expect(compact?.getAttribute('aria-hidden')).toBe('true');
    await user.selectOptions(country, 'GB');
    expect(compact?.textContent).toBe('GB +44');
    expect(country.selectedOptions[0]?.textContent).toBe('United Kingdom (+44)');
  });

  it("refuses an invalid phone number with 'Invalid phone number, please try again.' and sends nothing", async () => {
    const { client, root, user } = renderLogin();
    for (const bad of ['', '123', '555-ABCD', '+1 000 000 0000']) {
      await sendSms(user, bad === '' ? ' ' : bad);
      expect(await screen.findByText('Invalid phone number, please try again.')).toBeTruthy();
      expect(root().dataset.state).toBe('main');
    }
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(client.calls.otpLoginOrCreate).toEqual([]);
    // The error belongs to its tab.
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    expect(screen.queryByText('Invalid phone number, please try again.')).toBeNull();
  });

  it("refuses a malformed e-mail with 'Invalid email, please try again.' and sends nothing", async () => {
    const { client, user } = renderLogin({
      config: { products: ['otp'], otpOptions: { methods: ['email'] } },
    });
    const input = await screen.findByLabelText('Email');
    await user.type(input, 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(screen.getByText('Invalid email, please try again.')).toBeTruthy();
    expect(client.calls.otpLoginOrCreate).toEqual([]);
  });

  it('sends an SMS to the E.164 number with expiration_minutes 5 and no template ids, and emits the event', async () => {
    const client = createFakeClient();
    const pending = deferred<{ method_id: string }>();
    client.otpLoginOrCreateImpl = () => pending.promise;
    const onEvent = vi.fn();
    const { root, user } = renderLogin(
      {
        config: { ...ALL_METHODS, otpOptions: { methods: ['sms'], loginTemplateId: 'login-t' } },
        callbacks: { onEvent },
      },
      client,
    );
    await sendSms(user, '(201) 555-0123');
    await waitFor(() => expect(root().dataset.state).toBe('main.submitting'));
    expect(client.calls.otpLoginOrCreate).toEqual([
      { method: 'sms', destination: '+12015550123', options: { expiration_minutes: 5, locale: 'en' } },
    ]);
    await act(async () => pending.resolve({ method_id: 'phone-number-test-1' }));
    const heading = await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(root().dataset.state).toBe('otp-authenticate');
    expect(onEvent).toHaveBeenCalledWith({
      type: 'OTP_LOGIN_OR_CREATE',
      data: { method_id: 'phone-number-test-1' },
    });
    expect(heading.parentElement?.textContent).toContain(
      'A 6-digit passcode was sent to you at +1 (201) 555-0123.',
    );
    // Issue 13 item 1: focus goes to the passcode input (not the heading), so a code can be typed or pasted at
    // once; the input's description names the screen and the destination, so the change is still announced.
    const input = screen.getByLabelText('One-time passcode');
    await waitFor(() => expect(document.activeElement).toBe(input));
    const description = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toBe('Enter passcode A 6-digit passcode was sent to you at +1 (201) 555-0123.');
    expect(heading.getAttribute('id')).toBe(input.getAttribute('aria-describedby')?.split(' ')[0]);
  });

  it('sends WhatsApp for the chosen country', async () => {
    const { client, user } = renderLogin();
    await user.click(screen.getByRole('tab', { name: 'WhatsApp' }));
    await user.selectOptions(await screen.findByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('Phone number'), '07400 123456');
    await user.click(screen.getByRole('button', { name: 'Continue with WhatsApp' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(client.calls.otpLoginOrCreate).toEqual([
      { method: 'whatsapp', destination: '+447400123456', options: { expiration_minutes: 5, locale: 'en' } },
    ]);
    expect(screen.getByText('+44 07400 123456', { exact: false })).toBeTruthy();
  });

  it('sends e-mail passcodes with the configured expiry and template ids (wire-format.md §4.5)', async () => {
    const { client, user } = renderLogin({
      config: {
        products: ['otp'],
        otpOptions: {
          methods: ['email'],
          expirationMinutes: 10,
          loginTemplateId: 'login-t',
          signupTemplateId: 'signup-t',
        },
      },
    });
    await user.type(await screen.findByLabelText('Email'), '  ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    await screen.findByRole('heading', { name: 'Enter passcode' });
    expect(client.calls.otpLoginOrCreate).toEqual([
      {
        method: 'email',
        destination: 'ada@example.com',
        options: {
          expiration_minutes: 10,
          login_template_id: 'login-t',
          signup_template_id: 'signup-t',
          locale: 'en',
        },
      },
    ]);
    expect(screen.getByText('ada@example.com').tagName).toBe('STRONG');
    expect(screen.getByText('Your code expires in 10:00.')).toBeTruthy();
  });

  it('shows a failed send in the banner, calls onError and stays on Main', async () => {
    const client = createFakeClient();
    const error = apiError({
      error_type: 'too_many_requests',
      error_message: 'Too many codes, wait a minute.',
      status_code: 429,
    });
    client.otpLoginOrCreateImpl = () => Promise.reject(error);
    const onError = vi.fn();
    const { root, user } = renderLogin({ config: ALL_METHODS, callbacks: { onError } }, client);
    await sendSms(user, '2015550123');
    expect(await screen.findByText('Too many codes, wait a minute.')).toBeTruthy();
    expect(root().dataset.state).toBe('main');
    expect(onError).toHaveBeenCalledWith(error);
  });

  it("shows 'Error: Cannot use both EML and Email OTP' instead of the form", async () => {
    const { root } = renderLogin({
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } },
    });
    expect(root().dataset.state).toBe('config-error');
    expect(await screen.findByText('Error: Cannot use both EML and Email OTP')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('OTPAuthenticate', () => {
  it('has a one-time-code input that takes digits only and submits by itself at the sixth', async () => {
    const client = createFakeClient();
    const pending = deferred<unknown>();
    client.otpAuthenticateImpl = () => pending.promise;
    const onEvent = vi.fn();
    const { root, user } = await reachAuthenticate({ config: ALL_METHODS, callbacks: { onEvent } }, client);
    const input = screen.getByLabelText('One-time passcode') as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('maxlength')).toBe('6');
    await user.type(input, '12a-3 45');
    expect(input.value).toBe('12345');
    expect(client.calls.otpAuthenticate).toEqual([]);
    await user.type(input, '6');
    expect(client.calls.otpAuthenticate).toEqual([
      { code: '123456', methodId: 'method-id-1', options: { session_duration_minutes: 30 } },
    ]);
    expect(root().dataset.state).toBe('otp-authenticate.verifying');
    expect(screen.getByText('Verifying passcode...')).toBeTruthy();
    const progress = screen.getByRole('progressbar', { name: 'Verifying passcode...' });
    expect(progress.getAttribute('style')).toContain('--gh-progress-duration: 10000ms');
    await act(async () =>
      pending.resolve({ request_id: 'request-id-otp', status_code: 200, __user: { user_id: 'u' } }),
    );
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
    expect(screen.getByText('Your passcode has been successfully verified.')).toBeTruthy();
    expect(root().dataset.state).toBe('otp-confirmation');
    expect(onEvent).toHaveBeenLastCalledWith({
      type: 'OTP_AUTHENTICATE',
      data: { request_id: 'request-id-otp', status_code: 200 },
    });
  });

  it('accepts a pasted code and uses sessionOptions.sessionDurationMinutes', async () => {
    const { client } = await reachAuthenticate({
      config: { ...ALL_METHODS, sessionOptions: { sessionDurationMinutes: 90 } },
    });
    const input = screen.getByLabelText('One-time passcode');
    fireEvent.change(input, { target: { value: ' 654 321 ' } });
    await screen.findByRole('heading', { name: 'Success' });
    expect(client.calls.otpAuthenticate).toEqual([
      { code: '654321', methodId: 'method-id-1', options: { session_duration_minutes: 90 } },
    ]);
  });

  it('keeps all six digits of a pasted code longer than six characters (maxlength would cut one)', async () => {
    // Found by e2e/tests/otp.spec.ts: Chromium cuts a pasted '123 456' to maxlength (6) before `change`, so
    // the input got '12345' and never submitted. The paste handler takes the digits from the clipboard itself.
    const { client, user } = await reachAuthenticate();
    const input = screen.getByLabelText('One-time passcode') as HTMLInputElement;
    await user.click(input);
    await user.paste('123 456');
    await screen.findByRole('heading', { name: 'Success' });
    expect(client.calls.otpAuthenticate.map((call) => call.code)).toEqual(['123456']);
  });

  it('pastes digits at the caret, keeps the digits already typed and ignores a paste without digits', async () => {
    const { client, user } = await reachAuthenticate();
    const input = screen.getByLabelText('One-time passcode') as HTMLInputElement;
    await user.type(input, '12');
    await user.paste('code: none');
    expect(input.value).toBe('12');
    await user.paste('34-5');
    expect(input.value).toBe('12345');
    expect(client.calls.otpAuthenticate).toEqual([]);
    await user.paste('6789');
    await screen.findByRole('heading', { name: 'Success' });
    expect(client.calls.otpAuthenticate.map((call) => call.code)).toEqual(['123456']);
  });

  it("shows 'Invalid passcode, please try again.' for a wrong code, clears the input and lets the person retry", async () => {
    const client = createFakeClient();
    const wrong = apiError({
      error_type: 'otp_code_not_found',
      error_message: 'Wrong code.',
      status_code: 404,
    });
    client.otpAuthenticateImpl = () => Promise.reject(wrong);
    const onError = vi.fn();
    const { root, user } = await reachAuthenticate({ config: ALL_METHODS, callbacks: { onError } }, client);
    const input = screen.getByLabelText('One-time passcode') as HTMLInputElement;
    await user.type(input, '000000');
    expect(await screen.findByText('Invalid passcode, please try again.')).toBeTruthy();
    expect(root().dataset.state).toBe('otp-authenticate');
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onError).toHaveBeenCalledWith(wrong);
    expect(document.activeElement).toBe(input);
    client.otpAuthenticateImpl = async () => ({ request_id: 'r', status_code: 200 });
    await user.type(input, '123456');
    expect(await screen.findByRole('heading', { name: 'Success' })).toBeTruthy();
  });

  it('shows the server message for failures other than a wrong code', async () => {
    const client = createFakeClient();
    client.otpAuthenticateImpl = () =>
      Promise.reject(
        apiError({
          error_type: 'too_many_attempts',
          error_message: 'Too many attempts. Request a new code.',
        }),
      );
    const { user } = await reachAuthenticate(undefined, client);
    await user.type(screen.getByLabelText('One-time passcode'), '111111');
    expect(await screen.findByText('Too many attempts. Request a new code.')).toBeTruthy();
  });

  it.each([
    [
      'a wrong code from this SDK copy',
      new APIError({
        status_code: 401,
        error_type: 'unable_to_auth_otp_code',
        error_message: 'Wrong code.',
        error_url: '',
      }),
      'Invalid passcode, please try again.',
    ],
    [
      'a wrong code from another SDK copy',
      new APIErrorFromAnotherCopy(404, 'otp_code_not_found', 'Wrong code.'),
      'Invalid passcode, please try again.',
    ],
    [
      'an error that is not an API error',
      new Error('Something broke.'),
      'Invalid passcode, please try again.',
    ],
    [
      "a newer server's error type, through this SDK copy",
      new APIError({
        status_code: 503,
        error_type: 'error_type_from_a_newer_server',
        error_message: 'Try again in a minute.',
        error_url: '',
      }),
      'Try again in a minute.',
    ],
    [
      "a newer server's error type, from another SDK copy",
      new APIErrorFromAnotherCopy(503, 'error_type_from_a_newer_server', 'Try again in a minute.'),
      'Try again in a minute.',
    ],
  ])('shows the SPEC §8 message for %s', async (_name, error, message) => {
    const client = createFakeClient();
    client.otpAuthenticateImpl = () => Promise.reject(error);
    const { user } = await reachAuthenticate(undefined, client);
    await user.type(screen.getByLabelText('One-time passcode'), '111111');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("counts down each second and then shows 'Your code has expired.' with the resend link", async () => {
    await reachAuthenticate();
    expect(screen.getByText('Your code expires in 5:00.')).toBeTruthy();
    expect(screen.getByText("Didn't get it?")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Your code expires in 4:59.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByText('Your code expires in 4:01.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Your code expires in 4:00.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(239_000));
    expect(screen.getByText('Your code expires in 0:01.')).toBeTruthy();
    expect(screen.queryByText('Your code has expired.')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Your code has expired.')).toBeTruthy();
    expect(screen.queryByText(/Your code expires in/)).toBeNull();
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend.closest('p')?.textContent).toBe('Your code has expired.Resend code');
  });

  // Issue 22 finding 6: the server answers one error for a wrong, used or expired code; past the countdown, the
  // screen says the code expired rather than 'Invalid passcode'.
  it('a code refused after the countdown ended says it expired, not that it was invalid', async () => {
    const client = createFakeClient();
    client.otpAuthenticateImpl = () =>
      Promise.reject(
        apiError({
          error_type: 'unable_to_auth_otp_code',
          error_message:
            'The code could not be authenticated because it was either incorrect, already used or expired.',
          status_code: 401,
        }),
      );
    const { user } = await reachAuthenticate(undefined, client);
    const input = screen.getByLabelText('One-time passcode') as HTMLInputElement;
    // Before the end of the countdown a refusal is a wrong code (SPEC §8).
    await user.type(input, '111111');
    expect(await screen.findByText('Invalid passcode, please try again.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(300_000));
    expect(screen.getByText('Your code has expired.')).toBeTruthy();
    await user.type(input, '222222');
    expect(
      await screen.findByText('This passcode has expired. Use “Resend code” to get a new one.'),
    ).toBeTruthy();
    expect(screen.queryByText('Invalid passcode, please try again.')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it("resends to the same destination with a 'Code resent' toast, a new method id and a fresh countdown", async () => {
    const onEvent = vi.fn();
    const { client, root, user } = await reachAuthenticate({ config: ALL_METHODS, callbacks: { onEvent } });
    act(() => vi.advanceTimersByTime(301_000));
    expect(screen.getByText('Your code has expired.')).toBeTruthy();
    const pending = deferred<{ method_id: string }>();
    client.otpLoginOrCreateImpl = () => pending.promise;
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(root().dataset.state).toBe('otp-authenticate.resending');
    await act(async () => pending.resolve({ method_id: 'method-id-resent' }));
    const toast = await screen.findByText('Code resent');
    expect(toast.closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('success');
    expect(root().dataset.state).toBe('otp-authenticate');
    expect(client.calls.otpLoginOrCreate).toHaveLength(2);
    expect(client.calls.otpLoginOrCreate[1]).toEqual(client.calls.otpLoginOrCreate[0]);
    expect(onEvent).toHaveBeenLastCalledWith({
      type: 'OTP_LOGIN_OR_CREATE',
      data: { method_id: 'method-id-resent' },
    });
    expect(screen.getByText('Your code expires in 5:00.')).toBeTruthy();
    await user.type(screen.getByLabelText('One-time passcode'), '123456');
    expect(client.calls.otpAuthenticate[0]?.methodId).toBe('method-id-resent');
  });

  it('shows an error toast when the resend fails and keeps the old code', async () => {
    const onError = vi.fn();
    const { client, root, user } = await reachAuthenticate({ config: ALL_METHODS, callbacks: { onError } });
    const error = apiError({
      error_type: 'too_many_requests',
      error_message: 'Slow down.',
      status_code: 429,
    });
    client.otpLoginOrCreateImpl = () => Promise.reject(error);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    const toast = await screen.findByText('Slow down.');
    expect(toast.closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('error');
    expect(root().dataset.state).toBe('otp-authenticate');
    expect(onError).toHaveBeenCalledWith(error);
    await user.type(screen.getByLabelText('One-time passcode'), '123456');
    expect(client.calls.otpAuthenticate[0]?.methodId).toBe('method-id-1');
  });

  it("returns to Main with the accessible 'Back' button", async () => {
    const { root, user } = await reachAuthenticate();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(root().dataset.state).toBe('main');
    const heading = await screen.findByRole('heading', { name: 'Sign up or log in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(await screen.findByLabelText('Phone number')).toBeTruthy();
  });
});
