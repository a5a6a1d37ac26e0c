// Issue 26 item 3 (Webhooks): an endpoint's delivery log — each delivery's event, status, attempts, the last answer
// (HTTP status, latency, the response's excerpt or the error) — newest first with cursor pagination, refreshed every
// few seconds while open (a test event or a retry shows up as the worker posts it); retry one delivery (sent again
// as a new delivery) for a role with webhooks:write.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { WebhookDelivery } from '../admin-types';
import { ActionError } from '../components/action-error';
import { ConfirmButton } from '../components/confirm-dialog';
import { Pagination } from '../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';

const PAGE_SIZE = 25;
/** The worker looks for due deliveries every second (WEBHOOK_WORKER_INTERVAL_MS); the log follows a bit behind. */
export const DELIVERY_REFRESH_MS = 3000;

const TONES: Record<string, string> = {
  succeeded: 'badge-success',
  dead: 'badge-danger',
  failed: 'badge-danger',
  pending: 'badge-muted',
};

export function DeliveryLog({
  projectId,
  endpointId,
  cursors,
  onCursors,
}: {
  projectId: string;
  endpointId: string;
  cursors: string[];
  onCursors(cursors: string[]): void;
}) {
  const { api } = useServices();
  const { can } = useOperator();
  const queryClient = useQueryClient();
  const ids = useId();
  const query = { endpoint_id: endpointId, cursor: cursors.at(-1), limit: PAGE_SIZE };
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', projectId, query],
    queryFn: () => api.webhookDeliveries(projectId, query),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERY_REFRESH_MS,
  });
  const [message, setMessage] = useState<string | null>(null);
  const retry = useMutation({
    mutationFn: (deliveryId: string) => api.retryDelivery(projectId, deliveryId),
    onMutate: () => setMessage(null),
    onSuccess: async () => {
      setMessage(STRINGS.webhooks.retried);
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', projectId] });
    },
  });
  const retrying = can('webhooks:write');

  return (
    <section aria-labelledby={`${ids}-heading`} aria-busy={deliveries.isFetching || undefined}>
      <h3 id={`${ids}-heading`}>{STRINGS.webhooks.deliveries}</h3>
      {deliveries.isPending ? (
        <LoadingState />
      ) : deliveries.isError ? (
        <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.items.length === 0 ? (
        <EmptyState title={STRINGS.webhooks.deliveriesEmpty} hint={STRINGS.webhooks.deliveriesEmptyHint} />
      ) : (
        <>
          <div className="table-scroll">
            <table className="table" data-testid="deliveries-table">
              <caption className="visually-hidden">{STRINGS.webhooks.deliveriesCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{STRINGS.webhooks.deliveryColumns.time}</th>
                  <th scope="col">{STRINGS.webhooks.deliveryColumns.event}</th>
                  <th scope="col">{STRINGS.webhooks.deliveryColumns.status}</th>
                  <th scope="col">{STRINGS.webhooks.deliveryColumns.attempts}</th>
                  <th scope="col">{STRINGS.webhooks.deliveryColumns.response}</th>
                  {retrying ? <th scope="col">{STRINGS.webhooks.deliveryColumns.actions}</th> : null}
                </tr>
              </thead>
              <tbody>
                {deliveries.data.items.map((delivery) => (
                  <DeliveryRow
                    key={delivery.id}
                    delivery={delivery}
                    retrying={retrying}
                    busy={retry.isPending}
                    onRetry={() => retry.mutate(delivery.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination cursors={cursors} nextCursor={deliveries.data.next_cursor} onChange={onCursors} />
        </>
      )}
      <p role="status" className="status-line">
        {message ?? ''}
      </p>
      {retry.error === null ? null : <ActionError error={retry.error} />}
    </section>
  );
}

function DeliveryRow({
  delivery,
  retrying,
  busy,
  onRetry,
}: {
  delivery: WebhookDelivery;
  retrying: boolean;
  busy: boolean;
  onRetry(): void;
}) {
  const time = formatDateTime(delivery.created_at);
  const answer = [
    delivery.last_status_code === null ? null : `HTTP ${delivery.last_status_code}`,
    delivery.last_latency_ms === null ? null : STRINGS.webhooks.latency(delivery.last_latency_ms),
  ]
    .filter((part) => part !== null)
    .join(' · ');
  const detail = delivery.last_error ?? delivery.last_response_excerpt;
  return (
    <tr>
      <td>
        <time dateTime={delivery.created_at}>{time}</time>
      </td>
      <th scope="row" className="mono">
        {delivery.event_type}
      </th>
      <td>
        <span className={`badge ${TONES[delivery.status] ?? ''}`}>
          {STRINGS.webhooks.deliveryStatuses[delivery.status] ?? delivery.status}
        </span>
      </td>
      <td>{delivery.attempts}</td>
      <td>
        {answer === '' && detail === null ? (
          <span className="muted">{STRINGS.webhooks.noResponse}</span>
        ) : (
          <>
            {answer === '' ? null : <div>{answer}</div>}
            {detail === null || detail === '' ? null : (
              <div className="mono small muted break" title={detail}>
                {detail.slice(0, 200)}
              </div>
            )}
          </>
        )}
      </td>
      {retrying ? (
        <td>
          <ConfirmButton
            tone="secondary"
            busy={busy}
            ariaLabel={STRINGS.webhooks.retryLabel(delivery.event_type, time)}
            title={STRINGS.webhooks.retryTitle}
            description={STRINGS.webhooks.retryBody}
            confirmLabel={STRINGS.webhooks.retry}
            onConfirm={onRetry}
          >
            {STRINGS.webhooks.retry}
          </ConfirmButton>
        </td>
      ) : null}
    </tr>
  );
}
