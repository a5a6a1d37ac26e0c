// Issue 25 item 3, stats through the admin API: "time series of sign-ins by method and outcome, sign-ups, active users
// per day, rate-limit hits" — counted from events written at chosen times, in UTC day and hour buckets with every
// empty bucket a zero, only the project's own events and only those in [from, to); a bounded range; 400/403.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totps, users, webauthnRegistrations } from '../../infra/db/schema';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { type EventPayloads, type ProjectStats, recordEvent } from '../audit';
import { createProject } from '../projects/project-service';
import type { FactorAdoption } from './adoption';

const DAY = Date.parse('2030-03-01T00:00:00.000Z');
const HOUR_MS = 3_600_000;

describe.each(testDatabaseKinds())('admin API stats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  /** An event of the current project `hours` after 2030-03-01T00:00Z. */
  const record = <T extends 'session.created' | 'sign_in.failed' | 'user.created' | 'rate_limit.hit'>(
    hours: number,
    type: T,
    payload: EventPayloads[T],
    user: string | null = null,
    projectId = t.project.id,
  ) =>
    recordEvent(
      t.ctx.db,
      {
        projectId,
        type,
        actor: { type: 'anonymous' },
        subjectUserId: user,
        request: null,
        payload,
      },
      new Date(DAY + hours * HOUR_MS),
    );
  const session = (method: string) => ({
    session_id: 'session-x',
    method,
    delivery_method: 'email',
    factors: [method],
  });
  const stats = async (query: string, key?: string) =>
    adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/stats${query}`,
      ...(key === undefined ? {} : { key }),
    });
  const read = async (query: string): Promise<ProjectStats> => {
    const response = await stats(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ProjectStats;
  };

  it('counts sign-ins by method and outcome, sign-ups, active users and rate-limit hits per day, zeros included', async () => {
    // Day 0: ada signs in twice by password and once by otp, grace once by otp; a failure; a sign-up.
    await record(1, 'session.created', session('password'), 'user-ada');
    await record(2, 'session.created', session('password'), 'user-ada');
    await record(3, 'session.created', session('otp'), 'user-ada');
    await record(4, 'session.created', session('otp'), 'user-grace');
    await record(5, 'sign_in.failed', { method: 'password', reason: 'wrong_password' });
    await record(6, 'user.created', { method: 'otp', imported: false }, 'user-grace');
    // Day 1: nothing. Day 2 (at 23:59): a failure of another reason, two limit hits, one sign-in.
    await record(48 + 23.9, 'sign_in.failed', { method: 'password', reason: 'blocked' }, 'user-ada');
    await record(48 + 23.9, 'rate_limit.hit', { rule: 'otpSendsPerIp' });
    await record(48 + 23.9, 'rate_limit.hit', { rule: 'otpSendsPerIp' });
    await record(48 + 10, 'session.created', session('password'), 'user-grace');
    // Outside the range (day 3) and another project's: not counted.
    await record(72, 'session.created', session('password'), 'user-ada');
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: [],
    });
    await record(1, 'session.created', session('password'), 'user-zed', other.project.id);

    const result = await read(`?from=2030-03-01T00:00:00Z&to=2030-03-04T00:00:00Z&interval=day`);
    expect(result.buckets).toEqual([
      '2030-03-01T00:00:00.000Z',
      '2030-03-02T00:00:00.000Z',
      '2030-03-03T00:00:00.000Z',
    ]);
    expect(result.sign_ins).toEqual([
      { method: 'password', outcome: 'failure', reason: 'blocked', total: 1, counts: [0, 0, 1] },
      { method: 'password', outcome: 'failure', reason: 'wrong_password', total: 1, counts: [1, 0, 0] },
      { method: 'otp', outcome: 'success', reason: null, total: 2, counts: [2, 0, 0] },
      { method: 'password', outcome: 'success', reason: null, total: 3, counts: [2, 0, 1] },
    ]);
    expect(result.sign_ups).toEqual({ total: 1, counts: [1, 0, 0] });
    expect(result.active_users).toEqual({ counts: [2, 0, 1] });
    expect(result.rate_limit_hits).toEqual([{ rule: 'otpSendsPerIp', total: 2, counts: [0, 0, 2] }]);
  });

  it('counts by hour, a partial first bucket only from `from`, and an empty range as all zeros', async () => {
    await record(0.25, 'session.created', session('otp'), 'user-ada');
    await record(1.5, 'session.created', session('otp'), 'user-ada');
    await record(1.75, 'session.created', session('otp'), 'user-grace');
    await record(3.5, 'user.created', { method: 'otp', imported: false }, 'user-alan');
    const result = await read('?from=2030-03-01T00:30:00Z&to=2030-03-01T04:00:00Z&interval=hour');
    expect(result).toMatchObject({
      interval: 'hour',
      from: '2030-03-01T00:30:00.000Z',
      to: '2030-03-01T04:00:00.000Z',
    });
    expect(result.buckets).toEqual([0, 1, 2, 3].map((hour) => new Date(DAY + hour * HOUR_MS).toISOString()));
    // 00:15 is before `from`: its bucket is there, counting nothing of it.
    expect(result.sign_ins).toEqual([
      { method: 'otp', outcome: 'success', reason: null, total: 2, counts: [0, 2, 0, 0] },
    ]);
    expect(result.active_users.counts).toEqual([0, 2, 0, 0]);
    expect(result.sign_ups.counts).toEqual([0, 0, 0, 1]);

    const empty = await read('?from=2029-01-01T00:00:00Z&to=2029-01-08T00:00:00Z');
    expect(empty.buckets).toHaveLength(7);
    expect(empty).toMatchObject({
      interval: 'day',
      sign_ins: [],
      rate_limit_hits: [],
      sign_ups: { total: 0, counts: [0, 0, 0, 0, 0, 0, 0] },
      active_users: { counts: [0, 0, 0, 0, 0, 0, 0] },
    });
  });

  it('defaults to the last 30 days by day, and bounds the range: 400 days daily, 14 days hourly', async () => {
    const defaulted = await read('');
    expect(defaulted.interval).toBe('day');
    expect(Date.parse(defaulted.to) - Date.parse(defaulted.from)).toBe(30 * 24 * HOUR_MS);
    expect(defaulted.buckets.length).toBeGreaterThanOrEqual(30);
    expect(defaulted.buckets.length).toBeLessThanOrEqual(31);
    expect((await read('?from=2029-01-01T00:00:00Z&to=2030-02-05T00:00:00Z')).buckets).toHaveLength(400);
    expect(
      (await read('?from=2030-03-01T00:00:00Z&to=2030-03-15T00:00:00Z&interval=hour')).buckets,
    ).toHaveLength(336);
    for (const query of [
      '?from=2029-01-01T00:00:00Z&to=2030-02-05T00:00:01Z',
      '?from=2030-03-01T00:00:00Z&to=2030-03-15T00:00:01Z&interval=hour',
      '?from=2030-03-02T00:00:00Z&to=2030-03-01T00:00:00Z',
      '?from=2030-03-01T00:00:00Z&to=2030-03-01T00:00:00Z',
      '?from=yesterday',
      '?interval=week',
      '?range=7d',
    ]) {
      const response = await stats(query);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('needs stats:read: 401 without a key, 403 with events:read only', async () => {
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'events', scopes: ['events:read'] },
    });
    const key = (made.json() as { key: string }).key;
    const refused = await stats('', key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_type: 'insufficient_scope' });
    const anonymous = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/stats`,
      key: null,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts passkey and second-factor adoption now: confirmed factors only, each user once, own project only', async () => {
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: [],
    });
    const user = (id: string, projectId = t.project.id) => ({ id, projectId });
    await t.ctx.db
      .insert(users)
      .values([
        user('user-ada'),
        user('user-grace'),
        user('user-alan'),
        user('user-linus'),
        user('user-zed', other.project.id),
      ]);
    const passkey = (id: string, userId: string, verified = true, projectId = t.project.id) => ({
      id,
      userId,
      projectId,
      credentialId: `credential-${id}`,
      publicKey: new Uint8Array([1]),
      domain: 'localhost',
      verified,
    });
    await t.ctx.db.insert(webauthnRegistrations).values([
      // ada holds two passkeys (counted once); alan's only one was never confirmed; zed is another project's.
      passkey('webauthn-1', 'user-ada'),
      passkey('webauthn-2', 'user-ada'),
      passkey('webauthn-3', 'user-grace'),
      passkey('webauthn-4', 'user-alan', false),
      passkey('webauthn-5', 'user-zed', true, other.project.id),
    ]);
    const totp = (id: string, userId: string, verified: boolean, projectId = t.project.id) => ({
      id,
      userId,
      projectId,
      secretCiphertext: new Uint8Array([1]),
      verified,
    });
    await t.ctx.db.insert(totps).values([
      totp('totp-1', 'user-ada', true),
      // An enrolment never confirmed with a code is not a second factor.
      totp('totp-2', 'user-linus', false),
      totp('totp-3', 'user-zed', true, other.project.id),
    ]);
    // Adoption is what users hold now: a range with no events at all still shows it.
    const result = (await read('?from=2029-01-01T00:00:00Z&to=2029-01-08T00:00:00Z')) as ProjectStats & {
      adoption: FactorAdoption;
    };
    expect(result.adoption).toEqual({ users: 4, passkey_users: 2, second_factor_users: 1 });

    const empty = await createProject(t.ctx, {
      name: 'Empty',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: [],
    });
    const none = await adminCall(t.app, { method: 'GET', path: `/projects/${empty.project.id}/stats` });
    expect(none.json()).toMatchObject({ adoption: { users: 0, passkey_users: 0, second_factor_users: 0 } });
  });
});
