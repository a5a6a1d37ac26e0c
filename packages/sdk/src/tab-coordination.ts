// Issue 23 item 5: one refreshing tab per browser. The tab holding a Web Lock named after the project's state key
// is the only one whose timer refreshes the session; a BroadcastChannel of the same name carries every state
// change (refresh, sign-in, sign-out) to the other tabs at once. When the leader closes, the browser grants the
// lock to the next tab's pending request, which takes over the timer.
//
// Fallbacks: without Web Locks (old browsers, non-secure contexts other than localhost) every tab refreshes, as
// before issue 23; without a BroadcastChannel the `storage` event carries the state between tabs (wire-format.md
// §5.4). Both come in through BrowserDependencies, so tests inject fakes.
import type { BrowserDependencies } from './browser';

/** What tabs say to each other: a state change (the state, or null = signed out); the one message there is. */
export interface TabMessage {
  state: unknown;
}

export interface TabLink {
  /** True while this tab refreshes the session: it holds the lock, or there is no election. */
  leads: boolean;
  /** Sends a message to the other tabs of this project (nothing without a channel or once closed). */
  post(message: TabMessage): void;
  /** Leaves: closes the channel and lets the next tab take the lock. */
  close(): void;
}

/**
 * Joins the tabs of the project whose lock and channel are called `name` (project-scoped: the state key,
 * wire-format.md §5.2). `onMessage` gets whatever another tab posted: anything may arrive on a channel, so the
 * caller checks it. `onLead` runs once, when this tab became the leader (never without an election). Positional
 * parameters: this module is in the headless SDK's first load (≤ 8 KiB gzip).
 */
export function linkTabs(
  name: string,
  dependencies: BrowserDependencies,
  onMessage: (data: unknown) => void,
  onLead: () => void,
): TabLink {
  const { locks } = dependencies;
  let channel = dependencies.channel?.(name, onMessage);
  let release: (() => void) | undefined;
  let closed = false;
  const link: TabLink = {
    leads: !locks,
    post: (message) => channel?.postMessage(message),
    close() {
      closed = true;
      release?.();
      channel?.close();
      channel = undefined;
    },
  };
  const lead = () => {
    if (closed) return;
    link.leads = true;
    onLead();
  };
  if (!link.leads) {
    // The lock is held until `release` runs (dispose or the page going away); a request still waiting when the
    // client is disposed gives the lock back as soon as it is granted. A request the browser refuses (a sandboxed
    // frame of an opaque origin) leaves this tab to refresh by itself, as without Web Locks.
    locks
      ?.request(name, () => {
        if (closed) return;
        lead();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(lead);
  }
  return link;
}
