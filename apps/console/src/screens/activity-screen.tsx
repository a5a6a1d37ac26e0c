// Issue 26 item 3 (Activity and audit log): the event stream with a query bar (event-query.ts maps
// `type:sign_in.* user:… ip:… actor:…` to the events route's filters), a time range, cursor pagination and the
// event detail (event-dialog.tsx), all in the URL; a live tail and the CSV/NDJSON exports (activity-tools.tsx).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { EventRecord } from '../admin-types';
import { Pagination } from '../components/pagination';
import { RequireScope, useProjectId } from '../components/require-scope';
import { EmptyState, ErrorState, LoadingState, Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { parseEventQuery, rangeStart, TIME_RANGES, type TimeRange } from '../event-query';
import { formatDateTime } from '../format';
import { DEFAULT_ACTIVITY_RANGE } from '../search-params';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { ActivityTools, LIVE_TAIL_MS, useFreshEvents } from './activity-tools';
import { EventDialog } from './event-dialog';

const route = getRouteApi('/signed-in/activity');
const PAGE_SIZE = 50;

export function ActivityScreen() {
  useDocumentTitle(STRINGS.activity.title);
  return (
    <RequireScope scope="events:read" title={STRINGS.activity.heading}>
      <ActivityList />
    </RequireScope>
  );
}

function ActivityList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { api, now } = useServices();
  const projectId = useProjectId();
  const range = search.range ?? DEFAULT_ACTIVITY_RANGE;
  const parsed = parseEventQuery(search.query ?? '');
  const filters = parsed.ok ? parsed.filters : null;
  const cursor = search.cursors?.at(-1);
  const [live, setLive] = useState(false);
  const tailing = live && cursor === undefined;
  const events = useQuery({
    queryKey: ['events', projectId, filters, range, cursor],
    queryFn: () =>
      api.events(projectId, { ...filters, from: rangeStart(range, now()), cursor, limit: PAGE_SIZE }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    refetchInterval: tailing ? LIVE_TAIL_MS : false,
  });
  const fresh = useFreshEvents(tailing, events.data?.items);

  return (
    <Page title={STRINGS.activity.heading} busy={events.isFetching}>
      <QueryBar
        query={search.query ?? ''}
        range={range}
        badTerm={parsed.ok ? null : parsed.badTerm}
        onApply={(query, nextRange) =>
          void navigate({
            search: {
              ...(query === '' ? {} : { query }),
              ...(nextRange === DEFAULT_ACTIVITY_RANGE ? {} : { range: nextRange }),
            },
          })
        }
      />
      {filters === null ? null : (
        <ActivityTools
          projectId={projectId}
          live={live}
          canTail={cursor === undefined}
          onLiveChange={setLive}
          freshCount={fresh.size}
          exportQuery={{ ...filters, from: rangeStart(range, now()) }}
        />
      )}
      {filters === null ? null : events.isPending ? (
        <LoadingState />
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => void events.refetch()} />
      ) : events.data.items.length === 0 ? (
        <EmptyState title={STRINGS.activity.empty} hint={STRINGS.activity.emptyHint} />
      ) : (
        <>
          <EventsTable
            events={events.data.items}
            fresh={fresh}
            onView={(eventId) => void navigate({ search: (previous) => ({ ...previous, event: eventId }) })}
          />
          <Pagination
            cursors={search.cursors ?? []}
            nextCursor={events.data.next_cursor}
            onChange={(cursors) =>
              void navigate({
                search: (previous) => ({ ...previous, cursors: cursors.length ? cursors : undefined }),
              })
            }
          />
        </>
      )}
      {search.event === undefined ? null : (
        <EventDialog
          projectId={projectId}
          eventId={search.event}
          known={events.data?.items.find((event) => event.id === search.event)}
          onClose={() => void navigate({ search: (previous) => ({ ...previous, event: undefined }) })}
        />
      )}
    </Page>
  );
}

function QueryBar({
  query,
  range,
  badTerm,
  onApply,
}: {
  query: string;
  range: TimeRange;
  badTerm: string | null;
  onApply(query: string, range: TimeRange): void;
}) {
  const ids = useId();
  const [draft, setDraft] = useState(query);
  const [draftRange, setDraftRange] = useState<TimeRange>(range);
  useEffect(() => setDraft(query), [query]);
  useEffect(() => setDraftRange(range), [range]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft.trim(), draftRange);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and to happy-dom); the role is the same landmark.
    <form className="filters" role="search" aria-label={STRINGS.activity.queryLabel} onSubmit={submit}>
      <div className="field field-grow">
        <label htmlFor={`${ids}-query`}>{STRINGS.activity.queryLabel}</label>
        <input
          id={`${ids}-query`}
          type="search"
          className="mono"
          value={draft}
          maxLength={500}
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={badTerm === null ? undefined : true}
          aria-describedby={`${ids}-hint${badTerm === null ? '' : ` ${ids}-error`}`}
          onChange={(event) => setDraft(event.target.value)}
        />
        <p id={`${ids}-hint`} className="hint">
          {STRINGS.activity.queryHint}
        </p>
        {badTerm === null ? null : (
          <p id={`${ids}-error`} className="error" role="alert">
            {STRINGS.activity.queryBad(badTerm)}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-range`}>{STRINGS.activity.range}</label>
        <select
          id={`${ids}-range`}
          value={draftRange}
          onChange={(event) => setDraftRange(event.target.value as TimeRange)}
        >
          {TIME_RANGES.map((value) => (
            <option key={value} value={value}>
              {STRINGS.activity.ranges[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {STRINGS.activity.apply}
        </button>
      </div>
    </form>
  );
}

function EventsTable({
  events,
  fresh,
  onView,
}: {
  events: EventRecord[];
  fresh: ReadonlySet<string>;
  onView(eventId: string): void;
}) {
  const { can } = useOperator();
  const columns = STRINGS.activity.columns;
  return (
    <div className="table-scroll">
      <table className="table" data-testid="events-table">
        <caption className="visually-hidden">{STRINGS.activity.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.time}</th>
            <th scope="col">{columns.type}</th>
            <th scope="col">{columns.actor}</th>
            <th scope="col">{columns.user}</th>
            <th scope="col">{columns.ip}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const time = formatDateTime(event.occurred_at);
            return (
              <tr key={event.id} className={fresh.has(event.id) ? 'row-fresh' : undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="link-button"
                    aria-label={STRINGS.activity.viewLabel(event.type, time)}
                    onClick={() => onView(event.id)}
                  >
                    <time dateTime={event.occurred_at}>{time}</time>
                  </button>
                  {fresh.has(event.id) ? (
                    <span className="badge badge-success">{STRINGS.activity.tools.new}</span>
                  ) : null}
                </th>
                <td className="mono nowrap">{event.type}</td>
                <td className="mono">
                  {event.actor.id === null ? event.actor.type : `${event.actor.type}:${event.actor.id}`}
                </td>
                <td className="mono">
                  {event.subject_user_id === null ? (
                    '—'
                  ) : can('users:read') ? (
                    <Link to="/users/$userId" params={{ userId: event.subject_user_id }}>
                      {event.subject_user_id}
                    </Link>
                  ) : (
                    event.subject_user_id
                  )}
                </td>
                <td className="mono nowrap">{event.ip_address ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
