// Issue 25 item 2: webhook endpoints per project — "declared in the project file … and managed through the admin
// API", "an endpoint disabled after a day of failures and re-enabled by an operator". These are the service
// functions the admin API calls (and the project-file sync). Secrets are stored only encrypted under SECRET_KEY
// (infra/secret-box.ts 'webhook-secret', context: the endpoint id); a SECRET_KEY rotation re-encrypts them
// (reencryptWebhookSecrets, registered in app.ts).
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ConfigError } from '../../infra/config';
import type { AppContext } from '../../infra/context';
import type { Database } from '../../infra/db/client';
import { webhookDeliveries, webhookEndpoints } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { assertSecretKeyRecorded, type Reencryption } from '../../infra/secret-key';
import {
  forbiddenRange,
  type HostResolver,
  parseWebhookUrl,
  resolveDeliveryTarget,
  systemResolver,
  WebhookUrlRefused,
} from './address-guard';
import { eventFilterProblem } from './event-filters';
import type { WebhookDeclaration } from './file-schema';
import { newWebhookSecret, webhookSecretKey } from './signature';

const SECRET_PURPOSE = 'webhook-secret';
/** Filters per endpoint: a handful in practice; the bound keeps a row and the enqueue's matching small. */
export const MAX_EVENT_FILTERS = 100;
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type WebhookContext = Pick<AppContext, 'db' | 'secrets' | 'clock' | 'config'>;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint as the admin API shows it (never its secret: webhookEndpointSecret reveals that on request). */
export interface WebhookEndpoint {
  id: string;
  project_id: string;
  url: string;
  events: string[];
  source: 'file' | 'api';
  /** Set when a day of failures disabled it; null while enabled. */
  disabled_at: string | null;
  /** The first failure since the last success, or null. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    project_id: row.projectId,
    url: row.url,
    events: row.eventFilters,
    source: row.source,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_webhook_endpoint', message);
}

function assertEventFilters(events: readonly string[]): string[] {
  if (events.length === 0 || events.length > MAX_EVENT_FILTERS) {
    throw invalid(`events must list 1 to ${MAX_EVENT_FILTERS} filters`);
  }
  for (const filter of events) {
    const problem = eventFilterProblem(filter);
    if (problem !== null) throw invalid(`events: ${problem}`);
  }
  return [...new Set(events)];
}

function assertSecret(secret: string): void {
  if (webhookSecretKey(secret) === null) {
    throw invalid('secret must be "whsec_" followed by the base64 of 24 to 64 random bytes');
  }
}

/**
 * Save-time URL check. In production the one every attempt makes (https, the name resolved and every address
 * public); elsewhere the syntax only, so a development receiver need not resolve yet.
 */
async function assertUrl(ctx: WebhookContext, url: string, resolve: HostResolver): Promise<string> {
  if (url.length > MAX_WEBHOOK_URL_LENGTH)
    throw invalid(`url is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  const production = ctx.config.env === 'production';
  try {
    if (!production) return parseWebhookUrl(url, { production }).href;
    return (await resolveDeliveryTarget(url, { production, resolve })).url.href;
  } catch (error) {
    if (error instanceof WebhookUrlRefused) throw invalid(`url ${error.message}`);
    throw error;
  }
}

function encryptSecret(ctx: Pick<AppContext, 'secrets'>, endpointId: string, secret: string): Buffer {
  return Buffer.from(ctx.secrets.encrypt(SECRET_PURPOSE, new TextEncoder().encode(secret), endpointId));
}

/** The `whsec_` secret of a stored endpoint row. */
export function decryptWebhookSecret(
  ctx: Pick<AppContext, 'secrets'>,
  row: { id: string; secretCiphertext: Uint8Array },
): string {
  return new TextDecoder().decode(ctx.secrets.decrypt(SECRET_PURPOSE, row.secretCiphertext, row.id));
}

function newEndpointId(): string {
  return `webhook-endpoint-${randomUUID()}`;
}

export async function listWebhookEndpoints(
  ctx: Pick<AppContext, 'db'>,
  projectId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, projectId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toWebhookEndpoint);
}

async function findEndpoint(
  ctx: Pick<AppContext, 'db'>,
  ids: { projectId: string; endpointId: string },
): Promise<EndpointRow> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, ids.endpointId), eq(webhookEndpoints.projectId, ids.projectId)))
    .limit(1);
  if (row === undefined)
    throw new ApiError('webhook_endpoint_not_found', 'No such webhook endpoint in this project.');
  return row;
}

export async function getWebhookEndpoint(
  ctx: Pick<AppContext, 'db'>,
  ids: { projectId: string; endpointId: string },
): Promise<WebhookEndpoint> {
  return toWebhookEndpoint(await findEndpoint(ctx, ids));
}

/** The endpoint's signing secret, for an operator setting up the receiver. */
export async function webhookEndpointSecret(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  ids: { projectId: string; endpointId: string },
): Promise<string> {
  return decryptWebhookSecret(ctx, await findEndpoint(ctx, ids));
}

/** A new 'api' endpoint; without a secret one is generated. The secret is returned (shown once). */
export async function createWebhookEndpoint(
  ctx: WebhookContext,
  options: { projectId: string; url: string; events: string[]; secret?: string; resolve?: HostResolver },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const events = assertEventFilters(options.events);
  const secret = options.secret ?? newWebhookSecret();
  assertSecret(secret);
  const url = await assertUrl(ctx, options.url, options.resolve ?? systemResolver);
  const id = newEndpointId();
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await assertSecretKeyRecorded(tx as unknown as Database, ctx.secrets);
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        projectId: options.projectId,
        url,
        secretCiphertext: encryptSecret(ctx, id, secret),
        eventFilters: events,
        source: 'api',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted!;
  });
  return { endpoint: toWebhookEndpoint(row), secret };
}

function assertManagedByApi(row: EndpointRow): void {
  if (row.source === 'file') {
    throw invalid(
      'this endpoint is declared in the project file; change it there (it is replaced at each start)',
    );
  }
}

/** Changes an 'api' endpoint's URL, filters or secret (a new secret takes effect at the next attempt). */
export async function updateWebhookEndpoint(
  ctx: WebhookContext,
  options: {
    projectId: string;
    endpointId: string;
    url?: string;
    events?: string[];
    secret?: string;
    resolve?: HostResolver;
  },
): Promise<WebhookEndpoint> {
  const row = await findEndpoint(ctx, options);
  assertManagedByApi(row);
  const changes: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (options.events !== undefined) changes.eventFilters = assertEventFilters(options.events);
  if (options.url !== undefined)
    changes.url = await assertUrl(ctx, options.url, options.resolve ?? systemResolver);
  if (options.secret !== undefined) {
    assertSecret(options.secret);
    changes.secretCiphertext = encryptSecret(ctx, row.id, options.secret);
  }
  const updated = await ctx.db.transaction(async (tx) => {
    if (options.secret !== undefined) await assertSecretKeyRecorded(tx as unknown as Database, ctx.secrets);
    const [result] = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(eq(webhookEndpoints.id, row.id))
      .returning();
    return result!;
  });
  return toWebhookEndpoint(updated);
}

/** Deletes an 'api' endpoint with its delivery log (ON DELETE CASCADE). */
export async function deleteWebhookEndpoint(
  ctx: Pick<AppContext, 'db'>,
  ids: { projectId: string; endpointId: string },
): Promise<void> {
  const row = await findEndpoint(ctx, ids);
  assertManagedByApi(row);
  await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
}

/**
 * Re-enables an endpoint (an operator's decision after a day of failures disabled it): its failure streak starts
 * over, and the deliveries still waiting are due at once. Dead ones stay dead; replay them (deliveries.ts).
 */
export async function enableWebhookEndpoint(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  ids: { projectId: string; endpointId: string },
): Promise<WebhookEndpoint> {
  const row = await findEndpoint(ctx, ids);
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const [result] = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: null, failingSince: null, updatedAt: now })
      .where(eq(webhookEndpoints.id, row.id))
      .returning();
    await tx
      .update(webhookDeliveries)
      .set({
        nextAttemptAt: sql`LEAST(${webhookDeliveries.nextAttemptAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(webhookDeliveries.endpointId, row.id),
          inArray(webhookDeliveries.status, ['pending', 'failed']),
          isNotNull(webhookDeliveries.nextAttemptAt),
        ),
      );
    return result!;
  });
  return toWebhookEndpoint(updated);
}

