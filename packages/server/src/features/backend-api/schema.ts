// Request shapes of the backend API (Stytch's /v1 field names). Types strict and sizes bounded (security-tests.md
// IV-01, IV-02); extra keys are tolerated, as Stytch's libraries send some this server does not use.
import { type Static, Type } from 'typebox';

const Token = Type.String({ minLength: 1, maxLength: 4096 });
const Id = Type.String({ minLength: 1, maxLength: 200 });
const Metadata = Type.Record(Type.String({ maxLength: 256 }), Type.Unknown());

export const SessionAuthenticateBody = Type.Object({
  session_token: Type.Optional(Token),
  session_jwt: Type.Optional(Token),
  session_duration_minutes: Type.Optional(Type.Integer()),
});
export type SessionAuthenticateBody = Static<typeof SessionAuthenticateBody>;

export const SessionRevokeBody = Type.Object({
  session_id: Type.Optional(Id),
  session_token: Type.Optional(Token),
  session_jwt: Type.Optional(Token),
});
export type SessionRevokeBody = Static<typeof SessionRevokeBody>;

export const SessionsQuery = Type.Object({ user_id: Id });
export type SessionsQuery = Static<typeof SessionsQuery>;

export const UserParams = Type.Object({ user_id: Id });
export type UserParams = Static<typeof UserParams>;

const NamePart = Type.String({ maxLength: 256 });
export const UserUpdateBody = Type.Object({
  name: Type.Optional(
    Type.Object({
      first_name: Type.Optional(NamePart),
      middle_name: Type.Optional(NamePart),
      last_name: Type.Optional(NamePart),
    }),
  ),
  trusted_metadata: Type.Optional(Metadata),
  untrusted_metadata: Type.Optional(Metadata),
});
export type UserUpdateBody = Static<typeof UserUpdateBody>;

export const UserSearchBody = Type.Object({
  cursor: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
  limit: Type.Optional(Type.Integer()),
  query: Type.Optional(
    Type.Object({
      operator: Type.Optional(Type.Union([Type.Literal('AND'), Type.Literal('OR')])),
      operands: Type.Optional(
        Type.Array(
          Type.Object({ filter_name: Type.String({ maxLength: 64 }), filter_value: Type.Unknown() }),
          {
            maxItems: 20,
          },
        ),
      ),
    }),
  ),
});
export type UserSearchBody = Static<typeof UserSearchBody>;
