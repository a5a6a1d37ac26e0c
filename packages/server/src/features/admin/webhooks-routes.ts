// Issue 25 item 2 through item 3's API: "Endpoints per project … managed through the admin API … re-enabled by an
// operator, a delivery log with status, latency and response excerpt, replay of one delivery or a time range, and a
// test event." The work is features/webhooks' (its service functions check that an endpoint or delivery belongs
// to the project); these routes shape it and record each change as an event with its before and after.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { type EventPayloads, recordEvent } from '../audit';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDeliveries,
  replayWebhookDelivery,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
  webhookEndpointSecret,
} from '../webhooks';
import { newWebhookSecret } from '../webhooks/signature';
import {
  ADMIN_ERROR_RESPONSES,
  adminCallerOf,
  adminEventRequest,
  adminProject,
  Page,
  ProjectParams,
} from './admin-request';
import { decodeCursor, encodeCursor } from './cursor';

const TAGS = ['Webhooks'];
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const STATUSES = ['pending', 'failed', 'succeeded', 'dead'] as const;
const Status = Type.Enum(STATUSES);

const Endpoint = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  source: Type.Union([Type.Literal('file'), Type.Literal('api')]),
  disabled_at: Nullable(Timestamp),
  failing_since: Nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const Delivery = Type.Object({
  id: Type.String(),
  endpoint_id: Type.String(),
  event_id: Type.String(),
  event_type: Type.String(),
  status: Status,
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Timestamp),
  last_attempt_at: Nullable(Timestamp),
  last_status_code: Nullable(Type.Integer()),
  last_latency_ms: Nullable(Type.Integer()),
  last_response_excerpt: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  created_at: Timestamp,
});
const EndpointParams = Type.Object({
  ...ProjectParams.properties,
  endpoint_id: Type.String({ minLength: 1, maxLength: 200 }),
});
const DeliveryParams = Type.Object({
  ...ProjectParams.properties,
  delivery_id: Type.String({ minLength: 1, maxLength: 200 }),
});
const Url = Type.String({ minLength: 1, maxLength: 2048 });
const Filters = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 });
const Secret = Type.String({ minLength: 1, maxLength: 200 });

function responses<T extends Record<number, unknown>>(ok: T) {
  return { ...ok, ...ADMIN_ERROR_RESPONSES };
}

