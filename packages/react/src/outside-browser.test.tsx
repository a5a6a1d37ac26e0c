// @vitest-environment node
// SPEC §2 "The widget must run only in a browser"; SPEC §8: server-side use throws a clear error.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Login } from './login';
import { mountLogin, mountPasskeyRegistration, mountResetPassword } from './mount';
import { GatehouseProvider } from './provider';
import { createFakeClient } from './test-support/fake-client';

describe('outside a browser', () => {
  it('has no window or document here', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('refuses to mount', () => {
    const client = createFakeClient();
    expect(() => mountLogin({ client, elementId: '#login' })).toThrow(
      /mountLogin can only be used in a browser/,
    );
    expect(() => mountResetPassword({ client, elementId: '#login', passwordResetToken: 't' })).toThrow(
      /can only be used in a browser/,
    );
    expect(() => mountPasskeyRegistration({ client, elementId: '#login' })).toThrow(
      /can only be used in a browser/,
    );
  });

  it('refuses to render on the server', () => {
    expect(() =>
      renderToString(
        <GatehouseProvider client={createFakeClient()}>
          <Login />
        </GatehouseProvider>,
      ),
    ).toThrow(/GatehouseProvider can only be used in a browser/);
  });
});
