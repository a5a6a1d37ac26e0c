// wire-format.md §7.3 StyleConfig with its defaults and SPEC §9 sizes. Each key lands in one CSS custom property
// on the widget root; the stylesheet (widget-css.ts) only reads those properties. Values go through the CSSOM
// (React's style object), never concatenated into stylesheet text, so a style value cannot inject rules.
//
// Issue 22 "Themes": the defaults live in the stylesheet (a light set, and a dark set chosen by `colorScheme`, or by
// prefers-color-scheme for 'auto'); the root's inline style carries only the keys the integrator set. An inline
// custom property wins over any stylesheet rule, so an integrator's value holds in both schemes, and 'auto' flips
// live with the system setting (a media query, also inside a shadow root) without React re-rendering.
import type { CSSProperties } from 'react';
import { FONT_FALLBACK } from './constants';

type CssLength = string | number;

interface ButtonStyle {
  backgroundColor: string;
  textColor: string;
  borderColor: string;
  borderRadius: CssLength;
}

export interface ResolvedStyles {
  container: { backgroundColor: string; borderColor: string; borderRadius: CssLength; width: CssLength };
  colors: { primary: string; secondary: string; success: string; error: string };
  buttons: { primary: ButtonStyle; secondary: ButtonStyle };
  inputs: {
    backgroundColor: string;
    textColor: string;
    placeholderColor: string;
    borderColor: string;
    borderRadius: CssLength;
  };
  fontFamily: string;
  hideHeaderText: boolean;
  logo: { logoImageUrl: string };
}

/** All keys optional and deep-partial (wire-format.md §7.3). */
export interface StyleConfig {
  container?: Partial<ResolvedStyles['container']>;
  colors?: Partial<ResolvedStyles['colors']>;
  buttons?: { primary?: Partial<ButtonStyle>; secondary?: Partial<ButtonStyle> };
  inputs?: Partial<ResolvedStyles['inputs']>;
  fontFamily?: string;
  hideHeaderText?: boolean;
  logo?: { logoImageUrl?: string };
}

/** wire-format.md §7.3 defaults; SPEC §9 "Default container" and "Colours". */
export const DEFAULT_COLORS: ResolvedStyles['colors'] = {
  primary: '#19303D',
  secondary: '#5C727D',
  success: '#0C5A56',
  error: '#8B1214',
};

function pick<T>(value: T | undefined | null, fallback: T): T {
  return value === undefined || value === null || value === '' ? fallback : value;
}

export function resolveStyles(styles: StyleConfig | null | undefined): ResolvedStyles {
  const s = styles ?? {};
  const colors = {
    primary: pick(s.colors?.primary, DEFAULT_COLORS.primary),
    secondary: pick(s.colors?.secondary, DEFAULT_COLORS.secondary),
    success: pick(s.colors?.success, DEFAULT_COLORS.success),
    error: pick(s.colors?.error, DEFAULT_COLORS.error),
  };
  const primary = s.buttons?.primary;
  const secondary = s.buttons?.secondary;
  return {
    container: {
      backgroundColor: pick(s.container?.backgroundColor, '#FFFFFF'),
      borderColor: pick(s.container?.borderColor, '#ADBCC5'),
      borderRadius: pick(s.container?.borderRadius, '8px'),
      width: pick(s.container?.width, '400px'),
    },
    colors,
    buttons: {
      primary: {
        backgroundColor: pick(primary?.backgroundColor, '#19303D'),
        textColor: pick(primary?.textColor, '#FFFFFF'),
        borderColor: pick(primary?.borderColor, '#19303D'),
        borderRadius: pick(primary?.borderRadius, '4px'),
      },
      secondary: {
        backgroundColor: pick(secondary?.backgroundColor, '#FFFFFF'),
        textColor: pick(secondary?.textColor, '#19303D'),
        borderColor: pick(secondary?.borderColor, '#19303D'),
        borderRadius: pick(secondary?.borderRadius, '4px'),
      },
    },
    inputs: {
      backgroundColor: pick(s.inputs?.backgroundColor, 'transparent'),
      // wire-format.md §7.3: text and border default to colors.primary.
      textColor: pick(s.inputs?.textColor, colors.primary),
      placeholderColor: pick(s.inputs?.placeholderColor, '#8296A1'),
      borderColor: pick(s.inputs?.borderColor, colors.primary),
      borderRadius: pick(s.inputs?.borderRadius, '4px'),
    },
    fontFamily: pick(s.fontFamily, FONT_FALLBACK),
    hideHeaderText: s.hideHeaderText === true,
    logo: { logoImageUrl: pick(s.logo?.logoImageUrl, '') },
  };
}

