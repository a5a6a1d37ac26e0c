// Issue 26 item 2: operators sign in with Gatehouse itself, through the operators project whose public token the
// server injects into this page. The console shares its origin with the web app at /, which keeps its session in the
// SDK's default cookies (gatehouse_session, …, path /): the console's client names its own cookies and scopes them
// to /console, so signing in or out of one never touches the other (the SDK's localStorage entries are keyed by the
// public token, which differs already).
import type { WidgetClient } from '@gatehouse/react';
import type { CookieOptions } from '@gatehouse/sdk';

export const CONSOLE_BASE_PATH = '/console';

export const CONSOLE_COOKIE_OPTIONS = {
  opaqueTokenCookieName: 'gatehouse_console_session',
  jwtCookieName: 'gatehouse_console_session_jwt',
  istCookieName: 'gatehouse_console_intermediate_session_token',
  path: CONSOLE_BASE_PATH,
} as const satisfies CookieOptions;

/** SPEC §9's default session length; operators sign in for as long as a web app user does. */
export const SESSION_DURATION_MINUTES = 30;

/** The slice of the SDK client the console uses: the widget's, plus the opaque token for the admin API. */
export interface ConsoleClient extends WidgetClient {
  session: WidgetClient['session'] & {
    getTokens(): { session_token: string; session_jwt: string } | null;
    /** forceClear: forget the local session even when the server cannot be told (an expired session). */
    revoke(options?: { forceClear?: boolean }): Promise<unknown>;
  };
  /** The authenticator app as the operator's second factor (issue 26 item 2): set up, a code, a recovery code. */
  totps: WidgetClient['totps'] & {
    /** POST /totps (wire-format.md §4.8): a new, unconfirmed app; its first code (authenticate) confirms it. */
    create(options: { expiration_minutes: number }): Promise<TotpEnrolment>;
    recover(options: { recovery_code: string; session_duration_minutes: number }): Promise<unknown>;
  };
}

/** What POST /totps answers that the set-up shows: the QR code (an SVG data URL), the key, the recovery codes. */
export interface TotpEnrolment {
  totp_id: string;
  secret: string;
  qr_code: string;
  recovery_codes: string[];
}

/** The public token the server injected into index.html, or null when the page was not served by it. */
export function readPublicToken(doc: Document): string | null {
  const content =
    doc.querySelector('meta[name="gatehouse-public-token"]')?.getAttribute('content')?.trim() ?? '';
  // The literal placeholder survives when the built page is opened without the server (or from `vite`).
  if (content === '' || content.includes('%')) return null;
  return content;
}
