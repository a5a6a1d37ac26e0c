// Issue 20 item 4 (security-tests.md SS-09): security notices. PLACEHOLDER API — the notices helper replaces the body.
import type { AppContext, RequestContext } from '../../infra/context';

/** What happened to the account (each a notice of its own). */
export type SecurityNoticeEvent =
  | { kind: 'password_set' }
  | { kind: 'password_changed' }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string }
  | { kind: 'totp_added' }
  | { kind: 'totp_removed' }
  | { kind: 'email_added'; email: string }
  | { kind: 'phone_number_added'; phoneNumber: string }
  | { kind: 'recovery_code_used'; remaining: number }
  | { kind: 'password_locked'; failures: number }
  | { kind: 'totp_locked'; failures: number };

/**
 * Tells the user, on a channel they proved (a verified e-mail address; a verified phone number when they have no
 * verified address), what changed, when, from which device and IP. Never awaited by the caller's answer: a failed
 * delivery is logged. Call it after the change committed.
 */
export function notifySecurityEvent(
  _ctx: AppContext,
  _request: Pick<RequestContext, 'project' | 'ip' | 'userAgent' | 'log'>,
  _options: { userId: string; event: SecurityNoticeEvent },
): void {}
