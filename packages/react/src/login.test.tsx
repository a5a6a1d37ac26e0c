import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Callbacks } from './callbacks';
import type { LoginConfig } from './config';
import { Login, type LoginProps } from './login';
import { GatehouseProvider } from './provider';
import { apiError, createFakeClient, deferred, type FakeClient } from './test-support/fake-client';

afterEach(cleanup);

function renderLogin(props: LoginProps = {}, client: FakeClient = createFakeClient(), strict = false) {
  const tree = (
    <GatehouseProvider client={client}>
      <Login {...props} />
    </GatehouseProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const root = () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
  return { client, root, view };
}

const EML_CONFIG: LoginConfig = {
  products: ['emailMagicLinks'],
  emailMagicLinksOptions: {
    loginRedirectURL: 'https://app.example.com/authenticate',
    signupRedirectURL: 'https://app.example.com/authenticate?signup=1',
    loginExpirationMinutes: 15,
    signupExpirationMinutes: 60,
    loginTemplateId: 'login-template',
    signupTemplateId: 'signup-template',
    createUserAsPending: true,
    domainHint: 'mail.example.com',
  },
};

async function submitEmail(email: string) {
  const user = userEvent.setup();
  const input = await screen.findByLabelText('Email');
  await user.clear(input);
  if (email !== '') await user.type(input, email);
  await user.click(screen.getByRole('button', { name: 'Continue with email' }));
  return user;
}

describe('Main screen', () => {
  it('renders the default product (e-mail login link) with a labelled input, the header and no tabs', async () => {
    const { root } = renderLogin();
    expect(root().dataset.state).toBe('main');
    expect(screen.getByRole('heading', { level: 2, name: 'Sign up or log in' })).toBeTruthy();
    const input = await screen.findByLabelText('Email');
    expect(input.getAttribute('type')).toBe('email');
    expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(root().querySelector('[data-section="divider"]')).toBeNull();
    expect(root().querySelector('[data-section="email-magic-links"]')).not.toBeNull();
  });

  it('logs render_login_screen once with the options, also under StrictMode', async () => {
    const { client } = renderLogin({ config: EML_CONFIG }, createFakeClient(), true);
    await screen.findByLabelText('Email');
    const renders = client.calls.telemetry.filter((call) => call.name === 'render_login_screen');
    expect(renders).toEqual([{ name: 'render_login_screen', details: { options: EML_CONFIG } }]);
  });

  it("rejects a malformed address with 'Invalid email address' and sends nothing", async () => {
    const { client, root } = renderLogin();
    for (const bad of ['', 'no-at-sign', 'a@b', 'a@b.c', 'a b@example.com', 'a@@example.com']) {
      await submitEmail(bad);
      expect(screen.getByText('Invalid email address')).toBeTruthy();
      expect(root().dataset.state).toBe('main');
    }
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('Invalid email address');
    expect(client.calls.loginOrCreate).toEqual([]);
  });

  it('sends the login link with the mapped options, emits the event and shows EmailConfirmation', async () => {
    const client = createFakeClient();
    const pending = deferred<unknown>();
    client.loginOrCreateImpl = () => pending.promise;
    const onEvent = vi.fn();
    const onError = vi.fn();
    const { root } = renderLogin({ config: EML_CONFIG, callbacks: { onEvent, onError } }, client);

    await submitEmail('  ada@example.com ');
    expect(root().dataset.state).toBe('main.submitting');
    expect(screen.getByRole('button', { name: 'Continue with email' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    // wire-format.md §7.2: createUserAsPending is not sent and domainHint only picks the inbox links.
    expect(client.calls.loginOrCreate).toEqual([
      {
        email: 'ada@example.com',
        options: {
          login_magic_link_url: 'https://app.example.com/authenticate',
          signup_magic_link_url: 'https://app.example.com/authenticate?signup=1',
          login_expiration_minutes: 15,
          signup_expiration_minutes: 60,
          login_template_id: 'login-template',
          signup_template_id: 'signup-template',
          // Issue 27 item 2: the widget's locale (English here: no lang, navigator en-US).
          locale: 'en',
        },
      },
    ]);

    await act(async () => pending.resolve({ request_id: 'request-id-9', status_code: 200 }));
    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(root().dataset.state).toBe('email-confirmation');
    expect(onEvent).toHaveBeenCalledWith({
      type: 'MAGIC_LINK_LOGIN_OR_CREATE',
      data: { request_id: 'request-id-9', status_code: 200 },
    });
    expect(onError).not.toHaveBeenCalled();
    // Accessibility: focus moves to the new screen's heading.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('sends only the e-mail when no magic-link options are configured', async () => {
    const { client } = renderLogin();
    await submitEmail('ada@example.com');
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(client.calls.loginOrCreate).toEqual([{ email: 'ada@example.com', options: { locale: 'en' } }]);
  });

  it('ignores a second submit while the first is in flight', async () => {
    const client = createFakeClient();
    client.loginOrCreateImpl = () => new Promise(() => {});
    renderLogin({}, client);
    const user = await submitEmail('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(client.calls.loginOrCreate).toHaveLength(1);
  });

  it("shows the server's error_message in the error banner, calls onError and stays on Main", async () => {
    const client = createFakeClient();
    const error = apiError({
      error_type: 'invalid_redirect_url',
      error_message: 'The redirect URL is not allowed.',
    });
    client.loginOrCreateImpl = () => Promise.reject(error);
    const onError = vi.fn();
    const onEvent = vi.fn();
    const { root } = renderLogin({ callbacks: { onError, onEvent } }, client);
    await submitEmail('ada@example.com');
    const banner = await screen.findByText('The redirect URL is not allowed.');
    expect(banner.closest('[data-variant]')?.getAttribute('data-variant')).toBe('error');
    // Announced through a live region.
    expect(banner.closest('[aria-live]')?.getAttribute('role')).toBe('status');
    expect(root().dataset.state).toBe('main');
    expect(onError).toHaveBeenCalledWith(error);
    expect(onEvent).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('The redirect URL is not allowed.')).toBeNull();
  });

  it('shows the plain message of a non-API error', async () => {
    const client = createFakeClient();
    client.loginOrCreateImpl = () => Promise.reject(new Error('Unable to contact the Gatehouse servers.'));
    renderLogin({}, client);
    await submitEmail('ada@example.com');
    expect(await screen.findByText('Unable to contact the Gatehouse servers.')).toBeTruthy();
  });

  it('renders help links in error text as anchors and never as HTML', async () => {
    const client = createFakeClient();
    client.loginOrCreateImpl = () =>
      Promise.reject(
        apiError({
          error_type: 'invalid_email',
          error_message:
            'Bad address <script>window.pwned = true</script><img src=x onerror=alert(1)>, see https://gatehouse.dev/docs/errors#email. Or javascript:alert(1) or https://evil.test/x',
          error_url: 'https://gatehouse.dev/docs/errors#invalid_email',
        }),
      );
    const { root } = renderLogin({}, client);
    await submitEmail('ada@example.com');
    const link = await screen.findByRole('link', { name: 'https://gatehouse.dev/docs/errors#email' });
    expect(link.getAttribute('href')).toBe('https://gatehouse.dev/docs/errors#email');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const help = screen.getByRole('link', { name: 'Learn more' });
    expect(help.getAttribute('href')).toBe('https://gatehouse.dev/docs/errors#invalid_email');
    const banner = root().querySelector('.gh-banner')!;
    expect(banner.querySelector('script')).toBeNull();
    expect(banner.querySelector('img')).toBeNull();
    expect(banner.textContent).toContain('<script>window.pwned = true</script>');
    // A host outside the help-link allowlist stays text (security-tests.md XS-02).
    expect(banner.textContent).toContain('https://evil.test/x');
    expect(banner.querySelectorAll('a')).toHaveLength(2);
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it("shows 'Error: Cannot use Passkeys by itself…' in place of the form when passkeys is the only product", async () => {
    const { root } = renderLogin({ config: { products: ['passkeys'] } });
    expect(root().dataset.state).toBe('config-error');
    expect(
      await screen.findByText(
        'Error: Cannot use Passkeys by itself, please add another product to the config.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it("shows 'Error: Cannot use both EML and Email OTP' for login links with e-mail passcodes", async () => {
    const { root } = renderLogin({
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'email'] } },
    });
    expect(root().dataset.state).toBe('config-error');
    expect(await screen.findByText('Error: Cannot use both EML and Email OTP')).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('re-renders from the configuration error to Main when the configuration is fixed', async () => {
    const client = createFakeClient();
    const { view, root } = renderLogin({ config: { products: ['passkeys'] } }, client);
    view.rerender(
      <GatehouseProvider client={client}>
        <Login config={{ products: ['emailMagicLinks', 'passkeys'] }} />
      </GatehouseProvider>,
    );
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(root().dataset.state).toBe('main');
  });

  it('goes back to the configuration error when a fixed configuration breaks again', async () => {
    const client = createFakeClient();
    const { view, root } = renderLogin({ config: { products: ['passkeys'] } }, client);
    const rerender = (config: LoginConfig) =>
      view.rerender(
        <GatehouseProvider client={client}>
          <Login config={config} />
        </GatehouseProvider>,
      );
    rerender({ products: ['emailMagicLinks', 'passkeys'] });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    rerender({ products: ['passkeys'] });
    await waitFor(() => expect(root().dataset.state).toBe('config-error'));
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('the default form is in the first commit, and mounting commits nothing else (bench/first-render.ts)', async () => {
    const commits: string[] = [];
    const client = createFakeClient();
    render(
      <Profiler id="login" onRender={(_id, phase) => commits.push(phase)}>
        <GatehouseProvider client={client}>
          <Login />
        </GatehouseProvider>
      </Profiler>,
    );
    expect(screen.getByLabelText('Email')).toBeTruthy();
    // The mount effects ran (one logs render_login_screen); none of them re-rendered the widget.
    await waitFor(() =>
      expect(client.calls.telemetry.map((call) => call.name)).toContain('render_login_screen'),
    );
    expect(commits).toEqual(['mount']);
  });

  it('accepts login links with SMS passcodes (no configuration error)', async () => {
    const { root } = renderLogin({
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } },
    });
    expect(root().dataset.state).toBe('main');
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['Text', 'Email']);
    expect(await screen.findByLabelText('Phone number')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Email' }));
    expect(await screen.findByRole('button', { name: 'Continue with email' })).toBeTruthy();
    expect(root().querySelector('[data-section="email-magic-links"]')).not.toBeNull();
  });

  it('hides the header text visually with hideHeaderText, keeping it as the screen title', () => {
    renderLogin({ styles: { hideHeaderText: true } });
    const heading = screen.getByRole('heading', { name: 'Sign up or log in' });
    expect(heading.classList.contains('gh-visually-hidden')).toBe(true);
  });

  it('shows the logo only when a logo URL is given', () => {
    const { view } = renderLogin({ styles: { logo: { logoImageUrl: 'https://cdn.example.com/logo.png' } } });
    const logo = screen.getByRole('img', { name: 'Logo' });
    expect(logo.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
    expect(logo.closest('.gh-logo')).not.toBeNull();
    view.unmount();
    renderLogin();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows 'Powered by Gatehouse' only when bootstrap says so", async () => {
    renderLogin({}, createFakeClient({ bootstrap: { displayWatermark: true } }));
    expect(await screen.findByText('Powered by Gatehouse')).toBeTruthy();
    cleanup();
    renderLogin({}, createFakeClient({ bootstrap: { displayWatermark: false } }));
    await screen.findByLabelText('Email');
    expect(screen.queryByText('Powered by Gatehouse')).toBeNull();
  });

  it('takes the watermark flag from the fetched bootstrap when it differs from the cached one', async () => {
    const client = createFakeClient();
    client.bootstrap.get = async () => ({ ...client.bootstrap.getSync(), displayWatermark: true });
    renderLogin({}, client);
    expect(await screen.findByText('Powered by Gatehouse')).toBeTruthy();
  });

  it('uses overridden strings from the strings prop over config.strings', async () => {
    renderLogin({
      config: { strings: { mainHeader: 'From config', continueWithEmail: 'Email me a link' } },
      strings: { mainHeader: 'Welcome back' },
    });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Email me a link' })).toBeTruthy();
  });

  it('does not steal focus on first render', async () => {
    renderLogin();
    await screen.findByLabelText('Email');
    expect(document.activeElement).toBe(document.body);
  });

  it('survives a throwing onEvent callback', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const callbacks: Callbacks = {
      onEvent: () => {
        throw new Error('page bug');
      },
    };
    renderLogin({ callbacks });
    await submitEmail('ada@example.com');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('EmailConfirmation screen', () => {
  async function reachConfirmation(props: LoginProps = {}, client: FakeClient = createFakeClient()) {
    const rendered = renderLogin(props, client);
    const user = await submitEmail('ada@example.com');
    await screen.findByRole('heading', { name: 'Check your email' });
    return { ...rendered, user };
  }

  it("says 'An email was sent to {email}.' with the address as text", async () => {
    const { root } = await reachConfirmation();
    expect(root().querySelector('.gh-text')?.textContent).toBe('An email was sent to ada@example.com.');
    expect(root().querySelector('.gh-text strong')?.textContent).toBe('ada@example.com');
  });

  it('opens Gmail, Yahoo and Outlook in a new tab, searching by the domain hint', async () => {
    await reachConfirmation({ config: EML_CONFIG });
    const gmail = screen.getByRole('link', { name: /Open Gmail/ });
    const yahoo = screen.getByRole('link', { name: /Open Yahoo/ });
    const outlook = screen.getByRole('link', { name: /Open Outlook/ });
    expect(gmail.getAttribute('href')).toBe(
      'https://mail.google.com/mail/u/0/#search/from%3A%40mail.example.com+in%3Aanywhere',
    );
    expect(yahoo.getAttribute('href')).toBe(
      'https://mail.yahoo.com/d/search/keyword=from%253Amail.example.com',
    );
    expect(outlook.getAttribute('href')).toBe('https://outlook.live.com/mail/0/inbox');
    for (const link of [gmail, yahoo, outlook]) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('searches by the single bootstrap e-mail domain, and not when there are several', async () => {
    await reachConfirmation({}, createFakeClient({ bootstrap: { emailDomains: ['sender.example.org'] } }));
    expect(screen.getByRole('link', { name: /Open Gmail/ }).getAttribute('href')).toContain(
      'sender.example.org',
    );
    cleanup();
    await reachConfirmation(
      {},
      createFakeClient({ bootstrap: { emailDomains: ['a.example.org', 'b.example.org'] } }),
    );
    expect(screen.getByRole('link', { name: /Open Gmail/ }).getAttribute('href')).toBe(
      'https://mail.google.com/mail/u/0/',
    );
    expect(screen.getByRole('link', { name: /Open Yahoo/ }).getAttribute('href')).toBe(
      'https://mail.yahoo.com/',
    );
  });

  it('ignores a domain hint that is not a domain', async () => {
    await reachConfirmation({
      config: { emailMagicLinksOptions: { domainHint: 'evil.com/"><script>' } },
    });
    expect(screen.getByRole('link', { name: /Open Gmail/ }).getAttribute('href')).toBe(
      'https://mail.google.com/mail/u/0/',
    );
  });

  it("'Try again' logs email_try_again_clicked, clears the e-mail and returns to Main with focus on its heading", async () => {
    const { client, root, user } = await reachConfirmation();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(root().dataset.state).toBe('main');
    expect(client.calls.telemetry).toContainEqual({
      name: 'email_try_again_clicked',
      details: { email: 'ada@example.com', type: 'login_or_create_eml' },
    });
    const input = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(input.value).toBe('');
    const heading = screen.getByRole('heading', { name: 'Sign up or log in' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("resends the link with a success toast 'Email resent' and emits the event again", async () => {
    const client = createFakeClient();
    const onEvent = vi.fn();
    const { root, user } = await reachConfirmation({ config: EML_CONFIG, callbacks: { onEvent } }, client);
    const pending = deferred<unknown>();
    client.loginOrCreateImpl = () => pending.promise;
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(root().dataset.state).toBe('email-confirmation.resending');
    await act(async () => pending.resolve({ request_id: 'request-id-resend', status_code: 200 }));
    const toast = await screen.findByText('Email resent');
    expect(toast.closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('success');
    expect(toast.closest('[aria-live]')?.getAttribute('role')).toBe('status');
    expect(root().dataset.state).toBe('email-confirmation');
    expect(client.calls.loginOrCreate).toHaveLength(2);
    expect(client.calls.loginOrCreate[1]).toEqual(client.calls.loginOrCreate[0]);
    expect(onEvent).toHaveBeenCalledTimes(2);
    expect(onEvent).toHaveBeenLastCalledWith({
      type: 'MAGIC_LINK_LOGIN_OR_CREATE',
      data: { request_id: 'request-id-resend', status_code: 200 },
    });
  });

  it('shows an error toast when the resend fails and calls onError', async () => {
    const client = createFakeClient();
    const onError = vi.fn();
    const { root, user } = await reachConfirmation({ callbacks: { onError } }, client);
    const error = apiError({
      error_type: 'too_many_requests',
      error_message: 'Too many requests, slow down.',
    });
    client.loginOrCreateImpl = () => Promise.reject(error);
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    const toast = await screen.findByText('Too many requests, slow down.');
    expect(toast.closest('[data-toast-type]')?.getAttribute('data-toast-type')).toBe('error');
    expect(onError).toHaveBeenCalledWith(error);
    expect(root().dataset.state).toBe('email-confirmation');
  });

  it('keeps the toasts of two widgets apart', async () => {
    const first = createFakeClient();
    const second = createFakeClient();
    render(
      <>
        <div data-testid="first">
          <GatehouseProvider client={first}>
            <Login />
          </GatehouseProvider>
        </div>
        <div data-testid="second">
          <GatehouseProvider client={second}>
            <Login />
          </GatehouseProvider>
        </div>
      </>,
    );
    const user = userEvent.setup();
    const firstWidget = within(screen.getByTestId('first'));
    await user.type(await firstWidget.findByLabelText('Email'), 'ada@example.com');
    await user.click(firstWidget.getByRole('button', { name: 'Continue with email' }));
    await user.click(await firstWidget.findByRole('button', { name: 'Resend email' }));
    expect(await firstWidget.findByText('Email resent')).toBeTruthy();
    expect(within(screen.getByTestId('second')).queryByText('Email resent')).toBeNull();
  });
});
