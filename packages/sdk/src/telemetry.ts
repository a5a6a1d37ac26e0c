// wire-format.md §2.1 (X-SDK-Client blob) and §4.12 (POST /events batches). SPEC §9: batches of 15 events or
// every 800 ms. Telemetry never affects the caller: failures are swallowed.
import {
  CAPTCHA_CAPABILITY,
  type CONSTANTS,
  GATEHOUSE_SDK_IDENTIFIER,
  SDK_API_PREFIX,
  type TelemetryBlob,
  type TelemetryEventName,
} from '@gatehouse/protocol';
import type { BrowserDependencies } from './browser';
import { PATHS } from './paths';

export const SDK_IDENTIFIER = GATEHOUSE_SDK_IDENTIFIER;

/**
 * SPEC §9 values, written out rather than read from the protocol's CONSTANTS (like session-manager.ts's timings):
 * each type is the CONSTANTS entry's literal type, so the compiler checks the value, and as plain constants the
 * bundler writes them in place (issue 23 item 5, the headless SDK ≤ 8 KiB gzip).
 */
const SDK_VERSION: (typeof CONSTANTS)['sdkVersion'] = '4.13.1';
const BATCH_SIZE: (typeof CONSTANTS)['telemetryBatchSize'] = 15;
const BATCH_INTERVAL_MS: (typeof CONSTANTS)['telemetryBatchIntervalMs'] = 800;

export interface Telemetry {
  /** Queues one event; the widget uses it for render_login_screen, email_try_again_clicked and the like. */
  logEvent(name: TelemetryEventName, details: Record<string, unknown>): void;
  /** Sends whatever is queued now. */
  flush(): void;
}

/** RFC 4122 version 4; crypto.randomUUID is missing on insecure origins, so fall back to getRandomValues. */
export function randomUuid(crypto: BrowserDependencies['crypto']): string {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}

type TimeZoneGlobals = {
  Temporal?: { Now?: { timeZoneId?: () => unknown } };
  Intl: { DateTimeFormat: () => { resolvedOptions(): { timeZone?: unknown } } };
};

/**
 * The IANA time zone of the blob (wire-format.md §2.1). Temporal.Now.timeZoneId() first: building the page's first
 * Intl.DateTimeFormat loads ICU's date-format data, ~15 ms of main thread in Chromium, and the first blob is built
 * inside createClient (the bootstrap request), before the widget's first render (bench/first-render.ts).
 * Intl where Temporal is missing; 'UTC' when neither answers.
 */
export function localTimeZone(globals: TimeZoneGlobals = globalThis as unknown as TimeZoneGlobals): string {
  const valid = (zone: unknown): zone is string => typeof zone === 'string' && zone !== '';
  try {
    const zone = globals.Temporal?.Now?.timeZoneId?.();
    if (valid(zone)) return zone;
  } catch {}
  try {
    const zone = globals.Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (valid(zone)) return zone;
  } catch {}
  return 'UTC';
}

/** wire-format.md §2.1: every id is fresh on every request; user and session ids only when logged in. */
export function createTelemetryBlob(options: {
  crypto: BrowserDependencies['crypto'];
  hostname: string;
  now: number;
  userId: string | null;
  sessionId: string | null;
  /** The client holds a captcha solver: say so, so the server may ask it for a captcha (issue 9 item 3). */
  captcha?: boolean;
}): TelemetryBlob {
  const id = () => randomUuid(options.crypto);
  return {
    event_id: `event-id-${id()}`,
    app_session_id: `app-session-id-${id()}`,
    persistent_id: `persistent-id-${id()}`,
    client_sent_at: new Date(options.now).toISOString(),
    timezone: localTimeZone(),
    ...(options.userId ? { stytch_user_id: options.userId } : {}),
    ...(options.sessionId ? { stytch_session_id: options.sessionId } : {}),
    app: { identifier: options.hostname },
    sdk: {
      identifier: SDK_IDENTIFIER,
      version: SDK_VERSION,
      ...(options.captcha ? { captcha: CAPTCHA_CAPABILITY } : {}),
    },
  };
}

export function createTelemetry(options: {
  publicToken: string;
  baseUrl: string;
  dependencies: BrowserDependencies;
  blob: () => TelemetryBlob;
}): Telemetry {
  const { dependencies } = options;
  let queue: object[] = [];
  let timer: unknown = null;

  const flush = () => {
    if (timer !== null) dependencies.clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const body = JSON.stringify(queue);
    queue = [];
    try {
      // wire-format.md §2.2: only Content-Type, no Authorization and no X-SDK-* headers.
      dependencies
        .fetch(options.baseUrl + SDK_API_PREFIX + PATHS.events, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        })
        .catch(() => {});
    } catch {}
  };

  return {
    logEvent(name, details) {
      queue.push({
        telemetry: options.blob(),
        event: { public_token: options.publicToken, event_name: name, details },
      });
      if (queue.length >= BATCH_SIZE) flush();
      else if (timer === null) timer = dependencies.setTimeout(flush, BATCH_INTERVAL_MS);
    },
    flush,
  };
}
