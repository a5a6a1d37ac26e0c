// Issue 20 item 3, security-tests.md SS-08 (and TK-10, WA-08): in a project with `require_second_factor`, a session
// from a login link alone (the user has a verified authenticator app, the session has not used it) writes nothing on
// the user's credentials, identifiers or profile until it steps up with a code. The walk covers every row of
// step-up.ts SESSION_ROUTE_RULES that asks for the second factor (checked against the table, so a new row needs a
// write here), and the table covers every session route of the app. Every database kind, fake clock.
import { ROUTES, SDK_API_PREFIX } from '@gatehouse/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { basicAuth } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import {
  challengeFor,
  ethereumWallet,
  authenticate as walletAuthenticate,
} from '../crypto-wallets/test-helpers';
import { STRONG_2 } from '../passwords/test-helpers';
import { SoftwareAuthenticator } from '../webauthn/test-authenticator';
import { DOMAIN, ORIGIN, startRegistration } from '../webauthn/test-helpers';
import { SESSION_ROUTE_RULES, type SessionRoute, sessionRouteRule } from './step-up';
import {
  type Ada,
  ada as adaWith,
  call,
  oauthCallback,
  redeemOAuth,
  type SessionAnswer,
  setProjectSettings,
  signInByLink,
  stateOf,
  stepUp,
  useWorld,
} from './step-up-fixtures';

/** One write of the walk: prepared before the first call (a challenge, a signed message, an OAuth token). */
interface Write {
  route: SessionRoute;
  send(sessionToken: string): Promise<LightMyRequestResponse>;
  /** Its answer once nothing stands in the way (default 200). */
  allowed?: { status: number; errorType: string };
}

/** "status error_type", or "200". */
function outcome(response: LightMyRequestResponse): string {
  if (response.statusCode === 200) return '200';
  return `${response.statusCode} ${(response.json() as { error_type?: string }).error_type}`;
}

