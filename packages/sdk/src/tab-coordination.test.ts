// Issue 23 item 5: one refreshing tab per browser. Each test client plays a tab of one browser: the clients share a
// cookie jar and localStorage, and Web Locks and BroadcastChannel come from fake-tabs.ts (shared by the tabs).
import type { Session } from '@gatehouse/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserDependencies } from './browser';
import { createFakeTabs } from './test-support/fake-tabs';
import {
  authenticated,
  createFakeCookieJar,
  createMemoryStorage,
  createTestClient,
  makeSession,
  makeUser,
  type RecordedRequest,
  STATE_KEY,
} from './test-support/fakes';

const INTERVAL = 180_000; // SPEC §9 session refresh interval
const CACHED = { user: makeUser(), session: makeSession() };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2029-06-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * A browser already signed in (session cookies, the cached state) whose tabs open with `open()`. Every refresh
 * answers a session whose `expires_at` says which refresh it was, so a tab's state shows which answer reached it.
 */
function signedInBrowser(options: { locks?: boolean; channel?: boolean; answerAfterMs?: number } = {}) {
  const jar = createFakeCookieJar({
    gatehouse_session: 'session-token-1',
    gatehouse_session_jwt: 'session-jwt-1',
  });
  const storage = createMemoryStorage();
  storage.setItem(STATE_KEY, JSON.stringify(CACHED));
  const fakes = createFakeTabs();
  let refreshes = 0;
  const requests: { tab: number; request: RecordedRequest }[] = [];
  const tabs: ReturnType<typeof createTestClient>[] = [];
  const sessionOf = (n: number): Session =>
    makeSession({ expires_at: new Date(Date.UTC(2029, 6, 1, 0, n)).toISOString() });

  const open = (dependencies: Partial<BrowserDependencies> = {}) => {
    const index = tabs.length;
    const tab = createTestClient({
      routes: {
        'POST /sessions/authenticate': async (request) => {
          requests.push({ tab: index, request });
          refreshes += 1;
          const session = sessionOf(refreshes);
          if (options.answerAfterMs)
            await new Promise((resolve) => setTimeout(resolve, options.answerAfterMs));
          return authenticated({ session });
        },
      },
      dependencies: {
        cookies: jar,
        storage,
        locks: options.locks === false ? undefined : fakes.locks,
        channel: options.channel === false ? undefined : fakes.channel,
        ...dependencies,
      },
    });
    tabs.push(tab);
    return tab;
  };
  /** Which tabs sent POST /sessions/authenticate since the last call. */
  const refreshedBy = () => requests.splice(0).map((entry) => entry.tab);
  /** The session of the newest refresh answer. */
  const latest = () => sessionOf(refreshes);
  return { jar, storage, fakes, tabs, open, refreshedBy, sessionOf, latest };
}

