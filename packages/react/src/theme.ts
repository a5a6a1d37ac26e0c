// wire-format.md §7.3 StyleConfig with its defaults and SPEC §9 sizes. Each key lands in one CSS custom property
// on the widget root; the stylesheet (widget-css.ts) only reads those properties. Values go through the CSSOM
// (React's style object), never concatenated into stylesheet text, so a style value cannot inject rules.
import type { CSSProperties } from 'react';
import { BUTTON_HEIGHT, FONT_FALLBACK, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH } from './constants';

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

function length(value: CssLength): string {
  return typeof value === 'number' ? `${value}px` : value;
}

const GENERIC_FAMILIES = /(^|,)\s*(serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-[a-z-]+)\s*$/i;

/** SPEC §9 "Font fallback": a custom font still falls back to Arial, Helvetica, sans-serif. */
export function fontStack(fontFamily: string): string {
  return GENERIC_FAMILIES.test(fontFamily) ? fontFamily : `${fontFamily}, ${FONT_FALLBACK}`;
}

/** The custom properties set on the widget root, one per §7.3 key plus the SPEC §9 sizes. */
export function themeVariables(styles: ResolvedStyles): Record<`--gh-${string}`, string> {
  const { container, colors, buttons, inputs } = styles;
  return {
    '--gh-container-background-color': container.backgroundColor,
    '--gh-container-border-color': container.borderColor,
    '--gh-container-border-radius': length(container.borderRadius),
    '--gh-container-width': length(container.width),
    '--gh-color-primary': colors.primary,
    '--gh-color-secondary': colors.secondary,
    '--gh-color-success': colors.success,
    '--gh-color-error': colors.error,
    '--gh-button-primary-background-color': buttons.primary.backgroundColor,
    '--gh-button-primary-text-color': buttons.primary.textColor,
    '--gh-button-primary-border-color': buttons.primary.borderColor,
    '--gh-button-primary-border-radius': length(buttons.primary.borderRadius),
    '--gh-button-secondary-background-color': buttons.secondary.backgroundColor,
    '--gh-button-secondary-text-color': buttons.secondary.textColor,
    '--gh-button-secondary-border-color': buttons.secondary.borderColor,
    '--gh-button-secondary-border-radius': length(buttons.secondary.borderRadius),
    '--gh-input-background-color': inputs.backgroundColor,
    '--gh-input-text-color': inputs.textColor,
    '--gh-input-placeholder-color': inputs.placeholderColor,
    '--gh-input-border-color': inputs.borderColor,
    '--gh-input-border-radius': length(inputs.borderRadius),
    '--gh-font-family': fontStack(styles.fontFamily),
    '--gh-button-height': BUTTON_HEIGHT,
    '--gh-logo-max-height': LOGO_MAX_HEIGHT,
    '--gh-logo-max-width': LOGO_MAX_WIDTH,
  };
}

export function themeStyle(styles: ResolvedStyles): CSSProperties {
  return themeVariables(styles) as CSSProperties;
}