/**
 * The project file's endpoints of a project (source 'file'), at each start: matched by URL so an endpoint keeps its
 * id, its delivery log, its queue and its disabled state across restarts; new ones are added, undeclared ones
 * removed. A project without `webhooks` in the file has no file endpoints (the file is their only source); 'api'
 * endpoints are never touched. Runs in the caller's transaction (syncProjectFile's, under its advisory lock).
 *
 * Save-time check in production: https, and a literal address must be public. Names are not resolved here (a
 * start must not depend on the receivers' DNS); every attempt resolves and checks them.
 */
export async function syncFileWebhookEndpoints(
  ctx: WebhookContext,
  options: { projectId: string; projectName: string; declarations: readonly WebhookDeclaration[] },
): Promise<void> {
  const production = ctx.config.env === 'production';
  const now = ctx.clock.now();
  options.declarations.forEach((declaration, index) => {
    const problem = fileUrlProblem(declaration.url, production);
    if (problem !== null) {
      throw new ConfigError(`PROJECT_FILE ${options.projectName}: webhooks[${index}].url`, `${problem}`);
    }
  });
  await ctx.db.transaction(async (tx) => {
    await assertSecretKeyRecorded(tx as unknown as Database, ctx.secrets);
    const existing = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.projectId, options.projectId), eq(webhookEndpoints.source, 'file')));
    const byUrl = new Map(existing.map((row) => [row.url, row]));
    const kept = new Set<string>();
    for (const declaration of options.declarations) {
      const url = new URL(declaration.url).href;
      const found = byUrl.get(url);
      const id = found?.id ?? newEndpointId();
      kept.add(id);
      const fields = {
        secretCiphertext: encryptSecret(ctx, id, declaration.secret),
        eventFilters: [...new Set(declaration.events)],
        updatedAt: now,
      };
      if (found === undefined) {
        await tx
          .insert(webhookEndpoints)
          .values({ id, projectId: options.projectId, url, source: 'file', createdAt: now, ...fields });
      } else {
        await tx.update(webhookEndpoints).set(fields).where(eq(webhookEndpoints.id, id));
      }
    }
    const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (gone.length > 0) await tx.delete(webhookEndpoints).where(inArray(webhookEndpoints.id, gone));
  });
}

