// The script tag's mountLogin, mountResetPassword and mountPasskeyRegistration (issue 21 item 2). A page writes a
// classic <script src=".../gatehouse.js"> and calls them at once, but React and the widget are an ES module loaded
// later (a classic script cannot import statically, and only ES modules split into lazy chunks). So each call
// makes the widget's synchronous checks here — the same code as the npm package's mount (../mount-checks.ts): a
// missing element, a bad selector, a missing client or a call outside a browser throws at the call — returns its
// handle at once, and mounts when the widget module has loaded. `unmount()` works before and after that;
// `ready` settles when the widget is mounted (or was unmounted first), and rejects when it could not load.
import type { MountedWidget, MountOptions, MountResetPasswordOptions } from '../mount';
import { checkMountTarget, checkPasswordResetToken } from '../mount-checks';
import type { RenderedWidget } from '../mount-react';

/** What the widget module (./widget-entry.ts) exports: the npm package's own mount functions, synchronous. */
export interface WidgetModule {
  mountLogin(options: MountOptions): RenderedWidget;
  mountResetPassword(options: MountResetPasswordOptions): RenderedWidget;
  mountPasskeyRegistration(options: MountOptions): RenderedWidget;
}

/** The handle a script-tag mount returns: the npm package's (`ready` resolves once the widget is mounted). */
export type ScriptTagMountedWidget = MountedWidget;

export interface ScriptTagMounts {
  mountLogin(options: MountOptions): ScriptTagMountedWidget;
  mountResetPassword(options: MountResetPasswordOptions): ScriptTagMountedWidget;
  mountPasskeyRegistration(options: MountOptions): ScriptTagMountedWidget;
}

/**
 * The three mount functions over `loadWidget` (the dynamic import of the widget module). The module is asked for
 * once; a failed load is asked for again by the next mount (a network blip does not break the page for good).
 */
export function createScriptTagMounts(loadWidget: () => Promise<WidgetModule>): ScriptTagMounts {
  let loading: Promise<WidgetModule> | null = null;
  const load = (): Promise<WidgetModule> => {
    loading ??= loadWidget().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };

  function deferred<T extends MountOptions>(
    method: keyof WidgetModule,
    options: T,
    mountNow: (widget: WidgetModule, options: T) => RenderedWidget,
  ): ScriptTagMountedWidget {
    // The options as they are now: the npm package reads them at the call, so later changes to the object the page
    // passed must not reach the widget either.
    const snapshot = { ...options };
    let unmounted = false;
    let mounted: RenderedWidget | null = null;
    const ready = load().then((widget) => {
      if (!unmounted) mounted = mountNow(widget, snapshot);
    });
    // Said in the console even when the page never looks at `ready`, which then rejects without an "unhandled
    // rejection" on top (this handler counts as handling it; a page that awaits `ready` still sees the error).
    ready.catch((error: unknown) => {
      console.error(`Gatehouse ${method}: the widget could not be loaded or mounted.`, error);
    });
    return {
      ready,
      unmount() {
        unmounted = true;
        mounted?.unmount();
        mounted = null;
      },
    };
  }

  return {
    mountLogin(options) {
      checkMountTarget('mountLogin', options);
      return deferred('mountLogin', options, (widget, snapshot) => widget.mountLogin(snapshot));
    },
    mountResetPassword(options) {
      checkPasswordResetToken(options.passwordResetToken);
      checkMountTarget('mountResetPassword', options);
      return deferred('mountResetPassword', options, (widget, snapshot) =>
        widget.mountResetPassword(snapshot),
      );
    },
    mountPasskeyRegistration(options) {
      checkMountTarget('mountPasskeyRegistration', options);
      return deferred('mountPasskeyRegistration', options, (widget, snapshot) =>
        widget.mountPasskeyRegistration(snapshot),
      );
    },
  };
}
