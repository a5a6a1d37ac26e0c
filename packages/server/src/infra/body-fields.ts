// Fields shared by the request bodies of every sign-in method (issue 8: one shape across methods). Types are
// strict (a string for a number is a 400 schema error, security-tests.md IV-01) and sizes bounded (IV-02); ranges
// that have their own documented error type are checked by the service, so `session_duration_minutes: 3` answers
// 400 invalid_session_duration on every route alike (features/sessions validateSessionDuration).
import { Type } from 'typebox';

/** Identifiers that reach the database: printable ASCII only (no NUL, no CR/LF; security-tests.md IV-04). */
export const IDENTIFIER_PATTERN = '^[A-Za-z0-9._:@/+-]*$';

/** SPEC §7 session_duration_minutes: minutes, range checked by validateSessionDuration. */
export const SessionDurationField = Type.Optional(Type.Integer());

/** wire-format.md §3.5: the SDK adds these to most sign-in bodies (omitted when undefined). */
export const CaptchaFields = {
  captcha_token: Type.Optional(Type.String({ maxLength: 4096 })),
  dfp_telemetry_id: Type.Optional(Type.String({ maxLength: 1024 })),
};

/** Template ids of the sends (stored; the built-in templates render every id). */
export const TemplateIdField = Type.Optional(Type.String({ maxLength: 128, pattern: IDENTIFIER_PATTERN }));

/**
 * A BCP 47 language tag (Stytch's `locale` option). Issue 27 item 2: any string of at most 35 characters; one that
 * names no shipped locale (`zh`, `x-pig-latin`, garbage) falls back down the order of
 * infra/message-locale.ts instead of refusing the message. Only the shipped locale it matched is ever stored.
 */
export const LocaleField = Type.Optional(Type.String({ maxLength: 35 }));

/** wire-format.md §6: base64url(SHA-256(verifier)) without padding is always 43 characters. */
export const CodeChallengeField = Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }));

/** RFC 7636 §4.1 bounds the verifier to 43..128 characters; longer input is refused by the schema. */
export const CodeVerifierField = Type.Optional(Type.String({ maxLength: 512 }));
