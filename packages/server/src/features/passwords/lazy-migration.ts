// Issue 24 item 5, lazy migration for the hashes no export gives (Auth0 "custom database" import mode, Stytch
// "dynamic migration"): a project names its old provider's sign-in endpoint in the project file
// (settings.password_migration_url, optionally settings.password_migration_secret), and a password sign-in of an
// address Gatehouse holds no password for — unknown, or owned by a user without one — asks it once. On yes, the
// password is stored here as argon2id and the endpoint is never asked for that user again.
//
// The contract (README "Lazy migration from the old provider"):
//   POST <password_migration_url>
//   Content-Type: application/json            Authorization: Bearer <password_migration_secret> (when set)
//   { "email": "ada@example.com", "password": "…" }
// answered by
//   200 { "valid": true, "email_verified"?: boolean, "name"?: { "first_name"?: string, "last_name"?: string } }
//   200 { "valid": false }   — or 401, 403, 404 with any body: the password is not valid there either.
// Anything else — another status, a redirect (never followed: the password would go where it points), a body that
// is not that JSON, no answer within PASSWORD_MIGRATION_TIMEOUT_MS, a refused connection — is
// password_migration_unavailable (503): nothing is written and nothing is counted as a wrong password.
//
// Order (service.ts verifyAccountPassword): the failure budgets, the streak ceiling and the captcha run before, so
// the old endpoint is no free password oracle; the new-password rules do not (item 1: the old provider's own policy
// decided this password). EN-02: the dummy argon2id verify still runs before the call, so a miss costs at least
// what it costs without migration; a project that turns migration on accepts that the network call makes an
// address Gatehouse does not hold yet slower to refuse than one it holds (the README says so).
import type { AppContext, RequestContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { openPasswordMigrationSecret } from '../../infra/password-migration-secret';
import { findOrCreateUserByIdentifier, type IdentifierRow, proveIdentifier, updateUser } from '../users';
import { findPassword, insertFirstPassword } from './store';

/** How long the old provider has to answer (Auth0 gives its custom-database scripts 20 s; a sign-in should not). */
export const PASSWORD_MIGRATION_TIMEOUT_MS = 5_000;
/** A bigger answer is not the contract's (a few fields): refused before it is read. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** A name part from the old provider is kept to this many characters. */
const MAX_NAME_LENGTH = 256;

export const PASSWORD_MIGRATION_UNAVAILABLE_MESSAGE =
  'Your password could not be checked right now because the sign-in service it was set with did not answer. Please try again in a moment.';

/** What the old provider said: not valid, or valid with what it knows of the address. */
export type OldProviderVerdict =
  | { valid: false }
  | {
      valid: true;
      emailVerified: boolean;
      name: { firstName: string | null; lastName: string | null } | null;
    };

/** The account a migrated password signs in to (the fields verifyAccountPassword returns). */
export interface MigratedAccount {
  userId: string;
  emailId: string;
  passwordId: string;
}

function unavailable(): ApiError {
  return new ApiError('password_migration_unavailable', PASSWORD_MIGRATION_UNAVAILABLE_MESSAGE);
}

/**
 * The project's migration endpoint, or null when it has none. In production only https is ever called (also checked
 * at start, infra/production-checks.ts): a password never crosses the network in the clear.
 */
export function passwordMigrationUrl(
  ctx: Pick<AppContext, 'config'>,
  request: Pick<RequestContext, 'project' | 'log'>,
): string | null {
  const url = request.project.settings.password_migration_url ?? null;
  if (url === null) return null;
  if (ctx.config.env === 'production' && !url.startsWith('https://')) {
    request.log.error('password_migration_url is not https: the old provider is not asked in production');
    throw unavailable();
  }
  return url;
}

/**
 * One POST to the old provider. Logs why an answer was unusable (the endpoint's origin and the status or error
 * name), never the password, the secret or the URL's path and query (which may carry a key).
 */
export async function askOldProvider(
  request: Pick<RequestContext, 'log'>,
  options: { url: string; secret: string | null; email: string; password: string; timeoutMs?: number },
): Promise<OldProviderVerdict> {
  const origin = new URL(options.url).origin;
  const refuse = (reason: Record<string, unknown>): never => {
    request.log.warn(
      { passwordMigration: origin, ...reason },
      'the old provider did not answer as contracted',
    );
    throw unavailable();
  };
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.secret === null ? {} : { authorization: `Bearer ${options.secret}` }),
      },
      body: JSON.stringify({ email: options.email, password: options.password }),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? PASSWORD_MIGRATION_TIMEOUT_MS),
    });
  } catch (error) {
    return refuse({ error: (error as Error).name, code: causeCode(error) });
  }
  if (response.status === 401 || response.status === 403 || response.status === 404) {
    await response.body?.cancel();
    return { valid: false };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    return refuse({ status: response.status });
  }
  if (Number(response.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) {
    await response.body?.cancel();
    return refuse({ status: 200, tooLarge: true });
  }
  let answer: unknown;
  try {
    const text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) return refuse({ status: 200, tooLarge: true });
    answer = JSON.parse(text);
  } catch (error) {
    return refuse({ status: 200, error: (error as Error).name });
  }
  return verdictOf(answer) ?? refuse({ status: 200, malformed: true });
}

