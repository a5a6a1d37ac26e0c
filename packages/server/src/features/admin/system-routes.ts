// Issue 26 item 3 (System): GET /system — "health (database kind and migrations, Redis, SMTP and SMS reachability,
// webhook backlog), version, metrics summary" of the instance that answers. The checks are those of GET
// /health/ready (infra/health.ts) with the migrations spelled out; the providers are probed by a TCP connection
// (infra/reachability.ts: nothing sent, no credential presented); the counters are GET /metrics' own when they are on
// (infra/metrics.ts). Nothing secret leaves: no URL, only a provider's host and port, never a user or password.
// Scope system:read (owners, admins and the bootstrap key).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { MIGRATIONS_FOLDER } from '../../infra/db/client';
import { migrationStatus } from '../../infra/health';
import { summarizeMetrics } from '../../infra/metrics';
import { probeReachability, type ReachabilityReport } from '../../infra/reachability';
import { webhookBacklog } from '../webhooks';
import { ADMIN_ERROR_RESPONSES } from './admin-request';

/** How long a provider may take to accept a connection before it counts as unreachable. */
export const PROBE_TIMEOUT_MS = 3000;

const Outcome = Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('not_configured')]);
const Count = Type.Integer({ minimum: 0 });

const Provider = Type.Object({
  mode: Type.Union([Type.Literal('provider'), Type.Literal('dev_outbox'), Type.Literal('none')], {
    description:
      'provider: configured; dev_outbox: stored for /dev/outbox (outside production); none: production without one.',
  }),
  target: Type.Union([Type.String(), Type.Null()], { description: 'host:port, never credentials.' }),
  reachable: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'Null when there is nothing to reach.',
  }),
  latency_ms: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});

const System = Type.Object({
  status: Type.Union([
    Type.Literal('ready'),
    Type.Literal('degraded'),
    Type.Literal('not_ready'),
    Type.Literal('draining'),
  ]),
  version: Type.String(),
  environment: Type.String(),
  node_version: Type.String(),
  started_at: Type.String({ format: 'date-time' }),
  database: Type.Object({
    kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    status: Outcome,
    migrations: Type.Object({
      applied: Count,
      known: Count,
      latest_applied: Type.Union([Type.String(), Type.Null()]),
      latest: Type.String(),
      up_to_date: Type.Boolean(),
    }),
  }),
  redis: Type.Object({
    configured: Type.Boolean(),
    status: Outcome,
    rate_limit_store: Type.Union([Type.Literal('memory'), Type.Literal('postgres'), Type.Literal('redis')]),
  }),
  email: Provider,
  sms: Provider,
  webhooks: Type.Object({
    queued: Count,
    failing: Count,
    dead: Count,
    oldest_due_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    disabled_endpoints: Count,
  }),
  metrics: Type.Union(
    [
      Type.Object({
        enabled: Type.Literal(true),
        messages_sent: Type.Record(Type.String(), Type.Number()),
        sign_ins: Type.Number(),
        failures: Type.Number(),
        rate_limited: Type.Number(),
        captcha_challenges: Type.Number(),
      }),
      Type.Object({ enabled: Type.Literal(false) }),
    ],
    {
      description:
        "This instance's counters since it started (GET /metrics), when METRICS_ENABLED or METRICS_TOKEN.",
    },
  ),
});

type ProviderReport = {
  mode: 'provider' | 'dev_outbox' | 'none';
  target: string | null;
  reachable: boolean | null;
  latency_ms: number | null;
  error: string | null;
};

async function providerReport(ctx: AppContext, url: string | null): Promise<ProviderReport> {
  if (url === null) {
    return {
      mode: ctx.config.env === 'production' ? 'none' : 'dev_outbox',
      target: null,
      reachable: null,
      latency_ms: null,
      error: null,
    };
  }
  const report: ReachabilityReport = await probeReachability(url, { timeoutMs: PROBE_TIMEOUT_MS });
  return {
    mode: 'provider',
    target: report.target,
    reachable: report.reachable,
    latency_ms: report.latencyMs,
    error: report.error,
  };
}

export async function registerSystemRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();
  admin.get(
    '/system',
    {
      config: { adminScope: 'system:read' },
      schema: {
        tags: ['System'],
        summary: "This instance's health, version and counters",
        response: { 200: System, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (_request, reply) => {
      const { instance, config } = ctx;
      const [readiness, migrations, email, sms, webhooks, metrics] = await Promise.all([
        instance.health.readiness(),
        migrationStatus(ctx.db, MIGRATIONS_FOLDER).catch(() => null),
        providerReport(ctx, config.smtpUrl),
        providerReport(ctx, config.sms?.apiBaseUrl ?? null),
        webhookBacklog(ctx),
        instance.prometheus === null ? null : summarizeMetrics(instance.prometheus),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        status: readiness.status,
        version: instance.version,
        environment: config.env,
        node_version: process.version,
        started_at: instance.startedAt.toISOString(),
        database: {
          kind: instance.databaseKind,
          status: readiness.checks?.database ?? (migrations === null ? 'failed' : 'ok'),
          migrations: {
            applied: migrations?.applied ?? 0,
            known: migrations?.known ?? 0,
            latest_applied: migrations?.latestApplied ?? null,
            latest: migrations?.latest ?? '',
            up_to_date: migrations?.upToDate ?? false,
          },
        },
        redis: {
          configured: config.redisUrl !== null,
          status: readiness.checks?.redis ?? (config.redisUrl === null ? 'not_configured' : 'failed'),
          rate_limit_store: instance.limiterStore,
        },
        email,
        sms,
        webhooks,
        metrics: metrics === null ? { enabled: false as const } : { enabled: true as const, ...metrics },
      };
    },
  );
}
