// SPEC §8 "Server errors show error_message, otherwise the plain message." The SDK's APIError carries
// error_message and error_url (wire-format.md §3.2); anything else shows its message.
import { APIError } from '@gatehouse/sdk';

export interface DisplayError {
  message: string;
  /** A help link to show beside the message (the API error's error_url), or null. */
  helpUrl: string | null;
}

function stringField(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.length > 0 ? field : null;
}

export function describeError(error: unknown, fallback: string): DisplayError {
  if (error instanceof APIError) {
    return { message: error.error_message || fallback, helpUrl: safeHelpUrl(error.error_url || null) };
  }
  // Also duck-typed: APIError instances from any copy of the SDK (or a wrapped error) qualify.
  const errorMessage = stringField(error, 'error_message');
  if (errorMessage !== null) {
    return { message: errorMessage, helpUrl: safeHelpUrl(stringField(error, 'error_url')) };
  }
  const message = stringField(error, 'message');
  if (message !== null) return { message, helpUrl: null };
  if (typeof error === 'string' && error.length > 0) return { message: error, helpUrl: null };
  return { message: fallback, helpUrl: null };
}

/**
 * security-tests.md XS-02: a help link becomes clickable only when it is https on an allowlisted host (the
 * Gatehouse documentation, where the server's error_url points) or on the page's own origin. Anything else
 * (javascript:, data:, protocol-relative, other hosts) stays plain text.
 */
export const HELP_LINK_HOSTS: readonly string[] = ['gatehouse.dev'];

export function safeHelpUrl(value: string | null): string | null {
  if (value === null || value !== value.trim()) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  const host = url.hostname.toLowerCase();
  const allowlisted = url.protocol === 'https:' && HELP_LINK_HOSTS.some((allowed) => host === allowed);
  const sameOrigin =
    typeof window !== 'undefined' &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.origin === window.location.origin;
  return allowlisted || sameOrigin ? url.href : null;
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
