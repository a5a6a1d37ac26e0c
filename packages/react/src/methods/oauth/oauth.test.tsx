// Issue 11 items 2 and 4, widget side: SPEC §2 social buttons ('Continue with {provider}', logos, configured order,
// their place above the 'or' divider), the start options of wire-format.md §7.2, and Google One Tap (SPEC §2, §4,
// §8, §9: embedded or floating, spinner, 47px and the 100 ms resize debounce, submit, fallback, test-mode messages).
// Google's GSI script is an outside service: a stand-in `google.accounts.id` plays it here (E2E loads a stand-in
// script from loopback).
import { OAUTH_PROVIDERS } from '@gatehouse/protocol';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OneTapStartResult } from '../../client-contract';
import type { LoginConfig, OAuthProviderOptions } from '../../config';
import { Login } from '../../login';
import { GatehouseProvider } from '../../provider';
import { apiError, createFakeClient, deferred, type FakeClient } from '../../test-support/fake-client';
import type { GoogleIdConfiguration, PromptNotification } from './google-identity';

const SLOW = { timeout: 20_000 };
const REDIRECTS = {
  loginRedirectURL: 'https://app.example/authenticate?from=login',
  signupRedirectURL: 'https://app.example/authenticate?from=signup',
};

beforeAll(async () => {
  // The first load of the lazy chunk can be slow on a busy machine.
  await import('./oauth-section');
}, 60_000);

type GoogleWindow = { google?: unknown };

afterEach(() => {
  cleanup();
  delete (window as GoogleWindow).google;
  vi.restoreAllMocks();
});

/** A stand-in for Google's GSI script: records initialize/prompt and lets the test play Google's part. */
function installGoogle() {
  let configuration: GoogleIdConfiguration | null = null;
  let listener: ((notification: PromptNotification) => void) | null = null;
  const id = {
    initialize: vi.fn((value: GoogleIdConfiguration) => {
      configuration = value;
    }),
    prompt: vi.fn((value?: (notification: PromptNotification) => void) => {
      listener = value ?? null;
    }),
    cancel: vi.fn(),
  };
  (window as GoogleWindow).google = { accounts: { id } };
  return {
    id,
    configuration: () => configuration,
    /** Google hands the page a credential (the user picked an account). */
    credential: (credential: string) => act(() => configuration?.callback({ credential })),
    notify: (notification: PromptNotification) => act(() => listener?.(notification)),
  };
}

function renderLogin(config: LoginConfig, client: FakeClient = createFakeClient()) {
  const onError = vi.fn();
  const view = render(
    <GatehouseProvider client={client}>
      <Login config={config} callbacks={{ onError }} />
    </GatehouseProvider>,
  );
  return { client, onError, view, user: userEvent.setup({ delay: null }) };
}

const oauthConfig = (providers: OAuthProviderOptions[], products: LoginConfig['products'] = ['oauth']) => ({
  products,
  oauthOptions: { ...REDIRECTS, providers },
});

const oneTapConfig = (position?: OAuthProviderOptions['position']) =>
  oauthConfig(
    [{ type: 'google', one_tap: true, ...(position ? { position } : {}) }, { type: 'github' }],
    ['oauth', 'emailMagicLinks'],
  );

