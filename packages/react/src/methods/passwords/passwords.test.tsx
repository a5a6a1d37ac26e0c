// SPEC §2 password screens (texts verbatim), §4 password flow, §5 strength rules, §8 messages and toasts;
// wire-format.md §4.2 (users/search), §4.10 options and §7.4 events. Real timers: the strength check's debounce
// is short and every wait is for a condition.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PasswordStrengthCheckResult } from '../../client-contract';
import type { LoginConfig } from '../../config';
import { Login, type LoginProps } from '../../login';
import { GatehouseProvider } from '../../provider';
import {
  apiError,
  createFakeClient,
  deferred,
  type FakeClient,
  ludsAnswer,
  searchAnswer,
  zxcvbnAnswer,
} from '../../test-support/fake-client';

const EMAIL = 'ada@example.com';
const STRONG = 'correct horse battery staple';
const SLOW = { timeout: 20_000 };

const PASSWORDS_AND_LINKS: LoginConfig = {
  products: ['emailMagicLinks', 'passwords'],
  emailMagicLinksOptions: { loginRedirectURL: 'https://app.example/authenticate' },
  passwordOptions: {
    loginRedirectURL: 'https://app.example/authenticate',
    resetPasswordRedirectURL: 'https://app.example/reset-password',
    resetPasswordExpirationMinutes: 20,
  },
};
const PASSWORDS_ONLY: LoginConfig = { products: ['passwords'] };

afterEach(() => {
  cleanup();
});

beforeAll(async () => {
  // The first load of each lazy chunk can be slow on a busy machine.
  await Promise.all([
    import('./password-email-form'),
    import('./password-screens'),
    import('../email-magic-links/email-confirmation'),
    import('../otp/otp-authenticate'),
    import('../../toasts/toast-region'),
  ]);
}, 60_000);

function renderLogin(props: LoginProps, client: FakeClient = createFakeClient()) {
  const onEvent = vi.fn();
  const onError = vi.fn();
  const view = render(
    <GatehouseProvider client={client}>
      <Login callbacks={{ onEvent, onError }} {...props} />
    </GatehouseProvider>,
  );
  const root = () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
  const user = userEvent.setup({ delay: null });
  return { client, root, user, onEvent, onError, view };
}

async function lookUp(props: LoginProps, client: FakeClient, email = EMAIL) {
  const view = renderLogin(props, client);
  await view.user.type(await screen.findByRole('textbox', { name: 'Email' }, SLOW), email);
  await view.user.click(screen.getByRole('button', { name: 'Continue with email' }));
  return view;
}

function passwordInput(): HTMLInputElement {
  return screen.getByLabelText('Password') as HTMLInputElement;
}

function continueButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
}

describe('Main: the password e-mail form', () => {
  it('offers passwords on the Email tab and looks the address up (wire-format.md §4.2)', async () => {
    const client = createFakeClient();
    client.userSearchImpl = async () => searchAnswer('new');
    const { root } = renderLogin(
      { config: { ...PASSWORDS_ONLY, products: ['otp', 'passwords'], otpOptions: { methods: ['sms'] } } },
      client,
    );
    const user = userEvent.setup({ delay: null });
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['Text', 'Email']);
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    await user.type(await screen.findByRole('textbox', { name: 'Email' }, SLOW), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByRole('heading', { name: 'Create account' }, SLOW)).toBeTruthy();
    expect(client.calls.userSearch).toEqual([EMAIL]);
    expect(root().dataset.state).toBe('password-create-or-login');
  });

  it("rejects a malformed address with 'Invalid email address' and looks nothing up", async () => {
    const { client, user } = renderLogin({ config: PASSWORDS_ONLY });
    await user.type(await screen.findByRole('textbox', { name: 'Email' }, SLOW), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(client.calls.userSearch).toEqual([]);
  });

  it('shows a failed lookup in the Main banner', async () => {
    const client = createFakeClient();
    const error = apiError({
      error_type: 'too_many_requests',
      error_message: 'Slow down.',
      status_code: 429,
    });
    client.userSearchImpl = () => Promise.reject(error);
    const { root, onError } = await lookUp({ config: PASSWORDS_ONLY }, client);
    expect(await screen.findByText('Slow down.')).toBeTruthy();
    expect(root().dataset.state).toBe('main');
    expect(onError).toHaveBeenCalledWith(error);
  });
});

