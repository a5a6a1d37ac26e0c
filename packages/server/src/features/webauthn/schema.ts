// Request bodies of the passkey routes (SPEC §7, wire-format.md §4.9). Extra keys are tolerated (the SDK adds
// captcha/dfp fields); types are strict and sizes bounded (security-tests.md IV-01, IV-02). The domain's allow-list
// check and the credential's own checks run in the service, so they answer with their documented error types.
import { type Static, Type } from 'typebox';
import { CaptchaFields, SessionDurationField } from '../../infra/body-fields';
import { MAX_REGISTRATION_NAME_LENGTH } from './registration-name';

const Domain = Type.String({ minLength: 1, maxLength: 253 });
/** A credential JSON string; real ones are a few kilobytes (attestation certificates included). */
const PublicKeyCredential = Type.String({ minLength: 2, maxLength: 65_536 });

export const RegisterStartBody = Type.Object({
  domain: Domain,
  authenticator_type: Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')])),
  return_passkey_credential_options: Type.Optional(Type.Boolean()),
  user_agent: Type.Optional(Type.String({ maxLength: 1024 })),
  // Issue 9 item 3: a ceremony start is captcha-protected under pressure.
  ...CaptchaFields,
});
export type RegisterStartBody = Static<typeof RegisterStartBody>;

export const RegisterBody = Type.Object({
  public_key_credential: PublicKeyCredential,
  session_duration_minutes: SessionDurationField,
  ...CaptchaFields,
});
export type RegisterBody = Static<typeof RegisterBody>;

export const AuthenticateStartBody = Type.Object({
  domain: Domain,
  return_passkey_credential_options: Type.Optional(Type.Boolean()),
  ...CaptchaFields,
});
export type AuthenticateStartBody = Static<typeof AuthenticateStartBody>;

export const AuthenticateBody = Type.Object({
  public_key_credential: PublicKeyCredential,
  session_duration_minutes: SessionDurationField,
  ...CaptchaFields,
});
export type AuthenticateBody = Static<typeof AuthenticateBody>;

/** A name needs one visible character (a blank name would make an unlabelled row in the passkey list). */
export const UpdateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: MAX_REGISTRATION_NAME_LENGTH, pattern: '\\S' }),
});
export type UpdateBody = Static<typeof UpdateBody>;

export const RegistrationParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export type RegistrationParams = Static<typeof RegistrationParams>;
