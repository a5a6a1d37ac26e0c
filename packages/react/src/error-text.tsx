// SPEC §5 / §8: error text with help links rendered as text nodes and <a> elements. Never HTML from the server.
// Shown only with an error (the banner, a toast, the "Confirm it's you" step), so it loads with them, not with every
// page (banner.tsx).
import { type DisplayError, safeHelpUrl } from './errors';

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

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** SPEC §5: error text that contains help links is made clickable. Splits text into plain parts and links. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const candidate = raw.replace(TRAILING_PUNCTUATION, '');
    const href = safeHelpUrl(candidate);
    // Not an allowed help link: it stays part of the surrounding text.
    if (href === null) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
