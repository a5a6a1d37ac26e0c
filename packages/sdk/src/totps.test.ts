// issue 13 item 1: client.totps against the fake fetch: bodies field for field (wire-format.md §4.8), the session and
// user written from `__user`, recovery_codes without a body, SPEC §5 usage errors, and the lazy load.
import { ROUTES } from '@gatehouse/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from './errors';
import {
  authenticateData,
  createTestClient,
  json,
  makeUser,
  ok,
  PUBLIC_TOKEN,
  storedState,
} from './test-support/fakes';
import { TOTP_PATHS } from './totps-module';

let dispose: () => void = () => {};
afterEach(() => dispose());

const CREATED = {
  totp_id: 'totp-test-1',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
  recovery_codes: ['abcd-efgh-ijkl'],
  user_id: 'user-test-1',
};

function setup() {
  const userWithTotp = makeUser({ totps: [{ totp_id: 'totp-test-1', verified: false }] } as never);
  const test = createTestClient({
    routes: {
      [`GET /projects/bootstrap/${PUBLIC_TOKEN}`]: () => ok(),
      'POST /totps': () => ok({ ...CREATED, __user: userWithTotp }),
      'POST /totps/authenticate': () =>
        json(200, { data: { ...authenticateData(), totp_id: 'totp-test-1' } }),
      'POST /totps/recovery_codes': () =>
        ok({
          user_id: 'user-test-1',
          totps: [{ totp_id: 'totp-test-1', verified: true, recovery_codes: [] }],
        }),
      'POST /totps/recover': () => json(200, { data: { ...authenticateData(), totp_id: 'totp-test-1' } }),
    },
  });
  dispose = test.client.dispose;
  return { ...test, userWithTotp };
}

describe('client.totps (wire-format.md §4.8)', () => {
  it('uses the protocol paths', () => {
    expect(TOTP_PATHS).toEqual(ROUTES.totps);
  });

  it('create posts expiration_minutes and stores the __user as it is', async () => {
    const { client, apiRequests, storage, userWithTotp } = setup();
    // Enrolment needs a session: sign in first (the fake answers any code).
    await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 30 });
    const created = await client.totps.create({ expiration_minutes: 60 });
    expect(apiRequests().map((r) => [r.path, r.body])[1]).toEqual(['/totps', { expiration_minutes: 60 }]);
    expect(created).toMatchObject(CREATED);
    expect(client.user.getSync()).toEqual(userWithTotp);
    expect(storedState(storage)).toMatchObject({ user: userWithTotp });
  });

  it('authenticate and recover post their fields and write the session', async () => {
    const { client, apiRequests, jar } = setup();
    const result = await client.totps.authenticate({ totp_code: '123456', session_duration_minutes: 30 });
    expect(result).toMatchObject({ totp_id: 'totp-test-1', session_token: 'session-token-1' });
    expect(result).not.toHaveProperty('__user');
    expect(jar.values.get('gatehouse_session')).toBe('session-token-1');
    await client.totps.recover({ recovery_code: 'abcd-efgh-ijkl', session_duration_minutes: 45 });
    expect(apiRequests().map((r) => [r.path, r.body])).toEqual([
      ['/totps/authenticate', { totp_code: '123456', session_duration_minutes: 30 }],
      ['/totps/recover', { recovery_code: 'abcd-efgh-ijkl', session_duration_minutes: 45 }],
    ]);
  });

  it('recoveryCodes posts no body and answers the data untouched', async () => {
    const { client, apiRequests } = setup();
    const answer = await client.totps.recoveryCodes();
    expect(apiRequests()[0]).toMatchObject({ method: 'POST', path: '/totps/recovery_codes' });
    expect(apiRequests()[0]?.body).toBeUndefined();
    expect(answer.totps).toEqual([{ totp_id: 'totp-test-1', verified: true, recovery_codes: [] }]);
  });

  it('raises usage errors before any request (SPEC §5)', async () => {
    const { client, apiRequests } = setup();
    await expect(client.totps.create({ expiration_minutes: '60' as never })).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(
      client.totps.authenticate({ totp_code: 123456 as never, session_duration_minutes: 30 }),
    ).rejects.toThrow('Invalid call to totps.authenticate');
    await expect(
      client.totps.recover({ recovery_code: 'x', session_duration_minutes: '30' as never }),
    ).rejects.toBeInstanceOf(UsageError);
    expect(apiRequests()).toEqual([]);
  });
});
