// Issue 26 item 2: operators sign in through the widget (login links landing on /console/authenticate, passkeys),
// with cookies of their own; a session without a second factor sets up a passkey first.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiError } from './admin-api';
import { CONSOLE_COOKIE_OPTIONS, readPublicToken } from './console-client';
import { STRINGS } from './strings';
import {
  createAdminStandIn,
  createFakeClient,
  expectAccessible,
  json,
  OWNER,
  renderConsole,
  resetDocument,
  statsOf,
} from './test-support';

/** GET /me of an operator whose session has shown no second factor (what the server answers before one). */
const NO_FACTOR_YET = { ...OWNER, second_factor: { enrolled: false, in_session: false, kinds: [] } };

describe('signing in to the console', () => {
  afterEach(resetDocument);

  it('shows the widget with login links that land on /console/authenticate', async () => {
    const client = createFakeClient({ signedIn: false });
    const { admin } = renderConsole('/users', { client });
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.signIn.heading })).toBeTruthy();
    const email = await screen.findByRole('textbox', { name: /email/i });
    await userEvent.type(email, 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: /continue with email/i }));
    await waitFor(() => expect(client.loginOrCreateCalls).toHaveLength(1));
    expect(client.loginOrCreateCalls[0]?.email).toBe('owner@example.com');
    expect(client.loginOrCreateCalls[0]?.options).toMatchObject({
      login_magic_link_url: 'http://localhost:3000/console/authenticate',
      signup_magic_link_url: 'http://localhost:3000/console/authenticate',
    });
    // Signed out, the console asks the admin API nothing.
    expect(admin.calls).toEqual([]);
    expect(document.title).toBe(STRINGS.documentTitle(STRINGS.signIn.title));
    await expectAccessible();
  });

  it('the login link’s landing redeems the token, then opens the overview', async () => {
    const client = createFakeClient({ signedIn: false });
    const admin = createAdminStandIn();
    admin.on('GET', '/me', json(200, OWNER));
    admin.on('GET', '/projects', json(200, { items: [{ id: 'p', name: 'P' }] }));
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    const { location } = renderConsole('/authenticate?stytch_token_type=magic_links&token=link-token-1', {
      client,
      admin,
    });
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading })).toBeTruthy();
    expect(client.authenticateCalls).toEqual(['link-token-1']);
    expect(location().pathname).toBe('/console/');
  });

  it('a used or expired link says why, with the way back', async () => {
    const client = createFakeClient({ signedIn: false });
    client.authenticateImpl = async () => {
      throw Object.assign(new Error('unable_to_auth_magic_link'), {
        name: 'APIError',
        status_code: 401,
        error_type: 'unable_to_auth_magic_link',
        error_message: 'The magic link could not be authenticated.',
      });
    };
    renderConsole('/authenticate?stytch_token_type=magic_links&token=used', { client });
    expect(
      await screen.findByRole('heading', { level: 1, name: STRINGS.authenticate.failedHeading }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(screen.getByRole('link', { name: STRINGS.authenticate.backToSignIn })).toBeTruthy();
    await expectAccessible();
  });

  it('an operator without a second factor sets up a passkey, then reaches the console', async () => {
    const admin = createAdminStandIn();
    // GET /me answers before the second factor (the server's exemption); it says none is in the session yet.
    admin.on('GET', '/me', json(200, NO_FACTOR_YET));
    admin.on('GET', '/projects', json(200, { items: [{ id: 'p', name: 'P' }] }));
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    const { client } = renderConsole('/', { admin });
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.secondFactor.heading })).toBeTruthy();
    expect(admin.callsTo('GET', '/projects')).toEqual([]);
    await expectAccessible();

    // Continue before a passkey exists: still refused, and said so.
    await userEvent.click(screen.getByRole('button', { name: STRINGS.secondFactor.continue }));
    expect(await screen.findByText(STRINGS.secondFactor.stillRequired)).toBeTruthy();

    // The widget's passkey registration; the server now accepts the session.
    admin.on('GET', '/me', json(200, OWNER));
    await userEvent.click(await screen.findByRole('button', { name: /create a passkey/i }));
    await waitFor(() => expect(client.registerCalls).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading })).toBeTruthy();
  });

  it('an operator holding a passkey who signed in by link confirms with it (never adds another), then reaches the console', async () => {
    const admin = createAdminStandIn();
    admin.on(
      'GET',
      '/me',
      json(200, {
        ...NO_FACTOR_YET,
        second_factor: { enrolled: true, in_session: false, kinds: ['webauthn'] },
      }),
    );
    admin.on('GET', '/projects', json(200, { items: [{ id: 'p', name: 'P' }] }));
    admin.on('GET', '/projects/:project/stats', json(200, statsOf()));
    const client = createFakeClient();
    const asked: unknown[] = [];
    client.webauthn.authenticate = async (options: unknown) => {
      asked.push(options);
      admin.on('GET', '/me', json(200, OWNER));
      return {};
    };
    renderConsole('/', { admin, client });
    expect(
      await screen.findByRole('heading', { level: 1, name: STRINGS.confirmFactor.heading }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /create a passkey/i })).toBeNull();
    await expectAccessible();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.confirmFactor.usePasskey }));
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.overview.heading })).toBeTruthy();
    expect(asked).toEqual([expect.objectContaining({ is_passkey: true, conditional_mediation: false })]);
  });

  it('a passkey the browser refuses says so and keeps the screen', async () => {
    const client = createFakeClient();
    client.webauthn.authenticate = async () => {
      throw new Error('NotAllowedError');
    };
    renderConsole('/', {
      client,
      me: { ...NO_FACTOR_YET, second_factor: { enrolled: true, in_session: false, kinds: ['webauthn'] } },
    });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.confirmFactor.usePasskey }));
    expect(await screen.findByText(STRINGS.confirmFactor.failed)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: STRINGS.confirmFactor.heading })).toBeTruthy();
  });

  it('the second-factor screen signs out too', async () => {
    const { client } = renderConsole('/', { me: NO_FACTOR_YET });
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.secondFactor.signOut }));
    expect(client.revokeCalls).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: STRINGS.signIn.heading })).toBeTruthy();
  });
});

