// Issue 23 item 5: one refreshing tab per browser. The tab holding a Web Lock named after the project's state key
// is the only one whose timer refreshes the session; a BroadcastChannel of the same name carries every state
// change (refresh, sign-in, sign-out) to the other tabs at once. When the leader closes, the browser grants the
// lock to the next tab's pending request, which takes over the timer.
//
// Fallbacks: without Web Locks (old browsers, non-secure contexts other than localhost) every tab refreshes, as
// before issue 23. Without a BroadcastChannel there is no election either (no browser ships Web Locks without it,
// and a non-leader could not ask the leader for the state on load), and the `storage` event carries the state
// between tabs (wire-format.md §5.4). Both come in through BrowserDependencies, so tests inject fakes.
import type { BrowserDependencies } from './browser';

/** What tabs say to each other: a state change (state or null = signed out), or a new tab asking for the state. */
export type TabMessage = { type: 'state'; state: unknown } | { type: 'ask' };

export interface TabLink {
  /** True while this tab refreshes the session: it holds the lock, or there is no election. */
  leads: boolean;
  /** True when a BroadcastChannel links the tabs (otherwise the storage event does). */
  linked: boolean;
  /** Sends a message to the other tabs of this project (nothing without a channel or once closed). */
  post(message: TabMessage): void;
  /** Leaves: closes the channel and lets the next tab take the lock. */
  close(): void;
}

export function linkTabs(options: {
  /** Project-scoped: the lock and the channel are named after the state key (wire-format.md §5.2). */
  name: string;
  dependencies: BrowserDependencies;
  /** A message from another tab; the caller checks its contents (anything may arrive on a channel). */
  onMessage(message: Partial<TabMessage>): void;
  /** Called once, when this tab became the leader (never called without an election). */
  onLead(): void;
}): TabLink {
  const { name, dependencies, onMessage, onLead } = options;
  const { locks } = dependencies;
  let channel = dependencies.channel?.(name, (data) => {
    if (typeof data === 'object' && data !== null) onMessage(data);
  });
  let release: (() => void) | undefined;
  let closed = false;
  const link: TabLink = {
    leads: !(locks && channel),
    linked: channel !== undefined,
    post: (message) => channel?.postMessage(message),
    close() {
      closed = true;
      release?.();
      channel?.close();
      channel = undefined;
    },
  };
  if (!link.leads) {
    // The lock is held until `release` runs (dispose or the page going away); a request still waiting when the
    // client is disposed gives the lock back as soon as it is granted.
    locks
      ?.request(name, () => {
        if (closed) return;
        link.leads = true;
        onLead();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch(() => {});
  }
  return link;
}
