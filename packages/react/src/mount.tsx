// Plain-page mounting (wire-format.md §7.1): elementId is a CSS selector; a missing element throws (SPEC §8);
// mounting again into the same element re-renders with the new props; everything refuses to run outside a
// browser (SPEC §2). The checks are in ./mount-checks.ts, which the script tag also runs before its widget loads.
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Callbacks } from './callbacks';
import type { WidgetClient } from './client-contract';
import type { LoginConfig } from './config';
import { loadLocaleTable, widgetLocale } from './locale';
import { Login } from './login';
import { checkMountTarget, checkPasswordResetToken } from './mount-checks';
import { PasskeyRegistration } from './passkey-registration';
import { GatehouseProvider } from './provider';
import { ResetPassword } from './reset-password';
import type { Strings } from './strings';
import type { StyleConfig } from './theme';

export interface MountOptions {
  /** The client from `createClient()` of @gatehouse/sdk. */
  client: WidgetClient;
  /** A CSS selector, passed to document.querySelector (e.g. '#login'). */
  elementId: string;
  config?: LoginConfig;
  styles?: StyleConfig;
  callbacks?: Callbacks;
  strings?: Partial<Strings>;
  /**
   * Issue 27 item 2: the language (BCP 47, e.g. 'fr', 'pt-BR', 'ar'). Without it, or when no shipped locale serves
   * it: the page's <html lang>, then the browser's languages, then English. `strings` overrides still win per key.
   */
  locale?: string;
}

export interface MountResetPasswordOptions extends MountOptions {
  passwordResetToken: string;
}

export interface MountedWidget {
  unmount(): void;
}

const roots = new WeakMap<Element, Root>();
/** The tree each root was last asked to render: an earlier mount's queued render gives way to a later one. */
const latestTrees = new WeakMap<Root, ReactNode>();

function mount(method: string, options: MountOptions, widget: ReactNode): MountedWidget {
  const element = checkMountTarget(method, options);
  let root = roots.get(element);
  if (root === undefined) {
    root = createRoot(element);
    roots.set(element, root);
  }
  const mounted = root;
  // Issue 27 item 2: a locale's chunk starts loading in the caller's task, beside React's first render, so the
  // widget (shown once it is there: widget-root.tsx) waits as little as it can.
  void loadLocaleTable(widgetLocale(options.locale));
  const tree = <GatehouseProvider client={options.client}>{widget}</GatehouseProvider>;
  latestTrees.set(mounted, tree);
  mounted.render(tree);
  // Issue 23 item 2: the form is in the document before the browser's next frame. root.render() only schedules the
  // render for a later task, and whatever the page queued meanwhile (the bootstrap answer, its own scripts) went
  // first (bench/first-render.ts); the same tree rendered again with flushSync renders it at the end of the caller's
  // task instead. Not in the call: a React app that mounts from an effect is inside React's commit, where flushSync
  // cannot render. Rendering the same element twice costs nothing (React bails out).
  queueMicrotask(() => {
    if (roots.get(element) !== mounted || latestTrees.get(mounted) !== tree) return;
    flushSync(() => mounted.render(tree));
  });
  return {
    unmount() {
      if (roots.get(element) !== mounted) return;
      roots.delete(element);
      mounted.unmount();
    },
  };
}

export function mountLogin(options: MountOptions): MountedWidget {
  const { config, styles, callbacks, strings, locale } = options;
  return mount(
    'mountLogin',
    options,
    <Login config={config} styles={styles} callbacks={callbacks} strings={strings} locale={locale} />,
  );
}

export function mountResetPassword(options: MountResetPasswordOptions): MountedWidget {
  const { config, styles, callbacks, strings, locale, passwordResetToken } = options;
  checkPasswordResetToken(passwordResetToken);
  return mount(
    'mountResetPassword',
    options,
    <ResetPassword
      passwordResetToken={passwordResetToken}
      config={config}
      styles={styles}
      callbacks={callbacks}
      strings={strings}
      locale={locale}
    />,
  );
}

export function mountPasskeyRegistration(options: MountOptions): MountedWidget {
  const { config, styles, callbacks, strings, locale } = options;
  return mount(
    'mountPasskeyRegistration',
    options,
    <PasskeyRegistration
      config={config}
      styles={styles}
      callbacks={callbacks}
      strings={strings}
      locale={locale}
    />,
  );
}
