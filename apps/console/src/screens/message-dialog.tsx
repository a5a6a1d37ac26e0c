// Issue 26 item 3 (Messages): one message in a modal over the list (its id in the URL, `?message=`): where it went,
// when, its status and the provider's answer, and — while the dev outbox keeps it — its body as text (an HTML part is
// never rendered: it is the server's own template, but the console shows no markup it did not write), its links
// clickable and its codes. Bodies exist only in the outbox, which exists only outside production (infra/delivery:
// production refuses to store one), so links and codes are shown in development only by construction; a viewer
// gets them masked by the server (admin-masking.ts).
import { useState } from 'react';
import type { OutboxMessage } from '../admin-types';
import { DetailDialog } from '../components/detail-dialog';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';

/** Only an http(s) address becomes a link (a masked value, or anything else, stays text). */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The status as a badge; a failed send's badge says so in words, not colour only. */
export function MessageStatusBadge({ status }: { status: OutboxMessage['status'] }) {
  const tone = status === 'failed' ? 'badge-danger' : status === 'sent' ? 'badge-success' : 'badge-muted';
  return (
    <span className={`badge ${tone}`} data-testid="message-status">
      {STRINGS.messages.statuses[status] ?? status}
    </span>
  );
}

export function MessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose(): void }) {
  const fields = STRINGS.messages.fields;
  return (
    <DetailDialog
      title={message === null ? STRINGS.messages.view : STRINGS.messages.detailOf(message.to)}
      closeLabel={STRINGS.messages.close}
      testId="message-dialog"
      onClose={onClose}
    >
      {message === null ? (
        <p role="alert">{STRINGS.messages.notInList}</p>
      ) : (
        <dl className="facts">
          <dt>{fields.channel}</dt>
          <dd>{STRINGS.messages.channels[message.channel] ?? message.channel}</dd>
          <dt>{fields.to}</dt>
          <dd className="mono">{message.to}</dd>
          <dt>{fields.time}</dt>
          <dd>
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </dd>
          <dt>{fields.status}</dt>
          <dd>
            <MessageStatusBadge status={message.status} />{' '}
            {message.status === 'outbox'
              ? STRINGS.messages.statusOutbox
              : message.status === 'sent'
                ? STRINGS.messages.statusSent
                : STRINGS.messages.statusFailed}
          </dd>
          <dt>{fields.provider}</dt>
          <dd>{STRINGS.messages.providers[message.provider] ?? message.provider}</dd>
          {message.provider_answer === null ? null : (
            <>
              <dt>{fields.answer}</dt>
              <dd className="mono small break" data-testid="message-provider-answer">
                {message.provider_answer}
              </dd>
            </>
          )}
          {message.provider_message_id === null ? null : (
            <>
              <dt>{fields.providerId}</dt>
              <dd className="mono small break">{message.provider_message_id}</dd>
            </>
          )}
          {message.subject === null ? null : (
            <>
              <dt>{fields.subject}</dt>
              <dd>{message.subject}</dd>
            </>
          )}
          {message.text === null ? (
            <>
              <dt>{fields.body}</dt>
              <dd className="muted">{STRINGS.messages.bodyNotKept}</dd>
            </>
          ) : (
            <OutboxContents message={message} text={message.text} />
          )}
          <dt>{fields.id}</dt>
          <dd className="mono small">{message.id}</dd>
        </dl>
      )}
    </DetailDialog>
  );
}

/** What the dev outbox keeps of a message: its links, codes and body. */
function OutboxContents({ message, text }: { message: OutboxMessage; text: string }) {
  const fields = STRINGS.messages.fields;
  return (
    <>
      <dt>{fields.links}</dt>
      <dd>
        {message.links.length === 0 ? (
          STRINGS.messages.noLinks
        ) : (
          <ul className="plain-list">
            {message.links.map((link) => (
              <li key={link} className="mono small break">
                {isWebAddress(link) ? (
                  <a href={link} target="_blank" rel="noopener noreferrer">
                    {link}
                  </a>
                ) : (
                  link
                )}
              </li>
            ))}
          </ul>
        )}
      </dd>
      {message.codes.length === 0 ? null : (
        <>
          <dt>{fields.codes}</dt>
          <dd>
            {message.codes.map((code) => (
              <CopyCode key={code} code={code} />
            ))}
          </dd>
        </>
      )}
      <dt>{fields.body}</dt>
      <dd>
        <pre className="payload message-body">{text}</pre>
      </dd>
    </>
  );
}

/**
 * "links and codes clickable": a code is a button that copies it (a masked code is not, there is nothing to copy),
 * and says whether the copy worked.
 */
function CopyCode({ code }: { code: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  if (!/^\d+$/.test(code)) {
    return (
      <code className="message-code" data-testid="message-code">
        {code}
      </code>
    );
  }
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <span className="message-code-copy">
      <button
        type="button"
        className="button button-secondary button-small mono"
        aria-label={STRINGS.messages.copyCode(code)}
        data-testid="message-code"
        onClick={() => void onCopy()}
      >
        {code}
      </button>
      <span role="status" className="status-line">
        {copy === 'copied'
          ? STRINGS.messages.codeCopied
          : copy === 'failed'
            ? STRINGS.messages.codeCopyFailed
            : ''}
      </span>
    </span>
  );
}
