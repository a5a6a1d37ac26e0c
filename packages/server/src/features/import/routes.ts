// Issue 14 items 3 and 4 as backend API calls (HTTP Basic of project id and secret, as features/backend-api):
// POST /v1/users/import takes an export file's text and answers the import's summary; GET /v1/users/export
// streams every user of the project as PortableUser JSON lines.
import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, ProjectRecord } from '../../infra/context';
import { backendProject } from '../backend-api/auth';
import { exportUsersAsJsonLines } from './export-users';
import { importExportFile } from './run-import';
import { IMPORT_BODY_LIMIT, ImportBody } from './schema';

export const IMPORT_ROUTES = {
  import: '/v1/users/import',
  export: '/v1/users/export',
} as const;

/** JSON text of the largest `data` plus the envelope and escaping. */
const IMPORT_REQUEST_LIMIT = IMPORT_BODY_LIMIT + 64 * 1024;

export async function registerImportRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();

  // The credentials are checked before the body is read: a caller without the project secret cannot make the
  // server parse 10 MB of JSON (preParsing runs after the onRequest hooks that read the Basic credentials).
  const projects = new WeakMap<FastifyRequest, ProjectRecord>();
  app.post(
    IMPORT_ROUTES.import,
    {
      schema: { body: ImportBody },
      bodyLimit: IMPORT_REQUEST_LIMIT,
      preParsing: async (request, _reply, payload) => {
        projects.set(request, await backendProject(ctx, request));
        return payload;
      },
    },
    async (request, reply) => {
      const project = projects.get(request) ?? (await backendProject(ctx, request));
      const summary = await importExportFile(ctx, {
        projectId: project.id,
        source: request.body.from,
        text: request.body.data,
        dryRun: request.body.dry_run ?? false,
        actor: { type: 'backend_api', id: project.id },
        request: {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          requestId: request.requestId,
        },
      });
      return reply.code(200).send({ status_code: 200, request_id: request.requestId, ...summary });
    },
  );

  app.get(IMPORT_ROUTES.export, async (request, reply) => {
    const project = await backendProject(ctx, request);
    return reply
      .code(200)
      .header('content-type', 'application/jsonl; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(Readable.from(exportUsersAsJsonLines(ctx, { projectId: project.id })));
  });
}
