import { DEFAULT_STRINGS, GatehouseProvider, loadWidgetStrings } from '@gatehouse/react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { apiError, createFakeClient, type FakeClient } from '../test-support';
import { AuthenticatePage } from './authenticate-page';

function renderAt(url: string, client: FakeClient = createFakeClient()) {
  window.history.replaceState(null, '', url);
  render(
    <GatehouseProvider client={client}>
      <AuthenticatePage />
    </GatehouseProvider>,
  );
  return client;
}

/** Resolvable by the test, to look at the 'Logging in' state. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('AuthenticatePage', () => {
  afterEach(cleanup);

  it("shows 'Logging in' while the link is redeemed, then goes to /account replacing this entry", async () => {
    const client = createFakeClient();
    const gate = deferred();
    const signIn = client.authenticateImpl;
    client.authenticateImpl = async (token) => {
      await gate.promise;
      return signIn(token);
    };
    window.history.replaceState(null, '', '/');
    window.history.pushState(null, '', '/elsewhere');
    const lengthBefore = window.history.length;
    renderAt('/authenticate?stytch_token_type=magic_links&token=tok-123', client);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.authenticate.heading);
    expect(screen.getByRole('status').textContent).toBe(DEFAULT_STRINGS.loggingIn);
    expect(document.title).toBe(STRINGS.documentTitle.authenticate);

    gate.resolve();
    await screen.findByText(DEFAULT_STRINGS.loginSuccessText);
    await new Promise<void>((resolve) => {
      if (window.location.pathname === '/account') resolve();
      else window.addEventListener('popstate', () => resolve(), { once: true });
    });
    expect(window.location.pathname).toBe('/account');
    expect(window.history.length).toBe(lengthBefore);
    // One request with the app's session length (SPEC §9: 30 minutes).
    expect(client.authenticateCalls).toEqual([
      { token: 'tok-123', options: { session_duration_minutes: 30 } },
    ]);
  });

  it('an expired or used link says so in plain words (not the server\'s "magic link") and links back to sign in', async () => {
    const client = createFakeClient();
    const message =
      'The magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.';
    client.authenticateImpl = async () => {
      throw apiError({ error_type: 'unable_to_auth_magic_link', error_message: message, status_code: 401 });
    };
    renderAt('/authenticate?stytch_token_type=magic_links&token=used', client);

    // Issue 22 finding 6: the strings table's text for unable_to_auth_magic_link.
    expect((await screen.findByRole('alert')).textContent).toBe(
      (await loadWidgetStrings('en')).loginLinkUnusable,
    );
    expect(document.body.textContent).not.toMatch(/magic link/i);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.authenticate.failedHeading);
    expect(window.location.pathname).toBe('/authenticate');
    expect(client.session.getSync()).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: STRINGS.authenticate.backToSignIn }));
    expect(window.location.pathname).toBe('/');
  });

  it('a link without a token is refused without a request', async () => {
    const client = renderAt('/authenticate?stytch_token_type=magic_links');
    expect((await screen.findByRole('alert')).textContent).toBe(DEFAULT_STRINGS.missingToken);
    expect(client.authenticateCalls).toEqual([]);
  });

  it('an unsupported token type is refused without a request', async () => {
    const client = renderAt('/authenticate?stytch_token_type=carrier_pigeon&token=abc');
    expect((await screen.findByRole('alert')).textContent).toBe(DEFAULT_STRINGS.unsupportedTokenType);
    expect(client.authenticateCalls).toEqual([]);
  });

  it('an oauth token is redeemed with oauth.authenticate and lands on /account (issue 11 item 4)', async () => {
    const client = renderAt('/authenticate?stytch_token_type=oauth&token=oauth-tok-1');
    await screen.findByText(DEFAULT_STRINGS.loginSuccessText);
    expect(client.oauthAuthenticateCalls).toEqual([
      { token: 'oauth-tok-1', options: { session_duration_minutes: 30 } },
    ]);
    expect(client.authenticateCalls).toEqual([]);
    expect(client.session.getSync()).not.toBeNull();
  });

  it("a refused oauth token shows the server's error_message under the social sign-in heading", async () => {
    const client = createFakeClient();
    client.oauthAuthenticateImpl = async () => {
      throw apiError({ error_type: 'invalid_id_token', error_message: 'The sign-in could not be verified.' });
    };
    renderAt('/authenticate?stytch_token_type=oauth&token=bad', client);
    expect((await screen.findByRole('alert')).textContent).toBe('The sign-in could not be verified.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      STRINGS.authenticate.oauthFailedHeading,
    );
  });

  it('a PKCE refusal reads as plain words, not "code_verifier" (issue 22 finding 6)', async () => {
    const client = createFakeClient();
    client.oauthAuthenticateImpl = async () => {
      throw apiError({
        error_type: 'pkce_mismatch',
        error_message: 'The code_verifier does not match the code_challenge (pkce) of this OAuth login.',
      });
    };
    renderAt('/authenticate?stytch_token_type=oauth&token=bad', client);
    expect((await screen.findByRole('alert')).textContent).toBe(
      (await loadWidgetStrings('en')).startedInOtherBrowser,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      STRINGS.authenticate.oauthFailedHeading,
    );
  });

  it('shows the error and error_description the server appended after a failed provider round trip', async () => {
    const client = renderAt(
      '/authenticate?stytch_token_type=oauth&error=access_denied&error_description=The+user+denied+access.',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(DEFAULT_STRINGS.oauthAccessDenied);
    expect(screen.getByTestId('authenticate-error-detail').textContent).toBe(
      `${STRINGS.authenticate.providerDetail} The user denied access.`,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      STRINGS.authenticate.oauthFailedHeading,
    );
    expect(client.oauthAuthenticateCalls).toEqual([]);
  });

  it('an appended description is text, never markup', async () => {
    renderAt('/authenticate?error=server_error&error_description=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E');
    expect((await screen.findByTestId('authenticate-error-detail')).textContent).toContain(
      '<img src=x onerror=alert(1)>',
    );
    expect(document.querySelector('img')).toBeNull();
  });
});
