// Issue 25 item 3: "stats (time series of sign-ins by method and outcome, sign-ups, active users per day, rate-limit
// hits)" through the admin API; features/audit/stats.ts reads them from the event log.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { projectStats } from '../audit';
import { ADMIN_ERROR_RESPONSES, adminProject, ProjectParams } from './admin-request';
import { factorAdoption } from './adoption';

const Counts = Type.Array(Type.Integer({ minimum: 0 }), {
  description: 'One count per bucket, zeros included.',
});

const Stats = Type.Object({
  interval: Type.Union([Type.Literal('day'), Type.Literal('hour')]),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  buckets: Type.Array(Type.String({ format: 'date-time' }), { description: "Each bucket's start (UTC)." }),
  sign_ins: Type.Array(
    Type.Object({
      method: Type.String(),
      outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
      reason: Type.Union([Type.String(), Type.Null()]),
      total: Type.Integer(),
      counts: Counts,
    }),
    { description: 'success: session.created by method; failure: sign_in.failed by method and reason.' },
  ),
  sign_ups: Type.Object({ total: Type.Integer(), counts: Counts }, { description: 'user.created.' }),
  active_users: Type.Object(
    { counts: Counts },
    { description: 'Distinct users with a session.created in the bucket.' },
  ),
  rate_limit_hits: Type.Array(Type.Object({ rule: Type.String(), total: Type.Integer(), counts: Counts }), {
    description: 'rate_limit.hit by rule.',
  }),
  // Issue 26 "passkey and second-factor adoption" (adoption.ts).
  adoption: Type.Object(
    {
      users: Type.Integer({ minimum: 0, description: 'Every user of the project.' }),
      passkey_users: Type.Integer({
        minimum: 0,
        description: 'Users holding at least one confirmed passkey (WebAuthn registration).',
      }),
      second_factor_users: Type.Integer({
        minimum: 0,
        description: "Users holding a confirmed authenticator app (TOTP), the product's second factor.",
      }),
    },
    { description: 'Who holds which factor now, whatever the range.' },
  ),
});

const StatsQuery = Type.Object(
  {
    from: Type.Optional(
      Type.String({ format: 'date-time', description: 'Default: 30 days (24 hours) before `to`.' }),
    ),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now.' })),
    interval: Type.Optional(
      Type.Union([Type.Literal('day'), Type.Literal('hour')], {
        description: 'Default day. At most 400 days of daily buckets, 14 days of hourly ones.',
      }),
    ),
  },
  { additionalProperties: false },
);

export async function registerStatsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();
  admin.get(
    '/projects/:project_id/stats',
    {
      config: { adminScope: 'stats:read' },
      schema: {
        tags: ['Stats'],
        summary:
          "Time series of the project's sign-ins, sign-ups, active users and rate-limit hits; passkey and second-factor adoption",
        params: ProjectParams,
        querystring: StatsQuery,
        response: { 200: Stats, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { from, to, interval } = request.query;
      const [series, adoption] = await Promise.all([
        projectStats(ctx, {
          projectId: project.id,
          interval: interval ?? 'day',
          ...(from === undefined ? {} : { from: new Date(from) }),
          ...(to === undefined ? {} : { to: new Date(to) }),
        }),
        factorAdoption(ctx, project.id),
      ]);
      return { ...series, adoption };
    },
  );
}
