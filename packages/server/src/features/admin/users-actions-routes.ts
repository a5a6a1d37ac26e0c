// Issue 25 item 3: the admin API's actions on one user — "block with reason, unblock, … revoke one or all sessions,
// send a login link, require a password reset, remove a factor". Each records its event with the admin caller as
// the actor (the sign-in features' own services write the mails and the rows, as they do for the user).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { UserResourceKind } from '@gatehouse/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext, ProjectRecord, RequestContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { redirectAllowlist, resolveRedirectUrl, sendMagicLink } from '../magic-links';
import { DEFAULT_RESET_EXPIRATION_MINUTES, issueResetLink } from '../passwords/reset-links';
import { requireReset } from '../passwords/store';
import { endUserSessions, forgetSessionJwts } from '../sessions';
import { deleteUserResource } from '../users';
import { findUserForAdmin } from '../users/admin-user-search';
import { blockUser, primaryEmailOf, unblockUser } from '../users/admin-users';
import { ADMIN_ERROR_RESPONSES, AdminError, adminEventRequest, adminProject } from './admin-request';
import { createdBy, USER_TAGS, UserParams } from './users-schemas';

const Done = Type.Object({ user_id: Type.String() });
const SessionParams = Type.Object({
  ...UserParams.properties,
  session_id: Type.String({ minLength: 1, maxLength: 200 }),
});
const FactorParams = Type.Object({
  ...UserParams.properties,
  factor_id: Type.String({ minLength: 1, maxLength: 200 }),
});
const RedirectUrl = Type.Optional(Type.String({ minLength: 1, maxLength: 2048 }));

/**
 * The sign-in features' services take the context of an SDK request; an admin call acts for the project it names,
 * with no session, in live mode (ids it makes are live ones).
 */
export function adminRequestContext(request: FastifyRequest, project: ProjectRecord): RequestContext {
  return {
    ...adminEventRequest(request),
    project,
    tokenMode: 'live',
    sessionToken: null,
    session: null,
    sdkClient: null,
    log: request.log,
  };
}

/** Where each kind of factor sits in the wire User, and its id field there. */
const FACTOR_LISTS = [
  ['emails', 'emails', 'email_id'],
  ['phone_numbers', 'phone_numbers', 'phone_id'],
  ['webauthn_registrations', 'webauthn_registrations', 'webauthn_registration_id'],
  ['oauth', 'providers', 'oauth_user_registration_id'],
  ['crypto_wallets', 'crypto_wallets', 'crypto_wallet_id'],
  ['totps', 'totps', 'totp_id'],
  ['biometric_registrations', 'biometric_registrations', 'biometric_registration_id'],
] as const satisfies ReadonlyArray<readonly [UserResourceKind, string, string]>;

/** The kind of the user's factor with this id, or 404 factor_not_found. */
function factorKindOf(user: Record<string, unknown>, factorId: string): UserResourceKind {
  for (const [kind, list, idField] of FACTOR_LISTS) {
    const items = (user[list] ?? []) as Array<Record<string, unknown>>;
    if (items.some((item) => item[idField] === factorId)) return kind;
  }
  throw new ApiError('factor_not_found', 'This user has no factor with this id.');
}

async function requireEmail(ctx: AppContext, projectId: string, userId: string) {
  await findUserForAdmin(ctx, { projectId, userId });
  const email = await primaryEmailOf(ctx, { projectId, userId });
  if (email === null)
    throw new ApiError('invalid_admin_request', 'This user has no e-mail address to send a link to.');
  return email;
}

