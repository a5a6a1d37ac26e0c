// Issue 25 item 3: what every /admin/v1 handler reads off its request — who is calling (an admin API key today, an
// operator session with the console of issue 26), the project a route names, and the request fields an event
// records — and the shapes the routes share (errors, cursor pages).
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { AppContext, ProjectRecord } from '../../infra/context';
import { projects } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { userAgentOf } from '../../infra/request-context';
import type { EventActor } from '../audit';
import type { OperatorSession } from '../operators/operator-auth';
import { OPERATORS_PROJECT_ID } from '../projects/project-service';
import type { AdminScope } from './admin-scopes';

/** The authenticated caller of an admin route. */
export interface AdminCaller {
  actor: Extract<EventActor, { type: 'admin_api_key' } | { type: 'operator' }>;
  /** What the caller may do: granted and implied scopes (admin-scopes.ts effectiveScopes). */
  scopes: readonly AdminScope[];
  /** Issue 26 item 2: set when the caller is an operator's session (features/operators), absent for keys. */
  operator?: OperatorSession;
  /** Issue 26 item 2: the caller's answers have personal data masked (a viewer: admin-masking.ts). */
  masked?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /admin/v1 route: the scope its caller must hold (admin-plugin.ts refuses a route without one). */
    adminScope?: AdminScope;
    /**
     * Issue 26 item 2: a dangerous action (delete a user, export with hashes, reveal or rotate a webhook secret,
     * make an API key, change operators): an operator must have signed in within the last 5 minutes (403
     * reauthentication_required). Admin API keys are not affected.
     */
    adminRecentSignIn?: boolean;
    /** Issue 26 item 2: answers an operator whose session has not shown a second factor yet (GET /me only). */
    adminSecondFactorExempt?: boolean;
    /** Issue 26 item 2: the route streams its answer and masks it itself for masked callers (admin-masking.ts). */
    adminMasksStream?: boolean;
  }
  interface FastifyRequest {
    /** Set by the admin plugin's auth hook on /admin/v1 routes; read it with adminCallerOf. */
    adminCaller: AdminCaller | null;
    /** The project an admin route acted on (adminProject sets it), recorded on the call's event. */
    adminProjectId: string | null;
  }
}

export function adminCallerOf(request: FastifyRequest): AdminCaller {
  const caller = request.adminCaller;
  if (caller === null) throw new Error(`${request.url} has no admin caller (not under /admin/v1?)`);
  return caller;
}

/** The request fields an event records (recordEvent's `request`). */
export function adminEventRequest(request: FastifyRequest): {
  ip: string;
  userAgent: string;
  requestId: string;
} {
  return {
    ip: request.ip,
    userAgent: userAgentOf(request.headers['user-agent']),
    requestId: request.requestId,
  };
}

/**
 * The project `:project_id` names, or 404 project_not_found; remembered for the call's event. Issue 26 item 2: the
 * operators project is the console's own — its operators are changed through /operators, never as users of a
 * project — so only its event log (routes of scope events:read) reaches it; every other route answers 404.
 */
export async function adminProject(
  ctx: Pick<AppContext, 'db'>,
  request: FastifyRequest,
  projectId: string,
): Promise<ProjectRecord> {
  const reachable =
    projectId !== OPERATORS_PROJECT_ID || request.routeOptions.config.adminScope === 'events:read';
  const [project] = reachable
    ? await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1)
    : [];
  if (project === undefined) throw new ApiError('project_not_found', 'No project has this id.');
  request.adminProjectId = project.id;
  return project;
}

/** `:project_id` of every project-scoped route. */
export const ProjectParams = Type.Object({ project_id: Type.String({ minLength: 1, maxLength: 200 }) });

/**
 * The wire-format.md §3.2 error every /admin/v1 failure answers with (a schema error carries `body`, `params` or
 * `query` items instead of an error_type). Loose on purpose: the document describes it, the error handler shapes it.
 */
export const AdminError = Type.Object(
  {
    status_code: Type.Optional(Type.Integer()),
    request_id: Type.Optional(Type.String()),
    error_type: Type.Optional(Type.String()),
    error_message: Type.Optional(Type.String()),
    error_url: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** Answers every admin route documents besides its own. */
export const ADMIN_ERROR_RESPONSES = {
  400: AdminError,
  401: AdminError,
  403: AdminError,
  404: AdminError,
} as const;

/** `?limit=&cursor=`: cursors are opaque to callers. */
export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
});

/** A page of items and the cursor of the next one (null at the end). */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), next_cursor: Type.Union([Type.String(), Type.Null()]) });
}
