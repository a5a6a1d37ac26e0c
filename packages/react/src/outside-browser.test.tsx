// @vitest-environment node
// SPEC §2 "The widget must run only in a browser"; SPEC §8: server-side use throws a clear error.
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Login } from './login';
import { mountLogin, mountPasskeyRegistration, mountResetPassword } from './mount';
import { GatehouseProvider } from './provider';
import { createScriptTagMounts } from './script-tag/mount-shim';
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

  it('refuses to mount through the script tag too, before its widget module is asked for', () => {
    const client = createFakeClient();
    const loadWidget = vi.fn(async () => import('./script-tag/widget-entry'));
    const mounts = createScriptTagMounts(loadWidget);
    expect(() => mounts.mountLogin({ client, elementId: '#login' })).toThrow(
      /mountLogin can only be used in a browser/,
    );
    expect(() => mounts.mountResetPassword({ client, elementId: '#login', passwordResetToken: 't' })).toThrow(
      /mountResetPassword can only be used in a browser/,
    );
    expect(() => mounts.mountPasskeyRegistration({ client, elementId: '#login' })).toThrow(
      /can only be used in a browser/,
    );
    expect(loadWidget).not.toHaveBeenCalled();
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
