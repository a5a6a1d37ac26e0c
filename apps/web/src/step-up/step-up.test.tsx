// Issue 13 item 1: the app's step-up screen. With a project that requires a second factor, a signed-in user with an
// authenticator app whose session lacks the factor sees "Enter the code from your authenticator app" instead of the
// sign-in and account pages; the code input has focus when the screen opens; a code (or a recovery code) steps the
// session up and goes to /account; server errors show inline; "Sign out" signs out. Rendered through <App>.
import { DEFAULT_BOOTSTRAP } from '@gatehouse/sdk';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, type FakeClient, SAMPLE_SESSION, SAMPLE_USER } from '../test-support';
import { normaliseTotpInput } from './step-up-screen';

const USER_WITH_APP = { ...SAMPLE_USER, totps: [{ totp_id: 'totp-test-1', verified: true }] };
const FIRST_FACTOR_SESSION = {
  ...SAMPLE_SESSION,
  authentication_factors: [
    {
      type: 'magic_link',
      delivery_method: 'email' as const,
      last_authenticated_at: '2025-01-02T03:04:05Z',
      email_factor: { email_id: 'email-test-1', email_address: 'ada@example.com' },
    },
  ],
};

const noDevTools = vi.fn(async () => new Response('{}', { status: 404 })) as unknown as typeof fetch;

function signedInClient(options: { required?: boolean; user?: typeof USER_WITH_APP } = {}): FakeClient {
  const client = createFakeClient({ session: FIRST_FACTOR_SESSION, user: options.user ?? USER_WITH_APP });
  client.bootstrapData = { ...DEFAULT_BOOTSTRAP, secondFactorRequired: options.required ?? true };
  return client;
}

function renderApp(client: FakeClient, path: string) {
  window.history.replaceState(null, '', path);
  return render(<App client={client} widget={<p>widget here</p>} fetchImpl={noDevTools} />);
}

async function stepUpScreen() {
  return screen.findByRole('heading', { level: 1, name: STRINGS.stepUp.heading });
}

