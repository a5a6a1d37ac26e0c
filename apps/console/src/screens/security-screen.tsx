// Issue 26 item 3 (Security): "rate-limit hits by rule and IP, captcha issued/solved/failed and current difficulty,
// breached-password refusals, top failing IPs, SMS spend by country against the project's limits" over the chosen
// range (the overview's range control, kept in the URL) — all from GET /projects/:id/security. The sections are in
// security-sections.tsx.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { SecurityStats } from '../admin-types';
import { DEFAULT_RANGE, RangeSelect, rangeWindow } from '../components/range-select';
import { RequireScope, useProjectId } from '../components/require-scope';
import { ErrorState, LoadingState, Page } from '../components/states';
import { useServices } from '../console-context';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import {
  BreachedSection,
  CaptchaSection,
  FailingIpsSection,
  RateLimitSection,
  SmsSection,
} from './security-sections';

const route = getRouteApi('/signed-in/security');

export function SecurityScreen() {
  useDocumentTitle(STRINGS.security.title);
  return (
    <RequireScope scope="stats:read" title={STRINGS.security.heading}>
      <Security />
    </RequireScope>
  );
}

function Security() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { api, now } = useServices();
  const projectId = useProjectId();
  const range = search.range ?? DEFAULT_RANGE;
  const security = useQuery({
    queryKey: ['security', projectId, range],
    queryFn: () => api.security(projectId, rangeWindow(range, now())),
    placeholderData: keepPreviousData,
  });

  const rangeControl = (
    <RangeSelect
      label={STRINGS.security.range}
      range={range}
      onChange={(next) => void navigate({ search: next === undefined ? {} : { range: next } })}
    />
  );

  return (
    <Page title={STRINGS.security.heading} actions={rangeControl} busy={security.isFetching}>
      {security.isPending ? (
        <LoadingState />
      ) : security.isError ? (
        <ErrorState error={security.error} onRetry={() => void security.refetch()} />
      ) : (
        <SecurityBody stats={security.data} />
      )}
    </Page>
  );
}

function SecurityBody({ stats }: { stats: SecurityStats }) {
  const figures: Array<[string, number]> = [
    [STRINGS.security.rateLimitHits, stats.rate_limits.total],
    [STRINGS.security.captchaSolved, stats.captcha.solved],
    [STRINGS.security.breachedPasswords, stats.breached_passwords.total],
    [STRINGS.security.smsSent, stats.sms.total],
  ];
  return (
    <>
      <dl className="figures" data-testid="security-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <RateLimitSection stats={stats} />
      <FailingIpsSection stats={stats} />
      <CaptchaSection stats={stats} />
      <BreachedSection stats={stats} />
      <SmsSection stats={stats} />
    </>
  );
}
