// The script tag's mount functions (issue 21 item 2): the npm package's checks at the call, a handle at once, the
// widget mounted when its module has loaded, unmount() before and after, `ready`, and a failed load reported and
// retried. Also once with the real widget module (./widget-entry.ts) loaded the way gatehouse.js loads it.
import { act, cleanup, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MountOptions } from '../mount';
import type { RenderedWidget } from '../mount-react';
import { createFakeClient } from '../test-support/fake-client';
import { createScriptTagMounts, type WidgetModule } from './mount-shim';

beforeEach(() => {
  document.body.innerHTML = '<div id="login"></div>';
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** A widget module whose load the test finishes (or fails) when it wants. */
function controlledWidget() {
  const handles: Array<{ options: MountOptions; unmount: ReturnType<typeof vi.fn> }> = [];
  const mountWith = (options: MountOptions): RenderedWidget => {
    const handle = { options, unmount: vi.fn() };
    handles.push(handle);
    return handle;
  };
  const widget: WidgetModule = {
    mountLogin: mountWith,
    mountResetPassword: mountWith,
    mountPasskeyRegistration: mountWith,
  };
  const loads: Array<{ resolve: (module: WidgetModule) => void; reject: (error: unknown) => void }> = [];
  const loadWidget = vi.fn(
    () =>
      new Promise<WidgetModule>((resolve, reject) => {
        loads.push({ resolve, reject });
      }),
  );
  return { widget, handles, loads, loadWidget };
}

describe('the script tag’s mount functions', () => {
  it('throw at the call exactly like the npm package, without loading the widget', () => {
    const { loadWidget } = controlledWidget();
    const mounts = createScriptTagMounts(loadWidget);
    const client = createFakeClient();
    expect(() => mounts.mountLogin({ client, elementId: '#missing' })).toThrow(
      "mountLogin: no element matches '#missing'. Add it to the page before mounting the widget.",
    );
    expect(() => mounts.mountLogin({ client, elementId: '#[' })).toThrow(
      "mountLogin: elementId '#[' is not a valid CSS selector.",
    );
    expect(() => mounts.mountLogin({ client, elementId: '' })).toThrow(/elementId must be a CSS selector/);
    expect(() =>
      mounts.mountLogin({ client: undefined as unknown as MountOptions['client'], elementId: '#login' }),
    ).toThrow('mountLogin: client is required (createClient() from @gatehouse/sdk).');
    expect(() =>
      mounts.mountResetPassword({
        client,
        elementId: '#login',
        passwordResetToken: 42 as unknown as string,
      }),
    ).toThrow('mountResetPassword: passwordResetToken must be a string.');
    expect(() => mounts.mountPasskeyRegistration({ client, elementId: '#missing' })).toThrow(
      /mountPasskeyRegistration: no element matches/,
    );
    expect(loadWidget).not.toHaveBeenCalled();
  });

  it('return a handle at once and mount with the options of the call once the module is there', async () => {
    const { widget, handles, loads, loadWidget } = controlledWidget();
    const mounts = createScriptTagMounts(loadWidget);
    const options = { client: createFakeClient(), elementId: '#login', config: { products: [] } };
    const first = mounts.mountLogin(options);
    const second = mounts.mountPasskeyRegistration({ client: options.client, elementId: '#login' });
    // The page changes its object after the call: the widget gets what was passed.
    options.elementId = '#elsewhere';
    expect(typeof first.unmount).toBe('function');
    expect(handles).toEqual([]);
    // One load for both.
    expect(loadWidget).toHaveBeenCalledTimes(1);
    loads[0]!.resolve(widget);
    await Promise.all([first.ready, second.ready]);
    expect(handles.map((handle) => handle.options.elementId)).toEqual(['#login', '#login']);
    expect(handles[0]!.options.config).toEqual({ products: [] });

    first.unmount();
    expect(handles[0]!.unmount).toHaveBeenCalledTimes(1);
    first.unmount();
    expect(handles[0]!.unmount).toHaveBeenCalledTimes(1);
    expect(handles[1]!.unmount).not.toHaveBeenCalled();
  });

  it('never mount a widget unmounted before its module loaded', async () => {
    const { widget, handles, loads, loadWidget } = controlledWidget();
    const mounts = createScriptTagMounts(loadWidget);
    const mounted = mounts.mountLogin({ client: createFakeClient(), elementId: '#login' });
    mounted.unmount();
    loads[0]!.resolve(widget);
    await expect(mounted.ready).resolves.toBeUndefined();
    expect(handles).toEqual([]);
  });

  it('reject `ready` and say so in the console when the module fails to load, and load again next time', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { widget, handles, loads, loadWidget } = controlledWidget();
    const mounts = createScriptTagMounts(loadWidget);
    const failed = mounts.mountLogin({ client: createFakeClient(), elementId: '#login' });
    const offline = new TypeError('Failed to fetch dynamically imported module');
    loads[0]!.reject(offline);
    await expect(failed.ready).rejects.toBe(offline);
    expect(errors).toHaveBeenCalledWith(
      'Gatehouse mountLogin: the widget could not be loaded or mounted.',
      offline,
    );

    const retried = mounts.mountLogin({ client: createFakeClient(), elementId: '#login' });
    expect(loadWidget).toHaveBeenCalledTimes(2);
    loads[1]!.resolve(widget);
    await retried.ready;
    expect(handles).toHaveLength(1);
  });

  it('mount the real widget module', async () => {
    const mounts = createScriptTagMounts(() => import('./widget-entry'));
    const mounted = mounts.mountLogin({ client: createFakeClient(), elementId: '#login' });
    await act(() => mounted.ready);
    const login = document.querySelector<HTMLElement>('#login')!;
    expect(await within(login).findByLabelText('Email')).toBeTruthy();
    act(() => mounted.unmount());
    expect(login.querySelector('[data-gatehouse-widget]')).toBeNull();
  });
});
