// Issue 20 item 3, security-tests.md SS-08 / SS-05 (and TK-10, WA-08 "stale sessions need re-authentication"),
// whatever the project's second-factor setting: changing the password by session, removing a passkey or the
// authenticator app, and removing the last verified e-mail address or phone number need a sign-in within the project's
// reauthentication window — at its edges on a fake clock, with the default window and a project's own. A secondary
// sign-in with a credential the user already held makes the session recent again; a factor that proves what the call
// attaches (a new wallet, a passkey being registered, an authenticator app being confirmed, a social account its own
// callback just linked) does not. Every database kind.
import { ROUTES } from '@gatehouse/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { dataOf } from '../../test-support/answers';
import { testDatabaseKinds } from '../../test-support/database';
import {
  challengeFor,
  ethereumWallet,
  signInWith,
  authenticate as walletAuthenticate,
} from '../crypto-wallets/test-helpers';
import { codeIn } from '../otps/test-helpers';
import { STRONG, STRONG_2 } from '../passwords/test-helpers';
import { SoftwareAuthenticator } from '../webauthn/test-authenticator';
import {
  DOMAIN,
  ORIGIN,
  authenticate as passkeyAuthenticate,
  registered,
  startRegistration,
} from '../webauthn/test-helpers';
import {
  ADA,
  type Ada,
  type AdaOptions,
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
  type World,
} from './step-up-fixtures';
import { signIn } from './test-fixtures';

/** Ada's wallet: the same key signs when it is attached and when she signs in with it again. */
const ADA_WALLET = ethereumWallet();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

function outcome(response: LightMyRequestResponse): string {
  if (response.statusCode === 200) return '200';
  return `${response.statusCode} ${(response.json() as { error_type?: string }).error_type}`;
}

const REFUSED = '403 reauthentication_required';

/** it.each rows named by their first element (vitest quotes and cuts an object's $name). */
function named<T extends { name: string }>(rows: T[]): (readonly [string, T])[] {
  return rows.map((row) => [row.name, row] as const);
}

/**
 * A write that needs a recent sign-in: what Ada holds for it, what to do first (at the window's edge, on the stale
 * session), the call.
 */
