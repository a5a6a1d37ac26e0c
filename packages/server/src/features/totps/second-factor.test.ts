// Issue 13 item 1: a project with `require_second_factor` (project file setting). A first-factor sign-in (a login
// link, through the routes) of a user with a verified authenticator app gives a session whose factors lack `totp`;
// /totps/authenticate (or /totps/recover) adds it to the same session. Until then the session may read itself and
// step up, but cannot remove credentials (second_factor_required); without the setting nothing changes. Every
// database kind.
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseProjectFile } from '../../infra/config';
import { projects } from '../../infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { configError } from '../../test-support/config-error';
import { testDatabaseKinds } from '../../test-support/database';
import { linkIn, recordingDelivery } from '../magic-links/test-helpers';
import { createTestClock } from '../sessions/test-fixtures';
import { call, dataOf, expectError, signedInUser } from '../webauthn/test-helpers';
import { TOTP_ROUTES } from './routes';
import { codeAt } from './totp-code';

const STEP_MS = 30_000;

interface Factor {
  type: string;
  delivery_method: string;
}
interface SessionAnswer {
  session_token: string;
  session: { session_id: string; authentication_factors: Factor[] };
}

describe('settings.require_second_factor (project file)', () => {
  const project = (settings: Record<string, unknown>) => [{ name: 'Two factors', settings }];
  it('takes true or false and is optional', () => {
    expect(parseProjectFile(project({ require_second_factor: true }))[0]?.settings).toEqual({
      require_second_factor: true,
    });
    expect(parseProjectFile(project({ require_second_factor: false }))[0]?.settings).toEqual({
      require_second_factor: false,
    });
    expect(parseProjectFile(project({}))[0]?.settings).toEqual({});
  });
  it.each(['yes', 1, null])('refuses %j, naming the key', (value) => {
    const error = configError(() => parseProjectFile(project({ require_second_factor: value })));
    expect(error.key).toMatch(/require_second_factor/);
  });
});

