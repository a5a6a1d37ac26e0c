// Issue 26 item 3 (Overview): sign-ins, new users and active users over the chosen range, the stacked chart of
// sign-ins by method per day (overview-chart.tsx), and failures by reason — all from GET /projects/:id/stats.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Stats } from '../admin-types';
import { DEFAULT_RANGE, RangeSelect, rangeWindow } from '../components/range-select';
import { RequireScope, useProjectId } from '../components/require-scope';
import { EmptyState, ErrorState, LoadingState, Page } from '../components/states';
import { useServices } from '../console-context';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { AdoptionPanel } from './overview-adoption';
import { type MethodSeries, SignInChart, signInsByMethod } from './overview-chart';

const route = getRouteApi('/signed-in/');

export function OverviewScreen() {
  useDocumentTitle(STRINGS.overview.title);
  return (
    <RequireScope scope="stats:read" title={STRINGS.overview.heading}>
      <Overview />
    </RequireScope>
  );
}

function Overview() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { api, now } = useServices();
  const projectId = useProjectId();
  const range = search.range ?? DEFAULT_RANGE;
  const stats = useQuery({
    queryKey: ['stats', projectId, range],
    queryFn: () => api.stats(projectId, { ...rangeWindow(range, now()), interval: 'day' }),
    placeholderData: keepPreviousData,
  });

  const rangeControl = (
    <RangeSelect
      label={STRINGS.overview.range}
      range={range}
      onChange={(next) => void navigate({ search: next === undefined ? {} : { range: next } })}
    />
  );

  return (
    <Page title={STRINGS.overview.heading} actions={rangeControl} busy={stats.isFetching}>
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <OverviewBody stats={stats.data} />
      )}
    </Page>
  );
}

function OverviewBody({ stats }: { stats: Stats }) {
  const series = signInsByMethod(stats);
  const signIns = series.reduce((sum, each) => sum + each.total, 0);
  const failures = stats.sign_ins.filter((entry) => entry.outcome === 'failure');
  const failureTotal = failures.reduce((sum, entry) => sum + entry.total, 0);
  const activePeak = Math.max(0, ...stats.active_users.counts);
  return (
    <>
      <dl className="figures" data-testid="figures">
        <div>
          <dt>{STRINGS.overview.signIns}</dt>
          <dd>{signIns.toLocaleString()}</dd>
        </div>
        <div>
          <dt>{STRINGS.overview.signUps}</dt>
          <dd>{stats.sign_ups.total.toLocaleString()}</dd>
        </div>
        <div>
          <dt>{STRINGS.overview.activeUsers}</dt>
          <dd>{activePeak.toLocaleString()}</dd>
        </div>
        <div>
          <dt>{STRINGS.overview.failures}</dt>
          <dd>{failureTotal.toLocaleString()}</dd>
        </div>
      </dl>
      <section className="panel" aria-labelledby="chart-heading">
        <h2 id="chart-heading">{STRINGS.overview.chartHeading}</h2>
        {signIns === 0 ? (
          <EmptyState title={STRINGS.overview.chartEmpty} />
        ) : (
          <>
            <div className="chart" data-testid="sign-in-chart">
              <SignInChart stats={stats} series={series} />
            </div>
            <MethodTable series={series} />
          </>
        )}
      </section>
      <AdoptionPanel adoption={stats.adoption} />
      <section className="panel" aria-labelledby="failures-heading">
        <h2 id="failures-heading">{STRINGS.overview.failuresHeading}</h2>
        {failures.length === 0 ? (
          <p className="muted" data-state="empty">
            {STRINGS.overview.failuresEmpty}
          </p>
        ) : (
          <table className="table">
            <caption className="visually-hidden">{STRINGS.overview.failuresHeading}</caption>
            <thead>
              <tr>
                <th scope="col">{STRINGS.overview.method}</th>
                <th scope="col">{STRINGS.overview.reason}</th>
                <th scope="col" className="numeric">
                  {STRINGS.overview.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {failures.map((entry) => (
                <tr key={`${entry.method}:${entry.reason ?? ''}`}>
                  <th scope="row" className="mono">
                    {entry.method}
                  </th>
                  <td className="mono">{entry.reason ?? STRINGS.overview.unknownReason}</td>
                  <td className="numeric">{entry.total.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function MethodTable({ series }: { series: MethodSeries[] }) {
  return (
    <table className="table" data-testid="method-table">
      <caption className="visually-hidden">{STRINGS.overview.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{STRINGS.overview.method}</th>
          <th scope="col" className="numeric">
            {STRINGS.overview.total}
          </th>
        </tr>
      </thead>
      <tbody>
        {series.map((each) => (
          <tr key={each.method}>
            <th scope="row" className="mono">
              {each.method}
            </th>
            <td className="numeric">{each.total.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
