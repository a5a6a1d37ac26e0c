// Plain-page mounting (wire-format.md §7.1): elementId is a CSS selector; a missing element throws (SPEC §8);
// mounting again into the same element re-renders with the new props; everything refuses to run outside a
// browser (SPEC §2). The checks are in ./mount-checks.ts, which the script tag also runs before its widget loads.
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Callbacks } from './callbacks';
import type { WidgetClient } from './client-contract';
import type { LoginConfig } from './config';
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
}

export interface MountResetPasswordOptions extends MountOptions {
  passwordResetToken: string;
}

export interface MountedWidget {
  unmount(): void;
}

const roots = new WeakMap<Element, Root>();

function mount(method: string, options: MountOptions, widget: ReactNode): MountedWidget {
  const element = checkMountTarget(method, options);
  let root = roots.get(element);
  if (root === undefined) {
    root = createRoot(element);
    roots.set(element, root);
  }
  root.render(<GatehouseProvider client={options.client}>{widget}</GatehouseProvider>);
  const mounted = root;
  return {
    unmount() {
      if (roots.get(element) !== mounted) return;
      roots.delete(element);
      mounted.unmount();
    },
  };
}

export function mountLogin(options: MountOptions): MountedWidget {
  const { config, styles, callbacks, strings } = options;
  return mount(
    'mountLogin',
    options,
    <Login config={config} styles={styles} callbacks={callbacks} strings={strings} />,
  );
}

export function mountResetPassword(options: MountResetPasswordOptions): MountedWidget {
  const { config, styles, callbacks, strings, passwordResetToken } = options;
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
    />,
  );
}

export function mountPasskeyRegistration(options: MountOptions): MountedWidget {
  const { config, styles, callbacks, strings } = options;
  return mount(
    'mountPasskeyRegistration',
    options,
    <PasskeyRegistration config={config} styles={styles} callbacks={callbacks} strings={strings} />,
  );
}
