// What every screen and section of one widget instance shares.
import type { BootstrapData, Product } from '@gatehouse/protocol';
import { createContext, type Dispatch, useContext } from 'react';
import type { WidgetEventType } from './callbacks';
import type { WidgetClient } from './client-contract';
import type { LoginConfig } from './config';
import type { StringOverrides, Strings } from './strings';
import type { ScreenStyles } from './theme';
import type { WidgetAction, WidgetState } from './widget-state';

export type ToastKind = 'blank' | 'success' | 'error';

export interface WidgetContextValue {
  client: WidgetClient;
  config: LoginConfig;
  products: readonly Product[];
  styles: ScreenStyles;
  strings: Strings;
  /** The overrides `strings` was resolved from (config.strings, then the prop): lazily loaded methods resolve
   * their own defaults against them (strings.ts). */
  stringOverrides: readonly StringOverrides[];
  bootstrap: BootstrapData;
  state: WidgetState;
  dispatch: Dispatch<WidgetAction>;
  emitEvent(type: WidgetEventType, data: unknown): void;
  emitError(error: unknown): void;
  /** SPEC §7 event log; never throws. */
  logEvent(name: string, details: Record<string, unknown>): void;
  /** SPEC §4 / §9 toasts. */
  notify(kind: ToastKind, message: string): void;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (value === null)
    throw new Error('Gatehouse widget sections must be rendered inside a widget component.');
  return value;
}