describe('PasswordCreateOrLogin, create variant', () => {
  it('shows the choose-how-to-create screen when a login link is configured', async () => {
    const client = createFakeClient();
    await lookUp({ config: PASSWORDS_AND_LINKS }, client);
    expect(
      await screen.findByRole('heading', { name: 'Choose how you would like to create your account.' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Email me a login link' })).toBeTruthy();
    expect(screen.getByText('Finish creating your account by setting a password.')).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe(EMAIL);
    expect(email.getAttribute('autocomplete')).toBe('username');
    expect(passwordInput().getAttribute('autocomplete')).toBe('new-password');
    expect(continueButton().disabled).toBe(true);
  });

  it("'Email me a login link' sends the link and shows EmailConfirmation", async () => {
    const client = createFakeClient();
    const { root, onEvent } = await lookUp({ config: PASSWORDS_AND_LINKS }, client);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Email me a login link' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'Check your email' }, SLOW)).toBeTruthy();
    expect(root().dataset.state).toBe('email-confirmation');
    expect(client.calls.loginOrCreate).toEqual([
      { email: EMAIL, options: { login_magic_link_url: 'https://app.example/authenticate', locale: 'en' } },
    ]);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'MAGIC_LINK_LOGIN_OR_CREATE' }));
  });

  it("'Email me a login code' with e-mail passcodes sends a passcode and shows OTPAuthenticate", async () => {
    const client = createFakeClient();
    await lookUp({ config: { products: ['otp', 'passwords'], otpOptions: { methods: ['email'] } } }, client);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Email me a login code' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'Enter passcode' }, SLOW)).toBeTruthy();
    expect(client.calls.otpLoginOrCreate).toEqual([
      { method: 'email', destination: EMAIL, options: { expiration_minutes: 5, locale: 'en' } },
    ]);
  });

  it('keeps Continue disabled until valid_password, then creates the account (SPEC §5, §7)', async () => {
    const client = createFakeClient();
    const { root, onEvent, user } = await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Create account' }, SLOW);
    await user.type(passwordInput(), 'short');
    await waitFor(() => expect(client.calls.strengthCheck).toHaveLength(1));
    expect(client.calls.strengthCheck[0]).toEqual({ email: EMAIL, password: 'short' });
    await waitFor(() =>
      expect(screen.getByText('Password strength: 1 of 4 Password not accepted.')).toBeTruthy(),
    );
    expect(continueButton().disabled).toBe(true);
    await user.clear(passwordInput());
    await user.type(passwordInput(), STRONG);
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success!' }, SLOW)).toBeTruthy();
    expect(screen.getByText('You have successfully logged in.')).toBeTruthy();
    expect(root().dataset.state).toBe('password-confirmation');
    expect(client.calls.passwordCreate).toEqual([
      { email: EMAIL, password: STRONG, session_duration_minutes: 30 },
    ]);
    expect(onEvent).toHaveBeenCalledWith({
      type: 'PASSWORD_CREATE',
      data: { request_id: 'request-id-create', status_code: 200 },
    });
  });

  it('checks once per pause in typing (debounced)', async () => {
    const client = createFakeClient();
    const { user } = await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Create account' }, SLOW);
    await user.type(passwordInput(), 'abcdefgh');
    await waitFor(() => expect(client.calls.strengthCheck).toHaveLength(1));
    expect(client.calls.strengthCheck[0]?.password).toBe('abcdefgh');
  });

  it('lets the latest answer win: a stale answer neither shows nor enables Continue', async () => {
    const client = createFakeClient();
    const answers: ReturnType<typeof deferred<PasswordStrengthCheckResult>>[] = [];
    client.strengthCheckImpl = () => {
      const answer = deferred<PasswordStrengthCheckResult>();
      answers.push(answer);
      return answer.promise;
    };
    await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Create account' }, SLOW);
    fireEvent.change(passwordInput(), { target: { value: 'weak-one' } });
    await waitFor(() => expect(answers).toHaveLength(1));
    fireEvent.change(passwordInput(), { target: { value: STRONG } });
    await waitFor(() => expect(answers).toHaveLength(2));
    // The newer answer first, then the stale one (valid, about the old password): only the newer counts.
    await act(async () => answers[1]?.resolve(zxcvbnAnswer(2, { warning: 'Add another word or two.' })));
    expect(await screen.findByText('Add another word or two.')).toBeTruthy();
    await act(async () => answers[0]?.resolve(zxcvbnAnswer(4)));
    expect(screen.getByText('Add another word or two.')).toBeTruthy();
    expect(document.querySelector('.gh-strength-meter')?.getAttribute('data-score')).toBe('2');
    expect(continueButton().disabled).toBe(true);
  });

  it('disables Continue again as soon as the password changes after a valid answer', async () => {
    const client = createFakeClient();
    await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Create account' }, SLOW);
    fireEvent.change(passwordInput(), { target: { value: STRONG } });
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.change(passwordInput(), { target: { value: `${STRONG}!` } });
    expect(continueButton().disabled).toBe(true);
    await waitFor(() => expect(continueButton().disabled).toBe(false));
  });

  it('fills the zxcvbn meter by score (0 and 1 → one segment) and shows the warning (SPEC §5)', async () => {
    const client = createFakeClient();
    const scores = [0, 2, 3, 4];
    client.strengthCheckImpl = async ({ password }) =>
      zxcvbnAnswer(scores[password.length - 1] ?? 0, { warning: `Warning ${password.length}` });
    await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Create account' }, SLOW);
    for (const [index, filled] of [1, 2, 3, 4].entries()) {
      fireEvent.change(passwordInput(), { target: { value: 'x'.repeat(index + 1) } });
      expect(await screen.findByText(`Warning ${index + 1}`)).toBeTruthy();
      const segments = [...document.querySelectorAll('.gh-strength-segment')];
      expect(segments).toHaveLength(4);
      expect(segments.filter((segment) => segment.getAttribute('data-filled') === 'true')).toHaveLength(
        filled,
      );
    }
  });

  it('shows the LUDS rules from the bootstrap and the breached text (SPEC §5)', async () => {
    const client = createFakeClient({
      bootstrap: { passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 } },
    });
    client.strengthCheckImpl = async ({ password }) =>
      password === 'Password1!xyz' ? ludsAnswer(0, 0, true) : ludsAnswer(4, 1);
    await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Create account' }, SLOW);
    fireEvent.change(passwordInput(), { target: { value: 'abcdef' } });
    const length = await screen.findByText('Must be at least 10 characters long');
    const complexity = screen.getByText(
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    );
    expect(length.closest('[data-met]')?.getAttribute('data-met')).toBe('false');
    expect(complexity.closest('[data-met]')?.getAttribute('data-met')).toBe('false');
    fireEvent.change(passwordInput(), { target: { value: 'Password1!xyz' } });
    expect(
      await screen.findByText(
        'This password may have been used on a different site that experienced a security issue. Please choose another password.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Must be at least 10 characters long').closest('[data-met]')?.getAttribute('data-met'),
    ).toBe('true');
    expect(continueButton().disabled).toBe(true);
    // The feedback is announced: it sits in a polite live region the input points at.
    const region = document.querySelector('.gh-strength');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(passwordInput().getAttribute('aria-describedby')).toContain(region?.id);
  });

  it("names the server's minimum length before anything is typed, in the input's description (issue 22 finding 10)", async () => {
    await lookUp({ config: PASSWORDS_ONLY }, createFakeClient());
    await screen.findByRole('heading', { name: 'Create account' }, SLOW);
    const hint = screen.getByText('Use at least 8 characters.');
    expect(passwordInput().getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
  });

  it("names a LUDS project's minimum from the bootstrap, never below the server's 8 (issue 22 finding 10)", async () => {
    for (const [ludsMinimumCount, shown] of [
      [12, 12],
      [4, 8],
    ] as const) {
      const client = createFakeClient({
        bootstrap: { passwordConfig: { ludsComplexity: 2, ludsMinimumCount } },
      });
      client.strengthCheckImpl = async () => ludsAnswer(1, 0);
      await lookUp({ config: PASSWORDS_ONLY }, client);
      await screen.findByRole('heading', { name: 'Create account' }, SLOW);
      const hint = screen.getByText(`Use at least ${shown} characters.`);
      expect(passwordInput().getAttribute('aria-describedby')?.split(' ')).toContain(hint.id);
      // SPEC §5's LUDS line names the same number as the hint.
      fireEvent.change(passwordInput(), { target: { value: 'abcdefg' } });
      expect(await screen.findByText(`Must be at least ${shown} characters long`)).toBeTruthy();
      cleanup();
    }
  });

  it('shows the server message of an invalid_email strength check (SPEC §8)', async () => {
    const client = createFakeClient();
    client.strengthCheckImpl = () =>
      Promise.reject(apiError({ error_type: 'invalid_email', error_message: 'Email format is invalid.' }));
    await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Create account' }, SLOW);
    fireEvent.change(passwordInput(), { target: { value: STRONG } });
    expect(await screen.findByText('Email format is invalid.')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });
});

describe('PasswordCreateOrLogin, login variant', () => {
  function passwordUser() {
    const client = createFakeClient();
    client.userSearchImpl = async () => searchAnswer('password');
    return client;
  }

  it("shows 'Log In', the read-only e-mail, the toggle and 'Forgot Password?', and logs in", async () => {
    const client = passwordUser();
    const { root, onEvent, user } = await lookUp({ config: PASSWORDS_AND_LINKS }, client);
    expect(await screen.findByRole('heading', { name: 'Log In' }, SLOW)).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect([email.readOnly, email.value, email.getAttribute('autocomplete')]).toEqual([
      true,
      EMAIL,
      'username',
    ]);
    const input = passwordInput();
    expect([input.type, input.getAttribute('autocomplete')]).toEqual(['password', 'current-password']);
    // Issue 22 finding 4: the toggle names what it will do next, and has no aria-pressed beside a changing name.
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.hasAttribute('aria-pressed')).toBe(false);
    await user.click(toggle);
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBe(toggle);
    expect(screen.queryByRole('button', { name: 'Show password' })).toBeNull();
    await user.click(toggle);
    expect(input.type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBe(toggle);
    // Logging in names no minimum: the hint is for new passwords.
    expect(screen.queryByText(/^Use at least/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeTruthy();
    // No strength check when logging in; Continue is not held back.
    await user.type(input, 'hunter2');
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Success!' }, SLOW)).toBeTruthy();
    expect(root().dataset.state).toBe('password-confirmation');
    expect(client.calls.passwordAuthenticate).toEqual([
      { email: EMAIL, password: 'hunter2', session_duration_minutes: 30 },
    ]);
    expect(client.calls.strengthCheck).toEqual([]);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSWORD_AUTHENTICATE' }));
  });

  it('uses sessionOptions for the session duration', async () => {
    const client = passwordUser();
    const { user } = await lookUp(
      { config: { ...PASSWORDS_ONLY, sessionOptions: { sessionDurationMinutes: 60 } } },
      client,
    );
    await screen.findByRole('heading', { name: 'Log In' }, SLOW);
    await user.type(passwordInput(), 'hunter2');
    await user.click(continueButton());
    await screen.findByRole('heading', { name: 'Success!' }, SLOW);
    expect(client.calls.passwordAuthenticate[0]?.session_duration_minutes).toBe(60);
  });

  it('shows a wrong password under the field', async () => {
    const client = passwordUser();
    client.passwordAuthenticateImpl = () =>
      Promise.reject(apiError({ error_type: 'unauthorized_credentials', error_message: 'Wrong password.' }));
    const { root, user } = await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Log In' }, SLOW);
    await user.type(passwordInput(), 'hunter2');
    await user.click(continueButton());
    expect(await screen.findByText('Wrong password.')).toBeTruthy();
    expect(root().dataset.state).toBe('password-create-or-login');
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true');
  });

  it("'Forgot Password?' sends the reset e-mail with the mapped options, then PasswordForgot", async () => {
    const client = passwordUser();
    const { root, onEvent, user } = await lookUp({ config: PASSWORDS_AND_LINKS }, client);
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' }, SLOW)).toBeTruthy();
    expect(root().dataset.state).toBe('password-forgot');
    expect(root().textContent).toContain(`A link to reset your password was sent to you at ${EMAIL}.`);
    expect(client.calls.passwordResetStart).toEqual([
      {
        email: EMAIL,
        login_redirect_url: 'https://app.example/authenticate',
        reset_password_redirect_url: 'https://app.example/reset-password',
        reset_password_expiration_minutes: 20,
        locale: 'en',
      },
    ]);
    expect(onEvent).toHaveBeenCalledWith(expect.objectContaining({ type: 'PASSWORD_RESET_BY_EMAIL_START' }));
  });

  it('answers reset_password with the reset e-mail and PasswordDedupe (SPEC §4)', async () => {
    const client = passwordUser();
    client.passwordAuthenticateImpl = () =>
      Promise.reject(apiError({ error_type: 'reset_password', error_message: 'Reset required.' }));
    const { root, user } = await lookUp({ config: PASSWORDS_AND_LINKS }, client);
    await screen.findByRole('heading', { name: 'Log In' }, SLOW);
    await user.type(passwordInput(), 'old-password');
    await user.click(continueButton());
    expect(
      await screen.findByRole('heading', { name: 'Check your email to set a new password!' }, SLOW),
    ).toBeTruthy();
    expect(root().dataset.state).toBe('password-dedupe');
    expect(client.calls.passwordResetStart).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Login without a password' })).toBeTruthy();
  });

  it('a locked password (issue 20 item 5: 429 while throttled, then reset_password) leads to the reset e-mail and PasswordDedupe', async () => {
    const client = passwordUser();
    const answers = [
      apiError({
        error_type: 'too_many_requests',
        error_message: 'Too many wrong passwords were entered for this account.',
        status_code: 429,
      }),
      apiError({
        error_type: 'reset_password',
        error_message:
          'Too many wrong passwords were entered for this account, so its password must be reset before it can be used.',
      }),
    ];
    client.passwordAuthenticateImpl = () => Promise.reject(answers.shift());
    const { root, user } = await lookUp({ config: PASSWORDS_AND_LINKS }, client);
    await screen.findByRole('heading', { name: 'Log In' }, SLOW);
    await user.type(passwordInput(), STRONG);
    await user.click(continueButton());
    expect(
      await screen.findByText('Too many wrong passwords were entered for this account.', {}, SLOW),
    ).toBeTruthy();
    expect(client.calls.passwordResetStart).toHaveLength(0);
    await user.click(continueButton());
    expect(
      await screen.findByRole('heading', { name: 'Check your email to set a new password!' }, SLOW),
    ).toBeTruthy();
    expect(root().dataset.state).toBe('password-dedupe');
    expect(client.calls.passwordResetStart).toHaveLength(1);
  });

  it('answers reset_password for a breached password with PasswordBreached (issue 10)', async () => {
    const client = passwordUser();
    client.passwordAuthenticateImpl = () =>
      Promise.reject(apiError({ error_type: 'reset_password', error_message: 'Reset required.' }));
    client.strengthCheckImpl = async () => zxcvbnAnswer(1, { breached: true });
    const { root, user } = await lookUp({ config: PASSWORDS_AND_LINKS }, client);
    await screen.findByRole('heading', { name: 'Log In' }, SLOW);
    await user.type(passwordInput(), 'password123');
    await user.click(continueButton());
    expect(
      await screen.findByRole('heading', { name: 'Check your email to set a new password' }, SLOW),
    ).toBeTruthy();
    expect(root().dataset.state).toBe('password-breached');
    expect(root().textContent).toContain(
      `A different site where you use the same password had a security issue recently. For your safety, an email was sent to you at ${EMAIL} to reset your password.`,
    );
    expect(client.calls.strengthCheck).toEqual([{ email: EMAIL, password: 'password123' }]);
  });

  it('returns to Main with the back arrow', async () => {
    const client = passwordUser();
    const { root, user } = await lookUp({ config: PASSWORDS_ONLY }, client);
    await screen.findByRole('heading', { name: 'Log In' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(root().dataset.state).toBe('main');
  });
});

describe('PasswordForgot, resend and login without a password', () => {
  async function reachForgot(config: LoginConfig) {
    const client = createFakeClient();
    client.userSearchImpl = async () => searchAnswer('password');
    const view = await lookUp({ config }, client);
    await view.user.click(await screen.findByRole('button', { name: 'Forgot Password?' }, SLOW));
    await screen.findByRole('heading', { name: 'Forgot password?' }, SLOW);
    return view;
  }

  it("resends the reset e-mail with the 'Email resent' toast, and an error toast on failure (SPEC §8)", async () => {
    const { client, user } = await reachForgot(PASSWORDS_AND_LINKS);
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent', {}, SLOW)).toBeTruthy();
    expect(client.calls.passwordResetStart).toHaveLength(2);
    client.passwordResetStartImpl = () =>
      Promise.reject(
        apiError({ error_type: 'too_many_requests', error_message: 'Try later.', status_code: 429 }),
      );
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Try later.', {}, SLOW)).toBeTruthy();
  });

  it("'Login without a password' sends a login link and shows EmailConfirmation (SPEC §4)", async () => {
    const { client, root, user } = await reachForgot(PASSWORDS_AND_LINKS);
    await user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' }, SLOW)).toBeTruthy();
    expect(root().dataset.state).toBe('email-confirmation');
    expect(client.calls.loginOrCreate.map((call) => call.email)).toEqual([EMAIL]);
  });

  it('shows a failed login link in the banner and stays', async () => {
    const { client, root, user } = await reachForgot(PASSWORDS_AND_LINKS);
    client.loginOrCreateImpl = () =>
      Promise.reject(apiError({ error_type: 'x', error_message: 'No link today.' }));
    await user.click(screen.getByRole('button', { name: 'Login without a password' }));
    expect(await screen.findByText('No link today.')).toBeTruthy();
    expect(root().dataset.state).toBe('password-forgot');
  });

  it("offers no 'Login without a password' without login links", async () => {
    await reachForgot(PASSWORDS_ONLY);
    expect(screen.queryByRole('button', { name: 'Login without a password' })).toBeNull();
  });
});

describe('passwordless users: the automatic send (SPEC §4)', () => {
  function passwordless() {
    const client = createFakeClient();
    client.userSearchImpl = async () => searchAnswer('passwordless');
    return client;
  }

  it('sends a login link when login links are configured', async () => {
    const client = passwordless();
    const { root } = await lookUp({ config: PASSWORDS_AND_LINKS }, client);
    expect(await screen.findByRole('heading', { name: 'Check your email' }, SLOW)).toBeTruthy();
    expect(root().dataset.state).toBe('email-confirmation');
    expect(client.calls.loginOrCreate).toHaveLength(1);
    expect(client.calls.passwordResetStart).toEqual([]);
  });

  it('sends a passcode when e-mail passcodes are enabled', async () => {
    const client = passwordless();
    await lookUp({ config: { products: ['otp', 'passwords'], otpOptions: { methods: ['email'] } } }, client);
    expect(await screen.findByRole('heading', { name: 'Enter passcode' }, SLOW)).toBeTruthy();
    expect(client.calls.otpLoginOrCreate.map((call) => call.destination)).toEqual([EMAIL]);
  });

  it("otherwise sends a reset e-mail and shows PasswordSetNew ('Check your email!')", async () => {
    const client = passwordless();
    const { root, user } = await lookUp({ config: PASSWORDS_ONLY }, client);
    expect(await screen.findByRole('heading', { name: 'Check your email!' }, SLOW)).toBeTruthy();
    expect(root().dataset.state).toBe('password-set-new');
    expect(root().textContent).toContain(`A login link was sent to you at ${EMAIL}.`);
    expect(client.calls.passwordResetStart).toEqual([{ email: EMAIL, locale: 'en' }]);
    expect(screen.queryByRole('button', { name: 'Login without a password' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email resent', {}, SLOW)).toBeTruthy();
  });

  it('shows a failed automatic send in the Main banner', async () => {
    const client = passwordless();
    client.passwordResetStartImpl = () =>
      Promise.reject(apiError({ error_type: 'x', error_message: 'Not sent.' }));
    const { root } = await lookUp({ config: PASSWORDS_ONLY }, client);
    expect(await screen.findByText('Not sent.')).toBeTruthy();
    expect(root().dataset.state).toBe('main');
  });
});

describe('inside the shadow root', () => {
  it('keeps the autocomplete values password managers read', async () => {
    const client = createFakeClient();
    client.userSearchImpl = async () => searchAnswer('password');
    const { view } = renderLogin({ config: { ...PASSWORDS_ONLY, enableShadowDOM: true } }, client);
    const host = view.container.querySelector<HTMLElement>('[data-gatehouse-shadow-host]')!;
    const shadow = () => host.shadowRoot!;
    const emailInput = await waitFor(() => {
      const input = shadow().querySelector<HTMLInputElement>('input[type=email]');
      expect(input).not.toBeNull();
      return input!;
    }, SLOW);
    fireEvent.change(emailInput, { target: { value: EMAIL } });
    fireEvent.submit(emailInput.form!);
    await waitFor(() => expect(shadow().querySelector('input[name=password]')).not.toBeNull(), SLOW);
    expect(shadow().querySelector('input[name=email]')?.getAttribute('autocomplete')).toBe('username');
    expect(shadow().querySelector('input[name=password]')?.getAttribute('autocomplete')).toBe(
      'current-password',
    );
  });
});
