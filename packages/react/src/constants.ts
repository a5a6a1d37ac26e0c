// SPEC §9 business constants the widget applies (the shared ones live in @gatehouse/protocol CONSTANTS).

/** SPEC §4 widget transitions / SPEC §9 toast durations. */
export const TOAST_DURATIONS_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const;

/** SPEC §9: at most 20 toasts are kept. */
export const TOAST_LIMIT = 20;

/** SPEC §9: removal follows 1 s after dismissal. */
export const TOAST_REMOVE_DELAY_MS = 1000;

/** SPEC §9 sizes. */
export const BUTTON_HEIGHT = '45px';
export const LOGO_MAX_HEIGHT = '50px';
export const LOGO_MAX_WIDTH = '100px';

/** SPEC §9 "Font fallback". */
export const FONT_FALLBACK = 'Arial, Helvetica, sans-serif';
