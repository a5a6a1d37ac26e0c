// Issue 26 "Branding": the theme keys of SPEC §2 ("container (background, border colour, radius, width), colors
// (primary, secondary, success, error), primary and secondary buttons, inputs, font family, hideHeaderText and a logo
// image URL"), i.e. wire-format.md §7.3 StyleConfig, as the editor's flat draft (one entry per key, by its dotted
// path) and back. The checks mirror the server's (packages/server/src/infra/theme-schema.ts) so a mistake shows at
// the field, before publishing; the server checks again and has the last word.
import { resolveStyles, type StyleConfig } from '@gatehouse/react';

export type ThemeFieldKind = 'color' | 'length' | 'font' | 'url' | 'flag';

export interface ThemeField {
  /** The dotted path in StyleConfig, e.g. `buttons.primary.textColor`. */
  path: string;
  kind: ThemeFieldKind;
}

export interface ThemeGroup {
  id: 'colors' | 'container' | 'primaryButton' | 'secondaryButton' | 'inputs' | 'text';
  fields: ThemeField[];
}

const color = (path: string): ThemeField => ({ path, kind: 'color' });
const length = (path: string): ThemeField => ({ path, kind: 'length' });
const button = (which: 'primary' | 'secondary'): ThemeField[] => [
  color(`buttons.${which}.backgroundColor`),
  color(`buttons.${which}.textColor`),
  color(`buttons.${which}.borderColor`),
  length(`buttons.${which}.borderRadius`),
];

export const THEME_GROUPS: readonly ThemeGroup[] = [
  {
    id: 'colors',
    fields: [
      color('colors.primary'),
      color('colors.secondary'),
      color('colors.success'),
      color('colors.error'),
    ],
  },
  {
    id: 'container',
    fields: [
      color('container.backgroundColor'),
      color('container.borderColor'),
      length('container.borderRadius'),
      length('container.width'),
    ],
  },
  { id: 'primaryButton', fields: button('primary') },
  { id: 'secondaryButton', fields: button('secondary') },
  {
    id: 'inputs',
    fields: [
      color('inputs.backgroundColor'),
      color('inputs.textColor'),
      color('inputs.placeholderColor'),
      color('inputs.borderColor'),
      length('inputs.borderRadius'),
    ],
  },
  {
    id: 'text',
    fields: [
      { path: 'fontFamily', kind: 'font' },
      { path: 'hideHeaderText', kind: 'flag' },
      { path: 'logo.logoImageUrl', kind: 'url' },
    ],
  },
];

export const THEME_FIELDS: readonly ThemeField[] = THEME_GROUPS.flatMap((group) => group.fields);

/** The editor's draft: the keys the operator set (a flag is set only when true). Absent: the widget's default. */
export type ThemeDraft = Readonly<Record<string, string | boolean>>;

function read(object: unknown, path: string): unknown {
  let value: unknown = object;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The published theme (the project's `theme` setting, any shape) as a draft; unknown keys are left out. */
export function draftOf(theme: unknown): ThemeDraft {
  const draft: Record<string, string | boolean> = {};
  for (const field of THEME_FIELDS) {
    const value = read(theme, field.path);
    if (field.kind === 'flag' ? value === true : typeof value === 'string' && value !== '') {
      draft[field.path] = value as string | boolean;
    }
  }
  return draft;
}

/** The draft as the widget's StyleConfig (and the setting's value); null when nothing is set. */
export function themeOf(draft: ThemeDraft): StyleConfig | null {
  const theme: Record<string, unknown> = {};
  for (const field of THEME_FIELDS) {
    const value = draft[field.path];
    if (value === undefined || value === '' || value === false) continue;
    const keys = field.path.split('.');
    let node = theme;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1)!] = typeof value === 'string' ? value.trim() : value;
  }
  return Object.keys(theme).length === 0 ? null : (theme as StyleConfig);
}

const DEFAULTS = resolveStyles(null);

/** The widget's default for a key (wire-format.md §7.3), as the editor shows it. */
export function defaultOf(path: string): string | boolean {
  const value = read(DEFAULTS, path);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return `${value}px`;
  return typeof value === 'string' ? value : '';
}

// infra/theme-schema.ts's patterns.
const CHECKS: Record<Exclude<ThemeFieldKind, 'flag'>, RegExp> = {
  color:
    /^(#[0-9A-Fa-f]{3,4}|#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{8}|[A-Za-z]{3,32}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/+-]{1,48}\))$/,
  length: /^(0|[0-9]{1,4}(\.[0-9]{1,3})?(px|rem|em|%))$/,
  font: /^[A-Za-z0-9 ,'"_-]{1,200}$/,
  url: /^https:\/\/[^\s"'<>]{1,2040}$/,
};

/** Whether a value is one the server takes for this kind of key (an empty value means "the default"). */
export function isValidValue(kind: ThemeFieldKind, value: string | boolean): boolean {
  if (kind === 'flag') return typeof value === 'boolean';
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed === '' || CHECKS[kind].test(trimmed);
}

/** The paths whose draft value the server would refuse. */
export function invalidPaths(draft: ThemeDraft): string[] {
  return THEME_FIELDS.filter((field) => {
    const value = draft[field.path];
    return value !== undefined && !isValidValue(field.kind, value);
  }).map((field) => field.path);
}

/** A colour as the native picker takes it (#rrggbb), or null when the value is not a plain hex colour. */
export function pickerValue(value: string): string | null {
  const hex = value.trim();
  if (/^#[0-9A-Fa-f]{6}$/.test(hex)) return hex.toLowerCase();
  if (/^#[0-9A-Fa-f]{3}$/.test(hex)) {
    return `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}`.toLowerCase();
  }
  return null;
}

/** Whether two drafts publish the same theme. */
export function sameTheme(a: ThemeDraft, b: ThemeDraft): boolean {
  return JSON.stringify(themeOf(a)) === JSON.stringify(themeOf(b));
}
