// Issue 25 item 3: the shapes of the admin API's user routes. The OpenAPI document is generated from them and the
// answers are serialised by them (an undeclared field is dropped), so the wire User (wire-format.md §4.1) is spelt
// out field by field; only the free-form parts (metadata, a factor's sub-object, custom claims) stay open.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { CreatedBy } from '../users';
import { ADMIN_USER_METHODS, type AdminUserMethod, type AdminUserRow } from '../users/admin-user-search';
import { adminCallerOf, adminEventRequest } from './admin-request';

export const USER_TAGS = ['Users'];

/** The actor and request of the events an admin call records: the admin caller's. */
export function createdBy(request: FastifyRequest): CreatedBy {
  return { actor: adminCallerOf(request).actor, request: adminEventRequest(request) };
}

const Free = Type.Object({}, { additionalProperties: true });
const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);

const Name = Type.Object({ first_name: Type.String(), middle_name: Type.String(), last_name: Type.String() });
const Email = Type.Object({ email_id: Type.String(), email: Type.String(), verified: Type.Boolean() });
const Phone = Type.Object({ phone_id: Type.String(), phone_number: Type.String(), verified: Type.Boolean() });
const Wallet = Type.Object({
  crypto_wallet_id: Type.String(),
  crypto_wallet_address: Type.String(),
  crypto_wallet_type: Type.String(),
  verified: Type.Boolean(),
});

/** The wire User, with Gatehouse's username. */
export const WireUser = Type.Object({
  user_id: Type.String(),
  created_at: Time,
  status: Type.String(),
  name: Name,
  username: Type.Union([Type.String(), Type.Null()]),
  emails: Type.Array(Email),
  phone_numbers: Type.Array(Phone),
  providers: Type.Array(
    Type.Object({
      oauth_user_registration_id: Type.String(),
      provider_subject: Type.String(),
      provider_type: Type.String(),
      profile_picture_url: Type.String(),
      locale: Type.String(),
    }),
  ),
  webauthn_registrations: Type.Array(
    Type.Object({
      webauthn_registration_id: Type.String(),
      domain: Type.String(),
      user_agent: Type.String(),
      authenticator_type: Type.String(),
      verified: Type.Boolean(),
      name: Type.String(),
      created_at: Type.Optional(Time),
      last_used_at: Type.Optional(NullableTime),
    }),
  ),
  crypto_wallets: Type.Array(Wallet),
  totps: Type.Array(Type.Object({ totp_id: Type.String(), verified: Type.Boolean() })),
  biometric_registrations: Type.Array(
    Type.Object({ biometric_registration_id: Type.String(), verified: Type.Boolean() }),
  ),
  password: Type.Union([
    Type.Object({ password_id: Type.String(), requires_reset: Type.Boolean() }),
    Type.Null(),
  ]),
  trusted_metadata: Free,
  untrusted_metadata: Free,
});

export const WireSession = Type.Object({
  session_id: Type.String(),
  user_id: Type.String(),
  started_at: Time,
  last_accessed_at: Time,
  expires_at: Time,
  attributes: Type.Object({ ip_address: Type.String(), user_agent: Type.String() }),
  authentication_factors: Type.Array(Free),
  custom_claims: Type.Union([Free, Type.Null()]),
});

/** Issue 26 item 3: a way to sign in, as the list's `method` filter and `methods` field name it. */
export const UserMethod = Type.Union([
  Type.Literal('password'),
  Type.Literal('passkey'),
  Type.Literal('totp'),
  Type.Literal('crypto_wallet'),
  Type.Literal('oauth'),
  Type.Literal('email'),
  Type.Literal('phone'),
] satisfies { [K in keyof typeof ADMIN_USER_METHODS]: unknown });

const Blocked = {
  blocked_at: NullableTime,
  blocked_reason: Type.Union([Type.String(), Type.Null()]),
  /** Issue 26 item 3: when a session was last issued or extended by a proof; null: never. */
  last_sign_in_at: NullableTime,
};

/** One row of the list: who the user is and how to reach them, without factors or metadata. */
export const UserSummary = Type.Object({
  user_id: Type.String(),
  created_at: Time,
  status: Type.String(),
  name: Name,
  username: Type.Union([Type.String(), Type.Null()]),
  emails: Type.Array(Email),
  phone_numbers: Type.Array(Phone),
  crypto_wallets: Type.Array(Wallet),
  has_password: Type.Boolean(),
  /** Issue 26 item 3: the ways the user can sign in (the list's method filter and column). */
  methods: Type.Array(UserMethod),
  ...Blocked,
});

/** The detail: the whole wire User, the block, and the user's live sessions. */
export const UserDetail = Type.Object({
  user: WireUser,
  ...Blocked,
  sessions: Type.Array(WireSession),
});

export const UserParams = Type.Object({
  project_id: Type.String({ minLength: 1, maxLength: 200 }),
  user_id: Type.String({ minLength: 1, maxLength: 200 }),
});

export function toSummary(row: AdminUserRow) {
  const { user } = row;
  return {
    user_id: user.user_id,
    created_at: user.created_at,
    status: user.status,
    name: user.name,
    username: user.username ?? null,
    emails: user.emails,
    phone_numbers: user.phone_numbers,
    crypto_wallets: user.crypto_wallets,
    has_password: user.password !== null,
    methods: methodsOf(user),
    blocked_at: row.blockedAt,
    blocked_reason: row.blockedReason,
    last_sign_in_at: row.lastSignInAt,
  };
}

/** The methods the user holds, as the list's `method` filter reads them (admin-user-search.ts holdsMethod). */
function methodsOf(user: AdminUserRow['user']): AdminUserMethod[] {
  const held: Record<AdminUserMethod, boolean> = {
    password: user.password !== null,
    passkey: user.webauthn_registrations.some((each) => each.verified),
    totp: user.totps.some((each) => each.verified),
    crypto_wallet: user.crypto_wallets.some((each) => each.verified),
    oauth: user.providers.length > 0,
    email: user.emails.length > 0,
    phone: user.phone_numbers.length > 0,
  };
  return ADMIN_USER_METHODS.filter((method) => held[method]);
}
