// Issue 26 item 3 (System): "health (database kind and migrations, Redis, SMTP and SMS reachability, webhook
// backlog), version, metrics summary" of the instance that answers GET /system. Owners and admins (system:read); a
// check can be run again on demand, since the providers are probed when asked.
import { useQuery } from '@tanstack/react-query';
import type { ProviderHealth, SystemHealth } from '../admin-types';
import { RequireScope } from '../components/require-scope';
import { ErrorState, LoadingState, Page } from '../components/states';
import { useServices } from '../console-context';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';

const S = STRINGS.system;

export function SystemScreen() {
  useDocumentTitle(S.title);
  return (
    <RequireScope scope="system:read" title={S.heading}>
      <System />
    </RequireScope>
  );
}

function System() {
  const { api } = useServices();
  const system = useQuery({ queryKey: ['system'], queryFn: () => api.system() });
  const refresh = (
    <button
      type="button"
      className="button button-secondary button-small"
      onClick={() => void system.refetch()}
      disabled={system.isFetching}
    >
      {S.refresh}
    </button>
  );
  return (
    <Page title={S.heading} actions={refresh} busy={system.isFetching}>
      {system.isPending ? (
        <LoadingState />
      ) : system.isError ? (
        <ErrorState error={system.error} onRetry={() => void system.refetch()} />
      ) : (
        <SystemBody system={system.data} />
      )}
    </Page>
  );
}

type Tone = 'success' | 'danger' | 'muted';

function Badge({ tone, children }: { tone: Tone; children: string }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

const OUTCOME_TONE: Record<string, Tone> = { ok: 'success', failed: 'danger', not_configured: 'muted' };

function providerState(provider: ProviderHealth): { tone: Tone; label: string; details: string } {
  if (provider.mode === 'dev_outbox')
    return { tone: 'muted', label: S.outcomes.outbox!, details: S.devOutbox };
  if (provider.mode === 'none')
    return { tone: 'danger', label: S.outcomes.not_configured!, details: S.noProvider };
  const details = [
    provider.target ?? '',
    provider.latency_ms === null ? null : S.latency(provider.latency_ms),
    provider.error,
  ]
    .filter(Boolean)
    .join(' · ');
  return provider.reachable
    ? { tone: 'success', label: S.outcomes.reachable!, details }
    : { tone: 'danger', label: S.outcomes.unreachable!, details };
}

function SystemBody({ system }: { system: SystemHealth }) {
  const { database, redis, webhooks, metrics } = system;
  const { migrations } = database;
  const rows: Array<{ part: string; tone: Tone; state: string; details: string }> = [
    {
      part: S.database,
      tone: OUTCOME_TONE[database.status] ?? 'muted',
      state: S.outcomes[database.status] ?? database.status,
      details: S.databaseKinds[database.kind] ?? database.kind,
    },
    {
      part: S.migrations,
      tone: migrations.up_to_date ? 'success' : 'danger',
      state: S.migrationsValue(migrations.applied, migrations.known),
      details: migrations.up_to_date
        ? S.migrationsLatest(migrations.latest_applied ?? migrations.latest)
        : S.migrationsBehind(migrations.latest),
    },
    {
      part: S.redis,
      tone: OUTCOME_TONE[redis.status] ?? 'muted',
      state: S.outcomes[redis.status] ?? redis.status,
      details: S.rateLimitStore(redis.rate_limit_store),
    },
    { part: S.email, ...stateRow(providerState(system.email)) },
    { part: S.sms, ...stateRow(providerState(system.sms)) },
  ];
  return (
    <>
      <dl className="facts panel" data-testid="system-facts">
        <dt>{S.status}</dt>
        <dd>
          <Badge tone={system.status === 'ready' ? 'success' : 'danger'}>
            {S.statuses[system.status] ?? system.status}
          </Badge>
        </dd>
        <dt>{S.version}</dt>
        <dd className="mono">{system.version}</dd>
        <dt>{S.environment}</dt>
        <dd className="mono">{system.environment}</dd>
        <dt>{S.node}</dt>
        <dd className="mono">{system.node_version}</dd>
        <dt>{S.startedAt}</dt>
        <dd>{formatDateTime(system.started_at)}</dd>
      </dl>
      <section className="panel" aria-labelledby="system-health-heading">
        <h2 id="system-health-heading">{S.healthHeading}</h2>
        <div className="table-scroll">
          <table className="table" data-testid="system-health">
            <caption className="visually-hidden">{S.healthCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{S.part}</th>
                <th scope="col">{S.state}</th>
                <th scope="col">{S.details}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.part}>
                  <th scope="row">{row.part}</th>
                  <td>
                    <Badge tone={row.tone}>{row.state}</Badge>
                  </td>
                  <td className="mono">{row.details}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="panel" aria-labelledby="system-webhooks-heading">
        <h2 id="system-webhooks-heading">{S.webhooksHeading}</h2>
        <dl className="figures" data-testid="system-webhooks">
          {(
            [
              [S.queued, webhooks.queued],
              [S.failing, webhooks.failing],
              [S.dead, webhooks.dead],
              [S.disabledEndpoints, webhooks.disabled_endpoints],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value.toLocaleString()}</dd>
            </div>
          ))}
        </dl>
        <p className="muted">
          {S.oldestDue}:{' '}
          {webhooks.oldest_due_at === null ? S.nothingWaiting : formatDateTime(webhooks.oldest_due_at)}
        </p>
      </section>
      <section className="panel" aria-labelledby="system-metrics-heading">
        <h2 id="system-metrics-heading">{S.metricsHeading}</h2>
        {metrics.enabled ? (
          <>
            <dl className="figures" data-testid="system-metrics">
              {[
                ...Object.entries(metrics.messages_sent).map(
                  ([channel, value]) => [S.messagesSent(channel), value] as const,
                ),
                [S.signIns, metrics.sign_ins] as const,
                [S.failures, metrics.failures] as const,
                [S.rateLimited, metrics.rate_limited] as const,
                [S.captchaChallenges, metrics.captcha_challenges] as const,
              ].map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value.toLocaleString()}</dd>
                </div>
              ))}
            </dl>
            <p className="muted small">{S.metricsHint}</p>
          </>
        ) : (
          <p className="muted" data-state="empty">
            {S.metricsOff}
          </p>
        )}
      </section>
    </>
  );
}

function stateRow(state: { tone: Tone; label: string; details: string }) {
  return { tone: state.tone, state: state.label, details: state.details };
}