describe.each(testDatabaseKinds())('a required second factor on %s', (kind) => {
  const clock = createTestClock();
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, delivery });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
    clock.set('2030-01-01T00:00:15.000Z');
  });

  async function requireSecondFactor(on: boolean) {
    await t.ctx.db
      .update(projects)
      .set({ settings: { ...t.project.settings, require_second_factor: on } })
      .where(eq(projects.id, t.project.id));
    t.ctx.projects.clear();
  }

  /** Ada with a confirmed authenticator app; returns its secret and recovery codes. */
  async function enrolledAda() {
    const ada = await signedInUser(t, 'ada@example.com');
    const created = dataOf<{ secret: string; recovery_codes: string[]; totp_id: string }>(
      await call(t, 'POST', TOTP_ROUTES.create, { expiration_minutes: 60 }, ada.sessionToken),
    );
    dataOf(
      await call(
        t,
        'POST',
        TOTP_ROUTES.authenticate,
        { totp_code: codeAt(created.secret, clock.now().getTime()), session_duration_minutes: 60 },
        ada.sessionToken,
      ),
    );
    clock.advance(STEP_MS);
    return { ...created, userId: ada.userId };
  }

  /** A first-factor sign-in through the routes: a login link sent and redeemed. */
  async function signInByLink(email: string): Promise<SessionAnswer> {
    dataOf(await call(t, 'POST', ROUTES.magicLinksEmailLoginOrCreate, { email }));
    return dataOf<SessionAnswer>(
      await call(t, 'POST', ROUTES.magicLinksAuthenticate, {
        token: linkIn(delivery.last()).token,
        session_duration_minutes: 30,
      }),
    );
  }

  const types = (answer: SessionAnswer) => answer.session.authentication_factors.map((f) => f.type).sort();

  it('bootstrap says so', async () => {
    await requireSecondFactor(true);
    const response = await sdkRequest(t.app, {
      method: 'GET',
      url: ROUTES.bootstrap(t.publicToken),
      publicToken: t.publicToken,
    });
    expect(response.json().data.require_second_factor).toBe(true);
  });

  it('a first-factor session lacks the totp factor and gets it, on the same session, after /totps/authenticate', async () => {
    await requireSecondFactor(true);
    const { secret } = await enrolledAda();
    const first = await signInByLink('ada@example.com');
    expect(types(first)).toEqual(['magic_link']);

    // The session is valid: the app can read it (and its factors) and step it up.
    const refreshed = dataOf<SessionAnswer>(
      await call(
        t,
        'POST',
        ROUTES.sessionsAuthenticate,
        { session_duration_minutes: 30 },
        first.session_token,
      ),
    );
    expect(types(refreshed)).toEqual(['magic_link']);

    const stepped = dataOf<SessionAnswer>(
      await call(
        t,
        'POST',
        TOTP_ROUTES.authenticate,
        { totp_code: codeAt(secret, clock.now().getTime()), session_duration_minutes: 30 },
        first.session_token,
      ),
    );
    expect(stepped.session.session_id).toBe(first.session.session_id);
    expect(types(stepped)).toEqual(['magic_link', 'totp']);
    expect(stepped.session.authentication_factors.find((f) => f.type === 'totp')?.delivery_method).toBe(
      'authenticator_app',
    );
  });

  it('a recovery code steps the session up too (recovery_code factor)', async () => {
    await requireSecondFactor(true);
    const { recovery_codes } = await enrolledAda();
    const first = await signInByLink('ada@example.com');
    const stepped = dataOf<SessionAnswer>(
      await call(
        t,
        'POST',
        TOTP_ROUTES.recover,
        { recovery_code: recovery_codes[0], session_duration_minutes: 30 },
        first.session_token,
      ),
    );
    expect(types(stepped)).toEqual(['magic_link', 'recovery_code']);
  });

  it('refuses to remove a credential (the authenticator app itself) until the session is stepped up', async () => {
    await requireSecondFactor(true);
    const { secret, totp_id } = await enrolledAda();
    const first = await signInByLink('ada@example.com');
    const remove = (sessionToken: string) =>
      call(t, 'DELETE', ROUTES.userTotp(totp_id), undefined, sessionToken);

    expectError(await remove(first.session_token), 403, 'second_factor_required');
    // GET /users/me still answers: the app needs the user (its totps) to decide.
    const me = await sdkRequest(t.app, {
      method: 'GET',
      url: ROUTES.usersMe,
      publicToken: t.publicToken,
      sessionToken: first.session_token,
    });
    expect(me.statusCode).toBe(200);

    // Stepping up keeps the session and rotates its token (as every sign-in into an existing session does).
    const stepped = dataOf<SessionAnswer>(
      await call(
        t,
        'POST',
        TOTP_ROUTES.authenticate,
        { totp_code: codeAt(secret, clock.now().getTime()), session_duration_minutes: 30 },
        first.session_token,
      ),
    );
    const after = await remove(stepped.session_token);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('changes nothing when the setting is off, or for a user without an authenticator app', async () => {
    await requireSecondFactor(false);
    const { totp_id } = await enrolledAda();
    const first = await signInByLink('ada@example.com');
    expect(types(first)).toEqual(['magic_link']);
    expect(
      (await call(t, 'DELETE', ROUTES.userTotp(totp_id), undefined, first.session_token)).statusCode,
    ).toBe(200);

    await requireSecondFactor(true);
    const bob = await signInByLink('bob@example.com');
    const bobEmail = dataOf<{ emails: { email_id: string }[] }>(
      await sdkRequest(t.app, {
        method: 'GET',
        url: ROUTES.usersMe,
        publicToken: t.publicToken,
        sessionToken: bob.session_token,
      }),
    );
    // Bob has no app: his only e-mail is his last factor, refused for that reason, not for a second factor.
    const removed = await call(
      t,
      'DELETE',
      ROUTES.userEmail(bobEmail.emails[0]!.email_id),
      undefined,
      bob.session_token,
    );
    expect(removed.json().error_type).toBe('last_authentication_factor');
  });
});
