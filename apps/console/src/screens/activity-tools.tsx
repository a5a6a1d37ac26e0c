// Issue 26 item 3 (Activity): "live tail, CSV/NDJSON export". The live tail refreshes the first page every
// LIVE_TAIL_MS while it is on (and the tab is visible: TanStack Query pauses in the background), marks the events that
// arrived since it was turned on, and says how many in a polite live region. The exports take the same filters and
// time range as the list (every matching event, not just the page) and save the file the API names.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { EventListQuery } from '../admin-api';
import type { EventRecord, Me } from '../admin-types';
import { ActionError } from '../components/action-error';
import { saveFile } from '../components/save-file';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';

export const LIVE_TAIL_MS = 5_000;

/**
 * The live tail's own reads: each poll is an admin API call, recorded (audit) as an `admin_api.called` event of the
 * project. They stay in the list (the log is the log) but are not counted or marked as news.
 */
export function isOwnPoll(event: EventRecord, me: Me['actor']): boolean {
  const { method, route } = event.payload;
  return (
    event.type === 'admin_api.called' &&
    event.actor.type === me.type &&
    event.actor.id === me.id &&
    method === 'GET' &&
    typeof route === 'string' &&
    route.endsWith('/events')
  );
}

/**
 * The ids of events that came in while the live tail was on (its own polls aside): empty when it is off, and the
 * baseline is the first page as it stood when it was turned on.
 */
export function useFreshEvents(
  live: boolean,
  events: readonly EventRecord[] | undefined,
): ReadonlySet<string> {
  const { me } = useOperator();
  const actor = me.actor;
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!live) {
      seen.current = null;
      setFresh(new Set());
      return;
    }
    if (events === undefined) return;
    if (seen.current === null) {
      seen.current = new Set(events.map((event) => event.id));
      return;
    }
    const known = seen.current;
    const unseen = events.filter((event) => !known.has(event.id));
    for (const event of unseen) known.add(event.id);
    const arrived = unseen.filter((event) => !isOwnPoll(event, actor)).map((event) => event.id);
    if (arrived.length === 0) return;
    setFresh((previous) => new Set([...previous, ...arrived]));
  }, [live, events, actor]);
  return fresh;
}

export function ActivityTools({
  projectId,
  live,
  canTail,
  onLiveChange,
  freshCount,
  exportQuery,
}: {
  projectId: string;
  live: boolean;
  /** The live tail shows the newest page only: off on later pages. */
  canTail: boolean;
  onLiveChange(live: boolean): void;
  freshCount: number;
  exportQuery: Omit<EventListQuery, 'cursor' | 'limit'>;
}) {
  const { api } = useServices();
  const exporting = useMutation({
    mutationFn: (format: 'csv' | 'ndjson') => api.exportEvents(projectId, exportQuery, format),
    onSuccess: ({ blob, fileName }, format) => saveFile(blob, fileName ?? `events.${format}`),
  });
  const text = STRINGS.activity.tools;
  return (
    <div className="activity-tools">
      <div className="button-row">
        <button
          type="button"
          className="button button-small"
          aria-pressed={live && canTail}
          disabled={!canTail}
          onClick={() => onLiveChange(!live)}
        >
          {live && canTail ? text.liveOn : text.liveOff}
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={exporting.isPending}
          onClick={() => exporting.mutate('csv')}
        >
          {text.exportCsv}
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={exporting.isPending}
          onClick={() => exporting.mutate('ndjson')}
        >
          {text.exportNdjson}
        </button>
      </div>
      <p className="hint" role="status" aria-live="polite">
        {exporting.isPending
          ? text.exporting
          : live && canTail
            ? freshCount === 0
              ? text.liveWaiting(LIVE_TAIL_MS / 1000)
              : text.liveArrived(freshCount)
            : !canTail
              ? text.liveFirstPageOnly
              : ''}
      </p>
      {exporting.isError ? <ActionError error={exporting.error} /> : null}
    </div>
  );
}
