// Sign in with Apple. Endpoints from https://appleid.apple.com/.well-known/openid-configuration. Apple has no
// userinfo endpoint: the profile is the ID token's claims, plus the name Apple posts once, in the `user` form field
// of the first callback (response_mode=form_post, required when the name or email scope is asked for).
//
// Client authentication: the client secret is an ES256 JWT signed with the team's private key ("Creating a client
// secret", Apple Developer): header kid = key id; iss = team id, iat, exp at most six months later, aud =
// https://appleid.apple.com, sub = the client (Services) id.
//
// emailVerified: Apple's `email_verified` (a boolean or the string "true") is accepted. Apple is authoritative for
// its private relay addresses (`is_private_email`) and verifies any other address before it is used for an Apple ID.
import { importPKCS8, SignJWT } from 'jose';
import type { ProviderPreset } from '../preset';
import { emailOf, flagOf, objectOf, requireSubject, subjectOf, textOf } from './profile-fields';

export const APPLE_ISSUER = 'https://appleid.apple.com';
/** Apple's limit on a client secret's lifetime: 15777000 seconds (six months). */
export const APPLE_CLIENT_SECRET_MAX_SECONDS = 15_777_000;

export interface AppleClientSecretOptions {
  /** The 10-character Team ID. */
  teamId: string;
  /** The Key ID of the Sign in with Apple private key. */
  keyId: string;
  /** The Services ID (the OAuth client_id). */
  clientId: string;
  /** The .p8 private key, PEM (PKCS #8). */
  privateKey: string;
  now: Date;
  /** Seconds until the secret expires; defaults to one hour, refused above six months. */
  lifetimeSeconds?: number;
}

/** Makes Apple's client secret for one token request (an ES256 JWT; see the file comment). */
export async function createAppleClientSecret(options: AppleClientSecretOptions): Promise<string> {
  const lifetime = options.lifetimeSeconds ?? 3600;
  if (!Number.isInteger(lifetime) || lifetime <= 0 || lifetime > APPLE_CLIENT_SECRET_MAX_SECONDS) {
    throw new RangeError(
      `An Apple client secret lives 1..${APPLE_CLIENT_SECRET_MAX_SECONDS} seconds (six months).`,
    );
  }
  const key = await importPKCS8(options.privateKey, 'ES256');
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
    .setIssuer(options.teamId)
    .setSubject(options.clientId)
    .setAudience(APPLE_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(key);
}

/** The `user` form field: JSON text `{ "name": { "firstName", "lastName" }, "email" }`, or already parsed. */
function appleFormUser(value: unknown): { firstName: string; lastName: string } {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  const name = objectOf(objectOf(parsed).name);
  return { firstName: textOf(name, 'firstName'), lastName: textOf(name, 'lastName') };
}

export const applePreset: ProviderPreset = {
  type: 'apple',
  openid: true,
  endpoints: {
    authorization: 'https://appleid.apple.com/auth/authorize',
    token: 'https://appleid.apple.com/auth/token',
    issuer: APPLE_ISSUER,
    jwks: 'https://appleid.apple.com/auth/keys',
  },
  // Apple returns an ID token for the code flow without the `openid` scope; these two ask for name and e-mail.
  defaultScopes: ['name', 'email'],
  clientAuthentication: 'apple_signed_jwt',
  formPost: true,
  mapProfile(answers) {
    const claims = objectOf(answers.idTokenClaims);
    const email = emailOf(claims, 'email');
    const { firstName, lastName } = appleFormUser(answers.formUser);
    return {
      subject: requireSubject(subjectOf(claims, 'sub'), 'apple'),
      email,
      emailVerified: email !== null && flagOf(claims, 'email_verified'),
      name: { first_name: firstName, middle_name: '', last_name: lastName },
      pictureUrl: '',
      locale: '',
    };
  },
};
