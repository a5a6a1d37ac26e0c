// Test-only fixtures of the step-up and recent sign-in tests (step-up.security.test.ts,
// recent-authentication.security.test.ts): SDK-shaped calls, sign-ins through the routes, a user holding one of each
// credential, project settings, and a snapshot of everything a refused write must leave alone.
import { ROUTES } from '@gatehouse/protocol';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { OutgoingMessage } from '../../infra/context';
import {
  cryptoWalletChallenges,
  cryptoWallets,
  magicLinkTokens,
  oauthRegistrations,
  oauthTokens,
  otpCodes,
  type ProjectSettings,
  passwords,
  projects,
  sessions,
  totps,
  userEmails,
  userPhoneNumbers,
  webauthnChallenges,
  webauthnRegistrations,
} from '../../infra/db/schema';
import { dataOf } from '../../test-support/answers';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import type { DatabaseKind } from '../../test-support/database';
import { signInWith, type TestWallet } from '../crypto-wallets/test-helpers';
import { linkIn, pkcePair, recordingDelivery } from '../magic-links/test-helpers';
import { completeProviderLogin } from '../oauth';
import { codeIn } from '../otps/test-helpers';
import { CHEAP_ARGON2, nextLinkMessage, STRONG } from '../passwords/test-helpers';
import { codeAt } from '../totps/totp-code';
import { loadUser } from '../users';
import {
  SoftwareAuthenticator as Authenticator,
  type SoftwareAuthenticator,
} from '../webauthn/test-authenticator';
import { registered } from '../webauthn/test-helpers';
import { createTestClock, fakeSignInRequest, type TestClock } from './test-fixtures';

export const TOTP_STEP_MS = 30_000;
export const ADA = 'ada@example.com';
export const ADA_PHONE = '+14155550101';
export const OAUTH_VERIFIER = pkcePair(7).verifier;

export interface RecordingDelivery {
  messages: OutgoingMessage[];
  last(): OutgoingMessage;
}

/** What the step-up tests share: the app, its clock and what it delivered. */
export interface World {
  t: TestApp;
  clock: TestClock;
  delivery: RecordingDelivery;
}

/**
 * One app per test file (its database kind), reset before each test with the clock 15 s into a TOTP step (so ±1 step
 * stays inside the window whichever way the clock is read). Registers the hooks; the world's `t` exists from
 * beforeAll on.
 */
export function useWorld(kind: DatabaseKind): World {
  const clock = createTestClock();
  const delivery = recordingDelivery();
  const world = { clock, delivery } as unknown as World;
  beforeAll(async () => {
    // Step-up and recency are tested, not password hashing: cheap argon2id keeps the many sign-ins quick.
    world.t = await createTestApp({ kind, clock, delivery, argon2: CHEAP_ARGON2 });
  });
  afterAll(async () => {
    await world.t?.close();
  });
  beforeEach(async () => {
    await world.t.reset();
    delivery.messages.length = 0;
    clock.set('2030-01-01T00:00:15.000Z');
  });
  return world;
}

export interface SessionAnswer {
  user_id: string;
  session_token: string;
  session: { session_id: string; authentication_factors: { type: string }[] };
}

export function call(
  world: World,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  sessionToken: string | null,
): Promise<LightMyRequestResponse> {
  return sdkRequest(world.t.app, {
    method,
    url,
    publicToken: world.t.publicToken,
    ...(body === undefined ? {} : { body }),
    ...(sessionToken === null ? {} : { sessionToken }),
  });
}

/** Merges `patch` into the test project's settings (the app's project cache is cleared). */
export async function setProjectSettings(world: World, patch: Partial<ProjectSettings>): Promise<void> {
  const { t } = world;
  const [row] = await t.ctx.db
    .select({ settings: projects.settings })
    .from(projects)
    .where(eq(projects.id, t.project.id));
  await t.ctx.db
    .update(projects)
    .set({ settings: { ...(row?.settings ?? t.project.settings), ...patch } })
    .where(eq(projects.id, t.project.id));
  t.ctx.projects.clear();
}