/** What the screens read from `styles` (the colours and sizes are custom properties, read by the stylesheet). */
export type ScreenStyles = Pick<ResolvedStyles, 'hideHeaderText' | 'logo'>;

/**
 * The screens' part of resolveStyles; the widget uses this one, so the colour defaults (the stylesheet's) are
 * not in its first load twice (bench widget-size).
 */
export function resolveScreenStyles(styles: StyleConfig | null | undefined): ScreenStyles {
  return {
    hideHeaderText: styles?.hideHeaderText === true,
    logo: { logoImageUrl: pick(styles?.logo?.logoImageUrl, '') },
  };
}

/**
 * Issue 26 "Branding": the project's theme (bootstrap `theme`, set in the console or the project file) under the
 * integrator's `styles`, key by key: what the page's code sets wins, and a project theme restyles every page that
 * sets nothing. Both are wire-format.md §7.3 shapes, two levels deep at most (buttons.primary.textColor).
 */
export function layerStyles(
  projectTheme: StyleConfig | null | undefined,
  styles: StyleConfig | null | undefined,
): StyleConfig | null | undefined {
  return layer(projectTheme, styles) as StyleConfig | null | undefined;
}

/** `over` on `under`, objects merged key by key at every depth (one small function: bench widget-size). */
function layer(under: unknown, over: unknown): unknown {
  if (under == null) return over;
  if (over == null) return under;
  if (typeof under !== 'object' || typeof over !== 'object') return over;
  const merged: Record<string, unknown> = { ...under };
  for (const [key, value] of Object.entries(over)) merged[key] = layer(merged[key], value);
  return merged;
}

function length(value: CssLength): string {
  return typeof value === 'number' ? `${value}px` : value;
}

const GENERIC_FAMILIES = /(^|,)\s*(serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-[a-z-]+)\s*$/i;

/** SPEC §9 "Font fallback": a custom font still falls back to Arial, Helvetica, sans-serif. */
export function fontStack(fontFamily: string): string {
  return GENERIC_FAMILIES.test(fontFamily) ? fontFamily : `${fontFamily}, ${FONT_FALLBACK}`;
}

/** The custom properties of the keys the integrator set (the stylesheet holds the defaults of each scheme). */
export function themeVariables(styles: StyleConfig | null | undefined): Record<`--gh-${string}`, string> {
  const s = styles ?? {};
  const { primary, secondary } = s.buttons ?? {};
  const entries: [`--gh-${string}`, CssLength | undefined][] = [
    ['--gh-container-background-color', s.container?.backgroundColor],
    ['--gh-container-border-color', s.container?.borderColor],
    ['--gh-container-border-radius', s.container?.borderRadius],
    ['--gh-container-width', s.container?.width],
    ['--gh-color-primary', s.colors?.primary],
    ['--gh-color-secondary', s.colors?.secondary],
    ['--gh-color-success', s.colors?.success],
    ['--gh-color-error', s.colors?.error],
    ['--gh-button-primary-background-color', primary?.backgroundColor],
    ['--gh-button-primary-text-color', primary?.textColor],
    ['--gh-button-primary-border-color', primary?.borderColor],
    ['--gh-button-primary-border-radius', primary?.borderRadius],
    ['--gh-button-secondary-background-color', secondary?.backgroundColor],
    ['--gh-button-secondary-text-color', secondary?.textColor],
    ['--gh-button-secondary-border-color', secondary?.borderColor],
    ['--gh-button-secondary-border-radius', secondary?.borderRadius],
    ['--gh-input-background-color', s.inputs?.backgroundColor],
    ['--gh-input-text-color', s.inputs?.textColor],
    ['--gh-input-placeholder-color', s.inputs?.placeholderColor],
    ['--gh-input-border-color', s.inputs?.borderColor],
    ['--gh-input-border-radius', s.inputs?.borderRadius],
    [
      '--gh-font-family',
      s.fontFamily === undefined || s.fontFamily === '' ? undefined : fontStack(s.fontFamily),
    ],
  ];
  const variables: Record<`--gh-${string}`, string> = {};
  for (const [property, value] of entries) {
    if (value !== undefined && value !== null && value !== '') variables[property] = length(value);
  }
  return variables;
}

export function themeStyle(styles: StyleConfig | null | undefined): CSSProperties {
  return themeVariables(styles) as CSSProperties;
}

/** Issue 22 "Themes": the widget's colour scheme (LoginConfig.colorScheme); 'light' unless set to a known value. */
export type ColorScheme = 'light' | 'dark' | 'auto';

export function resolveColorScheme(value: unknown): ColorScheme {
  return value === 'dark' || value === 'auto' ? value : 'light';
}
