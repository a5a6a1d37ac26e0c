// Issue 25 item 1: the catalogue of events. Each type has a typed payload built from named fields only, so no
// secret (a token, a code, a password or its hash, a key) can enter the log by spreading an object that holds one.
// Types are `<subject>.<what happened>`; webhook endpoints filter on them with `user.*`-style patterns.

/** What each event type carries besides the common columns (time, project, actor, subject user, IP, UA, request). */
export interface EventPayloads {
  'user.created': { method: string; imported: boolean };
  /** `before`/`after`: the changed fields' values, when an operator or the admin API made the change. */
  'user.updated': { fields: string[]; before?: Record<string, unknown>; after?: Record<string, unknown> };
  'user.deleted': Record<string, never>;
  'user.blocked': { reason: string };
  'user.unblocked': Record<string, never>;
  /** `method`: the factor's type (`password`, `magic_link`, `otp`, `webauthn`, `oauth`, …), `factors` every type. */
  'session.created': { session_id: string; method: string; delivery_method: string; factors: string[] };
  'session.refreshed': { session_id: string };
  'session.revoked': {
    session_id: string;
    reason: 'sign_out' | 'revoked' | 'all_sessions' | 'password_change';
  };
  /** `reason`: wrong_password, wrong_code, expired, rate_limited, captcha, blocked, locked, unknown_user, … */
  'sign_in.failed': { method: string; reason: string };
  'password.set': Record<string, never>;
  'password.changed': { via: 'reset_link' | 'existing_password' | 'session' };
  'password.reset_requested': { reason: 'requested' | 'below_policy' };
  'passkey.registered': { webauthn_registration_id: string };
  'passkey.renamed': { webauthn_registration_id: string };
  'passkey.deleted': { webauthn_registration_id: string };
  'totp.enrolled': { totp_id: string };
  'totp.removed': { totp_id: string };
  'recovery_code.used': { totp_id: string };
  'email.added': { email_id: string };
  'email.verified': { email_id: string };
  'email.removed': { email_id: string };
  'phone.added': { phone_id: string };
  'phone.verified': { phone_id: string };
  'phone.removed': { phone_id: string };
  'oauth.linked': { provider_type: string };
  'oauth.unlinked': { oauth_user_registration_id: string };
  'wallet.linked': { crypto_wallet_type: string };
  'wallet.unlinked': { crypto_wallet_id: string };
  'rate_limit.hit': { rule: string };
  /**
   * `reason` (issue 26 item 3, Security): `missing` — the call came without a token (the caller is asked to solve
   * one); any other (`malformed`, `forged`, `foreign`, `expired`, `replayed`) — a token was sent and refused.
   */
  'captcha.required': { action: string; reason?: CaptchaRefusalReason };
  /** Issue 26 item 3: a challenge handed out for `action`; `max_counter`: its work (infra/captcha.ts DIFFICULTY_STEPS). */
  'captcha.issued': { action: string; max_counter: number };
  /** Issue 26 item 3: a solved challenge accepted for `action`. */
  'captcha.solved': { action: string };
  /**
   * Issue 26 item 3: a paid text message (SMS or WhatsApp) handed to the provider or the dev outbox; `country`: the
   * recipient's region (ISO 3166 alpha-2, null when the number names none), never the number.
   */
  'message.sent': { channel: 'sms' | 'whatsapp'; country: string | null };
  'import.completed': {
    source: string;
    imported: number;
    already_imported: number;
    skipped: number;
    dry_run: boolean;
  };
  'project.updated': { fields: string[]; before: Record<string, unknown>; after: Record<string, unknown> };
  /** Issue 25 item 3: every admin API call, whatever it did (its action's own event comes besides). */
  'admin_api.called': { method: string; route: string; status_code: number };
  'admin_api_key.created': { key_id: string; name: string; scopes: string[] };
  'admin_api_key.revoked': { key_id: string };
  'webhook_endpoint.created': { endpoint_id: string; url: string; events: string[] };
  'webhook_endpoint.updated': {
    endpoint_id: string;
    fields: string[];
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  };
  'webhook_endpoint.deleted': { endpoint_id: string; url: string };
  'webhook_endpoint.enabled': { endpoint_id: string };
  /**
   * Issue 26 item 2: the console's operators (features/operators), in the operators project; the subject is the
   * operator's user. `source`: the admin API, CONSOLE_OWNER_EMAIL at start, or `npm run console`.
   */
  'operator.added': { operator_id: string; role: string; source: OperatorChangeSource };
  'operator.role_changed': {
    operator_id: string;
    before: string;
    after: string;
    source: OperatorChangeSource;
  };
  'operator.removed': { operator_id: string; role: string; source: OperatorChangeSource };
}

/** Why the captcha gate refused a call (infra/captcha.ts CaptchaRefusal). */
export type CaptchaRefusalReason = 'missing' | 'malformed' | 'forged' | 'foreign' | 'expired' | 'replayed';

/** Where an operator change came from (issue 26 item 2). */
export type OperatorChangeSource = 'admin_api' | 'console_owner_email' | 'cli';

export type EventType = keyof EventPayloads;

/** Every type, for filters and the admin API's enum. */
export const EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deleted',
  'user.blocked',
  'user.unblocked',
  'session.created',
  'session.refreshed',
  'session.revoked',
  'sign_in.failed',
  'password.set',
  'password.changed',
  'password.reset_requested',
  'passkey.registered',
  'passkey.renamed',
  'passkey.deleted',
  'totp.enrolled',
  'totp.removed',
  'recovery_code.used',
  'email.added',
  'email.verified',
  'email.removed',
  'phone.added',
  'phone.verified',
  'phone.removed',
  'oauth.linked',
  'oauth.unlinked',
  'wallet.linked',
  'wallet.unlinked',
  'rate_limit.hit',
  'captcha.required',
  'captcha.issued',
  'captcha.solved',
  'message.sent',
  'import.completed',
  'project.updated',
  'admin_api.called',
  'admin_api_key.created',
  'admin_api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.enabled',
  'operator.added',
  'operator.role_changed',
  'operator.removed',
] as const satisfies readonly EventType[];

/** Who did it. `user`: the subject user themself (a sign-in, the account page); `anonymous`: before any user. */
export type EventActor =
  | { type: 'user'; id: string }
  | { type: 'anonymous' }
  | { type: 'backend_api'; id: string }
  | { type: 'operator'; id: string }
  | { type: 'admin_api_key'; id: string }
  | { type: 'system'; id: string };

/**
 * Whether `type` matches a webhook endpoint's filter: `*` every type, `user.*` every `user.` type, else exact.
 */
export function eventTypeMatches(filter: string, type: string): boolean {
  if (filter === '*') return true;
  if (filter.endsWith('.*')) return type.startsWith(filter.slice(0, -1));
  return filter === type;
}