/** The start-time check of a file endpoint's URL (see syncFileWebhookEndpoints), or null when it passes. */
function fileUrlProblem(raw: string, production: boolean): string | null {
  try {
    const url = parseWebhookUrl(raw, { production });
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const forbidden = production && isIP(host) !== 0 ? forbiddenRange(host) : null;
    return forbidden === null ? null : `is "${raw}": address ${host} is ${forbidden}`;
  } catch (error) {
    if (error instanceof WebhookUrlRefused) return `is "${raw}"; it ${error.message}`;
    throw error;
  }
}

/** SECRET_KEY rotation (infra/secret-key.ts): every webhook secret, in the caller's transaction. */
export const reencryptWebhookSecrets: Reencryption = {
  name: 'webhook secrets',
  async run(tx, { from, to }) {
    const rows = await tx
      .select({ id: webhookEndpoints.id, ciphertext: webhookEndpoints.secretCiphertext })
      .from(webhookEndpoints)
      .for('update');
    for (const row of rows) {
      const plaintext = from.decrypt(SECRET_PURPOSE, row.ciphertext, row.id);
      await tx
        .update(webhookEndpoints)
        .set({ secretCiphertext: Buffer.from(to.encrypt(SECRET_PURPOSE, plaintext, row.id)) })
        .where(eq(webhookEndpoints.id, row.id));
    }
    return rows.length;
  },
};
