// Plain-page mounting (wire-format.md §7.1): elementId is a CSS selector; a missing element throws (SPEC §8);
// mounting again into the same element re-renders with the new props; everything refuses to run outside a
// browser (SPEC §2). The checks are in ./mount-checks.ts, which the script tag also runs before its widget loads.
//
// Issue 23 item 2: mountLogin() paints the login form at the call (./pre-paint.ts), and React's renderer
// (react-dom/client) is a dynamic import() the first mount starts, so on a first visit the form is on screen before
// react-dom has been compiled or run (./mount-react.tsx renders once it is there). Then every mount is synchronous,
// as before; until then a mount returns its handle at once and renders when the renderer arrives. `ready` says when.
import type { Callbacks } from './callbacks';
import type { WidgetClient } from './client-contract';
import type { LoginConfig } from './config';
import { checkMountTarget, checkPasswordResetToken } from './mount-checks';
import {
  hasReactDomClient,
  provideReactDomClient,
  type RenderedWidget,
  renderLogin,
  renderPasskeyRegistration,
  renderResetPassword,
} from './mount-react';
import { type PrePaint, prePaintLogin } from './pre-paint';
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
  /**
   * Resolves once the widget is rendered (at once when its code was already loaded) or was unmounted first; rejects
   * when its code could not be loaded (a later mount, or a submit on the painted form, asks for it again).
   */
  ready: Promise<void>;
}

let loading: Promise<void> | null = null;

/** Loads React's renderer, once per page; a failed load is asked for again by the next call. */
export function loadWidgetCode(): Promise<void> {
  if (hasReactDomClient()) return Promise.resolve();
  loading ??= import('react-dom/client').then(
    (module) => {
      loading = null;
      // react-dom/client is CommonJS: a bundler's namespace for it may hold the exports only under `default`
      // (esbuild's does when it bundles React, as bench/first-render.ts does).
      provideReactDomClient(typeof module.createRoot === 'function' ? module : module.default);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function mount(method: string, prePaint: PrePaint | null, render: () => RenderedWidget): MountedWidget {
  let rendered: RenderedWidget | null = null;
  let unmounted = false;
  const attempt = (): Promise<void> =>
    loadWidgetCode().then(() => {
      if (!unmounted && rendered === null) rendered = render();
    });
  if (hasReactDomClient()) rendered = render();
  const ready = attempt();
  // Said in the console even when the page never looks at `ready`, which then rejects without an "unhandled
  // rejection" on top. The painted form stays, and a submit on it asks for the renderer again.
  const report = (error: unknown) =>
    console.error(`Gatehouse ${method}: the widget failed to load or render.`, error);
  ready.catch(report);
  if (prePaint !== null) prePaint.onSubmit = () => attempt().catch(report);
  return {
    ready,
    unmount() {
      unmounted = true;
      if (rendered !== null) rendered.unmount();
      else prePaint?.remove();
      rendered = null;
    },
  };
}

export function mountLogin(options: MountOptions): MountedWidget {
  const element = checkMountTarget('mountLogin', options);
  const prePaint = hasReactDomClient() ? null : prePaintLogin(element, options);
  return mount('mountLogin', prePaint, () => renderLogin(element, options, prePaint));
}

export function mountResetPassword(options: MountResetPasswordOptions): MountedWidget {
  checkPasswordResetToken(options.passwordResetToken);
  const element = checkMountTarget('mountResetPassword', options);
  return mount('mountResetPassword', null, () => renderResetPassword(element, options));
}

export function mountPasskeyRegistration(options: MountOptions): MountedWidget {
  const element = checkMountTarget('mountPasskeyRegistration', options);
  return mount('mountPasskeyRegistration', null, () => renderPasskeyRegistration(element, options));
}
