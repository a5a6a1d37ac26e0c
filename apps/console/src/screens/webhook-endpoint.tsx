// Issue 26 item 3 (Webhooks): one endpoint — its settings, then what a role with webhooks:write may do: edit the
// event filters, send a test event, rotate the secret (a dangerous action: the server asks for a recent sign-in and
// ActionError offers it), enable a disabled endpoint, replay a time range, delete — each that changes delivery
// behind a dialog that says what follows. A project-file endpoint changes in the file only (the API refuses), so
// its edit and delete are not offered. The delivery log (webhook-deliveries.tsx) comes right after the actions, the
// forms (filters, replay) below it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { WebhookDeliveryStatus, WebhookEndpoint } from '../admin-types';
import { ActionError } from '../components/action-error';
import { ConfirmButton } from '../components/confirm-dialog';
import { useOperator, useServices } from '../console-context';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';
import { DeliveryLog } from './webhook-deliveries';
import { EventFiltersField } from './webhook-event-filters';

/** "user.*, session.created" → ['user.*', 'session.created'] (commas or spaces, duplicates dropped). */
export function filtersOf(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((each) => each !== ''))];
}

export function endpointStatus(endpoint: WebhookEndpoint): { text: string; tone: 'success' | 'danger' } {
  if (endpoint.disabled_at !== null) return { text: STRINGS.webhooks.statusDisabled, tone: 'danger' };
  if (endpoint.failing_since !== null) {
    return { text: STRINGS.webhooks.statusFailing(formatDateTime(endpoint.failing_since)), tone: 'danger' };
  }
  return { text: STRINGS.webhooks.statusEnabled, tone: 'success' };
}

export function SecretNotice({ secret, onDone }: { secret: string; onDone(): void }) {
  return (
    <div className="notice notice-warning" role="status" data-testid="webhook-secret">
      <p className="state-title">{STRINGS.webhooks.secretHeading}</p>
      <p>{STRINGS.webhooks.secretBody}</p>
      <code className="secret mono">{secret}</code>
      <button type="button" className="button button-secondary button-small" onClick={onDone}>
        {STRINGS.webhooks.secretDone}
      </button>
    </div>
  );
}

/** One admin call at a time for the endpoint; refreshes the list and the log, and says how it went. */
function useEndpointAction(projectId: string) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (action: { run(): Promise<unknown>; done(result: unknown): string }) =>
      action.done(await action.run()),
    onMutate: () => setMessage(null),
    onSuccess: async (text) => {
      setMessage(text);
      await queryClient.invalidateQueries({ queryKey: ['webhooks', projectId] });
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', projectId] });
    },
  });
  return {
    run: (run: () => Promise<unknown>, done: (result: unknown) => string) => mutation.mutate({ run, done }),
    busy: mutation.isPending,
    message,
    error: mutation.error,
  };
}

const DAY = 86_400_000;
const REPLAY_CHOICES = ['dead', 'failed', 'succeeded', 'all'] as const;

