// Issue 26 item 1: the shapes the console reads from the admin API (/admin/v1), written out from the route schemas
// in packages/server/src/features/admin (users-schemas.ts, events-routes.ts, stats-routes.ts, projects-routes.ts)
// and the operators' GET /me. The console depends on these only, never on the server's code; the wire User and
// Session are @gatehouse/protocol's (types only: nothing of it reaches the bundle).
import type { Session, User } from '@gatehouse/protocol';

export type OperatorRole = 'owner' | 'admin' | 'support' | 'viewer' | 'auditor';

/** A second factor an operator may hold: a passkey, or an authenticator app (whose recovery codes also answer). */
export type SecondFactorKind = 'webauthn' | 'totp';

/** GET /admin/v1/me: who the operator is and what they may do. */
export interface Me {
  actor: { type: string; id: string | null };
  /** Null for an admin API key (the console is for operators, but says so plainly if one calls). */
  role: OperatorRole | string | null;
  operator_id?: string | null;
  scopes: string[];
  /** A viewer: personal data in every answer is masked by the server. */
  masked: boolean;
  email: string | null;
  /** Null for an admin API key. `kinds`: what the operator holds, so the console offers only what can answer. */
  second_factor: { enrolled: boolean; in_session: boolean; kinds: SecondFactorKind[] } | null;
  /** Until when dangerous actions go through without signing in again (ISO time), or null. */
  recent_sign_in_until: string | null;
  /** Optional: the projects the operator may open, for roles without projects:read. */
  projects?: ProjectSummary[];
}

export interface ProjectSummary {
  id: string;
  name: string;
  is_development?: boolean;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export interface Email {
  email_id: string;
  email: string;
  verified: boolean;
}
export interface Phone {
  phone_id: string;
  phone_number: string;
  verified: boolean;
}
export interface Wallet {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  verified: boolean;
}
export interface Name {
  first_name: string;
  middle_name: string;
  last_name: string;
}

/** One row of GET /projects/:id/users. */
export interface UserSummary {
  user_id: string;
  created_at: string;
  status: string;
  name: Name;
  username: string | null;
  emails: Email[];
  phone_numbers: Phone[];
  crypto_wallets: Wallet[];
  has_password: boolean;
  /** Issue 26 item 3: the ways the user can sign in. */
  methods?: UserMethod[];
  blocked_at: string | null;
  blocked_reason: string | null;
  /** Issue 26 item 3: null when the user never signed in. */
  last_sign_in_at?: string | null;
}

/** Issue 26 item 3: the list's `method` filter (admin-user-search.ts ADMIN_USER_METHODS). */
export const USER_METHODS = [
  'password',
  'passkey',
  'totp',
  'crypto_wallet',
  'oauth',
  'email',
  'phone',
] as const;
export type UserMethod = (typeof USER_METHODS)[number];

/** PATCH /projects/:id/users/:user_id: top-level metadata keys replace; a key set to null is removed. */
export interface UserPatch {
  trusted_metadata?: Record<string, unknown>;
  untrusted_metadata?: Record<string, unknown>;
}

/** The wire-format.md §4.1 User (@gatehouse/protocol) plus the username the admin API adds. */
export type WireUser = User & { username: string | null };

/** The wire-format.md §4.1 Session, as the admin API lists a user's sessions. */
export type WireSession = Session;

/** GET /projects/:id/users/:user_id. */
export interface UserDetail {
  user: WireUser;
  blocked_at: string | null;
  blocked_reason: string | null;
  last_sign_in_at?: string | null;
  sessions: WireSession[];
}

/** One event of GET /projects/:id/events. */
export interface EventRecord {
  id: string;
  seq: number;
  project_id: string | null;
  type: string;
  occurred_at: string;
  actor: { type: string; id: string | null };
  subject_user_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  request_id: string | null;
  payload: Record<string, unknown>;
}

/** GET /projects/:id/stats. */
export interface Stats {
  interval: 'day' | 'hour';
  from: string;
  to: string;
  buckets: string[];
  sign_ins: Array<{
    method: string;
    outcome: 'success' | 'failure';
    reason: string | null;
    total: number;
    counts: number[];
  }>;
  sign_ups: { total: number; counts: number[] };
  active_users: { counts: number[] };
  rate_limit_hits: Array<{ rule: string; total: number; counts: number[] }>;
  /** Issue 26: who holds which factor now (features/admin/adoption.ts). */
  adoption: { users: number; passkey_users: number; second_factor_users: number };
}

// Issue 26 item 3 (Projects and settings): GET/PATCH /projects/:id and the redirect URL checker
// (packages/server/src/features/admin/settings-routes.ts, projects-routes.ts).

/** Where a setting comes from: the project file and the environment are applied at every start (read-only here). */
export type SettingSource = 'project_file' | 'environment' | 'console' | 'default';

export interface AllowlistEntry {
  value: string;
  source: SettingSource;
  /** False: added by the server as it reads the development project (not stored, not editable). */
  stored: boolean;
}

export interface ProjectDetail {
  id: string;
  name: string;
  is_development: boolean;
  from_project_file: boolean;
  public_token_test: string;
  public_token_live: string;
  allowed_origins: string[];
  allowed_redirect_urls: string[];
  enabled_products: string[];
  settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  setting_sources: Record<string, SettingSource>;
  allowlist: { allowed_origins: AllowlistEntry[]; allowed_redirect_urls: AllowlistEntry[] };
  oauth_providers: Array<{
    provider: string;
    client_id: string;
    callback_url: string;
    one_tap: boolean;
    scopes: string[] | null;
    source: SettingSource;
  }>;
  setting_defaults: Record<string, unknown>;
  server_limits: {
    session_duration_minutes: { default: number; minimum: number; maximum: number; source: SettingSource };
    sms_daily_limit: { value: number; source: SettingSource };
  };
}

/** PATCH /projects/:id: only the members that change. */
export interface ProjectChanges {
  allowed_origins?: string[];
  allowed_redirect_urls?: string[];
  enabled_products?: string[];
  settings?: Record<string, unknown>;
}

export interface RedirectUrlCheck {
  allowed: boolean;
  url: string | null;
  rule: 'exact' | 'development_origin' | null;
  matched_entry: string | null;
  reason: string;
}

/** One message of GET /projects/:id/messages (the message log; features/admin/data-routes.ts). */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject: string | null;
  /** sent: accepted by SMTP or the SMS provider; failed: refused or unreachable; outbox: kept in the dev outbox. */
  status: 'sent' | 'failed' | 'outbox';
  provider: string;
  provider_answer: string | null;
  provider_message_id: string | null;
  /** The body while the dev outbox keeps the message; null once it left this server. */
  text: string | null;
  html: string | null;
  links: string[];
  codes: string[];
  created_at: string;
}

