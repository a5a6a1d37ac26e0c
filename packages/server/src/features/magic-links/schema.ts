// Request bodies of the login-link routes (wire-format.md §4.4). Extra keys are tolerated: the SDK spreads
// caller options into the body. Bounds that have their own documented error (e-mail shape, expiry minutes,
// redirect URLs, session duration) are checked in the service so they answer with that error_type; the schema
// keeps types strict and sizes bounded (security-tests.md IV-01, IV-02).
import { type Static, Type } from 'typebox';
import {
  CaptchaFields,
  CodeChallengeField,
  CodeVerifierField,
  LocaleField,
  SessionDurationField,
  TemplateIdField,
} from '../../infra/body-fields';

const optionalUrl = Type.Optional(Type.String({ maxLength: 2048 }));
const optionalMinutes = Type.Optional(Type.Integer());

export const SendMagicLinkBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 1024 }),
  login_magic_link_url: optionalUrl,
  signup_magic_link_url: optionalUrl,
  login_expiration_minutes: optionalMinutes,
  signup_expiration_minutes: optionalMinutes,
  login_template_id: TemplateIdField,
  signup_template_id: TemplateIdField,
  code_challenge: CodeChallengeField,
  ...CaptchaFields,
  locale: LocaleField,
  /** Stytch's backend option; the widget never sends it (wire-format.md §4.4). */
  create_user_as_pending: Type.Optional(Type.Boolean()),
});
export type SendMagicLinkBody = Static<typeof SendMagicLinkBody>;

export const AuthenticateMagicLinkBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  session_duration_minutes: SessionDurationField,
  code_verifier: CodeVerifierField,
  /** Issue 27 item 2: the widget's locale, remembered as the user's (not a Stytch field; tolerated by it). */
  locale: LocaleField,
});
export type AuthenticateMagicLinkBody = Static<typeof AuthenticateMagicLinkBody>;
