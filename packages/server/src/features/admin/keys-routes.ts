// Issue 25 item 3: admin API keys through the API — "more keys with scopes created through the API, stored hashed,
// shown once, last-used time". Keys are instance-wide (not a project's): their events carry no project.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { recordEvent } from '../audit';
import { createAdminApiKey, listAdminApiKeys, revokeAdminApiKey } from './admin-keys';
import { ADMIN_ERROR_RESPONSES, adminCallerOf, adminEventRequest } from './admin-request';
import { ADMIN_SCOPES } from './admin-scopes';

const Scope = Type.Enum(ADMIN_SCOPES);
const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  scopes: Type.Array(Type.String()),
  created_by: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revoked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
const KeyParams = Type.Object({ key_id: Type.String({ minLength: 1, maxLength: 200 }) });
const TAGS = ['API keys'];

export async function registerAdminKeyRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  admin.get(
    '/api-keys',
    {
      config: { adminScope: 'keys:read' },
      schema: {
        tags: TAGS,
        summary: 'List admin API keys (never the keys themselves)',
        response: { 200: Type.Object({ items: Type.Array(ApiKey) }), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => ({ items: await listAdminApiKeys(ctx) }),
  );

  admin.post(
    '/api-keys',
    {
      // Issue 26 item 2: a key acts without a session or a second factor, so making one asks an operator for a
      // recent sign-in, as changing operators does.
      config: { adminScope: 'keys:write', adminRecentSignIn: true },
      schema: {
        tags: TAGS,
        summary: 'Create an admin API key; the key is in this answer only',
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 100 }),
          scopes: Type.Array(Scope, { minItems: 1, maxItems: ADMIN_SCOPES.length }),
        }),
        response: {
          201: Type.Object({ api_key: ApiKey, key: Type.String() }),
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const caller = adminCallerOf(request);
      const { apiKey, key } = await ctx.db.transaction(async (tx) => {
        const made = await createAdminApiKey(
          { db: tx as unknown as typeof ctx.db, clock: ctx.clock },
          {
            name: request.body.name,
            scopes: request.body.scopes,
            maker: caller,
          },
        );
        await recordEvent(
          tx,
          {
            projectId: null,
            type: 'admin_api_key.created',
            actor: caller.actor,
            subjectUserId: null,
            request: adminEventRequest(request),
            payload: { key_id: made.apiKey.id, name: made.apiKey.name, scopes: made.apiKey.scopes },
          },
          ctx.clock.now(),
        );
        return made;
      });
      return reply.code(201).send({ api_key: apiKey, key });
    },
  );

  admin.delete(
    '/api-keys/:key_id',
    {
      config: { adminScope: 'keys:write' },
      schema: {
        tags: TAGS,
        summary: 'Revoke an admin API key (its next call answers 401)',
        params: KeyParams,
        response: { 200: Type.Object({ api_key: ApiKey }), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = adminCallerOf(request);
      const apiKey = await revokeAdminApiKey(ctx, request.params.key_id);
      await recordEvent(
        ctx.db,
        {
          projectId: null,
          type: 'admin_api_key.revoked',
          actor: caller.actor,
          subjectUserId: null,
          request: adminEventRequest(request),
          payload: { key_id: apiKey.id },
        },
        ctx.clock.now(),
      );
      return { api_key: apiKey };
    },
  );
}