describe('social buttons (SPEC §2)', () => {
  it("shows 'Continue with {provider}' for all 19 providers in the configured order, each with its logo", async () => {
    const order = [...OAUTH_PROVIDERS].reverse();
    const { view } = renderLogin(oauthConfig(order.map((type) => ({ type }))));
    await screen.findByRole('button', { name: 'Continue with Yahoo' }, SLOW);
    const buttons = view.container.querySelectorAll<HTMLButtonElement>('button[data-provider]');
    expect([...buttons].map((button) => button.dataset.provider)).toEqual(order);
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with LinkedIn' })).toBeTruthy();
    for (const button of buttons) {
      const logo = button.querySelector('svg');
      expect(logo?.getAttribute('aria-hidden')).toBe('true');
      expect(logo?.dataset.providerLogo).toBe(button.dataset.provider);
      expect(logo?.children.length).toBeGreaterThan(0);
    }
  });

  it('leaves out unknown provider types and repeats', async () => {
    const { view } = renderLogin(
      oauthConfig([{ type: 'github' }, { type: 'myspace' as never }, { type: 'github' }, { type: 'slack' }]),
    );
    await screen.findByRole('button', { name: 'Continue with Slack' }, SLOW);
    const buttons = view.container.querySelectorAll<HTMLButtonElement>('button[data-provider]');
    expect([...buttons].map((button) => button.dataset.provider)).toEqual(['github', 'slack']);
  });

  it("sits above the 'or' divider and the e-mail form (SPEC §2 fixed order)", async () => {
    const { view } = renderLogin(oauthConfig([{ type: 'google' }], ['emailMagicLinks', 'oauth']));
    await screen.findByRole('button', { name: 'Continue with Google' }, SLOW);
    const sections = [...view.container.querySelectorAll<HTMLElement>('[data-section]')].map(
      (element) => element.dataset.section,
    );
    expect(sections.slice(0, 3)).toEqual(['oauth', 'divider', 'email-magic-links']);
    expect(view.container.querySelector('[data-section="divider"]')?.textContent).toBe('or');
  });

  it('shows no divider when social sign-in is the only method', async () => {
    const { view } = renderLogin(oauthConfig([{ type: 'google' }]));
    await screen.findByRole('button', { name: 'Continue with Google' }, SLOW);
    expect(view.container.querySelector('[data-section="divider"]')).toBeNull();
  });

  it("starts the flow with oauthOptions' redirect URLs and the entry's custom_scopes and provider_params", async () => {
    const { client, user } = renderLogin(
      oauthConfig([
        { type: 'google', custom_scopes: ['https://www.googleapis.com/auth/drive.readonly'] },
        { type: 'microsoft', provider_params: { prompt: 'select_account' } },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Continue with Microsoft' }, SLOW));
    expect(client.calls.oauthStart).toEqual([
      {
        provider: 'microsoft',
        options: {
          login_redirect_url: REDIRECTS.loginRedirectURL,
          signup_redirect_url: REDIRECTS.signupRedirectURL,
          provider_params: { prompt: 'select_account' },
        },
      },
    ]);
    // The page is navigating away: no second start.
    expect(
      (screen.getByRole('button', { name: 'Continue with Microsoft' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(client.calls.oauthStart[1]).toEqual({
      provider: 'google',
      options: {
        login_redirect_url: REDIRECTS.loginRedirectURL,
        signup_redirect_url: REDIRECTS.signupRedirectURL,
        custom_scopes: ['https://www.googleapis.com/auth/drive.readonly'],
      },
    });
  });

  it('sends no redirect URL the config leaves out', async () => {
    const { client, user } = renderLogin({
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'figma' }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue with Figma' }, SLOW));
    expect(client.calls.oauthStart).toEqual([{ provider: 'figma', options: {} }]);
  });

  it('a start that fails shows the error in the banner, reports it and re-enables the button', async () => {
    const client = createFakeClient();
    const error = new Error('Invalid call to oauth.github.start\ncustom_scopes must be an array of strings.');
    client.oauthStartImpl = () => Promise.reject(error);
    const { user, onError } = renderLogin(oauthConfig([{ type: 'github' }]), client);
    const button = await screen.findByRole('button', { name: 'Continue with GitHub' }, SLOW);
    await user.click(button);
    expect(await screen.findByText(/custom_scopes must be an array of strings/)).toBeTruthy();
    expect(onError).toHaveBeenCalledWith(error);
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Google One Tap (SPEC §2, §4, §8, §9)', () => {
  it('embedded: spinner while loading, then Google prompts inside the widget; a credential is submitted', async () => {
    const google = installGoogle();
    const client = createFakeClient();
    const start = deferred<OneTapStartResult>();
    client.oneTapStartImpl = () => start.promise;
    const { view } = renderLogin(oneTapConfig(), client);
    const region = await waitFor(() => {
      const element = view.container.querySelector<HTMLElement>('[data-one-tap-position]');
      if (element === null) throw new Error('no One Tap yet');
      return element;
    }, SLOW);
    expect(region.dataset.oneTapPosition).toBe('embedded');
    expect(within(region).getByRole('status').textContent).toContain('Loading Google One Tap…');
    expect(region.querySelector('.gh-spinner')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    // The other providers keep their buttons.
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();

    start.resolve({
      google_client_id: 'client-1.apps.googleusercontent.com',
      csrf_token: 'csrf-1',
      oauth_callback_id: 'callback-1',
      nonce: 'nonce-1',
    });
    await waitFor(() => expect(region.dataset.oneTapState).toBe('prompted'));
    expect(within(region).queryByRole('status')).toBeNull();
    const container = region.querySelector<HTMLElement>('[data-one-tap-container]');
    expect(container?.style.height).toBe('47px');
    expect(google.configuration()).toMatchObject({
      client_id: 'client-1.apps.googleusercontent.com',
      nonce: 'nonce-1',
      prompt_parent_id: container?.id,
    });
    expect(document.getElementById(container?.id ?? '')).toBe(container);
    expect(google.id.prompt).toHaveBeenCalledTimes(1);

    await google.credential('google-id-token');
    expect(client.calls.oneTapSubmit).toEqual([
      {
        id_token: 'google-id-token',
        csrf_token: 'csrf-1',
        oauth_callback_id: 'callback-1',
        login_redirect_url: REDIRECTS.loginRedirectURL,
        signup_redirect_url: REDIRECTS.signupRedirectURL,
      },
    ]);
    expect(client.calls.oneTapStart).toBeGreaterThanOrEqual(1);
  });

  it('floating: Google floats the prompt (no parent in the widget)', async () => {
    const google = installGoogle();
    const { view } = renderLogin(oneTapConfig('floating'));
    await waitFor(() => expect(google.id.prompt).toHaveBeenCalled(), SLOW);
    expect(google.configuration()).not.toHaveProperty('prompt_parent_id');
    expect(
      view.container.querySelector('[data-one-tap-position]')?.getAttribute('data-one-tap-position'),
    ).toBe('floating');
    expect(view.container.querySelector('[data-one-tap-container]')).toBeNull();
  });

  it("follows the height of Google's frame, re-measured on resize debounced by 100 ms", async () => {
    installGoogle();
    const { view } = renderLogin(oneTapConfig('embedded'));
    const container = await waitFor(() => {
      const element = view.container.querySelector<HTMLElement>(
        '[data-one-tap-state="prompted"] [data-one-tap-container]',
      );
      if (element === null) throw new Error('not prompted yet');
      return element;
    }, SLOW);
    // The prompted state's effects first (its MutationObserver): on a loaded machine React had not run them yet
    // when the container was found, so the frame appended below went unseen (a clean-clone CI run, 2026-12-07).
    await act(async () => {});
    vi.useFakeTimers();
    try {
      const frame = document.createElement('iframe');
      let frameHeight = 180;
      Object.defineProperty(frame, 'offsetHeight', { get: () => frameHeight });
      container.append(frame);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(99);
      });
      expect(container.style.height).toBe('47px');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(container.style.height).toBe('180px');

      frameHeight = 240;
      await act(async () => {
        window.dispatchEvent(new Event('resize'));
        await vi.advanceTimersByTimeAsync(60);
        window.dispatchEvent(new Event('resize'));
        await vi.advanceTimersByTimeAsync(60);
      });
      // 120 ms after the first resize but only 60 ms after the last one: not measured yet.
      expect(container.style.height).toBe('180px');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(40);
      });
      expect(container.style.height).toBe('240px');
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back to the plain Google button when the GSI script fails to load (console only)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createFakeClient();
    client.oneTapStartImpl = async () => ({
      google_client_id: 'client-1',
      csrf_token: 'csrf-1',
      oauth_callback_id: 'callback-1',
      // Nothing listens there (and happy-dom loads no scripts): the load fails.
      google_script_url: 'http://127.0.0.1:9/gsi/client',
    });
    const { user } = renderLogin(oneTapConfig(), client);
    const button = await screen.findByRole('button', { name: 'Continue with Google' }, SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
    expect(document.head.querySelector('script[src="http://127.0.0.1:9/gsi/client"]')).toBeNull();
    await user.click(button);
    expect(client.calls.oauthStart).toEqual([
      {
        provider: 'google',
        options: {
          login_redirect_url: REDIRECTS.loginRedirectURL,
          signup_redirect_url: REDIRECTS.signupRedirectURL,
        },
      },
    ]);
  });

  it('test-mode token: a refused start shows the SPEC §8 text above the fallback button', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createFakeClient();
    client.oneTapStartImpl = () =>
      Promise.reject(apiError({ error_type: 'oauth_config_not_found', error_message: 'No Google client.' }));
    renderLogin(oneTapConfig(), client);
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(
      'One Tap cannot render because no Google OAuth client is configured for this project.',
    );
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('live token: the same failure goes to the console only', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fake = createFakeClient();
    // The fake's methods call through `fake`, so its answer is set there; the copy differs in the token only.
    fake.oneTapStartImpl = () =>
      Promise.reject(apiError({ error_type: 'oauth_config_not_found', error_message: 'No Google client.' }));
    const client = { ...fake, publicToken: 'public-token-live-1234' } as FakeClient;
    renderLogin(oneTapConfig(), client);
    await screen.findByRole('button', { name: 'Continue with Google' }, SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(
      expect.any(String),
      'oauth_config_not_found',
      expect.anything(),
    );
  });

  it('an empty google_client_id means no configured client (wire-format.md §8)', async () => {
    const client = createFakeClient();
    client.oneTapStartImpl = async () => ({ google_client_id: '', csrf_token: '', oauth_callback_id: '' });
    renderLogin(oneTapConfig(), client);
    expect((await screen.findByRole('alert', {}, SLOW)).dataset.oneTapError).toBe('oauth_config_not_found');
  });

  it("Google's 'unregistered_origin' shows the origin text; a skipped prompt falls back silently", async () => {
    const google = installGoogle();
    const first = renderLogin(oneTapConfig());
    await waitFor(() => expect(google.id.prompt).toHaveBeenCalled(), SLOW);
    await google.notify({ isNotDisplayed: () => true, getNotDisplayedReason: () => 'unregistered_origin' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'One Tap cannot render because the current host is not allowed for this project',
    );
    expect(google.id.cancel).toHaveBeenCalled();
    first.view.unmount();

    vi.spyOn(console, 'error').mockImplementation(() => {});
    const again = installGoogle();
    renderLogin(oneTapConfig());
    await waitFor(() => expect(again.id.prompt).toHaveBeenCalled(), SLOW);
    await again.notify({ isSkippedMoment: () => true, getSkippedReason: () => 'user_cancel' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a submit refused for a missing redirect URL shows that text and the fallback button', async () => {
    const google = installGoogle();
    const client = createFakeClient();
    client.oneTapSubmitImpl = () =>
      Promise.reject(apiError({ error_type: 'no_login_redirect_urls_set', error_message: 'No login URL.' }));
    renderLogin(oneTapConfig(), client);
    await waitFor(() => expect(google.id.prompt).toHaveBeenCalled(), SLOW);
    await google.credential('google-id-token');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'One Tap needs a login redirect URL. Set one for the project.',
    );
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });
});