describe('the console’s client', () => {
  it('keeps its session in cookies of its own, scoped to /console (the web app at / keeps the default ones)', () => {
    expect(CONSOLE_COOKIE_OPTIONS.path).toBe('/console');
    const names = [
      CONSOLE_COOKIE_OPTIONS.opaqueTokenCookieName,
      CONSOLE_COOKIE_OPTIONS.jwtCookieName,
      CONSOLE_COOKIE_OPTIONS.istCookieName,
    ];
    for (const name of names) {
      expect([
        'gatehouse_session',
        'gatehouse_session_jwt',
        'gatehouse_intermediate_session_token',
      ]).not.toContain(name);
    }
    expect(new Set(names).size).toBe(3);
  });

  it('reads the injected token, and nothing from an unserved page', () => {
    const doc = document.implementation.createHTMLDocument('t');
    doc.head.innerHTML = '<meta name="gatehouse-public-token" content="public-token-test-ops">';
    expect(readPublicToken(doc)).toBe('public-token-test-ops');
    doc.head.innerHTML = '<meta name="gatehouse-public-token" content="%GATEHOUSE_PUBLIC_TOKEN%">';
    expect(readPublicToken(doc)).toBeNull();
    doc.head.innerHTML = '<meta name="gatehouse-public-token" content="">';
    expect(readPublicToken(doc)).toBeNull();
  });

  it('AdminApiError carries the error type', () => {
    expect(new AdminApiError({ status: 403, errorType: 'insufficient_scope', message: 'm' }).errorType).toBe(
      'insufficient_scope',
    );
  });
});
