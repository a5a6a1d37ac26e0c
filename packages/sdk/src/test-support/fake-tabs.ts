// Test doubles for the two browser APIs that link tabs (issue 23 item 5), shared by several test clients that play
// the tabs of one browser: Web Locks (exclusive, granted in request order, asynchronously, held until the
// callback's promise settles) and BroadcastChannel (a message reaches every other open channel of the same name,
// never the sender, asynchronously, as a structured clone). Cookies and localStorage are shared by passing the same
// jar and storage to each client.
import type { BrowserDependencies } from '../browser';

type Locks = NonNullable<BrowserDependencies['locks']>;
type OpenChannel = NonNullable<BrowserDependencies['channel']>;

interface Waiter {
  callback: () => Promise<void> | undefined;
  done: (value: unknown) => void;
}

export function createFakeTabs() {
  const holders = new Map<string, Waiter>();
  const queues = new Map<string, Waiter[]>();
  const channels = new Map<string, Set<(data: unknown) => void>>();
  /** Every message posted, in order (name and the clone the others received). */
  const posted: { name: string; data: unknown }[] = [];

  const grantNext = (name: string) => {
    const next = queues.get(name)?.shift();
    if (!next) {
      holders.delete(name);
      return;
    }
    holders.set(name, next);
    // The browser calls the callback in a later task, never inside request().
    void Promise.resolve()
      .then(() => next.callback())
      .then(next.done, next.done)
      .finally(() => grantNext(name));
  };

  const locks: Locks = {
    request(name, callback) {
      return new Promise((done) => {
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        queue.push({ callback, done });
        if (!holders.has(name)) grantNext(name);
      });
    },
  };

  const channel: OpenChannel = (name, onMessage) => {
    const members = channels.get(name) ?? new Set();
    channels.set(name, members);
    members.add(onMessage);
    return {
      postMessage(message) {
        if (!members.has(onMessage)) throw new Error('InvalidStateError: the channel is closed');
        const data = structuredClone(message);
        posted.push({ name, data });
        for (const member of [...members]) {
          if (member !== onMessage) void Promise.resolve().then(() => members.has(member) && member(data));
        }
      },
      close: () => void members.delete(onMessage),
    };
  };

  /** Delivers `data` to every open channel of `name`, as a page that is not an SDK could. */
  const deliver = (name: string, data: unknown) => {
    for (const member of [...(channels.get(name) ?? [])]) member(data);
  };

  /** Who holds the lock `name` now, as the callback that was granted (undefined: nobody). */
  const holder = (name: string) => holders.get(name);

  return { locks, channel, posted, deliver, holder };
}
