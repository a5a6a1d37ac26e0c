// Issue 25 item 3: the admin API's users — "search across every identifier with filters, cursor pagination;
// detail with identifiers, factors, passkeys, wallets, OAuth links and sessions; create, update metadata, … delete".
// The actions on one user (block, sessions, login link, password reset, factors) are in users-actions-routes.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { assertValidEmail } from '../magic-links';
import { assertValidPhone } from '../otps/phone-number';
import { liveSessionsOf } from '../sessions';
import { findUserForAdmin, listUsersForAdmin, MAX_ADMIN_QUERY_LENGTH } from '../users/admin-user-search';
import { createUserForAdmin, deleteUserForAdmin, updateUserForAdmin } from '../users/admin-users';
import {
  ADMIN_ERROR_RESPONSES,
  AdminError,
  adminProject,
  Page,
  PageQuery,
  ProjectParams,
} from './admin-request';
import { registerAdminUserActionRoutes } from './users-actions-routes';
import {
  createdBy,
  toSummary,
  USER_TAGS,
  UserDetail,
  UserMethod,
  UserParams,
  UserSummary,
} from './users-schemas';

const MetadataFilter = Type.String({
  minLength: 2,
  maxLength: 1000,
  pattern: '^[^=]{1,200}=',
  description:
    '`key=value`: the top-level key holds the value (JSON such as `true` or `3` when it parses, else text).',
});

const Metadata = Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), { maxProperties: 100 });
const NamePatch = Type.Object(
  {
    first_name: Type.Optional(Type.String({ maxLength: 200 })),
    middle_name: Type.Optional(Type.String({ maxLength: 200 })),
    last_name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const ListQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(Type.String({ maxLength: MAX_ADMIN_QUERY_LENGTH })),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('pending')])),
  blocked: Type.Optional(Type.Boolean()),
  created_after: Type.Optional(Type.String({ format: 'date-time' })),
  created_before: Type.Optional(Type.String({ format: 'date-time' })),
  // Issue 26 item 3: the console's filters and sorts.
  method: Type.Optional({ ...UserMethod, description: 'Holds a factor of this kind: a way it can sign in.' }),
  verified: Type.Optional(
    Type.Boolean({ description: 'Holds a verified e-mail address or phone number (true), or none (false).' }),
  ),
  last_sign_in_after: Type.Optional(Type.String({ format: 'date-time' })),
  last_sign_in_before: Type.Optional(
    Type.String({ format: 'date-time', description: 'A user who never signed in matches neither bound.' }),
  ),
  trusted_metadata: Type.Optional(MetadataFilter),
  untrusted_metadata: Type.Optional(MetadataFilter),
  sort: Type.Optional(
    Type.Union([Type.Literal('created_at'), Type.Literal('last_sign_in_at')], {
      description: 'created_at (the default) or last_sign_in_at; never signed in sorts as the earliest.',
    }),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('desc'), Type.Literal('asc')], { description: 'desc by default.' }),
  ),
});

/** `key=value` → the key and its value: JSON when the text is JSON (`beta=true`, `seats=3`), else the text. */
function metadataFilter(kind: 'trusted' | 'untrusted', text: string | undefined) {
  if (text === undefined) return [];
  const at = text.indexOf('=');
  const key = text.slice(0, at).trim();
  const raw = text.slice(at + 1).trim();
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: the text itself.
  }
  return [{ kind, key, value }];
}

const CreateBody = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    phone_number: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    name: Type.Optional(NamePatch),
    trusted_metadata: Type.Optional(Metadata),
    untrusted_metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);

const PatchBody = Type.Object(
  {
    name: Type.Optional(NamePatch),
    trusted_metadata: Type.Optional(Metadata),
    untrusted_metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, minProperties: 1 },
);

async function userDetail(ctx: AppContext, projectId: string, userId: string) {
  const row = await findUserForAdmin(ctx, { projectId, userId });
  const sessions = await liveSessionsOf(ctx, { projectId, userId });
  return {
    user: row.user,
    blocked_at: row.blockedAt,
    blocked_reason: row.blockedReason,
    last_sign_in_at: row.lastSignInAt,
    sessions,
  };
}

