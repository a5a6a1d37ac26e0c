// Issue 26 item 3 (User detail): "an activity timeline" — the user's events (GET /events?user_id=, newest first), a
// page at a time with "older" following the cursor, each with what happened, who did it and from where. Shown to a
// role holding events:read; the full stream stays one link away on the Activity screen.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { ErrorState, LoadingState } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { formatEventQuery } from '../event-query';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';

const PAGE_SIZE = 20;

export function UserTimeline({ projectId, userId }: { projectId: string; userId: string }) {
  const { can } = useOperator();
  if (!can('events:read')) return null;
  return <Timeline projectId={projectId} userId={userId} />;
}

function Timeline({ projectId, userId }: { projectId: string; userId: string }) {
  const { api } = useServices();
  const ids = useId();
  const events = useInfiniteQuery({
    queryKey: ['user-events', projectId, userId],
    queryFn: ({ pageParam }) =>
      api.events(projectId, { user_id: userId, limit: PAGE_SIZE, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  const text = STRINGS.userDetail;
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="panel" aria-labelledby={`${ids}-heading`} data-testid="user-timeline">
      <div className="panel-header">
        <h2 id={`${ids}-heading`}>{text.timeline}</h2>
        <Link to="/activity" search={{ query: formatEventQuery({ user_id: userId }) }}>
          {STRINGS.user.activityLink}
        </Link>
      </div>
      {events.isPending ? (
        <LoadingState />
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : items.length === 0 ? (
        <p className="muted" data-state="empty">
          {text.timelineEmpty}
        </p>
      ) : (
        <>
          <ol className="timeline" aria-label={text.timelineCaption}>
            {items.map((event) => (
              <li key={event.id} className="timeline-item">
                <time dateTime={event.occurred_at} className="muted small">
                  {formatDateTime(event.occurred_at)}
                </time>{' '}
                <span className="mono">{event.type}</span>
                <span className="muted small">
                  {' · '}
                  {text.timelineColumns.actor}{' '}
                  {event.actor.id === null ? event.actor.type : `${event.actor.type}:${event.actor.id}`}
                  {event.ip_address === null ? null : ` · ${event.ip_address}`}
                </span>
              </li>
            ))}
          </ol>
          {events.hasNextPage ? (
            <button
              type="button"
              className="button button-small button-secondary"
              aria-disabled={events.isFetchingNextPage ? true : undefined}
              onClick={() => {
                if (!events.isFetchingNextPage) void events.fetchNextPage();
              }}
            >
              {text.timelineMore}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
