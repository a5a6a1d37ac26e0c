// SPEC §5 / §8: error text with help links rendered as text nodes and <a> elements. Never HTML from the server.
import { type DisplayError, splitLinks } from './errors';

export interface ErrorTextProps {
  error: DisplayError;
  helpLinkText: string;
}

export function ErrorText({ error, helpLinkText }: ErrorTextProps) {
  const parts = splitLinks(error.message);
  const urlAlreadyShown = parts.some((part) => part.kind === 'link' && part.href === error.helpUrl);
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are derived from one string and never reorder.
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{part.text}</span>
        ),
      )}
      {error.helpUrl !== null && !urlAlreadyShown ? (
        <>
          {' '}
          <a href={error.helpUrl} target="_blank" rel="noopener noreferrer">
            {helpLinkText}
          </a>
        </>
      ) : null}
    </>
  );
}
