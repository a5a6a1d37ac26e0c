// What a failure shows — the error texts, the banner's and the help links' code — is one lazy chunk
// (./error-strings.ts), not part of every page's first load (issue 23 item 4). The code of the first load starts
// loading it with a call whose failure it may show, waits for it before showing one, and draws the banner from it
// (banner.tsx). A chunk that hangs (a stalled connection) must not keep a failure from showing: after
// ERROR_CHUNK_WAIT_MS it shows without it (plain text, the fallback message), and the next failure asks again.
import type { ErrorTexts } from './error-strings';
import { resolveStringTable, type StringOverrides } from './strings';

type ErrorChunk = typeof import('./error-strings');

/** How long a failure waits for the chunk before it shows without it. */
export const ERROR_CHUNK_WAIT_MS = 3000;

let loaded: ErrorChunk | null = null;
let pending: Promise<ErrorChunk | null> | null = null;

/** The chunk, once it has arrived on this page. */
export function loadedErrorChunk(): ErrorChunk | null {
  return loaded;
}

/**
 * Loads the chunk once per page. Null when it could not be loaded (asked for again next time) or has not arrived
 * after ERROR_CHUNK_WAIT_MS: then every caller gets null at once until it arrives, so a failure waits only once.
 */
export function loadErrorChunk(): Promise<ErrorChunk | null> {
  if (loaded !== null) return Promise.resolve(loaded);
  if (pending === null) {
    const arrival = import('./error-strings').then(
      (module) => {
        loaded = module;
        return module;
      },
      () => null,
    );
    pending = new Promise<ErrorChunk | null>((resolve) => {
      const timer = setTimeout(resolve, ERROR_CHUNK_WAIT_MS, null);
      arrival.then((module) => {
        clearTimeout(timer);
        resolve(module);
      });
    });
    arrival.then((module) => {
      if (module === null) pending = null;
    });
  }
  return pending;
}

/**
 * The error texts, each resolved against `overrides` as the widget resolves its strings (later ones win per key);
 * null without the chunk (describeError then shows the fallback for those types).
 */
export function loadErrorStrings(overrides: readonly StringOverrides[]): Promise<ErrorTexts | null> {
  return loadErrorChunk().then((module) =>
    module === null ? null : resolveStringTable(module.ERROR_STRINGS, overrides),
  );
}
