// Issue 25 item 3: "projects and their settings". Reading shows public tokens and settings, never the project secret
// (only its hash is stored) or an encrypted setting; a change is validated as the project file validates it
// (features/projects/project-admin.ts) and recorded as `project.updated` with its before and after.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { recordEvent } from '../audit';
import { adminProjectDetail, listAdminProjects, updateAdminProject } from '../projects/project-admin';
import {
  ADMIN_ERROR_RESPONSES,
  adminCallerOf,
  adminEventRequest,
  adminProject,
  ProjectParams,
} from './admin-request';
import { ProjectSourcesProperties } from './settings-routes';

const TAGS = ['Projects'];
const Project = Type.Object({
  id: Type.String(),
  name: Type.String(),
  is_development: Type.Boolean(),
  from_project_file: Type.Boolean(),
  public_token_test: Type.String(),
  public_token_live: Type.String(),
  allowed_origins: Type.Array(Type.String()),
  allowed_redirect_urls: Type.Array(Type.String()),
  enabled_products: Type.Array(Type.String()),
  settings: Type.Object({}, { additionalProperties: true }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
// Issue 26 item 3: one project also says where each setting comes from (settings-routes.ts).
const ProjectDetail = Type.Object({ ...Project.properties, ...ProjectSourcesProperties });
const ProjectChanges = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    allowed_origins: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 200 })),
    allowed_redirect_urls: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 200 })),
    enabled_products: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    settings: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
        description:
          'Merged over the stored settings key by key; null removes a key. The project file rules apply.',
      }),
    ),
  },
  { minProperties: 1 },
);

export async function registerAdminProjectRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  admin.get(
    '/projects',
    {
      config: { adminScope: 'projects:read' },
      schema: {
        tags: TAGS,
        summary: 'Every project of this server',
        response: { 200: Type.Object({ items: Type.Array(Project) }), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async () => ({ items: await listAdminProjects(ctx) }),
  );

  admin.get(
    '/projects/:project_id',
    {
      config: { adminScope: 'projects:read' },
      schema: {
        tags: TAGS,
        summary: 'One project with its settings',
        params: ProjectParams,
        response: { 200: Type.Object({ project: ProjectDetail }), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const row = await adminProject(ctx, request, request.params.project_id);
      return { project: await adminProjectDetail(ctx, row) };
    },
  );

  admin.patch(
    '/projects/:project_id',
    {
      config: { adminScope: 'projects:write' },
      schema: {
        tags: TAGS,
        summary: "Change a project's name, origins, redirect URLs, products or settings",
        params: ProjectParams,
        body: ProjectChanges,
        response: { 200: Type.Object({ project: ProjectDetail }), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const row = await adminProject(ctx, request, request.params.project_id);
      const { before, after, fields, row: updated } = await updateAdminProject(ctx, row, request.body);
      if (fields.length > 0) {
        await recordEvent(
          ctx.db,
          {
            projectId: row.id,
            type: 'project.updated',
            actor: adminCallerOf(request).actor,
            subjectUserId: null,
            request: adminEventRequest(request),
            payload: {
              fields,
              before: Object.fromEntries(
                fields.map((field) => [field, before[field as keyof typeof before]]),
              ),
              after: Object.fromEntries(fields.map((field) => [field, after[field as keyof typeof after]])),
            },
          },
          ctx.clock.now(),
        );
      }
      return { project: await adminProjectDetail(ctx, updated) };
    },
  );
}