describe('the step-up screen', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(cleanup);

  it.each(['/', '/account'])(
    'replaces %s while the session lacks its second factor; the code input has focus',
    async (path) => {
      renderApp(signedInClient(), path);
      await stepUpScreen();
      expect(screen.getByText(STRINGS.stepUp.codeIntro)).toBeTruthy();
      expect(screen.queryByText('widget here')).toBeNull();
      expect(screen.queryByRole('heading', { name: STRINGS.account.heading })).toBeNull();
      const input = screen.getByLabelText(STRINGS.stepUp.codeLabel) as HTMLInputElement;
      expect(input.getAttribute('autocomplete')).toBe('one-time-code');
      expect(input.getAttribute('inputmode')).toBe('numeric');
      expect(document.activeElement).toBe(input);
      // The input's description names the screen, so a screen reader announces where focus landed.
      expect(input.getAttribute('aria-describedby')).toBeTruthy();
      const description = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
      expect(description).toContain(STRINGS.stepUp.codeIntro);
      expect(document.title).toBe(STRINGS.documentTitle.stepUp);
    },
  );

  it('submits at the sixth digit with the app session length, then shows /account', async () => {
    const client = signedInClient();
    renderApp(client, '/');
    await stepUpScreen();
    await userEvent.type(screen.getByLabelText(STRINGS.stepUp.codeLabel), '123456');
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    expect(client.totpCalls).toEqual([
      ['authenticate', { totp_code: '123456', session_duration_minutes: 30 }],
    ]);
    await screen.findByRole('heading', { level: 1, name: STRINGS.account.heading });
  });

  it('shows the server error inline, clears the code and keeps focus on the input', async () => {
    const client = signedInClient();
    client.totpImpl = async () => {
      throw apiError({
        error_type: 'unable_to_auth_totp_code',
        error_message: 'The code is not right, or it was already used. Please enter the current code.',
        status_code: 401,
      });
    };
    renderApp(client, '/account');
    await stepUpScreen();
    const input = screen.getByLabelText(STRINGS.stepUp.codeLabel) as HTMLInputElement;
    await userEvent.type(input, '000000');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The code is not right, or it was already used. Please enter the current code.',
    );
    await waitFor(() => expect(input.readOnly).toBe(false));
    expect(input.value).toBe('');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(window.location.pathname).toBe('/account');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.stepUp.heading);
  });

  it('"Use a recovery code" switches to a focused recovery-code input that steps up with totps.recover', async () => {
    const client = signedInClient();
    renderApp(client, '/');
    await stepUpScreen();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.stepUp.useRecoveryCode }));
    const input = screen.getByLabelText(STRINGS.stepUp.recoveryLabel);
    expect(document.activeElement).toBe(input);
    expect(screen.getByText(STRINGS.stepUp.recoveryIntro)).toBeTruthy();
    await userEvent.type(input, ' abcd-efgh-ijkl ');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.stepUp.useRecoveryCodeSubmit }));
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    expect(client.totpCalls).toEqual([
      ['recover', { recovery_code: 'abcd-efgh-ijkl', session_duration_minutes: 30 }],
    ]);
    await screen.findByRole('heading', { level: 1, name: STRINGS.account.heading });

    // Back to the app: its link returns to the code input.
    cleanup();
    renderApp(signedInClient(), '/');
    await stepUpScreen();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.stepUp.useRecoveryCode }));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.stepUp.useAuthenticatorApp }));
    expect(document.activeElement).toBe(screen.getByLabelText(STRINGS.stepUp.codeLabel));
  });

  it('a locked app (totp_locked, issue 20 item 5) switches to the recovery-code form with the reason; a recovery code steps up', async () => {
    const client = signedInClient();
    const stepUp = client.totpImpl.bind(client);
    client.totpImpl = async (method, options) => {
      if (method === 'authenticate') {
        throw apiError({
          error_type: 'totp_locked',
          error_message: 'Too many wrong codes were entered for this authenticator app.',
          status_code: 403,
        });
      }
      return stepUp(method, options);
    };
    renderApp(client, '/account');
    await stepUpScreen();
    await userEvent.type(screen.getByLabelText(STRINGS.stepUp.codeLabel), '123456');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(STRINGS.stepUp.totpLocked);
    const input = screen.getByLabelText(STRINGS.stepUp.recoveryLabel) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.getByText(STRINGS.stepUp.recoveryIntro)).toBeTruthy();
    expect(screen.queryByLabelText(STRINGS.stepUp.codeLabel)).toBeNull();
    // The reason is read with the input.
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    await userEvent.type(input, 'abcd-efgh-ijkl');
    await userEvent.click(screen.getByRole('button', { name: STRINGS.stepUp.useRecoveryCodeSubmit }));
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    expect(client.totpCalls.map(([method]) => method)).toEqual(['authenticate', 'recover']);
    await screen.findByRole('heading', { level: 1, name: STRINGS.account.heading });
  });

  it('"Sign out" revokes the session and returns to the sign-in page', async () => {
    const client = signedInClient();
    renderApp(client, '/account');
    await stepUpScreen();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.stepUp.signOut }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(client.revokeCalls).toBe(1);
    expect(await screen.findByText('widget here')).toBeTruthy();
  });

  it('is not shown when the project does not require it, or the user has no verified app', async () => {
    // Issue 22 finding 1: past the gate, a signed-in visitor of the sign-in page goes on to the account page.
    renderApp(signedInClient({ required: false }), '/');
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.account.heading);
    expect(window.location.pathname).toBe('/account');
    cleanup();

    renderApp(
      signedInClient({ user: { ...SAMPLE_USER, totps: [{ totp_id: 'totp-test-1', verified: false }] } }),
      '/',
    );
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.account.heading);
    expect(window.location.pathname).toBe('/account');
  });

  it('waits for bootstrap before showing a page to a user with an app (no flash of the account page)', async () => {
    const client = signedInClient();
    let answer!: (value: typeof DEFAULT_BOOTSTRAP) => void;
    client.bootstrap.getSync = () => DEFAULT_BOOTSTRAP;
    client.bootstrap.get = () =>
      new Promise((resolve) => {
        answer = resolve;
      });
    renderApp(client, '/account');
    expect(screen.getByTestId('step-up-pending')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: STRINGS.account.heading })).toBeNull();
    await act(async () => answer({ ...DEFAULT_BOOTSTRAP, secondFactorRequired: true }));
    await stepUpScreen();
  });

  it('keeps only digits of a typed or pasted code, at most six', () => {
    expect(normaliseTotpInput('123 456')).toBe('123456');
    expect(normaliseTotpInput('12-34-56-78')).toBe('123456');
    expect(normaliseTotpInput('abc')).toBe('');
  });
});