/** A login link sent (login_or_create) and redeemed, with the session token when given (a secondary sign-in). */
export async function signInByLink(
  world: World,
  email: string,
  sessionToken: string | null = null,
): Promise<SessionAnswer> {
  const before = world.delivery.messages.length;
  dataOf(await call(world, 'POST', ROUTES.magicLinksEmailLoginOrCreate, { email }, null));
  // Not the last message: a notice of an earlier step (a passkey added, say) may still be on its way after it.
  const message = await nextLinkMessage(world.delivery.messages, before);
  return dataOf<SessionAnswer>(
    await call(
      world,
      'POST',
      ROUTES.magicLinksAuthenticate,
      { token: linkIn(message).token, session_duration_minutes: 240 },
      sessionToken,
    ),
  );
}

/** A passcode sent by a secondary send and redeemed by the same session (the destination becomes the user's). */
export async function provePhone(world: World, phone: string, sessionToken: string): Promise<SessionAnswer> {
  const sent = dataOf<{ method_id: string }>(
    await call(world, 'POST', ROUTES.otps.sendSecondary('sms'), { phone_number: phone }, sessionToken),
  );
  return dataOf<SessionAnswer>(
    await call(
      world,
      'POST',
      ROUTES.otps.authenticate,
      { method_id: sent.method_id, token: codeIn(world.delivery.last()), session_duration_minutes: 240 },
      sessionToken,
    ),
  );
}

/** A TOTP code of `secret` now; the clock then moves to the next step, so the next code is a new one. */
export function totpCode(world: World, secret: string): string {
  const code = codeAt(secret, world.clock.now().getTime());
  world.clock.advance(TOTP_STEP_MS);
  return code;
}

/** POST /totps/authenticate with the current code: the session's step-up (its new token). */
export async function stepUp(world: World, secret: string, sessionToken: string): Promise<string> {
  const answer = dataOf<SessionAnswer>(
    await call(
      world,
      'POST',
      ROUTES.totps.authenticate,
      { totp_code: totpCode(world, secret), session_duration_minutes: 240 },
      sessionToken,
    ),
  );
  return answer.session_token;
}

/**
 * The OAuth callback's end for a Google identity vouching for `email` (login.ts completeProviderLogin: links it to the
 * address's owner, or creates a user) and the single-use token of its redirect.
 */
export async function oauthCallback(
  world: World,
  options: { subject: string; email: string },
): Promise<string> {
  const { t } = world;
  const { redirectUrl } = await completeProviderLogin(
    t.ctx,
    await fakeSignInRequest(t.ctx, { project: t.project }),
    {
      projectId: t.project.id,
      provider: 'google',
      profile: {
        subject: options.subject,
        email: options.email,
        emailVerified: true,
        name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
        pictureUrl: '',
        locale: 'en',
      },
      tokens: { access_token: 'access', id_token: '', refresh_token: '', scopes: [] },
      loginRedirectUrl: null,
      signupRedirectUrl: null,
      codeChallenge: pkcePair(7).challenge,
    },
  );
  const token = new URL(redirectUrl).searchParams.get('token');
  if (token === null) throw new Error(`no token in ${redirectUrl}`);
  return token;
}

export function redeemOAuth(world: World, token: string, sessionToken: string | null) {
  return call(
    world,
    'POST',
    ROUTES.oauth.authenticate,
    { token, code_verifier: OAUTH_VERIFIER, session_duration_minutes: 240 },
    sessionToken,
  );
}

export interface AdaOptions {
  phone?: boolean;
  passkey?: boolean;
  password?: boolean;
  wallet?: TestWallet;
  oauth?: boolean;
  totp?: boolean;
}

