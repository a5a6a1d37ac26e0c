// Issue 26 item 3 (Activity): an event's detail, in a modal over the list (its id is in the URL, `?event=`, so the
// detail is a link). Every field, and the type's payload as formatted JSON. Escape or Close returns focus to what
// opened it.
import { useQuery } from '@tanstack/react-query';
import type { EventRecord } from '../admin-types';
import { DetailDialog } from '../components/detail-dialog';
import { ErrorState, LoadingState } from '../components/states';
import { useServices } from '../console-context';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';

export function EventDialog({
  projectId,
  eventId,
  known,
  onClose,
}: {
  projectId: string;
  eventId: string;
  /** The event as the list has it (shown at once; the detail call confirms it). */
  known: EventRecord | undefined;
  onClose(): void;
}) {
  const { api } = useServices();
  const event = useQuery({
    queryKey: ['event', projectId, eventId],
    queryFn: async () => (await api.event(projectId, eventId)).event,
    ...(known === undefined ? {} : { initialData: known }),
  });

  const data = event.data;
  return (
    <DetailDialog
      title={data === undefined ? STRINGS.activity.detail : STRINGS.activity.detailOf(data.type)}
      closeLabel={STRINGS.activity.close}
      testId="event-dialog"
      onClose={onClose}
    >
      {data !== undefined ? (
        <EventFields event={data} />
      ) : event.isError ? (
        <ErrorState error={event.error} onRetry={() => void event.refetch()} />
      ) : (
        <LoadingState />
      )}
    </DetailDialog>
  );
}

function EventFields({ event }: { event: EventRecord }) {
  const fields = STRINGS.activity.fields;
  const actor = event.actor.id === null ? event.actor.type : `${event.actor.type}:${event.actor.id}`;
  return (
    <dl className="facts">
      <dt>{fields.type}</dt>
      <dd className="mono">{event.type}</dd>
      <dt>{fields.time}</dt>
      <dd>
        <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>{' '}
        <span className="muted mono small">{event.occurred_at}</span>
      </dd>
      <dt>{fields.actor}</dt>
      <dd className="mono">{actor}</dd>
      <dt>{fields.user}</dt>
      <dd className="mono">{event.subject_user_id ?? '—'}</dd>
      <dt>{fields.ip}</dt>
      <dd className="mono">{event.ip_address ?? '—'}</dd>
      <dt>{fields.userAgent}</dt>
      <dd className="mono small">{event.user_agent ?? '—'}</dd>
      <dt>{fields.requestId}</dt>
      <dd className="mono">{event.request_id ?? '—'}</dd>
      <dt>{fields.id}</dt>
      <dd className="mono">{event.id}</dd>
      <dt>{fields.payload}</dt>
      <dd>
        <pre className="payload">{JSON.stringify(event.payload, null, 2)}</pre>
      </dd>
    </dl>
  );
}
