// Issue 26 item 3 (Security): GET /projects/:project_id/security — the abuse guard's work over a range, read from the
// event log (features/audit/security-stats.ts), with what the server knows now besides: whether the project asks for
// the captcha and the difficulty steps (infra/captcha.ts), and today's paid messages against the project's daily
// ceiling (the `paidSendsPerProject` counter of features/otps' guardSend) and country allowlist. Scope stats:read: the
// roles that read the overview read this (an auditor reads the logs only); a viewer's IP addresses are masked by
// field name (admin-masking.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DIFFICULTY_STEPS, projectCaptchaEnabled } from '../../infra/captcha';
import type { AppContext, ProjectRecord } from '../../infra/context';
import { projectSecurityStats } from '../audit';
import { ADMIN_ERROR_RESPONSES, adminProject, ProjectParams } from './admin-request';

const Count = Type.Integer({ minimum: 0 });
const Ip = Type.Union([Type.String(), Type.Null()]);

const Security = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  rate_limits: Type.Object(
    {
      total: Count,
      by_rule: Type.Array(Type.Object({ rule: Type.String(), total: Count })),
      by_rule_and_ip: Type.Array(Type.Object({ rule: Type.String(), ip_address: Ip, total: Count }), {
        description: 'The most frequent (rule, IP) pairs, at most 20.',
      }),
    },
    { description: 'rate_limit.hit by rule, and by rule and IP.' },
  ),
  captcha: Type.Object(
    {
      enabled: Type.Boolean({ description: "The project's captcha setting (captcha_settings.enabled)." }),
      issued: Count,
      solved: Count,
      failed: Count,
      required: Count,
      by_action: Type.Array(
        Type.Object({ action: Type.String(), issued: Count, solved: Count, failed: Count, required: Count }),
      ),
      latest_max_counter: Type.Union([Type.Integer(), Type.Null()], {
        description: "The work (maxCounter) of the range's newest challenge: the current difficulty.",
      }),
      peak_max_counter: Type.Union([Type.Integer(), Type.Null()]),
      difficulty_steps: Type.Array(Type.Object({ from_challenges: Count, max_counter: Count }), {
        description: 'The work asked of an IP by how many challenges it already asked for in the window.',
      }),
    },
    {
      description:
        'captcha.issued, captcha.solved, and captcha.required: reason `missing` counts as required (asked to solve one), any other reason as failed.',
    },
  ),
  breached_passwords: Type.Object(
    { total: Count },
    {
      description:
        'sign_in.failed with reason breached_password (sign-ins, sign-ups and new passwords refused).',
    },
  ),
  failing_ips: Type.Array(
    Type.Object({
      ip_address: Type.String(),
      total: Count,
      reasons: Type.Array(Type.Object({ reason: Type.String(), total: Count })),
    }),
    { description: 'The IPs with the most sign_in.failed, at most 20.' },
  ),
  sms: Type.Object(
    {
      total: Count,
      by_country: Type.Array(
        Type.Object({
          country: Type.Union([Type.String(), Type.Null()], {
            description: 'ISO 3166 alpha-2; null: unknown.',
          }),
          sms: Count,
          whatsapp: Count,
          total: Count,
          allowed: Type.Boolean({
            description: "Whether the project's country allowlist lets it through now.",
          }),
        }),
      ),
      daily_limit: Count,
      daily_limit_source: Type.Union([Type.Literal('project'), Type.Literal('server')]),
      sent_today: Type.Union([Count, Type.Null()], {
        description:
          "Paid messages counted against the daily limit in today's window; null when the counters cannot be read.",
      }),
      window_ends_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      allowed_countries: Type.Union([Type.Array(Type.String()), Type.Null()], {
        description: 'Null: every country.',
      }),
    },
    { description: 'message.sent (SMS and WhatsApp) by country, against the project limits.' },
  ),
});

const SecurityQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Default: 30 days before `to`.' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now. At most 400 days.' })),
  },
  { additionalProperties: false },
);

/** Today's paid sends against the project's ceiling, as guardSend counts them; null counts when the store is down. */
async function smsBudget(ctx: AppContext, project: ProjectRecord) {
  const own = project.settings.sms_daily_limit ?? null;
  const check = { limit: 'paidSendsPerProject', kind: 'project', key: project.id } as const;
  const state = await ctx.limits.peek(check).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'the SMS counter could not be read for the Security screen');
    return null;
  });
  return {
    daily_limit: own ?? ctx.limits.settings.paidSendsPerProject.points,
    daily_limit_source: own === null ? ('server' as const) : ('project' as const),
    sent_today: state?.consumed ?? null,
    window_ends_at:
      state === null ? null : new Date(ctx.clock.now().getTime() + state.msBeforeNext).toISOString(),
  };
}

export async function registerSecurityRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();
  admin.get(
    '/projects/:project_id/security',
    {
      config: { adminScope: 'stats:read' },
      schema: {
        tags: ['Stats'],
        summary:
          "The project's rate-limit hits, captcha, breached-password refusals, failing IPs and SMS spend",
        params: ProjectParams,
        querystring: SecurityQuery,
        response: { 200: Security, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const { from, to } = request.query;
      const stats = await projectSecurityStats(ctx, {
        projectId: project.id,
        ...(from === undefined ? {} : { from: new Date(from) }),
        ...(to === undefined ? {} : { to: new Date(to) }),
      });
      const allowed = project.settings.sms_allowed_countries ?? null;
      return {
        ...stats,
        captcha: {
          ...stats.captcha,
          enabled: projectCaptchaEnabled(project),
          difficulty_steps: DIFFICULTY_STEPS.map((step) => ({
            from_challenges: step.fromChallenges,
            max_counter: step.maxCounter,
          })),
        },
        sms: {
          ...stats.sms,
          by_country: stats.sms.by_country.map((entry) => ({
            ...entry,
            allowed: allowed === null || (entry.country !== null && allowed.includes(entry.country)),
          })),
          ...(await smsBudget(ctx, project)),
          allowed_countries: allowed === null ? null : [...allowed],
        },
      };
    },
  );
}
