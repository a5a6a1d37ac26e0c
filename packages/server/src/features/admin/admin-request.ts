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
import type { AdminScope } from './admin-scopes';

/** The authenticated caller of an admin route. */
export interface AdminCaller {
  actor: Extract<EventActor, { type: 'admin_api_key' } | { type: 'operator' }>;
  scopes: readonly AdminScope[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /admin/v1 route: the scope its caller must hold (admin-plugin.ts refuses a route without one). */
    adminScope?: AdminScope;
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

/** The project `:project_id` names, or 404 project_not_found; remembered for the call's event. */
export async function adminProject(
  ctx: Pick<AppContext, 'db'>,
  request: FastifyRequest,
  projectId: string,
): Promise<ProjectRecord> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
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
