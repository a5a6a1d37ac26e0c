// Issue 13 item 2: Stytch's backend API for the application's own server, field for field, so the published
// `stytch` Node library with its base URL pointed at Gatehouse works unchanged: flat answers carrying status_code
// and request_id (no `data` wrapper), errors in the same flat shape as the SDK's (wire-format.md §3.2). Every call
// is HTTP Basic of project id and secret (auth.ts). The JWKS of /v1/sessions/jwks/{project_id} lives with the
// sessions feature. No CORS: browsers never call these.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import {
  findLiveSession,
  liveSessionsOf,
  refreshSession,
  resolveSession,
  revokeSessionById,
  sessionIdOfJwt,
  sessionIdOfToken,
} from '../sessions';
import { deleteUser, isUserOfProject, loadUser, searchUsers, updateUser } from '../users';
import { backendProject } from './auth';
import {
  SessionAuthenticateBody,
  SessionRevokeBody,
  SessionsQuery,
  UserParams,
  UserSearchBody,
  UserUpdateBody,
} from './schema';

export const BACKEND_ROUTES = {
  sessionsAuthenticate: '/v1/sessions/authenticate',
  sessionsRevoke: '/v1/sessions/revoke',
  sessions: '/v1/sessions',
  user: '/v1/users/:user_id',
  usersSearch: '/v1/users/search',
} as const;

function flat(request: FastifyRequest, reply: FastifyReply, fields: object): FastifyReply {
  return reply.code(200).send({ status_code: 200, request_id: request.requestId, ...fields });
}

function userNotFound(): ApiError {
  return new ApiError('user_not_found', 'User could not be found.');
}

/** The session named by exactly one of a token, a JWT (or an id): too many or none is a 400. */
async function sessionIdOf(
  ctx: AppContext,
  projectId: string,
  body: {
    session_id?: string | undefined;
    session_token?: string | undefined;
    session_jwt?: string | undefined;
  },
): Promise<string> {
  const given = [body.session_id, body.session_token, body.session_jwt].filter(
    (value) => value !== undefined,
  );
  if (given.length > 1)
    throw new ApiError(
      'too_many_session_arguments',
      'Pass only one of session_id, session_token or session_jwt.',
    );
  if (given.length === 0)
    throw new ApiError('missing_session_arguments', 'Pass a session_token or a session_jwt.');
  const id =
    body.session_id ??
    (body.session_token !== undefined
      ? await sessionIdOfToken(ctx, { projectId, token: body.session_token })
      : await sessionIdOfJwt(ctx, { projectId, jwt: body.session_jwt! }));
  if (id === null) throw new ApiError('session_not_found', 'Session could not be found.');
  return id;
}

export async function registerBackendApiRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  // sessions.authenticate: session, a fresh session_jwt, the user (and the token it was given; a JWT caller gets
  // none back: only its hash is stored).
  app.post(
    BACKEND_ROUTES.sessionsAuthenticate,
    { schema: { body: SessionAuthenticateBody } },
    async (request, reply) => {
      const project = await backendProject(ctx, request);
      const { body } = request;
      if (body.session_token !== undefined && body.session_jwt !== undefined)
        throw new ApiError('too_many_session_arguments', 'Pass a session_token or a session_jwt, not both.');
      const resolved =
        body.session_token !== undefined
          ? await resolveSession(ctx, { projectId: project.id, token: body.session_token })
          : await findLiveSession(ctx, {
              projectId: project.id,
              sessionId: await sessionIdOf(ctx, project.id, { session_jwt: body.session_jwt }),
            });
      const { session, session_jwt, user } = await refreshSession(ctx, {
        projectId: project.id,
        resolved,
        sessionDurationMinutes: body.session_duration_minutes,
      });
      return flat(request, reply, { session, session_token: body.session_token ?? '', session_jwt, user });
    },
  );

  app.post(BACKEND_ROUTES.sessionsRevoke, { schema: { body: SessionRevokeBody } }, async (request, reply) => {
    const project = await backendProject(ctx, request);
    const sessionId = await sessionIdOf(ctx, project.id, request.body);
    await revokeSessionById(ctx, { projectId: project.id, sessionId });
    return flat(request, reply, {});
  });

  app.get(BACKEND_ROUTES.sessions, { schema: { querystring: SessionsQuery } }, async (request, reply) => {
    const project = await backendProject(ctx, request);
    const sessions = await liveSessionsOf(ctx, { projectId: project.id, userId: request.query.user_id });
    return flat(request, reply, { sessions });
  });

  // users.get: the user's fields at the top level, as Stytch answers them.
  app.get(BACKEND_ROUTES.user, { schema: { params: UserParams } }, async (request, reply) => {
    const project = await backendProject(ctx, request);
    const user = await loadUser(ctx, request.params.user_id);
    if (!user || !(await isUserOfProject(ctx, { projectId: project.id, userId: user.user_id })))
      throw userNotFound();
    return flat(request, reply, user);
  });

  app.put(
    BACKEND_ROUTES.user,
    { schema: { params: UserParams, body: UserUpdateBody } },
    async (request, reply) => {
      const project = await backendProject(ctx, request);
      const { user_id } = request.params;
      if (!(await isUserOfProject(ctx, { projectId: project.id, userId: user_id }))) throw userNotFound();
      const updated = await updateUser(ctx, {
        userId: user_id,
        name: request.body.name,
        untrustedMetadata: request.body.untrusted_metadata,
        trustedMetadata: request.body.trusted_metadata,
      });
      if (!updated)
        throw new ApiError(
          'invalid_user_metadata',
          'The metadata would be larger than 16384 bytes once merged.',
        );
      const user = (await loadUser(ctx, user_id))!;
      return flat(request, reply, {
        user_id,
        emails: user.emails,
        phone_numbers: user.phone_numbers,
        crypto_wallets: user.crypto_wallets,
        user,
      });
    },
  );

  app.delete(BACKEND_ROUTES.user, { schema: { params: UserParams } }, async (request, reply) => {
    const project = await backendProject(ctx, request);
    const deleted = await deleteUser(ctx, { projectId: project.id, userId: request.params.user_id });
    if (!deleted) throw userNotFound();
    return flat(request, reply, { user_id: request.params.user_id });
  });

  app.post(BACKEND_ROUTES.usersSearch, { schema: { body: UserSearchBody } }, async (request, reply) => {
    const project = await backendProject(ctx, request);
    const result = await searchUsers(ctx, {
      projectId: project.id,
      limit: request.body.limit,
      cursor: request.body.cursor,
      query: request.body.query,
    });
    return flat(request, reply, result);
  });
}