interface RecentWrite {
  name: string;
  ada: AdaOptions;
  prepare?(world: World, who: Ada, sessionToken: string): Promise<Record<string, string> | undefined>;
  send(
    world: World,
    who: Ada,
    sessionToken: string,
    prepared: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

const sendTo = (url: string, body: Record<string, string>) => (world: World, _who: Ada, token: string) =>
  call(world, 'POST', url, body, token);

const RECENT_WRITES: RecentWrite[] = [
  {
    name: 'SS-08/TK-10: POST /passwords/session/reset',
    ada: {},
    send: (world, _who, token) =>
      call(world, 'POST', ROUTES.passwords.sessionReset, { password: STRONG_2 }, token),
  },
  {
    name: 'SS-08/WA-08: DELETE /users/webauthn_registrations/:id',
    ada: { passkey: true },
    send: (world, who, token) =>
      call(world, 'DELETE', ROUTES.userWebAuthnRegistration(who.passkeyId!), undefined, token),
  },
  {
    name: 'SS-08: DELETE /users/totps/:id',
    ada: { totp: true },
    send: (world, who, token) => call(world, 'DELETE', ROUTES.userTotp(who.totpId!), undefined, token),
  },
  {
    name: 'SS-08: DELETE /users/emails/:id of the last verified identifier',
    ada: { passkey: true },
    send: (world, who, token) => call(world, 'DELETE', ROUTES.userEmail(who.emailId), undefined, token),
  },
  {
    name: 'SS-08: DELETE /users/phone_numbers/:id of the last verified identifier',
    ada: { passkey: true, phone: true },
    // While the phone number remains, removing the e-mail address needs no recent sign-in; then the number is last.
    prepare: async (world, who, token) => {
      expect(outcome(await call(world, 'DELETE', ROUTES.userEmail(who.emailId), undefined, token))).toBe(
        '200',
      );
      return undefined;
    },
    send: (world, who, token) =>
      call(world, 'DELETE', ROUTES.userPhoneNumber(who.phoneId!), undefined, token),
  },
  // SS-05: adding a way to sign in, or an authenticator app (features/sessions/step-up.ts).
  {
    name: 'SS-05: POST /webauthn/register/start',
    ada: {},
    send: sendTo(ROUTES.webauthn.registerStart, { domain: DOMAIN }),
  },
  {
    name: 'SS-05: POST /webauthn/register',
    ada: {},
    // A ceremony started by a fresh sign-in of Ada's: a registration challenge is the user's, not the session's.
    prepare: async (world) => {
      const fresh = await signIn(world.t.ctx, world.t.project, ADA);
      const creation = await startRegistration(world.t, fresh.session_token);
      return { credential: JSON.stringify(new SoftwareAuthenticator().create(creation, ORIGIN).response) };
    },
    send: (world, _who, token, prepared) =>
      call(world, 'POST', ROUTES.webauthn.register, { public_key_credential: prepared.credential }, token),
  },
  { name: 'SS-05: POST /totps', ada: {}, send: sendTo(ROUTES.totps.create, {}) },
  {
    name: 'SS-05: POST /crypto_wallets/authenticate attaching a new wallet',
    ada: {},
    prepare: async (world) => {
      const wallet = ethereumWallet();
      return { address: wallet.address, signature: await wallet.sign(await challengeFor(world.t, wallet)) };
    },
    send: (world, _who, token, { address, signature }) =>
      walletAuthenticate(world.t, { type: 'ethereum', address: address! }, signature!, {
        sessionToken: token,
      }),
  },
  {
    name: 'SS-05: POST /magic_links/email/send/secondary to a new address',
    ada: {},
    send: sendTo(ROUTES.magicLinksEmailSendSecondary, { email: 'ada.work@example.com' }),
  },
  {
    name: 'SS-05: POST /otps/sms/send/secondary to a new number',
    ada: {},
    send: sendTo(ROUTES.otps.sendSecondary('sms'), { phone_number: '+14155550177' }),
  },
  {
    name: 'SS-05: POST /otps/whatsapp/send/secondary to a new number',
    ada: {},
    send: sendTo(ROUTES.otps.sendSecondary('whatsapp'), { phone_number: '+14155550178' }),
  },
  {
    name: 'SS-05: POST /otps/email/send/secondary to a new address',
    ada: {},
    send: sendTo(ROUTES.otps.sendSecondary('email'), { email: 'ada.otp@example.com' }),
  },
];

describe.each(testDatabaseKinds())('SS-08 recent sign-in on %s', (kind) => {
  const world = useWorld(kind);
  const { clock } = world;

  describe.each([
    { window: 10, label: 'the default 10 minutes' },
    { window: 3, label: 'a project window of 3 minutes' },
  ])('with $label', ({ window }) => {
    beforeEach(async () => {
      if (window !== 10) await setProjectSettings(world, { reauthentication_window_minutes: window });
    });

    it.each(named(RECENT_WRITES))(
      '%s: window − 1 s allowed; at the window and + 1 s refused, nothing changed',
      async (_name, write) => {
        const who = await adaWith(world, write.ada);
        const signedInAt = clock.now().getTime();
        const { session_token: token } = await signInByLink(world, ADA);
        const edge = signedInAt + window * MINUTE;

        clock.set(new Date(edge));
        const prepared = (await write.prepare?.(world, who, token)) ?? {};
        const before = await stateOf(world, who.userId);
        expect(outcome(await write.send(world, who, token, prepared))).toBe(REFUSED);
        clock.set(new Date(edge + SECOND));
        expect(outcome(await write.send(world, who, token, prepared))).toBe(REFUSED);
        expect(await stateOf(world, who.userId)).toEqual(before);

        clock.set(new Date(edge - SECOND));
        expect(outcome(await write.send(world, who, token, prepared))).toBe('200');
      },
    );
  });

  /** Ada's session from a login link, gone stale (the window passed); the password change it is refused. */
  async function staleSession(): Promise<string> {
    const { session_token } = await signInByLink(world, ADA);
    clock.advance(10 * MINUTE + SECOND);
    expect(outcome(await changePassword(session_token))).toBe(REFUSED);
    return session_token;
  }

  function changePassword(token: string) {
    return call(world, 'POST', ROUTES.passwords.sessionReset, { password: STRONG_2 }, token);
  }

  const newToken = (response: LightMyRequestResponse) => dataOf<SessionAnswer>(response).session_token;

  it.each(
    named<{ name: string; ada: AdaOptions; signIn(who: Ada, token: string): Promise<string> }>([
      {
        name: 'the password',
        ada: { password: true },
        signIn: async (_who, token) =>
          newToken(
            await call(
              world,
              'POST',
              ROUTES.passwords.authenticate,
              { email: ADA, password: STRONG, session_duration_minutes: 60 },
              token,
            ),
          ),
      },
      {
        name: 'a passkey (secondary)',
        ada: { passkey: true },
        signIn: async (who, token) =>
          newToken(
            await passkeyAuthenticate(world.t, who.authenticator, { mode: 'secondary', sessionToken: token }),
          ),
      },
      {
        name: 'a TOTP code',
        ada: { totp: true },
        signIn: (who, token) => stepUp(world, who.totpSecret!, token),
      },
      {
        name: 'an e-mail passcode to the address the user holds',
        ada: {},
        signIn: async (_who, token) => {
          const sent = dataOf<{ method_id: string }>(
            await call(world, 'POST', ROUTES.otps.sendSecondary('email'), { email: ADA }, token),
          );
          return newToken(
            await call(
              world,
              'POST',
              ROUTES.otps.authenticate,
              { method_id: sent.method_id, token: codeIn(world.delivery.last()) },
              token,
            ),
          );
        },
      },
      {
        name: 'a wallet the user already held',
        ada: { wallet: ADA_WALLET },
        signIn: async (_who, token) =>
          (await signInWith(world.t, ADA_WALLET, { sessionToken: token })).session_token,
      },
      {
        name: 'a social account linked before',
        ada: { oauth: true },
        signIn: async (_who, token) =>
          newToken(
            await redeemOAuth(
              world,
              await oauthCallback(world, { subject: 'google-sub-ada', email: ADA }),
              token,
            ),
          ),
      },
    ]),
  )('SS-05: a stale session signs in again with %s and is recent again', async (_name, { ada, signIn }) => {
    const who = await adaWith(world, ada);
    const stale = await staleSession();
    const fresh = await signIn(who, stale);
    expect(outcome(await changePassword(fresh))).toBe('200');
  });

  it.each(
    named<{ name: string; ada: AdaOptions; attach(who: Ada, token: string): Promise<string> }>([
      {
        name: 'a new wallet',
        ada: {},
        attach: async (_who, token) =>
          (await signInWith(world.t, ethereumWallet(), { sessionToken: token })).session_token,
      },
      {
        name: 'a passkey it registers',
        ada: {},
        attach: async (who, token) =>
          (await registered(world.t, who.authenticator, { userId: who.userId, sessionToken: token }))
            .sessionToken,
      },
      {
        name: 'the code that confirms an authenticator app it enrols',
        ada: {},
        attach: async (_who, token) => {
          const created = dataOf<{ secret: string }>(
            await call(world, 'POST', ROUTES.totps.create, {}, token),
          );
          return stepUp(world, created.secret, token);
        },
      },
      {
        name: 'a social account its own callback just linked',
        ada: {},
        attach: async (_who, token) =>
          newToken(
            await redeemOAuth(
              world,
              await oauthCallback(world, { subject: 'google-sub-new', email: ADA }),
              token,
            ),
          ),
      },
    ]),
  )('SS-05: proving %s does not make the session recent', async (_name, { ada, attach }) => {
    const who = await adaWith(world, ada);
    const signedInAt = clock.now().getTime();
    const { session_token } = await signInByLink(world, ADA);
    clock.set(new Date(signedInAt + 10 * MINUTE - SECOND));
    const after = await attach(who, session_token);
    clock.set(new Date(signedInAt + 10 * MINUTE));
    expect(outcome(await changePassword(after))).toBe(REFUSED);
  });
});
