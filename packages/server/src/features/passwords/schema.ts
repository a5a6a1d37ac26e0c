// Request bodies of the password routes (wire-format.md §4.10). Extra keys are tolerated: the SDK spreads caller
// options into the body. A password's own bounds (8..256 code points, the kit's assertLength) answer with their own
// error; the schema only bounds the size so a 1 MB password is a quick 400 before any work (security-tests.md
// BF-07, IV-02): 256 code points are at most 512 UTF-16 units.
import { type Static, Type } from 'typebox';
import {
  CaptchaFields,
  CodeChallengeField,
  CodeVerifierField,
  LocaleField,
  SessionDurationField,
  TemplateIdField,
} from '../../infra/body-fields';

/** Room for 256 code points of any plane (2 UTF-16 units each). */
export const MAX_PASSWORD_UNITS = 512;

const Password = Type.String({ maxLength: MAX_PASSWORD_UNITS });
const Email = Type.String({ minLength: 1, maxLength: 1024 });
const optionalUrl = Type.Optional(Type.String({ maxLength: 2048 }));

export const CreatePasswordBody = Type.Object({
  email: Email,
  password: Password,
  session_duration_minutes: SessionDurationField,
  ...CaptchaFields,
  /** Issue 27 item 2: the widget's locale, remembered as the user's (not a Stytch field; tolerated by it). */
  locale: LocaleField,
});
export type CreatePasswordBody = Static<typeof CreatePasswordBody>;

export const AuthenticatePasswordBody = CreatePasswordBody;
export type AuthenticatePasswordBody = Static<typeof AuthenticatePasswordBody>;

export const ResetStartBody = Type.Object({
  email: Email,
  login_redirect_url: optionalUrl,
  reset_password_redirect_url: optionalUrl,
  reset_password_expiration_minutes: Type.Optional(Type.Integer()),
  reset_password_template_id: TemplateIdField,
  code_challenge: CodeChallengeField,
  locale: LocaleField,
  ...CaptchaFields,
});
export type ResetStartBody = Static<typeof ResetStartBody>;

export const ResetByEmailBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  password: Password,
  session_duration_minutes: SessionDurationField,
  code_verifier: CodeVerifierField,
  ...CaptchaFields,
});
export type ResetByEmailBody = Static<typeof ResetByEmailBody>;

export const ResetByExistingPasswordBody = Type.Object({
  email: Email,
  existing_password: Password,
  new_password: Password,
  session_duration_minutes: SessionDurationField,
  ...CaptchaFields,
});
export type ResetByExistingPasswordBody = Static<typeof ResetByExistingPasswordBody>;

export const ResetBySessionBody = Type.Object({
  password: Password,
  session_duration_minutes: SessionDurationField,
  ...CaptchaFields,
});
export type ResetBySessionBody = Static<typeof ResetBySessionBody>;

export const StrengthCheckBody = Type.Object({
  email: Type.Optional(Email),
  password: Password,
});
export type StrengthCheckBody = Static<typeof StrengthCheckBody>;