/** Ada, signed in by login link, holding what `options` asks for; `sessionToken` is that (now stepped-up) session. */
export interface Ada {
  userId: string;
  emailId: string;
  sessionToken: string;
  authenticator: SoftwareAuthenticator;
  phoneId: string | null;
  passkeyId: string | null;
  walletId: string | null;
  oauthId: string | null;
  totpId: string | null;
  totpSecret: string | null;
}

export async function ada(world: World, options: AdaOptions): Promise<Ada> {
  const { t } = world;
  const first = await signInByLink(world, ADA);
  let sessionToken = first.session_token;
  const authenticator = new Authenticator();
  let phoneId: string | null = null;
  if (options.phone) {
    const answer = await provePhone(world, ADA_PHONE, sessionToken);
    sessionToken = answer.session_token;
    phoneId = (await loadUser(t.ctx, first.user_id))?.phone_numbers[0]?.phone_id ?? null;
  }
  let passkeyId: string | null = null;
  if (options.passkey) {
    const done = await registered(t, authenticator, { userId: first.user_id, sessionToken });
    sessionToken = done.sessionToken;
    passkeyId = done.registrationId;
  }
  if (options.password) {
    sessionToken = dataOf<SessionAnswer>(
      await call(world, 'POST', ROUTES.passwords.sessionReset, { password: STRONG }, sessionToken),
    ).session_token;
  }
  let walletId: string | null = null;
  if (options.wallet) {
    const answer = await signInWith(t, options.wallet, { sessionToken });
    sessionToken = answer.session_token;
    walletId = answer.user.crypto_wallets[0]?.crypto_wallet_id ?? null;
  }
  let oauthId: string | null = null;
  if (options.oauth) {
    await oauthCallback(world, { subject: 'google-sub-ada', email: ADA });
    const [row] = await t.ctx.db
      .select({ id: oauthRegistrations.id })
      .from(oauthRegistrations)
      .where(eq(oauthRegistrations.userId, first.user_id));
    oauthId = row?.id ?? null;
  }
  let totpId: string | null = null;
  let totpSecret: string | null = null;
  if (options.totp) {
    const created = dataOf<{ totp_id: string; secret: string }>(
      await call(world, 'POST', ROUTES.totps.create, { expiration_minutes: 60 }, sessionToken),
    );
    sessionToken = await stepUp(world, created.secret, sessionToken);
    totpId = created.totp_id;
    totpSecret = created.secret;
  }
  const user = await loadUser(t.ctx, first.user_id);
  return {
    userId: first.user_id,
    emailId: user?.emails[0]?.email_id ?? '',
    sessionToken,
    authenticator,
    phoneId,
    passkeyId,
    walletId,
    oauthId,
    totpId,
    totpSecret,
  };
}

/** Everything a refused write must leave as it was: the user, their rows, pending tokens and sent messages. */
export async function stateOf(world: World, userId: string) {
  const { db } = world.t.ctx;
  const tables = {
    passwords,
    webauthnRegistrations,
    webauthnChallenges,
    totps,
    userEmails,
    userPhoneNumbers,
    cryptoWallets,
    cryptoWalletChallenges,
    oauthRegistrations,
    magicLinkTokens,
    otpCodes,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = Number(row?.n ?? 0);
  }
  const [password] = await db
    .select({ hash: passwords.hash })
    .from(passwords)
    .where(eq(passwords.userId, userId));
  const sessionRows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      factors: sessions.authenticationFactors,
      authenticatedAt: sessions.authenticatedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .orderBy(sessions.id);
  const oauthTokenRows = await db
    .select({ id: oauthTokens.id, usedAt: oauthTokens.usedAt })
    .from(oauthTokens)
    .orderBy(oauthTokens.id);
  return {
    user: await loadUser(world.t.ctx, userId),
    counts,
    passwordHash: password?.hash ?? null,
    sessions: sessionRows,
    oauthTokens: oauthTokenRows,
    messages: world.delivery.messages.length,
  };
}
