// The React half of plain-page mounting (wire-format.md §7.1): ./mount.ts makes the synchronous checks, pre-paints
// the login form and loads react-dom/client by dynamic import() before calling in here, so React's renderer (most
// of react-dom: ~170 KB minified) is not compiled and run before the first paint (issue 23 item 2). Only that module
// waits: the widget's own code is small and loads with the page, so the first load stays one request. The script
// tag's widget module (script-tag/widget-entry.ts) imports react-dom/client itself and uses the mount* functions
// here directly: its shim already loads it on the first mount. Mounting again into the same element re-renders
// with the new props.
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { loadLocaleTable, widgetLocale } from './locale';
import { Login } from './login';
import type { MountOptions, MountResetPasswordOptions } from './mount';
import { checkMountTarget, checkPasswordResetToken } from './mount-checks';
import { PasskeyRegistration } from './passkey-registration';
import type { CarriedInput, PrePaint } from './pre-paint';
import { PrePaintCarryContext } from './pre-paint-carry';
import { GatehouseProvider } from './provider';
import { ResetPassword } from './reset-password';

/** A mounted widget, as this module returns it (./mount.ts adds `ready`). */
export interface RenderedWidget {
  unmount(): void;
}

type ReactDomClient = typeof import('react-dom/client');

let reactDomClient: ReactDomClient | null = null;

/** Hands over react-dom/client, once it is loaded (./mount.ts, script-tag/widget-entry.ts); tests pass null. */
export function provideReactDomClient(module: ReactDomClient | null): void {
  reactDomClient = module;
}

export function hasReactDomClient(): boolean {
  return reactDomClient !== null;
}

const roots = new WeakMap<Element, Root>();
/** The tree each root was last asked to render: an earlier mount's queued render gives way to a later one. */
const latestTrees = new WeakMap<Root, ReactNode>();

function render(element: Element, options: MountOptions, widget: ReactNode, prePaint: PrePaint | null) {
  let root = roots.get(element);
  if (root === undefined) {
    // ./mount.ts and the script tag's widget-entry.ts call in here only once it was provided.
    root = (reactDomClient as ReactDomClient).createRoot(element);
    roots.set(element, root);
  }
  const mounted = root;
  // Issue 27 item 2: a locale's chunk starts loading in the caller's task, beside React's first render, so the
  // widget (shown once it is there: widget-root.tsx) waits as little as it can.
  void loadLocaleTable(widgetLocale(options.locale));
  const carried = prePaint?.take() ?? null;
  const tree = (
    <GatehouseProvider client={options.client}>
      <PrePaintCarryContext.Provider value={carried}>{widget}</PrePaintCarryContext.Provider>
    </GatehouseProvider>
  );
  latestTrees.set(mounted, tree);
  if (carried !== null) {
    // Replacing a pre-paint (./pre-paint.ts): React's first commit clears the element and puts its own nodes in, in
    // this task (./mount.ts calls this from a promise callback, never inside React's own commit), so no frame goes
    // by without the form; then the focus and a submit made meanwhile move to React's form.
    flushSync(() => mounted.render(tree));
    restoreInput(element, carried);
  } else {
    mounted.render(tree);
    // Issue 23 item 2: the form is in the document before the browser's next frame. root.render() only schedules
    // the render for a later task, and whatever the page queued meanwhile (the bootstrap answer, its own scripts)
    // went first (bench/first-render.ts); the same tree rendered again with flushSync renders it at the end of the
    // caller's task instead. Not in the call: a React app that mounts from an effect is inside React's commit, where
    // flushSync cannot render. Rendering the same element twice costs nothing (React bails out).
    queueMicrotask(() => {
      if (roots.get(element) !== mounted || latestTrees.get(mounted) !== tree) return;
      flushSync(() => mounted.render(tree));
    });
  }
  return {
    unmount() {
      if (roots.get(element) !== mounted) return;
      roots.delete(element);
      mounted.unmount();
    },
  };
}

function restoreInput(element: Element, carried: CarriedInput): void {
  const input = element.querySelector<HTMLInputElement>('input[name="email"]');
  if (input === null) return;
  if (carried.focused) input.focus();
  if (carried.submitted) input.form?.requestSubmit();
}

/** The props every widget takes from a mount's options. */
function widgetProps({ config, styles, callbacks, strings, locale }: MountOptions) {
  return { config, styles, callbacks, strings, locale };
}

export function renderLogin(
  element: Element,
  options: MountOptions,
  prePaint: PrePaint | null,
): RenderedWidget {
  return render(element, options, <Login {...widgetProps(options)} />, prePaint);
}

export function renderResetPassword(element: Element, options: MountResetPasswordOptions): RenderedWidget {
  const widget = <ResetPassword passwordResetToken={options.passwordResetToken} {...widgetProps(options)} />;
  return render(element, options, widget, null);
}

export function renderPasskeyRegistration(element: Element, options: MountOptions): RenderedWidget {
  return render(element, options, <PasskeyRegistration {...widgetProps(options)} />, null);
}

// The script tag's widget module: the same checks as ./mount.ts, then a synchronous mount.
export function mountLogin(options: MountOptions): RenderedWidget {
  return renderLogin(checkMountTarget('mountLogin', options), options, null);
}

export function mountResetPassword(options: MountResetPasswordOptions): RenderedWidget {
  checkPasswordResetToken(options.passwordResetToken);
  return renderResetPassword(checkMountTarget('mountResetPassword', options), options);
}

export function mountPasskeyRegistration(options: MountOptions): RenderedWidget {
  return renderPasskeyRegistration(checkMountTarget('mountPasskeyRegistration', options), options);
}
