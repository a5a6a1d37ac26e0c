// Issue 26 "Branding": the `theme` project setting, the widget's StyleConfig keys (wire-format.md §7.3, SPEC §2
// "Theme"). Checked as strictly as the project file checks every setting (this schema is part of it, infra/config.ts),
// so the admin API can store only what a file could declare. The widget writes each value into a CSS custom property
// through the CSSOM (never stylesheet text), so a value cannot add rules; the patterns still keep a theme to plain
// colours, lengths and font names, so what the console shows is what the widget paints, and the logo is https only
// (an http image on an https sign-in page is mixed content).
import { Type } from 'typebox';

const COLOR = Type.String({
  maxLength: 64,
  pattern:
    '^(#[0-9A-Fa-f]{3,4}|#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{8}|[A-Za-z]{3,32}|(rgb|rgba|hsl|hsla)\\([0-9.,%\\s/+-]{1,48}\\))$',
  description: 'allowed: a CSS colour such as #19303D, rgb(25 48 61), hsl(200 42% 17%) or a colour name',
});

const LENGTH = Type.String({
  maxLength: 16,
  pattern: '^(0|[0-9]{1,4}(\\.[0-9]{1,3})?(px|rem|em|%))$',
  description: 'allowed: a CSS length in px, rem, em or % such as 8px, or 0',
});

const FONT_FAMILY = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9 ,\'"_-]+$',
  description:
    'allowed: a CSS font-family list such as "Inter, sans-serif" (letters, digits, spaces, commas, quotes)',
});

const LOGO_URL = Type.String({
  maxLength: 2048,
  pattern: '^https://[^\\s"\'<>]+$',
  description: 'allowed: an https:// image URL',
});

const BUTTON = Type.Object(
  {
    backgroundColor: Type.Optional(COLOR),
    textColor: Type.Optional(COLOR),
    borderColor: Type.Optional(COLOR),
    borderRadius: Type.Optional(LENGTH),
  },
  {
    additionalProperties: false,
    description: 'allowed: { backgroundColor, textColor, borderColor, borderRadius }',
  },
);

/** The keys of wire-format.md §7.3, every one optional; unknown keys are refused. */
export const ThemeSchema = Type.Object(
  {
    container: Type.Optional(
      Type.Object(
        {
          backgroundColor: Type.Optional(COLOR),
          borderColor: Type.Optional(COLOR),
          borderRadius: Type.Optional(LENGTH),
          width: Type.Optional(LENGTH),
        },
        {
          additionalProperties: false,
          description: 'allowed: { backgroundColor, borderColor, borderRadius, width }',
        },
      ),
    ),
    colors: Type.Optional(
      Type.Object(
        {
          primary: Type.Optional(COLOR),
          secondary: Type.Optional(COLOR),
          success: Type.Optional(COLOR),
          error: Type.Optional(COLOR),
        },
        { additionalProperties: false, description: 'allowed: { primary, secondary, success, error }' },
      ),
    ),
    buttons: Type.Optional(
      Type.Object(
        { primary: Type.Optional(BUTTON), secondary: Type.Optional(BUTTON) },
        { additionalProperties: false, description: 'allowed: { primary, secondary }' },
      ),
    ),
    inputs: Type.Optional(
      Type.Object(
        {
          backgroundColor: Type.Optional(COLOR),
          textColor: Type.Optional(COLOR),
          placeholderColor: Type.Optional(COLOR),
          borderColor: Type.Optional(COLOR),
          borderRadius: Type.Optional(LENGTH),
        },
        {
          additionalProperties: false,
          description: 'allowed: { backgroundColor, textColor, placeholderColor, borderColor, borderRadius }',
        },
      ),
    ),
    fontFamily: Type.Optional(FONT_FAMILY),
    hideHeaderText: Type.Optional(Type.Boolean({ description: 'allowed: true or false' })),
    logo: Type.Optional(
      Type.Object(
        { logoImageUrl: Type.Optional(LOGO_URL) },
        { additionalProperties: false, description: 'allowed: { logoImageUrl }' },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'allowed: an object of the widget style keys { container, colors, buttons, inputs, fontFamily, hideHeaderText, logo }',
  },
);
