// Issue 26 item 3 (Messages): "every e-mail, SMS and WhatsApp message with status and provider answer (the dev
// outbox inline in development, links and codes clickable), resend". The admin API lists the message log: each send
// with its status (sent, failed, kept in the dev outbox) and what the SMTP server or SMS provider answered; bodies
// are never logged, and in development the outbox's copy is shown while it is kept. Recipient, channel and status
// filters and the open message are in the URL. Resend never sends the stored body again (its link is single use,
// maybe used, and superseded by any newer one): it asks the server for a fresh login link to the same address
// (messages-routes.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { OutboxMessage } from '../admin-types';
import { ActionError } from '../components/action-error';
import { ConfirmButton } from '../components/confirm-dialog';
import { RequireScope, useProjectId } from '../components/require-scope';
import { EmptyState, ErrorState, LoadingState, Page } from '../components/states';
import { useOperator, useServices } from '../console-context';
import { formatDateTime } from '../format';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, type MessagesSearch } from '../messages-search';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';
import { MessageDialog, MessageStatusBadge } from './message-dialog';

const route = getRouteApi('/signed-in/messages');
/** The newest messages the list shows (the outbox is purged after a day; the route answers at most 500). */
const LIST_SIZE = 100;

export function MessagesScreen() {
  useDocumentTitle(STRINGS.messages.title);
  return (
    <RequireScope scope="messages:read" title={STRINGS.messages.heading}>
      <MessagesList />
    </RequireScope>
  );
}

function MessagesList() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { api } = useServices();
  const projectId = useProjectId();
  const query = { to: search.to, channel: search.channel, status: search.status, limit: LIST_SIZE };
  const messages = useQuery({
    queryKey: ['messages', projectId, query],
    queryFn: () => api.messages(projectId, query),
    placeholderData: keepPreviousData,
  });
  const resend = useResend(projectId);
  const open = search.message;

  return (
    <Page
      title={STRINGS.messages.heading}
      busy={messages.isFetching}
      actions={
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void messages.refetch()}
        >
          {STRINGS.messages.refresh}
        </button>
      }
    >
      <p className="muted">{STRINGS.messages.intro}</p>
      <MessageFilters
        search={search}
        onApply={(next) => void navigate({ search: next })}
        onClear={() => void navigate({ search: {} })}
      />
      {messages.isPending ? (
        <LoadingState />
      ) : messages.isError ? (
        <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.items.length === 0 ? (
        <EmptyState title={STRINGS.messages.empty} hint={STRINGS.messages.emptyHint} />
      ) : (
        <MessagesTable
          messages={messages.data.items}
          resend={resend}
          onView={(id) => void navigate({ search: (previous) => ({ ...previous, message: id }) })}
        />
      )}
      <p role="status" className="status-line" data-testid="action-status">
        {resend.message ?? ''}
      </p>
      {resend.error === null ? null : <ActionError error={resend.error} />}
      {open === undefined || messages.data === undefined ? null : (
        <MessageDialog
          message={messages.data.items.find((each) => each.id === open) ?? null}
          onClose={() =>
            void navigate({ search: ({ message: _closed, ...previous }: MessagesSearch) => previous })
          }
        />
      )}
    </Page>
  );
}

type Resend = ReturnType<typeof useResend>;

function useResend(projectId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (messageId: string) => api.resendMessage(projectId, messageId),
    onMutate: () => setMessage(null),
    onSuccess: async (result) => {
      setMessage(STRINGS.messages.resent(result.email));
      await queryClient.invalidateQueries({ queryKey: ['messages', projectId] });
    },
  });
  return { run: mutation.mutate, busy: mutation.isPending, message, error: mutation.error };
}

