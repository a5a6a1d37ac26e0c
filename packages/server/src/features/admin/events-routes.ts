// Issue 25 item 3: the event log through the admin API — "events (filter by type, user, IP, time; CSV and NDJSON
// export)". A page of a project's events, one event, and an export that streams every match in bounded batches.
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import {
  checkEventFilters,
  type EventFilters,
  type EventRecord,
  EXPORT_CONTENT_TYPES,
  eventBatches,
  exportChunks,
  getEvent,
  listEvents,
  MAX_EVENT_PAGE,
} from '../audit';
import { maskPersonalData } from './admin-masking';
import { ADMIN_ERROR_RESPONSES, adminCallerOf, adminProject, Page, ProjectParams } from './admin-request';

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** features/audit EventRecord on the wire. */
export const EventSchema = Type.Object({
  id: Type.String(),
  seq: Type.Integer(),
  project_id: NullableString,
  type: Type.String(),
  occurred_at: Type.String({ format: 'date-time' }),
  actor: Type.Object({ type: Type.String(), id: NullableString }),
  subject_user_id: NullableString,
  ip_address: NullableString,
  user_agent: NullableString,
  request_id: NullableString,
  // Each type's payload has its own fields (features/audit/event-types.ts): declared free-form so none is dropped.
  payload: Type.Object({}, { additionalProperties: true }),
});

const TypeFilter = Type.String({ minLength: 1, maxLength: 500 });

/**
 * The filters of the list and the export. Query strings are text (the app's ajv does not coerce), so `limit` is
 * digits checked here rather than an integer.
 */
const FilterQuery = {
  type: Type.Optional(
    Type.Union([TypeFilter, Type.Array(TypeFilter, { maxItems: 50 })], {
      description:
        'Event types: exact (`session.created`) or a prefix (`sign_in.*`); repeat the parameter or separate with commas.',
    }),
  ),
  user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The subject user.' })),
  ip: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  actor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 300,
      description: '`<actor type>` or `<actor type>:<actor id>`, e.g. `admin_api_key:bootstrap`.',
    }),
  ),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'occurred_at ≥ from.' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'occurred_at < to.' })),
};
const ListQuery = Type.Object(
  {
    ...FilterQuery,
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$', description: `1 to ${MAX_EVENT_PAGE}.` })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  },
  // A misspelt filter (`?types=`) is a 400, not a silent listing of everything.
  { additionalProperties: false },
);
const ExportQuery = Type.Object(
  { ...FilterQuery, format: Type.Union([Type.Literal('csv'), Type.Literal('ndjson')]) },
  { additionalProperties: false },
);
const EventParams = Type.Object({
  ...ProjectParams.properties,
  event_id: Type.String({ minLength: 1, maxLength: 200 }),
});
const TAGS = ['Events'];

function filtersOf(query: Static<typeof ListQuery> | Static<typeof ExportQuery>): EventFilters {
  const types = query.type === undefined ? undefined : [query.type].flat().flatMap((each) => each.split(','));
  const filters: EventFilters = {
    ...(types === undefined ? {} : { types: types.map((type) => type.trim()) }),
    ...(query.user_id === undefined ? {} : { subjectUserId: query.user_id }),
    ...(query.ip === undefined ? {} : { ip: query.ip }),
    ...(query.actor === undefined ? {} : { actor: query.actor }),
    ...(query.from === undefined ? {} : { from: new Date(query.from) }),
    ...(query.to === undefined ? {} : { to: new Date(query.to) }),
  };
  checkEventFilters(filters);
  return filters;
}

function limitOf(limit: string | undefined): number | undefined {
  if (limit === undefined) return undefined;
  const value = Number(limit);
  if (value < 1 || value > MAX_EVENT_PAGE) {
    throw new ApiError('invalid_admin_request', `"limit" must be between 1 and ${MAX_EVENT_PAGE}.`);
  }
  return value;
}

/** Each event of each batch with personal data masked (a viewer's export). */
async function* maskedBatches(batches: AsyncIterable<EventRecord[]>): AsyncGenerator<EventRecord[]> {
  for await (const batch of batches) yield batch.map((event) => maskPersonalData(event) as EventRecord);
}

export async function registerEventRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  admin.get(
    '/projects/:project_id/events',
    {
      config: { adminScope: 'events:read' },
      schema: {
        tags: TAGS,
        summary: "A page of the project's events, newest first",
        params: ProjectParams,
        querystring: ListQuery,
        response: { 200: Page(EventSchema), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const filters = filtersOf(request.query);
      const limit = limitOf(request.query.limit);
      const project = await adminProject(ctx, request, request.params.project_id);
      return listEvents(ctx, {
        projectId: project.id,
        filters,
        ...(request.query.cursor === undefined ? {} : { cursor: request.query.cursor }),
        ...(limit === undefined ? {} : { limit }),
      });
    },
  );

  admin.get(
    '/projects/:project_id/events/export',
    {
      // Issue 26 item 2: a viewer's export is masked here, record by record (admin-masking.ts).
      config: { adminScope: 'events:read', adminMasksStream: true },
      schema: {
        tags: TAGS,
        summary: 'Every matching event as a CSV or NDJSON attachment, newest first',
        description:
          'CSV: RFC 4180 with a header row; a cell starting with = + - @ is prefixed with a quote (formula injection); the payload is one column of JSON. NDJSON: one event per line, as in the list.',
        params: ProjectParams,
        querystring: ExportQuery,
        // A stream is sent as it is (never serialized): the schema documents the body for the OpenAPI document.
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', description: 'text/csv or application/x-ndjson' }),
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      const project = await adminProject(ctx, request, request.params.project_id);
      const { format } = request.query;
      const found = await eventBatches(ctx, { projectId: project.id, filters });
      const batches = adminCallerOf(request).masked ? maskedBatches(found) : found;
      const stamp = ctx.clock.now().toISOString().slice(0, 19).replaceAll(':', '');
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="events-${stamp}Z.${format}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(exportChunks(format, batches)));
    },
  );

  admin.get(
    '/projects/:project_id/events/:event_id',
    {
      config: { adminScope: 'events:read' },
      schema: {
        tags: TAGS,
        summary: 'One event',
        params: EventParams,
        response: { 200: Type.Object({ event: EventSchema }), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      return { event: await getEvent(ctx, { projectId: project.id, eventId: request.params.event_id }) };
    },
  );
}