export async function registerAdminUserRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  admin.get(
    '/projects/:project_id/users',
    {
      config: { adminScope: 'users:read' },
      schema: {
        tags: USER_TAGS,
        summary: 'Search and filter the project’s users, newest first or in the order asked',
        description:
          '`q` matches any part of an e-mail address, phone number, username, wallet address or name, or a user id whole, whatever its case.',
        params: ProjectParams,
        querystring: ListQuery,
        response: { 200: Page(UserSummary), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { query } = request;
      const page = await listUsersForAdmin(ctx, {
        projectId: project.id,
        filters: {
          q: query.q,
          status: query.status,
          blocked: query.blocked,
          createdAfter: query.created_after,
          createdBefore: query.created_before,
          method: query.method,
          verified: query.verified,
          lastSignInAfter: query.last_sign_in_after,
          lastSignInBefore: query.last_sign_in_before,
          metadata: [
            ...metadataFilter('trusted', query.trusted_metadata),
            ...metadataFilter('untrusted', query.untrusted_metadata),
          ],
        },
        sort: { by: query.sort ?? 'created_at', order: query.order ?? 'desc' },
        limit: query.limit,
        cursor: query.cursor,
      });
      return { items: page.items.map(toSummary), next_cursor: page.nextCursor };
    },
  );

  admin.get(
    '/projects/:project_id/users/:user_id',
    {
      config: { adminScope: 'users:read' },
      schema: {
        tags: USER_TAGS,
        summary: 'A user: identifiers, factors, passkeys, wallets, OAuth links, block and live sessions',
        params: UserParams,
        response: { 200: UserDetail, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      return userDetail(ctx, project.id, request.params.user_id);
    },
  );

  admin.post(
    '/projects/:project_id/users',
    {
      config: { adminScope: 'users:write' },
      schema: {
        tags: USER_TAGS,
        summary: 'Create a user with an e-mail address and/or a phone number (unverified until first used)',
        params: ProjectParams,
        body: CreateBody,
        response: { 201: UserDetail, ...ADMIN_ERROR_RESPONSES, 409: AdminError },
      },
    },
    async (request, reply) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { body } = request;
      if (body.email === undefined && body.phone_number === undefined)
        throw new ApiError('invalid_admin_request', 'Give an email, a phone_number or both.');
      const userId = await createUserForAdmin(ctx, {
        projectId: project.id,
        email: body.email === undefined ? null : assertValidEmail(body.email),
        phoneNumber: body.phone_number === undefined ? null : assertValidPhone(body.phone_number).e164,
        name: { first_name: '', middle_name: '', last_name: '', ...body.name },
        trustedMetadata: body.trusted_metadata ?? {},
        untrustedMetadata: body.untrusted_metadata ?? {},
        by: createdBy(request),
      });
      return reply.code(201).send(await userDetail(ctx, project.id, userId));
    },
  );

  admin.patch(
    '/projects/:project_id/users/:user_id',
    {
      config: { adminScope: 'users:write' },
      schema: {
        tags: USER_TAGS,
        summary: 'Update a user’s name and metadata',
        description:
          'Given name parts replace; top-level metadata keys replace and a key set to null is removed (Stytch’s users.update).',
        params: UserParams,
        body: PatchBody,
        response: { 200: UserDetail, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { user_id } = request.params;
      await updateUserForAdmin(ctx, {
        projectId: project.id,
        userId: user_id,
        patch: request.body,
        by: createdBy(request),
      });
      return userDetail(ctx, project.id, user_id);
    },
  );

  admin.delete(
    '/projects/:project_id/users/:user_id',
    {
      // Issue 26 item 2: deleting asks an operator for a recent sign-in.
      config: { adminScope: 'users:write', adminRecentSignIn: true },
      schema: {
        tags: USER_TAGS,
        summary: 'Delete a user and everything of theirs (sessions end at once)',
        params: UserParams,
        response: { 200: Type.Object({ user_id: Type.String() }), ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { user_id } = request.params;
      await deleteUserForAdmin(ctx, { projectId: project.id, userId: user_id, by: createdBy(request) });
      return { user_id };
    },
  );

  await registerAdminUserActionRoutes(root, ctx);
}