/** A webhook endpoint (features/admin/webhooks-routes.ts); its secret is never in it. */
export interface WebhookEndpoint {
  id: string;
  project_id: string;
  url: string;
  events: string[];
  source: 'file' | 'api';
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookDeliveryStatus = 'pending' | 'failed' | 'succeeded' | 'dead';

/** One row of the delivery log (GET /projects/:id/webhook-deliveries). */
export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_response_excerpt: string | null;
  last_error: string | null;
  created_at: string;
}

// Issue 26 (Operators and API keys, Import and export): packages/server/src/features/operators/operator-routes.ts,
// features/admin/keys-routes.ts and features/admin/data-routes.ts.

export interface Operator {
  operator_id: string;
  user_id: string;
  email: string | null;
  role: OperatorRole;
  created_at: string;
  created_by: string;
  second_factor_enrolled: boolean;
  /** Their newest console sign-in (a passkey confirmation included), or null if never. */
  last_sign_in_at: string | null;
}

/** What a role may do, as the server's ROLE_SCOPES says (GET /operators). */
export interface RoleDescription {
  role: OperatorRole;
  scopes: string[];
  masked: boolean;
}

export interface AdminApiKey {
  id: string;
  name: string;
  /** The key's first characters, to tell keys apart (never the key). */
  prefix: string;
  scopes: string[];
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type ImportSource = 'stytch' | 'clerk' | 'auth0' | 'gatehouse';

export interface ImportSummary {
  imported: number;
  already_imported: number;
  skipped: Array<{ row: number; external_id: string | null; reason: string; message: string }>;
  dropped: Array<{ row: number; external_id: string; fields: Array<{ field: string; reason: string }> }>;
}

// Issue 26 item 3 (Security): GET /projects/:id/security (packages/server/src/features/admin/security-routes.ts).
export interface CaptchaActionCounts {
  action: string;
  issued: number;
  solved: number;
  failed: number;
  required: number;
}

export interface SecurityStats {
  from: string;
  to: string;
  rate_limits: {
    total: number;
    by_rule: Array<{ rule: string; total: number }>;
    by_rule_and_ip: Array<{ rule: string; ip_address: string | null; total: number }>;
  };
  captcha: {
    enabled: boolean;
    issued: number;
    solved: number;
    failed: number;
    required: number;
    by_action: CaptchaActionCounts[];
    latest_max_counter: number | null;
    peak_max_counter: number | null;
    difficulty_steps: Array<{ from_challenges: number; max_counter: number }>;
  };
  breached_passwords: { total: number };
  failing_ips: Array<{
    ip_address: string;
    total: number;
    reasons: Array<{ reason: string; total: number }>;
  }>;
  sms: {
    total: number;
    by_country: Array<{
      country: string | null;
      sms: number;
      whatsapp: number;
      total: number;
      allowed: boolean;
    }>;
    daily_limit: number;
    daily_limit_source: 'project' | 'server';
    sent_today: number | null;
    window_ends_at: string | null;
    allowed_countries: string[] | null;
  };
}

// Issue 26 item 3 (System): GET /system (packages/server/src/features/admin/system-routes.ts).
export type CheckOutcome = 'ok' | 'failed' | 'not_configured';

export interface ProviderHealth {
  mode: 'provider' | 'dev_outbox' | 'none';
  target: string | null;
  reachable: boolean | null;
  latency_ms: number | null;
  error: string | null;
}

export interface SystemHealth {
  status: 'ready' | 'degraded' | 'not_ready' | 'draining';
  version: string;
  environment: string;
  node_version: string;
  started_at: string;
  database: {
    kind: 'pglite' | 'postgres';
    status: CheckOutcome;
    migrations: {
      applied: number;
      known: number;
      latest_applied: string | null;
      latest: string;
      up_to_date: boolean;
    };
  };
  redis: { configured: boolean; status: CheckOutcome; rate_limit_store: 'memory' | 'postgres' | 'redis' };
  email: ProviderHealth;
  sms: ProviderHealth;
  webhooks: {
    queued: number;
    failing: number;
    dead: number;
    oldest_due_at: string | null;
    disabled_endpoints: number;
  };
  metrics:
    | {
        enabled: true;
        messages_sent: Record<string, number>;
        sign_ins: number;
        failures: number;
        rate_limited: number;
        captcha_challenges: number;
      }
    | { enabled: false };
}
