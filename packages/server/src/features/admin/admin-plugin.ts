// Issue 25 item 3: the admin API under /admin/v1 — "described by OpenAPI generated from the route schemas and served
// at /admin/v1/openapi.json … 401 without credentials, 403 outside a key's scope. Every call is an event."
//
// One encapsulated plugin: @fastify/swagger registered inside it documents exactly its routes; an onRoute hook
// refuses a route that names no scope (so none is ever open by omission); an onRequest hook authenticates the key
// and checks the scope before the body is even parsed; an onSend hook records the call as an
// `admin_api.called` event (its action's own event, with before/after, is recorded by the action). No CORS: the
// console is served by this same server, and other callers are servers.
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { recordEvent } from '../audit';
import { authenticateAdminKey, bearerToken } from './admin-keys';
import { adminEventRequest } from './admin-request';
import { ADMIN_SCOPES } from './admin-scopes';
import { coerceQuery } from './query-coercion';

export const ADMIN_API_PREFIX = '/admin/v1';
export const OPENAPI_PATH = '/openapi.json';

/** A group of admin routes (paths relative to /admin/v1; the auth hook already ran when a handler runs). */
export interface AdminRouteModule {
  name: string;
  register(admin: FastifyInstance, ctx: AppContext): Promise<void>;
}

export interface AdminApiOptions {
  /** The route groups, in registration order (app.ts lists them). */
  modules: readonly AdminRouteModule[];
  version: string;
}

export async function registerAdminApi(
  root: FastifyInstance,
  ctx: AppContext,
  options: AdminApiOptions,
): Promise<void> {
  await root.register(
    async (admin) => {
      admin.decorateRequest('adminCaller', null);
      admin.decorateRequest('adminProjectId', null);
      await admin.register(swagger, {
        openapi: {
          openapi: '3.1.0',
          info: {
            title: 'Gatehouse admin API',
            version: options.version,
            description: `Users, events, stats, projects, webhooks and keys of a Gatehouse server. Every call takes an admin API key as a bearer token; each route names the scope it needs (${ADMIN_SCOPES.join(', ')}).`,
          },
          servers: [{ url: ADMIN_API_PREFIX }],
          components: {
            securitySchemes: { adminApiKey: { type: 'http', scheme: 'bearer' } },
          },
          security: [{ adminApiKey: [] }],
        },
        // Paths in the document are relative to the server URL above.
        transform: ({ schema, url }) => ({
          schema,
          url: url.startsWith(ADMIN_API_PREFIX) ? url.slice(ADMIN_API_PREFIX.length) || '/' : url,
        }),
      });

      admin.addHook('onRoute', (route) => {
        if (route.url === `${ADMIN_API_PREFIX}${OPENAPI_PATH}`) return;
        const scope = route.config?.adminScope;
        if (scope === undefined)
          throw new Error(`admin route ${route.method} ${route.url} names no adminScope`);
        // The scope is part of the contract: the document says what each route needs. Generated clients name
        // their methods by operationId: one is derived from the method and path when the route gives none.
        route.schema = {
          operationId: operationIdOf(String(route.method), route.url.slice(ADMIN_API_PREFIX.length)),
          ...route.schema,
          description: [route.schema?.description, `Scope: \`${scope}\`.`].filter(Boolean).join('\n\n'),
        };
      });

      admin.addHook('onRequest', async (request) => {
        const scope = request.routeOptions.config.adminScope;
        if (scope === undefined) return;
        const caller = await authenticateAdminKey(ctx, bearerToken(request.headers.authorization));
        if (!caller.scopes.includes(scope)) {
          throw new ApiError(
            'insufficient_scope',
            `This call needs the scope "${scope}", which this key does not hold.`,
          );
        }
        request.adminCaller = caller;
      });

      admin.addHook('preValidation', async (request) => {
        coerceQuery(request.routeOptions.schema?.querystring, request.query);
      });

      // onSend, not onResponse: the call's event exists by the time its caller has the answer.
      admin.addHook('onSend', async (request, reply, payload) => {
        if (request.adminCaller === null) return payload;
        await recordAdminCall(ctx, request, reply.statusCode).catch((error: unknown) =>
          request.log.error({ err: error }, 'could not record an admin API call'),
        );
        return payload;
      });

      admin.get(OPENAPI_PATH, { schema: { hide: true } }, async () => admin.swagger());
      for (const module of options.modules) await module.register(admin, ctx);
    },
    { prefix: ADMIN_API_PREFIX },
  );
}

/**
 * `GET /projects/:project_id/users/:user_id/sessions` → `getUsersByUserIdSessions`: camelCase words, each parameter
 * as `By<Name>`, and the `/projects/:project_id` every project-scoped route starts with left out (it would prefix
 * nearly every name); `/projects/:project_id` alone stays `getProjectsByProjectId`. A test checks that no two routes
 * share a name.
 */
export function operationIdOf(method: string, path: string): string {
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const scoped = path.startsWith('/projects/:project_id/')
    ? path.slice('/projects/:project_id'.length)
    : path;
  const words = scoped
    .split('/')
    .filter((part) => part !== '')
    .flatMap((part) =>
      part.startsWith(':') ? [`By${part.slice(1).split('_').map(pascal).join('')}`] : part.split(/[-_.]/),
    );
  return [method.toLowerCase(), ...words.map(pascal)].join('');
}

async function recordAdminCall(ctx: AppContext, request: FastifyRequest, statusCode: number): Promise<void> {
  const caller = request.adminCaller!;
  await recordEvent(
    ctx.db,
    {
      projectId: request.adminProjectId,
      type: 'admin_api.called',
      actor: caller.actor,
      subjectUserId: null,
      request: adminEventRequest(request),
      payload: {
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        status_code: statusCode,
      },
    },
    ctx.clock.now(),
  );
}
