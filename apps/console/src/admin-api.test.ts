// Issue 26 item 1: the admin API client — the bearer session on every call, the query strings the routes read, the
// wire-format.md §3.2 error as an AdminApiError, and no answer at all as a `network` one.
import { describe, expect, it } from 'vitest';
import { AdminApiError, createAdminApi, queryString } from './admin-api';
import { apiError, createAdminStandIn, json } from './test-support';

describe('the admin API client', () => {
  it('sends the session as a bearer token, JSON bodies, and encodes ids in paths', async () => {
    const admin = createAdminStandIn();
    admin.on('POST', '/projects/:project/users/:user/block', json(200, { user_id: 'u/1' }));
    const api = createAdminApi({ fetch: admin.fetch, sessionToken: () => 'session-token-1' });
    await api.block('project 1', 'u/1', 'fraud');
    const [call] = admin.calls;
    expect(call?.path).toBe('/admin/v1/projects/project%201/users/u%2F1/block');
    expect(call?.authorization).toBe('Bearer session-token-1');
    expect(call?.body).toEqual({ reason: 'fraud' });
  });

  it('sends no Authorization header without a session', async () => {
    const admin = createAdminStandIn();
    admin.on('GET', '/me', apiError(401, 'unauthorized_credentials'));
    const api = createAdminApi({ fetch: admin.fetch, sessionToken: () => null });
    await expect(api.me()).rejects.toMatchObject({ status: 401, errorType: 'unauthorized_credentials' });
    expect(admin.calls[0]?.authorization).toBeNull();
  });

  it('turns an error answer into an AdminApiError with its type, message and request id', async () => {
    const admin = createAdminStandIn();
    admin.on('GET', '/projects/:project/events', apiError(400, 'invalid_admin_request', 'Bad cursor.'));
    const api = createAdminApi({ fetch: admin.fetch, sessionToken: () => 't' });
    const error = await api.events('p', { cursor: 'x' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdminApiError);
    expect(error).toMatchObject({
      status: 400,
      errorType: 'invalid_admin_request',
      message: 'Bad cursor.',
      requestId: 'request-id-test-1',
    });
  });

  it('names an answer without a JSON body by its status, and no answer as network', async () => {
    const plain = createAdminApi({
      fetch: (async () =>
        new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' })) as typeof fetch,
      sessionToken: () => 't',
    });
    await expect(plain.me()).rejects.toMatchObject({ status: 502, errorType: 'http_502' });
    const down = createAdminApi({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
      sessionToken: () => 't',
    });
    await expect(down.me()).rejects.toMatchObject({ status: 0, errorType: 'network' });
  });

  it('writes query strings the routes read: repeated types, no empty values', () => {
    expect(queryString({ type: ['sign_in.*', 'user.created'], ip: '', user_id: undefined, limit: 50 })).toBe(
      '?type=sign_in.*&type=user.created&limit=50',
    );
    expect(queryString({ blocked: false })).toBe('?blocked=false');
    expect(queryString({})).toBe('');
  });
});