export function EndpointPanel({
  projectId,
  endpoint,
  cursors,
  onCursors,
  onDeleted,
}: {
  projectId: string;
  endpoint: WebhookEndpoint;
  cursors: string[];
  onCursors(cursors: string[]): void;
  onDeleted(): void;
}) {
  const { api, now } = useServices();
  const { can } = useOperator();
  const ids = useId();
  const action = useEndpointAction(projectId);
  const [secret, setSecret] = useState<string | null>(null);
  const [filters, setFilters] = useState(endpoint.events.join(', '));
  const [filtersInvalid, setFiltersInvalid] = useState(false);
  const today = now().toISOString().slice(0, 10);
  const [replayFrom, setReplayFrom] = useState(new Date(now().getTime() - DAY).toISOString().slice(0, 10));
  const [replayTo, setReplayTo] = useState(today);
  const [replayWhich, setReplayWhich] = useState<(typeof REPLAY_CHOICES)[number]>('dead');
  const [replayInvalid, setReplayInvalid] = useState(false);
  const write = can('webhooks:write');
  const fromFile = endpoint.source === 'file';
  const status = endpointStatus(endpoint);
  const id = endpoint.id;

  const saveFilters = (event: FormEvent) => {
    event.preventDefault();
    const events = filtersOf(filters);
    if (events.length === 0) return setFiltersInvalid(true);
    setFiltersInvalid(false);
    action.run(
      () => api.updateWebhook(projectId, id, { events }),
      () => STRINGS.webhooks.filtersSaved,
    );
  };
  // The range is whole days, UTC: from the first day's start to the end of the last.
  const replayRange = () => ({
    from: `${replayFrom}T00:00:00.000Z`,
    to: new Date(Date.parse(`${replayTo}T00:00:00.000Z`) + DAY).toISOString(),
  });

  return (
    <section className="panel" aria-labelledby={`${ids}-heading`} data-testid="webhook-endpoint">
      <h2 id={`${ids}-heading`} className="break">
        {STRINGS.webhooks.endpointOf(endpoint.url)}
      </h2>
      <dl className="facts">
        <dt>{STRINGS.webhooks.fields.status}</dt>
        <dd>
          <span className={`badge badge-${status.tone}`}>{status.text}</span>
        </dd>
        <dt>{STRINGS.webhooks.fields.events}</dt>
        <dd className="mono">{endpoint.events.join(', ')}</dd>
        <dt>{STRINGS.webhooks.fields.source}</dt>
        <dd>{STRINGS.webhooks.sources[endpoint.source] ?? endpoint.source}</dd>
        <dt>{STRINGS.webhooks.fields.created}</dt>
        <dd>
          <time dateTime={endpoint.created_at}>{formatDateTime(endpoint.created_at)}</time>
        </dd>
        <dt>{STRINGS.webhooks.fields.id}</dt>
        <dd className="mono small">{endpoint.id}</dd>
      </dl>
      {fromFile ? <p className="muted">{STRINGS.webhooks.fileNotice}</p> : null}
      {write ? (
        <div className="button-row wrap">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-disabled={action.busy || undefined}
            onClick={() => {
              if (!action.busy)
                action.run(
                  () => api.testWebhook(projectId, id),
                  () => STRINGS.webhooks.testQueued,
                );
            }}
          >
            {STRINGS.webhooks.test}
          </button>
          {endpoint.disabled_at === null ? null : (
            <ConfirmButton
              tone="secondary"
              busy={action.busy}
              title={STRINGS.webhooks.enableTitle}
              description={STRINGS.webhooks.enableBody}
              confirmLabel={STRINGS.webhooks.enable}
              onConfirm={() =>
                action.run(
                  () => api.enableWebhook(projectId, id),
                  () => STRINGS.webhooks.enabled,
                )
              }
            >
              {STRINGS.webhooks.enable}
            </ConfirmButton>
          )}
          <ConfirmButton
            busy={action.busy}
            title={STRINGS.webhooks.rotateTitle}
            description={STRINGS.webhooks.rotateBody}
            confirmLabel={STRINGS.webhooks.rotate}
            onConfirm={() =>
              action.run(
                async () => setSecret((await api.rotateWebhookSecret(projectId, id)).secret),
                () => STRINGS.webhooks.rotated,
              )
            }
          >
            {STRINGS.webhooks.rotate}
          </ConfirmButton>
          {fromFile ? null : (
            <ConfirmButton
              busy={action.busy}
              title={STRINGS.webhooks.deleteTitle}
              description={STRINGS.webhooks.deleteBody}
              confirmLabel={STRINGS.webhooks.delete}
              testId="delete-webhook"
              onConfirm={() =>
                action.run(
                  async () => {
                    await api.deleteWebhook(projectId, id);
                    onDeleted();
                  },
                  () => STRINGS.webhooks.deleted,
                )
              }
            >
              {STRINGS.webhooks.delete}
            </ConfirmButton>
          )}
        </div>
      ) : null}
      <p role="status" className="status-line" data-testid="endpoint-status">
        {action.message ?? ''}
      </p>
      {action.error === null ? null : <ActionError error={action.error} />}
      {secret === null ? null : <SecretNotice secret={secret} onDone={() => setSecret(null)} />}
      <DeliveryLog projectId={projectId} endpointId={id} cursors={cursors} onCursors={onCursors} />
      {write && !fromFile ? (
        <form className="filters" onSubmit={saveFilters} noValidate>
          <EventFiltersField
            id={`${ids}-events`}
            value={filters}
            invalid={filtersInvalid}
            onChange={setFilters}
          />
          <div className="button-row">
            <button
              type="submit"
              className="button button-secondary"
              aria-disabled={action.busy || undefined}
            >
              {STRINGS.webhooks.editFilters}
            </button>
          </div>
        </form>
      ) : null}
      {write ? (
        <fieldset className="filters">
          <legend>{STRINGS.webhooks.replay}</legend>
          <div className="field">
            <label htmlFor={`${ids}-from`}>{STRINGS.webhooks.replayFrom}</label>
            <input
              id={`${ids}-from`}
              type="date"
              value={replayFrom}
              max={today}
              onChange={(event) => setReplayFrom(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-to`}>{STRINGS.webhooks.replayTo}</label>
            <input
              id={`${ids}-to`}
              type="date"
              value={replayTo}
              max={today}
              aria-invalid={replayInvalid ? true : undefined}
              aria-describedby={replayInvalid ? `${ids}-range-error` : undefined}
              onChange={(event) => setReplayTo(event.target.value)}
            />
            {replayInvalid ? (
              <p id={`${ids}-range-error`} className="error">
                {STRINGS.webhooks.replayBadRange}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-which`}>{STRINGS.webhooks.replayWhich}</label>
            <select
              id={`${ids}-which`}
              value={replayWhich}
              onChange={(event) => setReplayWhich(event.target.value as (typeof REPLAY_CHOICES)[number])}
            >
              {REPLAY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {STRINGS.webhooks.replayStatuses[choice]}
                </option>
              ))}
            </select>
          </div>
          <div className="button-row">
            <ConfirmButton
              tone="secondary"
              busy={action.busy}
              title={STRINGS.webhooks.replayTitle}
              description={STRINGS.webhooks.replayBody(replayFrom, replayTo)}
              confirmLabel={STRINGS.webhooks.replayButton}
              onConfirm={() => {
                const range = replayRange();
                if (!(replayFrom <= replayTo) || replayFrom === '' || replayTo === '') {
                  setReplayInvalid(true);
                  return;
                }
                setReplayInvalid(false);
                const statuses: WebhookDeliveryStatus[] =
                  replayWhich === 'all' ? ['pending', 'failed', 'succeeded', 'dead'] : [replayWhich];
                action.run(
                  () => api.replayWebhook(projectId, id, { ...range, statuses }),
                  (result) => STRINGS.webhooks.replayed((result as { queued: number }).queued),
                );
              }}
            >
              {STRINGS.webhooks.replayButton}
            </ConfirmButton>
          </div>
        </fieldset>
      ) : null}
    </section>
  );
}
