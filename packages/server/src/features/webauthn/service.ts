// Passkeys and security keys (issue 4; SPEC §3 webauthn_registrations, §4 passkey transitions, §7 POST /webauthn/…,
// §8 passkey messages; wire-format.md §4.9). @simplewebauthn/server makes the options and verifies signatures,
// attestation, rpIdHash, UP/UV, BE/BS and the counter; this module adds what it leaves to the relying party
// (security-tests.md Part 4): server-side single-use challenges bound to ceremony and user, allowed domains and
// origins, crossOrigin/topOrigin, credential id length and uniqueness, userHandle ownership, and an atomic counter
// update so a cloned authenticator cannot slip in between two reads.

import type { AuthenticationFactor, WebAuthnRegistration } from '@gatehouse/protocol';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext, ProjectRecord, RequestContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { webauthnRegistrations } from '../../infra/db/schema';
import { projectDisplayName } from '../../infra/display-name';
import { ApiError } from '../../infra/errors';
import { type EventExecutor, recordEvent } from '../audit';
import { notifySecurityEvent } from '../notices';
import { issueSession, lockLiveSession, signedIn, validateSessionDuration } from '../sessions';
import { loadUser } from '../users';
import { assertStorableText } from '../users/storable';
import { type ChallengeRecord, consumeChallenge, createChallenge } from './challenges';
import { guardCeremonyFinish, guardCeremonyStart } from './limits';
import { defaultRegistrationName } from './registration-name';
import {
  assertAllowedDomain,
  assertClientDataOrigin,
  expectedOrigins,
  MAX_CREDENTIAL_ID_BYTES,
  parseCredential,
  userHandleOf,
} from './relying-party';
import type { AuthenticateBody, AuthenticateStartBody, RegisterBody, RegisterStartBody } from './schema';

/** ES256, EdDSA, RS256: what every platform authenticator and security key offers (no PQC until browsers do). */
export const SUPPORTED_ALGORITHM_IDS = [-7, -8, -257];
/** WebAuthn L3 §15.1: the recommended default ceremony timeout; equal to the challenge lifetime. */
export const CEREMONY_TIMEOUT_MS = 300_000;

/** SPEC §8 "Passkey already registered", verbatim: the widget shows the API error_message. */
export const DUPLICATE_REGISTRATION_MESSAGE =
  'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
/** SPEC §8 error type webauthn_registration_not_found, verbatim. */
export const REGISTRATION_NOT_FOUND_MESSAGE =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';
/** One text for every failed assertion (security-tests.md WA-05: a failure does not say which check failed). */
export const UNABLE_TO_AUTH_MESSAGE = 'The passkey could not be verified. Please try again.';

const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

type RegistrationRow = typeof webauthnRegistrations.$inferSelect;

function registrationRefused(why: string): ApiError {
  return new ApiError('invalid_public_key_credential', `The passkey could not be registered: ${why}.`);
}

function authenticationRefused(): ApiError {
  return new ApiError('unable_to_auth_webauthn', UNABLE_TO_AUTH_MESSAGE);
}

function notFound(): ApiError {
  return new ApiError('webauthn_registration_not_found', REGISTRATION_NOT_FOUND_MESSAGE);
}

export function toWireRegistration(row: RegistrationRow): WebAuthnRegistration {
  return {
    webauthn_registration_id: row.id,
    domain: row.domain,
    user_agent: row.userAgent,
    authenticator_type: row.authenticatorType,
    verified: row.verified,
    name: row.name,
    // Issue 22 Deliver 2: the same two Gatehouse fields as users.profile (migration 0016), second precision.
    created_at: rfc3339Seconds(row.createdAt),
    last_used_at: row.lastUsedAt === null ? null : rfc3339Seconds(row.lastUsedAt),
  };
}

function rfc3339Seconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function webauthnFactor(row: RegistrationRow): Omit<AuthenticationFactor, 'last_authenticated_at'> {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    webauthn_factor: { webauthn_registration_id: row.id, domain: row.domain, user_agent: row.userAgent },
  };
}

function transportsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is string => typeof item === 'string' && KNOWN_TRANSPORTS.has(item))
    .slice(0, 8);
}

async function userCredentials(ctx: AppContext, projectId: string, userId: string) {
  const rows = await ctx.db
    .select({ id: webauthnRegistrations.credentialId, transports: webauthnRegistrations.transports })
    .from(webauthnRegistrations)
    .where(and(eq(webauthnRegistrations.projectId, projectId), eq(webauthnRegistrations.userId, userId)));
  return rows.map((row) => ({
    id: row.id,
    ...(row.transports.length > 0 ? { transports: row.transports } : {}),
  }));
}

/** The `hints` key SimpleWebAuthn adds is dropped when empty: the wire options stay the §4.9 shape. */
function withoutEmptyHints<T extends { hints?: unknown[] }>(options: T): Omit<T, 'hints'> | T {
  if (options.hints && options.hints.length > 0) return options;
  const { hints: _hints, ...rest } = options;
  return rest;
}

/**
 * POST /webauthn/register/start (signed-in user only). Passkeys: a discoverable credential with user verification
 * required; excludeCredentials lists the user's existing credentials so one authenticator is not registered twice.
 */
export async function startRegistration(
  ctx: AppContext,
  request: RequestContext,
  options: { body: RegisterStartBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  const { userId } = signedIn(request);
  const rpId = assertAllowedDomain(ctx, project, body.domain);
  const userAgent = body.user_agent ?? '';
  assertStorableText('user_agent', userAgent);
  await guardCeremonyStart(ctx, request, {
    userId,
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  const isPasskey = body.return_passkey_credential_options === true;
  const user = await loadUser(ctx, userId);
  if (!user) throw new ApiError('user_unauthenticated', 'The user of this session no longer exists.');

  const challenge = await createChallenge(ctx, {
    projectId: project.id,
    tokenMode: request.tokenMode,
    ceremony: 'registration',
    userId,
    rpId,
    isPasskey,
    authenticatorType: body.authenticator_type ?? '',
    userAgent,
  });
  const userName = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
  const fullName = [user.name.first_name, user.name.middle_name, user.name.last_name]
    .filter(Boolean)
    .join(' ');
  const creationOptions = await generateRegistrationOptions({
    rpName: projectDisplayName(project),
    rpID: rpId,
    userID: userHandleOf(userId),
    userName,
    userDisplayName: fullName || userName,
    challenge,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: await userCredentials(ctx, project.id, userId),
    authenticatorSelection: {
      ...(body.authenticator_type ? { authenticatorAttachment: body.authenticator_type } : {}),
      ...(isPasskey
        ? { residentKey: 'required', requireResidentKey: true, userVerification: 'required' }
        : { residentKey: 'discouraged', userVerification: 'preferred' }),
    },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
  });
  return {
    user_id: userId,
    // wire-format.md §4.9: the options travel as a JSON string with base64url binary fields.
    public_key_credential_creation_options: JSON.stringify(withoutEmptyHints(creationOptions)),
  };
}

/** POST /webauthn/register: the WebAuthn L3 §7.1 checks, then the record is stored and the session gets the factor. */
export async function finishRegistration(
  ctx: AppContext,
  request: RequestContext,
  options: { body: RegisterBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  const { userId } = signedIn(request);
  await guardCeremonyFinish(ctx, request, {
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  const credential = parseCredential<{
    clientDataJSON: string;
    attestationObject: string;
    transports?: unknown;
  }>(body.public_key_credential, ['attestationObject']);
  // §7.1 steps 7-8 (type is checked by the verifier): a challenge of OUR registration ceremony for THIS user.
  const challenge = await consumeChallenge(ctx, {
    projectId: project.id,
    challenge: credential.clientData.challenge,
    ceremonies: ['registration'],
    userId,
  });
  if (challenge === null) throw registrationRefused('the challenge is unknown, already used or expired');
  assertClientDataOrigin(credential.clientData, challenge.rpId, registrationRefused);
  if (Buffer.from(credential.id, 'base64url').length > MAX_CREDENTIAL_ID_BYTES) {
    throw registrationRefused(`the credential id is longer than ${MAX_CREDENTIAL_ID_BYTES} bytes`);
  }

  const response: RegistrationResponseJSON = {
    id: credential.id,
    rawId: credential.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: credential.response.clientDataJSON,
      attestationObject: credential.response.attestationObject,
      transports: transportsOf(
        credential.response.transports,
      ) as RegistrationResponseJSON['response']['transports'],
    },
    clientExtensionResults: credential.clientExtensionResults,
    ...(credential.authenticatorAttachment
      ? { authenticatorAttachment: credential.authenticatorAttachment }
      : {}),
  };
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: credential.clientData.challenge,
      expectedOrigin: expectedOrigins(ctx, project),
      expectedRPID: challenge.rpId,
      expectedType: 'webauthn.create',
      requireUserPresence: true,
      // Passkeys stand alone as a sign-in method: the user must be verified (security-tests.md WA-04).
      requireUserVerification: challenge.isPasskey,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
    });
  } catch (error) {
    throw registrationRefused(String((error as Error).message).slice(0, 300));
  }
  if (!verification.verified) throw registrationRefused('the attestation could not be verified');
  const info = verification.registrationInfo;
  // The browser reports the credential id separately from the one inside authData; they must agree.
  if (info.credential.id !== credential.id.replace(/=+$/, '')) {
    throw registrationRefused('the credential id does not match the authenticator data');
  }

  const registration = await insertRegistration(ctx, request, {
    project,
    userId,
    challenge,
    credentialId: info.credential.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: transportsOf(credential.response.transports),
    aaguid: info.aaguid,
    backedUp: info.credentialBackedUp,
    authenticatorType: challenge.authenticatorType || credential.authenticatorAttachment || '',
  });
  const issued = await issueSession(ctx, request, {
    userId,
    factor: webauthnFactor(registration),
    sessionDurationMinutes,
    // Issue 20 item 3: the factor proves the passkey this call attaches, not one the user held, so the session does
    // not become recent by it (or a stale session could register a passkey to pass the recent sign-in checks).
    reauthenticates: false,
  });
  // Issue 20 item 4 (SS-09, WA-08 "create … sends a notification"): a new way into the account.
  notifySecurityEvent(ctx, request, { userId, event: { kind: 'passkey_added', name: registration.name } });
  return { ...issued, webauthn_registration_id: registration.id };
}

async function insertRegistration(
  ctx: AppContext,
  request: RequestContext,
  options: {
    project: ProjectRecord;
    userId: string;
    challenge: ChallengeRecord;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    aaguid: string;
    backedUp: boolean;
    authenticatorType: string;
  },
): Promise<RegistrationRow> {
  const { project, challenge } = options;
  // §7.1 step 26: a credential id already registered (to anyone in this project) is refused. The unique index
  // settles races: ON CONFLICT DO NOTHING returns no row for the loser. Written while the registering session is
  // held (issue 20 item 1): a first proof resetting the account meanwhile cannot leave this passkey on it.
  const [inserted] = await ctx.db.transaction(async (tx) => {
    await lockLiveSession(tx, { sessionId: signedIn(request).row.id, userId: options.userId });
    const rows = await tx
      .insert(webauthnRegistrations)
      .values({
        id: newId('webauthn-registration', request.tokenMode),
        userId: options.userId,
        projectId: project.id,
        credentialId: options.credentialId,
        publicKey: options.publicKey,
        signCount: options.counter,
        transports: options.transports,
        domain: challenge.rpId,
        userAgent: challenge.userAgent,
        authenticatorType: options.authenticatorType,
        aaguid: options.aaguid,
        name: defaultRegistrationName({
          aaguid: options.aaguid,
          userAgent: challenge.userAgent,
          isPasskey: challenge.isPasskey,
        }),
        isPasskey: challenge.isPasskey,
        backedUp: options.backedUp,
        verified: true,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing({ target: [webauthnRegistrations.projectId, webauthnRegistrations.credentialId] })
      .returning();
    // Issue 25 item 1: the new passkey and its event commit together.
    if (rows[0]) await recordPasskeyEvent(tx, request, 'passkey.registered', rows[0]);
    return rows;
  });
  if (!inserted) throw new ApiError('duplicate_webauthn_registration', DUPLICATE_REGISTRATION_MESSAGE);
  return inserted;
}

/**
 * POST /webauthn/authenticate/start/primary and /secondary. Primary: nobody is identified yet, so the request is
 * for a discoverable credential (empty allowCredentials; the userHandle names the account). Secondary: the signed-in
 * user's own credentials, and the challenge is bound to that user.
 */
export async function startAuthentication(
  ctx: AppContext,
  request: RequestContext,
  options: { body: AuthenticateStartBody; mode: 'primary' | 'secondary'; action: string },
) {
  const { body, mode } = options;
  const { project } = request;
  const userId = mode === 'secondary' ? signedIn(request).userId : null;
  const rpId = assertAllowedDomain(ctx, project, body.domain);
  await guardCeremonyStart(ctx, request, {
    userId,
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  const isPasskey = body.return_passkey_credential_options === true;
  const allowCredentials = userId === null ? [] : await userCredentials(ctx, project.id, userId);
  if (userId !== null && allowCredentials.length === 0) throw notFound();
  const challenge = await createChallenge(ctx, {
    projectId: project.id,
    tokenMode: request.tokenMode,
    ceremony: mode === 'primary' ? 'authentication_primary' : 'authentication_secondary',
    userId,
    rpId,
    isPasskey,
  });
  const requestOptions = await generateAuthenticationOptions({
    rpID: rpId,
    challenge,
    allowCredentials,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: isPasskey ? 'required' : 'preferred',
  });
  return {
    // wire-format.md §4.9: a JSON string with base64url binary fields.
    public_key_credential_request_options: JSON.stringify(withoutEmptyHints(requestOptions)),
  };
}

/**
 * POST /webauthn/authenticate: the WebAuthn L3 §7.2 checks; a new session, or the factor added to the caller's
 * session of the same user (SPEC §4).
 */
export async function finishAuthentication(
  ctx: AppContext,
  request: RequestContext,
  options: { body: AuthenticateBody; action: string },
) {
  const { body } = options;
  const { project } = request;
  const sessionDurationMinutes = validateSessionDuration(body.session_duration_minutes);
  await guardCeremonyFinish(ctx, request, {
    action: options.action,
    captchaToken: body.captcha_token ?? null,
  });
  const credential = parseCredential<{
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: unknown;
  }>(body.public_key_credential, ['authenticatorData', 'signature']);
  const userHandle = credential.response.userHandle;
  if (userHandle !== undefined && userHandle !== null && typeof userHandle !== 'string') {
    throw new ApiError(
      'invalid_public_key_credential',
      'Invalid public key credential: userHandle must be a string.',
    );
  }

  const challenge = await consumeChallenge(ctx, {
    projectId: project.id,
    challenge: credential.clientData.challenge,
    ceremonies: ['authentication_primary', 'authentication_secondary'],
  });
  if (challenge === null) throw authenticationRefused();

  const [registration] = await ctx.db
    .select()
    .from(webauthnRegistrations)
    .where(
      and(
        eq(webauthnRegistrations.projectId, project.id),
        eq(webauthnRegistrations.credentialId, credential.id.replace(/=+$/, '')),
      ),
    )
    .limit(1);
  // SPEC §8: the UI special-cases this error type (a passkey deleted here but still in the password manager).
  if (!registration) throw notFound();

  // §7.2 steps 5-6: an identified user (secondary) must own the credential; a userHandle, required when nobody was
  // identified (primary), must name the credential's owner.
  if (challenge.userId !== null && challenge.userId !== registration.userId) throw authenticationRefused();
  if (typeof userHandle === 'string' && userHandle.length > 0) {
    if (Buffer.from(userHandle, 'base64url').toString('utf8') !== registration.userId)
      throw authenticationRefused();
  } else if (challenge.userId === null) {
    throw authenticationRefused();
  }
  assertClientDataOrigin(credential.clientData, challenge.rpId, authenticationRefused);

  const response: AuthenticationResponseJSON = {
    id: credential.id,
    rawId: credential.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: credential.response.clientDataJSON,
      authenticatorData: credential.response.authenticatorData,
      signature: credential.response.signature,
      ...(typeof userHandle === 'string' ? { userHandle } : {}),
    },
    clientExtensionResults: credential.clientExtensionResults,
  };
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: credential.clientData.challenge,
      expectedOrigin: expectedOrigins(ctx, project),
      expectedRPID: challenge.rpId,
      expectedType: 'webauthn.get',
      credential: {
        id: registration.credentialId,
        publicKey: new Uint8Array(registration.publicKey),
        counter: registration.signCount,
        transports: registration.transports,
      },
      requireUserVerification: challenge.isPasskey || registration.isPasskey,
    });
  } catch (error) {
    request.log.warn(
      { registrationId: registration.id, reason: (error as Error).message },
      'passkey assertion refused',
    );
    throw authenticationRefused();
  }
  if (!verification.verified) throw authenticationRefused();

  // §7.2 step 21 (security-tests.md WA-06): the stored counter never decreases. Checked again in the UPDATE so two
  // concurrent assertions with the same counter cannot both pass; authenticators that always say 0 stay usable.
  const newCounter = verification.authenticationInfo.newCounter;
  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(webauthnRegistrations)
    .set({
      signCount: newCounter,
      backedUp: verification.authenticationInfo.credentialBackedUp,
      lastUsedAt: now,
    })
    .where(
      and(
        eq(webauthnRegistrations.id, registration.id),
        newCounter === 0
          ? eq(webauthnRegistrations.signCount, 0)
          : lt(webauthnRegistrations.signCount, newCounter),
      ),
    )
    .returning();
  if (!updated) {
    request.log.warn(
      { registrationId: registration.id },
      'passkey signature counter did not increase: possible cloned authenticator',
    );
    throw authenticationRefused();
  }

  const issued = await issueSession(ctx, request, {
    userId: updated.userId,
    factor: webauthnFactor(updated),
    sessionDurationMinutes,
  });
  return { ...issued, webauthn_registration_id: updated.id };
}

/** PUT /webauthn/update/{id}: renames one of the signed-in user's own registrations (anyone else's is a 404). */
/** Issue 25 item 1: a passkey event of the signed-in user, in the change's transaction. */
async function recordPasskeyEvent(
  tx: EventExecutor,
  request: RequestContext,
  type: 'passkey.registered' | 'passkey.renamed',
  registration: { id: string; userId: string; projectId: string },
): Promise<void> {
  await recordEvent(tx, {
    projectId: registration.projectId,
    type,
    actor: { type: 'user', id: registration.userId },
    subjectUserId: registration.userId,
    request,
    payload: { webauthn_registration_id: registration.id },
  });
}

export async function updateRegistration(
  ctx: AppContext,
  request: RequestContext,
  options: { id: string; name: string },
) {
  const { project } = request;
  const { userId } = signedIn(request);
  const name = options.name.trim();
  assertStorableText('name', name);
  const [updated] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(webauthnRegistrations)
      .set({ name })
      .where(
        and(
          eq(webauthnRegistrations.id, options.id),
          eq(webauthnRegistrations.userId, userId),
          eq(webauthnRegistrations.projectId, project.id),
        ),
      )
      .returning();
    if (rows[0]) await recordPasskeyEvent(tx, request, 'passkey.renamed', rows[0]);
    return rows;
  });
  if (!updated) throw notFound();
  return { webauthn_registration: toWireRegistration(updated) };
}
