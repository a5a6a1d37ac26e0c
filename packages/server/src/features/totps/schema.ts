// Request bodies of the TOTP routes (wire-format.md §4.8). Types strict, sizes bounded (security-tests.md IV-01,
// IV-02); ranges and code shapes with a documented error type are checked by the service.
import { type Static, Type } from 'typebox';
import { CaptchaFields, SessionDurationField } from '../../infra/body-fields';

export const CreateBody = Type.Object({
  /** wire-format.md §5-ish usage check: `totps.create` requires a numeric expiration_minutes (the SDK always sends it). */
  expiration_minutes: Type.Optional(Type.Integer()),
});
export type CreateBody = Static<typeof CreateBody>;

export const AuthenticateBody = Type.Object({
  totp_code: Type.String({ maxLength: 64 }),
  session_duration_minutes: SessionDurationField,
  ...CaptchaFields,
});
export type AuthenticateBody = Static<typeof AuthenticateBody>;

export const RecoverBody = Type.Object({
  recovery_code: Type.String({ maxLength: 64 }),
  session_duration_minutes: SessionDurationField,
  ...CaptchaFields,
});
export type RecoverBody = Static<typeof RecoverBody>;
