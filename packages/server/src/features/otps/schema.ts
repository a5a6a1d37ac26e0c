// Request bodies of the passcode routes (wire-format.md §4.5). Extra keys are tolerated, as on the login-link
// routes: the SDK spreads caller options into the body. Bounds with their own documented error (phone number,
// e-mail shape, expiration minutes, session duration) are checked in the service so they answer with that
// error_type; the schema keeps types strict and sizes bounded (security-tests.md IV-01, IV-02).
import { type Static, Type } from 'typebox';
import {
  CaptchaFields,
  IDENTIFIER_PATTERN,
  LocaleField,
  SessionDurationField,
  TemplateIdField,
} from '../../infra/body-fields';

const common = {
  expiration_minutes: Type.Optional(Type.Integer()),
  login_template_id: TemplateIdField,
  signup_template_id: TemplateIdField,
  locale: LocaleField,
  ...CaptchaFields,
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
  method_id: Type.String({ minLength: 1, maxLength: 128, pattern: IDENTIFIER_PATTERN }),
  session_duration_minutes: SessionDurationField,
  ...CaptchaFields,
  /** Issue 27 item 2: the widget's locale, remembered as the user's (not a Stytch field; tolerated by it). */
  locale: LocaleField,
});
export type AuthenticateOtpBody = Static<typeof AuthenticateOtpBody>;
