// SPEC §2 "The widget must run only in a browser"; SPEC §8 server-side use throws an error telling the developer
// to call it only in the browser.

export function isBrowser(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof document !== 'undefined' &&
    typeof document.createElement === 'function'
  );
}

export function assertBrowser(what: string): void {
  if (!isBrowser()) {
    throw new Error(
      `${what} can only be used in a browser: the Gatehouse widget needs window and document. ` +
        'Render it on the client only (for example inside useEffect or a client-only component).',
    );
  }
}
