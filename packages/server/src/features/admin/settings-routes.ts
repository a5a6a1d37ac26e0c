// Issue 26 item 3 (Projects and settings): the schema of where a project's settings come from (features/projects/
// project-sources.ts), which GET and PATCH /projects/:project_id answer with, and the "would this URL be allowed?"
// checker, which runs the login links' own allowlist check (features/projects/redirect-url-check.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { SETTING_SOURCES } from '../projects/project-sources';
import { checkRedirectUrl } from '../projects/redirect-url-check';
import { ADMIN_ERROR_RESPONSES, adminProject, ProjectParams } from './admin-request';

const TAGS = ['Projects'];

const Source = Type.Union(
  [
    Type.Literal(SETTING_SOURCES[0]),
    Type.Literal(SETTING_SOURCES[1]),
    Type.Literal(SETTING_SOURCES[2]),
    Type.Literal(SETTING_SOURCES[3]),
  ],
  {
    description:
      'project_file: PROJECT_FILE sets it at every start (read-only here); environment: an environment variable does (read-only); console: changed through the admin API; default: the server default',
  },
);

const AllowlistEntry = Type.Object({
  value: Type.String(),
  source: Source,
  stored: Type.Boolean({
    description:
      'false: added by this process as it reads the development project (DEV_ALLOWED_ORIGINS, the file)',
  }),
});

/** The members adminProjectDetail adds to a project (features/projects/project-sources.ts ProjectSourcesView). */
export const ProjectSourcesProperties = {
  setting_sources: Type.Record(Type.String(), Source, {
    description:
      'Where each member comes from: name, allowed_origins, allowed_redirect_urls, enabled_products, oauth_providers and settings.<key>',
  }),
  allowlist: Type.Object({
    allowed_origins: Type.Array(AllowlistEntry),
    allowed_redirect_urls: Type.Array(AllowlistEntry),
  }),
  oauth_providers: Type.Array(
    Type.Object({
      provider: Type.String(),
      client_id: Type.String(),
      callback_url: Type.String({ description: 'The redirect URI to register with the provider' }),
      one_tap: Type.Boolean(),
      scopes: Type.Union([Type.Array(Type.String()), Type.Null()]),
      source: Source,
    }),
  ),
  setting_defaults: Type.Object({}, { additionalProperties: true }),
  server_limits: Type.Object({
    session_duration_minutes: Type.Object({
      default: Type.Integer(),
      minimum: Type.Integer(),
      maximum: Type.Integer(),
      source: Source,
    }),
    sms_daily_limit: Type.Object({ value: Type.Integer(), source: Source }),
  }),
};

const RedirectUrlCheckBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 4096 }),
  allowed_redirect_urls: Type.Optional(
    Type.Array(Type.String({ maxLength: 2048 }), {
      maxItems: 200,
      description: 'A draft allowlist to check against instead of the stored one',
    }),
  ),
});

const RedirectUrlCheckAnswer = Type.Object({
  allowed: Type.Boolean(),
  url: Type.Union([Type.String(), Type.Null()], { description: 'As a login link would carry it' }),
  rule: Type.Union([Type.Literal('exact'), Type.Literal('development_origin'), Type.Null()]),
  matched_entry: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
});

export async function registerAdminSettingsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  admin.post(
    '/projects/:project_id/redirect-url-check',
    {
      config: { adminScope: 'projects:read' },
      schema: {
        tags: TAGS,
        summary: "Would this URL be allowed as a login link's redirect URL? (the login links' own check)",
        params: ProjectParams,
        body: RedirectUrlCheckBody,
        response: { 200: RedirectUrlCheckAnswer, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const row = await adminProject(ctx, request, request.params.project_id);
      return checkRedirectUrl(ctx, row, {
        url: request.body.url,
        ...(request.body.allowed_redirect_urls === undefined
          ? {}
          : { draftRedirectUrls: request.body.allowed_redirect_urls }),
      });
    },
  );
}
