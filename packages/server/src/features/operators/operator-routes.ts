// Issue 26 item 2: the console's own admin routes — who the caller is (GET /me, every caller, even an operator whose
// session has not shown a second factor yet: the console reads it to know what to ask for), and the operators
// (owner only: operators:read / operators:write; every change asks for a recent sign-in and is an event). The
// operator routes act on the operators project: their admin_api.called events are in its event log.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { ADMIN_ERROR_RESPONSES, AdminError, adminCallerOf, adminEventRequest } from '../admin/admin-request';
import { OPERATOR_ROLES, ROLE_SCOPES, roleIsMasked } from '../admin/admin-scopes';
import { assertValidEmail } from '../magic-links/email-address';
import { listAdminProjects } from '../projects/project-admin';
import { recentSignInUntil } from './operator-auth';
import {
  changeOperatorRole,
  listOperators,
  type OperatorChangeBy,
  putOperator,
  removeOperator,
} from './operator-store';
import { OPERATORS_PROJECT_ID } from './operators-project';

const TAGS = ['Operators'];
const Role = Type.Enum(OPERATOR_ROLES);
const NullableString = Type.Union([Type.String(), Type.Null()]);

const Operator = Type.Object({
  operator_id: Type.String(),
  user_id: Type.String(),
  email: NullableString,
  role: Role,
  created_at: Type.String({ format: 'date-time' }),
  created_by: Type.String(),
  second_factor_enrolled: Type.Boolean(),
  last_sign_in_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When they last signed in to the console (a passkey confirmation included); null if never.',
  }),
});

const Me = Type.Object({
  actor: Type.Object({
    type: Type.Union([Type.Literal('admin_api_key'), Type.Literal('operator')]),
    id: Type.String(),
  }),
  /** Null for an admin API key. */
  role: Type.Union([Role, Type.Null()]),
  operator_id: NullableString,
  scopes: Type.Array(Type.String()),
  masked: Type.Boolean({ description: 'Personal data in this caller’s answers is masked (a viewer).' }),
  email: NullableString,
  second_factor: Type.Union([
    Type.Object({
      enrolled: Type.Boolean({ description: 'The operator holds a passkey or an authenticator app.' }),
      in_session: Type.Boolean({
        description: 'This session has shown one: every route answers (else only this one).',
      }),
      kinds: Type.Array(Type.Union([Type.Literal('webauthn'), Type.Literal('totp')]), {
        description:
          'What the operator holds: `webauthn` (a passkey), `totp` (an authenticator app, whose recovery codes also answer). Empty when not enrolled.',
      }),
    }),
    Type.Null(),
  ]),
  recent_sign_in_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'Until when routes that ask for a recent sign-in answer this operator (null for a key).',
  }),
  projects: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), {
    description:
      'The projects the caller may open (every one but the operators project): the console’s project picker, also for roles without projects:read (support, auditor).',
  }),
});

/** What each role may do, from ROLE_SCOPES: the console's roles table reads it here, so it cannot drift. */
const RoleDescription = Type.Object({
  role: Role,
  scopes: Type.Array(Type.String()),
  masked: Type.Boolean({ description: 'Personal data in this role’s answers is masked.' }),
});

const OperatorParams = Type.Object({ operator_id: Type.String({ minLength: 1, maxLength: 200 }) });
const Email = Type.String({ minLength: 3, maxLength: 320 });

function changeBy(request: FastifyRequest): OperatorChangeBy {
  return { actor: adminCallerOf(request).actor, request: adminEventRequest(request), source: 'admin_api' };
}

export async function registerOperatorRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  admin.get(
    '/me',
    {
      config: { adminScope: 'self', adminSecondFactorExempt: true },
      schema: {
        tags: TAGS,
        summary: 'Who is calling: the key or the operator, their role, scopes and sign-in state',
        response: { 200: Me, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const caller = adminCallerOf(request);
      const operator = caller.operator;
      return {
        actor: caller.actor,
        role: operator?.role ?? null,
        operator_id: operator?.operatorId ?? null,
        scopes: [...caller.scopes],
        masked: caller.masked === true,
        email: operator?.email ?? null,
        second_factor:
          operator === undefined
            ? null
            : {
                enrolled: operator.secondFactor.enrolled,
                in_session: operator.secondFactor.inSession,
                kinds: operator.secondFactor.kinds,
              },
        recent_sign_in_until: operator === undefined ? null : recentSignInUntil(operator).toISOString(),
        projects: (await listAdminProjects(ctx)).map((project) => ({ id: project.id, name: project.name })),
      };
    },
  );

  admin.get(
    '/operators',
    {
      config: { adminScope: 'operators:read' },
      schema: {
        tags: TAGS,
        summary: 'The console’s operators, and what each role may do (its scopes)',
        response: {
          200: Type.Object({ items: Type.Array(Operator), roles: Type.Array(RoleDescription) }),
          ...ADMIN_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      request.adminProjectId = OPERATORS_PROJECT_ID;
      const roles = OPERATOR_ROLES.map((role) => ({
        role,
        scopes: [...ROLE_SCOPES[role]],
        masked: roleIsMasked(role),
      }));
      return { items: await listOperators(ctx), roles };
    },
  );

  admin.post(
    '/operators',
    {
      config: { adminScope: 'operators:write', adminRecentSignIn: true },
      schema: {
        tags: TAGS,
        summary: 'Add an operator by e-mail address (a user of the operators project is created when needed)',
        description:
          'They sign in to the console with a login link to this address, then set up a passkey or an authenticator app. 409 `operator_exists` when the address is an operator already.',
        body: Type.Object({ email: Email, role: Role }, { additionalProperties: false }),
        response: { 201: Type.Object({ operator: Operator }), ...ADMIN_ERROR_RESPONSES, 409: AdminError },
      },
    },
    async (request, reply) => {
      request.adminProjectId = OPERATORS_PROJECT_ID;
      const { operator } = await putOperator(ctx, {
        email: assertValidEmail(request.body.email),
        role: request.body.role,
        by: changeBy(request),
        ifExists: 'refuse',
      });
      return reply.code(201).send({ operator });
    },
  );

  admin.patch(
    '/operators/:operator_id',
    {
      config: { adminScope: 'operators:write', adminRecentSignIn: true },
      schema: {
        tags: TAGS,
        summary: 'Change an operator’s role',
        description: '409 `last_owner` when it would leave the console without an owner.',
        params: OperatorParams,
        body: Type.Object({ role: Role }, { additionalProperties: false }),
        response: { 200: Type.Object({ operator: Operator }), ...ADMIN_ERROR_RESPONSES, 409: AdminError },
      },
    },
    async (request) => {
      request.adminProjectId = OPERATORS_PROJECT_ID;
      const operator = await changeOperatorRole(ctx, {
        operatorId: request.params.operator_id,
        role: request.body.role,
        by: changeBy(request),
      });
      return { operator };
    },
  );

  admin.delete(
    '/operators/:operator_id',
    {
      config: { adminScope: 'operators:write', adminRecentSignIn: true },
      schema: {
        tags: TAGS,
        summary: 'Remove an operator: their role goes and their console sessions end now',
        description: '409 `last_owner` for the last owner.',
        params: OperatorParams,
        response: { 200: Type.Object({ operator: Operator }), ...ADMIN_ERROR_RESPONSES, 409: AdminError },
      },
    },
    async (request) => {
      request.adminProjectId = OPERATORS_PROJECT_ID;
      const operator = await removeOperator(ctx, {
        operatorId: request.params.operator_id,
        by: changeBy(request),
      });
      return { operator };
    },
  );
}
