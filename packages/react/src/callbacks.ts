// wire-format.md §7.4: the callbacks and the event names the B2C widget emits.

export const WIDGET_EVENT_TYPES = [
  'MAGIC_LINK_LOGIN_OR_CREATE',
  'OTP_LOGIN_OR_CREATE',
  'OTP_AUTHENTICATE',
  'CRYPTO_WALLET_AUTHENTICATE_START',
  'CRYPTO_WALLET_AUTHENTICATE',
  'PASSWORD_CREATE',
  'PASSWORD_AUTHENTICATE',
  'PASSWORD_RESET_BY_EMAIL_START',
  'PASSWORD_RESET_BY_EMAIL',
  'PASSKEY_REGISTER',
  'PASSKEY_AUTHENTICATE',
  'PASSKEY_SKIP',
  'PASSKEY_DONE',
] as const;

export type WidgetEventType = (typeof WIDGET_EVENT_TYPES)[number];

export interface WidgetEvent {
  type: WidgetEventType;
  /** The SDK method's return value (response data minus `__user`). */
  data: unknown;
}

export interface Callbacks {
  onEvent?: (event: WidgetEvent) => void;
  /** Receives the thrown error object (e.g. the SDK's APIError) or a plain `{ message }`. */
  onError?: (error: unknown) => void;
}

/** wire-format.md §7.4: `data` is the response data minus `__user`. */
export function eventData(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !('__user' in data)) return data;
  const { __user: _omitted, ...rest } = data as Record<string, unknown>;
  return rest;
}
