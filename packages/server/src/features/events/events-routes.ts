// wire-format.md §4.12 / §2.2: POST /events takes a JSON array of `{telemetry, event}` with no Authorization
// header; the project comes from each event's public_token (unknown tokens are dropped). Stored in
// telemetry_events, bounded per project by config.telemetryLimit: the oldest rows go first.

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { sendData } from '../../infra/context';
import { isOriginAllowedForProject } from '../../infra/cors';
import { telemetryEvents } from '../../infra/db/schema';
import { SchemaError, schemaErrorItem } from '../../infra/http-errors';

/** The SDK flushes at 15 events (SPEC §9); 100 leaves room for other clients while bounding one request. */
export const MAX_EVENTS_PER_BATCH = 100;
/** One item's JSON size cap: telemetry is not a file store (render_login_screen details are a few KiB). */
export const MAX_EVENT_BYTES = 32 * 1024;

const TelemetryEventSchema = Type.Object({
  public_token: Type.String({ maxLength: 200 }),
  event_name: Type.String({ minLength: 1, maxLength: 200 }),
  details: Type.Optional(Type.Object({})),
  error_code: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  http_status_code: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Integer()])),
});

export const EventsBody = Type.Array(
  // `telemetry` is the X-SDK-Client blob (wire-format.md §2.1); its keys vary by SDK version, so it is an object
  // of any shape. Unknown event keys are tolerated too: a newer SDK must not lose its whole batch.
  Type.Object({ telemetry: Type.Object({}), event: TelemetryEventSchema }),
  { maxItems: MAX_EVENTS_PER_BATCH },
);

type EventItem = {
  telemetry: Record<string, unknown>;
  event: { public_token: string; event_name: string; details?: Record<string, unknown>; error_code?: string };
};

export async function registerEventRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  sdk.post('/events', { schema: { body: EventsBody }, config: { auth: 'none' } }, async (request, reply) => {
    const items = request.body as EventItem[];
    for (const [index, item] of items.entries()) {
      if (JSON.stringify(item).length > MAX_EVENT_BYTES) {
        throw new SchemaError('body', [
          schemaErrorItem({
            keyword: 'maxLength',
            dataPath: `[${index}]`,
            params: { limit: MAX_EVENT_BYTES },
            message: `should NOT be longer than ${MAX_EVENT_BYTES} bytes`,
          }),
        ]);
      }
    }
    if (ctx.config.telemetryLimit > 0 && items.length > 0)
      await storeEvents(ctx, items, request.headers.origin);
    return sendData(reply, {});
  });
}

async function storeEvents(ctx: AppContext, items: EventItem[], origin: string | undefined): Promise<void> {
  const now = ctx.clock.now();
  const rows: (typeof telemetryEvents.$inferInsert)[] = [];
  const projectIds = new Set<string>();
  for (const item of items) {
    const resolved = await ctx.projects.resolve(item.event.public_token);
    if (resolved === null) continue;
    // A page may only report for a project that allows it (no CORS bypass through telemetry).
    if (origin !== undefined && !isOriginAllowedForProject(resolved, origin, ctx.config.publicUrl)) continue;
    projectIds.add(resolved.project.id);
    rows.push({
      projectId: resolved.project.id,
      eventName: item.event.event_name,
      details: item.event.details ?? {},
      telemetry: item.telemetry,
      errorCode: item.event.error_code ?? null,
      receivedAt: now,
    });
  }
  if (rows.length === 0) return;
  await ctx.db.insert(telemetryEvents).values(rows);
  for (const projectId of projectIds) {
    // Keep the newest `telemetryLimit` rows: delete everything at or below the id of the first row past it.
    await ctx.db.execute(sql`
      DELETE FROM ${telemetryEvents}
      WHERE ${telemetryEvents.projectId} = ${projectId}
        AND ${telemetryEvents.id} <= (
          SELECT ${telemetryEvents.id} FROM ${telemetryEvents}
          WHERE ${telemetryEvents.projectId} = ${projectId}
          ORDER BY ${telemetryEvents.id} DESC
          OFFSET ${ctx.config.telemetryLimit} LIMIT 1
        )`);
  }
}
