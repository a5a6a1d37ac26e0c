// The account changes a security notice tells the owner about (issue 20 item 4; security-tests.md SS-09, SS-05
// "every such change sends a security notification", WA-08, BF-06 "using one sends a notification", BF-09 "the
// owner is told").

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

export type SecurityNoticeKind = SecurityNoticeEvent['kind'];
