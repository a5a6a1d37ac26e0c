// Issue 25 item 3: the admin API under /admin/v1 — "described by OpenAPI generated from the route schemas and served
// at /admin/v1/openapi.json … 401 without credentials, 403 outside a key's scope. Every call is an event."
//
// One encapsulated plugin: @fastify/swagger registered inside it documents exactly its routes; an onRoute hook
// refuses a route that names no scope (so none is ever open by omission); an onRequest hook authenticates the key
// and checks the scope before the body is even parsed; an onSend hook records the call as an
// `admin_api.called` event (its action's own event, with before/after, is recorded by the action). No CORS: the
// console is served by this same server, and other callers are servers.
//
// Issue 26 item 2: the console's operators call the same routes with their session (a bearer token that is not an
// admin API key: features/operators/operator-auth.ts). For them the hook also asks for a second factor shown in the
// session (403 operator_second_factor_required; GET /me excepted), and for a recent sign-in on dangerous routes
// (`config.adminRecentSignIn`, 403 reauthentication_required); a viewer's answers are masked (admin-masking.ts).
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { recordEvent } from '../audit';
import { assertRecentOperatorSignIn, authenticateOperatorSession } from '../operators/operator-auth';
import {
  ADMIN_KEY_PREFIX,
  adminUnauthorized,
  authenticateAdminKey,
  bearerToken,
  isBootstrapKey,
} from './admin-keys';
import { maskJsonText } from './admin-masking';
import { type AdminCaller, adminEventRequest } from './admin-request';
import { ADMIN_SCOPES, effectiveScopes, ROLE_SCOPES, roleIsMasked } from './admin-scopes';
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
            description: [
              `Users, events, stats, projects, webhooks, keys and operators of a Gatehouse server. Every call takes a bearer token: an admin API key, or the session token of an operator of the console (a user of the operators project signed in with the widget, holding a role). Each route names the scope it needs (${ADMIN_SCOPES.join(', ')}); \`self\` is held by every caller, and \`users:write\` implies \`users:support\`.`,
              'Operators: every route but `GET /me` answers 403 `operator_second_factor_required` until the session has shown a passkey or an authenticator app; routes marked "Recent sign-in" answer 403 `reauthentication_required` unless the operator signed in within the last 5 minutes; a viewer’s answers have personal data masked.',
            ].join('\n\n'),
          },
          servers: [{ url: ADMIN_API_PREFIX }],
          components: {
            securitySchemes: {
              adminApiKey: { type: 'http', scheme: 'bearer' },
              operatorSession: {
                type: 'http',
                scheme: 'bearer',
                description: 'The session_token of an operator signed in to the operators project.',
              },
            },
          },
          security: [{ adminApiKey: [] }, { operatorSession: [] }],
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
        const notes = [
          `Scope: \`${scope}\`.`,
          route.config?.adminRecentSignIn
            ? 'Recent sign-in: an operator must have signed in within the last 5 minutes (403 `reauthentication_required`); admin API keys are not affected.'
            : null,
          route.config?.adminSecondFactorExempt
            ? 'Answers an operator whose session has not shown a second factor yet.'
            : null,
        ];
        route.schema = {
          operationId: operationIdOf(String(route.method), route.url.slice(ADMIN_API_PREFIX.length)),
          ...route.schema,
          description: [route.schema?.description, ...notes].filter(Boolean).join('\n\n'),
        };
      });

      admin.addHook('onRequest', async (request) => {
        const config = request.routeOptions.config;
        const scope = config.adminScope;
        if (scope === undefined) return;
        const caller = await authenticateAdminCaller(ctx, bearerToken(request.headers.authorization));
        const operator = caller.operator;
        if (operator !== undefined && !operator.secondFactor.inSession && !config.adminSecondFactorExempt) {
          throw new ApiError(
            'operator_second_factor_required',
            operator.secondFactor.enrolled
              ? 'Confirm it is you with your passkey or authenticator app to use the console.'
              : 'Set up a passkey or an authenticator app to use the console.',
          );
        }
        if (!caller.scopes.includes(scope)) {
          throw new ApiError(
            'insufficient_scope',
            `This call needs the scope "${scope}", which this ${operator === undefined ? 'key' : `operator's role (${operator.role})`} does not hold.`,
          );
        }
        if (operator !== undefined && config.adminRecentSignIn) assertRecentOperatorSignIn(ctx, operator);
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
        return request.adminCaller.masked ? maskedPayload(request, payload) : payload;
      });

      admin.get(OPENAPI_PATH, { schema: { hide: true } }, async () => admin.swagger());
      for (const module of options.modules) await module.register(admin, ctx);
    },
    { prefix: ADMIN_API_PREFIX },
  );
}

/**
 * Who a bearer token is: the bootstrap key, an admin API key (`gh_admin_…`), or else an operator's session token
 * (issue 26 item 2); 401 admin_unauthorized for none of these.
 */
async function authenticateAdminCaller(ctx: AppContext, token: string | null): Promise<AdminCaller> {
  if (token === null || token.startsWith(ADMIN_KEY_PREFIX) || isBootstrapKey(ctx, token)) {
    const caller = await authenticateAdminKey(ctx, token);
    return { ...caller, scopes: effectiveScopes(caller.scopes) };
  }
  const operator = await authenticateOperatorSession(ctx, token);
  if (operator === null) throw adminUnauthorized();
  return {
    actor: { type: 'operator', id: operator.userId },
    scopes: ROLE_SCOPES[operator.role],
    operator,
    masked: roleIsMasked(operator.role),
  };
}

/**
 * Issue 26 item 2: a masked caller's answer. JSON bodies are masked here; a stream only passes when its route masks
 * it itself (`adminMasksStream`): any other stream would carry unmasked data, so it fails closed.
 */
function maskedPayload(request: FastifyRequest, payload: unknown): unknown {
  if (typeof payload === 'string') return maskJsonText(payload);
  if (Buffer.isBuffer(payload)) return maskJsonText(payload.toString('utf8'));
  if (payload === null || payload === undefined || request.routeOptions.config.adminMasksStream)
    return payload;
  throw new Error(`${request.routeOptions.url} streams an answer a masked caller cannot get unmasked`);
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
