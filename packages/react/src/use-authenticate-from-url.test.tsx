import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_STRINGS } from './error-strings';
import { GatehouseProvider } from './provider';
import { apiError, createFakeClient, type FakeClient } from './test-support/fake-client';
import { type UseAuthenticateFromUrlOptions, useAuthenticateFromUrl } from './use-authenticate-from-url';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function run(client: FakeClient, options: UseAuthenticateFromUrlOptions = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <GatehouseProvider client={client}>{children}</GatehouseProvider>
    </StrictMode>
  );
  return renderHook(() => useAuthenticateFromUrl(options), { wrapper });
}

describe('useAuthenticateFromUrl', () => {
  it('authenticates a login link from the page query once, with the default 30-minute session', async () => {
    window.history.replaceState(null, '', '/authenticate?stytch_token_type=magic_links&token=token-abc');
    const client = createFakeClient();
    const { result } = run(client);
    expect(result.current.status).toBe('authenticating');
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(client.calls.authenticate).toEqual([
      { token: 'token-abc', options: { session_duration_minutes: 30 } },
    ]);
  });

  it('uses sessionOptions.sessionDurationMinutes and an explicit query string', async () => {
    const client = createFakeClient();
    const { result } = run(client, {
      search: '?stytch_token_type=magic_links&token=t2',
      config: { sessionOptions: { sessionDurationMinutes: 120 } },
    });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(client.calls.authenticate).toEqual([{ token: 't2', options: { session_duration_minutes: 120 } }]);
  });

  it('says an expired or used link in the strings table\'s words (issue 22 finding 6: not "magic link")', async () => {
    const client = createFakeClient();
    client.authenticateImpl = () =>
      Promise.reject(
        apiError({
          error_type: 'unable_to_auth_magic_link',
          error_message: 'The magic link could not be authenticated. Send another magic link to this user.',
        }),
      );
    const { result } = run(client, { search: '?stytch_token_type=magic_links&token=old' });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe(ERROR_STRINGS.loginLinkUnusable);
  });

  it("surfaces the server's error_message for other refusals (SPEC §8)", async () => {
    const client = createFakeClient();
    client.authenticateImpl = () =>
      Promise.reject(apiError({ error_type: 'too_many_requests', error_message: 'Please wait a moment.' }));
    const { result } = run(client, { search: '?stytch_token_type=magic_links&token=old' });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Please wait a moment.');
  });

  it('does not call the server without a token or for another token type', async () => {
    const client = createFakeClient();
    const missing = run(client, { search: '?stytch_token_type=magic_links' });
    await waitFor(() => expect(missing.result.current.status).toBe('error'));
    expect(missing.result.current.error).toBe('This sign-in link is incomplete. Please request a new one.');
    const other = run(client, { search: '?stytch_token_type=reset_password&token=x' });
    await waitFor(() => expect(other.result.current.status).toBe('error'));
    expect(other.result.current.tokenType).toBe('reset_password');
    expect(client.calls.authenticate).toEqual([]);
    expect(client.calls.oauthAuthenticate).toEqual([]);
  });

  it('redeems an oauth token with oauth.authenticate (issue 11 item 4), once under StrictMode', async () => {
    const client = createFakeClient();
    const { result } = run(client, {
      search: '?stytch_token_type=oauth&token=oauth-token-1',
      config: { sessionOptions: { sessionDurationMinutes: 45 } },
    });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.tokenType).toBe('oauth');
    expect(client.calls.oauthAuthenticate).toEqual([
      { token: 'oauth-token-1', options: { session_duration_minutes: 45 } },
    ]);
    expect(client.calls.authenticate).toEqual([]);
  });

  it("reports the provider's error and error_description without calling the server", async () => {
    const client = createFakeClient();
    const denied = run(client, {
      search: '?stytch_token_type=oauth&error=access_denied&error_description=The+user+denied+consent.',
    });
    await waitFor(() => expect(denied.result.current.status).toBe('error'));
    expect(denied.result.current).toMatchObject({
      error: 'Sign-in was cancelled at the provider. Nothing was shared with this site.',
      detail: 'The user denied consent.',
    });
    const down = run(client, {
      search: `?error=temporarily_unavailable&error_description=${'x'.repeat(400)}`,
    });
    await waitFor(() => expect(down.result.current.status).toBe('error'));
    expect(down.result.current.error).toBe('The provider could not sign you in. Please try again.');
    expect(down.result.current.status === 'error' && down.result.current.detail).toBe(`${'x'.repeat(300)}…`);
    expect(client.calls.oauthAuthenticate).toEqual([]);
  });
});
