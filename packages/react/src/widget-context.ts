// What every screen and section of one widget instance shares.
import type { BootstrapData, LocaleTag, Product } from '@gatehouse/protocol';
import { createContext, type Dispatch, useContext } from 'react';
import { BannerRegion } from './banner';
import type { WidgetEventType } from './callbacks';
import { eventData } from './callbacks';
import type { WidgetClient } from './client-contract';
import type { LoginConfig } from './config';
import { resolveProducts } from './config';
import { TOAST_LIMIT } from './constants';
import { EmailField } from './email-field';
import { describeError } from './errors';
import { FieldError } from './field-error';
import { MainScreen } from './main/main-screen';
import { mainLayout } from './main/sections';
import { MainEmailForm } from './main-email-form';
import { magicLinkOptions } from './methods/email-magic-links/magic-link-options';
import { loadEmailConfirmation } from './methods/email-magic-links/screens';
import { loadOtpAuthenticate } from './methods/otp/screens';
import { loadPasskeyConfirmation } from './methods/passkeys/screens';
import { loadPasswordScreens } from './methods/passwords/screens';
import { ScreenHeading } from './screen-heading';
import type { StringOverrides, Strings } from './strings';
import { resolveStrings } from './strings';
import type { ScreenStyles } from './theme';
import { isValidEmail } from './validation';
import type { MainAction, ScreenActionOf, ScreenTransitionTable, WidgetState } from './widget-state';
import { registerScreenTransitions, screenOf } from './widget-state';

export type ToastKind = 'blank' | 'success' | 'error';

export interface WidgetContextValue {
  client: WidgetClient;
  config: LoginConfig;
  products: readonly Product[];
  styles: ScreenStyles;
  strings: Strings;
  /** Issue 27 item 2: the locale the widget renders (its strings, numbers, `lang` and `dir`), sent with every
   * message request so the e-mail or text comes in the same language. */
  locale: LocaleTag;
  /** The overrides `strings` was resolved from (config.strings, then the prop): lazily loaded methods resolve
   * their own defaults against them (strings.ts). */
  stringOverrides: readonly StringOverrides[];
  bootstrap: BootstrapData;
  state: WidgetState;
  /** Main's actions; a lazily loaded screen dispatches its own through useScreenDispatch. */
  dispatch: Dispatch<MainAction>;
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

/**
 * The widget's dispatch for Main's actions and those of `transitions` (a table beside the calling screen's code,
 * e.g. methods/otp/otp-transitions.ts), which joins the reducer first: a screen's transitions load with the screen,
 * not with every page (widget-state.ts). Pass a table defined at module level.
 */
export function useScreenDispatch<Table extends ScreenTransitionTable>(
  transitions: Table,
): Dispatch<MainAction | ScreenActionOf<Table>> {
  registerScreenTransitions(transitions);
  return useWidget().dispatch as Dispatch<MainAction | ScreenActionOf<Table>>;
}

/**
 * Never called (and dropped from every bundle): its imports are what count. esbuild puts a module in a chunk by
 * the set of entries (the widget's, and each lazily loaded screen's) that reach its file; every lazy screen reaches
 * this file, so these modules of the first load all share one set and land in one chunk instead of twenty small
 * files, each with its own gzip overhead and import lines (issue 23 item 4: −3 KiB gzip of the first load).
 */
export function firstLoadModules(): unknown[] {
  return [
    BannerRegion,
    eventData,
    TOAST_LIMIT,
    resolveProducts,
    EmailField,
    describeError,
    FieldError,
    MainScreen,
    mainLayout,
    MainEmailForm,
    magicLinkOptions,
    loadEmailConfirmation,
    loadOtpAuthenticate,
    loadPasskeyConfirmation,
    loadPasswordScreens,
    ScreenHeading,
    resolveStrings,
    isValidEmail,
    screenOf,
  ];
}
