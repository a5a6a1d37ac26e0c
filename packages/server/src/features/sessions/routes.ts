// Routes of the sessions feature: POST /sdk/v1/sessions/authenticate and /sessions/revoke (wire-format.md §4.3)
// and the root-level JWKS GET /v1/sessions/jwks/{project_id} (DESIGN.md: app servers verify session JWTs
// locally against it; issue 8 item 4: it publishes only that project's keys).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { SessionDurationField } from '../../infra/body-fields';
import { type AppContext, sendData, sendDataJson } from '../../infra/context';
import { projects } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { contextOf } from '../../infra/request-context';
import {
  authenticateSession,
  listOwnSessions,
  revokeOtherSessions,
  revokeOwnOtherSession,
  revokeSession,
} from './session-service';

// The only keys the SDK sends here (wire-format.md §4.3); unlike the sign-in calls, nothing is spread into it.
const AuthenticateBody = Type.Object(
  { session_duration_minutes: SessionDurationField },
  { additionalProperties: false },
);

// Issue 22: the one session to end, by its public id (as GET /sessions/list names it).
const RevokeOneBody = Type.Object(
  { session_id: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

export async function registerSessionRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    ROUTES.sessionsAuthenticate,
    { schema: { body: AuthenticateBody }, config: { session: 'required' } },
    async (request, reply) => {
      const { fieldsJson } = await authenticateSession(ctx, contextOf(request), {
        sessionDurationMinutes: request.body.session_duration_minutes,
      });
      return sendDataJson(reply, fieldsJson);
    },
  );

  // The SDK sends no body here (wire-format.md §2); the answer is ResponseCommon.
  app.post(ROUTES.sessionsRevoke, async (request, reply) => {
    await revokeSession(ctx, contextOf(request));
    return sendData(reply, {});
  });

  // Issue 13 item 3 (Gatehouse's own calls, no Stytch counterpart): the account page's "active sessions" list and
  // "Sign out everywhere else". Both need the caller's session; neither takes a body or query. Like the credential
  // removals (issue 13 item 1), a session still waiting for its required second factor is refused (the route hook of
  // step-up.ts SESSION_ROUTE_RULES): whoever holds only the first factor must neither see where the user is signed
  // in nor sign the user out everywhere else.
  app.get(ROUTES.sessionsList, { config: { session: 'required' } }, async (request, reply) => {
    const listed = await listOwnSessions(ctx, contextOf(request));
    return sendData(reply, listed);
  });

  app.post(ROUTES.sessionsRevokeOthers, { config: { session: 'required' } }, async (request, reply) => {
    const revoked_count = await revokeOtherSessions(ctx, contextOf(request));
    return sendData(reply, { revoked_count });
  });

  // Issue 22: "Sign out" on one row of the account page's session list. Same step-up row as revoke_others (a second
  // factor the project requires, no recent sign-in: it removes no way to sign in). Only a live session of the caller's
  // user in this project; anything else is the same 404 (session-service.ts revokeOwnOtherSession).
  app.post(
    ROUTES.sessionsRevokeOne,
    { schema: { body: RevokeOneBody }, config: { session: 'required' } },
    async (request, reply) => {
      await revokeOwnOtherSession(ctx, contextOf(request), request.body.session_id);
      return sendData(reply, {});
    },
  );
}

const JwksParams = Type.Object({ project_id: Type.String({ minLength: 1, maxLength: 200 }) });

export async function registerJwksRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/sessions/jwks/:project_id', { schema: { params: JwksParams } }, async (request, reply) => {
    const [project] = await ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, request.params.project_id))
      .limit(1);
    if (!project) throw new ApiError('not_found', 'No project with this id.');
    const keys = await ctx.sessions.keys.publicKeys(project.id, ctx.clock.now());
    // Verifiers (jose createRemoteJWKSet) refetch on an unknown kid, so a short cache is enough.
    return reply.header('cache-control', 'public, max-age=60').send({ keys });
  });
}