/** The contract's answer, or null when the body is not it. */
export function verdictOf(answer: unknown): OldProviderVerdict | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { valid, email_verified: emailVerified, name } = answer as Record<string, unknown>;
  if (valid === false) return { valid: false };
  if (valid !== true) return null;
  const names = typeof name === 'object' && name !== null ? (name as Record<string, unknown>) : null;
  const part = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_NAME_LENGTH) : null;
  return {
    valid: true,
    emailVerified: emailVerified === true,
    name: names === null ? null : { firstName: part(names.first_name), lastName: part(names.last_name) },
  };
}

function causeCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : null;
}

/**
 * Issue 24 item 5: asks the old provider about an address Gatehouse holds no password for (`owner` null: no user
 * has it). Null when the project has no migration endpoint or the old provider says no (the caller answers and
 * counts a wrong password); the account when it says yes: the user created if the address had none (its e-mail
 * verified only when the old provider says so, as POST /passwords leaves it unverified otherwise), the password
 * stored as argon2id. Throws password_migration_unavailable, having written nothing, when the old provider cannot
 * tell.
 */
export async function migratePassword(
  ctx: AppContext,
  request: RequestContext,
  options: { email: string; password: string; owner: IdentifierRow | null },
): Promise<MigratedAccount | null> {
  const url = passwordMigrationUrl(ctx, request);
  if (url === null) return null;
  const secret = openPasswordMigrationSecret(ctx.secrets, {
    projectId: request.project.id,
    settings: request.project.settings,
  });
  const verdict = await askOldProvider(request, {
    url,
    secret,
    email: options.email,
    password: options.password,
  });
  if (!verdict.valid) return null;
  // rehash, not hash: a password the old provider verified is held to the verifiable bounds only (issue 24 item 1),
  // and one shorter than today's rule is asked to be changed after the sign-in (service.ts).
  const hash = await ctx.passwords.rehash(options.password);
  const owner = options.owner ?? (await createMigratedUser(ctx, request, { email: options.email, verdict }));
  const passwordId = await insertFirstPassword(ctx, {
    userId: owner.userId,
    hash,
    tokenMode: request.tokenMode,
    request,
  });
  if (passwordId !== null) return { userId: owner.userId, emailId: owner.id, passwordId };
  // A password was stored meanwhile (the same address migrated by a concurrent sign-in, a reset link): that one
  // decides, as it will from now on.
  const stored = await findPassword(ctx, owner.userId);
  if (stored === null || !(await ctx.passwords.verify(stored.hash, options.password)).valid) return null;
  return { userId: owner.userId, emailId: owner.id, passwordId: stored.id };
}

/** The address's owner: a new user holding it, or whoever created it meanwhile. */
async function createMigratedUser(
  ctx: AppContext,
  request: RequestContext,
  options: { email: string; verdict: Extract<OldProviderVerdict, { valid: true }> },
): Promise<IdentifierRow> {
  const found = await findOrCreateUserByIdentifier(ctx, {
    kind: 'email',
    projectId: request.project.id,
    tokenMode: request.tokenMode,
    value: options.email,
    status: 'active',
  });
  if (!found.created) return found;
  const { name, emailVerified } = options.verdict;
  if (name !== null && (name.firstName !== null || name.lastName !== null)) {
    await updateUser(ctx, {
      userId: found.userId,
      name: {
        ...(name.firstName === null ? {} : { first_name: name.firstName }),
        ...(name.lastName === null ? {} : { last_name: name.lastName }),
      },
    });
  }
  // The old provider vouches for the address as an OAuth provider would (DESIGN.md convention 13). Proven before
  // the password is stored: the user is new, so the first proof has nothing to strip.
  if (emailVerified) {
    const proven = await proveIdentifier(ctx, {
      kind: 'email',
      id: found.id,
      sessionUserId: null,
      request,
    });
    if (proven !== null) return proven.row;
  }
  return found;
}
