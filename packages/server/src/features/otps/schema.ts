// Request bodies of the passcode routes (wire-format.md §4.5). Extra keys are tolerated, as on the login-link
// routes: the SDK spreads caller options into the body. Bounds with their own documented error (phone number,
// e-mail shape, expiration minutes, session duration) are checked in the service so they answer with that
// error_type; the schema keeps types strict and sizes bounded (security-tests.md IV-01, IV-02).
import { type Static, Type } from 'typebox';

// Identifiers that reach the database: printable ASCII only (no NUL, no CR/LF; security-tests.md IV-04).
const IDENTIFIER = '^[A-Za-z0-9._:@/+-]*$';

const common = {
  expiration_minutes: Type.Optional(Type.Integer()),
  login_template_id: Type.Optional(Type.String({ maxLength: 128, pattern: IDENTIFIER })),
  signup_template_id: Type.Optional(Type.String({ maxLength: 128, pattern: IDENTIFIER })),
  locale: Type.Optional(Type.String({ maxLength: 35, pattern: '^[A-Za-z0-9-]*$' })),
  captcha_token: Type.Optional(Type.String({ maxLength: 4096 })),
  dfp_telemetry_id: Type.Optional(Type.String({ maxLength: 1024 })),
};

export const SendPhoneOtpBody = Type.Object({
  phone_number: Type.String({ minLength: 1, maxLength: 64 }),
  ...common,
});
export type SendPhoneOtpBody = Static<typeof SendPhoneOtpBody>;

export const SendEmailOtpBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 1024 }),
  ...common,
});
export type SendEmailOtpBody = Static<typeof SendEmailOtpBody>;

export const AuthenticateOtpBody = Type.Object({
  /** The passcode; anything but 6 digits simply does not match (and still counts as an attempt). */
  token: Type.String({ minLength: 1, maxLength: 64 }),
  method_id: Type.String({ minLength: 1, maxLength: 128, pattern: IDENTIFIER }),
  session_duration_minutes: Type.Optional(Type.Integer()),
  captcha_token: Type.Optional(Type.String({ maxLength: 4096 })),
  dfp_telemetry_id: Type.Optional(Type.String({ maxLength: 1024 })),
});
export type AuthenticateOtpBody = Static<typeof AuthenticateOtpBody>;
