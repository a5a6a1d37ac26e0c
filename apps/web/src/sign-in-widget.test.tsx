import { DEFAULT_STRINGS } from '@gatehouse/react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from './router';
import { SIGNED_IN_EVENTS, SignInWidget } from './sign-in-widget';
import { createFakeClient } from './test-support';
import { standardLoginConfig } from './widget-config';

/** SPEC §2's configuration error for passkeys alone (its text loads with the error, main/config-error.tsx). */
const PASSKEYS_ONLY = 'Error: Cannot use Passkeys by itself, please add another product to the config.';

// Spy on mountLogin to see which public API mounted the widget; it still does its real work.
vi.mock('@gatehouse/react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@gatehouse/react')>();
  return { ...actual, mountLogin: vi.fn(actual.mountLogin) };
});
const { mountLogin } = await import('@gatehouse/react');

const ORIGIN = 'http://localhost:3000';

function answering(status: number) {
  return vi.fn(async () => new Response('{}', { status })) as unknown as typeof fetch &
    ReturnType<typeof vi.fn>;
}

/** A fetch whose answer the test releases, to look at the pending state. */
function held() {
  let release!: (status: number) => void;
  const fetchImpl = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        release = (status) => resolve(new Response('{}', { status }));
      }),
  ) as unknown as typeof fetch;
  return { fetchImpl, release: (status: number) => release(status) };
}

function renderWidget(fetchImpl: typeof fetch, client = createFakeClient()) {
  return render(
    <div id="login">
      <SignInWidget client={client} origin={ORIGIN} fetchImpl={fetchImpl} />
    </div>,
  );
}

function shadowHost(): Element | null {
  return document.querySelector('#login [data-gatehouse-shadow-host]');
}

describe('SignInWidget', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    vi.mocked(mountLogin).mockClear();
  });
  afterEach(cleanup);

  it('renders <Login> with the standard configuration at once, without asking for dev tools', async () => {
    const fetchImpl = answering(200);
    renderWidget(fetchImpl);
    // The standard config has SMS and WhatsApp passcodes besides login links: the form shows three tabs
    // (SPEC §2 order Text, WhatsApp, Email); the e-mail tab holds the login-link form.
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      DEFAULT_STRINGS.tabText,
      DEFAULT_STRINGS.tabWhatsApp,
      DEFAULT_STRINGS.tabEmail,
    ]);
    await userEvent.click(screen.getByRole('tab', { name: DEFAULT_STRINGS.tabEmail }));
    expect(await screen.findByRole('textbox', { name: DEFAULT_STRINGS.emailLabel })).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(mountLogin).not.toHaveBeenCalled();
    expect(shadowHost()).toBeNull();
  });

  it('in development applies the query overrides (products, otp_methods)', async () => {
    window.history.replaceState(null, '', '/?products=emailMagicLinks,otp&otp_methods=email');
    const fetchImpl = answering(200);
    renderWidget(fetchImpl);
    // Login links with e-mail passcodes: SPEC §2's configuration error replaces the form.
    expect(await screen.findByText('Error: Cannot use both EML and Email OTP')).toBeTruthy();
    expect(fetchImpl).toHaveBeenCalledWith('/dev/project', expect.anything());
  });

  it('in development shadow=1 renders the widget in a shadow root', async () => {
    window.history.replaceState(null, '', '/?shadow=1');
    renderWidget(answering(200));
    await waitFor(() => expect(shadowHost()?.shadowRoot).toBeTruthy());
  });

  it('in production the overrides are ignored (standard config, component mount)', async () => {
    window.history.replaceState(null, '', '/?products=passkeys&shadow=1&mount=plain');
    const fetchImpl = answering(404);
    renderWidget(fetchImpl);
    expect(await screen.findByRole('tab', { name: DEFAULT_STRINGS.tabEmail })).toBeTruthy();
    expect(screen.queryByText(PASSKEYS_ONLY)).toBeNull();
    expect(shadowHost()).toBeNull();
    expect(mountLogin).not.toHaveBeenCalled();
  });

  it('renders nothing until the dev-tools answer decides on the overrides', async () => {
    window.history.replaceState(null, '', '/?products=passkeys');
    const { fetchImpl, release } = held();
    renderWidget(fetchImpl);
    await waitFor(() => expect(fetchImpl).toHaveBeenCalled());
    expect(document.getElementById('login')?.childElementCount).toBe(0);
    await act(async () => release(200));
    expect(await screen.findByText(PASSKEYS_ONLY)).toBeTruthy();
  });

  it('mount=plain mounts through mountLogin into #login and unmounts with the page', async () => {
    window.history.replaceState(null, '', '/?mount=plain');
    const client = createFakeClient();
    const { unmount } = renderWidget(answering(200), client);
    expect(await screen.findByRole('tab', { name: DEFAULT_STRINGS.tabEmail })).toBeTruthy();
    expect(mountLogin).toHaveBeenLastCalledWith({
      client,
      elementId: '#login',
      config: standardLoginConfig({ origin: ORIGIN }),
      callbacks: { onEvent: expect.any(Function) },
      // Issue 27 item 2: the app's locale goes to the widget.
      locale: 'en',
    });
    const login = document.getElementById('login');
    unmount();
    // The deferred unmount (a microtask) empties the element the plain mount rendered into.
    await waitFor(() => expect(login?.childElementCount).toBe(0));
  });

  it('goes on to /account after a sign-in event, not after a send (issue 22 finding 8)', async () => {
    window.history.replaceState(null, '', '/?mount=plain');
    renderWidget(answering(200));
    await screen.findByRole('tab', { name: DEFAULT_STRINGS.tabEmail });
    const onEvent = vi.mocked(mountLogin).mock.lastCall?.[0].callbacks?.onEvent;
    if (onEvent === undefined) throw new Error('expected an onEvent callback');
    act(() => onEvent({ type: 'MAGIC_LINK_LOGIN_OR_CREATE', data: {} }));
    act(() => onEvent({ type: 'OTP_LOGIN_OR_CREATE', data: {} }));
    expect(window.location.pathname).toBe('/');
    for (const type of SIGNED_IN_EVENTS) {
      act(() => navigate('/?mount=plain'));
      act(() => onEvent({ type, data: {} }));
      expect(window.location.pathname).toBe('/account');
    }
    expect([...SIGNED_IN_EVENTS].sort()).toEqual([
      'CRYPTO_WALLET_AUTHENTICATE',
      'OTP_AUTHENTICATE',
      'PASSKEY_AUTHENTICATE',
      'PASSWORD_AUTHENTICATE',
      'PASSWORD_CREATE',
    ]);
  });

  it('with stay=1 passes no callbacks: the confirmation screen stays', async () => {
    window.history.replaceState(null, '', '/?mount=plain&stay=1');
    renderWidget(answering(200));
    await screen.findByRole('tab', { name: DEFAULT_STRINGS.tabEmail });
    expect(vi.mocked(mountLogin).mock.lastCall?.[0].callbacks).toBeUndefined();
  });

  it('follows in-app navigation to a different query', async () => {
    window.history.replaceState(null, '', '/?products=passkeys');
    renderWidget(answering(200));
    expect(await screen.findByText(PASSKEYS_ONLY)).toBeTruthy();
    act(() => navigate('/'));
    expect(await screen.findByRole('tab', { name: DEFAULT_STRINGS.tabEmail })).toBeTruthy();
    expect(screen.queryByText(PASSKEYS_ONLY)).toBeNull();
  });
});
