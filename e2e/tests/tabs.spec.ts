// Issue 23 item 5: one refreshing tab per browser, in real Chromium. Three tabs of one browser context are signed in
// (a login link through the dev outbox in the first, /account opened in two more); the browser clock of the context
// (Playwright's clock, installed before the first page; the server keeps real time) moves the tabs through the
// SPEC §9 refresh interval of 180 000 ms. Every POST /sdk/v1/sessions/authenticate of the context is counted:
// a tab confirms its session once when it opens, each interval then sends exactly one, closing the leading tab
// hands the refresh to another tab in the next interval, and a sign-out in one tab shows the other two signed out
// at once.
import type { Page, Request } from '@playwright/test';
import { signInByEmail } from '../support/account';
import { expect, test } from '../support/fixtures';

const INTERVAL_MS = 180_000; // SPEC §9 session refresh interval

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e-tabs-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

function isRefresh(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/sdk/v1/sessions/authenticate';
}

test.describe('tabs of one browser', () => {
  // A sign-up, three pages and four simulated intervals on a 2-core machine shared with other suites.
  test.describe.configure({ timeout: 90_000 });

  test('three tabs: one refresh per interval, the next tab takes over, sign-out ends every tab', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    // Before any page: every page of the context gets the fake clock, and runFor moves all of them together.
    await context.clock.install();
    const refreshes: Page[] = [];
    context.on('request', (request) => {
      if (isRefresh(request)) refreshes.push(request.frame().page());
    });
    const errors: string[] = [];
    context.on('weberror', (error) => errors.push(error.error().message));

    /**
     * Moves the tabs' clocks by `ms` (firing their timers) and returns the tabs that sent a refresh since the call
     * (with `reset` false: since the counter was last emptied). Timers due in
     * that span fire inside runFor, so every tab's request has started when it returns; the wait for the first
     * request and the short settle after it let their request events arrive.
     */
    const refreshesDuring = async (ms: number, expected: number, reset = true): Promise<Page[]> => {
      if (reset) refreshes.length = 0;
      await context.clock.runFor(ms);
      if (expected > 0) await expect.poll(() => refreshes.length).toBeGreaterThanOrEqual(expected);
      await new Promise((resolve) => setTimeout(resolve, 750));
      return [...refreshes];
    };

    const email = uniqueEmail('three');
    const openSignedIn = async (): Promise<Page> => {
      const page = await context.newPage();
      await page.goto('/account');
      await expect(page.getByTestId('account-emails')).toContainText(email);
      return page;
    };
    const first = await context.newPage();
    await signInByEmail(first, email);
    refreshes.length = 0;
    const tabs = [first, await openSignedIn(), await openSignedIn()];

    // Each new tab confirmed its session once, by itself (session-manager.ts says why), and nothing else came.
    expect(await refreshesDuring(5000, 2, false)).toEqual(tabs.slice(1));

    // Three intervals: exactly one refresh each, all from the same (leading) tab.
    let leader: Page | undefined;
    for (let interval = 0; interval < 3; interval += 1) {
      const sent = await refreshesDuring(INTERVAL_MS, 1);
      expect(sent).toHaveLength(1);
      leader ??= sent[0];
      expect(sent[0]).toBe(leader);
    }
    if (!leader) throw new Error('no tab refreshed');

    // The leading tab closes: one of the two left refreshes in the next interval, and only it.
    await leader.close();
    const left = tabs.filter((tab) => tab !== leader);
    const sent = await refreshesDuring(INTERVAL_MS, 1);
    expect(sent).toHaveLength(1);
    expect(left).toContain(sent[0]);
    const newLeader = sent[0]!;
    for (const tab of left) await expect(tab.getByTestId('account-emails')).toContainText(email);

    // A third tab again: it confirms once, and the next interval still has one refresh, from the new leader.
    refreshes.length = 0;
    const third = await openSignedIn();
    left.push(third);
    expect(await refreshesDuring(5000, 1, false)).toEqual([third]);
    expect(await refreshesDuring(INTERVAL_MS, 1)).toEqual([newLeader]);

    // Sign-out in a tab that does not lead: the other two show signed out at once (no clock moved).
    const signingOut = left.find((tab) => tab !== newLeader)!;
    await signingOut.getByRole('button', { name: 'Sign out of this device' }).click();
    await expect(signingOut).toHaveURL(/\/$/);
    for (const tab of left.filter((page) => page !== signingOut)) {
      await expect(tab.getByText('You are not signed in.')).toBeVisible({ timeout: 2000 });
    }
    // Nobody refreshes a session that ended.
    expect(await refreshesDuring(INTERVAL_MS * 2, 0)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
