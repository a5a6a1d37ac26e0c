// The widget against the real SDK client (only fetch is stubbed): GatehouseClient satisfies WidgetClient and the
// login-link flow goes through the SDK's own request path. E2E covers the real server.
import { APIError, createClient, type GatehouseClient } from '@gatehouse/sdk';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { WidgetClient } from './client-contract';
import { describeError } from './errors';
import { Login } from './login';
import { GatehouseProvider } from './provider';
import { DEFAULT_STRINGS } from './strings';

const clients: GatehouseClient[] = [];

afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.dispose();
  localStorage.clear();
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function realClient(answer: (path: string, body: unknown) => Response) {
  const requests: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: { body?: string }) => {
    const path = new URL(url).pathname;
    const body = init.body === undefined ? null : JSON.parse(init.body);
    requests.push({ path, body });
    return answer(path, body);
  });
  const client = createClient('public-token-test-widget', {
    baseUrl: 'http://localhost:3999',
    dependencies: { fetch },
  });
  clients.push(client);
  return { client, requests };
}

describe('the SDK client', () => {
  it('is assignable to the widget contract', () => {
    expectTypeOf<GatehouseClient>().toExtend<WidgetClient>();
  });

  it('drives the login-link flow of the widget', async () => {
    const { client, requests } = realClient((path) =>
      path.endsWith('/magic_links/email/login_or_create')
        ? json(200, { data: { request_id: 'request-id-real', status_code: 200 } })
        : json(404, { status_code: 404, error_type: 'not_found', error_message: 'Not found', error_url: '' }),
    );
    const onEvent = vi.fn();
    render(
      <GatehouseProvider client={client}>
        <Login
          config={{ emailMagicLinksOptions: { loginRedirectURL: 'http://localhost:3999/authenticate' } }}
          callbacks={{ onEvent }}
        />
      </GatehouseProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    const send = requests.find((request) => request.path === '/sdk/v1/magic_links/email/login_or_create');
    expect(send?.body).toMatchObject({
      email: 'ada@example.com',
      login_magic_link_url: 'http://localhost:3999/authenticate',
    });
    expect(onEvent).toHaveBeenCalledWith({
      type: 'MAGIC_LINK_LOGIN_OR_CREATE',
      data: expect.objectContaining({ request_id: 'request-id-real' }),
    });
  });

  it("shows the SDK APIError's error_message", async () => {
    const { client } = realClient(() =>
      json(400, {
        status_code: 400,
        request_id: 'request-id-bad',
        error_type: 'invalid_redirect_url',
        error_message: 'This redirect URL is not allowed for the project.',
        error_url: 'https://gatehouse.dev/docs/errors#invalid_redirect_url',
      }),
    );
    const onError = vi.fn();
    render(
      <GatehouseProvider client={client}>
        <Login callbacks={{ onError }} />
      </GatehouseProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByText('This redirect URL is not allowed for the project.')).toBeTruthy();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(APIError);
  });

  it('describes an SDK APIError by its error_message, not its long message', () => {
    const error = new APIError({
      status_code: 401,
      error_type: 'unable_to_auth_otp_code',
      error_message: 'The code has expired.',
      error_url: 'https://gatehouse.dev/docs/errors#unable_to_auth_otp_code',
    });
    expect(describeError(error, 'fallback', DEFAULT_STRINGS)).toEqual({
      message: 'The code has expired.',
      helpUrl: 'https://gatehouse.dev/docs/errors#unable_to_auth_otp_code',
    });
  });
});
