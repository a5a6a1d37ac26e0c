// Test-only helpers of the passkey tests: SDK-shaped requests, a signed-in user, and whole ceremonies driven by the
// software authenticator (test-authenticator.ts).
import type { LightMyRequestResponse } from 'fastify';
import { dataOf, expectError } from '../../test-support/answers';
import { sdkRequest, TEST_ORIGIN, type TestApp } from '../../test-support/app';
import { signIn } from '../sessions/test-fixtures';
import { WEBAUTHN_ROUTES } from './routes';
import type {
  AssertOverrides,
  CreateOverrides,
  CreationOptionsJSON,
  RequestOptionsJSON,
  SoftwareAuthenticator,
  SoftwareCredential,
} from './test-authenticator';

export { dataOf, expectError };

export const ORIGIN = TEST_ORIGIN;
export const DOMAIN = new URL(TEST_ORIGIN).hostname;

export function call(
  t: TestApp,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  sessionToken?: string | null,
): Promise<LightMyRequestResponse> {
  return sdkRequest(t.app, {
    method,
    url,
    publicToken: t.publicToken,
    ...(body === undefined ? {} : { body }),
    ...(sessionToken ? { sessionToken } : {}),
  });
}

export interface SignedIn {
  userId: string;
  sessionToken: string;
}

export async function signedInUser(t: TestApp, email: string): Promise<SignedIn> {
  const issued = await signIn(t.ctx, t.project, email);
  return { userId: issued.user_id, sessionToken: issued.session_token };
}

export async function startRegistration(
  t: TestApp,
  sessionToken: string,
  body: Record<string, unknown> = {},
): Promise<CreationOptionsJSON> {
  const data = dataOf<{ public_key_credential_creation_options: string }>(
    await call(
      t,
      'POST',
      WEBAUTHN_ROUTES.registerStart,
      {
        domain: DOMAIN,
        return_passkey_credential_options: true,
        user_agent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
        ...body,
      },
      sessionToken,
    ),
  );
  return JSON.parse(data.public_key_credential_creation_options) as CreationOptionsJSON;
}

export function finishRegistration(t: TestApp, sessionToken: string, credential: unknown) {
  return call(
    t,
    'POST',
    WEBAUTHN_ROUTES.register,
    { public_key_credential: JSON.stringify(credential), session_duration_minutes: 60 },
    sessionToken,
  );
}

/** A whole registration; returns the answer (not checked) and the new software credential. */
export async function register(
  t: TestApp,
  authenticator: SoftwareAuthenticator,
  sessionToken: string,
  options: { start?: Record<string, unknown>; overrides?: CreateOverrides; origin?: string } = {},
): Promise<{
  response: LightMyRequestResponse;
  credential: SoftwareCredential;
  options: CreationOptionsJSON;
}> {
  const creation = await startRegistration(t, sessionToken, options.start);
  const created = authenticator.create(creation, options.origin ?? ORIGIN, options.overrides);
  return {
    response: await finishRegistration(t, sessionToken, created.response),
    credential: created.credential,
    options: creation,
  };
}

/** register() that must succeed; returns the new session token and the registration id. */
export async function registered(
  t: TestApp,
  authenticator: SoftwareAuthenticator,
  user: SignedIn,
  options: { start?: Record<string, unknown>; overrides?: CreateOverrides } = {},
): Promise<{ sessionToken: string; registrationId: string; credential: SoftwareCredential }> {
  const { response, credential } = await register(t, authenticator, user.sessionToken, options);
  const data = dataOf<{ session_token: string; webauthn_registration_id: string }>(response);
  return { sessionToken: data.session_token, registrationId: data.webauthn_registration_id, credential };
}

export async function startAuthentication(
  t: TestApp,
  mode: 'primary' | 'secondary',
  options: { sessionToken?: string | null; body?: Record<string, unknown> } = {},
): Promise<RequestOptionsJSON> {
  const url =
    mode === 'primary'
      ? WEBAUTHN_ROUTES.authenticateStartPrimary
      : WEBAUTHN_ROUTES.authenticateStartSecondary;
  const data = dataOf<{ public_key_credential_request_options: string }>(
    await call(
      t,
      'POST',
      url,
      { domain: DOMAIN, return_passkey_credential_options: true, ...options.body },
      options.sessionToken ?? null,
    ),
  );
  return JSON.parse(data.public_key_credential_request_options) as RequestOptionsJSON;
}

export function finishAuthentication(t: TestApp, credential: unknown, sessionToken?: string | null) {
  return call(
    t,
    'POST',
    WEBAUTHN_ROUTES.authenticate,
    { public_key_credential: JSON.stringify(credential), session_duration_minutes: 60 },
    sessionToken ?? null,
  );
}

/** A whole primary (discoverable) sign-in with `credential`; returns the answer (not checked). */
export async function authenticate(
  t: TestApp,
  authenticator: SoftwareAuthenticator,
  options: {
    mode?: 'primary' | 'secondary';
    sessionToken?: string | null;
    credential?: SoftwareCredential;
    overrides?: AssertOverrides;
    origin?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  const request = await startAuthentication(t, options.mode ?? 'primary', {
    sessionToken: options.sessionToken ?? null,
  });
  const { response } = authenticator.get(request, options.origin ?? ORIGIN, {
    ...options.overrides,
    ...(options.credential ? { credential: options.credential } : {}),
  });
  return finishAuthentication(t, response, options.sessionToken ?? null);
}
