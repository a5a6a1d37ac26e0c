// Issue 25 item 3: "outbox/message log, import and export jobs". An import runs within its call (10 MB at most,
// as POST /v1/users/import; the CLI takes files of any size) and answers its whole summary, a dry run included; the
// export streams every user as PortableUser JSON lines, password hashes included, so it has a scope of its own.
// The message log (issue 26 item 3) records every send with its status and the provider's answer, never its body.
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { listMessageLog } from '../../infra/delivery';
import { exportUsersAsJsonLines } from '../import/export-users';
import { importExportFile } from '../import/run-import';
import { IMPORT_BODY_LIMIT, ImportBody } from '../import/schema';
import { MAX_ADMIN_QUERY_LENGTH } from '../users/admin-user-search';
import {
  ADMIN_ERROR_RESPONSES,
  adminCallerOf,
  adminEventRequest,
  adminProject,
  ProjectParams,
} from './admin-request';

/** Issue 26 item 3 (Messages): one message of the log (infra/delivery/message-log.ts). */
const Message = Type.Object({
  id: Type.String(),
  channel: Type.Enum(['email', 'sms', 'whatsapp'] as const),
  to: Type.String(),
  subject: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(['sent', 'failed', 'outbox'] as const, {
    description:
      'sent: the SMTP server or SMS provider accepted it; failed: it refused it or could not be reached; outbox: kept in the dev outbox (no provider configured).',
  }),
  provider: Type.String({
    description: 'smtp, sms_api, outbox, custom (a Delivery the embedding code supplied)',
  }),
  provider_answer: Type.Union([Type.String(), Type.Null()], {
    description: "The SMTP server's reply line, the SMS provider's status, or why the send failed.",
  }),
  provider_message_id: Type.Union([Type.String(), Type.Null()]),
  text: Type.Union([Type.String(), Type.Null()], {
    description: 'The body while the dev outbox keeps the message; null for a message that left this server.',
  }),
  html: Type.Union([Type.String(), Type.Null()]),
  links: Type.Array(Type.String()),
  codes: Type.Array(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});
const Skipped = Type.Object({
  row: Type.Integer(),
  external_id: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  message: Type.String(),
});
const Dropped = Type.Object({
  row: Type.Integer(),
  external_id: Type.String(),
  fields: Type.Array(Type.Object({ field: Type.String(), reason: Type.String() })),
});
/** Issue 26 (Import and export, "export the filtered users"): the users list's filters (users-routes.ts). */
const ExportQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: MAX_ADMIN_QUERY_LENGTH })),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('pending')])),
  blocked: Type.Optional(Type.Boolean()),
});
const ImportSummary = Type.Object({
  imported: Type.Integer(),
  already_imported: Type.Integer(),
  skipped: Type.Array(Skipped),
  dropped: Type.Array(Dropped),
});

export async function registerAdminDataRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  admin.get(
    '/projects/:project_id/messages',
    {
      config: { adminScope: 'messages:read' },
      schema: {
        tags: ['Messages'],
        summary:
          'The message log: every e-mail, SMS and WhatsApp message sent, with its status and the provider’s answer, newest first',
        description:
          'The body is never logged; in development (no provider configured) it is kept in the dev outbox, and shown here while the outbox keeps it (OUTBOX_RETENTION_HOURS). The log follows EVENT_RETENTION_DAYS.',
        params: ProjectParams,
        querystring: Type.Object({
          to: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
          channel: Type.Optional(Type.Enum(['email', 'sms', 'whatsapp'] as const)),
          status: Type.Optional(Type.Enum(['sent', 'failed', 'outbox'] as const)),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        }),
        response: { 200: Type.Object({ items: Type.Array(Message) }), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { to, channel, status } = request.query;
      const items = await listMessageLog(ctx.db, {
        projectId: project.id,
        limit: request.query.limit ?? 100,
        ...(to === undefined ? {} : { to }),
        ...(channel === undefined ? {} : { channel }),
        ...(status === undefined ? {} : { status }),
      });
      return { items };
    },
  );

  admin.post(
    '/projects/:project_id/imports',
    {
      config: { adminScope: 'imports:write' },
      // The key was checked in onRequest, before a byte of this body was read.
      bodyLimit: IMPORT_BODY_LIMIT + 64 * 1024,
      schema: {
        tags: ['Import and export'],
        summary:
          "Import a provider's export file (stytch, clerk, auth0, gatehouse); `dry_run` reports and writes nothing",
        params: ProjectParams,
        body: ImportBody,
        response: { 200: ImportSummary, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      return importExportFile(ctx, {
        projectId: project.id,
        source: request.body.from,
        text: request.body.data,
        dryRun: request.body.dry_run ?? false,
        actor: adminCallerOf(request).actor,
        request: adminEventRequest(request),
      });
    },
  );

  admin.get(
    '/projects/:project_id/users/export',
    {
      // Issue 26 item 2: the export with hashes asks an operator for a recent sign-in.
      config: { adminScope: 'users:export', adminRecentSignIn: true },
      schema: {
        tags: ['Import and export'],
        summary: 'Every user of the project as PortableUser JSON lines (password hashes included)',
        description:
          'With `q`, `status` or `blocked`, only the users the users list shows for the same filters (GET …/users).',
        params: ProjectParams,
        querystring: ExportQuery,
        produces: ['application/jsonl'],
      },
    },
    async (request, reply) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      return reply
        .code(200)
        .header('content-type', 'application/jsonl; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${project.id}.jsonl"`)
        .header('cache-control', 'no-store')
        .send(
          Readable.from(
            exportUsersAsJsonLines(ctx, {
              projectId: project.id,
              filters: { q: request.query.q, status: request.query.status, blocked: request.query.blocked },
            }),
          ),
        );
    },
  );
}