function MessageFilters({
  search,
  onApply,
  onClear,
}: {
  search: MessagesSearch;
  onApply(search: MessagesSearch): void;
  onClear(): void;
}) {
  const ids = useId();
  const [to, setTo] = useState(search.to ?? '');
  const [channel, setChannel] = useState<string>(search.channel ?? '');
  const [status, setStatus] = useState<string>(search.status ?? '');
  // Back/Forward (or a link) changes the URL: the fields follow it.
  useEffect(() => {
    setTo(search.to ?? '');
    setChannel(search.channel ?? '');
    setStatus(search.status ?? '');
  }, [search.to, search.channel, search.status]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: MessagesSearch = {};
    if (to.trim() !== '') next.to = to.trim();
    if (channel !== '') next.channel = channel as MessagesSearch['channel'];
    if (status !== '') next.status = status as MessagesSearch['status'];
    onApply(next);
  };
  const filtered = search.to !== undefined || search.channel !== undefined || search.status !== undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 (and to happy-dom); the role is the same landmark.
    <form className="filters" role="search" aria-label={STRINGS.messages.filters} onSubmit={submit}>
      <div className="field field-grow">
        <label htmlFor={`${ids}-to`}>{STRINGS.messages.recipient}</label>
        <input
          id={`${ids}-to`}
          type="search"
          value={to}
          maxLength={320}
          aria-describedby={`${ids}-to-hint`}
          onChange={(event) => setTo(event.target.value)}
        />
        <p id={`${ids}-to-hint`} className="hint">
          {STRINGS.messages.recipientHint}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-channel`}>{STRINGS.messages.channel}</label>
        <select id={`${ids}-channel`} value={channel} onChange={(event) => setChannel(event.target.value)}>
          <option value="">{STRINGS.messages.channelAny}</option>
          {MESSAGE_CHANNELS.map((each) => (
            <option key={each} value={each}>
              {STRINGS.messages.channels[each]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-status`}>{STRINGS.messages.status}</label>
        <select id={`${ids}-status`} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">{STRINGS.messages.statusAny}</option>
          {MESSAGE_STATUSES.map((each) => (
            <option key={each} value={each}>
              {STRINGS.messages.statuses[each]}
            </option>
          ))}
        </select>
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {STRINGS.messages.apply}
        </button>
        {filtered ? (
          <button type="button" className="button button-secondary" onClick={onClear}>
            {STRINGS.messages.clear}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The subject of an e-mail; a text message's first line while the outbox keeps it. */
function headline(message: OutboxMessage): string {
  if (message.subject !== null && message.subject !== '') return message.subject;
  if (message.text === null)
    return message.channel === 'email' ? STRINGS.messages.noSubject : STRINGS.messages.textMessage;
  const first = message.text.split('\n').find((line) => line.trim() !== '');
  return first === undefined ? STRINGS.messages.noSubject : first.slice(0, 120);
}

function MessagesTable({
  messages,
  resend,
  onView,
}: {
  messages: OutboxMessage[];
  resend: Resend;
  onView(id: string): void;
}) {
  const { can } = useOperator();
  const resending = can('users:support');
  return (
    <div className="table-scroll">
      <table className="table" data-testid="messages-table">
        <caption className="visually-hidden">{STRINGS.messages.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{STRINGS.messages.columns.time}</th>
            <th scope="col">{STRINGS.messages.columns.channel}</th>
            <th scope="col">{STRINGS.messages.columns.to}</th>
            <th scope="col">{STRINGS.messages.columns.subject}</th>
            <th scope="col">{STRINGS.messages.columns.status}</th>
            <th scope="col">{STRINGS.messages.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => {
            const time = formatDateTime(message.created_at);
            return (
              <tr key={message.id}>
                <td>
                  <time dateTime={message.created_at}>{time}</time>
                </td>
                <td>{STRINGS.messages.channels[message.channel] ?? message.channel}</td>
                <th scope="row" className="mono">
                  {message.to}
                </th>
                <td>{headline(message)}</td>
                <td>
                  <MessageStatusBadge status={message.status} />
                </td>
                <td>
                  <div className="button-row">
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={STRINGS.messages.viewLabel(message.to, time)}
                      onClick={() => onView(message.id)}
                    >
                      {STRINGS.messages.view}
                    </button>
                    {resending && message.channel === 'email' ? (
                      <ConfirmButton
                        tone="secondary"
                        busy={resend.busy}
                        ariaLabel={STRINGS.messages.resendLabel(message.to)}
                        title={STRINGS.messages.resendTitle}
                        description={STRINGS.messages.resendBody(message.to)}
                        confirmLabel={STRINGS.messages.resend}
                        onConfirm={() => resend.run(message.id)}
                      >
                        {STRINGS.messages.resend}
                      </ConfirmButton>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
