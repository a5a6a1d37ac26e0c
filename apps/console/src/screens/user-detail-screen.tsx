// Issue 26 item 3 (User detail): identifiers and factors with "remove" (user-factors.tsx), live sessions with device,
// IP, start and last use, the actions (user-actions.tsx), the metadata editor (user-metadata.tsx) and the activity
// timeline (user-timeline.tsx), each shown only to a role that may use it.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { RequireScope, useProjectId } from '../components/require-scope';
import { ErrorState, LoadingState, Page } from '../components/states';
import { useServices } from '../console-context';
import { displayName } from '../format';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { SessionsSection, UserActions } from './user-actions';
import { UserFactors } from './user-factors';
import { MetadataEditor } from './user-metadata';
import { UserTimeline } from './user-timeline';

const route = getRouteApi('/signed-in/users/$userId');

export function UserDetailScreen() {
  useDocumentTitle(STRINGS.user.title);
  return (
    <RequireScope scope="users:read" title={STRINGS.user.title}>
      <UserDetailPage />
    </RequireScope>
  );
}

function UserDetailPage() {
  const { userId } = route.useParams();
  const { api } = useServices();
  const projectId = useProjectId();
  const detail = useQuery({
    queryKey: ['user', projectId, userId],
    queryFn: () => api.user(projectId, userId),
  });
  const back = (
    <Link to="/users" className="back-link">
      {STRINGS.user.back}
    </Link>
  );
  if (detail.isPending) {
    return (
      <Page title={STRINGS.user.title} busy>
        {back}
        <LoadingState />
      </Page>
    );
  }
  if (detail.isError) {
    return (
      <Page title={STRINGS.user.title}>
        {back}
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </Page>
    );
  }
  const { user } = detail.data;
  const title = displayName(user.name) || user.username || user.emails[0]?.email || user.user_id;
  return (
    <Page title={title} busy={detail.isFetching}>
      {back}
      {detail.data.blocked_at === null ? null : (
        <p className="notice notice-error" data-testid="blocked-notice">
          {STRINGS.user.blockedNotice(detail.data.blocked_reason ?? '')}
        </p>
      )}
      <UserActions projectId={projectId} detail={detail.data} />
      <UserFactors projectId={projectId} detail={detail.data} />
      <SessionsSection projectId={projectId} detail={detail.data} />
      <MetadataEditor projectId={projectId} detail={detail.data} />
      <UserTimeline projectId={projectId} userId={user.user_id} />
    </Page>
  );
}
