// Request body of POST /sdk/v1/oauth/authenticate (wire-format.md §4.6): { token, code_verifier?,
// session_duration_minutes }. Extra keys are tolerated like every SDK body (the SDK spreads caller options).
import { type Static, Type } from 'typebox';
import { CaptchaFields, CodeVerifierField, SessionDurationField } from '../../infra/body-fields';

export const AuthenticateOAuthBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  session_duration_minutes: SessionDurationField,
  code_verifier: CodeVerifierField,
  ...CaptchaFields,
});
export type AuthenticateOAuthBody = Static<typeof AuthenticateOAuthBody>;
