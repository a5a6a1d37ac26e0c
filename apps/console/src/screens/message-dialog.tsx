// Issue 26 item 3 (Messages): one message in a modal over the list (its id in the URL, `?message=`): where it went,
// when, its body as text (an HTML part is never rendered: it is the server's own template, but the console shows no
// markup it did not write), its links clickable and its codes. The list holds only outbox messages, which exist
// only outside production (infra/delivery: production refuses to store one), so links and codes are shown in
// development only by construction; a viewer gets them masked by the server (admin-masking.ts).
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
          <dd>{STRINGS.messages.statusOutbox}</dd>
          {message.subject === null ? null : (
            <>
              <dt>{fields.subject}</dt>
              <dd>{message.subject}</dd>
            </>
          )}
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
                  <code key={code} className="message-code" data-testid="message-code">
                    {code}
                  </code>
                ))}
              </dd>
            </>
          )}
          <dt>{fields.body}</dt>
          <dd>
            <pre className="payload message-body">{message.text}</pre>
          </dd>
          <dt>{fields.id}</dt>
          <dd className="mono small">{message.id}</dd>
        </dl>
      )}
    </DetailDialog>
  );
}
