// Issue 26 item 3 (the console's Users list): the list route's filters — sign-in method, verified, last sign-in range,
// metadata `key=value` — and its sorts (created, last sign-in; either way) with cursor pages that neither skip nor
// repeat a user under any order; a cursor of another order and malformed parameters are 400s. Both database kinds.
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { fakeClock, recordingDelivery } from '../magic-links/test-helpers';
import { codeIn } from '../otps/test-helpers';

interface Listed {
  items: Array<{ user_id: string; last_sign_in_at: string | null; created_at: string; methods: string[] }>;
  next_cursor: string | null;
}

describe.each(testDatabaseKinds())('admin user list filters and sorts on %s', (kind) => {
  const clock = fakeClock();
  const delivery = recordingDelivery();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set(new Date('2030-01-01T00:00:00.000Z'));
  });

  const list = async (query: string) => {
    const response = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/users${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Listed;
  };
  const ids = async (query: string) => (await list(query)).items.map((item) => item.user_id);
  /** Every page of a query, two users at a time. */
  const walk = async (query: string) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Listed = await list(`?limit=2${query}${cursor === null ? '' : `&cursor=${cursor}`}`);
      seen.push(...page.items.map((item) => item.user_id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    return seen;
  };
  const create = async (body: Record<string, unknown>) => {
    const response = await adminCall(t.app, {
      method: 'POST',
      path: `/projects/${t.project.id}/users`,
      body,
    });
    expect(response.statusCode, response.body).toBe(201);
    clock.advance(60_000);
    return (response.json() as { user: { user_id: string } }).user.user_id;
  };
  /** An e-mail OTP sign-in: verifies the address and stamps the last sign-in at the clock's time. */
  const signIn = async (email: string) => {
    const post = (url: string, body: unknown) =>
      sdkRequest(t.app, { method: 'POST', url, publicToken: t.publicToken, body });
    const sent = await post(ROUTES.otps.loginOrCreate('email'), { email });
    const done = await post(ROUTES.otps.authenticate, {
      token: codeIn(delivery.last()),
      method_id: sent.json().data.method_id,
      session_duration_minutes: 60,
    });
    expect(done.statusCode, done.body).toBe(200);
    clock.advance(60_000);
    return done.json().data.user_id as string;
  };

  /** a (00:00) b (00:01, phone) c (00:02) d (00:03); c signs in at 00:04, a at 00:05; b and d never. */
  const seed = async () => {
    const a = await create({ email: 'a@example.com', trusted_metadata: { plan: 'pro', seats: 3 } });
    const b = await create({ phone_number: '+14155550101', untrusted_metadata: { beta: true } });
    const c = await create({ email: 'c@example.com', trusted_metadata: { plan: 'free' } });
    const d = await create({ email: 'd@example.com' });
    await signIn('c@example.com');
    await signIn('a@example.com');
    return { a, b, c, d };
  };

  it('stamps the last sign-in and shows it in the list and the detail', async () => {
    const { a, b } = await seed();
    const items = (await list('')).items;
    expect(items.find((item) => item.user_id === a)?.last_sign_in_at).toBe('2030-01-01T00:05:00Z');
    expect(items.find((item) => item.user_id === b)?.last_sign_in_at).toBeNull();
    // The ways each can sign in, as the method filter reads them.
    expect(items.find((item) => item.user_id === a)?.methods).toEqual(['email']);
    expect(items.find((item) => item.user_id === b)?.methods).toEqual(['phone']);
    const detail = await adminCall(t.app, { method: 'GET', path: `/projects/${t.project.id}/users/${a}` });
    expect(detail.json()).toMatchObject({ last_sign_in_at: '2030-01-01T00:05:00Z' });
  });

  it('sorts by creation and by last sign-in, either way, and every cursor page follows that order', async () => {
    const { a, b, c, d } = await seed();
    expect(await walk('')).toEqual([d, c, b, a]);
    expect(await walk('&sort=created_at&order=asc')).toEqual([a, b, c, d]);
    // Never signed in sorts as the earliest: last when newest first, first when oldest first (ties by id).
    const never = [b, d].sort();
    expect(await walk('&sort=last_sign_in_at')).toEqual([a, c, ...[...never].reverse()]);
    expect(await walk('&sort=last_sign_in_at&order=asc')).toEqual([...never, c, a]);
    // With a filter too.
    expect(await walk('&sort=last_sign_in_at&order=asc&method=email')).toEqual([d, c, a]);
  });

  it('filters by sign-in method, verified, last sign-in range and metadata', async () => {
    const { a, b, c, d } = await seed();
    expect(await ids('?method=phone')).toEqual([b]);
    expect(await ids('?method=email')).toEqual([d, c, a]);
    expect(await ids('?method=passkey')).toEqual([]);
    expect(await ids('?method=password')).toEqual([]);
    // The OTP sign-ins verified a's and c's addresses; b's phone and d's address are unproven.
    expect(await ids('?verified=true')).toEqual([c, a]);
    expect(await ids('?verified=false')).toEqual([d, b]);
    expect(await ids('?last_sign_in_after=2030-01-01T00:04:30Z')).toEqual([a]);
    expect(await ids('?last_sign_in_before=2030-01-01T00:04:30Z')).toEqual([c]);
    expect(
      await ids('?last_sign_in_after=2030-01-01T00:00:00Z&last_sign_in_before=2030-01-01T01:00:00Z'),
    ).toEqual([c, a]);
    expect(await ids('?trusted_metadata=plan%3Dpro')).toEqual([a]);
    // A value that parses as JSON is compared as JSON: 3 the number, true the boolean.
    expect(await ids('?trusted_metadata=seats%3D3')).toEqual([a]);
    expect(await ids('?trusted_metadata=seats%3D%223%22')).toEqual([]);
    expect(await ids('?untrusted_metadata=beta%3Dtrue')).toEqual([b]);
    expect(await ids('?trusted_metadata=beta%3Dtrue')).toEqual([]);
    expect(await ids('?trusted_metadata=plan%3Dpro&verified=true&method=email&q=a%40example')).toEqual([a]);
  });

  it('refuses a cursor of another order and malformed parameters with 400', async () => {
    await seed();
    const byCreation = await list('?limit=1');
    for (const query of [
      `?limit=1&sort=last_sign_in_at&cursor=${byCreation.next_cursor}`,
      `?limit=1&order=asc&cursor=${byCreation.next_cursor}`,
      '?sort=name',
      '?order=up',
      '?method=carrier-pigeon',
      '?verified=maybe',
      '?last_sign_in_after=yesterday',
      '?trusted_metadata=no-equals-sign',
      '?untrusted_metadata=%3Dvalue',
    ]) {
      const response = await adminCall(t.app, {
        method: 'GET',
        path: `/projects/${t.project.id}/users${query}`,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
