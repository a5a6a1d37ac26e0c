// Issue 23 item 2 "Paint before the network", and before React: mountLogin() paints the Main screen's form with
// plain DOM calls in the caller's task, from the configuration it was given and the cached bootstrap (or the
// defaults), while React and the widget's code are still loading (./mount.ts). On a first visit that code is most of
// the work before the first paint: compiling and running react-dom and the first render took ~50 of the ~80 ms
// from the bundle starting to the e-mail input painted (Chromium profile, bench/first-render.ts). React's first
// commit then replaces these nodes with its own, which are the same elements with the same classes, attributes and
// text (pre-paint.test.tsx compares the two trees for every configuration painted here), so nothing moves. What
// the visitor did meanwhile is carried over (./pre-paint-carry.ts): the typed address, the focus, and a submit,
// which React's form then makes.
//
// Painted: Main with the login-link form only (SPEC §1's default product, with a hidden heading, a theme, overridden
// strings and any shipped locale already loaded on the page). Every other first screen (social or wallet buttons,
// tabs, passkeys, a logo, a configuration error, the shadow root, a locale still loading, a page enforcing Trusted
// Types) is left to React as before.
import { DEFAULT_BOOTSTRAP } from '@gatehouse/protocol';
import type { WidgetClient } from './client-contract';
import { configurationError, emailInputAutocomplete, type LoginConfig, resolveProducts } from './config';
import { loadedLocaleTable, widgetDirection, widgetLocale } from './locale';
import { mainLayout } from './main/layout';
import { resolveStrings, type Strings } from './strings';
import {
  layerStyles,
  resolveColorScheme,
  resolveScreenStyles,
  type StyleConfig,
  themeVariables,
} from './theme';
import { ensureStyles } from './widget-css';

export interface PrePaintOptions {
  client: WidgetClient;
  config?: LoginConfig | null;
  styles?: StyleConfig | null;
  strings?: Partial<Strings> | null;
  locale?: string | null;
}

/** What the visitor did on the painted form, and what it showed, for React's first render. */
export interface CarriedInput {
  email: string;
  /** Whether the input had the focus (an e-mail input has no selection API: the caret goes back to its end). */
  focused: boolean;
  submitted: boolean;
  /** Whether the 'Powered by' line's place was painted (React keeps it: widget-root.tsx). */
  watermarkLine: boolean;
}

export interface PrePaint {
  /** Reads what the visitor did and stops listening; React's next commit replaces the painted nodes. */
  take(): CarriedInput;
  /** Takes the painted form away (the widget was unmounted before React came). */
  remove(): void;
  /** Called on a submit made before React is there (./mount.ts retries a failed load from it). */
  onSubmit: (() => void) | null;
}

let painted = 0;

/** The element's pre-painted login form, or null when this configuration's first screen is left to React. */
export function prePaintLogin(element: Element, options: PrePaintOptions): PrePaint | null {
  // A widget already there (mounting again re-renders it) or a configuration React draws differently.
  if (element.querySelector('[data-gatehouse-widget]') !== null) return null;
  const config = options.config ?? undefined;
  if (config?.enableShadowDOM === true || configurationError(config) !== null) return null;
  const products = resolveProducts(config);
  const layout = mainLayout({ config: config ?? {}, products });
  const only = layout.tabs.length === 1 ? layout.tabs[0] : undefined;
  if (layout.social !== null || layout.wallets !== null || layout.passkey !== null) return null;
  if (only?.section !== 'email-magic-links') return null;
  const locale = widgetLocale(options.locale);
  const table = locale === 'en' ? null : loadedLocaleTable(locale);
  // React lays a locale still loading out hidden (widget-root.tsx): nothing to show before it either.
  if (locale !== 'en' && table === null) return null;

  const strings = resolveStrings(table, config?.strings, options.strings);
  const bootstrap = options.client.bootstrap.getSync();
  const styles = layerStyles(bootstrap.theme, options.styles);
  const screenStyles = resolveScreenStyles(styles);
  // A logo is left to React: its image is the one part that could not be painted sooner anyway, and its 40 bytes
  // gzip kept the default first load under issue 23's 20 KiB (bench/widget-size.ts).
  if (screenStyles.logo.logoImageUrl !== '') return null;
  const watermarkLine = bootstrap === DEFAULT_BOOTSTRAP || bootstrap.displayWatermark;
  // The markup of widget-root.tsx, main/main-screen.tsx, main-email-form.tsx and email-field.tsx, in their order,
  // as one HTML text, which reads against the JSX line by line. Every value from the page or the project is escaped
  // for the text or the quoted attribute it goes into; the locale, direction and scheme are values of fixed lists.
  painted += 1;
  const id = `gh-pre-paint-${painted}`;
  const holder = element.ownerDocument.createElement('div');
  try {
    holder.innerHTML = `<div class="gh-widget gh-widget-login" data-state="main" data-gatehouse-widget="login" data-color-scheme="${resolveColorScheme(
      config?.colorScheme,
    )}" lang="${locale}" dir="${widgetDirection(locale)}"><div class="gh-screen"><h2 tabindex="-1" class="gh-heading${screenStyles.hideHeaderText ? ' gh-visually-hidden' : ''}" data-screen-heading="">${escapeHtml(
      strings.mainHeader,
    )}</h2><div class="gh-section" data-section="email-magic-links"><form class="gh-form" novalidate=""><label class="gh-label" for="${id}">${escapeHtml(
      strings.emailLabel,
    )}</label><input id="${id}" class="gh-input" type="email" name="email" dir="ltr" inputmode="email" autocomplete="${emailInputAutocomplete(
      products,
    )}" autocapitalize="none" spellcheck="false" required="" placeholder="${escapeHtml(
      strings.emailPlaceholder,
    )}" value=""><div aria-live="polite"></div><button type="submit" class="gh-button gh-button-primary">${escapeHtml(
      strings.continueWithEmail,
    )}</button></form></div><div class="gh-banner-region" role="status" aria-live="polite" aria-atomic="true"></div></div>${
      watermarkLine
        ? bootstrap.displayWatermark
          ? `<p class="gh-watermark">${escapeHtml(strings.poweredBy)}</p>`
          : '<p class="gh-watermark" aria-hidden="true">\u00a0</p>'
        : ''
    }<div class="gh-toasts" role="status" aria-live="polite" aria-label="${escapeHtml(strings.notificationsLabel)}"></div></div>`;
  } catch {
    // A page that enforces Trusted Types refuses an HTML string: React paints, as before.
    return null;
  }
  const root = holder.firstChild as HTMLElement;
  for (const [name, value] of Object.entries(themeVariables(styles))) root.style.setProperty(name, value);
  const form = root.querySelector('form') as HTMLFormElement;
  const input = form.querySelector('input') as HTMLInputElement;

  let submitted = false;
  const handle: PrePaint = {
    onSubmit: null,
    take() {
      form.onsubmit = null;
      return {
        email: input.value,
        focused: input.matches(':focus'),
        submitted,
        watermarkLine,
      };
    },
    remove() {
      root.remove();
    },
  };
  form.onsubmit = (event) => {
    // Never the browser's own submit (a page load): React's form makes it once it is there.
    event.preventDefault();
    submitted = true;
    handle.onSubmit?.();
  };
  ensureStyles(element);
  element.replaceChildren(root);
  return handle;
}

/** For text and double-quoted attribute values. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
