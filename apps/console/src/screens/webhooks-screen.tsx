// Issue 26 item 3 (Webhooks): "endpoints, event filters, secret rotation, delivery log, retry, replay, test". The
// list of the project's endpoints and, for a role that can write, a form that adds one (its signing secret shown
// once, as the API answers it once); the endpoint chosen (`?endpoint=` in the URL) opens below the list with its
// settings, actions and delivery log (webhook-endpoint.tsx, webhook-deliveries.tsx), before the form.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import type { WebhookEndpoint } from '../admin-types';
import { ActionError } from '../components/action-error';
import { RequireScope, useProjectId } from '../components/require-scope';
import { EmptyState, ErrorState, LoadingState, Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { EndpointPanel, endpointStatus, filtersOf, SecretNotice } from './webhook-endpoint';
import { EventFiltersField } from './webhook-event-filters';

const route = getRouteApi('/signed-in/webhooks');

export function WebhooksScreen() {
  useDocumentTitle(STRINGS.webhooks.title);
  return (
    <RequireScope scope="webhooks:read" title={STRINGS.webhooks.heading}>
      <Webhooks />
    </RequireScope>
  );
}

function Webhooks() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { api } = useServices();
  const { can } = useOperator();
  const projectId = useProjectId();
  const endpoints = useQuery({
    queryKey: ['webhooks', projectId],
    queryFn: () => api.webhooks(projectId),
  });
  const open = (endpointId: string | undefined) =>
    void navigate({ search: endpointId === undefined ? {} : { endpoint: endpointId } });
  const chosen = endpoints.data?.items.find((each) => each.id === search.endpoint);

  return (
    <Page title={STRINGS.webhooks.heading} busy={endpoints.isFetching}>
      <section className="panel" aria-labelledby="webhook-endpoints-heading">
        <h2 id="webhook-endpoints-heading">{STRINGS.webhooks.endpoints}</h2>
        {endpoints.isPending ? (
          <LoadingState />
        ) : endpoints.isError ? (
          <ErrorState error={endpoints.error} onRetry={() => void endpoints.refetch()} />
        ) : endpoints.data.items.length === 0 ? (
          <EmptyState title={STRINGS.webhooks.empty} hint={STRINGS.webhooks.emptyHint} />
        ) : (
          <EndpointsTable endpoints={endpoints.data.items} chosen={search.endpoint} onOpen={open} />
        )}
      </section>
      {search.endpoint === undefined || endpoints.data === undefined ? null : chosen === undefined ? (
        <p role="alert" className="notice notice-error">
          {STRINGS.webhooks.notFound}
        </p>
      ) : (
        <EndpointPanel
          key={chosen.id}
          projectId={projectId}
          endpoint={chosen}
          cursors={search.cursors ?? []}
          onCursors={(cursors) =>
            void navigate({
              search: (previous) => ({ ...previous, cursors: cursors.length ? cursors : undefined }),
            })
          }
          onDeleted={() => open(undefined)}
        />
      )}
      {can('webhooks:write') ? <CreateEndpoint projectId={projectId} onCreated={open} /> : null}
    </Page>
  );
}

function EndpointsTable({
  endpoints,
  chosen,
  onOpen,
}: {
  endpoints: WebhookEndpoint[];
  chosen: string | undefined;
  onOpen(endpointId: string): void;
}) {
  return (
    <div className="table-scroll">
      <table className="table" data-testid="webhooks-table">
        <caption className="visually-hidden">{STRINGS.webhooks.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{STRINGS.webhooks.columns.url}</th>
            <th scope="col">{STRINGS.webhooks.columns.events}</th>
            <th scope="col">{STRINGS.webhooks.columns.status}</th>
            <th scope="col">{STRINGS.webhooks.columns.source}</th>
            <th scope="col">{STRINGS.webhooks.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => {
            const status = endpointStatus(endpoint);
            return (
              <tr key={endpoint.id} aria-current={endpoint.id === chosen ? 'true' : undefined}>
                <th scope="row" className="mono break">
                  {endpoint.url}
                </th>
                <td className="mono">{endpoint.events.join(', ')}</td>
                <td>
                  <span className={`badge badge-${status.tone}`}>{status.text}</span>
                </td>
                <td>{STRINGS.webhooks.sources[endpoint.source] ?? endpoint.source}</td>
                <td>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={STRINGS.webhooks.openLabel(endpoint.url)}
                    onClick={() => onOpen(endpoint.id)}
                  >
                    {STRINGS.webhooks.open}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CreateEndpoint({
  projectId,
  onCreated,
}: {
  projectId: string;
  onCreated(endpointId: string): void;
}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const ids = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState('*');
  const [invalid, setInvalid] = useState<'url' | 'events' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (body: { url: string; events: string[] }) => api.createWebhook(projectId, body),
    onMutate: () => setSecret(null),
    onSuccess: async (result) => {
      setSecret(result.secret);
      setUrl('');
      setEvents('*');
      await queryClient.invalidateQueries({ queryKey: ['webhooks', projectId] });
      onCreated(result.endpoint.id);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const filters = filtersOf(events);
    if (url.trim() === '') return setInvalid('url');
    if (filters.length === 0) return setInvalid('events');
    setInvalid(null);
    create.mutate({ url: url.trim(), events: filters });
  };
  return (
    <section className="panel" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{STRINGS.webhooks.add}</h2>
      <form className="filters" onSubmit={submit} noValidate>
        <div className="field field-grow">
          <label htmlFor={`${ids}-url`}>{STRINGS.webhooks.url}</label>
          <input
            id={`${ids}-url`}
            type="url"
            value={url}
            maxLength={2048}
            aria-invalid={invalid === 'url' ? true : undefined}
            aria-describedby={`${ids}-url-hint${invalid === 'url' ? ` ${ids}-url-error` : ''}`}
            onChange={(event) => setUrl(event.target.value)}
          />
          <p id={`${ids}-url-hint`} className="hint">
            {STRINGS.webhooks.urlHint}
          </p>
          {invalid === 'url' ? (
            <p id={`${ids}-url-error`} className="error">
              {STRINGS.webhooks.urlRequired}
            </p>
          ) : null}
        </div>
        <EventFiltersField
          id={`${ids}-events`}
          value={events}
          invalid={invalid === 'events'}
          onChange={setEvents}
        />
        <div className="button-row">
          <button
            type="submit"
            className="button button-primary"
            aria-disabled={create.isPending || undefined}
          >
            {STRINGS.webhooks.create}
          </button>
        </div>
      </form>
      {create.error === null ? null : <ActionError error={create.error} />}
      {secret === null ? null : <SecretNotice secret={secret} onDone={() => setSecret(null)} />}
    </section>
  );
}
