// The frame every widget mode (login, reset password, passkey registration) renders in: one reducer for the
// screens, theme custom properties on the root, the stylesheet injected once per document or shadow root, the
// toasts' live region and the 'Powered by' footer.

import { DEFAULT_BOOTSTRAP, type LocaleTag } from '@gatehouse/protocol';
import {
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import type { Callbacks, WidgetEventType } from './callbacks';
import type { WidgetClient } from './client-contract';
import { type ConfigurationErrorKind, type LoginConfig, resolveProducts } from './config';
import { loadedLocaleTable, loadLocaleTable, widgetDirection, widgetLocale } from './locale';
import type { LocaleTable } from './locales/table';
import { PrePaintCarryContext } from './pre-paint-carry';
import { useBootstrap } from './provider';
import { resolveStrings, type Strings } from './strings';
import { layerStyles, resolveColorScheme, resolveScreenStyles, type StyleConfig, themeStyle } from './theme';
import { showToast, ToastRegion } from './toasts/toast-region';
import { type ToastKind, WidgetContext, type WidgetContextValue } from './widget-context';
import { ensureStyles } from './widget-css';
import {
  initialWidgetState,
  screenOf,
  type WidgetScreenState,
  type WidgetState,
  widgetReducer,
} from './widget-state';

export interface WidgetRootProps {
  client: WidgetClient;
  config: LoginConfig | null | undefined;
  styles: StyleConfig | null | undefined;
  callbacks: Callbacks | null | undefined;
  strings: Partial<Strings> | null | undefined;
  /** Issue 27 item 2: a BCP 47 tag; none or one no shipped locale serves falls to the page's lang, then the browser's. */
  locale?: string | null | undefined;
  initialScreen: WidgetScreenState;
  configError: ConfigurationErrorKind | null;
  /** Which component this is (a class on the root, handy for page styles and tests). */
  mode: 'login' | 'reset-password' | 'passkey-registration' | 'reauthentication';
  renderScreen: (state: WidgetState) => ReactNode;
  /** Runs once when the widget first mounts (e.g. the render_login_screen event). */
  onFirstMount?: (context: WidgetContextValue) => void;
}

export function WidgetRoot(props: WidgetRootProps) {
  const locale = widgetLocale(props.locale);
  const content = <WidgetFrame {...props} locale={locale} />;
  // wire-format.md §7.1: enableShadowDOM renders into a shadow root. Issue 27 item 3: the host carries the direction
  // too, so the box the page lays out starts on the same side as its content.
  return props.config?.enableShadowDOM === true ? (
    <ShadowHost dir={widgetDirection(locale)}>{content}</ShadowHost>
  ) : (
    content
  );
}

function ShadowHost({ children, dir }: { children: ReactNode; dir: 'ltr' | 'rtl' }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [shadowRoot, setShadowRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    setShadowRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={hostRef} className="gatehouse-shadow-host" data-gatehouse-shadow-host="" dir={dir}>
      {shadowRoot !== null ? createPortal(children, shadowRoot) : null}
    </div>
  );
}

function WidgetFrame(props: WidgetRootProps & { locale: LocaleTag }) {
  const {
    client,
    config,
    styles,
    callbacks,
    strings,
    initialScreen,
    configError,
    mode,
    renderScreen,
    locale,
  } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const toasterId = useId();
  const [toastsActive, setToastsActive] = useState(false);
  // Issue 23 item 2: a pre-painted form's typed address, when this frame replaces one (./pre-paint.ts).
  const carried = useContext(PrePaintCarryContext);
  const [state, dispatch] = useReducer(
    widgetReducer,
    { screen: initialScreen, configError, email: carried?.email },
    initialWidgetState,
  );
  const bootstrap = useBootstrap(client);
  // Issue 23 item 2: the widget paints from the cached bootstrap (or the defaults) and bootstrap's answer must not
  // move what is painted. The 'Powered by' line at the bottom is what it changes (content below the widget would
  // move), so its line is kept from the first paint whenever the answer may show it — nothing known yet (getSync()
  // is DEFAULT_BOOTSTRAP itself until a value is cached or fetched) or a cached answer that shows it — blank while
  // the answer says no, for the life of this mount; the next visit reads the cached answer. The line a pre-paint
  // painted is kept the same way: the answer may have come while React was loading.
  const watermarkLineRef = useRef(
    carried?.watermarkLine === true || bootstrap === DEFAULT_BOOTSTRAP || bootstrap.displayWatermark,
  );
  if (bootstrap.displayWatermark) watermarkLineRef.current = true;

  // Callbacks may change on every render (re-mount with new props); the latest ones are used.
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;

  // The reducer starts with the first configError; only a later change (a re-mount with another config) is
  // dispatched. Dispatching the unchanged value on mount rendered the whole frame a second time right after the
  // first commit (a useReducer dispatch has no eager bail-out; bench/first-render.ts).
  const configuredErrorRef = useRef(configError);
  useEffect(() => {
    if (configuredErrorRef.current === configError) return;
    configuredErrorRef.current = configError;
    dispatch({ type: 'configure', configError });
  }, [configError]);

  useLayoutEffect(() => {
    if (rootRef.current !== null) ensureStyles(rootRef.current);
  }, []);

  // Issue 27 item 2: the locale's table is the first layer of overrides, under config.strings and the `strings`
  // prop (which win per key); a key it lacks keeps English. Lazily loaded methods resolve their own English defaults
  // against the same layers, so one table translates them all. A locale not loaded yet (its chunk is on the way)
  // renders the frame hidden: see `localePending` below.
  // Starts from a table already loaded, so the effect below finds it in the state and asks for no second render.
  const [loaded, setLoaded] = useState<{ tag: LocaleTag; table: LocaleTable | null } | null>(() => {
    const ready = loadedLocaleTable(locale);
    return ready === null ? null : { tag: locale, table: ready };
  });
  const table = loaded?.tag === locale ? loaded.table : loadedLocaleTable(locale);
  // Paint before the network (issue 23) holds: the frame and its form are laid out at once, in English words, and
  // kept invisible until the locale's chunk has arrived (or failed: then English shows). No English flashes and the
  // box the page lays out is there from the first paint. A page that loaded the locale once renders it at once.
  const localePending = locale !== 'en' && table === null && loaded?.tag !== locale;
  useEffect(() => {
    if (locale === 'en') return;
    // Another widget's load may have finished between this render (no table) and this effect: a render is then
    // asked for, or the frame would stay hidden with nothing left to wake it (docs-samples.spec, many widgets on a
    // page). The same table already shown keeps the state as it is, so React skips the render.
    const ready = loadedLocaleTable(locale);
    if (ready !== null)
      setLoaded((current) =>
        current?.tag === locale && current.table === ready ? current : { tag: locale, table: ready },
      );
    // A later answer for a locale no longer shown is ignored by the `loaded.tag === locale` test above.
    else loadLocaleTable(locale).then((result) => setLoaded({ tag: locale, table: result }));
  }, [locale]);
  const stringOverrides = useMemo(() => [table, config?.strings, strings], [table, config?.strings, strings]);
  const resolvedStrings = useMemo(() => resolveStrings(...stringOverrides), [stringOverrides]);
  // Issue 26 "Branding": the project's theme from bootstrap, under the page's own `styles`. Painted from the cached
  // bootstrap first (issue 23 "paint before the network"), so a returning visitor sees the theme at once.
  const projectTheme = bootstrap.theme;
  const layeredStyles = useMemo(() => layerStyles(projectTheme, styles), [projectTheme, styles]);
  const resolvedStyles = useMemo(() => resolveScreenStyles(layeredStyles), [layeredStyles]);

  const emitEvent = useCallback((type: WidgetEventType, data: unknown) => {
    try {
      callbacksRef.current?.onEvent?.({ type, data });
    } catch (error) {
      // A failing page callback must not break the widget.
      console.error('Gatehouse widget: the onEvent callback threw', error);
    }
  }, []);
  const emitError = useCallback((error: unknown) => {
    try {
      callbacksRef.current?.onError?.(error);
    } catch (callbackError) {
      console.error('Gatehouse widget: the onError callback threw', callbackError);
    }
  }, []);
  const logEvent = useCallback(
    (name: string, details: Record<string, unknown>) => {
      try {
        const result = client.telemetry.logEvent(name, details);
        if (result instanceof Promise) result.catch(() => {});
      } catch {
        // Telemetry never breaks sign-in.
      }
    },
    [client],
  );
  const notify = useCallback(
    (kind: ToastKind, message: string) => {
      setToastsActive(true);
      showToast({ toasterId, kind, message }).catch((error: unknown) => {
        console.error('Gatehouse widget: could not show a toast', error);
      });
    },
    [toasterId],
  );

  const context = useMemo<WidgetContextValue>(
    () => ({
      client,
      config: config ?? {},
      products: resolveProducts(config),
      styles: resolvedStyles,
      strings: resolvedStrings,
      locale,
      stringOverrides,
      bootstrap,
      state,
      dispatch,
      emitEvent,
      emitError,
      logEvent,
      notify,
    }),
    [
      client,
      config,
      resolvedStyles,
      resolvedStrings,
      locale,
      stringOverrides,
      bootstrap,
      state,
      emitEvent,
      emitError,
      logEvent,
      notify,
    ],
  );

  const contextRef = useRef(context);
  contextRef.current = context;
  const firstMountRef = useRef(props.onFirstMount);
  const mountedRef = useRef(false);
  useEffect(() => {
    // Once per widget instance, also under StrictMode's double effects.
    if (mountedRef.current) return;
    mountedRef.current = true;
    firstMountRef.current?.(contextRef.current);
  }, []);

  return (
    <WidgetContext.Provider value={context}>
      <div
        ref={rootRef}
        className={`gh-widget gh-widget-${mode}`}
        data-state={state.screen}
        data-gatehouse-widget={mode}
        data-color-scheme={resolveColorScheme(config?.colorScheme)}
        style={themeStyle(layeredStyles)}
        // Issue 27 items 2 and 3: the language of the text (screen readers, hyphenation, fonts) and its direction
        // (Arabic right to left; the stylesheet uses logical properties only, so nothing is mirrored by hand).
        lang={locale}
        dir={widgetDirection(locale)}
        aria-busy={localePending || undefined}
      >
        <div className="gh-screen" key={screenOf(state.screen)}>
          {renderScreen(state)}
        </div>
        {watermarkLineRef.current ? (
          // Keyed: the text and the blank are different nodes, not one text node whose centred start would move.
          <p
            key={bootstrap.displayWatermark ? 'shown' : 'kept'}
            className="gh-watermark"
            aria-hidden={bootstrap.displayWatermark ? undefined : true}
          >
            {bootstrap.displayWatermark ? resolvedStrings.poweredBy : '\u00a0'}
          </p>
        ) : null}
        <ToastRegion
          toasterId={toasterId}
          active={toastsActive}
          label={resolvedStrings.notificationsLabel}
          helpLinkText={resolvedStrings.errorHelpLink}
        />
      </div>
    </WidgetContext.Provider>
  );
}
