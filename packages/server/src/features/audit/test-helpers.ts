// Helpers of the event-log tests: the stored events in order, a POST as the SDK sends it, and the check that no
// secret a run handled is anywhere in the log.
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { events } from '../../infra/db/schema';
import { sdkRequest, type TestApp } from '../../test-support/app';

export const EVENT_USER_AGENT = 'EventTest/1.0';

/** Every stored event, oldest first. */
export function loggedEvents(t: TestApp) {
  return t.ctx.db.select().from(events).orderBy(asc(events.seq));
}

/** The stored events from `after` (a count read before the action), as [type, subject, actor type, payload]. */
export async function eventsSince(t: TestApp, after: number) {
  return (await loggedEvents(t))
    .slice(after)
    .map((row) => [row.type, row.subjectUserId, row.actorType, row.payload] as const);
}

/** How many events are stored now (the mark eventsSince reads from). */
export async function eventCount(t: TestApp): Promise<number> {
  return (await loggedEvents(t)).length;
}

/** A POST under /sdk/v1 with the test's user agent, and the session token when given. */
export function sdkPost(
  t: TestApp,
  url: string,
  body: unknown,
  options: { sessionToken?: string | undefined; headers?: Record<string, string> } = {},
) {
  return sdkRequest(t.app, {
    method: 'POST',
    url,
    publicToken: t.publicToken,
    body,
    headers: { 'user-agent': EVENT_USER_AGENT, ...options.headers },
    ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
  });
}

/** No secret the run handled (tokens, codes, passwords, hashes, keys) appears in any stored event. */
export async function expectNoSecretInEvents(t: TestApp, secrets: readonly string[]): Promise<void> {
  const everything = JSON.stringify(await loggedEvents(t));
  expect(everything.length).toBeGreaterThan(100);
  for (const secret of secrets) {
    expect(secret.length, 'a secret worth looking for').toBeGreaterThan(5);
    expect(everything.includes(secret), secret.slice(0, 12)).toBe(false);
  }
}
