// Request bodies of the login-link routes (wire-format.md §4.4). Extra keys are tolerated: the SDK spreads
// caller options into the body. Bounds that have their own documented error (e-mail shape, expiry minutes,
// redirect URLs, session duration) are checked in the service so they answer with that error_type; the schema
// keeps types strict and sizes bounded (security-tests.md IV-01, IV-02).
import { type Static, Type } from 'typebox';

// Identifiers that reach the database: printable ASCII only (no NUL, no CR/LF; security-tests.md IV-04).
const IDENTIFIER = '^[A-Za-z0-9._:@/+-]*$';

const optionalUrl = Type.Optional(Type.String({ maxLength: 2048 }));
const optionalMinutes = Type.Optional(Type.Integer());
const optionalTemplate = Type.Optional(Type.String({ maxLength: 128, pattern: IDENTIFIER }));

export const SendMagicLinkBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 1024 }),
  login_magic_link_url: optionalUrl,
  signup_magic_link_url: optionalUrl,
  login_expiration_minutes: optionalMinutes,
  signup_expiration_minutes: optionalMinutes,
  login_template_id: optionalTemplate,
  signup_template_id: optionalTemplate,
  /** wire-format.md §6: base64url(SHA-256(verifier)) without padding is always 43 characters. */
  code_challenge: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })),
  captcha_token: Type.Optional(Type.String({ maxLength: 4096 })),
  dfp_telemetry_id: Type.Optional(Type.String({ maxLength: 1024 })),
  locale: Type.Optional(Type.String({ maxLength: 35, pattern: '^[A-Za-z0-9-]*$' })),
  /** Stytch's backend option; the widget never sends it (wire-format.md §4.4). */
  create_user_as_pending: Type.Optional(Type.Boolean()),
});
export type SendMagicLinkBody = Static<typeof SendMagicLinkBody>;

export const AuthenticateMagicLinkBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  session_duration_minutes: Type.Optional(Type.Integer()),
  code_verifier: Type.Optional(Type.String({ maxLength: 512 })),
});
export type AuthenticateMagicLinkBody = Static<typeof AuthenticateMagicLinkBody>;