describe.each(testDatabaseKinds())('SS-08 step-up on %s', (kind) => {
  const world = useWorld(kind);

  /** Ada with one of each credential and identifier; her own session is stepped up (the TOTP code). */
  async function fullAda(): Promise<Ada> {
    return adaWith(world, {
      phone: true,
      passkey: true,
      wallet: ethereumWallet(),
      oauth: true,
      totp: true,
    });
  }

  /**
   * Every write the table guards with the second factor, in an order that can run one after the other (the removals
   * last, the authenticator app at the very end). `helper`: a session that passes every check (Ada's own, stepped
   * up), for what the writes need prepared.
   */
  async function writesOf(who: Ada): Promise<Write[]> {
    const helper = who.sessionToken;
    const creation = await startRegistration(world.t, helper);
    const newPasskey = new SoftwareAuthenticator().create(creation, ORIGIN).response;
    const wallet = ethereumWallet();
    const walletSignature = await wallet.sign(await challengeFor(world.t, wallet));
    const oauthToken = await oauthCallback(world, {
      subject: 'google-sub-ada-work',
      email: 'ada@example.com',
    });
    // Issue 22: a second session of Ada's for POST /sessions/revoke_one to end.
    const spare = await signInByLink(world, 'ada@example.com');
    const post = (url: string, body: unknown) => (token: string) => call(world, 'POST', url, body, token);
    const remove = (url: string) => (token: string) => call(world, 'DELETE', url, undefined, token);
    return [
      {
        route: 'PUT /users/me',
        send: (token) => call(world, 'PUT', ROUTES.usersMe, { name: { first_name: 'Mallory' } }, token),
      },
      {
        route: 'PUT /webauthn/update/:id',
        send: (token) => call(world, 'PUT', ROUTES.webauthn.update(who.passkeyId!), { name: 'Evil' }, token),
      },
      {
        route: 'POST /magic_links/email/send/secondary',
        send: post(ROUTES.magicLinksEmailSendSecondary, { email: 'mallory@example.com' }),
      },
      {
        route: 'POST /otps/sms/send/secondary',
        send: post(ROUTES.otps.sendSecondary('sms'), { phone_number: '+14155550166' }),
      },
      {
        route: 'POST /otps/whatsapp/send/secondary',
        send: post(ROUTES.otps.sendSecondary('whatsapp'), { phone_number: '+14155550167' }),
      },
      {
        route: 'POST /otps/email/send/secondary',
        send: post(ROUTES.otps.sendSecondary('email'), { email: 'mallory.otp@example.com' }),
      },
      {
        route: 'POST /crypto_wallets/authenticate/start/secondary',
        send: post(ROUTES.cryptoWallets.authenticateStartSecondary, {
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
        }),
      },
      {
        route: 'POST /crypto_wallets/authenticate',
        send: (token) => walletAuthenticate(world.t, wallet, walletSignature, { sessionToken: token }),
      },
      { route: 'POST /oauth/authenticate', send: (token) => redeemOAuth(world, oauthToken, token) },
      {
        route: 'POST /webauthn/register/start',
        send: post(ROUTES.webauthn.registerStart, { domain: DOMAIN }),
      },
      {
        route: 'POST /webauthn/register',
        send: post(ROUTES.webauthn.register, {
          public_key_credential: JSON.stringify(newPasskey),
          session_duration_minutes: 240,
        }),
      },
      {
        route: 'GET /sessions/list',
        send: (token) => call(world, 'GET', ROUTES.sessionsList, undefined, token),
      },
      {
        route: 'POST /totps',
        send: post(ROUTES.totps.create, {}),
        // A user keeps one authenticator app (totps/service.ts): stepped up, the refusal is that one.
        allowed: { status: 409, errorType: 'active_totp_exists' },
      },
      // Before the password change, which ends the user's other sessions.
      {
        route: 'POST /sessions/revoke_one',
        send: post(ROUTES.sessionsRevokeOne, { session_id: spare.session.session_id }),
      },
      {
        route: 'POST /passwords/session/reset',
        send: post(ROUTES.passwords.sessionReset, { password: STRONG_2 }),
      },
      { route: 'POST /sessions/revoke_others', send: post(ROUTES.sessionsRevokeOthers, undefined) },
      { route: 'DELETE /users/oauth/:id', send: remove(ROUTES.userOAuth(who.oauthId!)) },
      { route: 'DELETE /users/crypto_wallets/:id', send: remove(ROUTES.userCryptoWallet(who.walletId!)) },
      {
        route: 'DELETE /users/webauthn_registrations/:id',
        send: remove(ROUTES.userWebAuthnRegistration(who.passkeyId!)),
      },
      { route: 'DELETE /users/phone_numbers/:id', send: remove(ROUTES.userPhoneNumber(who.phoneId!)) },
      { route: 'DELETE /users/emails/:id', send: remove(ROUTES.userEmail(who.emailId)) },
      {
        route: 'DELETE /users/biometric_registrations/:id',
        send: remove(ROUTES.userBiometricRegistration('biometric-registration-test-0')),
        // Mobile-only: no user has one here, so once the session may write, the answer is the 404.
        allowed: { status: 404, errorType: 'biometric_registration_not_found' },
      },
      { route: 'DELETE /users/totps/:id', send: remove(ROUTES.userTotp(who.totpId!)) },
    ];
  }

  /** Runs the writes in order on one session (following its token as writes rotate it); each write's outcome. */
  async function walk(writes: Write[], sessionToken: string): Promise<Record<string, string>> {
    let token = sessionToken;
    const outcomes: Record<string, string> = {};
    for (const write of writes) {
      const response = await write.send(token);
      outcomes[write.route] = outcome(response);
      const rotated = response.statusCode === 200 ? (response.json().data as Partial<SessionAnswer>) : {};
      if (rotated.session_token !== undefined) token = rotated.session_token;
    }
    return outcomes;
  }

  const expectedWhenAllowed = (writes: Write[]) =>
    Object.fromEntries(
      writes.map((write) => [
        write.route,
        write.allowed ? `${write.allowed.status} ${write.allowed.errorType}` : '200',
      ]),
    );

  it('every session route of the app has a row in SESSION_ROUTE_RULES, and every row is a route', () => {
    const sessionRoutes = world.t.app.gatehouseRoutes
      .filter((route) => route.config.session === 'required' || route.config.session === 'optional')
      .map((route) => `${route.method} ${route.url.slice(SDK_API_PREFIX.length)}`)
      .sort();
    expect(sessionRoutes).toEqual(Object.keys(SESSION_ROUTE_RULES).sort());
  });

  it('SS-08: every credential write with a first-factor session in a require_second_factor project is refused', async () => {
    await setProjectSettings(world, { require_second_factor: true });
    const who = await fullAda();
    const writes = await writesOf(who);
    // The walk covers exactly the rows that ask for the second factor.
    expect(writes.map((write) => write.route).sort()).toEqual(
      Object.entries(SESSION_ROUTE_RULES)
        .filter(([, rule]) => rule.secondFactor !== 'never')
        .map(([route]) => route)
        .sort(),
    );

    const firstFactor = await signInByLink(world, 'ada@example.com');
    expect(firstFactor.session.authentication_factors.map((factor) => factor.type)).toEqual(['magic_link']);
    const before = await stateOf(world, who.userId);

    // The 'always' rows are refused before the body is read: an empty body gets the same answer.
    for (const route of Object.keys(SESSION_ROUTE_RULES)) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      if (sessionRouteRule(method, path)?.secondFactor !== 'always') continue;
      const url = path.replace(':id', 'some-id');
      const answer = outcome(
        await call(world, method, url, method === 'GET' ? undefined : {}, firstFactor.session_token),
      );
      expect([route, answer]).toEqual([route, '403 second_factor_required']);
    }
    // HEAD runs the GET route's handler: the session list is refused there too.
    const head = await world.t.app.inject({
      method: 'HEAD',
      url: `${SDK_API_PREFIX}${ROUTES.sessionsList}`,
      headers: { authorization: basicAuth(world.t.publicToken, firstFactor.session_token) },
    });
    expect(head.statusCode).toBe(403);
    const outcomes = await walk(writes, firstFactor.session_token);
    expect(outcomes).toEqual(
      Object.fromEntries(writes.map((write) => [write.route, '403 second_factor_required'])),
    );
    // Nothing changed: the user, their rows, pending challenges and tokens, the sessions, the messages sent.
    expect(await stateOf(world, who.userId)).toEqual(before);

    // Reads and the step-up calls stay open to the first-factor session.
    for (const [method, url] of [
      ['GET', ROUTES.usersMe],
      ['POST', ROUTES.sessionsAuthenticate],
      ['POST', ROUTES.totps.recoveryCodes],
    ] as const) {
      expect([
        url,
        outcome(await call(world, method, url, method === 'GET' ? undefined : {}, firstFactor.session_token)),
      ]).toEqual([url, '200']);
    }
  });

  it('SS-08: the same writes after step-up (a TOTP code) succeed', async () => {
    await setProjectSettings(world, { require_second_factor: true });
    const who = await fullAda();
    const writes = await writesOf(who);
    const firstFactor = await signInByLink(world, 'ada@example.com');
    const refused = await walk(writes, firstFactor.session_token);
    expect(Object.values(refused).every((answer) => answer === '403 second_factor_required')).toBe(true);

    const stepped = await stepUp(world, who.totpSecret!, firstFactor.session_token);
    expect(await walk(writes, stepped)).toEqual(expectedWhenAllowed(writes));
  });

  it('SS-08: without require_second_factor, a first-factor session makes the same writes', async () => {
    const who = await fullAda();
    const writes = await writesOf(who);
    const firstFactor = await signInByLink(world, 'ada@example.com');
    expect(await walk(writes, firstFactor.session_token)).toEqual(expectedWhenAllowed(writes));
  });
});