describe('one refreshing tab (Web Locks and BroadcastChannel)', () => {
  it('each tab confirms once on load, then the first tab alone refreshes, once per interval', async () => {
    const browser = signedInBrowser();
    const [first, second, third] = [browser.open(), browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy().sort()).toEqual([0, 1, 2]);
    // Confirmed (which of the three answers a tab holds last depends on the order they arrived in).
    for (const tab of [first, second, third]) expect(tab.client.session.getInfo().fromCache).toBe(false);
    for (let interval = 4; interval <= 6; interval += 1) {
      await vi.advanceTimersByTimeAsync(INTERVAL);
      expect(browser.refreshedBy()).toEqual([0]);
      // The leader's new state reached the other tabs at once.
      for (const tab of [first, second, third])
        expect(tab.client.session.getSync()).toEqual(browser.sessionOf(interval));
    }
    for (const tab of browser.tabs) tab.client.dispose();
  });

  it('a tab opened later confirms once; the leader counts its interval from that confirmation', async () => {
    const browser = signedInBrowser();
    const first = browser.open();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(browser.refreshedBy()).toEqual([0]);
    const second = browser.open();
    // The cache the leader wrote, served at once, then confirmed by the new tab's own request.
    expect(second.client.session.getInfo()).toEqual({ session: browser.sessionOf(1), fromCache: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy()).toEqual([1]);
    for (const tab of [first, second]) {
      expect(tab.client.session.getInfo()).toEqual({ session: browser.sessionOf(2), fromCache: false });
    }
    // The leader's timer restarted when the new tab's state arrived: nothing at 180 s, one refresh at 240 s.
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(browser.refreshedBy()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.refreshedBy()).toEqual([0]);
    first.client.dispose();
    second.client.dispose();
  });

  it('when the leader closes, the next tab takes over at the same cadence', async () => {
    const browser = signedInBrowser();
    const [first, second, third] = [browser.open(), browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy().sort()).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(100_000);
    first.client.dispose();
    await vi.advanceTimersByTimeAsync(INTERVAL - 100_000 - 1);
    expect(browser.refreshedBy()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    // One interval after the last refresh this tab saw, from the tab that asked for the lock next.
    expect(browser.refreshedBy()).toEqual([1]);
    expect(third.client.session.getSync()).toEqual(browser.latest());
    second.client.dispose();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(browser.refreshedBy()).toEqual([2]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(browser.refreshedBy()).toEqual([2]);
    third.client.dispose();
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(browser.refreshedBy()).toEqual([]);
  });

  it('a tab that becomes the leader while its load confirmation is in flight sends no second request', async () => {
    const browser = signedInBrowser({ answerAfterMs: 5000 });
    const tab = browser.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.fakes.holder(STATE_KEY)).toBeDefined();
    await vi.advanceTimersByTimeAsync(5000);
    expect(browser.refreshedBy()).toEqual([0]);
    expect(tab.client.session.getInfo()).toEqual({ session: browser.sessionOf(1), fromCache: false });
    // The answer armed the timer: the next refresh one interval after it.
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(browser.refreshedBy()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.refreshedBy()).toEqual([0]);
    tab.client.dispose();
  });

  it('a received state is applied without writing it back or sending it on (no ping-pong)', async () => {
    const browser = signedInBrowser();
    const [first, second, third] = [browser.open(), browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    browser.fakes.posted.length = 0;
    const setItem = vi.spyOn(browser.storage, 'setItem');
    const listeners = [second, third].map((tab) => {
      const listener = vi.fn();
      tab.client.session.onChange(listener);
      return listener;
    });
    // A new session in the leader tab (session.authenticate answers the next session of this browser).
    await first.client.session.authenticate();
    await vi.advanceTimersByTimeAsync(0);
    // One message per change, from the tab that changed; one localStorage write, by that tab.
    expect(browser.fakes.posted.filter((message) => 'state' in (message.data as object))).toHaveLength(1);
    expect(setItem.mock.calls.filter(([key]) => key === STATE_KEY)).toHaveLength(1);
    for (const tab of [second, third]) expect(tab.client.session.getSync()).toEqual(browser.latest());
    for (const listener of listeners) expect(listener).toHaveBeenCalledExactlyOnceWith(browser.latest());
    await vi.advanceTimersByTimeAsync(1000);
    expect(browser.fakes.posted).toHaveLength(1);
    for (const tab of browser.tabs) tab.client.dispose();
  });

  it('sign-out in one tab ends every tab at once, and the leader stops refreshing', async () => {
    const browser = signedInBrowser();
    const [first, second, third] = [browser.open(), browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    browser.refreshedBy();
    const changes = browser.tabs.map((tab) => {
      const listener = vi.fn();
      tab.client.session.onChange(listener);
      return listener;
    });
    // Sign-out in a tab that does not lead (this browser's server answers revoke 404: forceClear signs out anyway).
    await expect(second.client.session.revoke({ forceClear: true })).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    for (const tab of [first, second, third]) expect(tab.client.session.getSync()).toBeNull();
    for (const listener of changes) expect(listener).toHaveBeenCalledExactlyOnceWith(null);
    expect(browser.jar.values.has('gatehouse_session')).toBe(false);
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(browser.refreshedBy()).toEqual([]);
    for (const tab of browser.tabs) tab.client.dispose();
  });

  it('a sign-in in a tab that does not lead reaches every tab; the leader refreshes it one interval later', async () => {
    const browser = signedInBrowser();
    const [first, second] = [browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy().sort()).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(60_000);
    // session.authenticate answers the next session of this browser, as a sign-in would.
    await second.client.session.authenticate();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy()).toEqual([1]);
    expect(first.client.session.getSync()).toEqual(browser.latest());
    // The leader re-armed its timer from the new state: its next refresh is one interval after the sign-in.
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(browser.refreshedBy()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.refreshedBy()).toEqual([0]);
    first.client.dispose();
    second.client.dispose();
  });

  it('session.updateSession in a tab that does not lead arms the leader for the new cookie', async () => {
    const browser = signedInBrowser();
    const [first, second] = [browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    browser.refreshedBy();
    // Signed out everywhere, then a host hands the second tab a session its server made.
    second.client.session.revoke({ forceClear: true }).catch(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(first.client.session.getSync()).toBeNull();
    second.client.session.updateSession({ session_token: 'session-token-2', session_jwt: 'session-jwt-2' });
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(browser.refreshedBy()).toEqual([0]);
    expect(first.client.session.getSync()).toEqual(browser.latest());
    expect(second.client.session.getSync()).toEqual(browser.latest());
    first.client.dispose();
    second.client.dispose();
  });

  it('ignores malformed messages', async () => {
    const browser = signedInBrowser();
    const [first, second] = [browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    const before = [first, second].map((tab) => tab.client.session.getSync());
    const listener = vi.fn();
    second.client.session.onChange(listener);
    browser.fakes.posted.length = 0;
    for (const data of [
      null,
      'null',
      42,
      [],
      {},
      { type: 'state' },
      { type: 'state', state: { user: 1 } },
      { type: 'state', state: 'null' },
      { type: 'state', state: { session: makeSession() } },
      { type: 'sign-out' },
    ]) {
      browser.fakes.deliver(STATE_KEY, data);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect([first, second].map((tab) => tab.client.session.getSync())).toEqual(before);
    expect(listener).not.toHaveBeenCalled();
    expect(browser.fakes.posted).toEqual([]);
    first.client.dispose();
    second.client.dispose();
  });

  it('another project’s tabs have their own lock and channel', async () => {
    const browser = signedInBrowser();
    const tab = browser.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.fakes.holder(STATE_KEY)).toBeDefined();
    expect(browser.fakes.holder(`${STATE_KEY}x`)).toBeUndefined();
    expect(browser.fakes.posted.every((message) => message.name === STATE_KEY)).toBe(true);
    tab.client.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.fakes.holder(STATE_KEY)).toBeUndefined();
  });
});

describe('fallbacks', () => {
  it('without Web Locks or BroadcastChannel every tab refreshes on load and every interval, as before', async () => {
    const browser = signedInBrowser({ locks: false, channel: false });
    const tabs = [browser.open(), browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy().sort()).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(browser.refreshedBy().sort()).toEqual([0, 1, 2]);
    for (const tab of tabs) tab.client.dispose();
  });

  it('without Web Locks every tab refreshes by itself; the channel still carries the state', async () => {
    const browser = signedInBrowser({ locks: false });
    const tabs = [browser.open(), browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy().sort()).toEqual([0, 1, 2]);
    // A tab's new state re-arms the others' timers (they just saw a fresh state), so the tabs share the work...
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(browser.refreshedBy().length).toBeGreaterThanOrEqual(1);
    for (const tab of tabs) expect(tab.client.session.getSync()).toEqual(tabs[0]!.client.session.getSync());
    // ...but each has a timer of its own: any one left refreshes, with no lock to wait for.
    tabs[1]!.client.dispose();
    tabs[2]!.client.dispose();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(browser.refreshedBy()).toEqual([0]);
    tabs[0]!.client.dispose();
  });

  it('a lock request the browser refuses leaves the tab to refresh by itself', async () => {
    const browser = signedInBrowser();
    const refused = {
      request: async () => Promise.reject(new DOMException('opaque origin', 'SecurityError')),
    };
    const tab = browser.open({ locks: refused });
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy()).toEqual([0]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(browser.refreshedBy()).toEqual([0]);
    tab.client.dispose();
  });

  it('without BroadcastChannel the lock still elects one refreshing tab; the storage event carries the state', async () => {
    const browser = signedInBrowser({ channel: false });
    const tabs = [browser.open(), browser.open()];
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.refreshedBy().sort()).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(browser.refreshedBy()).toEqual([0]);
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, newValue: 'null' }));
    for (const tab of tabs) expect(tab.client.session.getSync()).toBeNull();
    for (const tab of tabs) tab.client.dispose();
  });

  it('with a BroadcastChannel the storage event is not heard (each change would come twice)', async () => {
    const browser = signedInBrowser();
    const tab = browser.open();
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY, newValue: 'null' }));
    expect(tab.client.session.getSync()).not.toBeNull();
    tab.client.dispose();
  });
});
