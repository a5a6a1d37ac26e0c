// wire-format.md §2.1 and §4.12: the X-SDK-Client blob and the /events batch items.

export interface TelemetryBlob {
  event_id: string;
  app_session_id: string;
  persistent_id: string;
  client_sent_at: string;
  timezone: string;
  stytch_user_id?: string;
  stytch_session_id?: string;
  app: { identifier: string; version?: string };
  /**
   * `captcha` is Gatehouse's own addition: CAPTCHA_CAPABILITY when the SDK was given a captcha solver (issue 9
   * item 3), absent otherwise (and always absent from the Stytch SDK).
   */
  sdk: { identifier: string; version: string; captcha?: string };
}

export interface TelemetryEvent {
  public_token: string;
  event_name: string;
  details: Record<string, unknown>;
  error_code?: string;
  error_description?: string;
  http_status_code?: string;
}

export interface TelemetryBatchItem {
  telemetry: TelemetryBlob;
  event: TelemetryEvent;
}

/** SPEC §7 event log names. Later methods add theirs. */
export type TelemetryEventName =
  | 'sdk_instance_instantiated'
  | 'render_login_screen'
  | 'email_sent'
  | 'email_try_again_clicked'
  | 'start_oauth_flow'
  | (string & {});