export async function registerAdminWebhookRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  async function record<T extends keyof EventPayloads>(
    request: FastifyRequest,
    projectId: string,
    type: T,
    payload: EventPayloads[T],
  ): Promise<void> {
    await recordEvent(
      ctx.db,
      {
        projectId,
        type,
        actor: adminCallerOf(request).actor,
        subjectUserId: null,
        request: adminEventRequest(request),
        payload,
      },
      ctx.clock.now(),
    );
  }

  admin.get(
    '/projects/:project_id/webhooks',
    {
      config: { adminScope: 'webhooks:read' },
      schema: {
        tags: TAGS,
        summary: "The project's webhook endpoints (never their secrets)",
        params: ProjectParams,
        response: responses({ 200: Type.Object({ items: Type.Array(Endpoint) }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      return { items: await listWebhookEndpoints(ctx, project.id) };
    },
  );

  admin.post(
    '/projects/:project_id/webhooks',
    {
      config: { adminScope: 'webhooks:write' },
      schema: {
        tags: TAGS,
        summary: 'Add an endpoint; without a secret one is made. The secret is in this answer only',
        params: ProjectParams,
        body: Type.Object({ url: Url, events: Filters, secret: Type.Optional(Secret) }),
        response: responses({ 201: Type.Object({ endpoint: Endpoint, secret: Type.String() }) }),
      },
    },
    async (request, reply) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { endpoint, secret } = await createWebhookEndpoint(ctx, {
        projectId: project.id,
        url: request.body.url,
        events: request.body.events,
        ...(request.body.secret === undefined ? {} : { secret: request.body.secret }),
      });
      await record(request, project.id, 'webhook_endpoint.created', {
        endpoint_id: endpoint.id,
        url: endpoint.url,
        events: endpoint.events,
      });
      return reply.code(201).send({ endpoint, secret });
    },
  );

  admin.get(
    '/projects/:project_id/webhooks/:endpoint_id',
    {
      config: { adminScope: 'webhooks:read' },
      schema: {
        tags: TAGS,
        summary: 'One endpoint',
        params: EndpointParams,
        response: responses({ 200: Type.Object({ endpoint: Endpoint }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const ids = { projectId: project.id, endpointId: request.params.endpoint_id };
      return { endpoint: await getWebhookEndpoint(ctx, ids) };
    },
  );

  admin.patch(
    '/projects/:project_id/webhooks/:endpoint_id',
    {
      config: { adminScope: 'webhooks:write' },
      schema: {
        tags: TAGS,
        summary:
          "Change an API endpoint's URL or event filters (a project-file endpoint changes in the file)",
        params: EndpointParams,
        body: Type.Object({ url: Type.Optional(Url), events: Type.Optional(Filters) }, { minProperties: 1 }),
        response: responses({ 200: Type.Object({ endpoint: Endpoint }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const ids = { projectId: project.id, endpointId: request.params.endpoint_id };
      const before = await getWebhookEndpoint(ctx, ids);
      const endpoint = await updateWebhookEndpoint(ctx, {
        ...ids,
        ...(request.body.url === undefined ? {} : { url: request.body.url }),
        ...(request.body.events === undefined ? {} : { events: request.body.events }),
      });
      const fields = (['url', 'events'] as const).filter((field) => request.body[field] !== undefined);
      await record(request, project.id, 'webhook_endpoint.updated', {
        endpoint_id: endpoint.id,
        fields: [...fields],
        before: Object.fromEntries(fields.map((field) => [field, before[field]])),
        after: Object.fromEntries(fields.map((field) => [field, endpoint[field]])),
      });
      return { endpoint };
    },
  );

  admin.delete(
    '/projects/:project_id/webhooks/:endpoint_id',
    {
      config: { adminScope: 'webhooks:write' },
      schema: {
        tags: TAGS,
        summary: 'Delete an API endpoint with its delivery log',
        params: EndpointParams,
        response: responses({ 200: Type.Object({ endpoint: Endpoint }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const ids = { projectId: project.id, endpointId: request.params.endpoint_id };
      const endpoint = await getWebhookEndpoint(ctx, ids);
      await deleteWebhookEndpoint(ctx, ids);
      await record(request, project.id, 'webhook_endpoint.deleted', {
        endpoint_id: endpoint.id,
        url: endpoint.url,
      });
      return { endpoint };
    },
  );

  admin.post(
    '/projects/:project_id/webhooks/:endpoint_id/enable',
    {
      config: { adminScope: 'webhooks:write' },
      schema: {
        tags: TAGS,
        summary: 'Re-enable an endpoint a day of failures disabled; its waiting deliveries are due at once',
        params: EndpointParams,
        response: responses({ 200: Type.Object({ endpoint: Endpoint }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const ids = { projectId: project.id, endpointId: request.params.endpoint_id };
      const endpoint = await enableWebhookEndpoint(ctx, ids);
      await record(request, project.id, 'webhook_endpoint.enabled', { endpoint_id: endpoint.id });
      return { endpoint };
    },
  );

  admin.post(
    '/projects/:project_id/webhooks/:endpoint_id/secret',
    {
      // Issue 26 item 2: revealing or rotating a secret asks an operator for a recent sign-in.
      config: { adminScope: 'webhooks:write', adminRecentSignIn: true },
      schema: {
        tags: TAGS,
        summary:
          "Reveal an endpoint's signing secret, or rotate it (`rotate: true`: a new one signs from the next attempt)",
        params: EndpointParams,
        body: Type.Object({ rotate: Type.Optional(Type.Boolean()) }),
        response: responses({ 200: Type.Object({ secret: Type.String() }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const ids = { projectId: project.id, endpointId: request.params.endpoint_id };
      if (request.body.rotate !== true) return { secret: await webhookEndpointSecret(ctx, ids) };
      const secret = newWebhookSecret();
      await updateWebhookEndpoint(ctx, { ...ids, secret });
      // The event says that the secret changed, never what it is.
      await record(request, project.id, 'webhook_endpoint.updated', {
        endpoint_id: ids.endpointId,
        fields: ['secret'],
        before: {},
        after: {},
      });
      return { secret };
    },
  );

  admin.post(
    '/projects/:project_id/webhooks/:endpoint_id/test',
    {
      config: { adminScope: 'webhooks:write' },
      schema: {
        tags: TAGS,
        summary: 'Queue a `webhook.test` message to this endpoint, whatever its filters',
        params: EndpointParams,
        response: responses({ 200: Type.Object({ delivery: Delivery }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const ids = { projectId: project.id, endpointId: request.params.endpoint_id };
      return { delivery: await sendWebhookTestEvent(ctx, ids) };
    },
  );

  admin.post(
    '/projects/:project_id/webhooks/:endpoint_id/replay',
    {
      config: { adminScope: 'webhooks:write' },
      schema: {
        tags: TAGS,
        summary: "Replay the endpoint's deliveries made in [from, to) with these statuses (default dead)",
        params: EndpointParams,
        body: Type.Object({
          from: Timestamp,
          to: Timestamp,
          statuses: Type.Optional(Type.Array(Status, { minItems: 1, maxItems: STATUSES.length })),
        }),
        response: responses({ 200: Type.Object({ queued: Type.Integer() }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const from = new Date(request.body.from);
      const to = new Date(request.body.to);
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) {
        throw new ApiError('invalid_admin_request', '`from` must be a time before `to`.');
      }
      const queued = await replayWebhookDeliveries(ctx, {
        projectId: project.id,
        endpointId: request.params.endpoint_id,
        from,
        to,
        ...(request.body.statuses === undefined ? {} : { statuses: [...request.body.statuses] }),
      });
      return { queued };
    },
  );

  admin.get(
    '/projects/:project_id/webhook-deliveries',
    {
      config: { adminScope: 'webhooks:read' },
      schema: {
        tags: TAGS,
        summary: 'The delivery log, newest first',
        params: ProjectParams,
        querystring: Type.Object({
          endpoint_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
          status: Type.Optional(Status),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
        }),
        response: responses({ 200: Page(Delivery) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { query } = request;
      const limit = query.limit ?? 50;
      const before =
        query.cursor === undefined ? undefined : decodeCursor(query.cursor, ['created_at', 'id'] as const);
      const items = await listWebhookDeliveries(ctx, {
        projectId: project.id,
        limit,
        ...(query.endpoint_id === undefined ? {} : { endpointId: query.endpoint_id }),
        ...(query.event_id === undefined ? {} : { eventId: query.event_id }),
        ...(query.status === undefined ? {} : { statuses: [query.status] }),
        ...(before === undefined ? {} : { before }),
      });
      const last = items.at(-1);
      const next_cursor =
        items.length === limit && last !== undefined
          ? encodeCursor({ created_at: last.created_at, id: last.id })
          : null;
      return { items, next_cursor };
    },
  );

  admin.get(
    '/projects/:project_id/webhook-deliveries/:delivery_id',
    {
      config: { adminScope: 'webhooks:read' },
      schema: {
        tags: TAGS,
        summary: 'One delivery',
        params: DeliveryParams,
        response: responses({ 200: Type.Object({ delivery: Delivery }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const ids = { projectId: project.id, deliveryId: request.params.delivery_id };
      return { delivery: await getWebhookDelivery(ctx, ids) };
    },
  );

  admin.post(
    '/projects/:project_id/webhook-deliveries/:delivery_id/replay',
    {
      config: { adminScope: 'webhooks:write' },
      schema: {
        tags: TAGS,
        summary: "Send one delivery's message again now, as a new delivery",
        params: DeliveryParams,
        response: responses({ 200: Type.Object({ delivery: Delivery }) }),
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const ids = { projectId: project.id, deliveryId: request.params.delivery_id };
      return { delivery: await replayWebhookDelivery(ctx, ids) };
    },
  );
}
