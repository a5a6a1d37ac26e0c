// Test-only helpers of the operator tests (issue 26 item 2): the operators project of a test app (reset() empties
// every table, so it is ensured again after each), an operator signed in through the same code path every sign-in
// takes, with or without a passkey registered by the real webauthn routes, and admin calls with their session token.
import type { LightMyRequestResponse } from 'fastify';
import type { ProjectRecord } from '../../infra/context';
import { adminCall } from '../../test-support/admin';
import type { TestApp } from '../../test-support/app';
import type { OperatorRole } from '../admin/admin-scopes';
import { signIn } from '../sessions/test-fixtures';
import { SoftwareAuthenticator } from '../webauthn/test-authenticator';
import { authenticate, registered } from '../webauthn/test-helpers';
import { putOperator } from './operator-store';
import { ensureOperatorsProject } from './operators-project';

export const SYSTEM_CHANGE = {
  actor: { type: 'system', id: 'test' },
  request: null,
  source: 'cli',
} as const;

/** The test app with the operators project as its project (for the SDK-shaped helpers of other features). */
export async function operatorsApp(t: TestApp): Promise<TestApp & { project: ProjectRecord }> {
  const { project } = await ensureOperatorsProject(t.ctx);
  return { ...t, project, publicToken: project.publicTokenTest };
}

export interface SignedInOperator {
  email: string;
  userId: string;
  operatorId: string;
  /** The current session token (a passkey registration or sign-in rotates it). */
  token: string;
  authenticator: SoftwareAuthenticator | null;
}

/**
 * An operator of `role` signed in with an e-mail factor (as a login link does); with `passkey`, a passkey then
 * registered with that session (the console's first sign-in), which shows the second factor.
 */
export async function signInOperator(
  t: TestApp,
  options: { email: string; role: OperatorRole; passkey?: boolean },
): Promise<SignedInOperator> {
  const ops = await operatorsApp(t);
  const { operator } = await putOperator(t.ctx, {
    email: options.email,
    role: options.role,
    by: SYSTEM_CHANGE,
    ifExists: 'set-role',
  });
  const issued = await signIn(t.ctx, ops.project, options.email);
  const signedIn: SignedInOperator = {
    email: options.email,
    userId: issued.user_id,
    operatorId: operator.operator_id,
    token: issued.session_token,
    authenticator: null,
  };
  if (options.passkey !== false) {
    const authenticator = new SoftwareAuthenticator();
    const { sessionToken } = await registered(ops, authenticator, {
      userId: issued.user_id,
      sessionToken: issued.session_token,
    });
    signedIn.token = sessionToken;
    signedIn.authenticator = authenticator;
  }
  return signedIn;
}

/** Signs in again with the operator's passkey (a secondary sign-in on their session): the session is recent again. */
export async function reauthenticateWithPasskey(t: TestApp, operator: SignedInOperator): Promise<void> {
  const ops = await operatorsApp(t);
  const response = await authenticate(ops, operator.authenticator!, {
    mode: 'secondary',
    sessionToken: operator.token,
  });
  if (response.statusCode !== 200)
    throw new Error(`passkey sign-in: ${response.statusCode} ${response.body}`);
  operator.token = (response.json() as { data: { session_token: string } }).data.session_token;
}

export function operatorCall(
  t: TestApp,
  operator: Pick<SignedInOperator, 'token'>,
  call: { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; path: string; body?: unknown },
): Promise<LightMyRequestResponse> {
  return adminCall(t.app, { ...call, key: operator.token });
}

export function errorTypeOf(response: LightMyRequestResponse): { status: number; error_type: unknown } {
  return {
    status: response.statusCode,
    error_type: (response.json() as { error_type?: unknown }).error_type,
  };
}