export async function registerAdminUserActionRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();
  const write = { adminScope: 'users:write' } as const;
  // Issue 26 item 2: the support desk's actions (send a login link, end sessions, unblock), which users:write implies.
  const support = { adminScope: 'users:support' } as const;

  admin.post(
    '/projects/:project_id/users/:user_id/block',
    {
      config: write,
      schema: {
        tags: USER_TAGS,
        summary: 'Block a user: every sign-in and session check refuses them, and their sessions end now',
        params: UserParams,
        body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }),
        response: { 200: Done, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { user_id } = request.params;
      await blockUser(ctx, {
        projectId: project.id,
        userId: user_id,
        reason: request.body.reason,
        by: createdBy(request),
      });
      return { user_id };
    },
  );

  admin.post(
    '/projects/:project_id/users/:user_id/unblock',
    {
      config: support,
      schema: {
        tags: USER_TAGS,
        summary: 'Lift a block',
        params: UserParams,
        response: { 200: Done, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { user_id } = request.params;
      await unblockUser(ctx, { projectId: project.id, userId: user_id, by: createdBy(request) });
      return { user_id };
    },
  );

  /** Ends one session of the user or all of them; answers the ended ids. */
  const revoke = async (
    request: FastifyRequest,
    params: { project_id: string; user_id: string },
    sessionId: string | null,
  ) => {
    const project = await adminProject(ctx, request, params.project_id);
    await findUserForAdmin(ctx, { projectId: project.id, userId: params.user_id });
    const by = createdBy(request);
    const ended = await ctx.db.transaction((tx) =>
      endUserSessions(tx, {
        projectId: project.id,
        userId: params.user_id,
        sessionId,
        actor: by.actor,
        request: by.request,
        at: ctx.clock.now(),
      }),
    );
    forgetSessionJwts(ctx, ended);
    return ended;
  };

  admin.delete(
    '/projects/:project_id/users/:user_id/sessions',
    {
      config: support,
      schema: {
        tags: USER_TAGS,
        summary: 'End every session of a user now',
        params: UserParams,
        response: {
          200: Type.Object({ user_id: Type.String(), revoked_session_ids: Type.Array(Type.String()) }),
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const ended = await revoke(request, request.params, null);
      return { user_id: request.params.user_id, revoked_session_ids: ended };
    },
  );

  admin.delete(
    '/projects/:project_id/users/:user_id/sessions/:session_id',
    {
      config: support,
      schema: {
        tags: USER_TAGS,
        summary: 'End one session of a user now',
        params: SessionParams,
        response: {
          200: Type.Object({ user_id: Type.String(), session_id: Type.String() }),
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const { user_id, session_id } = request.params;
      const ended = await revoke(request, request.params, session_id);
      if (ended.length === 0)
        throw new ApiError('session_not_found', 'This user has no session with this id.');
      return { user_id, session_id };
    },
  );

  admin.post(
    '/projects/:project_id/users/:user_id/login-link',
    {
      config: support,
      schema: {
        tags: USER_TAGS,
        summary: 'E-mail the user a login link',
        description:
          'Sent to the user’s first verified e-mail address (400 when they have none). The link leads to `login_magic_link_url`, which must be on the project’s redirect allowlist (default: its first login URL).',
        params: UserParams,
        body: Type.Object({ login_magic_link_url: RedirectUrl }),
        response: {
          200: Type.Object({ user_id: Type.String(), email_id: Type.String(), email: Type.String() }),
          ...ADMIN_ERROR_RESPONSES,
          502: AdminError,
        },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { user_id } = request.params;
      const email = await requireEmail(ctx, project.id, user_id);
      const sent = await sendMagicLink(ctx, adminRequestContext(request, project), {
        body: {
          email: email.email,
          ...(request.body.login_magic_link_url === undefined
            ? {}
            : { login_magic_link_url: request.body.login_magic_link_url }),
        },
        mode: 'primary',
        action: 'admin_login_link',
      });
      return { user_id: sent.user_id, email_id: sent.email_id, email: email.email };
    },
  );

  admin.post(
    '/projects/:project_id/users/:user_id/require-password-reset',
    {
      config: write,
      schema: {
        tags: USER_TAGS,
        summary: 'Require a password reset: the password stops signing in, and a reset link is e-mailed',
        params: UserParams,
        body: Type.Object({ reset_password_redirect_url: RedirectUrl }),
        response: {
          200: Type.Object({ user_id: Type.String(), email_id: Type.String(), email: Type.String() }),
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { user_id } = request.params;
      const email = await requireEmail(ctx, project.id, user_id);
      const redirectUrl = resolveRedirectUrl({
        requested: request.body.reset_password_redirect_url ?? null,
        ...redirectAllowlist(project),
        kind: 'login',
        field: 'reset_password_redirect_url',
      });
      const by = createdBy(request);
      const now = ctx.clock.now();
      await requireReset(ctx, user_id);
      // The link's own transaction records password.reset_requested, with the admin as its actor (one event, not two).
      await issueResetLink(ctx, adminRequestContext(request, project), {
        email: email.email,
        owner: { userId: user_id, id: email.id },
        redirectUrl,
        templateId: null,
        codeChallenge: null,
        expirationMinutes: DEFAULT_RESET_EXPIRATION_MINUTES,
        expiresAt: new Date(now.getTime() + DEFAULT_RESET_EXPIRATION_MINUTES * 60_000),
        actor: by.actor,
      });
      return { user_id, email_id: email.id, email: email.email };
    },
  );

  admin.delete(
    '/projects/:project_id/users/:user_id/factors/:factor_id',
    {
      config: write,
      schema: {
        tags: USER_TAGS,
        summary: 'Remove a factor: an e-mail address, phone number, passkey, OAuth link, wallet or TOTP',
        description:
          'Refused with 409 last_authentication_factor when it is the user’s only way to sign in (the rule the user’s own removals follow).',
        params: FactorParams,
        response: {
          200: Type.Object({ user_id: Type.String(), factor_id: Type.String(), kind: Type.String() }),
          ...ADMIN_ERROR_RESPONSES,
          409: AdminError,
        },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { user_id, factor_id } = request.params;
      const { user } = await findUserForAdmin(ctx, { projectId: project.id, userId: user_id });
      const kind = factorKindOf(user as unknown as Record<string, unknown>, factor_id);
      await deleteUserResource(ctx, adminRequestContext(request, project), {
        kind,
        id: factor_id,
        userId: user_id,
        projectId: project.id,
        actor: createdBy(request).actor,
      });
      return { user_id, factor_id, kind };
    },
  );
}
