import { DEFAULT_STRINGS, GatehouseProvider, loadWidgetStrings } from '@gatehouse/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, type FakeClient } from '../test-support';
import { ResetPasswordPage } from './reset-password-page';

// App renders every page inside <GatehouseProvider>; so does this test (the widget needs it).
function renderAt(url: string, client: FakeClient = createFakeClient()) {
  window.history.replaceState(null, '', url);
  render(
    <GatehouseProvider client={client}>
      <ResetPasswordPage client={client} />
    </GatehouseProvider>,
  );
  return client;
}

function widget() {
  const container = document.getElementById('reset-password');
  if (container === null) throw new Error('no widget container');
  return container;
}

describe('ResetPasswordPage (issue 10 item 4)', () => {
  afterEach(cleanup);

  it('a reset link mounts the widget in reset mode with the token from the query', async () => {
    const client = renderAt('/reset-password?stytch_token_type=reset_password&token=reset-tok-1');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.resetPassword.heading);
    // Issue 22 finding 8: the widget's title is the visible heading; the page's h1 is for assistive technology.
    expect(screen.getByRole('heading', { level: 1 }).className).toBe('visually-hidden');
    expect(document.title).toBe(STRINGS.documentTitle.resetPassword);
    // SPEC §2 PasswordResetForm: 'Reset your password'.
    expect(await within(widget()).findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    // Not a login link: nothing is redeemed on arrival, and the page offers the way back.
    expect(client.authenticateCalls).toEqual([]);
    expect(screen.getByRole('link', { name: STRINGS.resetPassword.backToSignIn }).getAttribute('href')).toBe(
      '/',
    );
  });

  it("a login-type token shows 'Logging in' with a spinner and redeems the link once, with 30 minutes", async () => {
    const client = createFakeClient();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const signIn = client.authenticateImpl;
    client.authenticateImpl = async (token) => {
      await gate;
      return signIn(token);
    };
    renderAt('/reset-password?stytch_token_type=login&token=login-tok-1', client);

    // The reset screens load on demand (packages/react methods/passwords/screens.ts).
    expect(
      (await within(widget()).findByRole('heading', { name: DEFAULT_STRINGS.loggingIn })).textContent,
    ).toBe(DEFAULT_STRINGS.loggingIn);
    expect(widget().querySelector('[aria-busy="true"] .gh-spinner')).not.toBeNull();

    release();
    // Signed in: the widget says so and the page offers the account.
    await within(widget()).findByText(DEFAULT_STRINGS.loginSuccessText);
    const account = await screen.findByRole('link', { name: STRINGS.resetPassword.continueToAccount });
    expect(account.getAttribute('href')).toBe('/account');
    expect(client.authenticateCalls).toEqual([
      { token: 'login-tok-1', options: { session_duration_minutes: 30 } },
    ]);
    await userEvent.click(account);
    expect(window.location.pathname).toBe('/account');
  });

  it('a used login link says so in the widget, in plain words (issue 22 finding 6)', async () => {
    const client = createFakeClient();
    const message =
      'The magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.';
    client.authenticateImpl = async () => {
      throw apiError({ error_type: 'unable_to_auth_magic_link', error_message: message, status_code: 401 });
    };
    renderAt('/reset-password?stytch_token_type=login&token=used', client);
    // The widget's text (a lazy chunk of @gatehouse/react, loaded when the call starts).
    const { loginLinkUnusable } = await loadWidgetStrings('en');
    expect(loginLinkUnusable).toBeTypeOf('string');
    expect(await within(widget()).findByText(loginLinkUnusable as string)).toBeTruthy();
    expect(widget().textContent).not.toMatch(/magic link/i);
    expect(client.session.getSync()).toBeNull();
    expect(screen.queryByRole('link', { name: STRINGS.resetPassword.continueToAccount })).toBeNull();
  });

  it('a link without a token says so, mounts no widget and links back to sign in', async () => {
    const client = renderAt('/reset-password?stytch_token_type=reset_password');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.resetPassword.heading);
    expect(screen.getByRole('alert').textContent).toBe(STRINGS.resetPassword.missingToken);
    expect(document.getElementById('reset-password')).toBeNull();
    expect(client.authenticateCalls).toEqual([]);
    expect(client.passwordCalls).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: STRINGS.resetPassword.backToSignIn }));
    expect(window.location.pathname).toBe('/');
  });
});
