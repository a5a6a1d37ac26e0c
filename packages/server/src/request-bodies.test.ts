// Issue 8 item 6: one shape for request bodies across methods. `session_duration_minutes` is refused the same way
// on every route that takes it — a wrong type is a 400 schema error naming the field, a number out of range is a
// 400 invalid_session_duration — and neither changes anything.
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from './features/sessions/test-fixtures';
import { createTestApp, sdkRequest, type TestApp } from './test-support/app';
import { testDatabaseKinds } from './test-support/database';
import { snapshotTables } from './test-support/snapshot';

/** Every route whose body carries session_duration_minutes, with the rest of a plausible body. */
const ROUTES_WITH_DURATION: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  [ROUTES.sessionsAuthenticate, {}],
  [ROUTES.magicLinksAuthenticate, { token: 'a'.repeat(43) }],
  [ROUTES.otps.authenticate, { token: '123456', method_id: 'phone-number-test-x' }],
  [ROUTES.webauthn.register, { public_key_credential: '{}' }],
  [ROUTES.webauthn.authenticate, { public_key_credential: '{}' }],
];

describe.each(testDatabaseKinds())('request bodies on %s', (kind) => {
  let t: TestApp;
  let sessionToken: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  beforeEach(async () => {
    await t.reset();
    sessionToken = (await signIn(t.ctx, t.project, 'ada@example.com')).session_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, body: unknown) =>
    sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, sessionToken, body });

  it.each(ROUTES_WITH_DURATION)('%s: out of range is 400 invalid_session_duration', async (url, rest) => {
    const before = await snapshotTables(t.ctx.db);
    for (const minutes of [4, 525_601, -1]) {
      const response = await post(url, { ...rest, session_duration_minutes: minutes });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error_type: 'invalid_session_duration',
        error_message: 'session_duration_minutes must be a whole number between 5 and 525600.',
      });
    }
    expect(await snapshotTables(t.ctx.db)).toEqual(before);
  });

  it.each(ROUTES_WITH_DURATION)(
    '%s: a wrong type is a 400 schema error naming the field',
    async (url, rest) => {
      const before = await snapshotTables(t.ctx.db);
      for (const minutes of ['30', 1.5, null, [30]]) {
        const response = await post(url, { ...rest, session_duration_minutes: minutes });
        expect(response.statusCode).toBe(400);
        const json = response.json();
        expect(json.error_message).toBe('Request does not match expected schema');
        expect(json.body).toEqual(
          expect.arrayContaining([expect.objectContaining({ dataPath: '.session_duration_minutes' })]),
        );
      }
      expect(await snapshotTables(t.ctx.db)).toEqual(before);
    },
  );
});
